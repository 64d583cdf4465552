import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { assertChannel, listenPg, type ListenOptions, type Unlisten } from './listen';
import { openPgliteHere } from './pglite';
import { openPgliteWorker } from './pgliteThread';
import { ReadReplica } from './replica';

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
   * A frequent read whose best plan does not depend on its values (a keyset page along one index):
   * on a server a named prepared statement, parsed once per connection and, after its first runs,
   * planned once too, which is most of such a statement's cost. On PGlite a plain query.
   */
  preparedQuery<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]>;
  /**
   * LISTENs on a lower-case NOTIFY channel; resolves once listening. On a server this holds one
   * dedicated connection per call (call it once per process) and reconnects when it drops.
   */
  listen(channel: string, onPayload: (payload: string) => void, opts?: ListenOptions): Promise<Unlisten>;
  /** A server with DATABASE_READ_URL: the streaming replica searches may read from (db/replica.ts). */
  replica?: ReadReplica;
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
  /** postgres://… of a streaming replica of databaseUrl that searches may read from. */
  readUrl?: string;
  /** PGlite data directory, or 'memory://'. */
  dataDir?: string;
  /** PGlite only: start from this dumped data directory (tests reuse one migrated database). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** statement_timeout of searchQuery (default 3 s, below the typesense client's 5 s). */
  searchTimeoutMs?: number;
  /**
   * PGlite only: where it runs. 'worker' (the default) is a thread of its own, so a slow statement
   * holds only the requests waiting for the database; 'main' is the API's own thread (PGLITE_THREAD).
   */
  pgliteThread?: PgliteThread;
  /** PGlite only: told if its thread dies (every statement then fails), to log it. */
  onFailure?: (err: Error) => void;
}

export type PgliteThread = 'main' | 'worker';

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
    /** A prepared statement's name, the same on every connection and pool: a hash of its text. */
    const nameOf = (text: string) => {
      let name = statementNames.get(text);
      if (!name) {
        if (statementNames.size >= SEARCH_POOL_MAX_USES) statementNames.clear();
        statementNames.set(text, (name = `q${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
      }
      return name;
    };
    const searchOptions = `-c statement_timeout=${opts.searchTimeoutMs ?? 3000} -c plan_cache_mode=force_custom_plan`;
    // A stopped replica must not hold a search for long: its searches go to the primary instead.
    const replica = opts.readUrl
      ? new ReadReplica(newPool({ connectionString: opts.readUrl, max: opts.poolSize ?? 10, maxUses: SEARCH_POOL_MAX_USES, options: searchOptions, connectionTimeoutMillis: 1000 }), pool)
      : undefined;
    return {
      kind: 'pg',
      db,
      async query(text, params) {
        const r = await pool.query(text, params as unknown[]);
        return r.rows;
      },
      async preparedQuery(text, params) {
        const r = await pool.query({ name: nameOf(text), text, values: params });
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
          options: searchOptions,
        });
        const name = nameOf(text);
        const run = async (on: pg.Pool) => (await on.query({ name, text, values: params })).rows;
        const fromReplica = replica ? await replica.run(run) : undefined;
        return fromReplica ?? run(searchPool);
      },
      replica,
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
        await Promise.all([pool.end(), searchPool?.end(), replica?.close()]);
      },
    };
  }
  const pgliteOpts = { dataDir: opts.dataDir ?? 'memory://', ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) };
  const backend = opts.pgliteThread === 'main' ? await openPgliteHere(pgliteOpts) : await openPgliteWorker({ ...pgliteOpts, onFailure: opts.onFailure });
  const db = drizzlePglite(backend.client, { schema }) as unknown as Db;
  const searchTimeoutMs = opts.searchTimeoutMs ?? 3000;
  return {
    kind: 'pglite',
    db,
    async query(text, params) {
      return (await backend.query(text, params)).rows as never[];
    },
    async preparedQuery(text, params) {
      return (await backend.query(text, params)).rows as never[];
    },
    async searchQuery(text, params) {
      return (await backend.search(text, params, searchTimeoutMs)).rows as never[];
    },
    // In-process: the connection cannot drop, so there is nothing to reconnect.
    async listen(channel, onPayload) {
      assertChannel(channel);
      return backend.listen(channel, onPayload);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS }),
    dumpDataDir: () => backend.dump(),
    close: () => backend.close(),
  };
}
