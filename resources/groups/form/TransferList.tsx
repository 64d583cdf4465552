import { useId, useMemo, useState } from 'react';
import { Box, Checkbox, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, TextField, Typography } from '@mui/material';
import type { GroupLeaseCompany } from '../../../domain/groups';

/** Lists longer than this get a search box (ours). */
export const SEARCH_FROM = 8;

/**
 * One side of the paybill transfer: a titled list of lease companies, each a checkbox (Space ticks
 * it, Tab moves between them), with a search box when the list is long.
 */
export function TransferSide({ title, items, ticked, onToggle }: { title: string; items: GroupLeaseCompany[]; ticked: ReadonlySet<string>; onToggle(id: string): void }) {
  const titleId = useId();
  const [text, setText] = useState('');
  const shown = useMemo(() => {
    const q = text.trim().toLowerCase();
    return q ? items.filter((c) => c.name.toLowerCase().includes(q) || (c.diCustomerId ?? '').toLowerCase().includes(q)) : items;
  }, [items, text]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 1.5, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {title} ({items.length})
      </Typography>
      {items.length > SEARCH_FROM && <TextField size="small" label={`Search ${title}`} value={text} onChange={(e) => setText(e.target.value)} type="search" />}
      <List dense disablePadding aria-labelledby={titleId} sx={{ height: 280, overflow: 'auto' }}>
        {shown.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {items.length === 0 ? 'No lease companies' : 'No lease company matches'}
          </Typography>
        )}
        {shown.map((c) => {
          const labelId = `${titleId}-${c.id}`;
          return (
            // A list holds only items: each row's button sits in its own <li>.
            <ListItem key={c.id} disablePadding>
              <ListItemButton role={undefined} onClick={() => onToggle(c.id)} dense sx={{ borderRadius: 1 }} tabIndex={-1}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox edge="start" checked={ticked.has(c.id)} disableRipple slotProps={{ input: { 'aria-labelledby': labelId } }} onClick={(e) => e.stopPropagation()} onChange={() => onToggle(c.id)} />
                </ListItemIcon>
                <ListItemText id={labelId} primary={c.name} secondary={c.diCustomerId} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}

/** The two sides and the move buttons between them, in a row (a column on a phone). */
export function TransferLayout({ left, middle, right }: { left: React.ReactNode; middle: React.ReactNode; right: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0,1fr) auto minmax(0,1fr)' } }}>
      {left}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, gap: 1, justifyContent: 'center' }}>{middle}</Box>
      {right}
    </Box>
  );
}
