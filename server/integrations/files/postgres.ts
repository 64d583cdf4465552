/**
 * The default byte store: the bytes in PostgreSQL beside their row, so every API node and worker
 * reads them with no other service. A small file is kept in files.content; a streamed one in
 * file_chunks of CHUNK_BYTES, written and read one chunk at a time.
 */
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema';
import { Pending, type BodyWriter, type FileBodies, type FileRef } from './bodies';

/**
 * Large files are kept in chunks of this size (file_chunks), so a 25 MB upload or export is
 * written and read one chunk at a time. Small enough that writing or reading one is a short step
 * for PGlite, which runs on the API's own thread (a 1 MB chunk held it for 20 to 200 ms); files
 * stored in larger chunks are read as they are.
 */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Lets the event loop turn before a chunk is written or read. On PGlite a query runs on this
 * thread and resolves without any I/O, so a file's chunks written or read one after the other
 * would hold the loop (requests, timers) for the whole file; on PostgreSQL it costs nothing.
 */
const loopTurn = () => setImmediatePromise();

class ChunkWriter implements BodyWriter {
  private readonly pending = new Pending();
  private seq = 0;
  constructor(
    private readonly db: Tx,
    private readonly id: string,
  ) {}

  async write(data: Buffer): Promise<void> {
    this.pending.push(data);
    while (this.pending.bytes >= CHUNK_BYTES) await this.flush(CHUNK_BYTES, this.db);
  }

  private async flush(bytes: number, db: Tx): Promise<void> {
    const chunk = this.pending.take(bytes);
    await loopTurn();
    // Sent as base64 text: PGlite serialises a bytea parameter byte by byte (0.6 s per MB), text at once.
    await db.execute(sql`INSERT INTO file_chunks (file_id, seq, data) VALUES (${this.id}, ${this.seq++}, decode(${chunk.toString('base64')}, 'base64'))`);
  }

  async finish(db: Tx): Promise<{ chunkCount: number }> {
    if (this.pending.bytes > 0) await this.flush(this.pending.bytes, db);
    return { chunkCount: this.seq };
  }

  // The chunks go with the row (ON DELETE CASCADE).
  async abort(): Promise<void> {}
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

async function* contentOf(db: Tx, id: string, content?: Buffer): AsyncGenerator<Buffer> {
  if (content) {
    yield Buffer.from(content);
    return;
  }
  const [r] = await db.select({ data: files.content }).from(files).where(eq(files.id, id));
  if (r) yield Buffer.from(r.data);
}

export function postgresBodies(): FileBodies {
  return {
    kind: 'postgres',
    putWhole: async (_id, data) => ({ content: data }),
    openWriter: (db, id) => new ChunkWriter(db, id),
    read: (db: Tx, file: FileRef, content?: Buffer) => (file.chunkCount > 0 ? chunksOf(db, file.id, file.chunkCount) : contentOf(db, file.id, content)),
    sweep: async () => 0,
  };
}
