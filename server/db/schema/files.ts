import { pgTable, uuid, text, integer, index } from 'drizzle-orm/pg-core';
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
    content: bytea('content').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('files_sha256_idx').on(t.sha256)],
);
