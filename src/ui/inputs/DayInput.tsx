import { memo } from 'react';
import { browserToday, DayPicker } from '../DayField';
import { useFormInput } from './useFormInput';

/**
 * What a half-typed day is stored as: not a DD/MM/YYYY date, so the form's own rule refuses it
 * ('{Field} is not valid') instead of the half-typed day being silently dropped.
 */
export const INCOMPLETE_DAY = 'incomplete';

const toIso = (text: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};
const fromIso = (iso: string | null) => (iso === null ? INCOMPLETE_DAY : iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/**
 * A form day held as DD/MM/YYYY text (spec 2 §5: the audit dates), picked or typed in that format,
 * with the days after today disabled. The form's schema still refuses a future or unreal date on save.
 */
export const DayInput = memo(function DayInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState } = useFormInput(source);
  return (
    <DayPicker
      label={label}
      name={field.name}
      value={toIso(String(field.value ?? ''))}
      max={browserToday()}
      format="audit"
      size="small"
      error={fieldState.error?.message ?? null}
      onChange={(iso) => field.onChange(fromIso(iso))}
      onBlur={field.onBlur}
    />
  );
});
