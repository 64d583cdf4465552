import { memo } from 'react';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import type { Option } from './SelectInput';
import { useFormInput } from './useFormInput';

/** A set of values chosen with checkboxes, as a fieldset whose legend is the label. */
export const CheckboxGroupInput = memo(function CheckboxGroupInput({ source, label, options, disabled }: { source: string; label: string; options: Option[]; disabled?: boolean }) {
  const { id, field, fieldState } = useFormInput(source);
  const value: (string | number)[] = Array.isArray(field.value) ? field.value : [];
  const error = fieldState.error?.message;
  const helpId = `${id}-help`;
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} aria-describedby={error ? helpId : undefined}>
      <FormLabel component="legend" sx={{ fontSize: '0.85rem' }}>
        {label}
      </FormLabel>
      <FormGroup row>
        {options.map((o, i) => (
          <FormControlLabel
            key={String(o.value)}
            label={o.label}
            control={
              <Checkbox
                slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }}
                checked={value.includes(o.value)}
                onChange={(e) => field.onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText id={helpId}>{error}</FormHelperText>}
    </FormControl>
  );
});
