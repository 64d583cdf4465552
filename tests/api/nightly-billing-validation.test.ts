import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertLeaseCompany } from '../fixtures/groups';
import { loadConfig } from '../../server/config';
import { archivedEnquiries, billingCharges, billingCustomers, enquiries, leaseCompanies, processLogs, subCustomers } from '../../server/db/schema';
import { billingValidationJob } from '../../server/jobs/nightly/billingValidation';
import { runNightly } from '../../server/jobs/nightly/runner';
import { RUN_MESSAGES, type BillingBlock, type BillingValidationData } from '../../domain/logs';
import type { CustomerKind } from '../../domain/customers';
import type { EnquirySource } from '../../domain/enquiries';
import type { BookingFeeType } from '../../domain/billingValidation';

/**
 * Billing validation (server/jobs/nightly/billingValidation.ts): the billing ledger's per-booking
 * charges against the completed bookings, month to date and yesterday, per platform fee assignee
 * and fee type, written into one process log entry per billed lease company and day.
 */
let t: TestApp;
const db = () => t.services.db;
const QUEUE = billingValidationJob.queue;
const run = (day: string) => runNightly(t.services, billingValidationJob, { day }, {}, { id: 'test', queue: QUEUE, retryCount: 0, retryLimit: 0 });
let superAdmin: Browser;

type Lease = Awaited<ReturnType<typeof insertLeaseCompany>>;
/** Fees assigned to sub customers; charges missing for some bookings. */
let pine: Lease;
/** Fees assigned to the customer; billed as reported. */
let quay: Lease;
/** Billed, with no bookings at all. */
let quiet: Lease;
/** Neither a billing reference nor platform fees: not validated. */
let unbilled: Lease;
/** Terminated before the month: not validated. */
let gone: Lease;
/** Terminated during the month: its last month is still validated. */
let late: Lease;
let pineSub: string;
let quaySub: string;

async function billed(lease: Lease, assignee: CustomerKind | null, over: Partial<typeof leaseCompanies.$inferInsert> = {}) {
  await db().update(leaseCompanies).set({ billingRefId: `cb_${lease.id.slice(0, 8)}`, platformFeeAssignee: assignee, ...over }).where(eq(leaseCompanies.id, lease.id));
  await db().insert(billingCustomers).values({ id: `cb_${lease.id.slice(0, 8)}`, company: lease.name, currency: 'GBP', leaseCompanyId: lease.id });
}

let n = 0;
/** A booking completed at `completedAt` (null: not completed), in the live table or the archive; answers its ids. */
async function booking(lease: Lease, completedAt: string | null, opts: { sub?: string; source?: EnquirySource; archived?: boolean } = {}) {
  const id = crypto.randomUUID();
  const enquiryNumber = `EB${++n}`;
  const row = {
    id, enquiryNumber, status: completedAt ? ('COMPLETED' as const) : ('BID_ACCEPTED' as const), source: opts.source ?? 'BOOK_IN', serviceType: 'SERVICE' as const,
    leaseCompanyId: lease.id, subCustomerId: opts.sub ?? null, vrm: 'AB12CDE', make: 'Ford', model: 'Focus', rateCardType: lease.rateCardType, currency: 'GBP' as const,
    completedAt: completedAt ? new Date(completedAt) : null,
  };
  if (opts.archived) await db().insert(archivedEnquiries).values({ ...row, archiveReason: 'INVOICED' });
  else await db().insert(enquiries).values(row);
  return { id, enquiryNumber };
}

async function charge(lease: Lease, b: { id: string; enquiryNumber: string }, feeType: BookingFeeType, assignee: CustomerKind, chargedOn: string, sub: string | null = null) {
  await db().insert(billingCharges).values({
    billingCustomerId: `cb_${lease.id.slice(0, 8)}`, leaseCompanyId: lease.id, subCustomerId: sub, enquiryId: b.id, enquiryNumber: b.enquiryNumber,
    feeType, platformFeeAssignee: assignee, amount: feeType === 'bookingFee' ? 250 : 1_000, currency: 'GBP', chargedOn,
  });
}

const entryOf = async (lease: Lease, runDay: string) =>
  (await db().select().from(processLogs).where(and(eq(processLogs.type, 'BILLING_VALIDATION'), eq(processLogs.leaseCompanyId, lease.id), eq(processLogs.runDay, runDay))))[0];
const pass = (billing: number, report = billing): BillingBlock => ({ billing, report, status: billing === report ? 'pass' : 'fail' });

beforeAll(async () => {
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5 } }, { jobs: true });
  await createAdmin(t, 'SUPER_ADMIN');
  superAdmin = new Browser(t);
  await superAdmin.signIn('super_admin@test.example');
  pine = await insertLeaseCompany(db(), { name: 'Pine Leasing' });
  quay = await insertLeaseCompany(db(), { name: 'Quay Leasing' });
  quiet = await insertLeaseCompany(db(), { name: 'Quiet Leasing' });
  unbilled = await insertLeaseCompany(db(), { name: 'Unbilled Leasing' });
  gone = await insertLeaseCompany(db(), { name: 'Gone Leasing', status: 'TERMINATED' });
  late = await insertLeaseCompany(db(), { name: 'Late Leasing', status: 'TERMINATED' });
  await billed(pine, 'SUB_CUSTOMER');
  await billed(quay, 'CUSTOMER');
  await billed(quiet, null);
  await billed(gone, 'CUSTOMER', { terminatedAt: new Date('2025-12-15T10:00:00Z') });
  await billed(late, 'CUSTOMER', { terminatedAt: new Date('2026-01-03T10:00:00Z') });
  [pineSub, quaySub] = (await db().insert(subCustomers).values([{ leaseCompanyId: pine.id, name: 'Pine Depot' }, { leaseCompanyId: quay.id, name: 'Quay Depot' }]).returning()).map((s) => s.id);

  // Pine, run day 6 January: yesterday is the 5th, the month runs from the 1st.
  const e1 = await booking(pine, '2026-01-05T10:00:00Z', { sub: pineSub });
  await charge(pine, e1, 'bookingFee', 'SUB_CUSTOMER', '2026-01-05', pineSub);
  const e2 = await booking(pine, '2026-01-05T23:59:59Z', { source: 'MANUAL_VOR' });
  await charge(pine, e2, 'bookingFee', 'CUSTOMER', '2026-01-05'); // its manual VOR fee is missing
  const e3 = await booking(pine, '2026-01-02T08:00:00Z', { sub: pineSub, archived: true });
  await charge(pine, e3, 'bookingFee', 'SUB_CUSTOMER', '2026-01-02', pineSub);
  await booking(pine, '2026-01-03T12:00:00Z', { sub: pineSub }); // never charged
  const e5 = await booking(pine, '2025-12-31T23:59:59Z');
  await charge(pine, e5, 'bookingFee', 'CUSTOMER', '2025-12-31');
  const e6 = await booking(pine, '2026-01-06T00:00:00Z');
  await charge(pine, e6, 'bookingFee', 'CUSTOMER', '2026-01-06');
  await booking(pine, null);
  // Quay: a sub customer's booking, fees assigned to the customer.
  const e8 = await booking(quay, '2026-01-04T09:00:00Z', { sub: quaySub });
  await charge(quay, e8, 'bookingFee', 'CUSTOMER', '2026-01-04');
  // Neither of these is validated.
  await booking(unbilled, '2026-01-05T09:00:00Z');
  await booking(gone, '2026-01-05T09:00:00Z');
  await charge(late, await booking(late, '2026-01-02T09:00:00Z'), 'bookingFee', 'CUSTOMER', '2026-01-02');
});
afterAll(() => t?.close());

describe('billing validation', () => {
  it('compares charges with completed bookings per assignee and fee type, month to date and yesterday; a difference is a warning', async () => {
    expect(await run('2026-01-06')).toEqual({ day: '2026-01-06', ran: 4, alreadyDone: 0, failed: 0, paused: false });
    const processedAt = t.clock.now().toISOString();
    const entry = await entryOf(pine, '2026-01-06');
    expect(entry).toMatchObject({ name: 'Billing validation', state: 'COMPLETED', isSuccess: true, isWarning: true, isPending: false, message: 'Billing differs from reported usage', stats: null, fileName: null });
    expect(entry.data).toEqual({
      overallStatus: 'fail',
      period: '2026-01',
      processedAt,
      rows: [
        { platformFeeAssignee: 'CUSTOMER', type: 'bookingFee', monthly: pass(1), yesterday: pass(1) },
        { platformFeeAssignee: 'CUSTOMER', type: 'manualVorFee', monthly: pass(0, 1), yesterday: pass(0, 1) },
        { platformFeeAssignee: 'SUB_CUSTOMER', type: 'bookingFee', monthly: pass(2, 3), yesterday: pass(1) },
      ],
    } satisfies BillingValidationData);
    expect(await entryOf(quay, '2026-01-06')).toMatchObject({ isSuccess: true, isWarning: false, message: 'Billing matches reported usage' });
    expect((await entryOf(quay, '2026-01-06')).data).toEqual({
      overallStatus: 'pass', period: '2026-01', processedAt, rows: [{ platformFeeAssignee: 'CUSTOMER', type: 'bookingFee', monthly: pass(1), yesterday: pass(0) }],
    });
    // A billed company with no bookings: its booking fee row, 0 against 0.
    expect((await entryOf(quiet, '2026-01-06')).data).toEqual({
      overallStatus: 'pass', period: '2026-01', processedAt, rows: [{ platformFeeAssignee: 'CUSTOMER', type: 'bookingFee', monthly: pass(0), yesterday: pass(0) }],
    });
    expect((await entryOf(late, '2026-01-06')).data).toEqual({
      overallStatus: 'pass', period: '2026-01', processedAt, rows: [{ platformFeeAssignee: 'CUSTOMER', type: 'bookingFee', monthly: pass(1), yesterday: pass(0) }],
    });
    expect(await entryOf(unbilled, '2026-01-06')).toBeUndefined();
    expect(await entryOf(gone, '2026-01-06')).toBeUndefined();
  });

  it('does nothing when run again for the day (the same entries)', async () => {
    const before = await entryOf(pine, '2026-01-06');
    t.clock.advance(60_000);
    expect(await run('2026-01-06')).toEqual({ day: '2026-01-06', ran: 0, alreadyDone: 4, failed: 0, paused: false });
    expect(await entryOf(pine, '2026-01-06')).toEqual(before);
  });

  it('checks the whole month before on the 1st: the period is the month of yesterday', async () => {
    await run('2026-02-01');
    expect((await entryOf(pine, '2026-02-01')).data).toMatchObject({
      overallStatus: 'fail',
      period: '2026-01',
      rows: [
        { platformFeeAssignee: 'CUSTOMER', type: 'bookingFee', monthly: pass(2), yesterday: pass(0) },
        { platformFeeAssignee: 'CUSTOMER', type: 'manualVorFee', monthly: pass(0, 1), yesterday: pass(0) },
        { platformFeeAssignee: 'SUB_CUSTOMER', type: 'bookingFee', monthly: pass(2, 3), yesterday: pass(0) },
      ],
    });
  });

  it('pauses (entries PAUSED, no figures); Resume runs the day through the queue and completes them', async () => {
    expect((await superAdmin.post('backgroundJobs/pause', { queue: QUEUE })).statusCode).toBe(200);
    expect(await run('2026-01-07')).toEqual({ day: '2026-01-07', ran: 0, alreadyDone: 0, failed: 0, paused: true });
    for (const lease of [pine, quay, quiet, late]) expect(await entryOf(lease, '2026-01-07'), lease.name).toMatchObject({ state: 'PAUSED', isPending: true, data: null, message: RUN_MESSAGES.paused });
    const res = await superAdmin.post('backgroundJobs/resume', { queue: QUEUE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toEqual(['2026-01-07']);
    for (const lease of [pine, quay, quiet, late]) await expect.poll(async () => (await entryOf(lease, '2026-01-07')).state, { timeout: 20_000, interval: 100 }).toBe('COMPLETED');
    const entry = await entryOf(pine, '2026-01-07');
    expect(entry).toMatchObject({ isSuccess: true, isWarning: true });
    // Yesterday is the 6th: one booking, charged.
    expect((entry.data as unknown as BillingValidationData).rows).toEqual([
      { platformFeeAssignee: 'CUSTOMER', type: 'bookingFee', monthly: pass(2), yesterday: pass(1) },
      { platformFeeAssignee: 'CUSTOMER', type: 'manualVorFee', monthly: pass(0, 1), yesterday: pass(0) },
      { platformFeeAssignee: 'SUB_CUSTOMER', type: 'bookingFee', monthly: pass(2, 3), yesterday: pass(0) },
    ]);
  });
});
