import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  adminId: string | null;
  /** The slug (or job name) that made the change. */
  slug: string;
  recordType: string;
  recordId: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** JSON-safe copy of a row for audit_log: Dates as ISO text, int8 as text, listed columns left out. */
export function auditImage(row: unknown, omit: readonly string[] = []): unknown {
  if (row == null) return null;
  const copy: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const key of omit) delete copy[key];
  return JSON.parse(JSON.stringify(copy, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Writes one audit row. Call it inside the change's transaction so both commit or neither does. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    at: entry.at,
    adminId: entry.adminId,
    slug: entry.slug,
    recordType: entry.recordType,
    recordId: entry.recordId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
