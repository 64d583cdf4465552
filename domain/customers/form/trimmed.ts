/** A form value as text: trimmed when it is a string, '' otherwise. */
export const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
