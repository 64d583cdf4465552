import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { CUSTOMER_STATUSES } from '../../../domain/customers';

const LABELS: Record<string, string> = { ACTIVE: 'Active', TERMINATED: 'Terminated' };

/** The status checkbox group with Select All; `selected` null means every status. */
export function StatusFacet({ selected, counts, onChange }: { selected: string[] | null; counts: Record<string, number>; onChange(next: string[] | null): void }) {
  const ticked = selected ?? [...CUSTOMER_STATUSES];
  const all = ticked.length === CUSTOMER_STATUSES.length;
  const toggle = (status: string) => {
    const next = ticked.includes(status) ? ticked.filter((s) => s !== status) : [...ticked, status];
    onChange(next.length === CUSTOMER_STATUSES.length ? null : next);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Status
      </Typography>
      <FormGroup>
        <FormControlLabel
          label="Select All"
          control={<Checkbox checked={all} indeterminate={!all && ticked.length > 0} onChange={() => onChange(all ? [] : null)} />}
        />
        {CUSTOMER_STATUSES.map((s) => (
          <FormControlLabel
            key={s}
            label={`${LABELS[s] ?? s} (${counts[s] ?? 0})`}
            control={<Checkbox checked={ticked.includes(s)} onChange={() => toggle(s)} />}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
