/**
 * Searches on a streaming replica (DATABASE_READ_URL), without reading the past.
 *
 * A search goes to the replica only when the replica has replayed the WAL position it needs, else
 * it waits up to READ_WAIT_MS for it, else it runs on the primary. The position needed is the
 * larger of:
 *  - the caller's last write (read-your-writes): the LSN after an admin's write, carried by a
 *    signed cookie (server/rpc/readAfter.ts) so every node knows it without asking the database;
 *  - this node's floor: the primary's LSN read after the last change notification arrived. The
 *    search cache is invalidated by NOTIFY from the primary (a standby sends none); a search run
 *    on a replica that had not yet replayed that change would be cached as fresh under the new
 *    generation. Raising the floor on every notification keeps stale rows out of the cache.
 * A replica that fails to answer (stopped, restarting, a query cancelled by recovery) is left
 * alone for DOWN_MS and its searches run on the primary: no error reaches the caller.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** How long a search waits for the replica to replay the position it needs before using the primary. */
export const READ_WAIT_MS = 500;
/** After a replica failure, how long searches skip it. */
const DOWN_MS = 2_000;
/** A replayed position read this recently is reused by the next searches (it only grows). */
const REPLAY_FRESH_MS = 20;
const POLL_MS = 10;

/** "16/B374D848" as one number, to compare positions. */
export function lsnValue(lsn: string | null | undefined): bigint {
  if (!lsn) return 0n;
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

/** The write position the current search must see, set around a search call (see withReadAfter). */
const readAfter = new AsyncLocalStorage<bigint>();

export function withReadAfter<T>(lsn: bigint, fn: () => Promise<T>): Promise<T> {
  return lsn > 0n ? readAfter.run(lsn, fn) : fn();
}

export interface ReplicaStatus {
  /** 'replaying' while it answers; 'down' when it does not (searches then use the primary). */
  state: 'replaying' | 'down';
  /** WAL bytes the replica has yet to replay. */
  lagBytes: number | null;
  /** Age of the last replayed transaction when bytes are still to replay; 0 when caught up. */
  lagMs: number | null;
}

/** Errors after which the same search is run again on the primary. */
function replicaFault(err: unknown): boolean {
  const code = String((err as { code?: string }).code ?? '');
  // 08: connection; 57P0x: shutdown, cannot connect now; 40001: cancelled by a conflict with recovery.
  if (code.startsWith('08') || code.startsWith('57P') || code === '40001') return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(String((err as Error).message));
}

export class ReadReplica {
  private replayed = 0n;
  private replayedAt = 0;
  private replayRead: Promise<bigint> | null = null;
  private floor = 0n;
  private floorRead: Promise<void> | null = null;
  private downUntil = 0;

  constructor(
    /** The replica's search pool. */
    private readonly pool: pg.Pool,
    /** The primary's (for its current position). */
    private readonly primary: pg.Pool,
  ) {}

  /** A change was notified: searches wait for the primary's position after it (see the top). */
  noteChange(): void {
    const read: Promise<void> = this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn').then(
      (r) => {
        const lsn = lsnValue(r.rows[0].lsn);
        if (lsn > this.floor) this.floor = lsn;
      },
      // Unknown position: every search waits for the latest replay instead (the floor's own fallback).
      () => undefined,
    ).finally(() => {
      if (this.floorRead === read) this.floorRead = null;
    });
    this.floorRead = read;
  }

  /**
   * Runs a search statement on the replica when it is fresh enough, else answers undefined for the
   * caller to run it on the primary.
   */
  async run<T>(query: (pool: pg.Pool) => Promise<T>): Promise<T | undefined> {
    if (Date.now() < this.downUntil) return undefined;
    if (this.floorRead) await this.floorRead;
    const need = [this.floor, readAfter.getStore() ?? 0n].reduce((a, b) => (a > b ? a : b));
    try {
      if (!(await this.replayedAtLeast(need))) return undefined;
      return await query(this.pool);
    } catch (err) {
      if (!replicaFault(err)) throw err;
      this.downUntil = Date.now() + DOWN_MS;
      return undefined;
    }
  }

  private async replayedAtLeast(need: bigint): Promise<boolean> {
    if (this.replayed >= need) return true;
    const deadline = Date.now() + READ_WAIT_MS;
    for (;;) {
      if (Date.now() - this.replayedAt > REPLAY_FRESH_MS) await this.readReplay();
      if (this.replayed >= need) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** One replica round trip shared by every search waiting at the moment. */
  private readReplay(): Promise<bigint> {
    this.replayRead ??= this.pool
      .query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn')
      .then((r) => {
        const lsn = lsnValue(r.rows[0].lsn);
        if (lsn > this.replayed) this.replayed = lsn;
        this.replayedAt = Date.now();
        return this.replayed;
      })
      .finally(() => (this.replayRead = null));
    return this.replayRead;
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  /** For /healthz: how far behind the primary the replica is. */
  async status(): Promise<ReplicaStatus> {
    try {
      const [p, r] = await Promise.all([
        this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        this.pool.query<{ lsn: string | null; age_ms: number | null }>(
          'SELECT pg_last_wal_replay_lsn()::text AS lsn, (EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS age_ms',
        ),
      ]);
      const lagBytes = lsnValue(p.rows[0].lsn) - lsnValue(r.rows[0].lsn);
      const behind = lagBytes > 0n;
      return { state: 'replaying', lagBytes: behind ? Number(lagBytes) : 0, lagMs: behind ? Math.round(Number(r.rows[0].age_ms ?? 0)) : 0 };
    } catch {
      return { state: 'down', lagBytes: null, lagMs: null };
    }
  }
}
