import { memo } from 'react';
import { Box, TextField } from '@mui/material';
import { currencySymbol, feeFromInput, FEE_MAX_INTEGER_DIGITS, type FeeField } from '../../../domain/fees';
import { useFormInput } from './useFormInput';

/**
 * A money input: shows the masked text ('1,234.50') with the currency's symbol and stores
 * {masked, raw, value} (domain/fees.ts). `integerDigits` narrows the mask (a percentage: 3).
 */
export const FeeInput = memo(function FeeInput({ source, label, currency, disabled, required, integerDigits = FEE_MAX_INTEGER_DIGITS, unit }: { source: string; label: string; currency?: string; disabled?: boolean; required?: boolean; integerDigits?: number; unit?: string }) {
  const { id, field, fieldState } = useFormInput(source);
  const fee = (field.value ?? { masked: '' }) as FeeField;
  const error = fieldState.error?.message;
  const symbol = unit ?? currencySymbol(currency);
  return (
    <TextField
      id={id}
      label={label}
      value={fee.masked}
      onChange={(e) => field.onChange(feeFromInput(e.target.value, integerDigits))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required={required}
      size="small"
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        // A currency sign leads the amount; a unit (a percentage) follows it.
        input: unit
          ? { endAdornment: <Box component="span" sx={{ ml: 0.5, color: 'text.secondary' }}>{unit}</Box> }
          : { startAdornment: <Box component="span" sx={{ mr: 0.5, color: 'text.secondary' }}>{symbol}</Box> },
      }}
    />
  );
});
