import { useInput } from 'react-admin';

/** Values are stored as the input gives them: the domain's mappers normalise on save. */
const keep = <T,>(value: T) => value;

/** What a react-admin input shows of the stored value: null and undefined as empty, the rest as stored. */
export const shownValue = (value: unknown) => (value == null ? '' : value);

/** An id from the form path: a stable label target and aria-describedby anchor for tests and AT. */
export const inputId = (source: string) => `input-${source.replace(/\./g, '-')}`;

/**
 * react-admin's useInput for one form path, re-rendering that input only. react-admin's default
 * format/parse turn '' into null; the domain schemas read the typed text, so both are identities.
 */
export function useFormInput(source: string, id = inputId(source)) {
  return useInput({ source, id, format: keep, parse: keep });
}
