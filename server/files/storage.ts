/**
 * The file store: every uploaded or generated file (documents, logos, network files and logs,
 * exports, statements, invoice PDFs) goes through these functions, never straight to the `files`
 * table, so how bytes are kept can change in one place. The `files` row is the record of each file
 * (name, type, size, sha256, complete); its bytes are in the byte store the row names
 * (server/integrations/files: PostgreSQL by default, or S3). Each function takes the process's
 * FileStore (services.files) and the connection or transaction the row is written through.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { files } from '../db/schema';
import type { FileStore } from '../integrations/files';
import type { BodyWriter } from '../integrations/files/bodies';

export type { FileStore } from '../integrations/files';
export { CHUNK_BYTES } from '../integrations/files/postgres';

export interface StoredFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface NewStreamedFile {
  name: string;
  contentType: string;
  createdBy?: string | null;
  createdAt?: Date;
  /** When the clean-up may remove it: for a file nothing refers to, kept a while (an e-mailed export). */
  expiresAt?: Date;
}

export interface NewFile extends NewStreamedFile {
  data: Buffer;
}

const rowMeta = (meta: NewStreamedFile) => ({
  name: meta.name,
  contentType: meta.contentType,
  createdBy: meta.createdBy ?? null,
  ...(meta.createdAt ? { createdAt: meta.createdAt } : {}),
  ...(meta.expiresAt ? { expiresAt: meta.expiresAt } : {}),
});

/** Stores bytes as a new file (its row inside the caller's transaction when given one). */
export async function putFile(store: FileStore, db: Tx, file: NewFile): Promise<StoredFile> {
  const sha256 = crypto.createHash('sha256').update(file.data).digest('hex');
  const id = crypto.randomUUID();
  const bodies = store.current;
  // Bytes first: a row is never complete without them (an object left by a rolled-back row is swept).
  const { content } = await bodies.putWhole(id, file.data);
  await db.insert(files).values({ id, ...rowMeta(file), size: file.data.length, sha256, content, store: bodies.kind });
  return { id, name: file.name, contentType: file.contentType, size: file.data.length, sha256 };
}

const described = { id: files.id, name: files.name, contentType: files.contentType, size: files.size, sha256: files.sha256, chunkCount: files.chunkCount, complete: files.complete, store: files.store };

/** A complete file's row (without its bytes), or null. */
async function completeRow(db: Tx, id: string) {
  const [row] = await db.select(described).from(files).where(eq(files.id, id));
  return row && row.complete ? row : null;
}

const info = (row: { id: string; name: string; contentType: string; size: number; sha256: string }): StoredFile => ({ id: row.id, name: row.name, contentType: row.contentType, size: row.size, sha256: row.sha256 });

/**
 * Reads a whole file, or null when there is none with that id (or its streamed write never
 * finished). For the callers that need a Buffer of a small file (a logo, an e-mail attachment).
 */
export async function readFile(store: FileStore, db: Tx, id: string): Promise<(StoredFile & { data: Buffer }) | null> {
  const [row] = await db.select({ ...described, content: files.content }).from(files).where(eq(files.id, id));
  if (!row || !row.complete) return null;
  const parts: Buffer[] = [];
  for await (const part of store.bodies(row.store).read(db, row, row.content)) parts.push(part);
  return { ...info(row), data: parts.length === 1 ? parts[0] : Buffer.concat(parts) };
}

/**
 * Writes a file piece by piece: the bytes given to write() go to the byte store as they come, so
 * memory holds at most one chunk (or S3 part). The file is readable only after finish(); one cut off
 * half-way (a crash) stays incomplete and is never served.
 */
export class FileWriter {
  private size = 0;
  private readonly hash = crypto.createHash('sha256');
  private constructor(
    private readonly db: Tx,
    readonly id: string,
    private readonly meta: NewStreamedFile,
    private readonly body: BodyWriter,
  ) {}

  static async open(store: FileStore, db: Tx, meta: NewStreamedFile): Promise<FileWriter> {
    const bodies = store.current;
    const [row] = await db
      .insert(files)
      .values({ ...rowMeta(meta), size: 0, sha256: '', content: Buffer.alloc(0), complete: false, store: bodies.kind })
      .returning({ id: files.id });
    return new FileWriter(db, row.id, meta, bodies.openWriter(db, row.id));
  }

  get bytesWritten(): number {
    return this.size;
  }

  async write(data: Buffer | string): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (buf.length === 0) return;
    this.hash.update(buf);
    this.size += buf.length;
    await this.body.write(buf);
  }

  /**
   * Stores the rest and makes the file readable. `db` marks it complete inside the caller's
   * transaction (with the row that references it, say); `name` replaces a name not known at open.
   */
  async finish(opts: { db?: Tx; name?: string } = {}): Promise<StoredFile> {
    // One connection for both: on PGlite the caller's transaction holds the only one.
    const db = opts.db ?? this.db;
    const { chunkCount } = await this.body.finish(db);
    const sha256 = this.hash.digest('hex');
    const name = opts.name ?? this.meta.name;
    await db.update(files).set({ name, size: this.size, sha256, chunkCount, complete: true }).where(eq(files.id, this.id));
    return { id: this.id, name, contentType: this.meta.contentType, size: this.size, sha256 };
  }

  /** Gives the write up: removes the file and whatever bytes the store holds apart from its row. */
  async abort(db: Tx = this.db): Promise<void> {
    await this.body.abort();
    await deleteFile(db, this.id);
  }
}

/** Stores everything `source` yields as a new streamed file. */
export async function writeFileStream(store: FileStore, db: Tx, meta: NewStreamedFile, source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): Promise<StoredFile> {
  const writer = await FileWriter.open(store, db, meta);
  for await (const part of source) await writer.write(part);
  return writer.finish();
}

/** A file's description without its bytes, or null when missing or incomplete. */
export async function fileInfo(db: Tx, id: string): Promise<StoredFile | null> {
  const row = await completeRow(db, id);
  return row ? info(row) : null;
}

/** The bytes of a file as a stream, a chunk (or network read) at a time; null when missing or incomplete. */
export async function readFileStream(store: FileStore, db: Tx, id: string): Promise<(StoredFile & { stream: Readable }) | null> {
  const row = await completeRow(db, id);
  if (!row) return null;
  return { ...info(row), stream: Readable.from(store.bodies(row.store).read(db, row), { objectMode: false }) };
}

/**
 * Removes a file (inside the caller's transaction when given one). Callers remove or re-point
 * whatever referenced it first. PostgreSQL chunks go with the row; bytes kept elsewhere (S3) are
 * removed by the hourly clean-up once the row is gone, since the transaction may still roll back.
 */
export async function deleteFile(db: Tx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
