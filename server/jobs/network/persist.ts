/**
 * The persist job of a network import: applies every row of a validated file in ONE transaction
 * together with importStatus, importedAt/By and the audit row. A retry after a crash therefore
 * finds either nothing applied (the transaction never committed) or the import marked done, and
 * stops: the effect happens exactly once. Rows are checked again, since the network may have
 * changed since validation; any error aborts the whole import.
 */
import { networkFormat } from '../../../domain/network';
import { writeAudit, auditImage } from '../../rpc/audit';
import type { JobInfo } from '../boss';
import { applyCustomerRows, applyDiRows } from './apply';
import { lockImport, setImportState } from './imports';
import { MissingFileError, readNetworkFile } from './reader';
import { PermanentJobError, todayOf, type NetworkJobContext } from './context';

export const PERSIST_MESSAGES = {
  notValidated: 'The file has not passed validation',
  changed: (row: number, column: string, message: string) =>
    `The network changed since the file was validated (row ${row}${column ? `, ${column}` : ''}: ${message}). Upload the file again.`,
} as const;

export async function persistImport(
  ctx: NetworkJobContext,
  data: { importId: string; adminId: string | null; person: { firstname: string; lastname: string; email?: string | null } },
  job: JobInfo,
): Promise<void> {
  const { services, hooks } = ctx;
  try {
    await services.db.transaction(async (tx) => {
      const row = await lockImport(tx, data.importId);
      // Gone, or imported by an earlier run of this job: nothing more to do.
      if (!row || row.importStatus === true || row.importedAt) return;
      if (row.validationStatus !== true) throw new PermanentJobError(PERSIST_MESSAGES.notValidated);
      const now = services.clock.now();
      const scope = { isDi: row.isDiNetworkImport, leaseCompanyId: row.leaseCompanyId };
      const apply = { scope, importId: row.id, adminId: data.adminId, now };
      let changed = 0;
      await readNetworkFile(services.files, tx, row.archiveFileId, networkFormat(row.isDiNetworkImport), scope, todayOf(services), async (batch) => {
        const [first] = batch.errors;
        if (first) throw new PermanentJobError(PERSIST_MESSAGES.changed(first.row, first.column, first.message));
        changed += scope.isDi ? await applyDiRows(tx, apply, batch.rows) : await applyCustomerRows(tx, apply, batch.rows);
      });
      await hooks.checkpoint?.('persist:applied', job);
      const after = await setImportState(
        tx,
        row,
        { importStatus: true, importedAt: now, importedBy: data.person, importedById: data.adminId, changedCount: changed, isProcessing: false, processIndicator: 'SUCCESS', error: null },
        { adminId: data.adminId, now },
        'imported',
      );
      // One audit row for the import; every terms row it changed carries the import's id.
      await writeAudit(tx, { adminId: data.adminId, slug: 'admin/persistNetworkImport', recordType: 'networkImport', recordId: row.id, before: auditImage(row), after: auditImage(after), at: now });
    });
  } catch (err) {
    if (!(err instanceof PermanentJobError) && !(err instanceof MissingFileError)) throw err;
    await services.db.transaction(async (tx) => {
      const row = await lockImport(tx, data.importId);
      if (!row || row.importStatus === true) return;
      await setImportState(tx, row, { isProcessing: false, processIndicator: 'FAILED', importStatus: false, error: err.message }, { adminId: data.adminId, now: services.clock.now() }, 'failed');
    });
  }
}
