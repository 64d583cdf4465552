import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertLeaseCompany } from '../fixtures/groups';
import { auditLog, pausedJobs, processLogs } from '../../server/db/schema';
import { runNightly, type LeaseRef, type NightlyJob } from '../../server/jobs/nightly/runner';
import { QUEUES } from '../../server/jobs/queues';
import { RUN_MESSAGES } from '../../domain/logs';
import { JOB_MESSAGES, SCHEDULED_JOBS, type ScheduledJobRow } from '../../domain/backgroundJobs';
import type { JobInfo } from '../../server/jobs/boss';

/**
 * The nightly jobs' frame (server/jobs/nightly/runner.ts) with a job of the test's own: one entry
 * per lease company and day, idempotent, resumed from its checkpoint, a failure recorded and tried
 * again, Pause seen between batches; and the scheduled jobs' slugs (list, Pause, Resume).
 */
let t: TestApp;
const as = {} as Record<'SUPER_ADMIN' | 'VIEWER', Browser>;
const leases: LeaseRef[] = [];
const info: JobInfo = { id: 'test', queue: QUEUES.enquiryArchive, retryCount: 0, retryLimit: 0 };
const DAY = '2026-01-05';

beforeAll(async () => {
  // Jobs are enqueued (Resume) but not worked here: the test runs its own job in their place.
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, runWorkers: false } }, { jobs: true });
  for (const role of ['SUPER_ADMIN', 'VIEWER'] as const) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  for (const name of ['Alpha Leasing', 'Beta Leasing']) {
    const row = await insertLeaseCompany(t.services.db, { name });
    leases.push({ id: row.id, name: row.name, diCustomerId: row.diCustomerId });
  }
});
afterAll(() => t?.close());

const db = () => t.services.db;
/** The day's entries in the order of `leases` (the manual clock gives them one executedAt). */
const entries = async (day = DAY) => {
  const rows = await db().select().from(processLogs).where(eq(processLogs.runDay, day));
  return rows.sort((a, b) => leases.findIndex((l) => l.id === a.leaseCompanyId) - leases.findIndex((l) => l.id === b.leaseCompanyId));
};

/**
 * Counts to `upTo` in steps of one per batch, saving the count as its checkpoint: `calls` records
 * every batch run, so a resumed run that repeats or skips a batch shows.
 */
function countingJob(opts: { upTo: number; failAt?: number; pauseAfter?: number; calls: string[] }): NightlyJob<{ n: number }> {
  return {
    queue: QUEUES.enquiryArchive,
    type: 'ENQUIRY_ARCHIVE',
    name: 'Counting',
    leaseCompanies: async () => leases,
    async run(ctx) {
      let n = ctx.checkpoint?.n ?? 0;
      while (n < opts.upTo) {
        if (opts.failAt === n) {
          opts.failAt = undefined;
          throw new Error('The ledger could not be read');
        }
        n += 1;
        opts.calls.push(`${ctx.lease.name}:${n}`);
        await db().transaction((tx) => ctx.progress(tx, { n }, { stats: { n } }));
        if (opts.pauseAfter === n) await db().insert(pausedJobs).values({ queue: QUEUES.enquiryArchive, pausedAt: t.clock.now() });
        await ctx.stopIfPaused();
      }
      return { isSuccess: true, isWarning: n > 2, message: `Counted to ${n}`, stats: { n } };
    },
  };
}

describe('runNightly', () => {
  it('writes one entry per lease company and day, and a second run of the day changes nothing', async () => {
    const calls: string[] = [];
    const first = await runNightly(t.services, countingJob({ upTo: 2, calls }), { day: DAY }, {}, info);
    expect(first).toEqual({ day: DAY, ran: 2, alreadyDone: 0, failed: 0, paused: false });
    expect(calls).toEqual(['Alpha Leasing:1', 'Alpha Leasing:2', 'Beta Leasing:1', 'Beta Leasing:2']);
    const rows = await entries();
    expect(rows.map((r) => [r.leaseCompanyId, r.state, r.isSuccess, r.isWarning, r.isPending, r.message, r.stats, r.checkpoint])).toEqual([
      [leases[0].id, 'COMPLETED', true, false, false, 'Counted to 2', { n: 2 }, null],
      [leases[1].id, 'COMPLETED', true, false, false, 'Counted to 2', { n: 2 }, null],
    ]);
    const again = await runNightly(t.services, countingJob({ upTo: 2, calls }), { day: DAY }, {}, info);
    expect(again).toEqual({ day: DAY, ran: 0, alreadyDone: 2, failed: 0, paused: false });
    expect(calls).toHaveLength(4);
    expect(await entries()).toEqual(rows);
  });

  it('records a failure on its entry, goes on with the next company, and a later run carries on from the checkpoint', async () => {
    const day = '2026-01-06';
    const calls: string[] = [];
    const job = countingJob({ upTo: 3, failAt: 1, calls });
    const first = await runNightly(t.services, job, { day }, {}, info);
    expect(first).toMatchObject({ ran: 2, failed: 1 });
    let rows = await entries(day);
    expect(rows.map((r) => [r.state, r.isSuccess, r.message, r.checkpoint])).toEqual([
      ['COMPLETED', false, 'The ledger could not be read', { n: 1 }],
      ['COMPLETED', true, 'Counted to 3', null],
    ]);
    // Run now: the failed company only, from where it stopped (batch 2 on); the other is done.
    const second = await runNightly(t.services, job, { day }, {}, info);
    expect(second).toMatchObject({ ran: 1, failed: 0, alreadyDone: 1 });
    expect(calls).toEqual(['Alpha Leasing:1', 'Beta Leasing:1', 'Beta Leasing:2', 'Beta Leasing:3', 'Alpha Leasing:2', 'Alpha Leasing:3']);
    rows = await entries(day);
    expect(rows.map((r) => [r.state, r.isSuccess, r.isWarning, r.message])).toEqual([
      ['COMPLETED', true, true, 'Counted to 3'],
      ['COMPLETED', true, true, 'Counted to 3'],
    ]);
  });

  it('stops at the next step once paused: the entries are PAUSED with their progress, and Resume runs the day on', async () => {
    const day = '2026-01-07';
    const calls: string[] = [];
    const paused = await runNightly(t.services, countingJob({ upTo: 3, pauseAfter: 2, calls }), { day }, {}, info);
    expect(paused).toMatchObject({ paused: true, ran: 0 });
    let rows = await entries(day);
    expect(rows.map((r) => [r.leaseCompanyId, r.state, r.isPending, r.message, r.stats])).toEqual([
      [leases[0].id, 'PAUSED', true, RUN_MESSAGES.paused, { n: 2 }],
      [leases[1].id, 'PAUSED', true, RUN_MESSAGES.paused, null],
    ]);
    // While paused, a run (the schedule) leaves everything as it is.
    await runNightly(t.services, countingJob({ upTo: 3, calls }), { day }, {}, info);
    expect(calls).toEqual(['Alpha Leasing:1', 'Alpha Leasing:2']);

    // Resume enqueues the paused day; here the test runs it itself.
    const res = await as.SUPER_ADMIN.post('backgroundJobs/resume', { queue: QUEUES.enquiryArchive });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: JOB_MESSAGES.resumed(SCHEDULED_JOBS.enquiryArchive.label), days: [day] });
    const queued = await t.services.database.query<{ data: unknown }>(`SELECT data FROM pgboss.job WHERE name = $1`, [QUEUES.enquiryArchive]);
    expect(queued.map((j) => j.data)).toEqual([{ day }]);
    await runNightly(t.services, countingJob({ upTo: 3, calls }), { day }, {}, info);
    expect(calls).toEqual(['Alpha Leasing:1', 'Alpha Leasing:2', 'Alpha Leasing:3', 'Beta Leasing:1', 'Beta Leasing:2', 'Beta Leasing:3']);
    rows = await entries(day);
    expect(rows.map((r) => [r.state, r.isSuccess, r.stats])).toEqual([
      ['COMPLETED', true, { n: 3 }],
      ['COMPLETED', true, { n: 3 }],
    ]);
  });
});

describe('two runs of one entry (the queue took a slow run for expired and retried it)', () => {
  it('the retry takes the entry over; the first run stops at its next batch, which changes nothing', async () => {
    const day = '2026-01-08';
    const calls: string[] = [];
    let reachedGate!: () => void;
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const slow: NightlyJob<{ n: number }> = {
      ...countingJob({ upTo: 3, calls }),
      async run(ctx) {
        reachedGate();
        await gate;
        calls.push(`slow:${ctx.lease.name}`);
        await db().transaction((tx) => ctx.progress(tx, { n: 99 }, { stats: { n: 99 } }));
        return { isSuccess: true, message: 'The slow run finished' };
      },
    };
    const first = runNightly(t.services, slow, { day }, {}, info);
    await atGate;
    const retry = await runNightly(t.services, countingJob({ upTo: 3, calls }), { day }, {}, info);
    expect(retry).toEqual({ day, ran: 2, alreadyDone: 0, failed: 0, paused: false });
    openGate();
    expect(await first).toMatchObject({ ran: 0, superseded: true });
    expect(calls).toEqual(['Alpha Leasing:1', 'Alpha Leasing:2', 'Alpha Leasing:3', 'Beta Leasing:1', 'Beta Leasing:2', 'Beta Leasing:3', 'slow:Alpha Leasing']);
    const rows = await entries(day);
    expect(rows.map((r) => [r.state, r.isSuccess, r.message, r.stats, r.checkpoint])).toEqual([
      ['COMPLETED', true, 'Counted to 3', { n: 3 }, null],
      ['COMPLETED', true, 'Counted to 3', { n: 3 }, null],
    ]);
  });
});

describe('the scheduled jobs: backgroundJobs/getScheduled, pause and resume', () => {
  it('lists every scheduled job with its schedule, paused or not', async () => {
    const res = await as.SUPER_ADMIN.post('backgroundJobs/getScheduled', {});
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json() as { data: ScheduledJobRow[]; total: number };
    expect(total).toBe(Object.keys(SCHEDULED_JOBS).length);
    expect(data.map((j) => [j.queue, j.cron, j.nightly, j.paused])).toEqual(Object.values(SCHEDULED_JOBS).map((j) => [j.queue, j.cron, j.nightly, false]));
  });

  it('pauses a nightly job once, audited, and shows who paused it', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await as.SUPER_ADMIN.post('backgroundJobs/pause', { queue: QUEUES.dailyInvoiceExport });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: JOB_MESSAGES.paused(SCHEDULED_JOBS.dailyInvoiceExport.label) });
    }
    const { data } = (await as.SUPER_ADMIN.post('backgroundJobs/getScheduled', {})).json() as { data: ScheduledJobRow[] };
    expect(data.find((j) => j.queue === QUEUES.dailyInvoiceExport)).toMatchObject({ paused: true, pausedBy: expect.stringMatching(/\S+ \S+/), pausedAt: t.clock.now().toISOString() });
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.slug, 'backgroundJobs/pause'), eq(auditLog.recordId, QUEUES.dailyInvoiceExport)));
    expect(audits).toHaveLength(1);
    // Resume with nothing paused on any day: the pause goes, nothing is enqueued.
    const res = await as.SUPER_ADMIN.post('backgroundJobs/resume', { queue: QUEUES.dailyInvoiceExport });
    expect(res.json()).toEqual({ message: JOB_MESSAGES.resumed(SCHEDULED_JOBS.dailyInvoiceExport.label), days: [] });
    expect(await db().select().from(pausedJobs).where(eq(pausedJobs.queue, QUEUES.dailyInvoiceExport))).toEqual([]);
  });

  it('refuses a job that cannot be paused, and anyone without the background jobs edit permission', async () => {
    const notNightly = await as.SUPER_ADMIN.post('backgroundJobs/pause', { queue: QUEUES.filesCleanup });
    expect(notNightly.statusCode).toBe(400);
    for (const slug of ['backgroundJobs/pause', 'backgroundJobs/resume', 'backgroundJobs/getScheduled']) {
      const res = await as.VIEWER.post(slug, { queue: QUEUES.contractImport });
      expect(res.statusCode, slug).toBe(403);
    }
    expect(await db().select().from(pausedJobs).where(eq(pausedJobs.queue, QUEUES.contractImport))).toEqual([]);
  });
});
