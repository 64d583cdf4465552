/**
 * Idempotency keys (as the payment APIs use them): a call that creates or changes data may carry
 * `Idempotency-Key: <uuid>`. The first call with a key runs; a repeat of it (a double-click, a
 * retry after a lost answer) gets the first call's answer back instead of running again. The
 * console sends one key per user action; the server keeps each key for KEY_TTL_HOURS.
 */

/** The request header carrying the key (HTTP headers are case-insensitive; Node lower-cases them). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set to 'true' on an answer that was stored by an earlier call with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** How long a key is kept: a repeat after this long runs as a new call. */
export const KEY_TTL_HOURS = 24;
export const KEY_TTL_MS = KEY_TTL_HOURS * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a key the server accepts: a UUID in its usual 8-4-4-4-12 hex form. */
export function isIdempotencyKey(value: string): boolean {
  return UUID.test(value);
}

export const IDEMPOTENCY_MESSAGES = {
  notUuid: 'The Idempotency-Key header must be a UUID, for example 6f1c2a4e-8b3d-4f7a-9c1e-2d5b7a9e0f13.',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key with each new request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  tooLarge: 'The request body is too large.',
} as const;

/**
 * JSON text of a parsed JSON value with every object's members in code-point order: the server
 * hashes a body with it, the console tells one request of an action from another with it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
