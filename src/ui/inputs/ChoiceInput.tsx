import { memo, useCallback } from 'react';
import { SelectInput } from 'react-admin';
import { inputId, shownValue } from './useFormInput';

export interface Option {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/**
 * A single choice among `options`: react-admin's SelectInput in the console's look, with no empty
 * choice added (a choice is cleared by the form, not picked), `numeric` storing the chosen value as
 * a number. Its label is visible and its error under it, tied by aria-describedby (MUI).
 */
export const ChoiceInput = memo(function ChoiceInput({ source, label, options, disabled, required, numeric, helperText }: { source: string; label: string; options: Option[]; disabled?: boolean; required?: boolean; numeric?: boolean; helperText?: string }) {
  const parse = useCallback((v: unknown) => (numeric && v !== '' && v != null ? Number(v) : v), [numeric]);
  return (
    <SelectInput
      source={source}
      id={inputId(source)}
      // An element, so react-admin neither translates it nor adds a second required mark (MUI's `required` adds one).
      label={<>{label}</>}
      choices={options}
      optionValue="value"
      optionText="label"
      translateChoice={false}
      // Said required to react-admin only so that it adds no empty choice; MUI's `required` marks the label.
      isRequired
      format={shownValue}
      parse={parse}
      // readOnly greys it as disabled does, without react-hook-form leaving the value out of the save.
      readOnly={disabled}
      required={required}
      size="small"
      margin="none"
      helperText={helperText ?? false}
    />
  );
});
