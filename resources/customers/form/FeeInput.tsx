import { memo } from 'react';
import { Box, TextField } from '@mui/material';
import { feeFromInput, type FeeField } from '../../../domain/customers';
import { useFormInput } from '../../../src/ui/inputs';

/** A platform fee: shows the masked text ('1,234.50'), stores {masked, raw, value} (domain fees.ts). */
export const FeeInput = memo(function FeeInput({ source, label, currency, disabled, required }: { source: string; label: string; currency: string; disabled?: boolean; required?: boolean }) {
  const { id, field, fieldState } = useFormInput(source);
  const fee = (field.value ?? { masked: '' }) as FeeField;
  const error = fieldState.error?.message;
  return (
    <TextField
      id={id}
      label={label}
      value={fee.masked}
      onChange={(e) => field.onChange(feeFromInput(e.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required={required}
      size="small"
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { startAdornment: <Box component="span" sx={{ mr: 0.5, color: 'text.secondary' }}>{currency === 'EURO' ? '€' : '£'}</Box> },
      }}
    />
  );
});
