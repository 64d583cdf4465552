import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { auditLog, customerNetworkTerms, files, networkImports } from '../../server/db/schema';
import { seedNetworkFixture, settledImport } from '../support/network';
import { createCrashTarget, startCrashApp as start, enqueuePersist, enqueueValidation, killWorkerAt, networkCsv } from '../support/networkCrash';

const jobRetries = async (db: Database, importId: string, queue: string) =>
  (await db.query<{ retry_count: number }>(`SELECT retry_count FROM pgboss.job WHERE name = $1 AND data->>'importId' = $2`, [queue, importId])).map((r) => Number(r.retry_count));

describe('network jobs survive a killed worker', () => {
  it('a validation or persist job killed half-way runs again to completion, its effect applied once', { timeout: 180_000 }, async () => {
    const crash = await createCrashTarget();
    let node: Awaited<ReturnType<typeof start>> | null = null;
    try {
      // The upload: stored and enqueued, with no worker running.
      node = await start(crash.open, crash.target, false);
      const fx = await seedNetworkFixture(node.services.db);
      const importId = await enqueueValidation(node.services, fx.leaseId, networkCsv(fx, 8150));
      await node.stop();

      // A worker takes the validation job and is killed in the middle of it.
      await killWorkerAt(crash.target, 'validate:batch');
      node = await start(crash.open, crash.target, false);
      const [halfway] = await node.services.db.select().from(networkImports).where(eq(networkImports.id, importId));
      expect(halfway).toMatchObject({ isProcessing: true, validationStatus: null, logFileId: null });
      await node.stop();

      // Another worker: the expired job runs again, to the end.
      node = await start(crash.open, crash.target, true);
      const validated = await settledImport(node.services.db, importId, 60_000);
      expect(validated).toMatchObject({ validationStatus: true, processIndicator: 'SUCCESS', rowCount: 6, error: null });
      const logs = await node.services.db.select({ id: files.id, complete: files.complete }).from(files).where(eq(files.name, 'network-log.csv'));
      // The killed run's log was never completed (never served); exactly one complete log, the linked one.
      expect(logs.filter((f) => f.complete).map((f) => f.id)).toEqual([validated.logFileId]);
      expect(logs.some((f) => !f.complete)).toBe(true);
      expect((await jobRetries(node.services.database, importId, 'network-import-validate'))[0]).toBeGreaterThanOrEqual(1);
      await node.stop();

      // The Import call, on a node without workers, so that only the child can take the job.
      node = await start(crash.open, crash.target, false);
      await enqueuePersist(node.services, importId);
      await node.stop();

      // A worker applies every row inside the persist transaction and is killed before it commits.
      await killWorkerAt(crash.target, 'persist:applied');
      node = await start(crash.open, crash.target, false);
      expect(await node.services.db.select().from(customerNetworkTerms)).toEqual([]);
      await node.stop();

      node = await start(crash.open, crash.target, true);
      const imported = await settledImport(node.services.db, importId, 60_000);
      expect(imported).toMatchObject({ importStatus: true, processIndicator: 'SUCCESS', changedCount: 6, importedBy: { firstname: 'Crash', lastname: 'Test' } });
      const terms = await node.services.db.select().from(customerNetworkTerms).where(eq(customerNetworkTerms.leaseCompanyId, fx.leaseId));
      expect(terms).toHaveLength(6);
      for (const row of terms) expect(row).toMatchObject({ labourRate: 8150, version: 1, importId });
      const audits = await node.services.db.select().from(auditLog).where(and(eq(auditLog.recordId, importId), eq(auditLog.slug, 'admin/persistNetworkImport')));
      expect(audits).toHaveLength(1);
      expect((await jobRetries(node.services.database, importId, 'network-import-persist'))[0]).toBeGreaterThanOrEqual(1);
    } finally {
      await node?.stop().catch(() => undefined);
      await crash.drop();
    }
  });
});
