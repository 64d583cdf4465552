/**
 * A count with its noun in the right number: '1 row', '3 rows', '0 rows'. Every message that shows
 * a count builds it here, so no screen, log or e-mail says '1 problems'.
 */
export const plural = (n: number, singular: string, pluralForm = `${singular}s`): string => (n === 1 ? singular : pluralForm);

export const counted = (n: number, singular: string, pluralForm?: string): string => `${n} ${plural(n, singular, pluralForm)}`;
