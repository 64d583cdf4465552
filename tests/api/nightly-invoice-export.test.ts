import crypto from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertLeaseCompany } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { loadConfig } from '../../server/config';
import { files, invoices, leaseCompanies, pausedJobs, processLogs } from '../../server/db/schema';
import { readFile } from '../../server/files/storage';
import { invoiceExportJob } from '../../server/jobs/nightly/invoiceExport';
import { EXPORT_BATCH } from '../../server/jobs/nightly/invoiceExportFile';
import { runNightly } from '../../server/jobs/nightly/runner';
import { INVOICE_EXPORT_COLUMNS } from '../../domain/invoiceExport';
import { RUN_MESSAGES } from '../../domain/logs';
import type { InvoiceType, JobType } from '../../domain/finance';

/**
 * The daily invoice export (server/jobs/nightly/invoiceExport.ts) through the nightly frame: the
 * previous day's invoices and credit notes of each company that has the export switched on, in a
 * file named after the export numbers it holds, numbers running on from day to day.
 */
let t: TestApp;
const db = () => t.services.db;
const QUEUE = invoiceExportJob.queue;
const info = (id = 'test') => ({ id, queue: QUEUE, retryCount: 0, retryLimit: 0 });
const run = (day: string, hooks = {}) => runNightly(t.services, invoiceExportJob, { day }, hooks, info());
let superAdmin: Browser;

type Lease = Awaited<ReturnType<typeof insertLeaseCompany>>;
let alpha: Lease;
let beta: Lease;
let closed: Lease;
let switchedOff: Lease;
let supplier: { id: string; groupId: string };

async function enable(lease: Lease, isEnabled = true) {
  await db().update(leaseCompanies).set({ config: { dailyInvoiceExport: { isEnabled } } as never }).where(eq(leaseCompanies.id, lease.id));
}

const ids = new Map<string, string>();
async function doc(lease: Lease, number: string, type: InvoiceType, day: string, enquiryNumber: string, net: number, vat: number, opts: { creditOf?: string; jobType?: JobType; vrm?: string } = {}) {
  const id = crypto.randomUUID();
  ids.set(number, id);
  await db()
    .insert(invoices)
    .values({
      id,
      invoiceNumber: number,
      type,
      creditOfInvoiceId: opts.creditOf ? ids.get(opts.creditOf)! : null,
      enquiryId: crypto.randomUUID(),
      enquiryNumber,
      leaseCompanyId: lease.id,
      groupId: supplier.groupId,
      supplierId: supplier.id,
      vrm: opts.vrm ?? 'AB12CDE',
      taxPointDate: day,
      currency: 'GBP',
      jobType: opts.jobType ?? 'STANDARD',
      lineTaxCode: 'S',
      totalNett: net,
      totalVat: vat,
      totalGross: net + vat,
      creditValue: type === 'Credit' ? net + vat : null,
      financeSupplierId: '58',
    });
}

const entryOf = async (lease: Lease, runDay: string) =>
  (await db().select().from(processLogs).where(and(eq(processLogs.type, 'DAILY_INVOICE_EXPORT'), eq(processLogs.leaseCompanyId, lease.id), eq(processLogs.runDay, runDay))))[0];
const filesOf = (lease: Lease) => db().select({ id: files.id, name: files.name, complete: files.complete }).from(files).where(like(files.name, `${lease.diCustomerId}_invoices_%`)).orderBy(files.name);
async function contentOf(name: string): Promise<string[][]> {
  const [f] = await db().select({ id: files.id }).from(files).where(eq(files.name, name));
  const stored = await readFile(t.services.files, db(), f.id);
  return parse(stored!.data);
}
/** The export numbers of the H records, in file order. */
const numbersIn = (rows: string[][]) => rows.filter((r) => r[0] === 'H').map((r) => Number(r[1]));

beforeAll(async () => {
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5 } }, { jobs: true });
  await createAdmin(t, 'SUPER_ADMIN');
  superAdmin = new Browser(t);
  await superAdmin.signIn('super_admin@test.example');
  alpha = await insertLeaseCompany(db(), { name: 'Alpha Leasing' });
  beta = await insertLeaseCompany(db(), { name: 'Beta Leasing' });
  closed = await insertLeaseCompany(db(), { name: 'Closed Leasing', status: 'TERMINATED' });
  switchedOff = await insertLeaseCompany(db(), { name: 'Off Leasing' });
  await enable(alpha);
  await enable(beta);
  await enable(closed);
  await enable(switchedOff, false);
  const { supplier: s } = await insertSupplier(db(), { name: 'Harbour Motors', financeSupplierId: '58' });
  supplier = { id: s.id, groupId: s.groupId };

  // Alpha's earlier export, numbers 41 to 57: the next file starts at 58.
  await db().insert(processLogs).values({
    type: 'DAILY_INVOICE_EXPORT', name: 'Daily invoice export', message: 'Exported', isSuccess: true, state: 'COMPLETED', executedAt: new Date('2026-01-05T02:00:00Z'),
    leaseCompanyId: alpha.id, runDay: '2026-01-05', fileName: `${alpha.diCustomerId}_invoices_20260104_41-57.csv`,
  });
  await doc(alpha, 'INV-0900', 'Invoice', '2026-01-02', 'E100', 9_000, 1_800);
  // 5 January, exported by the run of the 6th; given out of number order.
  await doc(alpha, 'INV-1003', 'Invoice', '2026-01-05', 'E102', 2_000, 400, { jobType: 'TYRES', vrm: '=HYPERLINK()' });
  await doc(alpha, 'INV-1001', 'Invoice', '2026-01-05', 'E100', 12_345, 2_469);
  await doc(alpha, 'INV-1002', 'Invoice', '2026-01-05', 'E102', 5_000, 1_000, { jobType: 'MOT' });
  await doc(alpha, 'CRN-2001', 'Credit', '2026-01-05', 'E100', 1_000, 200, { creditOf: 'INV-0900' });
  await doc(alpha, 'CRN-2002', 'Credit', '2026-01-05', 'E103', 500, 100);
  // The days around it, and the company whose export is switched off.
  await doc(alpha, 'INV-0999', 'Invoice', '2026-01-04', 'E099', 7_000, 1_400);
  await doc(alpha, 'INV-1101', 'Invoice', '2026-01-06', 'E110', 3_000, 600);
  await doc(alpha, 'INV-1102', 'Invoice', '2026-01-06', 'E111', 4_000, 800);
  await doc(switchedOff, 'INV-5001', 'Invoice', '2026-01-05', 'E500', 1_000, 200);
  // 7 and 8 January: for the failure and the pause.
  await doc(alpha, 'INV-1201', 'Invoice', '2026-01-07', 'E120', 1_500, 300);
  await doc(alpha, 'CRN-2201', 'Credit', '2026-01-07', 'E120', 1_500, 300, { creditOf: 'INV-1201' });
  await doc(alpha, 'INV-1301', 'Invoice', '2026-01-08', 'E130', 2_500, 500);
  await doc(closed, 'CRN-3001', 'Credit', '2026-01-08', 'E300', 700, 140);
});
afterAll(() => t?.close());

describe('the daily invoice export', () => {
  it("writes the previous day's invoices, then credit notes, numbered on from the company's last export; exactly the data fields", async () => {
    const summary = await run('2026-01-06');
    // Alpha and Beta; not the terminated company (nothing dated the 5th) nor the one switched off.
    expect(summary).toEqual({ day: '2026-01-06', ran: 2, alreadyDone: 0, failed: 0, paused: false });
    const name = `${alpha.diCustomerId}_invoices_20260105_58-62.csv`;
    const entry = await entryOf(alpha, '2026-01-06');
    expect(entry).toMatchObject({
      name: 'Daily invoice export', state: 'COMPLETED', isSuccess: true, isWarning: false, isPending: false, checkpoint: null, stats: null,
      fileName: name, exportedAt: t.clock.now(), message: 'Exported 3 invoice(s) and 2 credit note(s)',
    });
    expect(entry.data).toEqual({ numberOfEnquiriesInvoiced: 2, numberOfInvoicesInExport: 3, numberOfEnquiriesCredited: 2, creditBlockCount: 2, invoiceBlockCount: 3 });
    expect(await contentOf(name)).toEqual([
      [...INVOICE_EXPORT_COLUMNS],
      ['H', '58', 'INVOICE', 'INV-1001', '', '2026-01-05', 'E100', 'AB12CDE', 'Harbour Motors', '58', 'GBP', '', '', '', '123.45', '24.69', '148.14'],
      ['L', '58', 'INVOICE', 'INV-1001', '', '', '', '', '', '', 'GBP', '1', 'MAINTENANCE REPAIR', 'S', '123.45', '24.69', '148.14'],
      ['H', '59', 'INVOICE', 'INV-1002', '', '2026-01-05', 'E102', 'AB12CDE', 'Harbour Motors', '58', 'GBP', '', '', '', '50.00', '10.00', '60.00'],
      ['L', '59', 'INVOICE', 'INV-1002', '', '', '', '', '', '', 'GBP', '1', 'MOT', 'S', '50.00', '10.00', '60.00'],
      ['H', '60', 'INVOICE', 'INV-1003', '', '2026-01-05', 'E102', "'=HYPERLINK()", 'Harbour Motors', '58', 'GBP', '', '', '', '20.00', '4.00', '24.00'],
      ['L', '60', 'INVOICE', 'INV-1003', '', '', '', '', '', '', 'GBP', '1', 'TYRES', 'S', '20.00', '4.00', '24.00'],
      ['H', '61', 'CREDIT NOTE', 'CRN-2001', 'INV-0900', '2026-01-05', 'E100', 'AB12CDE', 'Harbour Motors', '58', 'GBP', '', '', '', '10.00', '2.00', '12.00'],
      ['L', '61', 'CREDIT NOTE', 'CRN-2001', '', '', '', '', '', '', 'GBP', '1', 'MAINTENANCE REPAIR', 'S', '10.00', '2.00', '12.00'],
      ['H', '62', 'CREDIT NOTE', 'CRN-2002', '', '2026-01-05', 'E103', 'AB12CDE', 'Harbour Motors', '58', 'GBP', '', '', '', '5.00', '1.00', '6.00'],
      ['L', '62', 'CREDIT NOTE', 'CRN-2002', '', '', '', '', '', '', 'GBP', '1', 'MAINTENANCE REPAIR', 'S', '5.00', '1.00', '6.00'],
    ]);
    expect(await filesOf(alpha)).toEqual([{ id: expect.any(String), name, complete: true }]);
    expect(await entryOf(switchedOff, '2026-01-06')).toBeUndefined();
    expect(await entryOf(closed, '2026-01-06')).toBeUndefined();
  });

  it("stores a 'none' file (the column header only) for a company with nothing that day, and takes no number", async () => {
    const name = `${beta.diCustomerId}_invoices_20260105_none.csv`;
    const entry = await entryOf(beta, '2026-01-06');
    expect(entry).toMatchObject({ state: 'COMPLETED', isSuccess: true, fileName: name, message: 'No invoices or credit notes to export' });
    expect(entry.data).toEqual({ numberOfEnquiriesInvoiced: 0, numberOfInvoicesInExport: 0, numberOfEnquiriesCredited: 0, creditBlockCount: 0, invoiceBlockCount: 0 });
    expect(await contentOf(name)).toEqual([[...INVOICE_EXPORT_COLUMNS]]);
  });

  it('does nothing when run again for the day: the same entries, no second file, no number taken', async () => {
    const before = await entryOf(alpha, '2026-01-06');
    const summary = await run('2026-01-06');
    expect(summary).toEqual({ day: '2026-01-06', ran: 0, alreadyDone: 2, failed: 0, paused: false });
    expect(await entryOf(alpha, '2026-01-06')).toEqual(before);
    expect((await filesOf(alpha)).map((f) => f.name)).toEqual([`${alpha.diCustomerId}_invoices_20260105_58-62.csv`]);
    expect((await filesOf(beta)).map((f) => f.name)).toEqual([`${beta.diCustomerId}_invoices_20260105_none.csv`]);
  });

  it("continues the numbers in the next day's file (after a day with none, too)", async () => {
    await run('2026-01-07');
    const name = `${alpha.diCustomerId}_invoices_20260106_63-64.csv`;
    expect((await entryOf(alpha, '2026-01-07')).fileName).toBe(name);
    expect(numbersIn(await contentOf(name))).toEqual([63, 64]);
    expect((await entryOf(alpha, '2026-01-07')).data).toEqual({ numberOfEnquiriesInvoiced: 2, numberOfInvoicesInExport: 2, numberOfEnquiriesCredited: 0, creditBlockCount: 0, invoiceBlockCount: 2 });
    expect((await entryOf(beta, '2026-01-07')).fileName).toBe(`${beta.diCustomerId}_invoices_20260106_none.csv`);
  });

  it('leaves no file and takes no number when a run fails part-way through a file; the rerun writes the same numbers', async () => {
    const failing = { checkpoint: async (point: string) => { if (point === 'nightly:DAILY_INVOICE_EXPORT:batch') throw new Error('worker lost'); } };
    const summary = await run('2026-01-08', failing);
    expect(summary).toMatchObject({ ran: 2, failed: 2 });
    expect(await entryOf(alpha, '2026-01-08')).toMatchObject({ state: 'COMPLETED', isSuccess: false, message: 'worker lost', fileName: null, checkpoint: null });
    expect((await filesOf(alpha)).map((f) => f.name)).toEqual([`${alpha.diCustomerId}_invoices_20260105_58-62.csv`, `${alpha.diCustomerId}_invoices_20260106_63-64.csv`]);

    expect(await run('2026-01-08')).toMatchObject({ ran: 2, failed: 0 });
    const name = `${alpha.diCustomerId}_invoices_20260107_65-66.csv`;
    expect(await entryOf(alpha, '2026-01-08')).toMatchObject({ state: 'COMPLETED', isSuccess: true, fileName: name });
    expect(numbersIn(await contentOf(name))).toEqual([65, 66]);
    expect((await filesOf(alpha)).filter((f) => f.name.includes('_20260107_'))).toHaveLength(1);
  });

  it('resumes a run whose file was committed before the worker died: the same file and figures, nothing written again', async () => {
    const done = await entryOf(alpha, '2026-01-08');
    // As the worker leaves it when it dies between the file's commit and the entry's completion.
    await db()
      .update(processLogs)
      .set({ state: 'RUNNING', isSuccess: false, isPending: true, message: RUN_MESSAGES.running, checkpoint: { fileName: done.fileName, exportedAt: done.exportedAt!.toISOString(), data: done.data } })
      .where(eq(processLogs.id, done.id));
    expect(await run('2026-01-08')).toMatchObject({ ran: 1, alreadyDone: 1 });
    expect(await entryOf(alpha, '2026-01-08')).toMatchObject({ state: 'COMPLETED', isSuccess: true, fileName: done.fileName, data: done.data, checkpoint: null, exportedAt: done.exportedAt });
    expect((await filesOf(alpha)).filter((f) => f.name.includes('_20260107_'))).toHaveLength(1);
  });

  it('pauses: entries of a paused run stay PAUSED with no file; Resume runs the day through the queue and completes them', async () => {
    const res = await superAdmin.post('backgroundJobs/pause', { queue: QUEUE });
    expect(res.statusCode, res.body).toBe(200);
    expect(await run('2026-01-09')).toEqual({ day: '2026-01-09', ran: 0, alreadyDone: 0, failed: 0, paused: true });
    // The terminated company has a credit note dated the 8th, so it is exported that day.
    for (const lease of [alpha, beta, closed]) expect(await entryOf(lease, '2026-01-09'), lease.name).toMatchObject({ state: 'PAUSED', isPending: true, fileName: null, message: RUN_MESSAGES.paused });
    expect((await filesOf(alpha)).filter((f) => f.name.includes('_20260108_'))).toEqual([]);

    const resumed = await superAdmin.post('backgroundJobs/resume', { queue: QUEUE });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().days).toEqual(['2026-01-09']);
    expect(await db().select().from(pausedJobs)).toEqual([]);
    await expect.poll(async () => (await entryOf(alpha, '2026-01-09'))?.state, { timeout: 20_000, interval: 100 }).toBe('COMPLETED');
    await expect.poll(async () => (await entryOf(closed, '2026-01-09'))?.state, { timeout: 20_000, interval: 100 }).toBe('COMPLETED');
    expect(await entryOf(alpha, '2026-01-09')).toMatchObject({ isSuccess: true, fileName: `${alpha.diCustomerId}_invoices_20260108_67-67.csv` });
    expect(await entryOf(closed, '2026-01-09')).toMatchObject({ isSuccess: true, fileName: `${closed.diCustomerId}_invoices_20260108_1-1.csv` });
    expect((await entryOf(closed, '2026-01-09')).data).toEqual({ numberOfEnquiriesInvoiced: 0, numberOfInvoicesInExport: 0, numberOfEnquiriesCredited: 1, creditBlockCount: 1, invoiceBlockCount: 0 });
  });

  it('makes one file of two runs of a day at once (the schedule on one node, Run now on another)', async () => {
    await doc(alpha, 'INV-1401', 'Invoice', '2026-01-09', 'E140', 1_000, 200);
    const runs = await Promise.all([run('2026-01-10'), run('2026-01-10')]);
    expect(runs.map((r) => r.failed)).toEqual([0, 0]);
    expect((await filesOf(alpha)).filter((f) => f.name.includes('_20260109_')).map((f) => f.name)).toEqual([`${alpha.diCustomerId}_invoices_20260109_68-68.csv`]);
    expect((await entryOf(alpha, '2026-01-10')).fileName).toBe(`${alpha.diCustomerId}_invoices_20260109_68-68.csv`);
  });

  it('writes a day of more documents than one read (EXPORT_BATCH) holds: each once, numbered in order across reads', async () => {
    const bulk = await insertLeaseCompany(db(), { name: 'Bulk Leasing' });
    await enable(bulk);
    const count = EXPORT_BATCH + 1;
    await db()
      .insert(invoices)
      .values(
        Array.from({ length: count + 2 }, (_, i) => ({
          invoiceNumber: i < count ? `BLK-${String(i).padStart(5, '0')}` : `BLC-${i}`,
          type: (i < count ? 'Invoice' : 'Credit') as InvoiceType,
          enquiryId: crypto.randomUUID(),
          enquiryNumber: `EBLK${i % 1000}`,
          leaseCompanyId: bulk.id,
          groupId: supplier.groupId,
          supplierId: supplier.id,
          vrm: 'AB12CDE',
          taxPointDate: '2026-01-11',
          currency: 'GBP' as const,
          jobType: 'STANDARD' as const,
          lineTaxCode: 'S',
          totalNett: 100 + i,
          totalVat: 20,
          totalGross: 120 + i,
        })),
      );
    await run('2026-01-12');
    const entry = await entryOf(bulk, '2026-01-12');
    expect(entry).toMatchObject({ isSuccess: true, fileName: `${bulk.diCustomerId}_invoices_20260111_1-${count + 2}.csv` });
    expect(entry.data).toEqual({ numberOfEnquiriesInvoiced: 1000, numberOfInvoicesInExport: count, numberOfEnquiriesCredited: 2, creditBlockCount: 2, invoiceBlockCount: count });
    const rows = await contentOf(entry.fileName!);
    expect(rows).toHaveLength(1 + 2 * (count + 2));
    expect(numbersIn(rows)).toEqual(Array.from({ length: count + 2 }, (_, i) => i + 1));
    expect(rows.filter((r) => r[0] === 'H').map((r) => r[3])).toEqual([...Array.from({ length: count }, (_, i) => `BLK-${String(i).padStart(5, '0')}`), `BLC-${count}`, `BLC-${count + 1}`]);
  });

  it('runs from the queue (services.jobs.send) for the day given', async () => {
    const id = await t.services.jobs.send(db(), QUEUE, { day: '2026-01-11' });
    await expect.poll(async () => (await entryOf(alpha, '2026-01-11'))?.state, { timeout: 20_000, interval: 100 }).toBe('COMPLETED');
    expect(id).toEqual(expect.any(String));
    expect(await entryOf(alpha, '2026-01-11')).toMatchObject({ isSuccess: true, fileName: `${alpha.diCustomerId}_invoices_20260110_none.csv` });
  });
});
