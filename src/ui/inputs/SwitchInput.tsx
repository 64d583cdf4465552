import { memo } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useFormInput } from './useFormInput';

/** `accessibleName` names the switch for assistive technology when several rows share a visible label. */
export const SwitchInput = memo(function SwitchInput({ source, label, disabled, accessibleName }: { source: string; label: string; disabled?: boolean; accessibleName?: string }) {
  const { id, field } = useFormInput(source);
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={<Switch id={id} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref, 'aria-label': accessibleName } as object }} />}
    />
  );
});
