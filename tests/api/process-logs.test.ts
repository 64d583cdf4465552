/**
 * Process logs (server/rpc/processLogs.ts): one UTC day's entries a page at a time with the day's
 * counters, the lease company filter, the daily invoice exports of the three days with their
 * consecutive check, and the filter's lease company lookup. Any signed-in admin may read them.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertLeaseCompany } from '../fixtures/groups';
import { leaseCompanies, processLogs } from '../../server/db/schema';
import { EXPORTING_COMPANIES_TTL_MS } from '../../server/rpc/processLogs';
import { invoiceExportFileName } from '../../domain/logs';
import { PROCESS_LOG_MESSAGES, PROCESS_LOGS_PAGE_SIZE, type ProcessLogsResponse } from '../../domain/processLogs';

let t: TestApp;
const ROLES = ['SUPER_ADMIN', 'EDITOR', 'VIEWER', 'SUPPORT', 'FINANCE'] as const;
const as = {} as Record<(typeof ROLES)[number], Browser>;

// The manual clock stands at 2026-01-05 09:00 UTC.
const TODAY = { year: 2026, month: 0, day: 5 };
const DAY = { year: 2026, month: 0, day: 4 };
const at = (iso: string) => new Date(iso);

let acme: Awaited<ReturnType<typeof insertLeaseCompany>>;
let beta: Awaited<ReturnType<typeof insertLeaseCompany>>;
let quiet: Awaited<ReturnType<typeof insertLeaseCompany>>;
const ids: Record<string, string> = {};

type Insert = typeof processLogs.$inferInsert;
async function entry(key: string, over: Partial<Insert> & Pick<Insert, 'executedAt'>) {
  const [row] = await t.services.db
    .insert(processLogs)
    .values({ type: 'STOCK_IMPORT', name: 'Stock import', message: 'Processed', isSuccess: true, state: 'COMPLETED', ...over })
    .returning({ id: processLogs.id });
  ids[key] = row.id;
  return row.id;
}
const invoice = (lease: { id: string; diCustomerId: string }, day: string, range: { first: number; last: number } | null, over: Partial<Insert> = {}) =>
  entry(`invoice ${lease.diCustomerId} ${day}`, {
    type: 'DAILY_INVOICE_EXPORT',
    name: 'Daily invoice export',
    leaseCompanyId: lease.id,
    runDay: day,
    executedAt: at(`${day}T02:10:00Z`),
    fileName: invoiceExportFileName(lease.diCustomerId, day, range),
    data: { numberOfEnquiriesInvoiced: 1, numberOfInvoicesInExport: 1, numberOfEnquiriesCredited: 0, creditBlockCount: 0, invoiceBlockCount: 1 },
    ...over,
  });

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  const db = t.services.db;
  acme = await insertLeaseCompany(db, { name: 'Acme Leasing' });
  beta = await insertLeaseCompany(db, { name: 'Beta Leasing' });
  quiet = await insertLeaseCompany(db, { name: 'Quiet Leasing' });
  const old = await insertLeaseCompany(db, { name: 'Acme Old Leasing', status: 'TERMINATED' });
  // Acme has the export on; Beta has it off now but exported in the window; Quiet neither; the
  // terminated company has it on but exports no more.
  for (const id of [acme.id, old.id]) await db.update(leaseCompanies).set({ config: { dailyInvoiceExport: { isEnabled: true } } as never }).where(eq(leaseCompanies.id, id));

  // 2026-01-04: four outcomes and a paused run, two companies and one entry of no company.
  await entry('acme stock', { leaseCompanyId: acme.id, executedAt: at('2026-01-04T01:05:00Z'), stats: { success: 10, skipped: 0 } });
  await entry('beta stock', { leaseCompanyId: beta.id, executedAt: at('2026-01-04T01:20:00Z'), isSuccess: true, isWarning: true, message: 'Processed\n3 rows skipped' });
  await entry('archive', { type: 'ENQUIRY_ARCHIVE', name: 'Archive enquiries', leaseCompanyId: acme.id, executedAt: at('2026-01-04T03:00:00Z'), isSuccess: false, isPending: true, state: 'PAUSED' });
  await entry('billing', { type: 'BILLING_VALIDATION', name: 'Billing validation', leaseCompanyId: beta.id, executedAt: at('2026-01-04T23:59:59.999Z'), isSuccess: false });
  await entry('savi', { type: 'SAVI_EXPORT', name: 'SAVi weekly statement', executedAt: at('2026-01-04T06:00:00Z') });
  // The days around it, which the day must not show.
  await entry('before', { leaseCompanyId: acme.id, executedAt: at('2026-01-03T23:59:59.999Z') });
  await entry('after', { leaseCompanyId: acme.id, executedAt: at('2026-01-05T00:00:00Z') });
  // Invoice exports: Acme 1001–1050, 1053–1060 (1051–1052 missing), then an empty day.
  await invoice(acme, '2026-01-02', { first: 1001, last: 1050 });
  await invoice(acme, '2026-01-03', { first: 1053, last: 1060 });
  await invoice(acme, '2026-01-04', null);
  // Beta: an earlier day outside the window, a failed day, then a day that continues.
  await invoice(beta, '2026-01-01', { first: 1, last: 4 });
  await invoice(beta, '2026-01-03', { first: 5, last: 9 }, { isSuccess: false, fileName: null, message: 'Upload failed' });
  await invoice(beta, '2026-01-04', { first: 5, last: 9 }, { executedAt: at('2026-01-04T02:20:00Z') });
});
afterAll(() => t?.close());

const read = (body: unknown, b = as.VIEWER) => b.post('processLogs/getByDate', body);
async function ok(body: unknown, b = as.VIEWER): Promise<ProcessLogsResponse['data']> {
  const res = await read(body, b);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data;
}
const names = (d: ProcessLogsResponse['data']) => d.executions.map((e) => Object.entries(ids).find(([, id]) => id === e.id)?.[0] ?? e.id);

describe('who may read', () => {
  it('answers every signed-in role, and nobody without a session', async () => {
    for (const role of ROLES) expect((await read({ date: DAY }, as[role])).statusCode, role).toBe(200);
    const stranger = new Browser(t);
    expect((await stranger.post('processLogs/getByDate', { date: DAY })).statusCode).toBe(401);
    expect((await stranger.post('processLogs/getLeaseCompanies', {})).statusCode).toBe(401);
    expect((await stranger.post('processLogs/getOne', { id: ids.archive })).statusCode).toBe(401);
  });
});

describe('one entry (processLogs/getOne)', () => {
  it('answers the entry as the day lists it, to every signed-in role; 404 for none, 400 for a bad id', async () => {
    const listed = (await ok({ date: DAY })).executions.find((e) => e.id === ids.archive);
    for (const role of ROLES) {
      const res = await as[role].post('processLogs/getOne', { id: ids.archive });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data, role).toEqual(listed);
    }
    expect((await as.VIEWER.post('processLogs/getOne', { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await as.VIEWER.post('processLogs/getOne', { id: 'x' })).statusCode).toBe(400);
  });
});

describe('validation', () => {
  const cases: [string, unknown, Record<string, string>][] = [
    ['month 12', { date: { year: 2026, month: 12, day: 1 } }, { 'date.month': 'month is zero-based: 0 to 11' }],
    ['31 February', { date: { year: 2025, month: 1, day: 31 } }, { 'date.day': PROCESS_LOG_MESSAGES.invalidDate }],
    ['tomorrow (UTC)', { date: { year: 2026, month: 0, day: 6 } }, { date: PROCESS_LOG_MESSAGES.futureDate }],
    ['a year as text', { date: { year: '2026', month: 0, day: 4 } }, { 'date.year': 'year must be a whole number' }],
    ['a date as text', { date: '2026-01-04' }, { date: expect.any(String) as unknown as string }],
    ['no date', {}, { date: expect.any(String) as unknown as string }],
    ['a lease company that is not an id', { date: DAY, leaseCompanyId: 'acme' }, { leaseCompanyId: 'Not a lease company id' }],
    ['an unknown outcome', { date: DAY, outcomes: ['done'] }, { 'outcomes.0': expect.any(String) as unknown as string }],
  ];
  it.each(cases)('refuses %s with 400 and the field', async (_name, body, fields) => {
    const res = await read(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.fields).toEqual(fields);
  });

  it('refuses control characters and hostile text with a 400, never a 5xx', async () => {
    for (const body of [{ date: DAY, leaseCompanyId: `${acme.id}\u0000` }, { date: DAY, leaseCompanyId: '\u001b[31m' }, { date: { year: 2026, month: 0, day: 4, x: 1 } }, { date: DAY, after: { executedAt: 'yesterday', id: acme.id } }]) {
      const res = await read(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await as.VIEWER.post('processLogs/getLeaseCompanies', { q: 7 })).statusCode).toBe(400);
  });

  it('takes today', async () => {
    expect((await ok({ date: TODAY })).executions.map((e) => e.id)).toEqual([ids.after]);
  });
});

describe('one day', () => {
  it('lists the UTC day\'s entries newest first, with the lease company name, and counts them', async () => {
    const d = await ok({ date: DAY });
    expect(names(d)).toEqual(['billing', 'savi', 'archive', `invoice ${beta.diCustomerId} 2026-01-04`, `invoice ${acme.diCustomerId} 2026-01-04`, 'beta stock', 'acme stock']);
    expect(d.counts).toEqual({ success: 4, failed: 1, warning: 1, pending: 1 });
    expect(d.next).toBeNull();
    const archive = d.executions.find((e) => e.id === ids.archive)!;
    expect(archive).toMatchObject({ type: 'ENQUIRY_ARCHIVE', state: 'PAUSED', isPending: true, leaseId: acme.id, leaseCompanyName: 'Acme Leasing', executedAt: '2026-01-04T03:00:00.000Z' });
    expect(d.executions.find((e) => e.id === ids['beta stock'])).toMatchObject({ message: 'Processed\n3 rows skipped', isWarning: true, leaseCompanyName: 'Beta Leasing' });
    expect(d.executions.find((e) => e.id === ids.savi)).toMatchObject({ leaseId: null, leaseCompanyName: null });
  });

  it('keeps to one lease company', async () => {
    const d = await ok({ date: DAY, leaseCompanyId: acme.id });
    expect(names(d)).toEqual(['archive', `invoice ${acme.diCustomerId} 2026-01-04`, 'acme stock']);
    expect(d.counts).toEqual({ success: 2, failed: 0, warning: 0, pending: 1 });
    const none = await ok({ date: DAY, leaseCompanyId: quiet.id });
    expect(none).toEqual({ executions: [], next: null, counts: { success: 0, failed: 0, warning: 0, pending: 0 }, invoiceExportLogs: [], invoiceNext: null });
  });

  it('applies the toggles to the entries, not to the counters', async () => {
    const d = await ok({ date: DAY, outcomes: ['failed', 'pending'] });
    expect(names(d)).toEqual(['billing', 'archive']);
    expect(d.counts).toEqual({ success: 4, failed: 1, warning: 1, pending: 1 });
    expect((await ok({ date: DAY, outcomes: [] })).executions).toEqual([]);
    expect(names(await ok({ date: DAY, outcomes: ['warning'] }))).toEqual(['beta stock']);
  });
});

describe('the daily invoice exports of the day and the two before', () => {
  it('answers each active company with the export on or any with an export in the window, by name, with the check', async () => {
    const d = await ok({ date: DAY });
    expect(d.invoiceExportLogs.map((l) => l.leaseCompanyName)).toEqual(['Acme Leasing', 'Beta Leasing']);
    const [a, b] = d.invoiceExportLogs;
    expect(a.days.map((x) => [x.day, x.fileName, x.isSuccess])).toEqual([
      ['2026-01-02', invoiceExportFileName(acme.diCustomerId, '2026-01-02', { first: 1001, last: 1050 }), true],
      ['2026-01-03', invoiceExportFileName(acme.diCustomerId, '2026-01-03', { first: 1053, last: 1060 }), true],
      ['2026-01-04', invoiceExportFileName(acme.diCustomerId, '2026-01-04', null), true],
    ]);
    expect(a.check.days.map((c) => [c.status, c.missing])).toEqual([
      ['first', null],
      ['gap', { from: 1051, to: 1052 }],
      ['empty', null],
    ]);
    expect(a.check.consecutive).toBe(false);
    expect(b.days.map((x) => [x.day, x.isSuccess])).toEqual([
      ['2026-01-02', false],
      ['2026-01-03', false],
      ['2026-01-04', true],
    ]);
    expect(b.days[0].executedAt).toBeNull();
    expect(b.check.days.map((c) => c.status)).toEqual(['missing', 'missing', 'first']);
  });

  it('leaves out the list of the other view when asked for one', async () => {
    const invoices = await ok({ date: DAY, view: 'invoiceExports' });
    expect(invoices.executions).toEqual([]);
    expect(invoices.invoiceExportLogs.map((l) => l.leaseCompanyName)).toEqual(['Acme Leasing', 'Beta Leasing']);
    expect(invoices.counts).toEqual({ success: 4, failed: 1, warning: 1, pending: 1 });
    const entries = await ok({ date: DAY, view: 'all' });
    expect(entries.executions).toHaveLength(7);
    expect(entries.invoiceExportLogs).toEqual([]);
    expect((await read({ date: DAY, view: 'both' })).statusCode).toBe(400);
  });

  it('moves with the date and keeps to the lease company', async () => {
    const d = await ok({ date: { year: 2026, month: 0, day: 3 }, leaseCompanyId: acme.id });
    expect(d.invoiceExportLogs).toHaveLength(1);
    expect(d.invoiceExportLogs[0].days.map((x) => x.day)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(d.invoiceExportLogs[0].days.map((x) => x.isSuccess)).toEqual([false, true, true]);
    expect(d.invoiceExportLogs[0].check.days[2]).toEqual({ status: 'gap', range: { first: 1053, last: 1060 }, missing: { from: 1051, to: 1052 } });
    const beta1 = await ok({ date: { year: 2026, month: 0, day: 2 }, leaseCompanyId: beta.id });
    expect(beta1.invoiceExportLogs[0].days.map((x) => x.fileName)).toEqual([null, invoiceExportFileName(beta.diCustomerId, '2026-01-01', { first: 1, last: 4 }), null]);
  });

  it('counts an export entry no job wrote (no run day) for the UTC day it ran, a terminated company shown by it', async () => {
    const gamma = await insertLeaseCompany(t.services.db, { name: 'Gamma Leasing', status: 'TERMINATED' });
    const unrun = { runDay: null, leaseCompanyId: gamma.id };
    const made = [
      // The last moment of the window's first day, and the first moment after its last.
      await invoice(gamma, '2026-01-02', { first: 1, last: 3 }, { ...unrun, executedAt: at('2026-01-02T23:59:59.999Z') }),
      await invoice(gamma, '2026-01-05', { first: 4, last: 6 }, { ...unrun, executedAt: at('2026-01-05T00:00:00Z') }),
    ];
    try {
      const d = await ok({ date: DAY, view: 'invoiceExports' });
      expect(d.invoiceExportLogs.map((l) => l.leaseCompanyName)).toEqual(['Acme Leasing', 'Beta Leasing', 'Gamma Leasing']);
      expect(d.invoiceExportLogs[2].days.map((x) => [x.day, x.fileName])).toEqual([
        ['2026-01-02', invoiceExportFileName(gamma.diCustomerId, '2026-01-02', { first: 1, last: 3 })],
        ['2026-01-03', null],
        ['2026-01-04', null],
      ]);
      const one = await ok({ date: DAY, view: 'invoiceExports', leaseCompanyId: gamma.id });
      expect(one.invoiceExportLogs.map((l) => [l.leaseCompanyName, l.days[0].isSuccess])).toEqual([['Gamma Leasing', true]]);
    } finally {
      await t.services.db.delete(processLogs).where(inArray(processLogs.id, made));
    }
  });
});

describe('a busy day, a page at a time', () => {
  it('pages 100 entries with a cursor that neither repeats nor skips', async () => {
    const rows: Insert[] = Array.from({ length: PROCESS_LOGS_PAGE_SIZE + 5 }, (_, k) => ({
      type: 'STOCK_IMPORT',
      name: `Busy ${k}`,
      isSuccess: k % 3 !== 0,
      state: 'COMPLETED',
      leaseCompanyId: quiet.id,
      // Pairs share a time, so the id breaks the tie.
      executedAt: at(`2025-12-20T10:${String(Math.floor(k / 2)).padStart(2, '0')}:00Z`),
    }));
    await t.services.db.insert(processLogs).values(rows);
    const date = { year: 2025, month: 11, day: 20 };
    const first = await ok({ date });
    expect(first.executions).toHaveLength(PROCESS_LOGS_PAGE_SIZE);
    expect(first.counts).toEqual({ success: 70, failed: 35, warning: 0, pending: 0 });
    expect(first.next).not.toBeNull();
    const second = await ok({ date, after: first.next });
    expect(second.executions).toHaveLength(5);
    expect(second.next).toBeNull();
    expect(second.invoiceExportLogs).toEqual([]);
    expect(second.invoiceNext).toBeNull();
    const seen = [...first.executions, ...second.executions].map((e) => e.name);
    expect(new Set(seen).size).toBe(PROCESS_LOGS_PAGE_SIZE + 5);
    expect(seen[0]).toBe('Busy 104');
    expect(seen.slice(1, 3).sort()).toEqual(['Busy 102', 'Busy 103']);
    // Entries within one millisecond (written by the database's own clock) are neither skipped nor
    // repeated: the first page ends on one, the next starts on the other.
    const micro = async (at: string) =>
      ((await t.services.db.execute(sql`INSERT INTO process_logs (type, name, is_success, executed_at, lease_company_id) VALUES ('STOCK_IMPORT', 'Micro', true, ${at}::timestamptz, ${quiet.id}) RETURNING id`)) as unknown as { rows: { id: string }[] }).rows[0].id;
    const m1 = await micro('2025-12-20T10:02:00.000400Z');
    const m2 = await micro('2025-12-20T10:02:00.000200Z');
    const again = await ok({ date });
    const rest = await ok({ date, after: again.next });
    expect(again.executions.at(-1)!.id).toBe(m1);
    expect(rest.executions[0].id).toBe(m2);
    expect(new Set([...again.executions, ...rest.executions].map((e) => e.id)).size).toBe(PROCESS_LOGS_PAGE_SIZE + 7);
    const failed = await ok({ date, outcomes: ['failed'] });
    expect(failed.executions).toHaveLength(35);
  });
});

describe('the invoice view, a page of companies at a time', () => {
  it('pages 100 companies by name, and sees companies switched on once the reused list expires', async () => {
    const db = t.services.db;
    for (let k = 1; k <= 100; k++) {
      const c = await insertLeaseCompany(db, { name: `Paged Leasing ${String(k).padStart(3, '0')}` });
      await db.update(leaseCompanies).set({ config: { dailyInvoiceExport: { isEnabled: true } } as never }).where(eq(leaseCompanies.id, c.id));
    }
    // The list of companies with the export on is reused for a while.
    expect((await ok({ date: DAY, view: 'invoiceExports' })).invoiceExportLogs).toHaveLength(2);
    t.clock.advance(EXPORTING_COMPANIES_TTL_MS);
    const first = await ok({ date: DAY, view: 'invoiceExports' });
    expect(first.invoiceExportLogs.map((l) => l.leaseCompanyName)).toEqual(['Acme Leasing', 'Beta Leasing', ...Array.from({ length: 98 }, (_, k) => `Paged Leasing ${String(k + 1).padStart(3, '0')}`)]);
    expect(first.invoiceNext).toMatchObject({ name: 'Paged Leasing 098' });
    const second = await ok({ date: DAY, view: 'invoiceExports', invoiceAfter: first.invoiceNext });
    expect(second.invoiceExportLogs.map((l) => l.leaseCompanyName)).toEqual(['Paged Leasing 099', 'Paged Leasing 100']);
    expect(second.invoiceNext).toBeNull();
    expect(second.executions).toEqual([]);
    expect(second.invoiceExportLogs[0].days.map((d) => d.isSuccess)).toEqual([false, false, false]);
  });
});

describe('the lease company lookup', () => {
  it('answers active lease companies by name, filtered by what was typed', async () => {
    const all = await as.FINANCE.post('processLogs/getLeaseCompanies', {});
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((c: { name: string }) => c.name)).toEqual(['Acme Leasing', 'Beta Leasing', ...Array.from({ length: 100 }, (_, k) => `Paged Leasing ${String(k + 1).padStart(3, '0')}`), 'Quiet Leasing']);
    const some = await as.FINANCE.post('processLogs/getLeaseCompanies', { q: 'acme' });
    expect(some.json().data).toEqual([{ id: acme.id, name: 'Acme Leasing' }]);
    const literal = await as.FINANCE.post('processLogs/getLeaseCompanies', { q: '%' });
    expect(literal.json().data).toEqual([]);
  });
});
