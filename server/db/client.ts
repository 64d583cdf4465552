import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { assertChannel, listenPg, type ListenOptions, type Unlisten } from './listen';
import { guardPglite, StatementTooComplexError } from './pgliteGuard';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: handlers take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Raw parameterised SQL, for the few statements Drizzle does not express. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Read-only statements of the search endpoint. On a server they run on a small pool of their
   * own whose sessions carry statement_timeout (a pathological search is cancelled with SQLSTATE
   * 57014 instead of pinning a core), as named prepared statements, so a repeated statement is
   * parsed once per connection. On PGlite the same time-out is enforced by pgliteGuard.ts.
   */
  searchQuery<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]>;
  /**
   * LISTENs on a lower-case NOTIFY channel; resolves once listening. On a server this holds one
   * dedicated connection per call (call it once per process) and reconnects when it drops.
   */
  listen(channel: string, onPayload: (payload: string) => void, opts?: ListenOptions): Promise<Unlisten>;
  /** Applies pending migrations. On a server, an advisory lock keeps two nodes from racing. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (see OpenOptions.loadDataDir). */
  dumpDataDir?(): Promise<Blob>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://'. */
  dataDir?: string;
  /** PGlite only: start from this dumped data directory (tests reuse one migrated database). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** statement_timeout of searchQuery (default 3 s, below the typesense client's 5 s). */
  searchTimeoutMs?: number;
}

/** Prepared statements live as long as their connection; recycling connections bounds their number. */
const SEARCH_POOL_MAX_USES = 20_000;

/**
 * A pool whose idle connection is ended by the server (a restart or failover, pg_terminate_backend,
 * DROP DATABASE … WITH (FORCE) right after close(), whose pool.end() does not wait for the sockets)
 * emits 'error'; with no listener that is an uncaught exception that ends the process. pg-pool has
 * already discarded the connection and the next query opens a new one, so there is nothing to do.
 */
function newPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  return pool;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = newPool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let searchPool: pg.Pool | undefined;
    const statementNames = new Map<string, string>();
    return {
      kind: 'pg',
      db,
      async query(text, params) {
        const r = await pool.query(text, params as unknown[]);
        return r.rows;
      },
      async searchQuery(text, params) {
        // Search statements are prepared (parsed once per connection) but planned for every run:
        // a generic plan cannot see how common a searched word is, and for "auto" (a third of the
        // suppliers) it sorted every match instead of walking the sort's index (0.2 → 190 ms).
        searchPool ??= newPool({
          connectionString: opts.databaseUrl,
          max: opts.poolSize ?? 10,
          maxUses: SEARCH_POOL_MAX_USES,
          options: `-c statement_timeout=${opts.searchTimeoutMs ?? 3000} -c plan_cache_mode=force_custom_plan`,
        });
        let name = statementNames.get(text);
        if (!name) {
          if (statementNames.size >= SEARCH_POOL_MAX_USES) statementNames.clear();
          statementNames.set(text, (name = `s${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
        }
        const r = await searchPool.query({ name, text, values: params });
        return r.rows;
      },
      listen: (channel, onPayload, listenOpts) => listenPg(opts.databaseUrl!, channel, onPayload, listenOpts),
      async migrate() {
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock(727001)');
          await migratePg(db as never, { migrationsFolder: MIGRATIONS });
        } finally {
          await lock.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
          lock.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), searchPool?.end()]);
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, fuzzystrmatch }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  // PGlite's pages are all in memory, so a random read costs what a sequential one does. With the
  // disk default (4) the planner prefers scanning a table to a GIN or trigram index; a search that
  // should take 1 ms then takes 10.
  await client.exec('SET random_page_cost = 1.1');
  const guard = guardPglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // A statement that exhausted the native stack fails with PostgreSQL's internal "errstart was
  // not called"; callers get the error it stands for instead.
  const explain = (err: unknown) => {
    throw (err as Error).message === 'errstart was not called' && guard.takeStackOverflow() ? new StatementTooComplexError() : err;
  };
  const searchTimeoutMs = opts.searchTimeoutMs ?? 3000;
  return {
    kind: 'pglite',
    db,
    async query(text, params) {
      const r = await client.query(text, params as unknown[]).catch(explain);
      return r.rows as never[];
    },
    async searchQuery(text, params) {
      const r = await guard.withDeadline(text, searchTimeoutMs, (marked) => client.query(marked, params)).catch(explain);
      return r.rows as never[];
    },
    // In-process: the connection cannot drop, so there is nothing to reconnect.
    async listen(channel, onPayload) {
      assertChannel(channel);
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS }),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      guard.close();
      await client.close();
    },
  };
}

