/**
 * The dead-letter worker of the network queues: a job that failed for good (its retries used up,
 * or its worker gone until it expired on the last try) is recorded on its import or export, so
 * the console stops showing it as running.
 */
import { networkExports } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { failImport, lockImport, setImportState } from './imports';
import { finishExport } from './export';
import type { NetworkJobContext, NetworkJobData } from './context';

export const JOB_FAILED_MESSAGE = 'The background job failed repeatedly. Please try again.';

export async function recordFailedJob(ctx: NetworkJobContext, data: NetworkJobData): Promise<void> {
  const { services } = ctx;
  const by = { adminId: data.adminId, now: services.clock.now() };
  if (data.kind === 'export') {
    const [row] = await services.db.select({ id: networkExports.id }).from(networkExports).where(eq(networkExports.id, data.exportId));
    if (row) await finishExport(services, row.id, { processIndicator: 'FAILED', error: JOB_FAILED_MESSAGE });
    return;
  }
  await services.db.transaction(async (tx) => {
    if (data.kind === 'validate') return failImport(tx, data.importId, JOB_FAILED_MESSAGE, by);
    const row = await lockImport(tx, data.importId);
    if (!row || !row.isProcessing || row.importStatus === true) return;
    await setImportState(tx, row, { isProcessing: false, processIndicator: 'FAILED', importStatus: false, error: JOB_FAILED_MESSAGE }, by, 'failed');
  });
}
