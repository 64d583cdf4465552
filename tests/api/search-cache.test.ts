import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import type { ListenOptions } from '../../server/db/listen';
import { SearchCache, type WordTag } from '../../server/search/cache';
import { SearchEngine } from '../../server/search/engine';
import { TypesenseError } from '../../server/search/errors';
import { searchEngines } from '../../server/search/plugin';
import { openDatabase } from '../../server/db/client';
import { createTestApp, type TestApp } from '../support/app';
import { pgliteTemplate } from '../support/db';
import { BOOKS, createFixture, scoped, signInWithKey, type SignedIn } from './searchFixture';

let t: TestApp;
let s: SignedIn;
let engine: SearchEngine;
beforeAll(async () => {
  t = await createTestApp();
  await createFixture(t);
  s = await signInWithKey(t, 'search-cache@test.example');
  engine = searchEngines.get(t.services)!;
});
afterAll(() => t.close());

const TABLE = 'search_fixture_books';
type Params = Record<string, string | number>;
function search(params: Params, collection = 'books', key = s.key) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api/v1/search/collections/${collection}/documents/search?${qs}`, headers: { 'x-typesense-api-key': key } });
}
const withoutTime = (body: string) => body.replace(/"search_time_ms":\d+,/, '');
const sql = (text: string) => t.services.database.query(text);

/** Runs a write and waits until this node has been told of it (no sleeping). */
async function write(text: string) {
  const told = engine.cache.nextChange(TABLE);
  await sql(text);
  await told;
}

describe('search answer cache', () => {
  it('serves a repeated search from the cache, byte for byte the same apart from search_time_ms', async () => {
    engine.cache.clear();
    const params = { q: 'dune', query_by: 'title,genre', facet_by: 'status,year', sort_by: 'year:desc', per_page: 5 };
    const first = await search(params);
    expect(first.statusCode).toBe(200);
    expect(engine.cache.size).toBe(1);
    const second = await search(params);
    expect(engine.cache.size).toBe(1);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(withoutTime(second.body)).toBe(withoutTime(first.body));
    engine.cache.clear();
    const fresh = await search(params);
    expect(withoutTime(fresh.body)).toBe(withoutTime(first.body));
    // Without search_time_ms the answers are identical outright.
    const timeless = { ...params, exclude_fields: 'search_time_ms' };
    expect((await search(timeless)).body).toBe((await search(timeless)).body);
  });

  it('drops the answer when the table changes through plain SQL, and the next search sees the change', async () => {
    const params = { q: 'messiah', query_by: 'title' };
    const before = (await search(params)).json();
    expect(before.hits.map((h: { document: { title: string } }) => h.document.title)).toEqual(['Dune Messiah']);
    expect((await search(params)).json().found).toBe(1);

    await write(`UPDATE ${TABLE} SET title = 'Dune Messiah Returns' WHERE id = 'b10'`);
    expect((await search(params)).json().hits[0].document.title).toBe('Dune Messiah Returns');

    await write(`INSERT INTO ${TABLE} (id, title, status) VALUES ('b11', 'Messiah Again', 'ACTIVE')`);
    const more = (await search(params)).json();
    expect(more.found).toBe(2);
    expect(more.out_of).toBe(11);
    expect((await search({ q: '*', exclude_fields: 'out_of' })).json().found).toBe(11);

    await write(`DELETE FROM ${TABLE} WHERE id = 'b11'`);
    await write(`UPDATE ${TABLE} SET title = 'Dune Messiah' WHERE id = 'b10'`);
    const after = (await search(params)).json();
    expect(after.found).toBe(1);
    expect(after.out_of).toBe(10);
    expect(after.hits[0].document.title).toBe('Dune Messiah');
    expect((await search({ q: '*', exclude_fields: 'out_of' })).json().found).toBe(10);
  });

  it('leaves out the weight restriction only when query_by covers the whole stored tsvector', async () => {
    const tsq = (queryBy: string) => engine.compile(BOOKS, { q: 'dune', query_by: queryBy }).exact!.values.find((v) => typeof v === 'string' && v.includes('dune'));
    expect(tsq('title')).toBe("'dune':*A");
    expect(tsq('title,genre')).toBe("'dune':*");
    expect(tsq('genre,title')).toBe("'dune':*");
    const found = async (queryBy: string) => (await search({ q: 'fantasy', query_by: queryBy })).json().found;
    expect(await found('title,genre')).toBe(await found('genre,title'));
    expect(await found('title,genre')).toBe(4);
    expect(await found('title')).toBe(0);
  });

  it('a save drops only the answers its rows can match: other words, other tables and typo answers as before', async () => {
    engine.cache.clear();
    const statements = vi.spyOn(t.services.database, 'searchQuery');
    try {
      const dune = { q: 'dune', query_by: 'title,genre', facet_by: 'status' };
      const hobbit = { q: 'hobbit', query_by: 'title,genre' };
      const prefix = { q: 'hob', query_by: 'title,genre' };
      const typo = { q: 'hobit', query_by: 'title,genre' };
      const all = { q: '*', facet_by: 'status' };
      for (const p of [dune, hobbit, prefix, typo, all]) await search(p);
      const ran = () => statements.mock.calls.length;
      const before = ran();
      for (const p of [dune, hobbit, prefix, typo, all]) await search(p);
      expect(ran()).toBe(before);

      // The Hobbit changes: its words are the, hobbit and fantasy, before and after.
      await write(`UPDATE ${TABLE} SET status = 'SUSPENDED' WHERE id = 'b3'`);
      const kept = ran();
      expect((await search(dune)).json().facet_counts[0].counts).toEqual(expect.arrayContaining([{ value: 'ACTIVE', count: 1, highlighted: 'ACTIVE' }]));
      expect(ran()).toBe(kept);
      expect((await search(hobbit)).json().hits[0].document.status).toBe('SUSPENDED');
      expect((await search(prefix)).json().hits[0].document.status).toBe('SUSPENDED');
      expect((await search(typo)).json().hits[0].document.status).toBe('SUSPENDED');
      expect((await search(all)).json().facet_counts[0].counts).toEqual(expect.arrayContaining([{ value: 'SUSPENDED', count: 2, highlighted: 'SUSPENDED' }]));
      expect(ran()).toBeGreaterThan(kept);

      // A row that comes to hold the word drops the answer too (its words after the change).
      await write(`UPDATE ${TABLE} SET title = 'The Hobbit and Dune' WHERE id = 'b3'`);
      expect((await search(dune)).json().found).toBe(3);
      await write(`UPDATE ${TABLE} SET title = 'The Hobbit', status = 'ACTIVE' WHERE id = 'b3'`);
      expect((await search(dune)).json().found).toBe(2);
      expect((await search(hobbit)).json().hits[0].document.status).toBe('ACTIVE');
    } finally {
      statements.mockRestore();
    }
  });

  it('checks a word-tagged answer against each change since it was stored, and drops it when those are no longer known', () => {
    const cache = new SearchCache<{ bytes: number; words?: WordTag | null }>();
    (cache as unknown as { listening: boolean }).listening = true;
    const tag: WordTag = { table: 't', exact: ['dune'], prefix: 'mes' };
    const g = cache.generation(['t', 'u']);
    cache.set('tagged', ['t', 'u'], g, { bytes: 1, words: tag });
    cache.set('plain', ['t', 'u'], g, { bytes: 1 });
    cache.changedWords('t', ['hobbit', 'the']);
    cache.changedWords('t', ['dune', 'mess']);
    expect(cache.get('plain', ['t', 'u'])).toBeUndefined();
    expect(cache.get('tagged', ['t', 'u'])).toBeUndefined();

    cache.set('tagged', ['t', 'u'], cache.generation(['t', 'u']), { bytes: 1, words: tag });
    cache.changedWords('t', ['dune', 'moss']);
    cache.changedWords('t', ['messiah']);
    expect(cache.get('tagged', ['t', 'u'])).toBeDefined();
    // Another table of the collection (its groups, its documents): any change counts.
    cache.changedWords('u', ['other']);
    expect(cache.get('tagged', ['t', 'u'])).toBeUndefined();

    // Rows holding the words whose words and count dimensions stayed: counts stand, answers do not.
    const counts: WordTag = { ...tag, countsOnly: true };
    cache.set('tagged', ['t', 'u'], cache.generation(['t', 'u']), { bytes: 1, words: tag });
    cache.set('counts', ['t', 'u'], cache.generation(['t', 'u']), { bytes: 1, words: counts });
    cache.changedWords('t', ['dune', 'messiah'], false);
    expect(cache.get('tagged', ['t', 'u'])).toBeUndefined();
    expect(cache.get('counts', ['t', 'u'])).toBeDefined();
    cache.changedWords('t', ['dune', 'messiah'], true);
    expect(cache.get('counts', ['t', 'u'])).toBeUndefined();

    cache.set('tagged', ['t', 'u'], cache.generation(['t', 'u']), { bytes: 1, words: tag });
    for (let i = 0; i < 300; i++) cache.changedWords('t', [`w${i}`]);
    expect(cache.get('tagged', ['t', 'u'])).toBeUndefined();
    cache.set('tagged', ['t', 'u'], cache.generation(['t', 'u']), { bytes: 1, words: tag });
    cache.bump('t');
    expect(cache.get('tagged', ['t', 'u'])).toBeUndefined();
  });

  it('tells an UPDATE of many rows, or of rows with too many words, as a change of the whole table', async () => {
    // The generation's count of whole-table changes (cache.ts: epoch:changes.wordChanges).
    const wholeTable = () => engine.cache.generation([TABLE]).split(':')[1].split('.')[0];
    let was = wholeTable();
    await write(`UPDATE ${TABLE} SET title = 'Neuromancer Again' WHERE id = 'b5'`);
    expect(wholeTable()).toBe(was);
    await write(`UPDATE ${TABLE} SET title = (SELECT string_agg('w' || g, ' ') FROM generate_series(1, 2000) g) WHERE id = 'b5'`);
    expect(wholeTable()).not.toBe(was);
    await write(`UPDATE ${TABLE} SET title = 'Neuromancer' WHERE id = 'b5'`);

    await write(`INSERT INTO ${TABLE} (id, title, status) SELECT 'many' || g, 'Many', 'ACTIVE' FROM generate_series(1, 40) g`);
    was = wholeTable();
    await write(`UPDATE ${TABLE} SET pages = 1 WHERE id LIKE 'many%'`);
    expect(wholeTable()).not.toBe(was);
    await write(`DELETE FROM ${TABLE} WHERE id LIKE 'many%'`);
    expect((await search({ q: 'neuromancer', query_by: 'title' })).json().found).toBe(1);
  });

  it('never stores an answer computed while the table changed', async () => {
    engine.cache.clear();
    const running = engine.searchJson(BOOKS, { q: '*', filter_by: 'year:>1900' });
    engine.cache.bump(TABLE);
    await running;
    expect(engine.cache.size).toBe(0);
    await engine.searchJson(BOOKS, { q: '*', filter_by: 'year:>1900' });
    expect(engine.cache.size).toBe(1);
  });

  it('answers a change only once this node has been told of it (read your own writes)', async () => {
    const params = { q: 'messiah', query_by: 'title' };
    expect((await search(params)).json().found).toBe(1);
    // What the next search does after a call that may have changed something.
    const editor = t.services.database;
    await editor.query(`INSERT INTO ${TABLE} (id, title, status) VALUES ('b12', 'Messiah Once More', 'ACTIVE')`);
    await engine.cache.sync(editor);
    expect((await search(params)).json().found).toBe(2);
    await editor.query(`DELETE FROM ${TABLE} WHERE id = 'b12'`);
    await engine.cache.sync(editor);
    expect((await search(params)).json().found).toBe(1);
    // Its markers (and other nodes') are not tables: no generation is kept for them.
    const before = engine.cache.generation([TABLE]);
    await t.services.database.query("SELECT pg_notify('fnc_search_changed', 'sync:from-another-node')");
    await engine.cache.sync(editor);
    expect(engine.cache.generation(['sync:from-another-node'])).toBe(engine.cache.generation(['never-changed']));
    expect(engine.cache.generation([TABLE])).toBe(before);
  });

  it('sync: nothing to wait for with the listener down; a marker that does not come drops every answer', async () => {
    let opts: ListenOptions = {};
    const sent: unknown[][] = [];
    const fake = {
      listen: async (_c: string, _f: (p: string) => void, o: ListenOptions) => ((opts = o), async () => undefined),
      query: async (_sql: string, params: unknown[]) => (sent.push(params), []),
    } as unknown as Database;
    const cache = new SearchCache<{ bytes: number }>();
    await cache.sync(fake);
    expect(sent).toEqual([]);
    await cache.start(fake, () => undefined);
    // The marker never comes back (the fake delivers nothing): losing the listener releases it.
    const waiting = cache.sync(fake);
    await expect.poll(() => sent.length).toBe(1);
    opts.onError?.(new Error('connection lost'));
    await waiting;
    opts.onReconnect?.();
    cache.set('x', ['t'], cache.generation(['t']), { bytes: 1 });
    expect(cache.size).toBe(1);
    await cache.sync(fake, 10);
    expect(cache.size).toBe(0);
  });

  it('keeps sessions with different embedded filters apart', async () => {
    const other = await signInWithKey(t, 'search-cache-2@test.example');
    const active = scoped(s.parent, { filter_by: 'status:=ACTIVE' });
    const terminated = scoped(other.parent, { filter_by: 'status:=TERMINATED' });
    const params = { q: '*', per_page: 250 };
    const ids = (body: { hits: { document: { id: string } }[] }) => body.hits.map((h) => h.document.id);
    for (let round = 0; round < 2; round++) {
      expect(ids((await search(params, 'books', active)).json())).toEqual(['b10', 'b8', 'b6', 'b5', 'b3', 'b2', 'b1']);
      expect(ids((await search(params, 'books', terminated)).json())).toEqual(['b9', 'b4']);
      expect(ids((await search(params, 'books', s.key)).json())).toHaveLength(10);
    }
  });

  it('never answers one collection with another one’s result', async () => {
    const params = { q: '*', per_page: 3 };
    for (let round = 0; round < 2; round++) {
      const books = (await search(params, 'books')).json();
      const ranked = (await search(params, 'books_ranked')).json();
      const plain = (await search(params, 'books_plain')).json();
      expect(books.request_params.collection_name).toBe('books');
      expect(ranked.request_params.collection_name).toBe('books_ranked');
      expect(plain.request_params.collection_name).toBe('books_plain');
      expect(books.hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(['b10', 'b9', 'b8']);
      expect(ranked.hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(['b8', 'b2', 'b1']);
    }
  });

  it('serves multi_search from the same cache with the same bytes', async () => {
    const body = JSON.stringify({ searches: [{ collection: 'books', q: 'harry', query_by: 'title', exclude_fields: 'search_time_ms' }] });
    const post = () => t.app.inject({ method: 'POST', url: '/api/v1/search/multi_search', payload: body, headers: { 'content-type': 'text/plain', 'x-typesense-api-key': s.key } });
    const a = await post();
    const b = await post();
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(b.body).toBe(a.body);
    expect(a.json().results[0].found).toBe(2);
  });
});

describe('SearchCache', () => {
  const answer = (bytes: number) => ({ bytes });

  it('evicts the least recently used entries beyond its count and byte limits', () => {
    const cache = new SearchCache<{ bytes: number }>({ maxEntries: 2, maxBytes: 100 });
    (cache as unknown as { listening: boolean }).listening = true;
    const g = cache.generation(['t']);
    cache.set('a', ['t'], g, answer(10));
    cache.set('b', ['t'], g, answer(10));
    expect(cache.get('a', ['t'])).toBeDefined();
    cache.set('c', ['t'], g, answer(10));
    expect(cache.get('b', ['t'])).toBeUndefined();
    expect(cache.get('a', ['t'])).toBeDefined();
    cache.set('d', ['t'], g, answer(95));
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(95);
    cache.set('e', ['t'], g, answer(101));
    expect(cache.get('e', ['t'])).toBeUndefined();
  });

  it('invalidates per table, caches nothing while not listening, and clears on reconnect', async () => {
    let opts: ListenOptions = {};
    const fake = { listen: async (_c: string, _f: (p: string) => void, o: ListenOptions) => ((opts = o), async () => undefined) } as unknown as Database;
    const cache = new SearchCache<{ bytes: number }>();
    expect(cache.enabled).toBe(false);
    cache.set('x', ['t'], cache.generation(['t']), answer(1));
    expect(cache.size).toBe(0);
    await cache.start(fake, () => undefined);
    cache.set('x', ['t'], cache.generation(['t']), answer(1));
    cache.set('y', ['u'], cache.generation(['u']), answer(1));
    cache.bump('t');
    expect(cache.get('x', ['t'])).toBeUndefined();
    expect(cache.get('y', ['u'])).toBeDefined();
    opts.onError?.(new Error('connection lost'));
    expect(cache.enabled).toBe(false);
    expect(cache.get('y', ['u'])).toBeUndefined();
    cache.set('z', ['u'], cache.generation(['u']), answer(1));
    expect(cache.size).toBe(0);
    const stale = cache.generation(['u']);
    opts.onReconnect?.();
    expect(cache.enabled).toBe(true);
    cache.set('z', ['u'], stale, answer(1));
    expect(cache.size).toBe(0);
  });
});

describe('reading your own writes', () => {
  it('a search right after a write on this node sees it, even before the change notification arrives', async () => {
    // This node's change notifications, held back until a sync marker arrives after them (the
    // worst order the network can give; they still arrive in commit order).
    const held: string[] = [];
    const real = t.services.database;
    const late: Database = {
      ...real,
      listen: (channel: string, onPayload: (p: string) => void, opts?: ListenOptions) =>
        real.listen(
          channel,
          (p) => {
            if (!p.startsWith('sync:')) return void held.push(p);
            held.splice(0).forEach(onPayload);
            onPayload(p);
          },
          opts,
        ),
    };
    const slow = new SearchEngine(late);
    const stop = await slow.cache.start(late, () => undefined);
    try {
      const found = async () => JSON.parse(await slow.searchJson(BOOKS, { q: '*', filter_by: 'status:=SUSPENDED' })).found as number;
      expect(await found()).toBe(1);
      await sql(`UPDATE ${TABLE} SET status = 'SUSPENDED' WHERE id = 'b1'`);
      // Not told yet: the cached answer is what the cache knows (the case the sync exists for).
      expect(await found()).toBe(1);
      slow.noteWrite();
      expect(await found()).toBe(2);
    } finally {
      await write(`UPDATE ${TABLE} SET status = 'ACTIVE' WHERE id = 'b1'`);
      await stop();
    }
  });
});

describe('statement timeout', () => {
  it('answers a cancelled search with 408 Request Timeout', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const fake = { searchQuery: async () => Promise.reject(cancelled) } as unknown as Database;
    const err = await new SearchEngine(fake).searchJson(BOOKS, { q: '*' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypesenseError);
    expect(err).toMatchObject({ status: 408, message: 'Request Timeout' });
  });

  it('plans every search statement for its values: a generic plan cannot see how common a word is', async () => {
    const [{ mode }] = await t.services.database.searchQuery<{ mode: string }>(`SELECT current_setting('plan_cache_mode') AS mode`, []);
    // PGlite runs unnamed statements, which are always planned for their values.
    expect(mode).toBe(t.services.database.kind === 'pg' ? 'force_custom_plan' : 'auto');
  });

  it('cancels a search statement that runs past the timeout, on a server and on PGlite alike', async () => {
    const url = process.env.TEST_DB_KIND === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
    const db = await openDatabase(url ? { databaseUrl: url, poolSize: 1, searchTimeoutMs: 50 } : { dataDir: 'memory://', loadDataDir: pgliteTemplate(), searchTimeoutMs: 50 });
    try {
      // 50 million rows take seconds on a server and about a minute on PGlite.
      const started = Date.now();
      await expect(db.searchQuery('SELECT count(*) FROM generate_series(1, 50000000) g', [])).rejects.toMatchObject({ code: '57014' });
      expect(Date.now() - started).toBeLessThan(1500);
      // A statement that waits is cancelled too (PGlite's pg_sleep blocks the thread until it ends).
      await expect(db.searchQuery('SELECT pg_sleep(0.3) AS slept', [])).rejects.toMatchObject({ code: '57014' });
      // The connection is usable afterwards, and statements of other callers are not cancelled.
      expect(await db.searchQuery<{ n: number }>('SELECT 1 AS n', [])).toEqual([{ n: 1 }]);
      expect(await db.query<{ n: string | number }>('SELECT count(*) AS n FROM generate_series(1, 200000) g')).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
