import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators, searchKeys } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { KEY_CHECK_REUSE_MS } from '../../server/search/keys';
import { createFixture, scoped, signInWithKey } from './searchFixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createFixture(t);
});
afterAll(() => t.close());

const UNAUTHORIZED = { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' };
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

function get(path: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/v1/search${path}`, headers });
}
const searchUrl = (collection = 'books', extra = '') => `/collections/${collection}/documents/search?q=*${extra}`;
const withKey = (key: string) => ({ 'x-typesense-api-key': key });

describe('API keys', () => {
  it('accepts the key from session/getSessionToken in the header or the query string', async () => {
    const s = await signInWithKey(t, 'keys1@test.example');
    expect((await get(searchUrl(), withKey(s.key))).statusCode).toBe(200);
    expect((await get(searchUrl('books', `&x-typesense-api-key=${encodeURIComponent(s.key)}`))).statusCode).toBe(200);
  });

  it('reads the header before the query parameter', async () => {
    const s = await signInWithKey(t, 'keys2@test.example');
    expect((await get(searchUrl('books', '&x-typesense-api-key=garbage'), withKey(s.key))).statusCode).toBe(200);
    const res = await get(searchUrl('books', `&x-typesense-api-key=${encodeURIComponent(s.key)}`), withKey('garbage'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a missing, malformed, tampered or parent key with the same 401', async () => {
    const s = await signInWithKey(t, 'keys3@test.example');
    for (const headers of [{}, withKey('garbage'), withKey(s.parent), withKey(scoped(`${s.parent.slice(0, 4)}XXXXXXXXXXXXXXXXXXXXXXXXXXXX`, {}))]) {
      const res = await get(searchUrl(), headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const raw = Buffer.from(s.key, 'base64');
    raw[raw.length - 2] ^= 1;
    expect((await get(searchUrl(), withKey(raw.toString('base64')))).statusCode).toBe(401);
  });

  it('honours the embedded expiry and the parent expiry', async () => {
    const s = await signInWithKey(t, 'keys4@test.example');
    expect((await get(searchUrl(), withKey(scoped(s.parent, { expires_at: nowSeconds() + 60 })))).statusCode).toBe(200);
    expect((await get(searchUrl(), withKey(scoped(s.parent, { expires_at: nowSeconds() - 1 })))).statusCode).toBe(401);
    expect((await get(searchUrl(), withKey(scoped(s.parent, { expires_at: -5 })))).statusCode).toBe(401);
    expect((await get(searchUrl(), withKey(scoped(s.parent, { expires_at: 'soon' })))).statusCode).toBe(401);
    // getSessionToken's key lives five minutes.
    t.clock.advance(5 * 60_000 + 2000);
    expect((await get(searchUrl(), withKey(s.key))).statusCode).toBe(401);
    await t.services.db.update(searchKeys).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(searchKeys.value, s.parent));
    expect((await get(searchUrl(), withKey(scoped(s.parent, {})))).statusCode).toBe(401);
  });

  it('refuses collections the key does not allow, before looking the collection up', async () => {
    const s = await signInWithKey(t, 'keys5@test.example', 'SUPER_ADMIN', ['books', 'ghost']);
    expect((await get(searchUrl('books_plain'), withKey(s.key))).statusCode).toBe(401);
    expect((await get(searchUrl('nowhere'), withKey(s.key))).statusCode).toBe(401);
    const ghost = await get(searchUrl('ghost'), withKey(s.key));
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toEqual({ message: 'Collection not found' });
  });

  it('dies with its session: sign-out, disabled admin', async () => {
    const a = await signInWithKey(t, 'keys6@test.example');
    expect((await get(searchUrl(), withKey(a.key))).statusCode).toBe(200);
    expect((await a.browser.post('auth/logout')).statusCode).toBe(200);
    // A successful key check is reused for at most KEY_CHECK_REUSE_MS (keys.ts says why).
    t.clock.advance(KEY_CHECK_REUSE_MS + 1);
    expect((await get(searchUrl(), withKey(a.key))).statusCode).toBe(401);

    const b = await signInWithKey(t, 'keys7@test.example');
    await t.services.db.update(administrators).set({ disabled: true }).where(eq(administrators.email, 'keys7@test.example'));
    expect((await get(searchUrl(), withKey(b.key))).statusCode).toBe(401);
  });

  it('reuses a successful key check for at most a second, without reusing failures', async () => {
    const a = await signInWithKey(t, 'keys11@test.example');
    expect((await get(searchUrl(), withKey(a.key))).statusCode).toBe(200);
    await t.services.db.update(administrators).set({ disabled: true }).where(eq(administrators.email, 'keys11@test.example'));
    expect((await get(searchUrl(), withKey(a.key))).statusCode).toBe(200);
    t.clock.advance(KEY_CHECK_REUSE_MS + 1);
    expect((await get(searchUrl(), withKey(a.key))).statusCode).toBe(401);
    await t.services.db.update(administrators).set({ disabled: false }).where(eq(administrators.email, 'keys11@test.example'));
    expect((await get(searchUrl(), withKey(a.key))).statusCode).toBe(200);
    // The time rules are applied on every use, cached or not.
    const short = scoped(a.parent, { expires_at: nowSeconds() + 1 });
    expect((await get(searchUrl(), withKey(short))).statusCode).toBe(200);
    t.clock.advance(1001);
    expect((await get(searchUrl(), withKey(short))).statusCode).toBe(401);
  });

  it('accepts only search-only parents', async () => {
    const s = await signInWithKey(t, 'keys8@test.example');
    await t.services.db.update(searchKeys).set({ actions: ['documents:search', 'documents:get'] }).where(eq(searchKeys.value, s.parent));
    expect((await get(searchUrl(), withKey(s.key))).statusCode).toBe(401);
  });

  it('limits the session key to the collections of the admin role', async () => {
    const s = await signInWithKey(t, 'keys9@test.example', 'SUPER_ADMIN', []);
    const [row] = await t.services.db.select().from(searchKeys).where(eq(searchKeys.value, s.parent));
    expect(row.actions).toEqual(['documents:search']);
    expect(row.collections).toContain('leaseCompanyIndex');
    expect((await get(searchUrl('leaseCompanyIndex'), withKey(s.key))).statusCode).toBe(200);
    expect((await get(searchUrl('books'), withKey(s.key))).statusCode).toBe(401);
  });

  it('applies embedded parameters over the request', async () => {
    const s = await signInWithKey(t, 'keys10@test.example');
    const key = scoped(s.parent, { filter_by: 'status:=TERMINATED', per_page: 1, expires_at: nowSeconds() + 60 });
    const res = await get(searchUrl('books', '&filter_by=year:%3E1900&per_page=50'), withKey(key));
    expect(res.json()).toMatchObject({ found: 1, request_params: { per_page: 1 } });
    expect(res.json().hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(['b4']);
    const bad = await get(searchUrl(), withKey(scoped(s.parent, { include_fields: ['a', 'b'] })));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Error applying search parameters inside Scoped Search API key' });
  });
});

describe('routes and transport', () => {
  it('answers /health without a key, unknown routes with 404 Not Found, and preflights', async () => {
    const health = await get('/health');
    expect(health.json()).toEqual({ ok: true });
    const missing = await get('/collections/books/documents');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not Found' });
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/search/multi_search',
      headers: { origin: 'http://elsewhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-typesense-api-key,content-type' },
    });
    expect(pre.statusCode).toBe(200);
    expect(pre.headers['access-control-allow-headers']).toBe('x-typesense-api-key,content-type');
    expect(pre.headers['access-control-max-age']).toBe('3600');
  });
});

describe('multi_search', () => {
  function multi(body: unknown, query = '', headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/search/multi_search${query}`,
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'text/plain', ...headers },
    });
  }
  const idsOf = (r: { hits: { document: { id: string } }[] }) => r.hits.map((h) => h.document.id);

  it('runs every search, merges common parameters, reports failures in place', async () => {
    const s = await signInWithKey(t, 'multi1@test.example', 'SUPER_ADMIN', ['books', 'books_plain', 'ghost']);
    const res = await multi(
      {
        searches: [
          { collection: 'books', q: '*', filter_by: 'year:<1990', per_page: 250 },
          { collection: 'books_plain', q: 'harry', query_by: 'genre' },
          { collection: 'ghost', q: '*' },
          { collection: 'books', q: '*', filter_by: 'nope:1' },
        ],
      },
      `?query_by=title&filter_by=status:%3DACTIVE&per_page=2&x-typesense-api-key=${encodeURIComponent(s.key)}`,
    );
    expect(res.statusCode).toBe(200);
    const [a, b, c, d] = res.json().results;
    // ((common) && (per-search)); the common per_page wins over the search's own.
    expect(a.found).toBe(3);
    expect(idsOf(a)).toEqual(['b10', 'b5']);
    expect(b.found).toBe(2);
    expect(b.request_params.collection_name).toBe('books_plain');
    expect(c).toEqual({ error: 'Collection not found', code: 404 });
    expect(d).toEqual({ error: 'Could not find a filter field named `nope` in the schema.', code: 404 });
  });

  it('uses a per-search key, and refuses the whole request when one search is not allowed', async () => {
    const s = await signInWithKey(t, 'multi2@test.example');
    const narrow = await signInWithKey(t, 'multi3@test.example', 'SUPER_ADMIN', ['books']);
    const ok = await multi({ searches: [{ collection: 'books_plain', q: '*', 'x-typesense-api-key': s.key }] }, '', withKey(narrow.key));
    expect(ok.statusCode).toBe(200);
    const refused = await multi({ searches: [{ collection: 'books', q: '*' }, { collection: 'books_plain', q: '*' }] }, '', withKey(narrow.key));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(UNAUTHORIZED);
  });

  it('applies the embedded filter after the merge', async () => {
    const s = await signInWithKey(t, 'multi4@test.example');
    const key = scoped(s.parent, { filter_by: 'in_print:true' });
    const res = await multi({ searches: [{ collection: 'books', q: '*', filter_by: 'year:<1990', per_page: 250 }] }, '?filter_by=status:%3DACTIVE', withKey(key));
    expect(idsOf(res.json().results[0])).toEqual(['b10', 'b3']);
  });

  it('answers body errors and the search limit with their messages', async () => {
    const s = await signInWithKey(t, 'multi5@test.example');
    const h = withKey(s.key);
    const cases: [unknown, string, string][] = [
      ['{not json', '', 'Bad JSON.'],
      [{ nope: [] }, '', 'Missing `searches` array.'],
      [{ searches: [1] }, '', 'The value of `searches` must be an array of objects.'],
      [{ searches: Array.from({ length: 51 }, () => ({ collection: 'books', q: '*' })) }, '', 'Number of multi searches exceeds `limit_multi_searches` parameter.'],
      [{ searches: [{ collection: 'books', q: '*' }, { collection: 'books', q: '*' }] }, '?limit_multi_searches=1', 'Number of multi searches exceeds `limit_multi_searches` parameter.'],
      [{ searches: [{ collection: 'books', q: '*', facet_by: ['a'] }] }, '', 'One or more search parameters are malformed.'],
    ];
    for (const [body, query, message] of cases) {
      const res = await multi(body, query, h);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await multi({ searches: Array.from({ length: 50 }, () => ({ collection: 'books', q: '*', per_page: 1 })) }, '', h)).statusCode).toBe(200);
    const limited = scoped(s.parent, { limit_multi_searches: 1 });
    expect((await multi({ searches: [{ collection: 'books', q: '*' }, { collection: 'books', q: '*' }] }, '?limit_multi_searches=5', withKey(limited))).statusCode).toBe(400);
  });
});
