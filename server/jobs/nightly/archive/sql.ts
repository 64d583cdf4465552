/**
 * The archive job's statements. Each kind's rows are found through enquiries_archive_idx
 * (lease company, status, modified_at), so a batch reads only the rows it moves and the companies'
 * check probes the index instead of scanning a million enquiries.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { ARCHIVE_KIND_RULES, ARCHIVE_REASON_OF, thresholdInstant } from '../../../../domain/archive';
import { ARCHIVE_KINDS, type ArchiveKind } from '../../../../domain/logs';
import type { Tx } from '../../../db/client';
import { enquiries } from '../../../db/schema';
import { rowsOf } from '../../network/lookup';
import type { LeaseRef } from '../runner';

/** The kind's rows past their threshold, for the enquiries aliased `e`. */
function eligible(kind: ArchiveKind, thresholds: Record<ArchiveKind, string>): SQL {
  const rule = ARCHIVE_KIND_RULES[kind];
  const parts = [
    sql`e.status IN (${sql.join(rule.statuses.map((s) => sql`${s}`), sql`, `)})`,
    sql`e.modified_at < ${thresholdInstant(thresholds[kind]).toISOString()}::timestamptz`,
  ];
  if (rule.reasonMatches) parts.push(sql`coalesce(e.cancel_reason, '') ~* ${rule.reasonMatches}`);
  for (const p of rule.reasonNotMatching ?? []) parts.push(sql`coalesce(e.cancel_reason, '') !~* ${p}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The lease companies with enquiries to archive on the day, and those whose entry of the day is
 * not finished (a run killed after its last batch has nothing left to move, but its entry must
 * still be completed). By name, then id.
 */
export async function companiesToArchive(tx: Tx, day: string, thresholds: Record<ArchiveKind, string>): Promise<LeaseRef[]> {
  const anyKind = sql.join(
    ARCHIVE_KINDS.map((k) => sql`EXISTS (SELECT 1 FROM enquiries e WHERE e.lease_company_id = l.id AND ${eligible(k, thresholds)})`),
    sql` OR `,
  );
  return rowsOf<LeaseRef>(
    tx,
    sql`SELECT l.id, l.name, l.di_customer_id AS "diCustomerId" FROM lease_companies l
        WHERE ${anyKind}
           OR EXISTS (SELECT 1 FROM process_logs p WHERE p.type = 'ENQUIRY_ARCHIVE' AND p.lease_company_id = l.id AND p.run_day = ${day}::date AND p.state <> 'COMPLETED')
        ORDER BY l.name, l.id`,
  );
}

/** A company's rows to archive on the day, per kind. */
export async function countEligible(tx: Tx, leaseId: string, thresholds: Record<ArchiveKind, string>): Promise<Record<ArchiveKind, number>> {
  const counts = sql.join(
    ARCHIVE_KINDS.map((k) => sql`(SELECT count(*) FROM enquiries e WHERE e.lease_company_id = ${leaseId}::uuid AND ${eligible(k, thresholds)})::int AS ${sql.identifier(k)}`),
    sql`, `,
  );
  const [row] = await rowsOf<Record<ArchiveKind, number>>(tx, sql`SELECT ${counts}`);
  return Object.fromEntries(ARCHIVE_KINDS.map((k) => [k, Number(row[k])])) as Record<ArchiveKind, number>;
}

/** Every column but seq: the archive numbers its rows itself, as the live table does on Unarchive. */
const MOVED_COLUMNS = sql.raw(
  Object.values(getTableColumns(enquiries))
    .filter((c) => c.name !== 'seq')
    .map((c) => `"${c.name}"`)
    .join(', '),
);

/**
 * Moves up to `limit` rows of the kind, oldest change first, in one statement. FOR UPDATE waits
 * for a save in progress and then checks the row again, so a row someone has just changed stays
 * live. Answers how many moved.
 */
export async function moveBatch(tx: Tx, leaseId: string, kind: ArchiveKind, thresholds: Record<ArchiveKind, string>, limit: number, at: Date): Promise<number> {
  const [row] = await rowsOf<{ moved: number }>(
    tx,
    sql`WITH batch AS (
          SELECT e.id FROM enquiries e WHERE e.lease_company_id = ${leaseId}::uuid AND ${eligible(kind, thresholds)}
          ORDER BY e.modified_at LIMIT ${limit} FOR UPDATE
        ), gone AS (
          DELETE FROM enquiries d USING batch b WHERE d.id = b.id RETURNING d.*
        ), archived AS (
          INSERT INTO archived_enquiries (${MOVED_COLUMNS}, archived_at, archive_reason)
          SELECT ${MOVED_COLUMNS}, ${at.toISOString()}::timestamptz, ${ARCHIVE_REASON_OF[kind]} FROM gone
          RETURNING 1
        )
        SELECT count(*)::int AS moved FROM archived`,
  );
  return Number(row.moved);
}
