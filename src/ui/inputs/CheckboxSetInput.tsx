import { memo, useLayoutEffect, useRef } from 'react';
import { CheckboxGroupInput } from 'react-admin';
import { Box } from '@mui/material';
import { useFormContext, useFormState } from 'react-hook-form';
import type { Option } from './ChoiceInput';
import { inputId } from './useFormInput';

/** The class react-admin gives the group's error line. */
const HELPER = '.RaCheckboxGroupInput-helperText';

/**
 * A set of values chosen with checkboxes: react-admin's CheckboxGroupInput (a fieldset whose legend
 * is the label), its error under it given an id that every checkbox is described by.
 */
export const CheckboxSetInput = memo(function CheckboxSetInput({ source, label, options, disabled }: { source: string; label: string; options: Option[]; disabled?: boolean }) {
  const id = inputId(source);
  const helpId = `${id}-help`;
  const { getFieldState } = useFormContext();
  const error = getFieldState(source, useFormState({ name: source })).error?.message;
  const box = useRef<HTMLDivElement>(null);
  // react-admin renders the error line without an id; this gives it the one the checkboxes name.
  useLayoutEffect(() => {
    box.current?.querySelector(HELPER)?.setAttribute('id', helpId);
  });
  return (
    <Box ref={box} sx={{ display: 'contents' }}>
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
        sx={{ '& .RaCheckboxGroupInput-label': { fontSize: '0.85rem' } }}
      />
    </Box>
  );
});
