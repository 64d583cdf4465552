import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertGroup, insertLeaseCompany } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { loadConfig } from '../../server/config';
import { ManualClock } from '../../server/clock';
import { QUEUES } from '../../server/jobs/queues';
import { auditLog, invoices, mailOutbox, paybillSettings, saviExports, supplierNetworkTerms } from '../../server/db/schema';
import { putFile, readFile } from '../../server/files/storage';
import { runWeeklyStatement } from '../../server/jobs/savi/statements';
import {
  CREDIT_LIMIT_COLUMNS,
  creditLimitFileName,
  EMPTY_PAYBILL_FORM,
  PAYBILL_CAPS,
  PAYBILL_LABELS,
  paybillDetailsOf,
  SAVI_EXPORTS_LIMIT,
  STATEMENT_COLUMNS,
  STATEMENT_MESSAGES,
  statementFileName,
  statementFilepath,
  type PaybillField,
  type PaybillForm,
  type SaviExportRow,
} from '../../domain/savi';
import { JOB_TYPE_LABELS, PAYBILL_SETTINGS_ID, type InvoiceType, type JobType } from '../../domain/finance';
import type { Currency } from '../../domain/common';
import type { BackgroundJobEntry, BackgroundJobRow } from '../../domain/backgroundJobs';

/**
 * The SAVi page's calls (server/rpc/savi.ts) and its two jobs (server/jobs/savi): the paybill
 * address and footer, the weekly statements and their files, the credit limit export, and running
 * the weekly statement now from the jobs screen. Workers run in this app, as in production.
 */
let t: TestApp;
const ROLES = ['FINANCE', 'EDITOR', 'VIEWER', 'SUPPORT', 'SUPER_ADMIN'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;
const adminIds = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5 } }, { jobs: true });
  for (const role of ROLES) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t?.close());

const db = () => t.services.db;

// ---------------------------------------------------------------------------------------------
// Paybill address and footer
// ---------------------------------------------------------------------------------------------

const FIELDS = Object.keys(PAYBILL_LABELS) as PaybillField[];
const VALID: PaybillForm = {
  companyName: 'Fleet Network',
  number: 'Unit 4',
  address1: 'Quayside',
  address2: 'Ouseburn',
  address3: 'Newcastle upon Tyne',
  county: 'Tyne and Wear',
  postCode: 'NE1 2BH',
  footer: 'Registered in England No. 01234567\nVAT GB123456789',
};

const saveBody = (form: PaybillForm, version: number | null) => ({ version, ...paybillDetailsOf(form) });
const save = (form: PaybillForm, version: number | null, b = as.FINANCE) => b.post('admin/savePayBillAddressAndFooterDetails', saveBody(form, version));
async function details() {
  const res = await as.FINANCE.get('admin/getPaybillDetails');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; paybillDetails: ReturnType<typeof paybillDetailsOf> & { version: number | null } };
}
const paybillAudit = () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'paybillSettings'), eq(auditLog.recordId, PAYBILL_SETTINGS_ID)))
    .orderBy(asc(auditLog.id));

describe('paybill address and footer', () => {
  it('answers empty details with version null before the first save', async () => {
    expect(await details()).toEqual({ success: true, paybillDetails: { version: null, ...paybillDetailsOf(EMPTY_PAYBILL_FORM) } });
  });

  it('refuses a save at a version while nothing was ever saved (409), and writes nothing', async () => {
    const res = await save(VALID, 1);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect((await details()).paybillDetails.version).toBeNull();
    expect(await paybillAudit()).toEqual([]);
  });

  it('creates the details on the first save (version null), trimmed, postcode in capitals, footer lines kept; audited', async () => {
    const typed = { ...VALID, companyName: '  Fleet Network ', postCode: 'ne1 2bh', footer: '  Registered in England No. 01234567\r\nVAT GB123456789 ' };
    const res = await save(typed, null);
    expect(res.statusCode, res.body).toBe(200);
    const expected = { version: 1, ...paybillDetailsOf(VALID) };
    expect(res.json()).toEqual({ success: true, paybillDetails: expected });
    expect((await details()).paybillDetails).toEqual(expected);
    const audit = await paybillAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/savePayBillAddressAndFooterDetails', adminId: adminIds.FINANCE, before: null });
    expect(audit[0].after).toMatchObject({ companyName: 'Fleet Network', postCode: 'NE1 2BH', footerBlurb: VALID.footer, version: 1 });
  });

  it('updates at the current version and bumps it; the audit keeps before and after', async () => {
    const res = await save({ ...VALID, address1: 'Quayside West', footer: 'New footer' }, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paybillDetails).toEqual({ version: 2, ...paybillDetailsOf({ ...VALID, address1: 'Quayside West', footer: 'New footer' }) });
    expect((await details()).paybillDetails.version).toBe(2);
    const audit = await paybillAudit();
    expect(audit).toHaveLength(2);
    expect(audit[1].before).toMatchObject({ address1: 'Quayside', footerBlurb: VALID.footer, version: 1 });
    expect(audit[1].after).toMatchObject({ address1: 'Quayside West', footerBlurb: 'New footer', version: 2 });
  });

  it('refuses a stale version, or a second "first save", with 409 CONFLICT carrying the current version; nothing changes', async () => {
    const before = await details();
    const audits = (await paybillAudit()).length;
    for (const version of [1, null, 3]) {
      const res = await save({ ...VALID, companyName: 'Stale Edit' }, version);
      expect(res.statusCode, `version ${version}`).toBe(409);
      expect(res.json().error.code).toBe('CONFLICT');
      expect(res.json().error.current.version).toBe(2);
    }
    expect(await details()).toEqual(before);
    expect(await paybillAudit()).toHaveLength(audits);
  });

  it("requires every field: '{Label} is required' under the form field's name", async () => {
    const res = await save(EMPTY_PAYBILL_FORM, 2);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.fields).toEqual(Object.fromEntries(FIELDS.map((f) => [f, `${PAYBILL_LABELS[f]} is required`])));
    for (const field of FIELDS) {
      // Spaces only is empty.
      const one = await save({ ...VALID, [field]: '   ' }, 2);
      expect(one.statusCode, field).toBe(400);
      expect(one.json().error.fields, field).toEqual({ [field]: `${PAYBILL_LABELS[field]} is required` });
      expect(one.json().error.message).toBe(`${PAYBILL_LABELS[field]} is required`);
    }
    // A member missing altogether is a missing value too, with the field's message under the field.
    const body = saveBody(VALID, 2) as { address: Partial<Record<string, string>> };
    delete body.address.county;
    const missing = await as.FINANCE.post('admin/savePayBillAddressAndFooterDetails', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ county: 'County is required' });
    expect((await details()).paybillDetails.version).toBe(2);
  });

  it("answers '{Label} is not valid' for a value over its length, with characters an address does not hold, or a postcode of neither country", async () => {
    const cases: [PaybillField, string][] = [
      ...FIELDS.map((f): [PaybillField, string] => [f, 'a'.repeat(PAYBILL_CAPS[f].max + 1)]),
      ['companyName', 'Fleet <Network>'],
      ['number', 'Unit 4;'],
      ['address1', 'Quay\tside'],
      ['address2', 'Ouse{burn}'],
      ['address3', 'Newcastle = Tyne'],
      ['county', 'Tyne & Wear!'],
      ['postCode', 'NE1 2B'],
      ['postCode', '12345'],
      // A tab passes every call's input check, but is no footer text (line breaks are).
      ['footer', 'Net\t30 days'],
    ];
    for (const [field, value] of cases) {
      const res = await save({ ...VALID, [field]: value }, 2);
      expect(res.statusCode, `${field}: ${value}`).toBe(400);
      expect(res.json().error.fields, `${field}: ${JSON.stringify(value)}`).toEqual({ [field]: `${PAYBILL_LABELS[field]} is not valid` });
    }
    // At the limits, and an Eircode: accepted.
    const atCaps = { ...VALID, companyName: 'c'.repeat(20), address2: 'd'.repeat(20), footer: 'f'.repeat(400), postCode: 'd02 x285' };
    const ok = await save(atCaps, 2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().paybillDetails).toMatchObject({ version: 3, address: { postCode: 'D02 X285' }, invoice: { companyName: 'c'.repeat(20) } });
  });

  it('refuses to read or save the details without the savi permission (403), writing nothing', async () => {
    const before = await details();
    const audits = (await paybillAudit()).length;
    for (const role of ['EDITOR', 'VIEWER', 'SUPPORT'] as const) {
      expect((await as[role].get('admin/getPaybillDetails')).statusCode, role).toBe(403);
      const res = await save({ ...VALID, companyName: 'Not Allowed' }, before.paybillDetails.version, as[role]);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await details()).toEqual(before);
    expect(await paybillAudit()).toHaveLength(audits);
    const [row] = await db().select().from(paybillSettings);
    expect(row.companyName).not.toBe('Not Allowed');
  });
});

// ---------------------------------------------------------------------------------------------
// SAVi statements list and files
// ---------------------------------------------------------------------------------------------

describe('SAVi statements: admin/getSaviExportsList and admin/getSAViExportFile', () => {
  type Inserted = { id: string; generatedAt: Date; isSuccess: boolean; fileId: string | null; fileName: string; bytes: Buffer | null; startDate: string; endDate: string };
  const rows: Inserted[] = [];

  beforeAll(async () => {
    // 30 runs in 2030 (newer than anything the jobs of this file record), every 7th failed, one whose file is gone.
    for (let i = 0; i < 30; i++) {
      const start = new Date(Date.UTC(2029, 0, 1 + 7 * i));
      const startDate = start.toISOString().slice(0, 10);
      const endDate = new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
      const fileName = statementFileName({ startDate, endDate });
      const failed = i % 7 === 3;
      const gone = i === 27;
      const bytes = failed || gone ? null : Buffer.from(`${STATEMENT_COLUMNS.join(',')}\r\nWeek Total,,,,,,,,,,GBP,${i}.00,0.00,${i}.00\r\n`);
      const file = bytes ? await putFile(t.services.files, db(), { name: fileName, contentType: 'text/csv', data: bytes }) : null;
      const generatedAt = new Date(Date.UTC(2030, 0, 1, 2, 30) + i * 86_400_000);
      const [row] = await db()
        .insert(saviExports)
        .values({ isSuccess: !failed, startDate, endDate, generatedAt, fileName, fileId: file?.id ?? null, error: failed ? `Run ${i} failed` : null })
        .returning();
      rows.push({ id: row.id, generatedAt, isSuccess: !failed, fileId: row.fileId, fileName, bytes, startDate, endDate });
    }
  });

  async function list(b = as.FINANCE): Promise<SaviExportRow[]> {
    const res = await b.get('admin/getSaviExportsList');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().saviExportsList;
  }
  const file = (filepath: string, b = as.FINANCE) => b.post('admin/getSAViExportFile', { filepath, userName: 'Test FINANCE' });

  it('lists the latest 25 runs, newest first; a failed run or a run without its file has no filepath', async () => {
    const answered = await list();
    expect(answered).toHaveLength(SAVI_EXPORTS_LIMIT);
    const newest = [...rows].sort((a, b) => b.generatedAt.getTime() - a.generatedAt.getTime()).slice(0, SAVI_EXPORTS_LIMIT);
    expect(answered).toEqual(
      newest.map((r) => ({
        id: r.id,
        isSuccess: r.isSuccess,
        startDate: r.startDate,
        endDate: r.endDate,
        timestamp: r.generatedAt.toISOString(),
        fileName: r.fileName,
        filepath: r.isSuccess && r.fileId ? statementFilepath(r.id) : null,
        error: r.isSuccess ? null : expect.stringMatching(/^Run \d+ failed$/),
      })),
    );
    expect(answered.filter((r) => !r.isSuccess).length).toBeGreaterThan(0);
    expect(answered.find((r) => r.id === rows[27].id)).toMatchObject({ isSuccess: true, filepath: null });
  });

  it("answers a statement's file as base64 of its bytes, with its content type and file name; the download is audited", async () => {
    const row = rows[29];
    const res = await file(statementFilepath(row.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, sAViReport: { fileData: { data: row.bytes!.toString('base64') }, contentType: 'text/csv', fileName: row.fileName } });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.recordType, 'saviExport'), eq(auditLog.recordId, row.id)));
    expect(audit).toMatchObject({ slug: 'admin/getSAViExportFile', adminId: adminIds.FINANCE, after: { downloaded: row.fileName, userName: 'Test FINANCE' } });
  });

  it("answers 404 'File not available' for an unknown filepath, a malformed one, and a run without a file", async () => {
    const failed = rows.find((r) => !r.isSuccess)!;
    for (const filepath of [
      statementFilepath(crypto.randomUUID()),
      `files/${rows[29].fileId}`,
      `savi-exports/${rows[29].id}/../x`,
      'savi-exports/not-an-id',
      '../../etc/passwd',
      statementFilepath(rows[27].id),
      statementFilepath(failed.id),
    ]) {
      const res = await file(filepath);
      expect(res.statusCode, filepath).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'FILE_NOT_AVAILABLE', message: STATEMENT_MESSAGES.fileNotAvailable });
    }
    expect((await file('')).statusCode).toBe(400);
  });

  it('refuses the list and the files without the savi permission (403)', async () => {
    for (const role of ['EDITOR', 'VIEWER'] as const) {
      expect((await as[role].get('admin/getSaviExportsList')).statusCode, role).toBe(403);
      expect((await file(statementFilepath(rows[29].id), as[role])).statusCode, role).toBe(403);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Background jobs as the jobs screen sees them
// ---------------------------------------------------------------------------------------------

async function jobsIn(queue: string): Promise<BackgroundJobRow[]> {
  const res = await as.SUPER_ADMIN.post('backgroundJobs/getList', { filter: { queue }, pagination: { page: 1, perPage: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const jobOf = async (id: string) => (await as.SUPER_ADMIN.post('backgroundJobs/getOne', { id })).json().data as BackgroundJobEntry;
async function completed(id: string): Promise<BackgroundJobEntry> {
  await expect.poll(async () => (await jobOf(id)).state, { timeout: 20_000, interval: 100 }).toBe('completed');
  return jobOf(id);
}

// ---------------------------------------------------------------------------------------------
// Credit limit export
// ---------------------------------------------------------------------------------------------

describe('admin/exportCreditLimitDetails', () => {
  const expected: string[][] = [];

  beforeAll(async () => {
    const setOn = (iso: string) => new Date(iso);
    // Groups with an agreed credit limit (one named like a formula, one Irish, one at zero set by nobody) and one without.
    const g1 = await insertGroup(db(), { name: '=SUM(A1:A9) Motors', agreedCreditLimit: 2_500_000, creditLimitUpdatedBy: 'Dana Reid', creditLimitUpdatedAt: setOn('2025-11-03T10:15:00Z') });
    const g2 = await insertGroup(db(), { name: 'Liffey Motor Group', locale: 'en_IE', agreedCreditLimit: 750_050, creditLimitUpdatedBy: '+353 Finance', creditLimitUpdatedAt: setOn('2025-12-31T23:30:00Z') });
    const g3 = await insertGroup(db(), { name: 'Zero Limit Group', agreedCreditLimit: 0 });
    const none = await insertGroup(db(), { name: 'No Limit Group' });
    // DI suppliers: one with an agreed limit (Irish), one with terms but no limit, one without terms.
    const { supplier: s1 } = await insertSupplier(db(), { name: 'Quay Tyres', locale: 'en_IE', groupId: none.id });
    const { supplier: s2 } = await insertSupplier(db(), { name: 'No Limit Garage', groupId: none.id });
    await insertSupplier(db(), { name: 'No Terms Garage', groupId: g1.id });
    const { supplier: s4 } = await insertSupplier(db(), { name: '@Harbour Motors', groupId: g1.id });
    await db()
      .insert(supplierNetworkTerms)
      .values([
        { supplierId: s1.id, nominatedDealerName: 'Sam Lee', agreedCreditLimit: 100_000, creditLimitUpdatedBy: 'Sam Lee', creditLimitUpdatedAt: setOn('2026-01-02T08:00:00Z') },
        { supplierId: s2.id, nominatedDealerName: 'Ann Day' },
        { supplierId: s4.id, nominatedDealerName: 'Bo Ray', agreedCreditLimit: 1_234_567, creditLimitUpdatedBy: '=cmd|calc', creditLimitUpdatedAt: setOn('2025-06-30T00:00:00Z') },
      ]);
    expected.push(
      [...CREDIT_LIMIT_COLUMNS],
      ['Group', g1.groupId, "'=SUM(A1:A9) Motors", g1.groupId, "'=SUM(A1:A9) Motors", '25000.00', 'GBP', 'Dana Reid', '2025-11-03'],
      ['Group', g2.groupId, 'Liffey Motor Group', g2.groupId, 'Liffey Motor Group', '7500.50', 'EURO', "'+353 Finance", '2025-12-31'],
      ['Group', g3.groupId, 'Zero Limit Group', g3.groupId, 'Zero Limit Group', '0.00', 'GBP', '', ''],
      ['Supplier', s1.supplierId, 'Quay Tyres', none.groupId, 'No Limit Group', '1000.00', 'EURO', 'Sam Lee', '2026-01-02'],
      ['Supplier', s4.supplierId, "'@Harbour Motors", g1.groupId, "'=SUM(A1:A9) Motors", '12345.67', 'GBP', "'=cmd|calc", '2025-06-30'],
    );
  });

  it('refuses the request without the savi permission (403), enqueuing nothing', async () => {
    for (const role of ['EDITOR', 'VIEWER'] as const) {
      const res = await as[role].post('admin/exportCreditLimitDetails', { user: { roles: {} } });
      expect(res.statusCode, role).toBe(403);
    }
    expect(await jobsIn(QUEUES.creditLimitExport)).toEqual([]);
  });

  it('answers at once and enqueues a job that e-mails the file to the admin who asked: every limit in the database, formula-safe', async () => {
    const res = await as.FINANCE.post('admin/exportCreditLimitDetails', { user: { roles: { savi: ['view', 'edit'] } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const [queued] = await jobsIn(QUEUES.creditLimitExport);
    expect(queued).toBeDefined();
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.recordType, 'creditLimitExport'));
    expect(audit).toMatchObject({ slug: 'admin/exportCreditLimitDetails', adminId: adminIds.FINANCE });
    const job = await completed(queued.id);
    expect(job.data).toEqual({ requestId: audit.recordId, adminId: adminIds.FINANCE });
    const output = job.output as { rows: number; fileId: string };
    expect(output.rows).toBe(expected.length - 1);

    const stored = await readFile(t.services.files, db(), output.fileId);
    expect(stored).not.toBeNull();
    const fileName = creditLimitFileName(t.clock.now());
    expect(stored).toMatchObject({ name: fileName, contentType: 'text/csv' });
    expect(parse(stored!.data, { bom: true })).toEqual(expected);

    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'creditLimitExport'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'finance@test.example', subject: expect.stringContaining(fileName), text: expect.stringContaining(`${output.rows} groups and suppliers`) });
    expect(mails[0].attachments).toEqual([{ filename: fileName, contentType: 'text/csv', size: stored!.data.length }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Weekly statement
// ---------------------------------------------------------------------------------------------

interface Doc {
  number: string;
  type: InvoiceType;
  lease: { id: string; name: string };
  supplier: { id: string; name: string; groupId: string; financeSupplierId: string | null };
  day: string;
  currency: Currency;
  net: number;
  vat: number;
  gross: number;
  vrm: string;
  jobType: JobType;
}

const money = (minor: number) => (minor / 100).toFixed(2);
const sign = (d: Doc) => (d.type === 'Credit' ? -1 : 1);
const escaped = (v: string) => (/^'*[=+\-@\t\r\0]/.test(v) ? `'${v}` : v);

/**
 * What the statement of a week must hold, computed from the documents inserted: lines by lease
 * company, supplier and number, each supplier and lease company closed by its totals, then the
 * week's totals per currency (credits subtracted everywhere), then who issues it.
 */
async function expectedStatement(docs: Doc[]): Promise<string[][]> {
  const sorted = [...docs].sort((a, b) => a.lease.name.localeCompare(b.lease.name) || a.supplier.name.localeCompare(b.supplier.name) || a.number.localeCompare(b.number));
  const sum = (list: Doc[], k: 'net' | 'vat' | 'gross') => list.reduce((s, d) => s + sign(d) * d[k], 0);
  const totals = (list: Doc[]) => [money(sum(list, 'net')), money(sum(list, 'vat')), money(sum(list, 'gross'))];
  const out: string[][] = [[...STATEMENT_COLUMNS]];
  for (const lease of [...new Set(sorted.map((d) => d.lease.name))]) {
    const ofLease = sorted.filter((d) => d.lease.name === lease);
    for (const supplier of [...new Set(ofLease.map((d) => d.supplier.name))]) {
      const ofSupplier = ofLease.filter((d) => d.supplier.name === supplier);
      for (const d of ofSupplier) {
        out.push(['Line', lease, escaped(supplier), d.supplier.financeSupplierId ?? '', d.type, d.number, d.day, `E-${d.number}`, escaped(d.vrm), JOB_TYPE_LABELS[d.jobType], d.currency, money(sign(d) * d.net), money(sign(d) * d.vat), money(sign(d) * d.gross)]);
      }
      out.push(['Supplier Total', lease, escaped(supplier), '', '', '', '', '', '', '', ofSupplier[0].currency, ...totals(ofSupplier)]);
    }
    out.push(['Lease Company Total', lease, '', '', '', '', '', '', '', '', ofLease[0].currency, ...totals(ofLease)]);
  }
  for (const currency of [...new Set(docs.map((d) => d.currency))].sort()) out.push(['Week Total', '', '', '', '', '', '', '', '', '', currency, ...totals(docs.filter((d) => d.currency === currency))]);
  // Who issues it: the paybill address and footer as stored now (saved by the tests above).
  const [issuer] = await db().select().from(paybillSettings);
  if (issuer) {
    const pad = (cells: string[]) => [...cells, ...Array<string>(STATEMENT_COLUMNS.length - cells.length).fill('')];
    const address = [`${issuer.addressNumber} ${issuer.address1}`, issuer.address2, issuer.address3, issuer.county, issuer.postCode].join(', ');
    out.push(pad(['Issued By', issuer.companyName, address]), pad(['Footer', issuer.footerBlurb]));
  }
  return out;
}

/** The database as a run sees it when its connection is lost: every raw query fails, inside a transaction too; the rest works. */
function executeFails<T extends object>(target: T): T {
  return new Proxy(target, {
    get(o, p, receiver) {
      if (p === 'execute') return () => Promise.reject(new Error('connection terminated unexpectedly'));
      if (p === 'transaction') {
        const db = o as unknown as { transaction(run: (tx: object) => Promise<unknown>): Promise<unknown> };
        return (run: (tx: object) => Promise<unknown>) => db.transaction((tx) => run(executeFails(tx)));
      }
      return Reflect.get(o, p, receiver);
    },
  });
}

async function insertDocs(docs: Doc[]) {
  await db()
    .insert(invoices)
    .values(
      docs.map((d) => ({
        invoiceNumber: d.number,
        type: d.type,
        enquiryId: crypto.randomUUID(),
        enquiryNumber: `E-${d.number}`,
        leaseCompanyId: d.lease.id,
        groupId: d.supplier.groupId,
        supplierId: d.supplier.id,
        vrm: d.vrm,
        taxPointDate: d.day,
        currency: d.currency,
        jobType: d.jobType,
        lineTaxCode: d.currency === 'EURO' ? 'IE23' : 'S',
        totalNett: d.net,
        totalVat: d.vat,
        totalGross: d.gross,
        creditValue: d.type === 'Credit' ? d.gross : null,
        financeSupplierId: d.supplier.financeSupplierId,
      })),
    );
}

const statementRows = (week: { startDate: string; endDate: string }) =>
  db()
    .select()
    .from(saviExports)
    .where(and(eq(saviExports.startDate, week.startDate), eq(saviExports.endDate, week.endDate)));

async function statementRecords(exportId: string): Promise<string[][]> {
  const res = await as.FINANCE.post('admin/getSAViExportFile', { filepath: statementFilepath(exportId) });
  expect(res.statusCode, res.body).toBe(200);
  return parse(Buffer.from(res.json().sAViReport.fileData.data, 'base64'), { bom: true });
}

describe('the weekly SAVi statement (runWeeklyStatement)', () => {
  const WEEK_1 = { startDate: '2025-11-03', endDate: '2025-11-09' };
  const WEEK_2 = { startDate: '2025-11-10', endDate: '2025-11-16' };
  /** The week before the clock's day (2026-01-05, a Monday): what the schedule and Run now work on. */
  const DEFAULT_WEEK = { startDate: '2025-12-29', endDate: '2026-01-04' };
  const docs: Doc[] = [];
  let alpha: Doc['lease'];
  let beta: Doc['lease'];
  let harbour: Doc['supplier'];
  let quay: Doc['supplier'];
  let liffey: Doc['supplier'];
  const doc = (number: string, type: InvoiceType, lease: Doc['lease'], supplier: Doc['supplier'], day: string, currency: Currency, net: number, vat: number, vrm = 'AB12CDE', jobType: JobType = 'STANDARD'): Doc => ({
    number,
    type,
    lease,
    supplier,
    day,
    currency,
    net,
    vat,
    gross: net + vat,
    vrm,
    jobType,
  });

  beforeAll(async () => {
    alpha = await insertLeaseCompany(db(), { name: 'Alpha Leasing' });
    beta = await insertLeaseCompany(db(), { name: 'Beta Leasing' });
    const sup = async (name: string, financeSupplierId: string | null) => {
      const { supplier } = await insertSupplier(db(), { name, financeSupplierId });
      return { id: supplier.id, name, groupId: supplier.groupId, financeSupplierId };
    };
    harbour = await sup('Harbour Motors', '58');
    quay = await sup('Quay Tyres', null);
    liffey = await sup('Liffey Motors', '77');
    docs.push(
      // Week 1, Monday to Sunday: invoices and credits for two lease companies, two currencies.
      doc('ST-1001', 'Invoice', alpha, harbour, '2025-11-03', 'GBP', 10_000, 2_000),
      doc('ST-1002', 'Invoice', alpha, harbour, '2025-11-09', 'GBP', 5_050, 1_010, '=1+1'),
      doc('ST-1003', 'Credit', alpha, harbour, '2025-11-05', 'GBP', 2_000, 400),
      doc('ST-1004', 'Invoice', alpha, quay, '2025-11-06', 'GBP', 30_000, 6_000, 'QT70 ABC', 'TYRES'),
      doc('ST-1005', 'Credit', alpha, quay, '2025-11-07', 'GBP', 31_000, 6_200, 'QT70 ABC', 'TYRES'),
      doc('ST-1006', 'Invoice', beta, liffey, '2025-11-04', 'EURO', 12_345, 2_839, '191-D-12345', 'MOT'),
      doc('ST-1007', 'Credit', beta, liffey, '2025-11-08', 'EURO', 1_000, 230, '191-D-12345', 'MOT'),
      // Just outside week 1: the Sunday before, and week 2.
      doc('ST-1011', 'Invoice', alpha, harbour, '2025-11-02', 'GBP', 99_900, 19_980),
      doc('ST-1012', 'Invoice', alpha, harbour, '2025-11-10', 'GBP', 7_777, 1_555),
      doc('ST-1013', 'Credit', beta, liffey, '2025-11-16', 'EURO', 500, 115, '191-D-12345', 'GLASS'),
      doc('ST-1014', 'Invoice', beta, liffey, '2025-11-12', 'EURO', 4_000, 920, '191-D-12345', 'BODYSHOP'),
      // The default week (and the Monday after it, which is not).
      doc('ST-1021', 'Invoice', beta, harbour, '2026-01-04', 'GBP', 8_000, 1_600),
      doc('ST-1022', 'Invoice', beta, harbour, '2026-01-05', 'GBP', 6_000, 1_200),
    );
    await insertDocs(docs);
  });

  const inWeek = (week: { startDate: string; endDate: string }) => docs.filter((d) => d.day >= week.startDate && d.day <= week.endDate);

  it("writes exactly the week's invoices and credits, with supplier, lease company and week totals (credits subtracted), recorded as a success with its file", async () => {
    const result = await runWeeklyStatement(t.services, WEEK_1);
    expect(result).toMatchObject({ week: WEEK_1, skipped: false, documents: inWeek(WEEK_1).length, exportId: expect.any(String) });
    const [row] = await statementRows(WEEK_1);
    expect(row).toMatchObject({ id: result.exportId, isSuccess: true, fileName: statementFileName(WEEK_1), error: null, generatedAt: t.clock.now() });
    expect(row.fileId).not.toBeNull();
    const records = await statementRecords(row.id);
    expect(records).toEqual(await expectedStatement(inWeek(WEEK_1)));
    // The numbers the totals rest on, spelled out once: Harbour 100.00 + 50.50 − 20.00 net.
    expect(records.find((r) => r[0] === 'Supplier Total' && r[2] === 'Harbour Motors')?.slice(11)).toEqual(['130.50', '26.10', '156.60']);
    expect(records.filter((r) => r[0] === 'Week Total').map((r) => r.slice(10))).toEqual([
      ['EURO', '113.45', '26.09', '139.54'],
      ['GBP', '120.50', '24.10', '144.60'],
    ]);
    // The stored file is the one the download answers.
    const stored = await readFile(t.services.files, db(), row.fileId!);
    expect(parse(stored!.data, { bom: true })).toEqual(records);
  });

  it('does nothing when run again for a week that has a statement (skipped, still one row)', async () => {
    const [first] = await statementRows(WEEK_1);
    const again = await runWeeklyStatement(t.services, WEEK_1);
    expect(again).toEqual({ week: WEEK_1, exportId: first.id, documents: 0, skipped: true });
    expect(await statementRows(WEEK_1)).toEqual([first]);
  });

  it('writes a week of more documents than one read (2,000) holds: each once, in order, the totals running across reads', async () => {
    const week = { startDate: '2025-12-01', endDate: '2025-12-07' };
    const suppliers = [harbour, quay, liffey];
    const many = Array.from({ length: 2_101 }, (_, i) =>
      doc(`SB-${String(i).padStart(5, '0')}`, i % 5 === 0 ? 'Credit' : 'Invoice', i % 2 ? alpha : beta, suppliers[i % 3], `2025-12-0${1 + (i % 7)}`, i % 2 ? 'GBP' : 'EURO', 1_000 + i, 200 + (i % 50)),
    );
    await insertDocs(many);
    const result = await runWeeklyStatement(t.services, week);
    expect(result).toMatchObject({ skipped: false, documents: many.length });
    expect(await statementRecords(result.exportId!)).toEqual(await expectedStatement(many));
  });

  it('makes one statement of two runs of one week at once (the schedule on one node, Run now on another)', async () => {
    const week = { startDate: '2025-11-17', endDate: '2025-11-23' };
    const runs = await Promise.all([runWeeklyStatement(t.services, week), runWeeklyStatement(t.services, week)]);
    const rows = await statementRows(week);
    expect(rows).toHaveLength(1);
    expect(runs.map((r) => r.skipped).sort()).toEqual([false, true]);
    expect(runs.map((r) => r.exportId)).toEqual([rows[0].id, rows[0].id]);
  });

  it("works on the week before the clock's day (Monday to Sunday) when given none", async () => {
    // A Wednesday: the week before is Monday 10 to Sunday 16 November.
    const wednesday = { ...t.services, clock: new ManualClock(Date.UTC(2025, 10, 19, 2, 30)) };
    const result = await runWeeklyStatement(wednesday);
    expect(result).toMatchObject({ week: WEEK_2, skipped: false, documents: inWeek(WEEK_2).length });
    expect(await statementRecords(result.exportId!)).toEqual(await expectedStatement(inWeek(WEEK_2)));
    // A Sunday: the week before its own week, week 1, which has its statement already.
    const sunday = { ...t.services, clock: new ManualClock(Date.UTC(2025, 10, 16, 23, 59)) };
    expect(await runWeeklyStatement(sunday)).toMatchObject({ week: WEEK_1, skipped: true });
    expect(await statementRows(WEEK_1)).toHaveLength(1);
  });

  it("records a run that fails, with its reason and no file; the failure does not count as the week's statement", async () => {
    const week = { startDate: '2025-10-27', endDate: '2025-11-02' };
    const result = await runWeeklyStatement({ ...t.services, db: executeFails(t.services.db) }, week);
    expect(result).toMatchObject({ week, skipped: false, documents: 0 });
    const [row] = await statementRows(week);
    expect(row).toMatchObject({ id: result.exportId, isSuccess: false, fileId: null, fileName: statementFileName(week), error: 'connection terminated unexpectedly' });
    expect((await as.FINANCE.post('admin/getSAViExportFile', { filepath: statementFilepath(row.id) })).statusCode).toBe(404);
    // Run again: a statement is written (the Sunday 2 November invoice), beside the failed run.
    const again = await runWeeklyStatement(t.services, week);
    expect(again).toMatchObject({ skipped: false, documents: inWeek(week).length });
    expect((await statementRows(week)).map((r) => r.isSuccess).sort()).toEqual([false, true]);
    expect(await statementRecords(again.exportId!)).toEqual(await expectedStatement(inWeek(week)));
  });

  describe('backgroundJobs/runScheduled', () => {
    it("refuses to run a job without BACKGROUND_JOBS edit (403) and an unknown or unscheduled queue (400), enqueuing nothing", async () => {
      for (const role of ['FINANCE', 'EDITOR'] as const) {
        const res = await as[role].post('backgroundJobs/runScheduled', { queue: QUEUES.saviStatement });
        expect(res.statusCode, role).toBe(403);
      }
      for (const queue of ['no-such-queue', QUEUES.creditLimitExport, '']) {
        const res = await as.SUPER_ADMIN.post('backgroundJobs/runScheduled', { queue });
        expect(res.statusCode, queue).toBe(400);
        expect(res.json().error.fields.queue).toEqual(expect.any(String));
      }
      expect(await jobsIn(QUEUES.saviStatement)).toEqual([]);
    });

    it("enqueues the weekly statement now, audited; the worker writes the statement of the week before the clock's day", async () => {
      const res = await as.SUPER_ADMIN.post('backgroundJobs/runScheduled', { queue: QUEUES.saviStatement });
      expect(res.statusCode, res.body).toBe(200);
      const queued = res.json().data as BackgroundJobEntry;
      expect(queued).toMatchObject({ queue: QUEUES.saviStatement, data: {}, archived: false });
      const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.slug, 'backgroundJobs/runScheduled'), eq(auditLog.recordId, queued.id)));
      expect(audit).toMatchObject({ adminId: adminIds.SUPER_ADMIN, recordType: 'backgroundJob', after: { queue: QUEUES.saviStatement, label: 'SAVi weekly statement' } });

      const job = await completed(queued.id);
      const output = job.output as { week: typeof DEFAULT_WEEK; exportId: string; documents: number; skipped: boolean };
      expect(output).toMatchObject({ week: DEFAULT_WEEK, skipped: false, documents: inWeek(DEFAULT_WEEK).length });
      const rows = await statementRows(DEFAULT_WEEK);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: output.exportId, isSuccess: true });
      expect(await statementRecords(output.exportId)).toEqual(await expectedStatement(inWeek(DEFAULT_WEEK)));
    });
  });
});
