/**
 * Form inputs bound by `source`: react-admin's inputs where they do the job, wrapped where the
 * console needs more (length caps, a typed transform, no empty choice, an error the checkboxes
 * point at), and the console's own on react-admin's useInput. No name is one of react-admin's.
 */
export { CappedTextInput, type CappedTextInputProps } from './CappedTextInput';
export { CheckboxSetInput } from './CheckboxSetInput';
export { ChoiceInput, type Option } from './ChoiceInput';
export { DayFilterInput } from './DayFilterInput';
export { DayInput } from './DayInput';
export { FeeInput } from './FeeInput';
export { LengthCapsProvider, useLengthCap } from './lengthCaps';
export { Row } from './Row';
export { SwitchInput } from './SwitchInput';
export { TriStateInput } from './TriStateInput';
export { inputId, useFormInput } from './useFormInput';
