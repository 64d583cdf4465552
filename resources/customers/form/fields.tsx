import { memo, type ReactNode } from 'react';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { feeFromInput, type FeeField } from '../../../domain/customers';
import { atLengthCap, capLength, lengthCapHint } from '../../../domain/lengthCap';
import { useLengthCap } from './lengthCaps';

/**
 * Inputs bound to one form path each (useController), so typing re-renders that input only.
 * Every input has a visible label; its error is shown under it and tied to it with
 * aria-describedby (MUI does this when the input has an id).
 */

const idOf = (name: string) => `customer-${name.replace(/\./g, '-')}`;

export interface TextInputProps {
  name: string;
  label: string;
  disabled?: boolean;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url' | 'number';
  /** Applied to what is typed before it is stored (postcode: spaces removed). */
  transform?: (text: string) => string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
  helperText?: string;
  /** A typed cap for an input outside a form that provides caps (LengthCapsProvider). */
  maxLength?: number;
}

/**
 * Typing stops at the input's length cap (domain/lengthCap.ts), and the input then says how long
 * it may be. A native maxlength does it where nothing is removed before counting; elsewhere
 * (postcodes, phone numbers, e-mail without spaces) the change is capped as stored.
 */
export const TextInput = memo(function TextInput({ name, label, disabled, required, multiline, type = 'text', transform, inputMode, helperText, maxLength }: TextInputProps) {
  const { field, fieldState } = useController({ name });
  const cap = useLengthCap(name, maxLength);
  const error = fieldState.error?.message;
  const value = String(field.value ?? '');
  const change = (text: string) => {
    const next = transform ? transform(text) : text;
    field.onChange(cap ? capLength(value, next, cap) : next);
  };
  const nativeMax = cap && !cap.normalize && !transform ? cap.max : undefined;
  const hint = cap && atLengthCap(value, cap) ? lengthCapHint(cap.max) : helperText;
  return (
    <TextField
      id={idOf(name)}
      name={field.name}
      label={label}
      value={field.value ?? ''}
      onChange={(e) => change(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required={required}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={type}
      size="small"
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { inputMode, maxLength: nativeMax } }}
    />
  );
});

/** `name` of the switch for assistive technology when the visible label is shared by several rows. */
export const SwitchInput = memo(function SwitchInput({ name, label, disabled, accessibleName }: { name: string; label: string; disabled?: boolean; accessibleName?: string }) {
  const { field } = useController({ name });
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={<Switch id={idOf(name)} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref, 'aria-label': accessibleName } as object }} />}
    />
  );
});

export interface Option {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export const SelectInput = memo(function SelectInput({ name, label, options, disabled, required, numeric, helperText }: { name: string; label: string; options: Option[]; disabled?: boolean; required?: boolean; numeric?: boolean; helperText?: string }) {
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  return (
    <TextField
      select
      id={idOf(name)}
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

/** A set of values chosen with checkboxes (the web link's service and maintenance types). */
export const CheckboxGroupInput = memo(function CheckboxGroupInput({ name, label, options, disabled }: { name: string; label: string; options: Option[]; disabled?: boolean }) {
  const { field, fieldState } = useController({ name });
  const value: (string | number)[] = Array.isArray(field.value) ? field.value : [];
  const error = fieldState.error?.message;
  const helpId = `${idOf(name)}-help`;
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

/** A platform fee: shows the masked text ('1,234.50'), stores {masked, raw, value} (domain fees.ts). */
export const FeeInput = memo(function FeeInput({ name, label, currency, disabled, required }: { name: string; label: string; currency: string; disabled?: boolean; required?: boolean }) {
  const { field, fieldState } = useController({ name });
  const fee = (field.value ?? { masked: '' }) as FeeField;
  const error = fieldState.error?.message;
  return (
    <TextField
      id={idOf(name)}
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

/** Lays inputs out in a responsive grid. */
export function Row({ children, columns = 3 }: { children: ReactNode; columns?: number }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: `repeat(${columns}, minmax(0, 1fr))` }, alignItems: 'start' }}>{children}</Box>;
}
