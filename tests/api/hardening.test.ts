import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { signInWithKey, type SignedIn } from './searchFixture';
import { MAX_QUERY_WORDS } from '../../server/search/textQuery';
import { MAX_FILTER_NESTING } from '../../server/search/filter';
import { MAX_MULTI_SEARCHES } from '../../server/search/multiSearch';
import { INPUT_MESSAGES, MAX_INPUT_DEPTH } from '../../domain/inputSafety';

let t: TestApp;
let s: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  s = await signInWithKey(t, 'hardening@test.example', 'VIEWER', []);
});
afterAll(() => t.close());

const search = (collection: string, params: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/search/collections/${collection}/documents/search?${new URLSearchParams(params)}`, headers: { 'x-typesense-api-key': s.key } });
const multi = (body: unknown, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/v1/search/multi_search${query}`, headers: { 'x-typesense-api-key': s.key, 'content-type': 'text/plain' }, payload: JSON.stringify(body) });
const healthy = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
/** `SELECT 0 + 1 + … + n`: an expression n levels deep. */
const deepSum = (n: number) => `SELECT ${Array.from({ length: n }, (_, i) => i).join(' + ')} AS total`;

describe('the request sequence that froze the embedded server', () => {
  it('a 300-word typo search, then a request PostgreSQL refuses, then /healthz: all answer at once', async () => {
    const q = Array(300).fill('abcdefghij').join(' ');
    const res = await search('leaseCompanyIndex', { q, query_by: 'name,address,email', num_typos: '2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `The search text has too many words: at most ${MAX_QUERY_WORDS} are allowed.` });
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userName: 'a\u0000b@x.example', password: 'whatever-pass' } });
    expect(login.statusCode).toBe(400);
    expect(await healthy()).toBe(200);
  });

  it('a search at the word limit with typos in every field still answers', async () => {
    const q = Array.from({ length: MAX_QUERY_WORDS }, (_, i) => `word${i}x`).join(' ');
    const res = await search('leaseCompanyIndex', { q, query_by: 'name,address,email', num_typos: '2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().found).toBe(0);
  });

  it('a statement too deep for the stack fails with 54001 and leaves the connection usable', async () => {
    const database = t.services.database;
    // PGlite runs out of native stack in this; a server may run it, or refuse it with the same code.
    const deep = await database.query(deepSum(3000)).then(
      () => 'ran',
      (err: { code?: string }) => err.code,
    );
    expect(database.kind === 'pglite' ? deep : deep === 'ran' ? '54001' : deep).toBe('54001');
    // An error right after (what used to spin for ever), then ordinary work, through every path.
    await expect(database.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect(await database.query('SELECT 41 + 1 AS n')).toEqual([{ n: 42 }]);
    // Through Drizzle (no wrapper of ours): the statement fails or runs, and the connection lives on.
    await t.services.db.execute(sql.raw(deepSum(3000))).catch(() => undefined);
    await expect(database.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    await t.services.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(42)`);
    });
    expect(await healthy()).toBe(200);
  });
});

describe('bad input answers 400, never 500', () => {
  it('refuses a NUL or control character in the search text, the filter and every other parameter', async () => {
    for (const params of <Record<string, string>[]>[
      { q: 'a\u0000b', query_by: 'name' },
      { q: '*', filter_by: 'status:=ACTIVE\u0000' },
      { q: '*', sort_by: 'name:asc\u0007' },
      { q: 'x\u007f', query_by: 'name' },
    ]) {
      const res = await search('leaseCompanyIndex', params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().message).toMatch(/^Parameter `(q|filter_by|sort_by)` contains characters that are not allowed\.$/);
    }
    const res = await multi({ searches: [{ collection: 'leaseCompanyIndex', q: 'a\u0000', query_by: 'name' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toEqual({ code: 400, error: 'Parameter `q` contains characters that are not allowed.' });
    // Tabs and line breaks are whitespace.
    expect((await search('leaseCompanyIndex', { q: 'a\tb\nc', query_by: 'name' })).statusCode).toBe(200);
  });

  it('refuses a float filter value no double can hold, and reads an underflow as zero', async () => {
    const over = await search('suppliers', { q: '*', filter_by: 'lat:>1e400' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'Error with filter field `lat`: Not a float.' });
    expect((await search('suppliers', { q: '*', filter_by: 'lat:>-1e-400' })).statusCode).toBe(200);
  });

  it('bounds the nesting of filter_by, also in a multi_search body with no length limit', async () => {
    const deep = `${'('.repeat(10_000)}status:=ACTIVE${')'.repeat(10_000)}`;
    const res = await multi({ searches: [{ collection: 'leaseCompanyIndex', q: '*', filter_by: deep }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toEqual({ code: 400, error: `Could not parse the filter query: more than ${MAX_FILTER_NESTING} nested parentheses.` });
    const ok = `${'('.repeat(MAX_FILTER_NESTING)}status:=ACTIVE${')'.repeat(MAX_FILTER_NESTING)}`;
    expect((await search('leaseCompanyIndex', { q: '*', filter_by: ok })).statusCode).toBe(200);
  });

  it('runs at most the server limit of searches in one multi_search, whatever the caller asks', async () => {
    const searches = (n: number) => Array.from({ length: n }, () => ({ collection: 'leaseCompanyIndex', q: '*' }));
    const tooMany = await multi({ searches: searches(MAX_MULTI_SEARCHES + 1) }, '?limit_multi_searches=100000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'Number of multi searches exceeds `limit_multi_searches` parameter.' });
    const allowed = await multi({ searches: searches(MAX_MULTI_SEARCHES) }, '?limit_multi_searches=100000');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().results).toHaveLength(MAX_MULTI_SEARCHES);
    // The caller may still lower it.
    expect((await multi({ searches: searches(3) }, '?limit_multi_searches=2')).statusCode).toBe(400);
  });

  it('refuses a field named twice in query_by', async () => {
    const res = await search('leaseCompanyIndex', { q: 'a', query_by: 'name,email,name' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Field `name` is named more than once in `query_by`.' });
  });

  it('a key whose prefix holds a NUL is simply not a key', async () => {
    const forged = Buffer.concat([Buffer.alloc(44, 1), Buffer.from('ab\u0000c', 'latin1'), Buffer.from('{}')]).toString('base64');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/search/collections/leaseCompanyIndex/documents/search?q=*`, headers: { 'x-typesense-api-key': forged } });
    expect(res.statusCode).toBe(401);
  });

  it('every slug refuses control characters, non-finite numbers and deep nesting before its schema, naming the field', async () => {
    const browser = new Browser(t);
    const post = (body: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: body });
    const nul = await post(JSON.stringify({ userName: 'a\u0000b@x.example', password: 'whatever-pass' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toEqual({ code: 'VALIDATION', message: INPUT_MESSAGES.text, fields: { userName: INPUT_MESSAGES.text } });
    const surrogate = await post('{"userName":"a\\ud800@x.example","password":"whatever-pass"}');
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().error.fields).toEqual({ userName: INPUT_MESSAGES.text });
    const huge = await post('{"userName":"a@x.example","password":"whatever-pass","extra":{"n":1e400}}');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual({ 'extra.n': INPUT_MESSAGES.number });
    const deep = await post(`{"userName":"a@x.example","password":"p","x":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toBe(INPUT_MESSAGES.depth);
    expect(MAX_INPUT_DEPTH).toBeLessThan(5000);
    // A signed-in call too: a document label with a NUL (the probe's 500).
    await createAdmin(t, 'SUPER_ADMIN', 'hardening-admin@test.example');
    await browser.signIn('hardening-admin@test.example');
    const label = await browser.post('admin/addDocument', { leaseCompanyId: '00000000-0000-4000-8000-000000000000', document: { fileId: '00000000-0000-4000-8000-000000000000', label: 'Signed\u0000', type: 'application/pdf' } });
    expect(label.statusCode).toBe(400);
    expect(label.json().error.fields).toEqual({ 'document.label': INPUT_MESSAGES.text });
    expect(await healthy()).toBe(200);
  });
});
