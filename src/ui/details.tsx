import { visuallyHidden } from './visuallyHidden';
import { memo, useId, type ReactNode } from 'react';
import { Box, Paper, styled, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';

/** An enable state as a tick (spec 1 §2: "Section enable states are shown as ticks"). */
export function Tick({ on, label }: { on: boolean | null | undefined; label?: string }) {
  const text = on ? 'Enabled' : 'Not enabled';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {on ? (
        <CheckCircleIcon fontSize="small" color="success" role="img" aria-label={label ? undefined : text} aria-hidden={label ? true : undefined} />
      ) : (
        <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} role="img" aria-label={label ? undefined : text} aria-hidden={label ? true : undefined} />
      )}
      {label && (
        <Typography component="span" variant="body2" sx={{ color: on ? 'text.primary' : 'text.secondary' }}>
          {label}
          <Box component="span" sx={visuallyHidden}>
            {`: ${text}`}
          </Box>
        </Typography>
      )}
    </Box>
  );
}

/** A block's own switch, spelled out next to its tick. */
function BlockState({ on }: { on: boolean | null | undefined }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: on ? 'success.main' : 'text.secondary', fontSize: '0.85rem', fontWeight: 500 }}>
      <Tick on={on} />
      <span aria-hidden="true">{on ? 'Enabled' : 'Not enabled'}</span>
    </Box>
  );
}

/** A titled block of the details page; `enabled` shows the block's own switch as a tick. */
export const Section = memo(function Section({ title, enabled, children, wide }: { title: string; enabled?: boolean | null; children?: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2.5, gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: children ? 1.5 : 0 }}>
        <Typography id={id} variant="h3" component="h2">
          {title}
        </Typography>
        {enabled !== undefined && <BlockState on={enabled} />}
      </Box>
      {children}
    </Paper>
  );
});

/** Label/value pairs. An empty value reads 'Not set'. */
export function Fields({ items, columns = 2 }: { items: [string, ReactNode][]; columns?: number }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', columnGap: 2, rowGap: 1.25, gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` } }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>Not set</Box> : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A wrap of ticks, one per type tile of a block. */
export function Ticks({ items }: { items: { label: string; on: boolean }[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}>
      {items.map((i) => (
        <li key={i.label}>
          <Tick on={i.on} label={i.label} />
        </li>
      ))}
    </Box>
  );
}

/** A card field's pair, styled once for both (a page of cards shows a hundred of them). */
const Field = styled('div')(({ theme }) => ({
  minWidth: 0,
  '& > dt': { ...theme.typography.caption, margin: 0, color: theme.palette.text.secondary, display: 'block' },
  // A number breaks only when it cannot fit its column at all (a phone), never mid-value otherwise.
  '& > dd': { ...theme.typography.body2, margin: 0, overflowWrap: 'break-word' },
}));

/** A label and its value on a search card (a dt/dd pair inside the card's dl). */
export function CardField({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Field>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </Field>
  );
}
