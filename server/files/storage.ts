/**
 * The file store: every uploaded or generated file (documents, logos, network files and logs,
 * exports) goes through these functions, never straight to the `files` table, so how bytes are
 * kept can change in one place. Files live in PostgreSQL so every API node and worker reads them.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
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

/** Reads a whole file, or null when there is none with that id. */
export async function readFile(db: Tx, id: string): Promise<(StoredFile & { data: Buffer }) | null> {
  const [row] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size, sha256: files.sha256, data: files.content })
    .from(files)
    .where(eq(files.id, id));
  if (!row) return null;
  return { ...row, data: Buffer.from(row.data) };
}

/** Removes a file's bytes. Callers remove or re-point whatever referenced it first. */
export async function deleteFile(db: Tx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
