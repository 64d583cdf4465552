import { memo } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useFormInput } from './useFormInput';

/**
 * A yes / no / unset choice stored as true, false or null (Enforce MFA of customers and groups):
 * a select holds text, so the value is mapped both ways.
 */
export const TriStateInput = memo(function TriStateInput({ source, label, yes, no, unset = 'Not set' }: { source: string; label: string; yes: string; no: string; unset?: string }) {
  const { id, field } = useFormInput(source);
  return (
    <TextField
      select
      id={id}
      label={label}
      size="small"
      value={field.value === null || field.value === undefined ? '' : String(field.value)}
      onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value === 'true')}
      inputRef={field.ref}
    >
      <MenuItem value="">{unset}</MenuItem>
      <MenuItem value="true">{yes}</MenuItem>
      <MenuItem value="false">{no}</MenuItem>
    </TextField>
  );
});
