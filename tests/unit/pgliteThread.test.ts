import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteWorker, type PgliteThreadBackend } from '../../server/db/pgliteThread';

/** What the main thread's stand-in for PGlite must keep of PGlite's behaviour across the thread boundary. */
let backend: PgliteThreadBackend;
beforeAll(async () => {
  backend = await openPgliteWorker({ dataDir: 'memory://' });
  await backend.exec('CREATE TABLE t (id int PRIMARY KEY, big int8, at timestamptz, bytes bytea, doc jsonb)');
}, 120_000);
afterAll(() => backend?.close());

const client = () => backend.client;

describe('PGlite in a worker thread', () => {
  it('returns int8 as BigInt, timestamptz as Date, bytea as bytes, jsonb parsed, as PGlite does', async () => {
    const at = new Date('2026-11-21T10:00:00Z');
    await client().query('INSERT INTO t VALUES ($1, $2, $3, $4, $5)', [1, 9007199254740993n, at, new Uint8Array([0, 1, 255]), JSON.stringify({ a: [1] })]);
    const { rows } = await client().query<Record<string, unknown>>('SELECT * FROM t WHERE id = 1');
    expect(rows).toEqual([{ id: 1, big: 9007199254740993n, at, bytes: new Uint8Array([0, 1, 255]), doc: { a: [1] } }]);
  });

  it('applies the caller\'s parsers on this thread (drizzle reads timestamps as text), in both row modes', async () => {
    const parsers = { 1184: (v: string) => `text:${v.slice(0, 4)}` };
    const asArrays = await client().query('SELECT at, id FROM t WHERE id = 1', [], { rowMode: 'array', parsers });
    expect(asArrays.rows).toEqual([['text:2026', 1]]);
    const asObjects = await client().query('SELECT at FROM t WHERE id = 1', [], { parsers });
    expect(asObjects.rows).toEqual([{ at: 'text:2026' }]);
  });

  it('carries the fields of a database error: code, constraint, detail', async () => {
    const failed = client().query('INSERT INTO t (id) VALUES (1)');
    await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 't_pkey', detail: 'Key (id)=(1) already exists.' });
    await expect(failed).rejects.toBeInstanceOf(Error);
  });

  it('gives a transaction the session to itself, and rolls it back when its callback throws', async () => {
    let inside: Promise<unknown> | undefined;
    const order: string[] = [];
    const tx = client().transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (2)');
      // Asked while the transaction holds the session: it must not run inside it.
      inside = client().query('SELECT count(*)::int AS n FROM t').then((r) => (order.push('outside'), r.rows));
      await tx.query('INSERT INTO t (id) VALUES (3)');
      order.push('transaction');
      throw new Error('changed my mind');
    });
    await expect(tx).rejects.toThrow('changed my mind');
    expect(await inside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction', 'outside']);
    expect(await client().transaction(async (tx) => (await tx.query('INSERT INTO t (id) VALUES (4) RETURNING id')).rows)).toEqual([{ id: 4 }]);
    expect((await client().query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 4 }]);
  });

  it('forwards notifications to listeners here until they stop listening', async () => {
    const got: string[] = [];
    const stop = await backend.listen('pglite_thread_test', (payload) => got.push(payload));
    await client().query("SELECT pg_notify('pglite_thread_test', 'one')");
    await stop();
    await client().query("SELECT pg_notify('pglite_thread_test', 'two')");
    expect(got).toEqual(['one']);
  });

  it('dumps the data directory, and a new thread starts from the dump', async () => {
    const copy = await openPgliteWorker({ dataDir: 'memory://', loadDataDir: await backend.dump() });
    try {
      expect((await copy.client.query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 4 }]);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('fails pending and later statements when the thread dies, and says so once', async () => {
    const failures: Error[] = [];
    const doomed = await openPgliteWorker({ dataDir: 'memory://', onFailure: (err) => failures.push(err) });
    const pending = doomed.query('SELECT count(*) FROM generate_series(1, 50000000) g');
    await doomed.thread.terminate();
    await expect(pending).rejects.toThrow(/embedded database/);
    await expect(doomed.query('SELECT 1')).rejects.toThrow(/embedded database/);
    expect(failures).toHaveLength(1);
    await doomed.close();
  }, 120_000);
});
