import { z } from 'zod';
import { daySchema, filterTextSchema, listQuerySchema, recordIdSchema, uuidSchema } from './lists';
import type { FieldDifference } from './recordDiff';

/**
 * The audit log (audit_log): one row per change, written in the change's transaction with who,
 * which slug, which record, and the record before and after (ARCHITECTURE step 4).
 */

/** The kinds of record the product audits, as the list names them (record_type → label). */
export const AUDIT_RECORD_TYPES: Readonly<Record<string, string>> = {
  leaseCompany: 'Customer',
  leaseUser: 'Customer user',
  userEventLog: 'User event',
  document: 'Document',
  documentFile: 'Document file',
  file: 'File',
  networkImport: 'Network import',
  apiConfig: 'API configuration',
  administrator: 'Administrator',
  backgroundJob: 'Background job',
};

/** A record_type as written by the server: a short identifier (a new kind needs no change here to be filtered). */
const recordTypeSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'Not a record type');

export const AUDIT_SORT_FIELDS = ['at', 'recordType', 'slug', 'id'] as const;

/** Filter by entity, record id, admin and day range (UTC days, both ends included). */
export const auditLogListSchema = listQuerySchema(
  {
    recordType: recordTypeSchema.optional(),
    recordId: filterTextSchema.optional(),
    adminId: uuidSchema.optional(),
    at_gte: daySchema.optional(),
    at_lte: daySchema.optional(),
  },
  AUDIT_SORT_FIELDS,
);
export type AuditLogListQuery = z.infer<typeof auditLogListSchema>;

/** audit_log.id is a bigserial: digits. */
export const auditLogIdSchema = z.union([z.string().regex(/^\d{1,18}$/, 'Not an audit entry id'), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).transform(String)]);
export const auditLogOneSchema = recordIdSchema(auditLogIdSchema);

/** One row of the list. */
export interface AuditLogRow {
  id: string;
  at: string;
  adminId: string | null;
  slug: string;
  recordType: string | null;
  recordId: string | null;
}

/** One entry in full: the images, and what changed field by field. */
export interface AuditLogEntry extends AuditLogRow {
  before: unknown;
  after: unknown;
  changes: FieldDifference[];
}

/** The admins the log names: its admin column and filter read them. */
export const administratorsListSchema = listQuerySchema({ q: filterTextSchema.optional() }, ['name', 'email', 'id']);
export const administratorsManySchema = z.object({ ids: z.array(uuidSchema).max(100) }).strict();

export interface AdministratorRow {
  id: string;
  /** First and last name. */
  name: string;
  email: string;
}
