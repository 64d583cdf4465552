/**
 * The validation job of a network import: streams the uploaded file, checks every row against
 * the format and the database, writes the log file (Row, Column, Message) and records the
 * outcome. Safe to run again after a crash: the outcome is recorded only while the import still
 * waits for it, in one transaction with the log file's link.
 */
import { eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { LOG_HEADER, networkFormat } from '../../../domain/network';
import { logSummary } from '../../../domain/network/format';
import { networkImports } from '../../db/schema';
import { FileWriter, deleteFile } from '../../files/storage';
import type { JobInfo } from '../boss';
import { writeLogRows } from '../batches';
import { JobSlices } from '../slices';
import { failImport, lockImport, setImportState } from './imports';
import { MissingFileError, readNetworkFile } from './reader';
import { logFileName, todayOf, type NetworkJobContext } from './context';

export async function validateImport(ctx: NetworkJobContext, data: { importId: string; adminId: string | null }, job: JobInfo): Promise<void> {
  const { services, hooks } = ctx;
  const db = services.db;
  const [row] = await db.select().from(networkImports).where(eq(networkImports.id, data.importId));
  // Done already (a retry after the outcome was committed) or gone: nothing to do.
  if (!row || !row.isProcessing || row.validationStatus !== null) return;
  const by = { adminId: data.adminId, now: services.clock.now() };

  const log = await FileWriter.open(services.files, db, { name: logFileName(row.fileName), contentType: 'text/csv', createdBy: data.adminId });
  await log.write(stringify([[...LOG_HEADER]]));
  let summary;
  const slices = new JobSlices();
  try {
    summary = await readNetworkFile(
      services.files,
      db,
      row.archiveFileId,
      networkFormat(row.isDiNetworkImport),
      { isDi: row.isDiNetworkImport, leaseCompanyId: row.leaseCompanyId },
      todayOf(services),
      async (batch) => {
        await writeLogRows(log, batch.errors, slices);
        await hooks.checkpoint?.('validate:batch', job);
      },
      slices,
    );
  } catch (err) {
    if (err instanceof MissingFileError) {
      await db.transaction((tx) => failImport(tx, row.id, err.message, by));
      return;
    }
    throw err;
  }
  const valid = summary.errorCount === 0;
  await log.write(stringify([['', '', logSummary(summary.rowCount, summary.errorCount, 'error')]]));
  const file = await log.finish();

  await db.transaction(async (tx) => {
    const current = await lockImport(tx, row.id);
    if (!current || !current.isProcessing || current.validationStatus !== null) {
      await deleteFile(tx, file.id);
      return;
    }
    await setImportState(
      tx,
      current,
      { validationStatus: valid, processIndicator: valid ? 'SUCCESS' : 'FAILED', isProcessing: false, logFileId: file.id, rowCount: summary.rowCount, error: null },
      { ...by, now: services.clock.now() },
      'validated',
    );
  });
}
