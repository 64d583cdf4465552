import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../server/services';
import { importFileCompanies, processLogs, vehicles } from '../../server/db/schema';
import { QUEUES } from '../../server/jobs/queues';
import { BATCH_ROWS } from '../../server/jobs/network/lookup';
import { IMPORT_BATCH_POINT } from '../../server/jobs/nightly/contractImport';
import { importCsv, insertImportCompany, insertValidatedFile, vrmOf } from '../support/contractImport';
import { createCrashTarget, startCrashApp as start, killWorkerAt } from '../support/networkCrash';

const DAY = new Date().toISOString().slice(0, 10);
/** Rows of the company killed mid-run: a batch and part of another (what is left runs well within the queue's expiry). */
const ROWS = BATCH_ROWS + 700;
/** Its first EXISTING rows' vehicles are already as the file says (noChange). */
const EXISTING = 300;
const CAR = { make: 'Ford', model: 'Transit', vehicleType: 'COMMERCIAL_UNDER_3_5' as const, contractProduct: 'SERVICE_4_FLEET', contractEndDate: '2029-01-01' };

/**
 * One contract file for two companies: CRS100 (maintained vehicles only) with ROWS rows, every
 * 100th not maintained; after every 25th of them a row of CRS200. Answers the CSV and the
 * spreadsheet row of CRS100's BATCH_ROWS-th row (where its first batch ends).
 */
function contractFile(): { csv: string; firstBatchEnds: number; otherRows: number } {
  const rows: Record<string, string>[] = [];
  let firstBatchEnds = 0;
  let otherRows = 0;
  const row = (customerId: string, stockId: string, vrm: string, maintained: boolean) => ({
    customerId, stockId, vrm, make: 'Ford', model: 'Transit', vehicleType: 'COMMERCIAL_UNDER_3_5', contractProduct: 'SERVICE_4_FLEET', contractStart: '2026-01-01', contractEnd: '2029-01-01', maintained: maintained ? 'Yes' : 'No',
  });
  for (let i = 0; i < ROWS; i++) {
    rows.push(row('CRS100', `K-${i}`, vrmOf(i), i % 100 !== 50));
    if (i + 1 === BATCH_ROWS) firstBatchEnds = rows.length + 1;
    if ((i + 1) % 25 === 0) {
      rows.push(row('CRS200', `L-${otherRows}`, vrmOf(20_000 + otherRows), true));
      otherRows++;
    }
  }
  return { csv: importCsv('VISN_CUSTOMER_CONTRACT', rows, DAY), firstBatchEnds, otherRows };
}

const entryOf = async (services: Services, leaseId: string) =>
  (await services.db.select().from(processLogs).where(and(eq(processLogs.type, 'STOCK_IMPORT'), eq(processLogs.leaseCompanyId, leaseId), eq(processLogs.runDay, DAY))))[0];

describe('the contract and stock import survives a killed worker', () => {
  it('a run killed after its first batch goes on from its checkpoint: every row applied and counted once', { timeout: 180_000 }, async () => {
    const crash = await createCrashTarget();
    let node: Awaited<ReturnType<typeof start>> | null = null;
    const { csv, firstBatchEnds, otherRows } = contractFile();
    try {
      // The prepared file and the night's job, with no worker running.
      node = await start(crash.open, crash.target, false);
      const db = node.services.db;
      const killed = await insertImportCompany(db, 'CRS100', 'Crash Leasing', { supplied: true, maintainedOnly: true });
      const other = await insertImportCompany(db, 'CRS200', 'Other Crash Leasing', { supplied: true });
      await db.insert(vehicles).values(Array.from({ length: EXISTING }, (_, i) => ({ leaseCompanyId: killed.id, stockId: `K-${i}`, vrm: vrmOf(i), ...CAR })));
      await insertValidatedFile(db, 'VISN_CUSTOMER_CONTRACT', 'crash-contracts.csv', csv, new Date(Date.now() - 3_600_000), ROWS + otherRows);
      const jobId = await node.services.jobs.send(db, QUEUES.contractImport, { day: DAY });
      await node.stop();

      // A worker takes the job and is killed once the first batch is applied.
      await killWorkerAt(crash.target, IMPORT_BATCH_POINT);
      node = await start(crash.open, crash.target, false);
      const halfway = await entryOf(node.services, killed.id);
      expect(halfway).toMatchObject({
        state: 'RUNNING',
        checkpoint: { file: 0, row: firstBatchEnds },
        data: { totalRecordsCount: ROWS, processedRecordCount: BATCH_ROWS },
      });
      expect(await node.services.db.$count(vehicles, eq(vehicles.leaseCompanyId, killed.id))).toBe(EXISTING + (BATCH_ROWS - EXISTING) * 0.99);
      await node.stop();

      // Workers in this process: the expired job runs again and goes on from the checkpoint.
      node = await start(crash.open, crash.target, true);
      const services = node.services;
      await expect.poll(async () => (await entryOf(services, killed.id))?.state, { timeout: 60_000, interval: 200 }).toBe('COMPLETED');
      const skipped = ROWS / 100;
      const noChange = EXISTING - EXISTING / 100;
      expect(await entryOf(services, killed.id)).toMatchObject({
        isSuccess: true,
        isWarning: true,
        checkpoint: null,
        stats: { success: ROWS - skipped - noChange, noChange, skipped, awaitingTermination: 0, isIdUnavailable: 0, skippedAccountsWithMaintainedAsN: skipped, skippedRepeatedAccountNumber: 0 },
        data: { totalRecordsCount: ROWS, processedRecordCount: ROWS, validRecordCount: ROWS - skipped, invalidRecordCount: skipped },
      });
      await expect.poll(async () => (await entryOf(services, other.id))?.state, { timeout: 30_000, interval: 200 }).toBe('COMPLETED');
      expect(await entryOf(services, other.id)).toMatchObject({
        isSuccess: true,
        stats: { success: otherRows, noChange: 0, skipped: 0 },
        data: { totalRecordsCount: otherRows, processedRecordCount: otherRows, validRecordCount: otherRows, invalidRecordCount: 0 },
      });

      // Each vehicle once, none written twice.
      const fleet = await services.db.select({ stockId: vehicles.stockId, version: vehicles.version }).from(vehicles).where(eq(vehicles.leaseCompanyId, killed.id));
      expect(fleet).toHaveLength(ROWS - skipped + EXISTING / 100);
      expect(new Set(fleet.map((v) => v.stockId)).size).toBe(fleet.length);
      expect(fleet.every((v) => v.version === 1)).toBe(true);
      const marks = await services.db.select().from(importFileCompanies);
      expect(marks.map((m) => [m.diCustomerId, m.rowCount, m.appliedAt !== null]).sort()).toEqual([
        ['crs100', ROWS, true],
        ['crs200', otherRows, true],
      ]);

      // Run once more after the kill, and finished.
      const job = async () => (await services.database.query<{ retry_count: number; state: string }>('SELECT retry_count, state FROM pgboss.job WHERE id = $1', [jobId]))[0];
      await expect.poll(async () => (await job()).state, { timeout: 30_000 }).toBe('completed');
      expect(Number((await job()).retry_count)).toBeGreaterThanOrEqual(1);
    } finally {
      await node?.stop().catch(() => undefined);
      await crash.drop();
    }
  });
});
