import crypto from 'node:crypto';
import type { Database } from '../db/client';
import type { Unlisten } from '../db/listen';

/**
 * Channel of the statement-level triggers of migration 0004_search_change_notify: every INSERT,
 * UPDATE, DELETE or TRUNCATE on a table behind a collection sends the table's name here, whatever
 * wrote it (RPC handlers, jobs, the seed, psql). Lower case: PGlite matches no other.
 */
export const SEARCH_CHANNEL = 'fnc_search_changed';

/** The trigger of migration 0004 for one table; tests put it on their own fixture tables. */
export function changeTriggerSql(table: string): string {
  return `CREATE TRIGGER "${table}_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION search_changed()`;
}

/** A table's generation at some moment, plus the epoch (bumped on every clear). */
export type Generation = string;

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Payloads sync() sends on the change channel; never a table name. */
const SYNC_PREFIX = 'sync:';
const SYNC_TIMEOUT_MS = 2000;

export const DEFAULT_LIMITS: CacheLimits = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024 };

/**
 * Per-table change generations fed by NOTIFY, and an LRU of search answers tagged with the
 * generation they were computed under. An entry is served only while its tables' generation is
 * unchanged, and a result is stored only if the generation read before its query still holds
 * afterwards, so an answer computed while a write committed is never kept. While the listening
 * connection is down nothing is cached (a change could go unnoticed); when it is back everything
 * is dropped, since notifications sent meanwhile are lost.
 */
export class SearchCache<V extends { bytes: number }> {
  private readonly gens = new Map<string, number>();
  private epoch = 0;
  private listening = false;
  private readonly entries = new Map<string, { gen: Generation; value: V }>();
  private bytes = 0;
  private readonly waiters = new Set<{ table: string; resolve: () => void }>();
  private readonly syncs = new Map<string, () => void>();

  /** Told of every change, as it bumps the generation (a replica raises its floor: db/replica.ts). */
  onChange?: () => void;

  constructor(readonly limits: CacheLimits = DEFAULT_LIMITS) {}

  private onPayload(payload: string): void {
    if (!payload.startsWith(SYNC_PREFIX)) {
      this.bump(payload);
      return this.onChange?.();
    }
    this.syncs.get(payload)?.();
    this.syncs.delete(payload);
  }

  /**
   * Resolves once every change committed before the call has been notified here: a marker sent on
   * the channel comes back after them, since notifications arrive in commit order. Without an
   * answer in time the cache is cleared instead, which is as safe.
   */
  async sync(database: Database, timeoutMs = SYNC_TIMEOUT_MS): Promise<void> {
    if (!this.listening) return;
    const token = `${SYNC_PREFIX}${crypto.randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.syncs.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await database.query('SELECT pg_notify($1, $2)', [SEARCH_CHANNEL, token]);
      if (!(await arrived)) this.clear();
    } catch {
      this.clear();
    } finally {
      clearTimeout(timer);
      this.syncs.delete(token);
    }
  }

  /** With the listener gone the cache is off (and cleared): nobody need wait for a marker. */
  private releaseSyncs(): void {
    for (const release of this.syncs.values()) release();
    this.syncs.clear();
  }

  /** LISTENs for changes; without a working listener the cache stays off. */
  async start(database: Database, onError: (err: unknown) => void): Promise<Unlisten> {
    const unlisten = await database.listen(SEARCH_CHANNEL, (payload) => this.onPayload(payload), {
      onError: (err) => {
        this.listening = false;
        this.clear();
        this.releaseSyncs();
        onError(err);
      },
      onReconnect: () => {
        this.clear();
        this.listening = true;
      },
    });
    this.listening = true;
    return async () => {
      this.listening = false;
      this.clear();
      this.releaseSyncs();
      await unlisten();
    };
  }

  get enabled(): boolean {
    return this.listening;
  }

  generation(tables: readonly string[]): Generation {
    let g = String(this.epoch);
    for (const t of tables) g += `:${this.gens.get(t) ?? 0}`;
    return g;
  }

  /** True when a value computed under `gen` may still be used. */
  current(tables: readonly string[], gen: Generation): boolean {
    return this.listening && this.generation(tables) === gen;
  }

  get(key: string, tables: readonly string[]): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (!this.current(tables, e.gen)) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, tables: readonly string[], gen: Generation, value: V): void {
    if (!this.current(tables, gen) || value.bytes > this.limits.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { gen, value });
    this.bytes += value.bytes;
    for (const [k] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(k);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  bump(table: string): void {
    this.gens.set(table, (this.gens.get(table) ?? 0) + 1);
    for (const w of this.waiters) {
      if (w.table !== table) continue;
      this.waiters.delete(w);
      w.resolve();
    }
  }

  /** Resolves at the next change notification for `table` (tests wait on it instead of sleeping). */
  nextChange(table: string): Promise<void> {
    return new Promise((resolve) => this.waiters.add({ table, resolve }));
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.value.bytes;
  }
}
