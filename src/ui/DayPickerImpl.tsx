import { useRef, useState, type ReactNode } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enGB } from 'date-fns/locale/en-GB';
import { format as formatDate, isValid, parse } from 'date-fns';
import { DAY_FORMATS, type DayPickerProps } from './DayField';

/**
 * The day picker's code (MUI X and date-fns, about a fifth of the signed-in screens' JavaScript),
 * loaded by DayField.tsx when a screen first shows a picker.
 */

const ISO = 'yyyy-MM-dd';
const REFERENCE = new Date(2000, 0, 1);

/** 'YYYY-MM-DD' as a local date, or null when it is not one. */
export function dayOf(iso: string): Date | null {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? parse(iso, ISO, REFERENCE) : null;
  return d && isValid(d) ? d : null;
}

/** A picked date as 'YYYY-MM-DD'; '' for none, null for a half-typed one. */
export const isoOf = (d: Date | null): string | null => (d === null ? '' : isValid(d) ? formatDate(d, ISO) : null);

/** Localization for every picker in the console: British week (Monday first) and month names. */
export function DayProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      {children}
    </LocalizationProvider>
  );
}

/**
 * A day typed section by section or picked from the calendar. A half-typed day is kept here (the
 * caller sees '' until it is whole), so a controlled value never wipes what is being typed. The
 * field's error replaces `hint` under it and is announced.
 */
export default function DayPicker({ label, value, max, format, error, hint = ' ', required, name, size, onChange, onBlur, sx }: DayPickerProps) {
  const [draft, setDraft] = useState<Date | null>(null);
  // The picker's own text (sections joined, e.g. '05/MM/YYYY'): the picker publishes no value while
  // an empty field is only half-typed, so leaving it says so here.
  const text = useRef<HTMLInputElement>(null);
  const halfTyped = useRef(false);
  const leave = () => {
    const now = !value && !draft && Boolean(text.current?.value);
    if (now !== halfTyped.current) onChange(now ? null : '');
    halfTyped.current = now;
    onBlur?.();
  };
  const shown = dayOf(value) ?? (draft && !isValid(draft) ? draft : null);
  return (
    <DayProvider>
      <DatePicker
        label={label}
        value={shown}
        format={DAY_FORMATS[format]}
        maxDate={dayOf(max) ?? undefined}
        onChange={(d) => {
          halfTyped.current = false;
          setDraft(d);
          onChange(isoOf(d));
        }}
        slotProps={{
          textField: { required, name, size, error: Boolean(error), helperText: error ?? hint, inputRef: text, onBlur: leave, sx, slotProps: { formHelperText: { role: error ? 'alert' : undefined } } },
          openPickerButton: { 'aria-label': `Choose ${label}` },
        }}
      />
    </DayProvider>
  );
}

