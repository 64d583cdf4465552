/** Form inputs bound by `source` through react-admin's useInput, themed for the console. */
export { CheckboxGroupInput } from './CheckboxGroupInput';
export { DayFilterInput } from './DayFilterInput';
export { DayInput } from './DayInput';
export { FeeInput } from './FeeInput';
export { LengthCapsProvider, useLengthCap } from './lengthCaps';
export { Row } from './Row';
export { SelectInput, type Option } from './SelectInput';
export { SwitchInput } from './SwitchInput';
export { TextInput, type TextInputProps } from './TextInput';
export { TriStateInput } from './TriStateInput';
export { inputId, useFormInput } from './useFormInput';
