/**
 * Which validated files the nightly contract and stock import applies, and to whom.
 *
 * A file is a successful file validation report (validation_status true) of a type that applies as
 * a contract, stock or termination file. Each such file is read once, the first run after its
 * validation, to record the lease companies it holds rows of (import_file_companies); after that,
 * choosing a company's files is one query, however many companies and files there are.
 *
 * A company's run applies, per kind, its newest file (by upload) when that file has not been
 * applied to it yet: so each file is applied once, an older file never after a newer one, and an
 * older file not yet applied when a newer one arrives is superseded (the newer list is the
 * company's current one). Files uploaded more than IMPORT_LOOKBACK_DAYS before the run day are not
 * looked at.
 */
import type { FileStore } from '../../../integrations/files';
import { sql } from 'drizzle-orm';
import { IMPORT_KINDS, IMPORT_LOOKBACK_DAYS } from '../../../../domain/contractImport';
import { FILE_VALIDATION_TYPES, validationTypeById, type AppliedAs } from '../../../../domain/fileValidation';
import type { Db, Tx } from '../../../db/client';
import { importFileCompanies } from '../../../db/schema';
import { rowsOf } from '../../network/lookup';
import { ImportFileError, recordsOf } from './rows';

/** The file types the import applies, with what each applies as. */
const IMPORT_TYPES = FILE_VALIDATION_TYPES.filter((t) => t.appliesAs).map((t) => ({ type: t.id, kind: t.appliesAs! }));
const importTypes = () => sql`jsonb_to_recordset(${JSON.stringify(IMPORT_TYPES)}::jsonb) AS k(type text, kind text)`;

/** The first upload time a run of `day` looks at. */
function sinceOf(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IMPORT_LOOKBACK_DAYS * 86_400_000).toISOString();
}

/** Reads each validated import file not yet read and records the companies it holds rows of. */
export async function indexNewFiles(store: FileStore, db: Db, day: string): Promise<void> {
  const pending = await rowsOf<{ id: string; validation_type: string; file_id: string; file_name: string }>(
    db,
    sql`SELECT r.id, r.validation_type, r.file_id, r.file_name
        FROM file_validation_reports r JOIN ${importTypes()} ON k.type = r.validation_type
        WHERE r.validation_status AND r.file_id IS NOT NULL AND r.uploaded_at >= ${sinceOf(day)}
          AND NOT EXISTS (SELECT 1 FROM import_file_companies f WHERE f.report_id = r.id)
        ORDER BY r.uploaded_at, r.id`,
  );
  for (const report of pending) {
    const counts = new Map<string, number>();
    try {
      for await (const r of recordsOf(store, db, report.file_id, report.file_name, validationTypeById(report.validation_type)!)) {
        if (r.company) counts.set(r.company, (counts.get(r.company) ?? 0) + 1);
      }
    } catch (err) {
      if (!(err instanceof ImportFileError)) throw err;
      // A file gone or unreadable since its validation must not stop every company's import: it is
      // left unread (looked at again by the next runs), and its companies see no new file.
      continue;
    }
    if (counts.size === 0) continue;
    await db
      .insert(importFileCompanies)
      .values([...counts].map(([diCustomerId, rowCount]) => ({ reportId: report.id, diCustomerId, rowCount })))
      .onConflictDoNothing();
  }
}

/** A file a company's run applies (kept in the run's checkpoint, so a resumed run applies the same files). */
export interface PlannedFile {
  reportId: string;
  kind: AppliedAs;
  validationType: string;
  fileId: string;
  fileName: string;
  /** The company's rows in it. */
  rowCount: number;
}

/** The newest file of each kind per company (lower-case DI Customer Id), applied or not; `company` narrows to one. */
const newestFiles = (day: string, company: string | null) => sql`
  SELECT DISTINCT ON (f.di_customer_id, k.kind) f.di_customer_id, k.kind, r.id AS report_id, r.validation_type, r.file_id, r.file_name, f.row_count, f.applied_at
  FROM import_file_companies f
  JOIN file_validation_reports r ON r.id = f.report_id
  JOIN ${importTypes()} ON k.type = r.validation_type
  WHERE r.uploaded_at >= ${sinceOf(day)} ${company === null ? sql`` : sql`AND f.di_customer_id = ${company}`}
  ORDER BY f.di_customer_id, k.kind, r.uploaded_at DESC, r.id DESC`;

/** The files a run of `day` applies to the company, in IMPORT_KINDS order; none when nothing new has arrived. */
export async function filesToApply(db: Tx, diCustomerId: string, day: string): Promise<PlannedFile[]> {
  const rows = await rowsOf<{ kind: AppliedAs; report_id: string; validation_type: string; file_id: string; file_name: string; row_count: number; applied_at: unknown }>(
    db,
    newestFiles(day, diCustomerId.toLowerCase()),
  );
  return rows
    .filter((r) => r.applied_at === null)
    .sort((a, b) => IMPORT_KINDS.indexOf(a.kind) - IMPORT_KINDS.indexOf(b.kind))
    .map((r) => ({ reportId: r.report_id, kind: r.kind, validationType: r.validation_type, fileId: r.file_id, fileName: r.file_name, rowCount: Number(r.row_count) }));
}

/** The companies (lower-case DI Customer Ids) with a file a run of `day` would apply. */
export async function companiesWithNewFiles(db: Tx, day: string): Promise<Set<string>> {
  const rows = await rowsOf<{ di_customer_id: string }>(db, sql`SELECT DISTINCT n.di_customer_id FROM (${newestFiles(day, null)}) n WHERE n.applied_at IS NULL`);
  return new Set(rows.map((r) => r.di_customer_id));
}

/** Marks the file applied to the company, by the entry `processLogId` (in the transaction of its last rows). */
export async function markApplied(tx: Tx, file: PlannedFile, diCustomerId: string, processLogId: string, at: Date): Promise<void> {
  await tx
    .update(importFileCompanies)
    .set({ appliedAt: at, processLogId })
    .where(sql`${importFileCompanies.reportId} = ${file.reportId} AND ${importFileCompanies.diCustomerId} = ${diCustomerId.toLowerCase()}`);
}
