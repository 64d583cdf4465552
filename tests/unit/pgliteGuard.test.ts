import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { guardPglite } from '../../server/db/pgliteGuard';
import { openDatabase, type Database } from '../../server/db/client';

/** `SELECT 0 + 1 + … + n`: an expression n levels deep, more than V8's stack holds inside PGlite. */
const deepSum = (n: number) => `SELECT ${Array.from({ length: n }, (_, i) => i).join(' + ')} AS total`;

// The guard runs where PGlite runs: in its own thread (the default) or on the API's.
describe.each(['worker', 'main'] as const)('PGlite statement guard, PGlite on the %s thread', (pgliteThread) => {
  let db: Database;
  // A new PGlite database runs initdb in WebAssembly: seconds, more on a busy machine.
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://', searchTimeoutMs: 100, pgliteThread });
  }, 120_000);
  afterAll(() => db.close());

  it('turns native stack exhaustion into error 54001 instead of a silent empty result', async () => {
    await expect(db.query(deepSum(3000))).rejects.toMatchObject({ code: '54001' });
    // Before the guard, this error longjmped into the unwound frames and spun for ever.
    await expect(db.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect(await db.query('SELECT 41 + 1 AS n')).toEqual([{ n: 42 }]);
  });

  it('leaves no transaction open behind a statement that exhausted the stack', async () => {
    await db.query('BEGIN');
    await expect(db.query(deepSum(3000))).rejects.toMatchObject({ code: '54001' });
    // PostgreSQL's own recovery ran: the block is aborted, as after any error, until ROLLBACK.
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: '25P02' });
    await db.query('ROLLBACK');
    expect(await db.query('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });

  it('cancels only the statement that asked for the deadline, never the next one', async () => {
    await expect(db.searchQuery('SELECT count(*) FROM generate_series(1, 50000000) g', [])).rejects.toMatchObject({ code: '57014' });
    // Quick statements with a deadline, each followed by a slower one without: the late timers
    // of the quick ones must not land on the slow ones.
    for (let i = 0; i < 5; i++) {
      expect(await db.searchQuery('SELECT 1 AS n', [])).toEqual([{ n: 1 }]);
      const [row] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM generate_series(1, 300000) g');
      expect(Number(row.n)).toBe(300000);
    }
  });

});

it('refuses a PGlite build without the symbols it needs, rather than guarding nothing', async () => {
  const fake = { mod: { _PostgresMainLoopOnce: () => undefined } } as unknown as PGlite;
  expect(() => guardPglite(fake)).toThrow(/lacks .*_PostgresMainLongJmp/);
});
