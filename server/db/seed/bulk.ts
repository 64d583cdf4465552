/**
 * Batched inserts for seeding. On PostgreSQL each chunk is one COPY … FROM STDIN (text format):
 * the cheapest way in, and no array literal to parse (jsonb-heavy rows spent most of their time
 * there). PGlite gets one INSERT … SELECT FROM unnest($1::type[], …) per chunk instead.
 * The chunks of one writer run one after another, in order (so `seq` follows the generation
 * order on every run), while Node builds the next chunk; writers of different tables share the
 * pool and run side by side.
 */
import type pg from 'pg';
import type { Database } from '../client';

export type ColType = 'uuid' | 'text' | 'int' | 'bigint' | 'bool' | 'timestamptz' | 'date' | 'jsonb' | 'float8';

export interface TableStats {
  rows: number;
  /** Time spent in the database on this table's statements. */
  dbMs: number;
  /** Wall-clock span from the first row added to the last chunk written. */
  firstAt: number;
  lastAt: number;
}

/** Settings and per-table figures of one seeding run, keyed by its database. */
export interface BulkSession {
  chunkSize: number;
  /** The children's foreign keys are dropped for the load, so a child chunk need not wait for its parents. */
  unordered: boolean;
  stats: Map<string, TableStats>;
}

/** The node-postgres pool behind a server database (drizzle keeps it as $client), for COPY. */
function poolOf(database: Database): pg.Pool | null {
  const client = (database.db as unknown as { $client?: { connect?: unknown } }).$client;
  return database.kind === 'pg' && client && typeof client.connect === 'function' ? (client as pg.Pool) : null;
}

/** COPY text format: backslash, tab, newline and carriage return escaped (null, \N, is written by the caller). */
function escapeCopy(s: string): string {
  return /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : s;
}

/** One encoder per column type, picked once per writer: this runs for every field of millions of rows. */
const COPY_ENCODERS: Record<ColType, (v: unknown) => string> = {
  uuid: String,
  int: String,
  bigint: String,
  float8: String,
  bool: (v) => (v ? 't' : 'f'),
  date: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)),
  timestamptz: (v) => (v instanceof Date ? v.toISOString() : String(v)),
  text: (v) => escapeCopy(String(v)),
  jsonb: (v) => escapeCopy(JSON.stringify(v)),
};

/** Runs one COPY … FROM STDIN with `data` on `client` (node-postgres takes any object with submit()). */
function copyIn(client: pg.PoolClient, sql: string, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const copy = {
      submit(connection: { query(text: string): void }) {
        connection.query(sql);
      },
      handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }) {
        connection.sendCopyFromChunk(Buffer.from(data, 'utf8'));
        connection.endCopyFrom();
      },
      handleError(e: Error) {
        failed = true;
        reject(e);
      },
      handleReadyForQuery() {
        if (!failed) resolve();
      },
      handleCommandComplete() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
    };
    client.query(copy as never);
  });
}

const sessions = new WeakMap<Database, BulkSession>();

export function startBulkSession(database: Database, opts: { chunkSize?: number; unordered?: boolean } = {}): BulkSession {
  const session: BulkSession = {
    chunkSize: opts.chunkSize ?? (database.kind === 'pg' ? 5000 : 2000),
    unordered: opts.unordered ?? false,
    stats: new Map(),
  };
  sessions.set(database, session);
  return session;
}

export function endBulkSession(database: Database): void {
  sessions.delete(database);
}

export class BulkWriter {
  private cols: unknown[][];
  /** COPY lines of the current chunk (PostgreSQL), instead of `cols`. */
  private lines: string[] = [];
  private readonly encoders: ((v: unknown) => string)[];
  private readonly fields: string[];
  private pending: Promise<unknown>[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  private readonly sql: string;
  private readonly pool: pg.Pool | null;
  private parent: BulkWriter | null = null;
  private readonly session: BulkSession | undefined;
  private readonly stats: TableStats | undefined;
  private readonly chunkSize: number;
  rows = 0;

  constructor(
    private readonly database: Database,
    table: string,
    private readonly columns: readonly (readonly [string, ColType])[],
    chunkSize?: number,
    private readonly inFlight = database.kind === 'pg' ? 2 : 1,
  ) {
    this.session = sessions.get(database);
    this.chunkSize = chunkSize ?? this.session?.chunkSize ?? (database.kind === 'pg' ? 5000 : 2000);
    if (this.session) {
      let s = this.session.stats.get(table);
      if (!s) this.session.stats.set(table, (s = { rows: 0, dbMs: 0, firstAt: 0, lastAt: 0 }));
      this.stats = s;
    }
    this.pool = poolOf(database);
    this.encoders = columns.map(([, t]) => COPY_ENCODERS[t]);
    this.fields = columns.map(() => '');
    this.cols = this.pool ? [] : columns.map(() => []);
    const names = columns.map(([n]) => `"${n}"`).join(', ');
    const arrays = columns.map(([, t], i) => `$${i + 1}::${t === 'int' ? 'integer' : t}[]`).join(', ');
    this.sql = this.pool ? `COPY "${table}" (${names}) FROM STDIN` : `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
  }

  /**
   * Rows of this writer reference rows of `parent`: each chunk waits until everything the
   * parent has been given so far is written, so foreign keys hold while both stream.
   */
  after(parent: BulkWriter): this {
    this.parent = parent;
    return this;
  }

  /** Writes everything added so far. */
  async sync(): Promise<void> {
    await this.send();
    await Promise.all(this.pending);
    this.pending = [];
  }

  private get buffered(): number {
    return this.pool ? this.lines.length : this.cols[0].length;
  }

  async add(row: readonly unknown[]): Promise<void> {
    if (this.stats && this.stats.firstAt === 0) this.stats.firstAt = performance.now();
    if (this.pool) {
      const f = this.fields;
      for (let i = 0; i < row.length; i++) {
        const v = row[i];
        f[i] = v === undefined || v === null ? '\\N' : this.encoders[i](v);
      }
      this.lines.push(f.join('\t'));
    } else {
      for (let i = 0; i < row.length; i++) {
        const v = row[i];
        const t = this.columns[i][1];
        this.cols[i].push(v === undefined || v === null ? null : t === 'jsonb' ? JSON.stringify(v) : t === 'timestamptz' && v instanceof Date ? v.toISOString() : v);
      }
    }
    this.rows++;
    if (this.buffered >= this.chunkSize) await this.send();
  }

  private async send(): Promise<void> {
    if (this.buffered === 0) return;
    if (this.parent && !this.session?.unordered) await this.parent.sync();
    const n = this.buffered;
    let write: () => Promise<unknown>;
    if (this.pool) {
      const pool = this.pool;
      const data = this.lines.join('\n') + '\n';
      this.lines = [];
      write = async () => {
        const client = await pool.connect();
        try {
          await copyIn(client, this.sql, data);
        } finally {
          client.release();
        }
      };
    } else {
      const params = this.cols;
      this.cols = this.columns.map(() => []);
      write = () => this.database.query(this.sql, params);
    }
    const run = async () => {
      const t = performance.now();
      await write();
      if (this.stats) {
        this.stats.lastAt = performance.now();
        this.stats.dbMs += this.stats.lastAt - t;
        this.stats.rows += n;
      }
    };
    const p = this.tail.then(run);
    // Marked handled now; the error still surfaces when this chunk is awaited below or in close().
    p.catch(() => undefined);
    this.tail = p;
    this.pending.push(p);
    while (this.pending.length >= this.inFlight) await this.pending.shift();
  }

  async close(): Promise<number> {
    await this.sync();
    return this.rows;
  }
}

/** Inserts a small list of rows in one statement. */
export async function insertAll(database: Database, table: string, columns: readonly (readonly [string, ColType])[], rows: readonly (readonly unknown[])[]): Promise<number> {
  const w = new BulkWriter(database, table, columns, 5000, 1);
  for (const r of rows) await w.add(r);
  return w.close();
}
