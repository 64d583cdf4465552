import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fakeQuickBooks';
import { insertLeaseCompany } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { loadConfig } from '../../server/config';
import { accountingCategories, auditLog, financeBills, financeSuppliers, financeTaxCodes, invoices, leaseCompanies } from '../../server/db/schema';
import { createFinanceSystem, FinanceSystemError, type FinanceSystem } from '../../server/integrations/finance';
import { localLedger } from '../../server/integrations/finance/local';
import { EXPORT_CLAIM_MS } from '../../server/rpc/saviPayBill';
import { PAY_BILL_MESSAGES, PAY_BILL_PAGE_SIZE, type PaybillRecord, type PayBillSearch, type PayBillSearchResponse } from '../../domain/savi';
import { DIRECT_PAYBILL_RATE_CARD_TYPES } from '../../domain/customers';

/**
 * Pay Bill (server/rpc/saviPayBill.ts): the pay bill customers, one day's records paged by keyset,
 * and the export of an invoice as a bill, against both finance systems: the local ledger and the
 * QuickBooks Online client talking to tests/support/fakeQuickBooks.ts. The app is built with the
 * local ledger (the default); the QuickBooks suite puts the client that FINANCE_SYSTEM=quickbooks
 * makes (createFinanceSystem) in services.finance, so both run on one app and one database.
 */
let t: TestApp;
let qbo: FakeQuickBooks;
const ROLES = ['FINANCE', 'EDITOR', 'VIEWER', 'SUPPORT'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;
const adminIds = {} as Record<Role, string>;

type Lease = typeof leaseCompanies.$inferSelect;
let alpha: Lease;
let beta: Lease;
let supplier: { id: string; groupId: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  qbo = await startFakeQuickBooks();
  for (const role of ROLES) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  await db().insert(accountingCategories).values({ id: '1001', name: 'Contract Hire' });
  // Two pay bill customers (one with its accounting category) and two of other rate cards.
  alpha = await insertLeaseCompany(db(), { name: 'Alpha Leasing', rateCardType: 'COST_TYPE_HYBRID_VISN' });
  [alpha] = await db().update(leaseCompanies).set({ categoryId: '1001' }).where(eq(leaseCompanies.id, alpha.id)).returning();
  beta = await insertLeaseCompany(db(), { name: 'beta Fleet', rateCardType: 'VISN_NETWORK_OFFERING_SAVI' });
  await insertLeaseCompany(db(), { name: 'Gamma Leasing', rateCardType: 'VISN' });
  await insertLeaseCompany(db(), { name: 'Delta Hire', rateCardType: 'COST_TYPE_1' });
  await insertLeaseCompany(db(), { name: 'Aardvark Contracts', rateCardType: 'VISN_WITH_DI_NETWORK' });
  const { supplier: s } = await insertSupplier(db(), { name: 'Harbour Motors', financeSupplierId: '58' });
  supplier = { id: s.id, groupId: s.groupId, name: s.name };
});
afterAll(async () => {
  await qbo?.close();
  await t?.close();
});

const db = () => t.services.db;

/** A pay bill invoice of Alpha Leasing by Harbour Motors, unless told otherwise. */
async function insertInvoice(invoiceNumber: string, over: Partial<typeof invoices.$inferInsert> = {}) {
  const [row] = await db()
    .insert(invoices)
    .values({
      invoiceNumber,
      type: 'Invoice',
      enquiryId: crypto.randomUUID(),
      enquiryNumber: `ENQ-${invoiceNumber}`,
      leaseCompanyId: alpha.id,
      groupId: supplier.groupId,
      supplierId: supplier.id,
      vrm: 'AB12CDE',
      taxPointDate: '2025-11-20',
      currency: 'GBP',
      jobType: 'STANDARD',
      lineTaxCode: 'S',
      totalNett: 12_050,
      totalVat: 2_410,
      totalGross: 14_460,
      paybill: true,
      financeSupplierId: '58',
      ...over,
    })
    .returning();
  return row;
}
const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0];

async function search(body: PayBillSearch, b = as.FINANCE): Promise<PayBillSearchResponse> {
  const res = await b.post('admin/getPaybillRecords', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Load More from where a page's cursor stands. */
const more = (cursor: PayBillSearchResponse['cursor'], pageSize?: number) =>
  search({ date: cursor.date, leaseCompanyId: cursor.leaseCompanyId, quickbooks: cursor.quickbooks, isInitialLoad: false, lastRecordReferenceId: cursor.lastRecordReferenceId, recordType: cursor.recordType, ...(pageSize ? { pageSize } : {}) });
const numbers = (records: PaybillRecord[]) => records.map((r) => r.invoiceNumber);

describe('admin/getPaybillCustomersList', () => {
  it('lists only the lease companies of the direct-paybill rate cards, by name, as { label, value }', async () => {
    const res = await as.FINANCE.get('admin/getPaybillCustomersList');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, customers: [{ label: 'Alpha Leasing', value: alpha.id }, { label: 'beta Fleet', value: beta.id }] });
    const types = await db().select({ id: leaseCompanies.id, rateCardType: leaseCompanies.rateCardType }).from(leaseCompanies);
    expect(types.filter((c) => DIRECT_PAYBILL_RATE_CARD_TYPES.includes(c.rateCardType)).map((c) => c.id).sort()).toEqual([alpha.id, beta.id].sort());
  });

  it('is refused without PAY_BILL (403)', async () => {
    for (const role of ['EDITOR', 'VIEWER', 'SUPPORT'] as const) expect((await as[role].get('admin/getPaybillCustomersList')).statusCode, role).toBe(403);
  });
});

describe('admin/getPaybillRecords', () => {
  const DAY = '2025-10-01';
  /** The day's unsaved pay bill records when the first page is asked for. */
  const initial: { invoices: string[]; credits: string[]; beta: string[] } = { invoices: [], credits: [], beta: [] };

  beforeAll(async () => {
    // 30 invoices and 23 credits, inserted out of number order, a few of them Beta's.
    const invoiceNumbers = Array.from({ length: 30 }, (_, i) => `PG-I-${String(i + 1).padStart(4, '0')}`);
    const creditNumbers = Array.from({ length: 23 }, (_, i) => `PG-C-${String(i + 1).padStart(4, '0')}`);
    const shuffled = [...creditNumbers.map((n) => ['Credit', n] as const), ...invoiceNumbers.map((n) => ['Invoice', n] as const)].reverse();
    for (const [type, n] of shuffled) {
      const isBeta = Number(n.slice(-4)) % 4 === 0;
      await insertInvoice(n, { type, taxPointDate: DAY, leaseCompanyId: isBeta ? beta.id : alpha.id, creditValue: type === 'Credit' ? 14_460 : null });
      if (isBeta) initial.beta.push(n);
    }
    initial.invoices = invoiceNumbers;
    initial.credits = creditNumbers;
    // Not among the day's unsaved pay bill records: not pay bill, already exported, another day.
    await insertInvoice('PG-X-0001', { taxPointDate: DAY, paybill: false });
    await insertInvoice('PG-S-0001', { taxPointDate: DAY, savedToQuickBooks: true, savedBy: { firstname: 'Ann', lastname: 'Day' }, savedToQuickBooksOn: new Date('2025-10-02T09:00:00Z') });
    await insertInvoice('PG-I-0031', { taxPointDate: '2025-10-02' });
  });

  it('needs a date (400 without one, or with one that is not a day)', async () => {
    for (const body of [{}, { date: '' }, { date: '01/10/2025' }, { date: '2025-02-30' }]) {
      const res = await as.FINANCE.post('admin/getPaybillRecords', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields.date).toEqual(expect.any(String));
    }
  });

  it("refuses a day after today by the server's clock (400 'Future dates are not allowed'), and takes today", async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const future = await as.FINANCE.post('admin/getPaybillRecords', { date: tomorrow });
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json().error.fields).toEqual({ date: PAY_BILL_MESSAGES.futureDate });
    expect(PAY_BILL_MESSAGES.futureDate).toBe('Future dates are not allowed');
    expect((await as.FINANCE.post('admin/getPaybillRecords', { date: today })).statusCode).toBe(200);
  });

  it('pages 25 at a time with Load More: every record of the day once, invoices then credits by number; records added meanwhile are neither repeated nor skip any', async () => {
    const pages: PayBillSearchResponse[] = [await search({ date: DAY })];
    const added: string[] = [];
    while (!pages.at(-1)!.cursor.endOfRecord) {
      // New records arrive between pages: invoices after the first page, a credit after the second.
      if (pages.length === 1) {
        for (const n of ['PG-I-0040', 'PG-I-0041']) {
          await insertInvoice(n, { taxPointDate: DAY });
          added.push(n);
        }
      }
      if (pages.length === 2) {
        await insertInvoice('PG-C-0040', { type: 'Credit', taxPointDate: DAY, creditValue: 100 });
        added.push('PG-C-0040');
      }
      pages.push(await more(pages.at(-1)!.cursor));
      expect(pages.length).toBeLessThan(10);
    }
    const seen = pages.flatMap((p) => numbers(p.invoicedRecords));
    expect(PAY_BILL_PAGE_SIZE).toBe(25);
    expect(pages.map((p) => p.invoicedRecords.length)).toEqual([25, 25, 6]);
    expect(pages.map((p) => p.cursor.endOfRecord)).toEqual([false, false, true]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...initial.invoices, 'PG-I-0040', 'PG-I-0041', ...initial.credits, 'PG-C-0040']);
    expect(added).toHaveLength(3);
    // The first cursor stands on the 25th invoice; the second has gone on into the credits.
    expect(pages[0].cursor).toEqual({ lastRecordReferenceId: 'PG-I-0025', recordType: 'Invoice', date: DAY, leaseCompanyId: null, quickbooks: false, endOfRecord: false });
    expect(pages[1].cursor).toMatchObject({ lastRecordReferenceId: 'PG-C-0018', recordType: 'Credit', endOfRecord: false });
    // A first page starts at the first invoice whatever cursor comes with it.
    const again = await search({ date: DAY, isInitialLoad: true, lastRecordReferenceId: 'PG-C-0010', recordType: 'Credit' });
    expect(numbers(again.invoicedRecords)).toEqual(seen.slice(0, 25));
  });

  it('says endOfRecord only when nothing follows, also when a page ends exactly where the invoices end', async () => {
    const day = '2025-10-05';
    await insertInvoice('PE-I-0001', { taxPointDate: day });
    await insertInvoice('PE-I-0002', { taxPointDate: day });
    const first = await search({ date: day, pageSize: 2 });
    expect(numbers(first.invoicedRecords)).toEqual(['PE-I-0001', 'PE-I-0002']);
    expect(first.cursor).toMatchObject({ endOfRecord: true });
    await insertInvoice('PE-C-0001', { type: 'Credit', taxPointDate: day, creditValue: 500 });
    const withCredit = await search({ date: day, pageSize: 2 });
    expect(withCredit.cursor).toMatchObject({ recordType: 'Credit', lastRecordReferenceId: null, endOfRecord: false });
    const last = await more(withCredit.cursor, 2);
    expect(numbers(last.invoicedRecords)).toEqual(['PE-C-0001']);
    expect(last.cursor).toMatchObject({ recordType: 'Credit', lastRecordReferenceId: 'PE-C-0001', endOfRecord: true });
    // A day without records.
    expect(await search({ date: '2025-10-09' })).toEqual({
      success: true,
      invoicedRecords: [],
      cursor: { lastRecordReferenceId: null, recordType: 'Credit', date: '2025-10-09', leaseCompanyId: null, quickbooks: false, endOfRecord: true },
    });
  });

  it("filters by the quickbooks flag (the day's exported records only) and by customer", async () => {
    expect(numbers((await search({ date: DAY, quickbooks: true })).invoicedRecords)).toEqual(['PG-S-0001']);
    const ofBeta = await search({ date: DAY, leaseCompanyId: beta.id, pageSize: 100 });
    const betaInvoices = initial.beta.filter((n) => n.startsWith('PG-I')).sort();
    const betaCredits = initial.beta.filter((n) => n.startsWith('PG-C')).sort();
    expect(numbers(ofBeta.invoicedRecords)).toEqual([...betaInvoices, ...betaCredits]);
    expect(ofBeta.invoicedRecords.every((r) => r.leaseCompanyName === 'beta Fleet')).toBe(true);
    expect(ofBeta.cursor).toMatchObject({ leaseCompanyId: beta.id, endOfRecord: true });
    // Paged for one customer, the cursor keeps the customer.
    const firstOfBeta = await search({ date: DAY, leaseCompanyId: beta.id, pageSize: 3 });
    expect(numbers(firstOfBeta.invoicedRecords)).toEqual(betaInvoices.slice(0, 3));
    expect(numbers((await more(firstOfBeta.cursor, 3)).invoicedRecords)).toEqual([...betaInvoices, ...betaCredits].slice(3, 6));
    expect((await search({ date: DAY, leaseCompanyId: crypto.randomUUID() })).invoicedRecords).toEqual([]);
    expect((await as.FINANCE.post('admin/getPaybillRecords', { date: DAY, leaseCompanyId: 'not-an-id' })).statusCode).toBe(400);
  });

  it('answers each record with its fields: amounts in major units, the VAT code by label, year, month and docId for the export', async () => {
    const day = '2025-09-30';
    const inv = await insertInvoice('PF-I-0001', { taxPointDate: day, currency: 'EURO', jobType: 'TYRES', lineTaxCode: 'IE135', totalNett: 123_456, vrm: '191-D-12345', enquiryNumber: 'ENQ-77' });
    const credit = await insertInvoice('PF-C-0001', {
      type: 'Credit',
      taxPointDate: day,
      leaseCompanyId: beta.id,
      leaseQuickBooksCategoryId: '2002',
      lineTaxCode: 'XX',
      totalNett: 1_001,
      creditValue: 1_234,
      financeSupplierId: null,
    });
    const { invoicedRecords } = await search({ date: day });
    expect(invoicedRecords).toEqual([
      {
        docId: inv.id,
        year: 2025,
        month: 9,
        leaseCompanyName: 'Alpha Leasing',
        invoiceNumber: 'PF-I-0001',
        taxPointDate: day,
        enquiryNumber: 'ENQ-77',
        vrm: '191-D-12345',
        supplierName: 'Harbour Motors',
        type: 'Invoice',
        currency: 'EURO',
        jobLineData: { jobType: 'TYRES', lineTaxCode: { label: 'Reduced 13.5%' } },
        totalNettLineCost: 1234.56,
        creditValue: { value: null },
        financeSupplierId: '58',
        savedToQuickBooks: false,
        savedBy: null,
        savedToQuickBooksOn: null,
        leaseQuickBooksCategoryId: '1001',
      },
      {
        docId: credit.id,
        year: 2025,
        month: 9,
        leaseCompanyName: 'beta Fleet',
        invoiceNumber: 'PF-C-0001',
        taxPointDate: day,
        enquiryNumber: 'ENQ-PF-C-0001',
        vrm: 'AB12CDE',
        supplierName: 'Harbour Motors',
        type: 'Credit',
        currency: 'GBP',
        // A code of ours without a label is shown as it is.
        jobLineData: { jobType: 'STANDARD', lineTaxCode: { label: 'XX' } },
        totalNettLineCost: 10.01,
        creditValue: { value: 12.34 },
        financeSupplierId: null,
        savedToQuickBooks: false,
        savedBy: null,
        savedToQuickBooksOn: null,
        // The lease company has no category: the one copied onto the invoice.
        leaseQuickBooksCategoryId: '2002',
      },
    ]);
    const saved = (await search({ date: '2025-10-01', quickbooks: true })).invoicedRecords[0];
    expect(saved).toMatchObject({ savedToQuickBooks: true, savedBy: { firstname: 'Ann', lastname: 'Day' }, savedToQuickBooksOn: '2025-10-02T09:00:00.000Z' });
  });

  it('is refused without PAY_BILL (403)', async () => {
    for (const role of ['EDITOR', 'VIEWER'] as const) expect((await as[role].post('admin/getPaybillRecords', { date: DAY })).statusCode, role).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------
// Export to the finance system, against both implementations
// ---------------------------------------------------------------------------------------------

/** Every call the export makes to the finance system, by method; `ledgerDown` makes the local ledger fail as a remote system would. */
const calls: string[] = [];
let ledgerDown = false;
/** When set, every call waits for it first (to hold one request at the finance system while another comes). */
let hold: ((name: string) => Promise<void>) | null = null;
function instrumented(system: FinanceSystem): FinanceSystem {
  const call =
    (name: Exclude<keyof FinanceSystem, 'name'>) =>
    async (...args: unknown[]) => {
      calls.push(name);
      await hold?.(name);
      if (ledgerDown) throw new FinanceSystemError('The finance ledger is unavailable', 503);
      return (system[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  return {
    name: system.name,
    supplier: call('supplier'),
    resolveSupplier: call('resolveSupplier'),
    customerCategories: call('customerCategories'),
    taxCode: call('taxCode'),
    findBill: call('findBill'),
    addBill: call('addBill'),
  } as FinanceSystem;
}

interface Bill {
  id: string;
  vendorId: string;
  docNumber: string;
  /** Minor units. */
  amount: number;
  taxCodeRef: string | null;
}

interface Subject {
  name: string;
  /** Invoice numbers of this suite start with it (numbers and bills are unique across the file). */
  prefix: string;
  system(): FinanceSystem;
  /** The vendor '58' (Harbour Motors), and tax codes for '20.0% S' and '23% S' but none active for '13.5% R'. */
  setUp(): Promise<void>;
  /** The id of the finance system's '20.0% S'. */
  standardTaxCode: string;
  bills(docNumber: string): Promise<Bill[]>;
  fail(on: boolean): void;
}

const SUBJECTS: Subject[] = [
  {
    name: 'the local ledger',
    prefix: 'LL',
    system: () => localLedger(t.services.db),
    async setUp() {
      await db().insert(financeSuppliers).values({ id: '58', displayName: 'Harbour Motors', companyNumber: '01234567' });
      await db().insert(financeTaxCodes).values([
        { id: 'T20', name: '20.0% S' },
        { id: 'T23', name: '23% S' },
      ]);
    },
    standardTaxCode: 'T20',
    async bills(docNumber) {
      const rows = await db().select().from(financeBills).where(eq(financeBills.docNumber, docNumber));
      return rows.map((r) => ({ id: r.id, vendorId: r.vendorId, docNumber: r.docNumber, amount: r.total, taxCodeRef: r.lines[0]?.taxCodeRef ?? null }));
    },
    fail(on) {
      ledgerDown = on;
    },
  },
  {
    name: 'the QuickBooks Online client',
    prefix: 'QB',
    // As the server builds it from FINANCE_SYSTEM=quickbooks and its settings.
    system: () =>
      createFinanceSystem(
        loadConfig({
          NODE_ENV: 'test',
          FINANCE_SYSTEM: 'quickbooks',
          QUICKBOOKS_BASE_URL: qbo.baseUrl,
          QUICKBOOKS_TOKEN_URL: qbo.tokenUrl,
          QUICKBOOKS_REALM_ID: qbo.realmId,
          QUICKBOOKS_CLIENT_ID: qbo.clientId,
          QUICKBOOKS_CLIENT_SECRET: qbo.clientSecret,
          QUICKBOOKS_REFRESH_TOKEN: qbo.refreshToken,
          QUICKBOOKS_TIMEOUT_MS: '5000',
        }),
        t.services.db,
      ),
    async setUp() {
      qbo.vendors.set('58', { Id: '58', DisplayName: 'Harbour Motors' });
      qbo.taxCodes.push({ Id: '7', Name: '20.0% S', Active: true }, { Id: '9', Name: '23% S', Active: true }, { Id: '11', Name: '13.5% R', Active: false });
    },
    standardTaxCode: '7',
    async bills(docNumber) {
      return qbo.bills
        .filter((b) => b.body.DocNumber === docNumber)
        .map((b) => {
          const body = b.body as { VendorRef: { value: string }; DocNumber: string; Line: { Amount: number; AccountBasedExpenseLineDetail: { TaxCodeRef?: { value: string } } }[] };
          return { id: b.Id, vendorId: body.VendorRef.value, docNumber: body.DocNumber, amount: Math.round(body.Line[0].Amount * 100), taxCodeRef: body.Line[0].AccountBasedExpenseLineDetail.TaxCodeRef?.value ?? null };
        });
    },
    fail(on) {
      qbo.failWith = on ? 503 : null;
    },
  },
];

describe.each(SUBJECTS)('admin/addInvoiceToQuickBooksBill with $name', (subject) => {
  let n = 0;
  /** A new pay bill invoice of this suite (Alpha Leasing, November 2025). */
  const newInvoice = (over: Partial<typeof invoices.$inferInsert> = {}) => insertInvoice(`${subject.prefix}-${String(++n).padStart(4, '0')}`, over);
  const exportOf = (inv: { id: string }, b = as.FINANCE, at = { year: 2025, month: 11 }) =>
    b.post('admin/addInvoiceToQuickBooksBill', { ...at, docId: inv.id, firstname: 'Forged', lastname: 'Name' });
  let original: FinanceSystem;
  /** The system the app calls (one client: QuickBooks rotates its tokens per client). */
  let system: FinanceSystem;

  beforeAll(async () => {
    await subject.setUp();
    original = t.services.finance;
    system = subject.system();
    t.services.finance = instrumented(system);
  });
  afterAll(() => {
    t.services.finance = original;
    subject.fail(false);
  });
  const fresh = () => calls.splice(0);

  /** The invoice was left as it was: not saved, not claimed, no bill. */
  async function untouched(inv: { id: string; invoiceNumber: string }) {
    expect(await invoiceRow(inv.id)).toMatchObject({ savedToQuickBooks: false, savedBy: null, savedToQuickBooksOn: null, exportClaimedAt: null });
    expect(await subject.bills(inv.invoiceNumber)).toEqual([]);
  }
  async function refused(res: Awaited<ReturnType<typeof exportOf>>, status: number, code: string, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toMatchObject({ code, message });
  }

  it('adds one bill named by the invoice number and marks the invoice saved by the signed-in admin, now; audited', async () => {
    const inv = await newInvoice({ totalNett: 98_765 });
    fresh();
    const res = await exportOf(inv);
    expect(res.statusCode, res.body).toBe(200);
    const now = t.clock.now();
    const savedBy = { firstname: 'Test', lastname: 'FINANCE' };
    expect(res.json()).toEqual({
      success: true,
      supplierFound: true,
      missingVatRate: false,
      record: expect.objectContaining({ docId: inv.id, invoiceNumber: inv.invoiceNumber, savedToQuickBooks: true, savedBy, savedToQuickBooksOn: now.toISOString() }),
    });
    expect(await invoiceRow(inv.id)).toMatchObject({ savedToQuickBooks: true, savedBy, savedToQuickBooksOn: now, exportClaimedAt: null, modifiedBy: adminIds.FINANCE });
    const bills = await subject.bills(inv.invoiceNumber);
    expect(bills).toEqual([{ id: expect.any(String), vendorId: '58', docNumber: inv.invoiceNumber, amount: 98_765, taxCodeRef: subject.standardTaxCode }]);
    expect(fresh()).toEqual(['supplier', 'taxCode', 'findBill', 'addBill']);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.recordType, 'invoice'), eq(auditLog.recordId, inv.id)));
    expect(audit).toMatchObject({ slug: 'admin/addInvoiceToQuickBooksBill', adminId: adminIds.FINANCE, before: { savedToQuickBooks: false }, after: { savedToQuickBooks: true, billId: bills[0].id, finance: t.services.finance.name } });
    // Exporting it again: success as it stands, nothing asked of the finance system, no second bill.
    const again = await exportOf(inv);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ success: true, record: { savedToQuickBooks: true, savedBy } });
    expect(fresh()).toEqual([]);
    expect(await subject.bills(inv.invoiceNumber)).toHaveLength(1);
  });

  it('adds exactly one bill for two exports of one invoice at once (the other succeeds or gets 409 EXPORT_IN_PROGRESS)', async () => {
    const inv = await newInvoice();
    fresh();
    const answers = await Promise.all([exportOf(inv), exportOf(inv)]);
    for (const res of answers) {
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ success: true, record: { savedToQuickBooks: true } });
      else {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'EXPORT_IN_PROGRESS', message: PAY_BILL_MESSAGES.inProgress });
      }
    }
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect(await subject.bills(inv.invoiceNumber)).toHaveLength(1);
    expect(fresh().filter((c) => c === 'addBill')).toHaveLength(1);
    expect(await invoiceRow(inv.id)).toMatchObject({ savedToQuickBooks: true, exportClaimedAt: null });
  });

  it('refuses the second of two exports while the first is at the finance system (409 EXPORT_IN_PROGRESS): one bill', async () => {
    const inv = await newInvoice();
    fresh();
    // The first request to reach the finance system waits there until the other has its answer
    // (or, were both let through, until the other reaches the finance system too).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived = 0;
    hold = async (name) => {
      if (name !== 'supplier') return;
      if (++arrived === 1) await gate;
      else release();
    };
    try {
      const requests = [exportOf(inv), exportOf(inv)];
      void Promise.race(requests).then(release);
      const answers = await Promise.all(requests);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().error).toMatchObject({ code: 'EXPORT_IN_PROGRESS', message: PAY_BILL_MESSAGES.inProgress });
    } finally {
      hold = null;
    }
    expect(fresh().filter((c) => c === 'addBill')).toHaveLength(1);
    expect(await subject.bills(inv.invoiceNumber)).toHaveLength(1);
    expect(await invoiceRow(inv.id)).toMatchObject({ savedToQuickBooks: true, exportClaimedAt: null });
  });

  it('refuses an invoice another request is exporting (409), and takes over a claim older than the time-out', async () => {
    const inv = await newInvoice();
    const now = t.clock.now().getTime();
    await db().update(invoices).set({ exportClaimedAt: new Date(now - 1000) }).where(eq(invoices.id, inv.id));
    fresh();
    const res = await exportOf(inv);
    await refused(res, 409, 'EXPORT_IN_PROGRESS', PAY_BILL_MESSAGES.inProgress);
    expect(res.json().error.current).toMatchObject({ docId: inv.id, savedToQuickBooks: false });
    expect(fresh()).toEqual([]);
    expect(await subject.bills(inv.invoiceNumber)).toEqual([]);
    await db().update(invoices).set({ exportClaimedAt: new Date(now - EXPORT_CLAIM_MS - 1000) }).where(eq(invoices.id, inv.id));
    expect((await exportOf(inv)).json()).toMatchObject({ success: true });
    expect(await subject.bills(inv.invoiceNumber)).toHaveLength(1);
  });

  it('takes the bill already there under the invoice number (a request that died after adding it) instead of adding another', async () => {
    const inv = await newInvoice();
    const { id } = await system.addBill({ vendorId: '58', docNumber: inv.invoiceNumber, txnDate: '2025-11-20', currency: 'GBP', lines: [{ description: 'Service', amount: 12_050, accountRef: null, taxCodeRef: subject.standardTaxCode }], memo: 'Earlier' });
    fresh();
    const res = await exportOf(inv);
    expect(res.json()).toMatchObject({ success: true, record: { savedToQuickBooks: true } });
    expect(fresh()).toEqual(['supplier', 'taxCode', 'findBill']);
    expect((await subject.bills(inv.invoiceNumber)).map((b) => b.id)).toEqual([id]);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.recordType, 'invoice'), eq(auditLog.recordId, inv.id)));
    expect(audit.after).toMatchObject({ billId: id });
  });

  it('answers supplierFound false for a supplier the finance system does not know, saving nothing', async () => {
    const inv = await newInvoice({ financeSupplierId: '404404' });
    fresh();
    const res = await exportOf(inv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: false, supplierFound: false, missingVatRate: false, record: expect.objectContaining({ docId: inv.id, savedToQuickBooks: false }) });
    expect(fresh()).toEqual(['supplier']);
    await untouched(inv);
  });

  it('answers missingVatRate for a VAT code the finance system has no (active) tax code for, saving nothing', async () => {
    for (const lineTaxCode of ['IE135', 'XX']) {
      const inv = await newInvoice({ lineTaxCode, currency: 'EURO' });
      fresh();
      const res = await exportOf(inv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: false, supplierFound: true, missingVatRate: true, record: expect.objectContaining({ docId: inv.id, savedToQuickBooks: false }) });
      // A code of ours without a finance name is not looked up.
      expect(fresh()).toEqual(lineTaxCode === 'XX' ? ['supplier'] : ['supplier', 'taxCode']);
      await untouched(inv);
    }
    // '23% S' exists: an Irish standard-rate invoice goes.
    expect((await exportOf(await newInvoice({ lineTaxCode: 'IE23', currency: 'EURO' }))).json()).toMatchObject({ success: true });
  });

  it('refuses, before any call to the finance system, a lease company without an accounting category (neither on it nor on the invoice)', async () => {
    const inv = await newInvoice({ leaseCompanyId: beta.id, leaseQuickBooksCategoryId: null });
    fresh();
    const res = await exportOf(inv);
    await refused(res, 409, 'CATEGORY_MISSING', PAY_BILL_MESSAGES.categoryMissing);
    expect(res.json().error.current).toMatchObject({ docId: inv.id, leaseQuickBooksCategoryId: null });
    expect(fresh()).toEqual([]);
    await untouched(inv);
    // The category copied onto the invoice is enough.
    expect((await exportOf(await newInvoice({ leaseCompanyId: beta.id, leaseQuickBooksCategoryId: '2002' }))).json()).toMatchObject({ success: true });
  });

  it('refuses a credit note and an invoice without a finance supplier id (409), calling nothing', async () => {
    const credit = await newInvoice({ type: 'Credit', creditValue: 14_460 });
    const noSupplierId = await newInvoice({ financeSupplierId: null });
    fresh();
    await refused(await exportOf(credit), 409, 'IS_CREDIT', PAY_BILL_MESSAGES.isCredit);
    await refused(await exportOf(noSupplierId), 409, 'NO_FINANCE_SUPPLIER_ID', 'Finance Supplier ID is not present in VISN');
    expect(fresh()).toEqual([]);
    await untouched(credit);
    await untouched(noSupplierId);
  });

  it('answers 404 for another year or month than the record’s, or an unknown record; 400 for a malformed call', async () => {
    const inv = await newInvoice();
    fresh();
    for (const at of [
      { year: 2024, month: 11 },
      { year: 2025, month: 10 },
    ]) {
      await refused(await exportOf(inv, as.FINANCE, at), 404, 'RECORD_NOT_FOUND', PAY_BILL_MESSAGES.notFound);
    }
    await refused(await exportOf({ id: crypto.randomUUID() }), 404, 'RECORD_NOT_FOUND', PAY_BILL_MESSAGES.notFound);
    expect((await exportOf({ id: 'not-an-id' })).statusCode).toBe(400);
    expect((await exportOf(inv, as.FINANCE, { year: 2025, month: 13 })).statusCode).toBe(400);
    expect(fresh()).toEqual([]);
    await untouched(inv);
  });

  it('answers 502 when the finance system fails, releasing the invoice so that a later export works', async () => {
    const inv = await newInvoice();
    subject.fail(true);
    try {
      await refused(await exportOf(inv), 502, 'FINANCE_SYSTEM_FAILED', PAY_BILL_MESSAGES.exportFailed);
    } finally {
      subject.fail(false);
    }
    await untouched(inv);
    const res = await exportOf(inv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, record: { savedToQuickBooks: true } });
    expect(await subject.bills(inv.invoiceNumber)).toHaveLength(1);
  });

  it('is refused without EXPORT_TO_QUICKBOOKS (403): no call, no bill', async () => {
    const inv = await newInvoice();
    fresh();
    for (const role of ['EDITOR', 'VIEWER', 'SUPPORT'] as const) {
      const res = await exportOf(inv, as[role]);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(fresh()).toEqual([]);
    await untouched(inv);
  });
});
