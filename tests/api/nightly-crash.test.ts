import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import type { Services } from '../../server/services';
import { archivedEnquiries, enquiries, processLogs } from '../../server/db/schema';
import { QUEUES } from '../../server/jobs/queues';
import { ARCHIVE_BATCH_POINT, ARCHIVE_BATCH_ROWS } from '../../server/jobs/nightly/archive';
import { insertLeaseCompany } from '../fixtures/groups';
import type { EnquiryStatus } from '../../domain/enquiries';
import { createCrashTarget, startCrashApp as start, killWorkerAt } from '../support/networkCrash';

const DAY = '2026-11-25';
/** Rows to archive per kind (several batches of ARCHIVE_BATCH_ROWS), and rows that stay. */
const DECLINED = 900;
const CANCELLED = 400;
const INVOICED = 1200;
const STAYING = 50;

/** Inserts `count` enquiries of one status and last change, in chunks. */
async function insertMany(services: Services, leaseCompanyId: string, status: EnquiryStatus, modifiedAt: string, count: number, from: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const values = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const n = from + start + i;
      return {
        enquiryNumber: `CRA-${String(n).padStart(6, '0')}`, status, source: 'BOOK_IN' as const, serviceType: 'SERVICE' as const, leaseCompanyId,
        vrm: `CR${n}`, make: 'Vauxhall', model: 'Astra', rateCardType: 'COST_TYPE_HYBRID_VISN' as const, currency: 'GBP' as const,
        cancelReason: status === 'CANCELLED' ? 'Customer requested cancellation' : null, modifiedAt: new Date(modifiedAt),
      };
    });
    ids.push(...(await services.db.insert(enquiries).values(values).returning({ id: enquiries.id })).map((r) => r.id));
  }
  return ids;
}

const entriesOf = (services: Services) => services.db.select().from(processLogs).where(and(eq(processLogs.type, 'ENQUIRY_ARCHIVE'), eq(processLogs.runDay, DAY)));
const jobOf = async (database: Database, id: string) =>
  (await database.query<{ retry_count: number; state: string }>('SELECT retry_count, state FROM pgboss.job WHERE id = $1', [id])).map((r) => ({ retries: Number(r.retry_count), state: r.state }))[0];

describe('the enquiry archive survives a killed worker', () => {
  it('a run killed after its first batch completes once when the job runs again: every row archived once, exact stats, one entry', { timeout: 180_000 }, async () => {
    expect(DECLINED + CANCELLED + INVOICED).toBeGreaterThan(2 * ARCHIVE_BATCH_ROWS);
    const crash = await createCrashTarget();
    let node: Awaited<ReturnType<typeof start>> | null = null;
    try {
      // The data and the night's job, with no worker running.
      node = await start(crash.open, crash.target, false);
      const lease = await insertLeaseCompany(node.services.db, { name: 'Crash Leasing' });
      const moving = [
        ...(await insertMany(node.services, lease.id, 'DECLINED_TO_BID', '2026-01-10T00:00:00Z', DECLINED, 0)),
        ...(await insertMany(node.services, lease.id, 'CANCELLED', '2026-02-10T00:00:00Z', CANCELLED, DECLINED)),
        ...(await insertMany(node.services, lease.id, 'INVOICED', '2024-03-10T00:00:00Z', INVOICED, DECLINED + CANCELLED)),
      ];
      const staying = await insertMany(node.services, lease.id, 'INVOICED', '2026-11-01T00:00:00Z', STAYING, 10_000);
      const services = node.services;
      const jobId = await services.db.transaction((tx) => services.jobs.send(tx, QUEUES.enquiryArchive, { day: DAY }));
      await node.stop();

      // A worker takes the job and is killed once its first batch (the declined ones) has committed.
      await killWorkerAt(crash.target, ARCHIVE_BATCH_POINT);
      node = await start(crash.open, crash.target, false);
      const [killed] = await entriesOf(node.services);
      expect(killed).toMatchObject({ state: 'RUNNING', isPending: true, stats: { isArchivingEnquiriesCompleted: false, archivedEnquiriesCount: DECLINED, totalEnquiriesToArchiveCount: moving.length } });
      expect(await node.services.db.$count(archivedEnquiries)).toBe(DECLINED);
      await node.stop();

      // Workers in this process: the expired job runs again and goes on from the checkpoint.
      node = await start(crash.open, crash.target, true);
      const db = node.services.db;
      await expect.poll(async () => (await entriesOf(node!.services))[0].state, { timeout: 60_000, interval: 200 }).toBe('COMPLETED');
      const entries = await entriesOf(node.services);
      expect(entries).toHaveLength(1);
      const stats = entries[0].stats as Record<string, unknown>;
      expect(entries[0]).toMatchObject({ isSuccess: true, isPending: false, message: 'Archived 2,500 enquiries', checkpoint: null });
      expect(stats).toMatchObject({
        isArchivingEnquiriesCompleted: true,
        totalEnquiriesToArchiveCount: moving.length,
        totalInvoicedEnquiriesToArchiveCount: INVOICED,
        archivedEnquiriesCount: moving.length,
        archivedByKind: { declined: DECLINED, cancelled: CANCELLED, noShow: 0, authorisationDeclined: 0, invoiced: INVOICED },
        // The killed run's first batch is still the run's start.
        firstRunTimestamp: (killed.stats as Record<string, unknown>).firstRunTimestamp,
      });
      expect(Date.parse(stats.lastRunTimestamp as string)).toBeGreaterThan(Date.parse(stats.firstRunTimestamp as string));

      // Each eligible row archived exactly once; the others still live.
      const archived = await db.select({ id: archivedEnquiries.id }).from(archivedEnquiries);
      expect(archived).toHaveLength(moving.length);
      expect(new Set(archived.map((a) => a.id))).toEqual(new Set(moving));
      expect(await db.$count(enquiries, inArray(enquiries.id, moving))).toBe(0);
      expect(await db.$count(enquiries)).toBe(STAYING);
      expect(await db.$count(enquiries, inArray(enquiries.id, staying))).toBe(STAYING);

      // The job itself ran once more after the kill, and finished.
      await expect.poll(async () => (await jobOf(node!.services.database, jobId)).state).toBe('completed');
      expect((await jobOf(node.services.database, jobId)).retries).toBeGreaterThanOrEqual(1);
    } finally {
      await node?.stop().catch(() => undefined);
      await crash.drop();
    }
  });
});
