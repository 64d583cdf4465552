/**
 * Comparing two images of a record field by field: the conflict dialog (what someone else
 * changed) and the audit log (what a change did) both read records this way.
 */
type Rec = Record<string, unknown>;

/** Dotted paths of the leaves of a plain object; arrays and non-plain values are leaves. */
export function flatten(value: unknown, prefix = '', out: Rec = {}): Rec {
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Rec);
    if (entries.length === 0 && prefix) out[prefix] = value;
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}

/** Equal as a form reads them: null, undefined and '' are all empty. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) && empty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One field a change touched: its dotted path and its values as text (null: empty or absent). */
export interface FieldDifference {
  field: string;
  before: string | null;
  after: string | null;
}

const asText = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields that differ between two images (either may be null: a creation or a deletion), sorted by path. */
export function diffImages(before: unknown, after: unknown): FieldDifference[] {
  const was = flatten(before ?? {});
  const now = flatten(after ?? {});
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .sort()
    .filter((field) => !same(was[field], now[field]))
    .map((field) => ({ field, before: asText(was[field]), after: asText(now[field]) }));
}
