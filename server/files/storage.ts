/**
 * The file store: every uploaded or generated file (documents, logos, network files and logs,
 * exports) goes through these functions, never straight to the `files` table, so how bytes are
 * kept can change in one place. Files live in PostgreSQL so every API node and worker reads them.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { files } from '../db/schema';

export interface StoredFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface NewFile {
  name: string;
  contentType: string;
  data: Buffer;
  createdBy?: string | null;
  createdAt?: Date;
}

/** Stores bytes as a new file (inside the caller's transaction when given one). */
export async function putFile(db: Tx, file: NewFile): Promise<StoredFile> {
  const sha256 = crypto.createHash('sha256').update(file.data).digest('hex');
  const [row] = await db
    .insert(files)
    .values({
      name: file.name,
      contentType: file.contentType,
      size: file.data.length,
      sha256,
      content: file.data,
      createdBy: file.createdBy ?? null,
      ...(file.createdAt ? { createdAt: file.createdAt } : {}),
    })
    .returning({ id: files.id });
  return { id: row.id, name: file.name, contentType: file.contentType, size: file.data.length, sha256 };
}

/** Reads a whole file, or null when there is none with that id (or its streamed write never finished). */
export async function readFile(db: Tx, id: string): Promise<(StoredFile & { data: Buffer }) | null> {
  const [row] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size, sha256: files.sha256, data: files.content, chunkCount: files.chunkCount, complete: files.complete })
    .from(files)
    .where(eq(files.id, id));
  if (!row || !row.complete) return null;
  const { chunkCount, complete: _complete, ...file } = row;
  if (chunkCount === 0) return { ...file, data: Buffer.from(row.data) };
  const parts: Buffer[] = [];
  for await (const part of chunksOf(db, id, chunkCount)) parts.push(part);
  return { ...file, data: Buffer.concat(parts) };
}

/**
 * Lets the event loop turn before a chunk is written or read. On PGlite a query runs on this
 * thread and resolves without any I/O, so a file's chunks written or read one after the other
 * would hold the loop (requests, timers) for the whole file; on PostgreSQL it costs nothing.
 */
const loopTurn = () => setImmediatePromise();

/**
 * Large files are kept in chunks of this size (file_chunks), so a 25 MB upload or export is
 * written and read one chunk at a time. Small enough that writing or reading one is a short step
 * for PGlite, which runs on the API's own thread (a 1 MB chunk held it for 20 to 200 ms); files
 * stored in larger chunks are read as they are.
 */
export const CHUNK_BYTES = 256 * 1024;

export interface NewStreamedFile {
  name: string;
  contentType: string;
  createdBy?: string | null;
  createdAt?: Date;
}

/**
 * Writes a file piece by piece: the bytes given to write() are stored in chunks as they come, so
 * memory holds at most one chunk. The file is readable only after finish(); one cut off half-way
 * (a crash) stays incomplete and is never served.
 */
export class FileWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private size = 0;
  private readonly hash = crypto.createHash('sha256');
  private constructor(
    private readonly db: Tx,
    readonly id: string,
    private readonly meta: NewStreamedFile,
  ) {}

  static async open(db: Tx, meta: NewStreamedFile): Promise<FileWriter> {
    const [row] = await db
      .insert(files)
      .values({ name: meta.name, contentType: meta.contentType, size: 0, sha256: '', content: Buffer.alloc(0), complete: false, createdBy: meta.createdBy ?? null, ...(meta.createdAt ? { createdAt: meta.createdAt } : {}) })
      .returning({ id: files.id });
    return new FileWriter(db, row.id, meta);
  }

  get bytesWritten(): number {
    return this.size;
  }

  async write(data: Buffer | string): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (buf.length === 0) return;
    this.hash.update(buf);
    this.size += buf.length;
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    while (this.pendingBytes >= CHUNK_BYTES) await this.flush(CHUNK_BYTES);
  }

  private async flush(bytes: number, db: Tx = this.db): Promise<void> {
    const all = Buffer.concat(this.pending);
    const chunk = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.pending = rest.length ? [Buffer.from(rest)] : [];
    this.pendingBytes = rest.length;
    await loopTurn();
    // Sent as base64 text: PGlite serialises a bytea parameter byte by byte (0.6 s per MB), text at once.
    await db.execute(sql`INSERT INTO file_chunks (file_id, seq, data) VALUES (${this.id}, ${this.seq++}, decode(${chunk.toString('base64')}, 'base64'))`);
  }

  /**
   * Stores the last chunk and makes the file readable. `db` marks it complete inside the caller's
   * transaction (with the row that references it, say); `name` replaces a name not known at open.
   */
  async finish(opts: { db?: Tx; name?: string } = {}): Promise<StoredFile> {
    // One connection for both: on PGlite the caller's transaction holds the only one.
    const db = opts.db ?? this.db;
    if (this.pendingBytes > 0) await this.flush(this.pendingBytes, db);
    const sha256 = this.hash.digest('hex');
    const name = opts.name ?? this.meta.name;
    await db.update(files).set({ name, size: this.size, sha256, chunkCount: this.seq, complete: true }).where(eq(files.id, this.id));
    return { id: this.id, name, contentType: this.meta.contentType, size: this.size, sha256 };
  }
}

/** Stores everything `source` yields as a new chunked file. */
export async function writeFileStream(db: Tx, meta: NewStreamedFile, source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): Promise<StoredFile> {
  const writer = await FileWriter.open(db, meta);
  for await (const part of source) await writer.write(part);
  return writer.finish();
}

async function* chunksOf(db: Tx, id: string, chunkCount: number): AsyncGenerator<Buffer> {
  // One chunk per query: a reader never holds more than one chunk of the file.
  for (let seq = 0; seq < chunkCount; seq++) {
    if (seq > 0) await loopTurn();
    const result = (await db.execute(sql`SELECT encode(data, 'base64') AS data FROM file_chunks WHERE file_id = ${id} AND seq = ${seq}`)) as unknown as { rows: { data: string }[] };
    const [row] = result.rows;
    if (!row) throw new Error(`File ${id} lacks chunk ${seq}`);
    yield Buffer.from(row.data, 'base64');
  }
}

/** A file's description without its bytes, or null when missing or incomplete. */
export async function fileInfo(db: Tx, id: string): Promise<StoredFile | null> {
  const [row] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size, sha256: files.sha256, complete: files.complete })
    .from(files)
    .where(eq(files.id, id));
  if (!row || !row.complete) return null;
  const { complete: _c, ...info } = row;
  return info;
}

/** The bytes of a file as a stream, one chunk at a time; null when missing or incomplete. */
export async function readFileStream(db: Tx, id: string): Promise<(StoredFile & { stream: Readable }) | null> {
  const [row] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size, sha256: files.sha256, chunkCount: files.chunkCount, complete: files.complete })
    .from(files)
    .where(eq(files.id, id));
  if (!row || !row.complete) return null;
  const { chunkCount, complete: _c, ...info } = row;
  const source =
    chunkCount > 0
      ? chunksOf(db, id, chunkCount)
      : (async function* () {
          const [r] = await db.select({ data: files.content }).from(files).where(eq(files.id, id));
          if (r) yield Buffer.from(r.data);
        })();
  return { ...info, stream: Readable.from(source, { objectMode: false }) };
}

/** Removes a file's bytes (its chunks go with it). Callers remove or re-point whatever referenced it first. */
export async function deleteFile(db: Tx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
