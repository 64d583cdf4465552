/**
 * Batched inserts for seeding: rows are collected column by column and sent as one
 * INSERT … SELECT FROM unnest($1::type[], …) per chunk, which PGlite and PostgreSQL both run.
 * At most `inFlight` chunks are outstanding per writer, so memory stays bounded while the
 * database works on one chunk and Node builds the next.
 */
import type { Database } from '../client';

export type ColType = 'uuid' | 'text' | 'int' | 'bigint' | 'bool' | 'timestamptz' | 'date' | 'jsonb' | 'float8';

export class BulkWriter {
  private cols: unknown[][];
  private pending: Promise<unknown>[] = [];
  private readonly sql: string;
  private parent: BulkWriter | null = null;
  rows = 0;

  constructor(
    private readonly database: Database,
    table: string,
    private readonly columns: readonly (readonly [string, ColType])[],
    private readonly chunkSize = database.kind === 'pg' ? 5000 : 2000,
    private readonly inFlight = database.kind === 'pg' ? 2 : 1,
  ) {
    this.cols = columns.map(() => []);
    const names = columns.map(([n]) => `"${n}"`).join(', ');
    const arrays = columns.map(([, t], i) => `$${i + 1}::${t === 'int' ? 'integer' : t}[]`).join(', ');
    this.sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
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

  async add(row: readonly unknown[]): Promise<void> {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      const t = this.columns[i][1];
      this.cols[i].push(v === undefined || v === null ? null : t === 'jsonb' ? JSON.stringify(v) : t === 'timestamptz' && v instanceof Date ? v.toISOString() : v);
    }
    this.rows++;
    if (this.cols[0].length >= this.chunkSize) await this.send();
  }

  private async send(): Promise<void> {
    if (this.cols[0].length === 0) return;
    if (this.parent) await this.parent.sync();
    const params = this.cols;
    this.cols = this.columns.map(() => []);
    const p = this.database.query(this.sql, params);
    // Marked handled now; the error still surfaces when this chunk is awaited below or in close().
    p.catch(() => undefined);
    this.pending.push(p);
    if (this.pending.length >= this.inFlight) await this.pending.shift();
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
