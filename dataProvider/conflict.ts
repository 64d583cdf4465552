/**
 * Recognising and explaining a save refused because someone else changed the record first
 * (the API's 409 CONFLICT, server/rpc/records.ts). Pure functions: ConflictDialog renders them.
 */

import { flatten, same } from '../domain/recordDiff';

export { flatten };

type Rec = Record<string, unknown>;

/** Columns the server manages; they always differ after someone else's save and mean nothing to users. */
export const MANAGED_FIELDS = ['version', 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'] as const;

export interface ConflictInfo {
  /** 'CONFLICT' (stale version) or 'INVALID_STATUS' (the status moved on, e.g. terminated). */
  code: string;
  message: string;
  /** The record as it is now, when the server sent it. */
  current: Rec | null;
}

const CONFLICT_CODES = new Set(['CONFLICT', 'INVALID_STATUS']);

/**
 * The conflict carried by an error from the dataProvider (react-admin HttpError, status 409), or
 * null for any other error. Reads `body.code`/`body.current` and also the raw API shape
 * `body.error.{code,current}`, so it works whichever way the error was mapped.
 */
export function conflictFromError(err: unknown): ConflictInfo | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { status?: unknown; message?: unknown; body?: unknown };
  if (e.status !== 409) return null;
  const body = (e.body && typeof e.body === 'object' ? e.body : {}) as Rec & { error?: Rec };
  const inner = body.error && typeof body.error === 'object' ? body.error : {};
  const code = String(body.code ?? inner.code ?? 'CONFLICT');
  if (!CONFLICT_CODES.has(code)) return null;
  const current = (body.current ?? inner.current ?? null) as Rec | null;
  const message = typeof e.message === 'string' && e.message ? e.message : String(inner.message ?? '');
  return { code, message, current: current && typeof current === 'object' ? current : null };
}

export function isConflictError(err: unknown): boolean {
  return conflictFromError(err) !== null;
}

export interface FieldChange {
  /** Dotted path, e.g. 'address.postcode'. */
  field: string;
  /** What the user opened. */
  was: unknown;
  /** What the other person saved. */
  now: unknown;
  /** What the user typed, when they changed this field too. */
  yours?: unknown;
  /** Both changed it, differently: the user's value is kept and should be checked. */
  clash: boolean;
}

/**
 * What someone else changed between the record the user opened (`previous`) and the one saved
 * now (`current`), and which of those fields the user changed too (`typed` = form values).
 */
export function describeConflict(previous: Rec | null | undefined, current: Rec | null | undefined, typed: Rec | null | undefined): FieldChange[] {
  if (!previous || !current) return [];
  const skip = (f: string) => (MANAGED_FIELDS as readonly string[]).includes(f.split('.')[0]);
  const was = flatten(previous);
  const now = flatten(current);
  const mine = typed ? flatten(typed) : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((f) => !skip(f)).sort();
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (same(was[field], now[field])) continue;
    const userChanged = field in mine && !same(mine[field], was[field]);
    changes.push({
      field,
      was: was[field],
      now: now[field],
      ...(userChanged ? { yours: mine[field] } : {}),
      clash: userChanged && !same(mine[field], now[field]),
    });
  }
  return changes;
}

/** A field path as a label: 'billingAddress.postCode' -> 'Billing address › Post code'. */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => {
      const words = part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}

/** A value as the dialog shows it. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
