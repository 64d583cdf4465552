import { memo } from 'react';
import { TextField } from '@mui/material';
import { atLengthCap, capLength, lengthCapHint } from '../../../domain/lengthCap';
import { useLengthCap } from './lengthCaps';
import { useFormInput } from './useFormInput';

export interface TextInputProps {
  source: string;
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
 * A text input with a visible label and its error under it (tied with aria-describedby by MUI).
 * Typing stops at the input's length cap (domain/lengthCap.ts), and the input then says how long
 * it may be. A native maxlength does it where nothing is removed before counting; elsewhere
 * (postcodes, phone numbers, e-mail without spaces) the change is capped as stored.
 */
export const TextInput = memo(function TextInput({ source, label, disabled, required, multiline, type = 'text', transform, inputMode, helperText, maxLength }: TextInputProps) {
  const { id, field, fieldState } = useFormInput(source);
  const cap = useLengthCap(source, maxLength);
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
      id={id}
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
