/**
 * The files clean-up job (hourly, SCHEDULED_JOBS.filesCleanup in domain/backgroundJobs.ts): removes stored files nobody can use any
 * more, once they are older than the grace period (FILES_CLEANUP_GRACE_HOURS, 24 by default):
 *   - streamed writes that never finished (files.complete = false: a crash or a cut connection
 *     mid-upload, export or log); nothing refers to such a file, since every reference is written
 *     after finish();
 *   - document uploads (enquiry/uploadImage) never attached by admin/addDocument;
 *   - web-link logo uploads (admin/uploadCustomerLogo) no customer uses: never saved, or replaced;
 *   - files past their files.expires_at, whatever their age: e-mailed exports nothing refers to
 *     (the credit limit files, CREDIT_LIMIT_FILE_RETENTION_MS);
 *   - then, in each byte store kept apart from the rows (S3), the bytes whose row is gone or was never
 *     completed (FileBodies.sweep), since deleting a row leaves them there.
 * Other files (exports, network files, logs) are the business of the rows that refer to them.
 * The grace period covers an upload whose form is still open. Works in batches of BATCH files, each
 * in a short transaction, so it never holds long locks; running it twice is harmless.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_LOGO_PATH } from '../../../domain/customers';
import type { Tx } from '../../db/client';
import type { Services } from '../../services';
import { rowsOf } from '../network/lookup';

/** Files removed per transaction. */
export const BATCH = 100;

export interface CleanupResult {
  incomplete: number;
  unattachedDocuments: number;
  unusedLogos: number;
  expired: number;
  /** Objects removed from byte stores kept apart from the rows (S3). */
  orphanBodies: number;
}

/** Ids of at most BATCH files matching `where`, created before `cutoff`. */
async function candidates(db: Tx, cutoff: Date, where: SQL): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(db, sql`SELECT f.id FROM files f WHERE f.created_at < ${cutoff.toISOString()} AND ${where} ORDER BY f.created_at LIMIT ${BATCH}`);
  return rows.map((r) => r.id);
}

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

const INCOMPLETE = sql`NOT f.complete`;
const UNATTACHED_DOCUMENT = sql`f.complete
  AND EXISTS (SELECT 1 FROM audit_log a WHERE a.record_type = 'documentFile' AND a.record_id = f.id::text)
  AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.file_id = f.id)`;
const UNUSED_LOGO = sql`f.complete
  AND EXISTS (SELECT 1 FROM audit_log a WHERE a.record_type = 'file' AND a.slug = 'admin/uploadCustomerLogo' AND a.record_id = f.id::text)
  AND NOT EXISTS (SELECT 1 FROM lease_companies c WHERE c.config->'webLink'->'theme'->>'logo' = ${`${CUSTOMER_LOGO_PATH}?fileId=`} || f.id::text)`;

const expired = (now: Date) => sql`f.expires_at < ${now.toISOString()}`;

/** Removes every file `where` picks, batch by batch; answers how many. */
async function removeAll(services: Services, cutoff: Date, where: SQL, lockDocuments = false): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await candidates(services.db, cutoff, where);
    if (ids.length === 0) return removed;
    const gone = await services.db.transaction(async (tx) => {
      // admin/addDocument holds this lock while it attaches a file: wait for it, then check again.
      if (lockDocuments) for (const id of ids) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`documents.file:${id}`}))`);
      const rows = await rowsOf<{ id: string }>(tx, sql`DELETE FROM files f WHERE f.id IN (${idList(ids)}) AND f.created_at < ${cutoff.toISOString()} AND ${where} RETURNING f.id`);
      return rows.length;
    });
    removed += gone;
    // Every candidate was re-checked and kept (attached meanwhile): the next batch would be the same.
    if (gone === 0) return removed;
  }
}

export async function cleanUpFiles(services: Services): Promise<CleanupResult> {
  const now = services.clock.now();
  const cutoff = new Date(now.getTime() - services.config.files.cleanupGraceMs);
  const result = {
    incomplete: await removeAll(services, cutoff, INCOMPLETE),
    unattachedDocuments: await removeAll(services, cutoff, UNATTACHED_DOCUMENT, true),
    unusedLogos: await removeAll(services, cutoff, UNUSED_LOGO),
    expired: await removeAll(services, now, expired(now)),
    orphanBodies: 0,
  };
  // After the rows: bytes whose row went just now are swept in the same run.
  for (const store of services.files.all) result.orphanBodies += await store.sweep(services.db, cutoff);
  services.log.info({ ...result, cutoff: cutoff.toISOString() }, 'files clean-up');
  return result;
}
