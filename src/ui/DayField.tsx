import { useId } from 'react';
import { TextField, type SxProps, type Theme } from '@mui/material';

/**
 * A required day (the browser's date input, YYYY-MM-DD) with no day after `max`: the searches by
 * day (Pay Bill, Process Logs). Its error replaces `hint` under it and is announced; typing clears it.
 */
export function DayField({ label, value, max, error, hint = ' ', onChange, sx }: { label: string; value: string; max: string; error: string | null; hint?: string; onChange(day: string): void; sx?: SxProps<Theme> }) {
  const helpId = useId();
  return (
    <TextField
      label={label}
      type="date"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max, 'aria-describedby': helpId }, formHelperText: { id: helpId, role: error ? 'alert' : undefined } }}
      sx={sx}
    />
  );
}
