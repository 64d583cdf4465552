import { describe, expect, it } from 'vitest';
import { generateScopedKey } from '../../server/search/scopedKey';
import { collectionAllowed, decodeKeyBytes, digestMatches } from '../../server/search/keys';
import { applyEmbedded } from '../../server/search/embedded';
import { parseQueryString } from '../../server/search/queryString';

// The Typesense documentation's example (reference §7.4).
const PARENT = 'RN23GFr1s6jQ9kgSNg2O7fYcAUXU7127';
const PAYLOAD = '{"filter_by":"company_id:124","expires_at":1906054106}';
const SCOPED =
  'OW9DYWZGS1Q1RGdSbmo0S1QrOWxhbk9PL2kxbTU1eXA3bCthdmE5eXJKRT1STjIzeyJmaWx0ZXJfYnkiOiJjb21wYW55X2lkOjEyNCIsImV4cGlyZXNfYXQiOjE5MDYwNTQxMDZ9';

describe('scoped search keys', () => {
  it('reproduces the documentation test vector', () => {
    expect(generateScopedKey(PARENT, { filter_by: 'company_id:124', expires_at: 1906054106 })).toBe(SCOPED);
  });

  it('decodes the parts and verifies the digest over the exact payload bytes', () => {
    const d = decodeKeyBytes(SCOPED)!;
    expect(d.digest.toString('latin1')).toBe('9oCafFKT5DgRnj4KT+9lanOO/i1m55yp7l+ava9yrJE=');
    expect(d.prefix).toBe('RN23');
    expect(d.payload.toString('utf8')).toBe(PAYLOAD);
    expect(digestMatches(PARENT, d)).toBe(true);
    expect(digestMatches(`${PARENT}x`, d)).toBe(false);
    // The same JSON with other spacing is other bytes: the digest no longer matches.
    const respaced = Buffer.concat([d.digest, Buffer.from('RN23'), Buffer.from(PAYLOAD.replace(':', ': '))]).toString('base64');
    expect(digestMatches(PARENT, decodeKeyBytes(respaced)!)).toBe(false);
    expect(decodeKeyBytes(Buffer.from('short').toString('base64'))).toBeNull();
  });

  it('allows collections by name, *, or a whole-name pattern', () => {
    expect(collectionAllowed(['books'], 'books')).toBe(true);
    expect(collectionAllowed(['*'], 'anything')).toBe(true);
    expect(collectionAllowed(['book.*'], 'books')).toBe(true);
    expect(collectionAllowed(['book'], 'books')).toBe(false);
    expect(collectionAllowed(['books'], 'xbooks')).toBe(false);
  });

  it('applies embedded parameters: filter_by AND-ed, others overwrite, arrays refused', () => {
    expect(applyEmbedded({ q: '*', filter_by: 'a:1', per_page: '50' }, { filter_by: 'b:2', per_page: 5, expires_at: 1 })).toEqual({
      q: '*',
      filter_by: '(a:1) && (b:2)',
      per_page: '5',
    });
    expect(applyEmbedded({ q: '*' }, { filter_by: 'b:2', prefix: false, x: 1.5 })).toEqual({ q: '*', filter_by: '(b:2)', prefix: 'false', x: '1.500000' });
    expect(() => applyEmbedded({ q: '*' }, { include_fields: ['a', 'b'] })).toThrow('Error applying search parameters inside Scoped Search API key');
    expect(() => applyEmbedded({ q: '*' }, { nested: { a: 1 } })).toThrow('Error applying search parameters inside Scoped Search API key');
  });
});

describe('query string', () => {
  it('decodes + as a space and %2B as +, joins repeated filter_by with &&, keeps the last of others', () => {
    expect(parseQueryString('q=harry+potter&k=abc%2B%2F%3Dkey&filter_by=a:1&filter_by=b:2&page=1&page=2&cache_ttl=60', { limitLength: true })).toEqual({
      q: 'harry potter',
      k: 'abc+/=key',
      filter_by: 'a:1&&b:2',
      page: '2',
    });
  });
});
