import { memo } from 'react';
import { CheckboxGroupInput } from 'react-admin';
import { FormHelperText } from '@mui/material';
import { useFormContext, useFormState } from 'react-hook-form';
import type { Option } from './ChoiceInput';
import { inputId } from './useFormInput';

/**
 * A set of values chosen with checkboxes: react-admin's CheckboxGroupInput (a fieldset whose legend
 * is the label), with its error under it carrying an id that every checkbox is described by.
 */
export const CheckboxSetInput = memo(function CheckboxSetInput({ source, label, options, disabled }: { source: string; label: string; options: Option[]; disabled?: boolean }) {
  const id = inputId(source);
  const helpId = `${id}-help`;
  const { getFieldState } = useFormContext();
  const error = getFieldState(source, useFormState({ name: source })).error?.message;
  return (
    <>
      <CheckboxGroupInput
        source={source}
        id={id}
        label={<>{label}</>}
        choices={options}
        optionValue="value"
        optionText="label"
        translateChoice={false}
        row
        // readOnly greys it as disabled does, without react-hook-form leaving the value out of the save.
        readOnly={disabled}
        margin="none"
        helperText={false}
        options={{ slotProps: { input: { 'aria-describedby': error ? helpId : undefined } } }}
        // The error is said once, below, with the id the checkboxes point at.
        sx={{ '& .RaCheckboxGroupInput-helperText': { display: 'none' }, '& .RaCheckboxGroupInput-label': { fontSize: '0.85rem' } }}
      />
      {error && (
        <FormHelperText id={helpId} error>
          {error}
        </FormHelperText>
      )}
    </>
  );
});
