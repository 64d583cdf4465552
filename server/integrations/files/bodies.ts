/**
 * Where a file's bytes live (ARCHITECTURE.md "External systems are adapters"). The `files` table
 * (server/files/storage.ts) stays the record of every file in both modes: name, type, size, sha256,
 * the `complete` flag and what refers to it work the same whichever store holds the bytes; the row's
 * `store` column names it, so files written before FILE_STORE changed are still served.
 * PostgreSQL chunks are the default (postgres.ts); S3-compatible object storage is the other (s3.ts).
 * One contract test suite runs over both (tests/api/file-store.test.ts).
 */
import type { Tx } from '../../db/client';

export type StoreKind = 'postgres' | 's3';

/** What a file's row tells its byte store. */
export interface FileRef {
  id: string;
  /** Chunks in file_chunks (the PostgreSQL store); 0 otherwise. */
  chunkCount: number;
}

/** Takes a file's bytes in order, holding at most one chunk or part of them. */
export interface BodyWriter {
  write(data: Buffer): Promise<void>;
  /** Stores what is left (through `db`, the caller's connection); answers the row's chunk count. */
  finish(db: Tx): Promise<{ chunkCount: number }>;
  /** Gives up the bytes written so far, where the store keeps them apart from the row (best effort). */
  abort(): Promise<void>;
}

export interface FileBodies {
  readonly kind: StoreKind;
  /**
   * Stores a small file's bytes whole before its row is inserted; answers the row's `content`
   * (the bytes themselves in PostgreSQL, empty where they are kept elsewhere).
   */
  putWhole(id: string, data: Buffer): Promise<{ content: Buffer }>;
  /** Starts a streamed write of the bytes of file `id` (whose row exists, incomplete). */
  openWriter(db: Tx, id: string): BodyWriter;
  /** The bytes of a complete file, piece by piece; `content` is the row's column. */
  read(db: Tx, file: FileRef, content?: Buffer): AsyncIterable<Buffer>;
  /**
   * Removes bytes whose row is gone or was never completed, once older than `cutoff` (the hourly
   * clean-up; rows are removed first). PostgreSQL needs nothing: its chunks go with the row.
   */
  sweep(db: Tx, cutoff: Date): Promise<number>;
}

/** Bytes as they come, handed on in pieces of a fixed size. */
export class Pending {
  private parts: Buffer[] = [];
  bytes = 0;
  push(buf: Buffer): void {
    this.parts.push(buf);
    this.bytes += buf.length;
  }
  /** The first `n` bytes (all when fewer), removed from what is pending. */
  take(n = this.bytes): Buffer {
    const all = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
    const head = all.subarray(0, n);
    const rest = all.subarray(n);
    // A copy of the rest, so the large buffer `head` came from is not kept alive by it.
    this.parts = rest.length ? [Buffer.from(rest)] : [];
    this.bytes = rest.length;
    return head;
  }
}
