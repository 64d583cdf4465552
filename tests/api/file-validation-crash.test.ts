import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../server/db/client';
import type { Services } from '../../server/services';
import { fileValidationReports, files, supplierGroups } from '../../server/db/schema';
import { readFile, writeFileStream } from '../../server/files/storage';
import { QUEUES } from '../../server/jobs/queues';
import { BATCH_ROWS } from '../../server/jobs/network/lookup';
import { DB_CHECK_MESSAGES, validationTypeById } from '../../domain/fileValidation';
import { LOG_HEADER } from '../../domain/network/format';
import { createCrashTarget, startCrashApp as start, killWorkerAt } from '../support/networkCrash';

const TYPE = 'VISN_TYRE_PRICE_CATALOGUE';
const ROWS = 5000;
const FILE_NAME = 'tyres.csv';

/**
 * A tyre price file of ROWS rows with a problem in every batch (the checkpoint follows a batch's
 * problems written to the log): every 500th row has an unknown tier, every 1000th (from row 2) an
 * unknown group. Answers the file and the log rows it must produce.
 */
function tyreFile(): { csv: string; problems: string[][] } {
  const type = validationTypeById(TYPE)!;
  const records: string[][] = [type.columns.map((c) => c.header)];
  const problems: string[][] = [];
  for (let i = 0; i < ROWS; i++) {
    const row = i + 2;
    const tier = i % 500 === 250 ? 'ECONOMY' : 'PREMIUM';
    const group = i % 1000 === 0 ? 'NOGRP1' : 'CRG100';
    records.push([group, String(4_000_000_000_000 + i), 'Michelin', 'Primacy 4+', '205/55 R16', '91', 'V', tier, 'No', '112.00', '01/07/2025', '']);
    if (tier !== 'PREMIUM') problems.push([String(row), 'Tier', 'Tier must be one of BUDGET, MID_RANGE, PREMIUM']);
    else if (group !== 'CRG100') problems.push([String(row), 'Group Id', DB_CHECK_MESSAGES.group('Group Id', group)]);
  }
  problems.sort((a, b) => Number(a[0]) - Number(b[0]));
  return { csv: stringify(records), problems };
}

/** Stores the file, inserts the report and enqueues its validation, as fileValidation/upload does. */
async function enqueueValidation(services: Services, csv: string): Promise<string> {
  const file = await writeFileStream(services.files, services.db, { name: FILE_NAME, contentType: 'text/csv' }, [Buffer.from(csv)]);
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fileValidationReports)
      .values({ validationType: TYPE, fileName: FILE_NAME, fileId: file.id, uploadedBy: { firstname: 'Crash', lastname: 'Test' }, uploadedAt: services.clock.now() })
      .returning();
    await services.jobs.send(tx, QUEUES.fileValidation, { reportId: row.id, adminId: null });
    return row.id;
  });
}

const report = async (db: Services['db'], id: string) => (await db.select().from(fileValidationReports).where(eq(fileValidationReports.id, id)))[0];

const jobRetries = async (db: Database, reportId: string) =>
  (await db.query<{ retry_count: number; state: string }>(`SELECT retry_count, state FROM pgboss.job WHERE name = $1 AND data->>'reportId' = $2`, [QUEUES.fileValidation, reportId])).map((r) => ({ retries: Number(r.retry_count), state: r.state }));

describe('the file validation job survives a killed worker', () => {
  it('a validation killed after its first batch runs again to completion: one complete log, linked once', { timeout: 180_000 }, async () => {
    expect(ROWS).toBeGreaterThan(2 * BATCH_ROWS);
    const crash = await createCrashTarget();
    let node: Awaited<ReturnType<typeof start>> | null = null;
    const { csv, problems } = tyreFile();
    try {
      // The upload: stored and enqueued, with no worker running.
      node = await start(crash.open, crash.target, false);
      await node.services.db.insert(supplierGroups).values({ groupId: 'CRG100', name: 'Crash Tyres' });
      const reportId = await enqueueValidation(node.services, csv);
      await node.stop();

      // A worker takes the job and is killed once the first batch's problems are in the log.
      await killWorkerAt(crash.target, 'fileValidation:batch');
      node = await start(crash.open, crash.target, false);
      expect(await report(node.services.db, reportId)).toMatchObject({ isProcessing: true, processIndicator: 'LOADING', validationStatus: null, logFileId: null, completedAt: null });
      // The killed run's log was opened and never completed.
      const killed = await node.services.db.select({ id: files.id, complete: files.complete }).from(files).where(eq(files.name, 'tyres-log.csv'));
      expect(killed).toEqual([{ id: expect.any(String), complete: false }]);
      await node.stop();

      // Workers in this process: the expired job runs again, to the end.
      node = await start(crash.open, crash.target, true);
      const db = node.services.db;
      await expect.poll(async () => (await report(db, reportId)).isProcessing, { timeout: 60_000, interval: 200 }).toBe(false);
      const done = await report(db, reportId);
      expect(done).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: ROWS, errorCount: problems.length, error: null, logFileId: expect.any(String) });
      expect(done.completedAt).not.toBeNull();

      // One log linked: complete, each problem once, in file order.
      const log = await readFile(node.services.files, db, done.logFileId!);
      const records = parse(log!.data, { relax_column_count: true }) as string[][];
      expect(records[0]).toEqual([...LOG_HEADER]);
      expect(records.slice(1, -1)).toEqual(problems);
      expect(records.at(-1)).toEqual(['', '', `${problems.length} problems in ${ROWS} rows`]);
      expect(new Set(records.slice(1, -1).map((r) => r[0])).size).toBe(problems.length);

      // The killed run's log is not the report's: the only complete log is the linked one.
      const logs = await db.select({ id: files.id, complete: files.complete }).from(files).where(eq(files.name, 'tyres-log.csv'));
      expect(logs.filter((f) => f.complete).map((f) => f.id)).toEqual([done.logFileId]);
      expect(logs.find((f) => f.id === killed[0].id)).toEqual({ id: killed[0].id, complete: false });

      // Run once more after the kill, and finished.
      const [job] = await jobRetries(node.services.database, reportId);
      expect(job.retries).toBeGreaterThanOrEqual(1);
      await expect.poll(async () => (await jobRetries(node!.services.database, reportId))[0].state).toBe('completed');
    } finally {
      await node?.stop().catch(() => undefined);
      await crash.drop();
    }
  });
});
