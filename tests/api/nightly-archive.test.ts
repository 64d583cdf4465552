import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { ok, refusalCheck } from '../support/answers';
import { insertLeaseCompany } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { archivedEnquiries, auditLog, enquiries, enquiryMessages, invoices, pausedJobs, processLogs } from '../../server/db/schema';
import { ARCHIVE_BATCH_POINT, archiveJob, makeArchiveJob } from '../../server/jobs/nightly/archive';
import { runNightly, type NightlyRunSummary } from '../../server/jobs/nightly/runner';
import type { JobHooks } from '../../server/jobs/network/context';
import { QUEUES } from '../../server/jobs/queues';
import { archiveKindOn } from '../../domain/archive';
import type { EnquiryStatus } from '../../domain/enquiries';
import { RUN_MESSAGES, type ArchiveKind } from '../../domain/logs';

/**
 * The nightly enquiry archive (server/jobs/nightly/archive.ts) on prepared enquiries of every kind
 * on both sides of their thresholds: exactly the eligible rows move, with exact stats; a second run
 * changes nothing; Pause between batches leaves the entry PAUSED and Resume completes it; the
 * search collections follow the move; one run goes through the real queue.
 */
let t: TestApp;
const as = {} as Record<'SUPER_ADMIN' | 'VIEWER', Browser>;
const db = () => t.services.db;
const DAY = '2026-11-25';
const QUEUE = QUEUES.enquiryArchive;
const INFO = { id: crypto.randomUUID(), queue: QUEUE, retryCount: 0, retryLimit: 0 };

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  for (const role of ['SUPER_ADMIN', 'VIEWER'] as const) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t?.close());

type Enquiry = typeof enquiries.$inferSelect;
let numbers = 0;

async function insertEnquiry(leaseCompanyId: string, status: EnquiryStatus, modifiedAt: string, cancelReason: string | null = null): Promise<Enquiry> {
  const [row] = await db()
    .insert(enquiries)
    .values({
      enquiryNumber: `ARC-${String(++numbers).padStart(5, '0')}`,
      status,
      source: 'BOOK_IN',
      serviceType: 'SERVICE',
      leaseCompanyId,
      vrm: `AR${String(numbers).padStart(2, '0')}CHV`,
      make: 'Ford',
      model: 'Focus',
      rateCardType: 'COST_TYPE_HYBRID_VISN',
      currency: 'GBP',
      cancelReason,
      cancelledAt: status === 'CANCELLED' ? new Date(modifiedAt) : null,
      invoicedAt: status === 'INVOICED' ? new Date(modifiedAt) : null,
      createdAt: new Date('2019-06-01T10:00:00Z'),
      modifiedAt: new Date(modifiedAt),
    })
    .returning();
  return row;
}

/**
 * Each kind just before and exactly at its threshold date of DAY (declined and cancelled 2026-08-27,
 * no-show and authorisation declined 2026-09-26, invoiced 2025-11-25), and statuses never archived.
 */
const PREPARED: [EnquiryStatus, string, string | null, ArchiveKind | null][] = [
  ['DECLINED_TO_BID', '2026-08-26T23:59:59.999Z', null, 'declined'],
  ['BID_NOT_SELECTED', '2026-01-01T08:00:00Z', null, 'declined'],
  ['DECLINED_TO_BID', '2026-08-27T00:00:00Z', null, null],
  ['CANCELLED', '2026-08-26T12:00:00Z', 'Duplicate booking', 'cancelled'],
  ['CANCELLED', '2026-08-27T00:00:00Z', 'Duplicate booking', null],
  ['CANCELLED', '2026-09-01T00:00:00Z', 'Piano show at the depot', null],
  ['CANCELLED', '2026-09-25T23:59:59Z', 'Driver NO-SHOW', 'noShow'],
  ['CANCELLED', '2026-09-26T00:00:00Z', 'no show', null],
  ['CANCELLED', '2026-09-25T10:00:00Z', 'Authorisation declined by the fleet manager', 'authorisationDeclined'],
  ['CANCELLED', '2026-09-26T00:00:00Z', 'authorization was refused', null],
  ['INVOICED', '2025-11-24T23:59:59Z', null, 'invoiced'],
  ['INVOICED', '2024-02-01T00:00:00Z', null, 'invoiced'],
  ['INVOICED', '2025-11-25T00:00:00Z', null, null],
  ['COMPLETED', '2020-01-01T00:00:00Z', null, null],
  ['NEW', '2020-01-01T00:00:00Z', null, null],
  ['PAYMENT_TAKEN', '2020-01-01T00:00:00Z', null, null],
];

const liveIds = async (ids: string[]) => (await db().select({ id: enquiries.id }).from(enquiries).where(inArray(enquiries.id, ids))).map((r) => r.id).sort();
const archivedOf = async (ids: string[]) => db().select().from(archivedEnquiries).where(inArray(archivedEnquiries.id, ids));
const entryOf = async (leaseId: string) =>
  (await db().select().from(processLogs).where(and(eq(processLogs.type, 'ENQUIRY_ARCHIVE'), eq(processLogs.leaseCompanyId, leaseId), eq(processLogs.runDay, DAY))))[0];
const entriesOfDay = () => db().select().from(processLogs).where(and(eq(processLogs.type, 'ENQUIRY_ARCHIVE'), eq(processLogs.runDay, DAY))).orderBy(processLogs.id);

/** The stats of a finished run of DAY. */
function doneStats(total: number, invoiced: number, byKind: Partial<Record<ArchiveKind, number>>, first: Date, last: Date) {
  const archivedByKind = { declined: 0, cancelled: 0, noShow: 0, authorisationDeclined: 0, invoiced: 0, ...byKind };
  return {
    isArchivingEnquiriesCompleted: true,
    totalEnquiriesToArchiveCount: total,
    totalInvoicedEnquiriesToArchiveCount: invoiced,
    archivedEnquiriesCount: Object.values(archivedByKind).reduce((a, b) => a + b, 0),
    firstRunTimestamp: first.toISOString(),
    lastRunTimestamp: last.toISOString(),
    archivedByKind,
    invoicedThresholdDate: '2025-11-25',
    declinedThresholdDate: '2026-08-27',
    cancelledThresholdDate: '2026-08-27',
    noShowThresholdDate: '2026-09-26',
    authorisationDeclinedThresholdDate: '2026-09-26',
  };
}

/** Hooks that move the clock a minute on after each batch, so first and last batch times differ. */
const MINUTE = 60_000;
function ticking(onBatch: (n: number) => Promise<void> = async () => undefined): JobHooks & { batches: number } {
  const hooks = {
    batches: 0,
    async checkpoint(point: string) {
      if (point !== ARCHIVE_BATCH_POINT) return;
      hooks.batches++;
      t.clock.advance(MINUTE);
      await onBatch(hooks.batches);
    },
  };
  return hooks;
}

describe('archiving prepared enquiries', () => {
  let alpha: string;
  let beta: string;
  let gamma: string;
  let prepared: { row: Enquiry; kind: ArchiveKind | null }[];
  let betaRows: Enquiry[];
  let untouched: { invoices: unknown[]; messages: unknown[] };
  let summary: NightlyRunSummary;
  let started: Date;

  beforeAll(async () => {
    alpha = (await insertLeaseCompany(db(), { name: 'Archive Alpha Leasing' })).id;
    beta = (await insertLeaseCompany(db(), { name: 'Archive Beta Leasing' })).id;
    gamma = (await insertLeaseCompany(db(), { name: 'Archive Gamma Leasing' })).id;
    prepared = [];
    for (const [status, at, reason, kind] of PREPARED) prepared.push({ row: await insertEnquiry(alpha, status, at, reason), kind });
    betaRows = [await insertEnquiry(beta, 'INVOICED', '2023-03-01T00:00:00Z'), await insertEnquiry(beta, 'CANCELLED', '2025-01-01T00:00:00Z', 'No-show')];
    // Gamma has only enquiries that stay live: no entry.
    await insertEnquiry(gamma, 'INVOICED', '2026-11-01T00:00:00Z');
    await insertEnquiry(gamma, 'BID_ACCEPTED', '2019-01-01T00:00:00Z');
    // What refers to enquiries by id, without foreign keys: it stays as it is.
    const invoiced = prepared[10].row;
    const { supplier, group } = await insertSupplier(db(), { name: 'Archive Motors' });
    await db().insert(invoices).values({
      invoiceNumber: 'INV-ARC-1', type: 'Invoice', enquiryId: invoiced.id, enquiryNumber: invoiced.enquiryNumber, leaseCompanyId: alpha, groupId: group.id, supplierId: supplier.id, vrm: invoiced.vrm,
      taxPointDate: '2025-11-20', currency: 'GBP', jobType: 'STANDARD', lineTaxCode: 'S', totalNett: 10_000, totalVat: 2_000, totalGross: 12_000, paybill: false,
    });
    await db().insert(enquiryMessages).values({ enquiryId: prepared[3].row.id, message: 'Booking cancelled: Duplicate booking', messageTo: 'SUPPLIER', messageFrom: 'CUSTOMER', enquiryStatus: 'CANCELLED' });
    untouched = { invoices: await db().select().from(invoices), messages: await db().select().from(enquiryMessages) };
    started = t.clock.now();
    summary = await runNightly(t.services, makeArchiveJob({ batchRows: 2 }), { day: DAY }, ticking(), INFO);
  });

  it('the prepared rows agree with the domain rule', () => {
    for (const { row, kind } of prepared) expect(archiveKindOn(row, DAY), `${row.status} ${row.cancelReason} ${row.modifiedAt.toISOString()}`).toBe(kind);
  });

  it('moves exactly the eligible rows, each once, keeping every column and its id', async () => {
    expect(summary).toMatchObject({ day: DAY, ran: 2, alreadyDone: 0, failed: 0, paused: false });
    const eligible = prepared.filter((p) => p.kind);
    const staying = prepared.filter((p) => !p.kind);
    expect(await liveIds(staying.map((p) => p.row.id))).toEqual(staying.map((p) => p.row.id).sort());
    expect(await liveIds(eligible.map((p) => p.row.id))).toEqual([]);
    const archived = await archivedOf([...prepared.map((p) => p.row.id), ...betaRows.map((r) => r.id)]);
    expect(archived).toHaveLength(eligible.length + betaRows.length);
    const reasons: Record<ArchiveKind, string> = { declined: 'DECLINED', cancelled: 'CANCELLED', noShow: 'NO_SHOW', authorisationDeclined: 'AUTHORISATION_DECLINED', invoiced: 'INVOICED' };
    for (const { row, kind } of eligible) {
      const a = archived.find((x) => x.id === row.id)!;
      const { seq: _live, ...columns } = row;
      expect(a).toMatchObject({ ...columns, archiveReason: reasons[kind!] });
      expect(a.archivedAt.getTime()).toBeGreaterThanOrEqual(started.getTime());
    }
    expect(archived.filter((a) => betaRows.some((r) => r.id === a.id)).map((a) => a.archiveReason).sort()).toEqual(['INVOICED', 'NO_SHOW']);
    expect({ invoices: await db().select().from(invoices), messages: await db().select().from(enquiryMessages) }).toEqual(untouched);
  });

  it('writes one entry per lease company with exact stats, none for a company with nothing to archive', async () => {
    // Alpha: 7 rows in batches of 2 per kind (declined 2, cancelled 1, noShow 1, authorisation declined 1, invoiced 2) = 5 batches, then Beta's 2.
    const minute = (n: number) => new Date(started.getTime() + n * MINUTE);
    expect(await entryOf(alpha)).toMatchObject({
      name: 'Archive enquiries', state: 'COMPLETED', isSuccess: true, isWarning: false, isPending: false, message: 'Archived 7 enquiries', checkpoint: null,
      stats: doneStats(7, 2, { declined: 2, cancelled: 1, noShow: 1, authorisationDeclined: 1, invoiced: 2 }, minute(0), minute(4)),
    });
    expect(await entryOf(beta)).toMatchObject({
      state: 'COMPLETED', isSuccess: true, message: 'Archived 2 enquiries',
      stats: doneStats(2, 1, { noShow: 1, invoiced: 1 }, minute(5), minute(6)),
    });
    expect(await entryOf(gamma)).toBeUndefined();
  });

  it('changes nothing when run again for the day', async () => {
    const before = { entries: await entriesOfDay(), live: await db().select().from(enquiries).orderBy(enquiries.id), archive: await db().select().from(archivedEnquiries).orderBy(archivedEnquiries.id) };
    t.clock.advance(MINUTE);
    const again = await runNightly(t.services, makeArchiveJob({ batchRows: 2 }), { day: DAY }, ticking(), INFO);
    expect(again).toMatchObject({ day: DAY, ran: 0, alreadyDone: 0, failed: 0, paused: false });
    expect({ entries: await entriesOfDay(), live: await db().select().from(enquiries).orderBy(enquiries.id), archive: await db().select().from(archivedEnquiries).orderBy(archivedEnquiries.id) }).toEqual(before);
  });
});

describe('Pause and Resume', () => {
  const state = async () => ({ paused: await db().select().from(pausedJobs), audit: (await db().select({ id: auditLog.id }).from(auditLog)).length, entries: await entriesOfDay() });
  const refused = refusalCheck(state);

  it('refuses Pause and Resume to an admin without BACKGROUND_JOBS edit (403), writing nothing', async () => {
    await refused(() => as.VIEWER.post('backgroundJobs/pause', { queue: QUEUE }), 403);
    await db().insert(pausedJobs).values({ queue: QUEUE, pausedAt: t.clock.now() });
    await refused(() => as.VIEWER.post('backgroundJobs/resume', { queue: QUEUE }), 403);
    await db().delete(pausedJobs).where(eq(pausedJobs.queue, QUEUE));
  });

  it('a pause between batches leaves the entry PAUSED with its progress; Resume completes it with the same totals', async () => {
    const delta = (await insertLeaseCompany(db(), { name: 'Archive Delta Leasing' })).id;
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await insertEnquiry(delta, 'INVOICED', '2024-06-01T00:00:00Z'));
    rows.push(await insertEnquiry(delta, 'DECLINED_TO_BID', '2025-06-01T00:00:00Z'));
    const started = t.clock.now();
    const hooks = ticking(async (n) => {
      if (n === 2) ok(await as.SUPER_ADMIN.post('backgroundJobs/pause', { queue: QUEUE }));
    });
    const summary = await runNightly(t.services, makeArchiveJob({ batchRows: 2 }), { day: DAY }, hooks, INFO);
    expect(summary).toMatchObject({ ran: 0, paused: true });
    // Declined 1 (one batch), then invoiced 2; paused before the third batch.
    expect(hooks.batches).toBe(2);
    const paused = await entryOf(delta);
    const partial = { ...doneStats(6, 5, { declined: 1, invoiced: 2 }, new Date(started.getTime()), new Date(started.getTime() + MINUTE)), isArchivingEnquiriesCompleted: false };
    expect(paused).toMatchObject({ state: 'PAUSED', isPending: true, isSuccess: false, message: RUN_MESSAGES.paused, stats: partial });
    expect(paused.checkpoint).toMatchObject({ totalEnquiriesToArchiveCount: 6, totalInvoicedEnquiriesToArchiveCount: 5, archivedByKind: { declined: 1, invoiced: 2 } });
    expect(await liveIds(rows.map((r) => r.id))).toHaveLength(3);

    // Resume: the day is run again on the queue (batches of 1,000), from the checkpoint.
    const resumedAt = t.clock.now();
    expect(ok(await as.SUPER_ADMIN.post('backgroundJobs/resume', { queue: QUEUE }))).toEqual({ message: 'Archive enquiries has been resumed', days: [DAY] });
    await expect.poll(async () => (await entryOf(delta)).state, { timeout: 30_000, interval: 100 }).toBe('COMPLETED');
    expect(await entryOf(delta)).toMatchObject({
      isSuccess: true, isPending: false, message: 'Archived 6 enquiries', checkpoint: null,
      stats: doneStats(6, 5, { declined: 1, invoiced: 5 }, started, resumedAt),
    });
    expect(await liveIds(rows.map((r) => r.id))).toEqual([]);
    expect(await archivedOf(rows.map((r) => r.id))).toHaveLength(6);
  });
});

describe('through the queue, with search', () => {
  type Hit = { id: string; enquiryNumber: string; archiveReason?: string };
  let key: string;
  async function search(collection: 'enquiries' | 'archivedEnquiries', q: string): Promise<Hit[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/collections/${collection}/documents/search?${new URLSearchParams({ q, query_by: 'enquiryNumber', per_page: '250' })}`,
      headers: { 'x-typesense-api-key': key },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().hits.map((h: { document: Hit }) => h.document);
  }

  it('the scheduled queue runs the job for the day; the archived enquiries search finds the moved rows, the live one no longer', async () => {
    key = (await as.SUPER_ADMIN.get('session/getSessionToken')).json().key as string;
    const epsilon = (await insertLeaseCompany(db(), { name: 'Archive Epsilon Leasing' })).id;
    const moving = await insertEnquiry(epsilon, 'CANCELLED', '2026-03-01T00:00:00Z', 'Authorisation refused');
    const staying = await insertEnquiry(epsilon, 'CANCELLED', '2026-11-20T00:00:00Z', 'Authorisation refused');
    expect((await search('enquiries', moving.enquiryNumber)).map((h) => h.id)).toEqual([moving.id]);
    expect(await search('archivedEnquiries', moving.enquiryNumber)).toEqual([]);

    const id = await db().transaction((tx) => t.services.jobs.send(tx, QUEUE, { day: DAY }));
    t.services.jobs.wake(QUEUE);
    const jobState = async () => (await t.services.database.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]))[0]?.state;
    await expect.poll(jobState, { timeout: 30_000, interval: 100 }).toBe('completed');
    expect(await entryOf(epsilon)).toMatchObject({ state: 'COMPLETED', isSuccess: true, message: 'Archived 1 enquiry', stats: { archivedByKind: { authorisationDeclined: 1 }, totalEnquiriesToArchiveCount: 1 } });

    expect(await search('enquiries', moving.enquiryNumber)).toEqual([]);
    expect(await search('archivedEnquiries', moving.enquiryNumber)).toMatchObject([{ id: moving.id, enquiryNumber: moving.enquiryNumber, archiveReason: 'AUTHORISATION_DECLINED' }]);
    expect((await search('enquiries', staying.enquiryNumber)).map((h) => h.id)).toEqual([staying.id]);
    expect(await search('archivedEnquiries', staying.enquiryNumber)).toEqual([]);
  });

  it('the product registers the job with its default batches', () => {
    expect(archiveJob).toMatchObject({ queue: QUEUE, type: 'ENQUIRY_ARCHIVE', name: 'Archive enquiries' });
  });
});
