/**
 * Where a search runs with a replica (server/db/replica.ts): on the replica once it has replayed
 * what the search must see, else on the primary; never on a replica that just failed.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lsnValue, READ_WAIT_MS, ReadReplica, withReadAfter } from '../../server/db/replica';

/** A pool answering the position queries from `lsn()`, and search statements with `rows`. */
function fakePool(lsn: () => string, opts: { fail?: Error } = {}) {
  let searches = 0;
  const pool = {
    async query(text: string) {
      if (opts.fail) throw opts.fail;
      if (/pg_(current_wal|last_wal_replay)_lsn/.test(text)) return { rows: [{ lsn: lsn() }] };
      searches++;
      return { rows: [{ ok: true }] };
    },
  };
  return { pool: pool as unknown as pg.Pool, searches: () => searches };
}

const search = (replica: ReadReplica) => replica.run(async (p) => (await p.query('SELECT 1')).rows);

describe('read replica routing', () => {
  it('orders WAL positions across the segment boundary', () => {
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(lsnValue(null)).toBe(0n);
  });

  it('reads from the replica when it has replayed the caller\'s last write', async () => {
    const replica = fakePool(() => '0/3000100');
    const r = new ReadReplica(replica.pool, fakePool(() => '0/3000100').pool);
    expect(await withReadAfter(lsnValue('0/3000100'), () => search(r))).toEqual([{ ok: true }]);
    expect(replica.searches()).toBe(1);
  });

  it('waits for the replica to catch up, within the bound', async () => {
    let replayed = '0/1000000';
    const r = new ReadReplica(fakePool(() => replayed).pool, fakePool(() => '0/2000000').pool);
    setTimeout(() => (replayed = '0/2000000'), 50);
    const started = performance.now();
    expect(await withReadAfter(lsnValue('0/2000000'), () => search(r))).toEqual([{ ok: true }]);
    expect(performance.now() - started).toBeLessThan(READ_WAIT_MS);
  });

  it('answers undefined (the primary then runs it) when the replica stays behind past the bound', async () => {
    const replica = fakePool(() => '0/1000000');
    const r = new ReadReplica(replica.pool, fakePool(() => '0/2000000').pool);
    const started = performance.now();
    expect(await withReadAfter(lsnValue('0/2000000'), () => search(r))).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(READ_WAIT_MS - 20);
    expect(replica.searches()).toBe(0);
  });

  it('after a change notification, waits for the primary\'s position of that moment', async () => {
    const replica = fakePool(() => '0/1000000');
    const r = new ReadReplica(replica.pool, fakePool(() => '0/5000000').pool);
    expect(await search(r)).toEqual([{ ok: true }]);
    r.noteChange();
    expect(await search(r)).toBeUndefined();
  });

  it('skips a replica that failed, and reports it down', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const r = new ReadReplica(fakePool(() => '0/1', { fail: refused }).pool, fakePool(() => '0/1').pool);
    expect(await search(r)).toBeUndefined();
    expect(await r.status()).toEqual({ state: 'down', lagBytes: null, lagMs: null });
  });

  it('lets a search error that is not the replica\'s fault through', async () => {
    const r = new ReadReplica(fakePool(() => '0/1').pool, fakePool(() => '0/1').pool);
    const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    await expect(r.run(async () => Promise.reject(timedOut))).rejects.toBe(timedOut);
  });
});
