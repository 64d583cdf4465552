/**
 * File validation (spec 3 §2.5): the upload's refusals, the validation job's log for the example
 * files, the database checks, the list, the live topic and the log download.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { csvOf, multipartBody, recordsOf } from '../support/network';
import { SseStream } from '../support/sse';
import { LIVE_URL } from '../../server/live/route';
import { CSRF_HEADER } from '../../domain/auth';
import { topics } from '../../domain/live';
import {
  DB_CHECK_MESSAGES,
  FILE_CHECK_MESSAGES,
  FILE_VALIDATION_MAX_BYTES,
  FILE_VALIDATION_MESSAGES,
  FILE_VALIDATION_REPORTS_LIMIT,
  reportLogFilepath,
  reportStatusText,
  validationTypeById,
  type FileValidationReport,
} from '../../domain/fileValidation';
import { FORMAT_MESSAGES, LOG_HEADER, type CellError } from '../../domain/network/format';
import { CSV_PROBLEMS } from '../../server/files/csvReader';
import { CSV_READ_MESSAGES } from '../../server/jobs/batches';
import { drivers, fileValidationReports, files, jobCodeMappings, leaseCompanies, subCustomers, supplierGroups, suppliers, users, vehicles } from '../../server/db/schema';

const FIXTURES = path.resolve('tests/fixtures/fileValidation');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const expectedOf = (id: string) => (JSON.parse(fixture(`${id}.expected.json`).toString('utf8')) as CellError[]).map((e) => [String(e.row), e.column, e.message]);
/** The day the example files are checked on (as the engine's unit test): no date of theirs that cannot be in the future is after it. */
const TODAY = Date.UTC(2026, 10, 21, 9, 0, 0);

let t: TestApp;
let editor: Browser;
let viewer: Browser;
let support: Browser;
let base: string;

/** The lease companies, sub customers and the rest the database checks look for. */
const DB = {
  lease: 'FVC100',
  sub: 'Acme Fleet Services',
  vehicle: 'BT71UWE',
  driver: 'driver.one@acme.example',
  other: 'FVC200',
  otherSub: 'Other Fleet Ltd',
  otherVehicle: 'MA74BNV',
  otherDriver: 'driver.two@other.example',
  supplier: 'FVS100',
  group: 'FVG100',
  jobCode: 'FVJ100',
  user: 'taken.user@acme.example',
};

const lease = (diCustomerId: string, name: string) => ({ diCustomerId, name, customerType: 'DIRECT' as const, rateCardType: 'VISN' as never, currency: 'GBP' as const, config: {} as never });

async function seed() {
  const db = t.services.db;
  // The example files' customers (all but Enterprise GB's C01031, whose absence the invalid example shows).
  const fixtureLeases = await db
    .insert(leaseCompanies)
    .values(['C01001', 'C01002', 'C01004', 'C01009'].map((id) => lease(id, `Example ${id}`)))
    .returning({ id: leaseCompanies.id, di: leaseCompanies.diCustomerId });
  const leaseId = (di: string) => fixtureLeases.find((l) => l.di === di)!.id;
  await db.insert(subCustomers).values([
    { leaseCompanyId: leaseId('C01002'), name: 'Pennine Care Services' },
    { leaseCompanyId: leaseId('C01004'), name: 'Brightwell Logistics Ltd' },
    { leaseCompanyId: leaseId('C01009'), name: 'Harrow & Finch Estates' },
  ]);

  const [acme, other] = await db.insert(leaseCompanies).values([lease(DB.lease, 'Acme Leasing'), lease(DB.other, 'Other Leasing')]).returning({ id: leaseCompanies.id });
  await db.insert(subCustomers).values([
    { leaseCompanyId: acme.id, name: DB.sub },
    { leaseCompanyId: other.id, name: DB.otherSub },
  ]);
  await db.insert(vehicles).values([
    { leaseCompanyId: acme.id, stockId: 'STK1', vrm: DB.vehicle, make: 'Ford', model: 'Focus' },
    { leaseCompanyId: other.id, stockId: 'STK2', vrm: DB.otherVehicle, make: 'Ford', model: 'Fiesta' },
  ]);
  await db.insert(drivers).values([
    { leaseCompanyId: acme.id, firstname: 'Dee', lastname: 'One', email: DB.driver },
    { leaseCompanyId: other.id, firstname: 'Dan', lastname: 'Two', email: DB.otherDriver },
  ]);
  const [group] = await db.insert(supplierGroups).values({ groupId: DB.group, name: 'Validation Garages' }).returning({ id: supplierGroups.id });
  await db.insert(suppliers).values({ groupId: group.id, supplierId: DB.supplier, name: 'Validation Garage' });
  await db.insert(jobCodeMappings).values({ jobCode: DB.jobCode, externalCode: 'EXT100' });
  await db.insert(users).values({ kind: 'supplier', firstname: 'Taken', lastname: 'User', email: DB.user });
}

beforeAll(async () => {
  // Idle workers look every half second.
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5 } }, { jobs: true });
  t.clock.advance(TODAY - t.clock.now().getTime());
  await createAdmin(t, 'EDITOR', 'editor@validation.example');
  await createAdmin(t, 'VIEWER', 'viewer@validation.example');
  await createAdmin(t, 'SUPPORT', 'support@validation.example');
  editor = new Browser(t);
  viewer = new Browser(t);
  support = new Browser(t);
  await editor.signIn('editor@validation.example');
  await viewer.signIn('viewer@validation.example');
  await support.signIn('support@validation.example');
  await seed();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

type UploadFile = { name: string; content: Buffer | string; type?: string; field?: string };

/** POST fileValidation/upload as the console does: the text fields, then the file. */
async function upload(fields: Record<string, string>, fileList: UploadFile[], browser = editor) {
  const { payload, contentType } = multipartBody(fields, fileList);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/fileValidation/upload',
    payload,
    headers: { cookie: browser.cookieHeader(), [CSRF_HEADER]: browser.csrf, 'content-type': contentType },
    remoteAddress: browser.ip,
  });
}

const forgedUser = JSON.stringify({ firstname: 'Forged', lastname: 'Name', email: 'forged@example.com' });

/** Uploads `csv` as `type` a second after the previous upload (the manual clock orders the reports). */
async function uploadFile(type: string, csv: string | Buffer, name = 'file.csv') {
  t.clock.advance(1000);
  const res = await upload({ validationType: type, user: forgedUser }, [{ name, content: csv }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report as FileValidationReport;
}

async function reportRow(id: string) {
  const [row] = await t.services.db.select().from(fileValidationReports).where(eq(fileValidationReports.id, id));
  return row;
}

/** Waits until the report is no longer processing, and returns its row. */
async function settled(id: string) {
  await expect.poll(async () => (await reportRow(id))?.isProcessing, { timeout: 20_000, interval: 100 }).toBe(false);
  return reportRow(id);
}

async function validate(type: string, csv: string | Buffer, name = 'file.csv') {
  return settled((await uploadFile(type, csv, name)).id);
}

async function logOf(id: string) {
  const res = await editor.post('fileValidation/getLogFile', { id });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ contentType: 'text/csv', fileName: expect.stringMatching(/-log\.csv$/) });
  return recordsOf(res.json());
}

async function counts() {
  const [reports] = await t.services.db.select({ n: count() }).from(fileValidationReports);
  const [stored] = await t.services.db.select({ n: count() }).from(files);
  return { reports: reports.n, files: stored.n };
}

/** A CSV of the type's header and the given rows (cells by header; missing cells empty). */
function csvFor(type: string, rows: Record<string, string>[]): string {
  const headers = validationTypeById(type)!.columns.map((c) => c.header);
  return csvOf([headers, ...rows.map((r) => headers.map((h) => r[h] ?? ''))]);
}

const header = fixture('VISN_CUSTOMER_CONTRACT.valid.csv').toString('utf8').split('\n')[0] + '\n';

/** A stream of the live topic 'fileValidation', ready and holding nothing from before it opened. */
async function openLive(browser: Browser) {
  const topic = topics.fileValidation();
  const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topic)}`, browser.cookieHeader());
  expect(s.status).toBe(200);
  await s.next((e) => e.event === 'ready');
  await s.settle(t.services.database, topic);
  return s;
}

/** A CSV file of about 25.1 MB: the header, then the same data row again and again. */
function bigFile(): Buffer {
  const line = 'C01001,,STK100234,FY75CDJ,WF0XXXGCDXPA12345,Ford,Transit Custom,COMMERCIAL_UNDER_3_5,SERVICE_4_FLEET,01/01/2023,01/01/2026,Yes,\r\n';
  const head = Buffer.from(header);
  return Buffer.concat([head, Buffer.alloc(FILE_VALIDATION_MAX_BYTES + 100 * 1024 - head.length, line)]);
}

describe('upload refusals', () => {
  it('refuses without writing anything: no type, an unknown type, no file, an empty file, a binary file', async () => {
    const before = await counts();
    const valid = fixture('VISN_CUSTOMER_CONTRACT.valid.csv');

    const noType = await upload({ user: forgedUser }, [{ name: 'a.csv', content: valid }]);
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.fields.validationType).toBe(FILE_VALIDATION_MESSAGES.typeRequired);
    const blankType = await upload({ validationType: '  ' }, [{ name: 'a.csv', content: valid }]);
    expect(blankType.statusCode).toBe(400);
    expect(blankType.json().error.fields.validationType).toBe(FILE_VALIDATION_MESSAGES.typeRequired);

    const unknown = await upload({ validationType: 'NOT_A_TYPE' }, [{ name: 'a.csv', content: valid }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.validationType).toBe(FILE_VALIDATION_MESSAGES.unknownType);

    // No file part, or not multipart at all.
    for (const res of [await upload({ validationType: 'VISN_CUSTOMER_CONTRACT' }, []), await editor.post('fileValidation/upload', { validationType: 'VISN_CUSTOMER_CONTRACT' })]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.file).toBe(FILE_VALIDATION_MESSAGES.fileRequired);
    }
    const empty = await upload({ validationType: 'VISN_CUSTOMER_CONTRACT' }, [{ name: 'empty.csv', content: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.file).toBe(FILE_VALIDATION_MESSAGES.fileEmpty);

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const binary: Buffer[] = [png, Buffer.concat([Buffer.from(header), Buffer.from('C01001,\0,STK1\r\n')]), Buffer.concat([Buffer.from(header), Buffer.from([0xff, 0xfe, 0x41])])];
    for (const content of binary) {
      // Named .csv and sent as text/csv: refused by its content.
      const res = await upload({ validationType: 'VISN_CUSTOMER_CONTRACT' }, [{ name: 'picture.csv', content }]);
      expect(res.statusCode, content.toString('hex', 0, 8)).toBe(400);
      expect(res.json().error.fields.file).toBe(FILE_VALIDATION_MESSAGES.notCsv);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an upload to a VIEWER (view only) and everything to SUPPORT (no fileValidation permission)', async () => {
    const before = await counts();
    const valid = fixture('VISN_CUSTOMER_CONTRACT.valid.csv');
    expect((await upload({ validationType: 'VISN_CUSTOMER_CONTRACT' }, [{ name: 'a.csv', content: valid }], viewer)).statusCode).toBe(403);
    expect((await viewer.get('fileValidation/getReports')).statusCode).toBe(200);
    expect((await upload({ validationType: 'VISN_CUSTOMER_CONTRACT' }, [{ name: 'a.csv', content: valid }], support)).statusCode).toBe(403);
    expect((await support.get('fileValidation/getReports')).statusCode).toBe(403);
    expect((await support.post('fileValidation/getLogFile', { id: crypto.randomUUID() })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses an upload while the latest report is processing (409 BUSY)', async () => {
    t.clock.advance(1000);
    const [busy] = await t.services.db
      .insert(fileValidationReports)
      .values({ validationType: 'VISN_CUSTOMER_CONTRACT', fileName: 'busy.csv', uploadedBy: { firstname: 'A', lastname: 'B' }, uploadedAt: t.clock.now(), isProcessing: true })
      .returning();
    try {
      const before = await counts();
      const res = await upload({ validationType: 'VISN_CUSTOMER_CONTRACT' }, [{ name: 'a.csv', content: fixture('VISN_CUSTOMER_CONTRACT.valid.csv') }]);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'BUSY', message: FILE_VALIDATION_MESSAGES.busy });
      expect(await counts()).toEqual(before);
      // The list says so too: the console disables Upload.
      expect((await editor.get('fileValidation/getReports')).json().reports[0]).toMatchObject({ id: busy.id, isProcessing: true, processIndicator: 'LOADING' });
    } finally {
      await t.services.db.update(fileValidationReports).set({ isProcessing: false, processIndicator: 'FAILED', error: 'test' }).where(eq(fileValidationReports.id, busy.id));
    }
  });

  it("refuses a file over the limit with 413 'File is too large' and records a FAILED report, live", async () => {
    const big = bigFile();
    const before = await counts();
    const live = await openLive(viewer);
    try {
      t.clock.advance(1000);
      const res = await upload({ validationType: 'VISN_CUSTOMER_CONTRACT', user: forgedUser }, [{ name: 'huge.csv', content: big }]);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error.fields.file).toBe(FILE_VALIDATION_MESSAGES.tooLarge);
      // The partly stored file is gone; the run is recorded.
      expect(await counts()).toEqual({ reports: before.reports + 1, files: before.files });
      const [latest] = (await editor.get('fileValidation/getReports')).json().reports as FileValidationReport[];
      expect(latest).toMatchObject({
        fileName: 'huge.csv',
        validationType: 'VISN_CUSTOMER_CONTRACT',
        processIndicator: 'FAILED',
        isProcessing: false,
        validationStatus: null,
        logFilePath: null,
        user: { firstname: 'Test', lastname: 'EDITOR', email: 'editor@validation.example' },
      });
      expect(latest.error).toMatch(/too large/);
      expect(reportStatusText(latest)).toBe(FILE_VALIDATION_MESSAGES.tooLarge);
      // The reports page hears of it.
      await live.next((e) => e.event === 'message' && JSON.parse(e.data).payload.id === latest.id);
      expect(live.messages()).toEqual([{ topic: 'fileValidation', payload: { op: 'insert', type: 'fileValidationReport', id: latest.id } }]);
      // A report without a log: nothing to download.
      expect((await editor.post('fileValidation/getLogFile', { id: latest.id })).statusCode).toBe(404);
    } finally {
      live.close();
    }
  }, 60_000);
});

describe('the example files', () => {
  it('passes the valid example of a ViSN type and of a partner type: the log holds the header and the summary only', async () => {
    for (const [id, rows] of [
      ['VISN_CUSTOMER_CONTRACT', 7],
      ['GSF_CONTRACT', 6],
    ] as const) {
      const uploaded = await uploadFile(id, fixture(`${id}.valid.csv`), `${id}.csv`);
      expect(uploaded).toMatchObject({ processIndicator: 'LOADING', isProcessing: true, validationStatus: null, validationType: id, fileName: `${id}.csv`, logFilePath: null });
      // The session's admin, not the form's user field.
      expect(uploaded.user).toEqual({ firstname: 'Test', lastname: 'EDITOR', email: 'editor@validation.example' });
      const row = await settled(uploaded.id);
      expect(row, id).toMatchObject({ processIndicator: 'SUCCESS', isProcessing: false, validationStatus: true, rowCount: rows, errorCount: 0, error: null, logFileId: expect.any(String) });
      expect(row.completedAt).toEqual(t.clock.now());
      expect(await logOf(row.id)).toEqual([[...LOG_HEADER], ['', '', `All ${rows} rows are valid`]]);
      const listed = ((await editor.get('fileValidation/getReports')).json().reports as FileValidationReport[]).find((r) => r.id === row.id);
      expect(listed).toMatchObject({ validationStatus: true, logFilePath: reportLogFilepath(row.id), rowCount: rows, errorCount: 0 });
    }
  });

  it('logs exactly the problems of the invalid ViSN example (its customers exist: no database problem)', async () => {
    const id = 'VISN_CUSTOMER_CONTRACT';
    const row = await validate(id, fixture(`${id}.invalid.csv`));
    const expected = expectedOf(id);
    expect(row).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 32, errorCount: expected.length, error: null });
    const log = await logOf(row.id);
    expect(log[0]).toEqual([...LOG_HEADER]);
    expect(log.slice(1, -1)).toEqual(expected);
    expect(log.at(-1)).toEqual(['', '', `${expected.length} problems in 32 rows`]);
  });

  it("logs the invalid partner example's problems and, for its rows without one, that its customer does not exist", async () => {
    const id = 'ENTERPRISE_GB_CONTRACT';
    const row = await validate(id, fixture(`${id}.invalid.csv`));
    // Rows 2 and 14 are the only rows without a problem of their own; C01031 is not in the database.
    const unknown = ['Customer Account', DB_CHECK_MESSAGES.leaseCompany('Customer Account', 'C01031')];
    const expected = [['2', ...unknown], ...expectedOf(id), ['14', ...unknown]];
    expect(row).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 13, errorCount: expected.length });
    const log = await logOf(row.id);
    expect(log.slice(1, -1)).toEqual(expected);
    expect(log.at(-1)).toEqual(['', '', `${expected.length} problems in 13 rows`]);
  });
});

describe('the database checks', () => {
  /** Validates the rows and answers the log's problems. */
  async function problems(type: string, rows: Record<string, string>[]) {
    const row = await validate(type, csvFor(type, rows));
    expect(row).toMatchObject({ processIndicator: 'SUCCESS', rowCount: rows.length });
    const log = await logOf(row.id);
    expect(row.errorCount).toBe(log.length - 2);
    return log.slice(1, -1);
  }

  it('a lease company and its sub customer, any case; an unknown company is its only problem', async () => {
    const contract = { 'Stock Id': 'S1', Make: 'Ford', Model: 'Focus', 'Vehicle Type': 'CAR', 'Contract Product': 'SERVICE_4_FLEET', 'Contract Start Date': '01/01/2025', 'Contract End Date': '01/01/2027', Maintained: 'Yes' };
    const log = await problems('VISN_CUSTOMER_CONTRACT', [
      { ...contract, 'DI Customer Id': 'fvc100', 'Sub Customer': 'ACME FLEET SERVICES', Registration: 'LR22XKT', 'Stock Id': 'S1' },
      { ...contract, 'DI Customer Id': DB.lease, 'Sub Customer': DB.otherSub, Registration: 'BT71UWE', 'Stock Id': 'S2' },
      { ...contract, 'DI Customer Id': 'NOPE999', 'Sub Customer': 'Nobody Ltd', Registration: 'MA74BNV', 'Stock Id': 'S3' },
      { ...contract, 'DI Customer Id': DB.other, 'Sub Customer': '', Registration: 'YK72OPL', 'Stock Id': 'S4' },
    ]);
    expect(log).toEqual([
      ['3', 'Sub Customer', DB_CHECK_MESSAGES.subCustomer('Sub Customer', DB.otherSub)],
      ['4', 'DI Customer Id', DB_CHECK_MESSAGES.leaseCompany('DI Customer Id', 'NOPE999')],
    ]);
    expect(log[0][2]).toBe('Sub Customer Other Fleet Ltd is not a sub customer of this customer');
    expect(log[1][2]).toBe('DI Customer Id NOPE999 is not a customer');
  });

  it("a vehicle of the row's lease company", async () => {
    const row = { 'Termination Date': '01/06/2025', 'Termination Reason': 'SOLD' };
    const log = await problems('VISN_CONTRACT_TERMINATION', [
      { ...row, 'DI Customer Id': 'Fvc100', Registration: 'bt71 uwe' },
      { ...row, 'DI Customer Id': DB.lease, Registration: DB.otherVehicle },
      { ...row, 'DI Customer Id': 'NOPE999', Registration: 'YK72OPL' },
    ]);
    expect(log).toEqual([
      ['3', 'Registration', DB_CHECK_MESSAGES.vehicleOfCompany('Registration', DB.otherVehicle)],
      ['4', 'DI Customer Id', DB_CHECK_MESSAGES.leaseCompany('DI Customer Id', 'NOPE999')],
    ]);
    expect(log[0][2]).toBe('Registration MA74BNV is not a vehicle of this customer');
  });

  it("a driver of the row's lease company (an unknown company skips the sub customer's and the driver's checks)", async () => {
    const row = { 'Compliance Type': 'FIT_TO_DRIVE_CHECK', 'Check Date': '01/06/2026', Result: 'PASS', 'Next Check Due': '01/06/2027' };
    const log = await problems('VISN_DRIVER_COMPLIANCE', [
      { ...row, 'DI Customer Id': DB.lease, 'Sub Customer': DB.sub, 'Driver Email': 'DRIVER.ONE@ACME.EXAMPLE' },
      { ...row, 'DI Customer Id': DB.lease, 'Driver Email': DB.otherDriver },
      { ...row, 'DI Customer Id': 'NOPE999', 'Sub Customer': 'Nobody Ltd', 'Driver Email': 'nobody@nowhere.example' },
    ]);
    expect(log).toEqual([
      ['3', 'Driver Email', DB_CHECK_MESSAGES.driverOfCompany('Driver Email', DB.otherDriver)],
      ['4', 'DI Customer Id', DB_CHECK_MESSAGES.leaseCompany('DI Customer Id', 'NOPE999')],
    ]);
    expect(log[0][2]).toBe('Driver Email driver.two@other.example is not a driver of this customer');
  });

  it('a supplier, and an e-mail that is not yet a user', async () => {
    const log = await problems('VISN_INVITE_SUPPLIER_USERS', [
      { 'DI Supplier Id': 'fvs100', 'First Name': 'Ann', 'Last Name': 'Smith', Email: 'new.person@acme.example', Admin: 'No' },
      { 'DI Supplier Id': 'NOSUP1', 'First Name': 'Bob', 'Last Name': 'Jones', Email: 'another@acme.example', Admin: 'No' },
      { 'DI Supplier Id': DB.supplier, 'First Name': 'Cat', 'Last Name': 'Brown', Email: 'TAKEN.USER@ACME.EXAMPLE', Admin: 'Yes' },
    ]);
    expect(log).toEqual([
      ['3', 'DI Supplier Id', DB_CHECK_MESSAGES.supplier('DI Supplier Id', 'NOSUP1')],
      ['4', 'Email', DB_CHECK_MESSAGES.newUser('Email', 'TAKEN.USER@ACME.EXAMPLE')],
    ]);
    expect(log.map((l) => l[2])).toEqual(['DI Supplier Id NOSUP1 is not a supplier', 'Email TAKEN.USER@ACME.EXAMPLE is already a user']);
  });

  it('a supplier group', async () => {
    const row = { Brand: 'Michelin', 'Tread Pattern': 'Primacy 4+', Size: '205/55 R16', 'Load Index': '91', 'Speed Rating': 'V', Tier: 'PREMIUM', 'Run Flat': 'No', 'Fitted Price': '112.00', 'Effective From': '01/07/2025' };
    const log = await problems('VISN_TYRE_PRICE_CATALOGUE', [
      { ...row, 'Group Id': 'fvg100', EAN: '4000000000001' },
      { ...row, 'Group Id': 'NOGRP1', EAN: '4000000000002' },
    ]);
    expect(log).toEqual([['3', 'Group Id', DB_CHECK_MESSAGES.group('Group Id', 'NOGRP1')]]);
    expect(log[0][2]).toBe('Group Id NOGRP1 is not a supplier group');
  });

  it('a job code', async () => {
    const row = { Locale: 'en_GB', Description: 'Full service', 'Service Type': 'SERVICE', 'Job Type': 'STANDARD', 'Authorisation Required': 'No' };
    const log = await problems('VISN_REPAIR_DESCRIPTIONS', [
      { ...row, 'Job Code': 'fvj100' },
      { ...row, 'Job Code': 'NOJOB1' },
    ]);
    expect(log).toEqual([['3', 'Job Code', DB_CHECK_MESSAGES.jobCode('Job Code', 'NOJOB1')]]);
    expect(log[0][2]).toBe('Job Code NOJOB1 is not a known job code');
  });
});

describe("files that are not the type's", () => {
  it('logs the missing columns of a header that is not the type’s as the first problems', async () => {
    // A GSF contract file uploaded as a ViSN customer contract: only Model and Driver Email match.
    const row = await validate('VISN_CUSTOMER_CONTRACT', fixture('GSF_CONTRACT.valid.csv'));
    const missing = validationTypeById('VISN_CUSTOMER_CONTRACT')!
      .columns.map((c) => c.header)
      .filter((h) => h !== 'Model' && h !== 'Driver Email');
    expect(row).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 0, errorCount: missing.length });
    const log = await logOf(row.id);
    expect(log[1]).toEqual(['1', 'DI Customer Id', FORMAT_MESSAGES.missingColumn('DI Customer Id')]);
    expect(log.slice(1, -1)).toEqual(missing.map((h) => ['1', h, FORMAT_MESSAGES.missingColumn(h)]));
  });

  it("logs 'The file has no data rows' for a header alone (blank lines are not rows)", async () => {
    const row = await validate('VISN_CUSTOMER_CONTRACT', `${header}\r\n,,,,,,,,,,,,\r\n`);
    expect(row).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 0, errorCount: 1 });
    expect((await logOf(row.id)).slice(1)).toEqual([
      ['2', '', FILE_CHECK_MESSAGES.noRows],
      ['', '', '1 problem in 0 rows'],
    ]);
  });

  it("logs a file that stops being CSV (an unclosed quote) as 'The file is not valid CSV: …' at its row and column, after the problems of the rows before it", async () => {
    const valid = fixture('VISN_CUSTOMER_CONTRACT.valid.csv').toString('utf8');
    const unknownMake = 'C01001,,STK100999,KN23RBE,,Trabant,601,CAR,SERVICE_4_FLEET,01/04/2023,01/04/2026,No,\n';
    // Small enough to arrive in one chunk with the rows before it: those are still checked.
    const broken = `${valid}${unknownMake}C01001,"Unclosed sub customer,STK9,LR22XKT\n`;
    const row = await validate('VISN_CUSTOMER_CONTRACT', broken);
    expect(row).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 8, errorCount: 2 });
    const log = await logOf(row.id);
    expect(log.slice(1)).toEqual([
      ['9', 'Make', 'Make is not a known vehicle make'],
      ['10', 'Sub Customer', CSV_READ_MESSAGES.notCsv(CSV_PROBLEMS.quoteNotClosed)],
      ['', '', '2 problems in 8 rows'],
    ]);
    expect(log[2][2]).toBe('The file is not valid CSV: a quoted cell whose quote is never closed. The rows after it are not checked.');
  });
});

describe('the list and its live topic', () => {
  it('lists the latest 25 reports, newest first', async () => {
    const inserted: string[] = [];
    for (let i = 0; i < FILE_VALIDATION_REPORTS_LIMIT + 5; i++) {
      t.clock.advance(1000);
      const [row] = await t.services.db
        .insert(fileValidationReports)
        .values({ validationType: 'GSF_STOCK', fileName: `list-${i}.csv`, uploadedBy: { firstname: 'List', lastname: 'Test' }, uploadedAt: t.clock.now(), isProcessing: false, processIndicator: 'SUCCESS', validationStatus: true, rowCount: i, errorCount: 0 })
        .returning({ id: fileValidationReports.id });
      inserted.push(row.id);
    }
    const res = await viewer.get('fileValidation/getReports');
    expect(res.statusCode).toBe(200);
    const reports = res.json().reports as FileValidationReport[];
    expect(reports.map((r) => r.id)).toEqual(inserted.slice(-FILE_VALIDATION_REPORTS_LIMIT).reverse());
    expect(reports.map((r) => r.timestamp)).toEqual(reports.map((r) => r.timestamp).sort().reverse());
    expect(reports[0]).toEqual({
      id: inserted.at(-1),
      processIndicator: 'SUCCESS',
      timestamp: t.clock.now().toISOString(),
      user: { firstname: 'List', lastname: 'Test' },
      validationType: 'GSF_STOCK',
      fileName: `list-${FILE_VALIDATION_REPORTS_LIMIT + 4}.csv`,
      validationStatus: true,
      error: null,
      logFilePath: null,
      isProcessing: false,
      rowCount: FILE_VALIDATION_REPORTS_LIMIT + 4,
      errorCount: 0,
    });
  });

  it("tells a subscriber of the 'fileValidation' topic when a report is inserted and when it finishes", async () => {
    const topic = topics.fileValidation();
    expect(topic).toBe('fileValidation');
    const s = await openLive(viewer);
    try {
      const report = await uploadFile('VISN_TYRE_PRICE_CATALOGUE', fixture('VISN_TYRE_PRICE_CATALOGUE.invalid.csv'));
      await s.next((e) => e.event === 'message' && JSON.parse(e.data).payload.op === 'done' && JSON.parse(e.data).payload.id === report.id, 20_000);
      expect(s.messages()).toEqual([
        { topic, payload: { op: 'insert', type: 'fileValidationReport', id: report.id } },
        { topic, payload: { op: 'done', type: 'fileValidationReport', id: report.id } },
      ]);
      // The finished report is what the list answers after the message.
      expect(((await viewer.get('fileValidation/getReports')).json().reports as FileValidationReport[])[0]).toMatchObject({ id: report.id, isProcessing: false, processIndicator: 'SUCCESS', validationStatus: false });
    } finally {
      s.close();
    }
  });
});

describe('fileValidation/getLogFile', () => {
  it('answers 404 for an unknown report and for a report without a log, 400 for what is not an id', async () => {
    expect((await editor.post('fileValidation/getLogFile', { id: crypto.randomUUID() })).statusCode).toBe(404);
    const [noLog] = await t.services.db
      .insert(fileValidationReports)
      .values({ validationType: 'GSF_STOCK', fileName: 'nolog.csv', uploadedBy: { firstname: 'A', lastname: 'B' }, uploadedAt: new Date(0), isProcessing: false, processIndicator: 'FAILED', error: 'Error' })
      .returning({ id: fileValidationReports.id });
    const res = await editor.post('fileValidation/getLogFile', { id: noLog.id });
    expect(res.statusCode).toBe(404);
    expect((await editor.post('fileValidation/getLogFile', { id: 'nope' })).statusCode).toBe(400);
  });

  it('serves a log to a VIEWER too, with the file name of the upload', async () => {
    const row = await validate('VISN_REPAIR_DESCRIPTIONS', fixture('VISN_REPAIR_DESCRIPTIONS.valid.csv'), 'descriptions.csv');
    const res = await viewer.post('fileValidation/getLogFile', { id: row.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fileName).toBe('descriptions-log.csv');
  });
});

describe('fileValidation/getReport', () => {
  it("answers one report with the start of its log to the menu's viewers, and nothing to SUPPORT or no session", async () => {
    const row = await validate('VISN_REPAIR_DESCRIPTIONS', fixture('VISN_REPAIR_DESCRIPTIONS.valid.csv'), 'shown.csv');
    const res = await viewer.post('fileValidation/getReport', { id: row.id });
    expect(res.statusCode, res.body).toBe(200);
    const listed = ((await viewer.get('fileValidation/getReports')).json().reports as FileValidationReport[]).find((r) => r.id === row.id);
    expect(res.json().data).toEqual({ ...listed, log: expect.stringMatching(/^Row,Column,Message\n/), logCut: false });
    expect((await support.post('fileValidation/getReport', { id: row.id })).statusCode).toBe(403);
    expect((await new Browser(t).post('fileValidation/getReport', { id: row.id })).statusCode).toBe(401);
  });

  it('answers a report without a log with log null; 404 for none, 400 for what is not an id', async () => {
    const [noLog] = await t.services.db
      .insert(fileValidationReports)
      .values({ validationType: 'GSF_STOCK', fileName: 'failed.csv', uploadedBy: { firstname: 'A', lastname: 'B' }, uploadedAt: new Date(0), isProcessing: false, processIndicator: 'FAILED', error: 'Error' })
      .returning({ id: fileValidationReports.id });
    expect((await editor.post('fileValidation/getReport', { id: noLog.id })).json().data).toMatchObject({ id: noLog.id, fileName: 'failed.csv', log: null, logCut: false });
    expect((await editor.post('fileValidation/getReport', { id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await editor.post('fileValidation/getReport', { id: 'nope' })).statusCode).toBe(400);
  });
});
