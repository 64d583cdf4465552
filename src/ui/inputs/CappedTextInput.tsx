import { memo, useCallback } from 'react';
import { TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { atLengthCap, capLength, lengthCapHint } from '../../../domain/lengthCap';
import { useLengthCap } from './lengthCaps';
import { inputId, shownValue } from './useFormInput';

export interface CappedTextInputProps {
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
 * react-admin's TextInput with the console's additions: typing stops at the input's length cap
 * (domain/lengthCap.ts), and the input then says how long it may be; `transform` changes what is
 * typed before it is stored. A native maxlength does the cap where nothing is removed before
 * counting; elsewhere (postcodes, phone numbers, e-mail without spaces) the change is capped as
 * stored. Its label is visible and its error under it, tied by aria-describedby (MUI).
 */
export const CappedTextInput = memo(function CappedTextInput({ source, label, disabled, required, multiline, type = 'text', transform, inputMode, helperText, maxLength }: CappedTextInputProps) {
  const cap = useLengthCap(source, maxLength);
  const { getValues } = useFormContext();
  const value = String(useWatch({ name: source }) ?? '');
  // What is typed, transformed then capped against the value it replaces; '' stays '' (the domain
  // schemas read the typed text, where react-admin's default would store null).
  const parse = useCallback(
    (text: string) => {
      const next = transform ? transform(text) : text;
      return cap ? capLength(String(getValues(source) ?? ''), next, cap) : next;
    },
    [transform, cap, getValues, source],
  );
  const nativeMax = cap && !cap.normalize && !transform ? cap.max : undefined;
  const hint = cap && atLengthCap(value, cap) ? lengthCapHint(cap.max) : helperText;
  return (
    <TextInput
      source={source}
      id={inputId(source)}
      // An element, so react-admin neither translates it nor adds a second required mark (MUI's `required` adds one).
      label={<>{label}</>}
      format={shownValue}
      parse={parse}
      // readOnly greys the field as disabled does; react-hook-form would leave a disabled field
      // out of the saved values, and a greyed field here (same-as) still holds what is saved.
      readOnly={disabled}
      required={required}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={type}
      size="small"
      margin="none"
      helperText={hint ?? false}
      slotProps={{ htmlInput: { inputMode, maxLength: nativeMax } }}
    />
  );
});
