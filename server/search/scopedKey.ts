import crypto from 'node:crypto';

/**
 * Typesense scoped search keys (reference §7.4): base64(digest + parentKey[0..4] + P), where
 * P is the JSON of the embedded parameters and digest = base64(HMAC-SHA256(parentKey, P)).
 */
export function generateScopedKey(parentKey: string, params: Record<string, unknown>): string {
  const payload = JSON.stringify(params);
  const digest = crypto.createHmac('sha256', parentKey).update(payload).digest('base64');
  return Buffer.from(`${digest}${parentKey.substring(0, 4)}${payload}`).toString('base64');
}

export interface DecodedScopedKey {
  digest: string;
  prefix: string;
  payload: string;
}

/** Splits a scoped key into its parts, or null when it cannot be one. */
export function decodeScopedKey(key: string): DecodedScopedKey | null {
  const raw = Buffer.from(key, 'base64').toString('utf8');
  if (raw.length < 48) return null;
  return { digest: raw.slice(0, 44), prefix: raw.slice(44, 48), payload: raw.slice(48) };
}

/** True when `decoded` was derived from `parentKey` (constant-time compare). */
export function verifyDigest(parentKey: string, decoded: DecodedScopedKey): boolean {
  const expected = Buffer.from(crypto.createHmac('sha256', parentKey).update(decoded.payload).digest('base64'));
  const given = Buffer.from(decoded.digest);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** A random parent key of 32 alphanumeric characters, like Typesense's own. */
export function newParentKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(32);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
