import crypto from 'node:crypto';
import type { Services } from '../services';
import { errors } from './errors';

/**
 * Scoped search keys (reference §7.4), checked against the per-session parent keys in
 * search_keys. Only scoped keys are accepted: parent keys never leave the server. Every failure is
 * the same 401, so a caller learns nothing about why.
 */

const DIGEST_LENGTH = 44;
const PREFIX_LENGTH = 4;

export interface DecodedKey {
  digest: Buffer;
  prefix: string;
  /** The exact bytes the digest was computed over; never re-serialised. */
  payload: Buffer;
}

export function decodeKeyBytes(key: string): DecodedKey | null {
  const raw = Buffer.from(key, 'base64');
  if (raw.length < DIGEST_LENGTH + PREFIX_LENGTH) return null;
  // Parent keys are alphanumeric (newParentKey); any other prefix belongs to no key, and a NUL in
  // it would only make PostgreSQL refuse the look-up.
  const prefix = raw.subarray(DIGEST_LENGTH, DIGEST_LENGTH + PREFIX_LENGTH).toString('latin1');
  if (!/^[A-Za-z0-9]+$/.test(prefix)) return null;
  return {
    digest: raw.subarray(0, DIGEST_LENGTH),
    prefix,
    payload: raw.subarray(DIGEST_LENGTH + PREFIX_LENGTH),
  };
}

export function digestMatches(parentKey: string, decoded: DecodedKey): boolean {
  const expected = Buffer.from(crypto.createHmac('sha256', parentKey).update(decoded.payload).digest('base64'), 'latin1');
  return expected.length === decoded.digest.length && crypto.timingSafeEqual(expected, decoded.digest);
}

/** Typesense's collection rule: `*`, the exact name, or a pattern that matches the whole name. */
export function collectionAllowed(allowed: readonly string[], collection: string): boolean {
  if (collection === '') return true;
  return allowed.some((a) => {
    if (a === '*' || a === collection) return true;
    try {
      return new RegExp(`^(?:${a})$`).test(collection);
    } catch {
      return false;
    }
  });
}

export type EmbeddedParams = Record<string, unknown>;

interface Candidate {
  value: string;
  actions: unknown;
  collections: unknown;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_seen_at: Date | string;
  absolute_expires_at: Date | string;
  stage: string;
  disabled: boolean;
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

/**
 * How long a successful check of a key for a collection is reused without asking the database.
 * The trade-off: checking costs a query on every search (a third of a small search's time), while
 * reuse means a session revoked, an admin disabled or a parent key changed still searches for up
 * to this long on a node that checked the key just before. One second bounds that window well
 * below anything a person could exploit after signing out. The time-based rules (expiry, idle,
 * absolute end) are evaluated again on every use; only failures are never cached.
 */
export const KEY_CHECK_REUSE_MS = 1000;
const KEY_CHECKS_MAX = 10_000;

interface KeyCheck {
  embedded: EmbeddedParams;
  checkedAt: number;
  /** Effective expiry of the scoped key, ms. */
  expiresAt: number;
  absoluteExpiresAt: number;
  idleEndsAt: number;
}

const keyChecks = new WeakMap<Services, Map<string, KeyCheck>>();

/**
 * Returns the parameters embedded in a valid scoped key for `collection`, or throws the 401.
 * The parent must be search-only, allow the collection and be unexpired, and its session must be
 * live: not revoked, not idle or past its end, its admin not disabled.
 */
export async function authenticate(services: Services, key: string | undefined, collection: string): Promise<EmbeddedParams> {
  if (!key) throw errors.unauthorized();
  let checks = keyChecks.get(services);
  if (!checks) keyChecks.set(services, (checks = new Map()));
  const id = `${collection}\u0000${key}`;
  const now = services.clock.now().getTime();
  const known = checks.get(id);
  if (known) {
    if (now - known.checkedAt <= KEY_CHECK_REUSE_MS && now >= known.checkedAt && now <= known.expiresAt && now <= known.absoluteExpiresAt && now <= known.idleEndsAt) {
      return known.embedded;
    }
    checks.delete(id);
  }
  const check = await checkKey(services, key, collection, now);
  if (checks.size >= KEY_CHECKS_MAX) checks.delete(checks.keys().next().value!);
  checks.set(id, check);
  return check.embedded;
}

async function checkKey(services: Services, key: string, collection: string, now: number): Promise<KeyCheck> {
  const decoded = decodeKeyBytes(key);
  if (!decoded) throw errors.unauthorized();
  const candidates = await services.database.query<Candidate>(
    `SELECT k.value, k.actions, k.collections, k.expires_at, s.revoked_at, s.last_seen_at, s.absolute_expires_at, s.stage, a.disabled
     FROM search_keys k JOIN sessions s ON s.id = k.session_id JOIN administrators a ON a.id = s.admin_id
     WHERE k.prefix = $1`,
    [decoded.prefix],
  );
  const idleMs = services.config.session.idleMs;
  for (const k of candidates) {
    const actions = Array.isArray(k.actions) ? k.actions : [];
    if (actions.length !== 1 || actions[0] !== 'documents:search') continue;
    if (!collectionAllowed(Array.isArray(k.collections) ? (k.collections as string[]) : [], collection)) continue;
    if (k.revoked_at || k.disabled || k.stage !== 'active') continue;
    if (now > ms(k.absolute_expires_at) || now > ms(k.last_seen_at) + idleMs) continue;
    if (!digestMatches(k.value, decoded)) continue;
    let embedded: unknown;
    try {
      embedded = JSON.parse(decoded.payload.toString('utf8'));
    } catch {
      continue;
    }
    if (!embedded || typeof embedded !== 'object' || Array.isArray(embedded)) continue;
    const e = embedded as EmbeddedParams;
    let expiry = ms(k.expires_at) / 1000;
    if (e.expires_at !== undefined) {
      if (typeof e.expires_at !== 'number' || !Number.isInteger(e.expires_at) || e.expires_at < 0) continue;
      expiry = Math.min(expiry, e.expires_at);
    }
    if (now / 1000 > expiry) continue;
    return {
      embedded: e,
      checkedAt: now,
      // `now / 1000 > expiry` rejects, so the key is good up to and including expiry × 1000.
      expiresAt: expiry * 1000,
      absoluteExpiresAt: ms(k.absolute_expires_at),
      idleEndsAt: ms(k.last_seen_at) + idleMs,
    };
  }
  throw errors.unauthorized();
}
