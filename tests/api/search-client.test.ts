import type { AddressInfo } from 'node:net';
import { Client, Errors, SearchClient } from 'typesense';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createFixture, signInWithKey, type SignedIn } from './searchFixture';

/** The official typesense client, unchanged, against the real server over HTTP. */
let t: TestApp;
let s: SignedIn;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await createFixture(t);
  s = await signInWithKey(t, 'client@test.example');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const node = () => ({ host: '127.0.0.1', port, protocol: 'http', path: '/api/v1/search' });
const ids = (r: { hits?: { document: { id?: string } }[] }) => (r.hits ?? []).map((h) => h.document.id);

describe('typesense Client (key in a header)', () => {
  const client = () => new Client({ nodes: [node()], apiKey: s.key, numRetries: 0, connectionTimeoutSeconds: 5 });

  it('searches with arrays, backticks, && and || in the query string', async () => {
    const r = await client()
      .collections('books')
      .documents()
      .search({
        q: 'harry potter',
        query_by: ['title', 'genre'],
        filter_by: 'genre:=[`Fantasy, Comedy`, Fantasy] && year:>=1990 || (rating:[4..5] && status:=TERMINATED)',
        facet_by: ['status'],
        sort_by: 'year:desc',
        per_page: 5,
      });
    expect(r.found).toBe(2);
    expect(ids(r)).toEqual(['b2', 'b1']);
    expect(r.facet_counts?.[0].counts).toEqual([{ count: 2, highlighted: 'ACTIVE', value: 'ACTIVE' }]);
  });

  it('reads /health', async () => {
    expect(await client().health.retrieve()).toEqual({ ok: true });
  });

  it('maps errors to the client error classes with the server message', async () => {
    const docs = client().collections('books').documents();
    await expect(docs.search({ q: '*', filter_by: 'year:1 &&' })).rejects.toBeInstanceOf(Errors.RequestMalformed);
    await expect(docs.search({ q: '*', filter_by: 'year:' })).rejects.toThrow(
      'Request failed with HTTP code 400 | Server said: Error with filter field `year`: Filter value cannot be empty.',
    );
    await expect(docs.search({ q: '*', per_page: 251 })).rejects.toBeInstanceOf(Errors.ObjectUnprocessable);
    await expect(docs.search({ q: '*', facet_by: 'title' })).rejects.toBeInstanceOf(Errors.ObjectNotFound);
    const stranger = new Client({ nodes: [node()], apiKey: 'nope', numRetries: 0 });
    await expect(stranger.collections('books').documents().search({ q: '*' })).rejects.toBeInstanceOf(Errors.RequestUnauthorized);
  });

  it('runs multi_search with common parameters', async () => {
    const r = await client().multiSearch.perform(
      { searches: [{ collection: 'books', q: 'dune' }, { collection: 'books', q: '*', filter_by: 'id:b3' }] },
      { query_by: 'title', per_page: 10 },
    );
    expect(r.results.map((x) => ids(x as never))).toEqual([['b10', 'b4'], ['b3']]);
  });
});

describe('typesense SearchClient (key in the query string, text/plain multi_search)', () => {
  const client = () => new SearchClient({ nodes: [node()], apiKey: s.key, numRetries: 0 });

  it('searches', async () => {
    const r = await client().collections('books').documents().search({ q: 'neuro', query_by: 'title' }, {});
    expect(ids(r)).toEqual(['b5']);
    expect(r.request_params.collection_name).toBe('books');
  });

  it('runs multi_search', async () => {
    const r = await client().multiSearch.perform({
      searches: [
        { collection: 'books', q: 'hobit', query_by: 'title' },
        { collection: 'books', q: '*', filter_by: 'nope:1' },
      ],
    });
    expect(ids(r.results[0] as never)).toEqual(['b3']);
    expect(r.results[1]).toEqual({ error: 'Could not find a filter field named `nope` in the schema.', code: 404 });
  });

  it('is refused with a key of a signed-out session', async () => {
    const other = await signInWithKey(t, 'client2@test.example');
    await other.browser.post('auth/logout');
    const c = new SearchClient({ nodes: [node()], apiKey: other.key, numRetries: 0 });
    await expect(c.collections('books').documents().search({ q: '*' }, {})).rejects.toBeInstanceOf(Errors.RequestUnauthorized);
  });
});
