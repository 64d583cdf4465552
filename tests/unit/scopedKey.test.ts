import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeScopedKey, generateScopedKey, newParentKey, verifyDigest } from '../../server/search/scopedKey';

// The Typesense docs' example (reference typesense-subset.md §7.4).
const PARENT = 'RN23GFr1s6jQ9kgSNg2O7fYcAUXU7127';
const PARAMS = { filter_by: 'company_id:124', expires_at: 1906054106 };
const DIGEST = '9oCafFKT5DgRnj4KT+9lanOO/i1m55yp7l+ava9yrJE=';
const SCOPED =
  'OW9DYWZGS1Q1RGdSbmo0S1QrOWxhbk9PL2kxbTU1eXA3bCthdmE5eXJKRT1STjIzeyJmaWx0ZXJfYnkiOiJjb21wYW55X2lkOjEyNCIsImV4cGlyZXNfYXQiOjE5MDYwNTQxMDZ9';

describe('scoped search keys', () => {
  it('matches the Typesense docs test vector', () => {
    expect(generateScopedKey(PARENT, PARAMS)).toBe(SCOPED);
  });

  it('decodes the test vector into digest, prefix and the exact parameter JSON', () => {
    const decoded = decodeScopedKey(SCOPED);
    expect(decoded).toEqual({ digest: DIGEST, prefix: 'RN23', payload: '{"filter_by":"company_id:124","expires_at":1906054106}' });
    expect(verifyDigest(PARENT, decoded!)).toBe(true);
  });

  it('does not verify against another parent key or a changed payload', () => {
    const decoded = decodeScopedKey(SCOPED)!;
    expect(verifyDigest(`${PARENT.slice(0, -1)}8`, decoded)).toBe(false);
    expect(verifyDigest(PARENT, { ...decoded, payload: decoded.payload.replace('124', '125') })).toBe(false);
    expect(verifyDigest(PARENT, { ...decoded, digest: decoded.digest.slice(0, 43) })).toBe(false);
  });

  it('refuses strings too short to be a scoped key', () => {
    expect(decodeScopedKey('')).toBeNull();
    expect(decodeScopedKey(Buffer.from('x'.repeat(47)).toString('base64'))).toBeNull();
  });

  it('round-trips any parameters (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (params, expiresAt) => {
          const parent = newParentKey();
          const key = generateScopedKey(parent, { ...params, expires_at: expiresAt });
          const decoded = decodeScopedKey(key)!;
          expect(decoded.prefix).toBe(parent.slice(0, 4));
          expect(JSON.parse(decoded.payload)).toEqual({ ...params, expires_at: expiresAt });
          expect(verifyDigest(parent, decoded)).toBe(true);
          expect(verifyDigest(newParentKey(), decoded)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('makes random 32-character alphanumeric parent keys', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newParentKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
