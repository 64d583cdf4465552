import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, boolean, index, primaryKey } from 'drizzle-orm/pg-core';
import { bytea, tz } from './columns';

/**
 * Stored files (uploads, exports, import logs, invoice PDFs): one row per file whichever store keeps
 * its bytes (server/integrations/files: PostgreSQL, here, or S3); server/files/storage.ts puts a
 * storage interface in front of this table.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of content: integrity check and duplicate detection. */
    sha256: text('sha256').notNull(),
    /** The bytes of a small file; empty when they are in file_chunks (chunkCount > 0). */
    content: bytea('content').notNull(),
    /** Chunks in file_chunks; 0 for a file kept in `content`. */
    chunkCount: integer('chunk_count').notNull().default(0),
    /** Which byte store keeps the bytes ('postgres': content/file_chunks; 's3': the object named by the id). */
    store: text('store').$type<'postgres' | 's3'>().notNull().default('postgres'),
    /** False while a streamed write is under way (or was cut off); readers refuse such a file. */
    complete: boolean('complete').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    /** The clean-up removes the file after this time (files nothing refers to, kept a while: e-mailed exports). */
    expiresAt: tz('expires_at'),
  },
  (t) => [index('files_sha256_idx').on(t.sha256), index('files_expires_at_idx').on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL`)],
);

/** The bytes of a large file in order, so neither a write nor a read holds the whole file. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
