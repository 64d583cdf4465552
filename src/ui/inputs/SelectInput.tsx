import { memo } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useFormInput } from './useFormInput';

export interface Option {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/** A single choice; `numeric` stores the chosen value as a number. */
export const SelectInput = memo(function SelectInput({ source, label, options, disabled, required, numeric, helperText }: { source: string; label: string; options: Option[]; disabled?: boolean; required?: boolean; numeric?: boolean; helperText?: string }) {
  const { id, field, fieldState } = useFormInput(source);
  const error = fieldState.error?.message;
  return (
    <TextField
      select
      id={id}
      label={label}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(numeric && e.target.value !== '' ? Number(e.target.value) : e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required={required}
      size="small"
      error={Boolean(error)}
      helperText={error ?? helperText}
    >
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
});
