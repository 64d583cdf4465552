import { pgTable, uuid, text, integer, boolean, index, primaryKey } from 'drizzle-orm/pg-core';
import { bytea, tz } from './columns';

/**
 * Stored files (uploads, exports, import logs, invoice PDFs). Kept in PostgreSQL so every API
 * node reads the same bytes; server/files/ puts a storage interface in front of this table.
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
    /** False while a streamed write is under way (or was cut off); readers refuse such a file. */
    complete: boolean('complete').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('files_sha256_idx').on(t.sha256)],
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
