/**
 * The nightly contract and stock import (server/jobs/nightly/contractImport.ts) on prepared
 * validated files for two lease companies: the exact figures of each entry, the vehicles after,
 * running twice, the next day without new files, and Pause / Resume from the background jobs
 * screen. Workers run in this app, as in production.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { importCsv, insertImportCompany, insertValidatedFile, vrmOf } from '../support/contractImport';
import { loadConfig } from '../../server/config';
import { drivers, fileValidationReports, importFileCompanies, pausedJobs, processLogs, subCustomers, vehicles } from '../../server/db/schema';
import { QUEUES } from '../../server/jobs/queues';
import { FileWriter } from '../../server/files/storage';
import { runNightly } from '../../server/jobs/nightly/runner';
import { contractImportJob, IMPORT_BATCH_POINT } from '../../server/jobs/nightly/contractImport';
import { BATCH_ROWS } from '../../server/jobs/network/lookup';
import { IMPORT_MESSAGES } from '../../domain/contractImport';
import { RUN_MESSAGES } from '../../domain/logs';
import { CSRF_HEADER } from '../../domain/auth';
import { multipartBody } from '../support/network';
import type { JobHooks } from '../../server/jobs/network/context';

const DAY1 = '2026-11-25';
const DAY2 = '2026-11-26';
const DAY3 = '2026-11-27';
const DAY4 = '2026-11-28';
const DAY5 = '2026-11-29';
const DAY6 = '2026-11-30';
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const INFO = { id: 'direct', queue: QUEUES.contractImport, retryCount: 0, retryLimit: 0 };
const NOT_RECEIVED = `${IMPORT_MESSAGES.notReceived}\n${IMPORT_MESSAGES.notReceivedHint}`;
const ZERO_STATS = { success: 0, skipped: 0, noChange: 0, awaitingTermination: 0, isIdUnavailable: 0, skippedAccountsWithMaintainedAsN: 0, skippedRepeatedAccountNumber: 0 };
const ZERO_DATA = { totalRecordsCount: 0, processedRecordCount: 0, validRecordCount: 0, invalidRecordCount: 0 };

let t: TestApp;
let admin: Browser;
const ids = {} as Record<'acme' | 'bravo' | 'charlie' | 'delta' | 'acmeSub' | 'acmeOldSub' | 'driver', string>;
const reports = {} as Record<'superseded' | 'contract' | 'stock' | 'termination' | 'jurniTermination', string>;

const db = () => t.services.db;
const setDay = (day: string, hour = 1) => t.clock.advance(at(day, hour).getTime() - t.clock.now().getTime());
/** Sessions last an hour: after the clock moves on, the admin signs in again. */
async function signIn() {
  admin = new Browser(t);
  await admin.signIn('super_admin@test.example');
}
const runDirect = (day: string, hooks: JobHooks = {}) => runNightly(t.services, contractImportJob, { day }, hooks, INFO);

async function entries(day: string) {
  const rows = await db().select().from(processLogs).where(and(eq(processLogs.type, 'STOCK_IMPORT'), eq(processLogs.runDay, day)));
  return new Map(rows.map((r) => [r.leaseCompanyId!, r]));
}

/** The company's vehicles as the support screens show them, by stock id. */
async function vehiclesOf(leaseIds: string[]) {
  const rows = await db()
    .select({
      stockId: vehicles.stockId,
      vrm: vehicles.vrm,
      make: vehicles.make,
      model: vehicles.model,
      vehicleType: vehicles.vehicleType,
      managed: vehicles.managed,
      contractStatus: vehicles.contractStatus,
      contractProduct: vehicles.contractProduct,
      contractEndDate: vehicles.contractEndDate,
      registeredOn: vehicles.registeredOn,
      mileage: vehicles.mileage,
      sub: subCustomers.name,
      driver: drivers.email,
      version: vehicles.version,
    })
    .from(vehicles)
    .leftJoin(subCustomers, eq(subCustomers.id, vehicles.subCustomerId))
    .leftJoin(drivers, eq(drivers.id, vehicles.driverId))
    .where(inArray(vehicles.leaseCompanyId, leaseIds))
    .orderBy(asc(vehicles.stockId));
  return rows;
}

const V = { vehicleType: 'CAR', contractProduct: 'SERVICE_4_FLEET', registeredOn: null, mileage: null, sub: null, driver: null, managed: true, contractStatus: 'active' };

beforeAll(async () => {
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5 } }, { jobs: true });
  await createAdmin(t, 'SUPER_ADMIN');
  setDay(DAY1, 0);

  // Acme takes only maintained vehicles; Bravo sends files without being set up for them; Charlie
  // is set up but sends nothing; Delta is neither.
  const acme = await insertImportCompany(db(), 'IMP100', 'Acme Leasing', { supplied: true, maintainedOnly: true });
  const bravo = await insertImportCompany(db(), 'IMP200', 'Bravo Leasing', { supplied: false });
  const charlie = await insertImportCompany(db(), 'IMP300', 'Charlie Leasing', { supplied: true });
  const delta = await insertImportCompany(db(), 'IMP400', 'Delta Leasing', { supplied: false });
  Object.assign(ids, { acme: acme.id, bravo: bravo.id, charlie: charlie.id, delta: delta.id });
  const [sub, oldSub] = await db()
    .insert(subCustomers)
    .values([
      { leaseCompanyId: acme.id, name: 'Acme Fleet Services' },
      { leaseCompanyId: acme.id, name: 'Old Sub', status: 'TERMINATED' },
    ])
    .returning();
  ids.acmeSub = sub.id;
  ids.acmeOldSub = oldSub.id;
  const [driver] = await db().insert(drivers).values({ leaseCompanyId: acme.id, firstname: 'Dee', lastname: 'River', email: 'Driver.One@acme.example' }).returning();
  ids.driver = driver.id;
  const car = { make: 'Ford', model: 'Focus', contractProduct: 'SERVICE_4_FLEET', contractEndDate: '2029-01-01' };
  await db()
    .insert(vehicles)
    .values([
      { leaseCompanyId: acme.id, stockId: 'A-001', vrm: 'AB12CDE', ...car },
      { leaseCompanyId: acme.id, stockId: 'A-002', vrm: 'BC13DEF', ...car, model: 'Fiesta' },
      { leaseCompanyId: acme.id, stockId: 'A-003', vrm: 'CD14EFG', ...car },
      { leaseCompanyId: acme.id, stockId: 'A-005', vrm: 'EF16GHJ', ...car },
      { leaseCompanyId: acme.id, stockId: 'A-006', vrm: 'NP24RST', ...car, contractStatus: 'terminated', contractEndDate: '2026-11-20' },
      { leaseCompanyId: bravo.id, stockId: 'B-900', vrm: 'PR65STU', ...car },
    ]);

  const contractRow = (customerId: string, stockId: string, vrm: string, over: Record<string, string> = {}) => ({
    customerId, stockId, vrm, make: 'FORD', model: 'Focus', vehicleType: 'CAR', contractProduct: 'SERVICE_4_FLEET', contractStart: '2026-01-01', contractEnd: '2029-01-01', maintained: 'Yes', ...over,
  });
  // An older contract file of Acme's never applied: the newer one supersedes it.
  const old = importCsv('VISN_CUSTOMER_CONTRACT', [contractRow('IMP100', 'A-099', 'YX19ABC')], DAY1);
  reports.superseded = await insertValidatedFile(db(), 'VISN_CUSTOMER_CONTRACT', 'acme-old.csv', old, at('2026-11-22', 9), 1);
  // One contract file for both companies (the DI Customer Id in any case).
  const contract = importCsv(
    'VISN_CUSTOMER_CONTRACT',
    [
      contractRow('IMP100', 'A-001', 'AB12CDE'), // as the vehicle is: noChange
      contractRow('imp100', 'A-002', 'BC13DEF', { model: 'Puma' }), // success (update)
      contractRow('IMP100', 'A-010', 'FG17HJK', { make: 'vauxhall', model: 'Astra', subCustomer: 'acme fleet services', driverEmail: 'driver.one@ACME.example' }), // success (new)
      contractRow('IMP200', 'B-001', 'KL21MNP', { make: 'Vauxhall', model: 'Corsa', maintained: 'No' }), // Bravo: success, not managed
      contractRow('IMP100', 'A-011', 'GH18JKL', { maintained: 'No' }), // Acme takes maintained only
      contractRow('IMP100', 'A-012', 'HJ19KLM', { subCustomer: 'Old Sub' }), // sub customer no longer active
      contractRow('IMP100', 'A-013', 'JK20LMN', { driverEmail: 'nobody@acme.example' }), // not a driver of Acme
      contractRow('IMP100', 'A-050', 'EF16GHJ'), // registration of A-005, a live vehicle: cannot be placed
      contractRow('IMP200', 'B-002', 'LM22NPR', { model: 'Kuga' }), // Bravo: success
    ],
    DAY1,
  );
  reports.contract = await insertValidatedFile(db(), 'VISN_CUSTOMER_CONTRACT', 'contracts.csv', contract, at('2026-11-24', 9), 9);
  const stock = importCsv(
    'VISN_SUB_CUSTOMER_STOCK',
    [
      { customerId: 'IMP100', subCustomer: 'Acme Fleet Services', stockId: 'A-020', vrm: 'MN23PRS', make: 'Kia', model: 'Ceed', vehicleType: 'CAR', firstRegistered: '2024-05-01', mileage: '12000', maintained: 'Yes' },
      { customerId: 'IMP100', subCustomer: 'Acme Fleet Services', stockId: 'A-010', vrm: 'FG17HJK', make: 'Kia', model: 'Ceed', vehicleType: 'CAR', firstRegistered: '2024-05-01', maintained: 'Yes' }, // in the contract file
      { customerId: 'IMP100', subCustomer: 'Acme Fleet Services', stockId: 'A-021', vrm: 'AB12CDE', make: 'Kia', model: 'Ceed', vehicleType: 'CAR', firstRegistered: '2024-05-01', maintained: 'Yes' }, // its registration is
    ],
    DAY1,
  );
  reports.stock = await insertValidatedFile(db(), 'VISN_SUB_CUSTOMER_STOCK', 'stock.csv', stock, at('2026-11-24', 10), 3);
  const termination = importCsv(
    'VISN_CONTRACT_TERMINATION',
    [
      { customerId: 'IMP100', vrm: 'CD14EFG', terminationDate: '2026-11-24', reason: 'SOLD' }, // success: terminated
      { customerId: 'IMP100', vrm: 'YX19ABC', terminationDate: '2026-11-24', reason: 'SOLD' }, // no such vehicle
      { customerId: 'IMP100', vrm: 'NP24RST', stockId: 'A-006', terminationDate: '2026-11-20', reason: 'STOLEN' }, // already so: noChange
    ],
    DAY1,
  );
  reports.termination = await insertValidatedFile(db(), 'VISN_CONTRACT_TERMINATION', 'terminations.csv', termination, at('2026-11-24', 11), 3);
  const jurni = importCsv(
    'JURNI_TERMINATION',
    [
      { customerId: 'IMP200', agreementNo: 'B-900', vrm: 'PR65STU', contractStart: '2023-01-01', terminatedOn: '2026-12-05', reason: 'END_OF_CONTRACT' }, // after the run day: awaiting
      { customerId: 'IMP200', agreementNo: 'B-001', vrm: 'KL21MNP', contractStart: '2026-01-01', terminatedOn: DAY1, reason: 'EARLY_TERMINATION' }, // created by the contract file of the same run
    ],
    DAY1,
  );
  reports.jurniTermination = await insertValidatedFile(db(), 'JURNI_TERMINATION', 'jurni-terminations.csv', jurni, at('2026-11-24', 12), 2);
  setDay(DAY1, 1);
}, 120_000);
afterAll(() => t?.close());

const pgbossState = async (id: string) => (await t.services.database.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]))[0]?.state;

const ACME_AFTER_DAY1 = [
  { ...V, stockId: 'A-001', vrm: 'AB12CDE', make: 'Ford', model: 'Focus', contractEndDate: '2029-01-01', version: 1 },
  { ...V, stockId: 'A-002', vrm: 'BC13DEF', make: 'Ford', model: 'Puma', contractEndDate: '2029-01-01', version: 2 },
  { ...V, stockId: 'A-003', vrm: 'CD14EFG', make: 'Ford', model: 'Focus', contractStatus: 'terminated', contractEndDate: '2026-11-24', version: 2 },
  { ...V, stockId: 'A-005', vrm: 'EF16GHJ', make: 'Ford', model: 'Focus', contractEndDate: '2029-01-01', version: 1 },
  { ...V, stockId: 'A-006', vrm: 'NP24RST', make: 'Ford', model: 'Focus', contractStatus: 'terminated', contractEndDate: '2026-11-20', version: 1 },
  { ...V, stockId: 'A-010', vrm: 'FG17HJK', make: 'Vauxhall', model: 'Astra', contractEndDate: '2029-01-01', sub: 'Acme Fleet Services', driver: 'Driver.One@acme.example', version: 1 },
  { ...V, stockId: 'A-020', vrm: 'MN23PRS', make: 'Kia', model: 'Ceed', contractProduct: null, contractEndDate: null, registeredOn: '2024-05-01', mileage: 12000, sub: 'Acme Fleet Services', version: 1 },
];
const BRAVO_AFTER_DAY1 = [
  { ...V, stockId: 'B-001', vrm: 'KL21MNP', make: 'Vauxhall', model: 'Corsa', managed: false, contractStatus: 'terminated', contractEndDate: DAY1, version: 2 },
  { ...V, stockId: 'B-002', vrm: 'LM22NPR', make: 'Ford', model: 'Kuga', contractEndDate: '2029-01-01', version: 1 },
  { ...V, stockId: 'B-900', vrm: 'PR65STU', make: 'Ford', model: 'Focus', contractStatus: 'awaitingTermination', contractEndDate: '2026-12-05', version: 2 },
];

describe('the contract and stock import, day 1 through the queue', () => {
  it('applies each company its newest files and records exactly what each row did', { timeout: 60_000 }, async () => {
    const jobId = await t.services.jobs.send(db(), QUEUES.contractImport, { day: DAY1 });
    await expect.poll(() => pgbossState(jobId), { timeout: 30_000, interval: 100 }).toBe('completed');

    const day1 = await entries(DAY1);
    expect([...day1.keys()].sort()).toEqual([ids.acme, ids.bravo, ids.charlie].sort());
    expect(day1.get(ids.acme)).toMatchObject({
      name: 'Contract and stock import',
      state: 'COMPLETED',
      isSuccess: true,
      isWarning: true,
      isPending: false,
      checkpoint: null,
      message: 'Processed 13 stock records: 4 applied, 2 unchanged, 7 skipped',
      stats: { success: 4, noChange: 2, skipped: 7, awaitingTermination: 0, isIdUnavailable: 3, skippedAccountsWithMaintainedAsN: 1, skippedRepeatedAccountNumber: 2 },
      data: { totalRecordsCount: 13, processedRecordCount: 13, validRecordCount: 6, invalidRecordCount: 7 },
    });
    expect(day1.get(ids.bravo)).toMatchObject({
      state: 'COMPLETED',
      isSuccess: true,
      isWarning: false,
      message: 'Processed 4 stock records: 4 applied, 0 unchanged, 0 skipped',
      stats: { success: 4, noChange: 0, skipped: 0, awaitingTermination: 1, isIdUnavailable: 0, skippedAccountsWithMaintainedAsN: 0, skippedRepeatedAccountNumber: 0 },
      data: { totalRecordsCount: 4, processedRecordCount: 4, validRecordCount: 4, invalidRecordCount: 0 },
    });
    expect(day1.get(ids.charlie)).toMatchObject({ state: 'COMPLETED', isSuccess: false, isWarning: false, message: NOT_RECEIVED, stats: ZERO_STATS, data: ZERO_DATA });

    expect(await vehiclesOf([ids.acme])).toEqual(ACME_AFTER_DAY1);
    expect(await vehiclesOf([ids.bravo])).toEqual(BRAVO_AFTER_DAY1);
    // Which file was applied to whom, by which entry; the superseded file never.
    const applied = await db().select().from(importFileCompanies);
    const mark = (report: string, company: string) => applied.find((a) => a.reportId === report && a.diCustomerId === company);
    expect(applied).toHaveLength(6);
    expect(mark(reports.superseded, 'imp100')).toMatchObject({ rowCount: 1, appliedAt: null, processLogId: null });
    expect(mark(reports.contract, 'imp100')).toMatchObject({ rowCount: 7, processLogId: day1.get(ids.acme)!.id });
    expect(mark(reports.contract, 'imp200')).toMatchObject({ rowCount: 2, processLogId: day1.get(ids.bravo)!.id });
    expect(mark(reports.stock, 'imp100')).toMatchObject({ rowCount: 3, processLogId: day1.get(ids.acme)!.id });
    expect(mark(reports.termination, 'imp100')).toMatchObject({ rowCount: 3, processLogId: day1.get(ids.acme)!.id });
    expect(mark(reports.jurniTermination, 'imp200')).toMatchObject({ rowCount: 2, processLogId: day1.get(ids.bravo)!.id });
  });

  it('run again the same day: the completed entries are kept, nothing is applied again', async () => {
    const before = await entries(DAY1);
    setDay(DAY1, 3);
    // Bravo is not set up for files and has no new one: not visited again.
    expect(await runDirect(DAY1)).toEqual({ day: DAY1, ran: 1, alreadyDone: 1, failed: 1, paused: false });
    const after = await entries(DAY1);
    expect(after.get(ids.acme)).toEqual(before.get(ids.acme));
    expect(after.get(ids.bravo)).toEqual(before.get(ids.bravo));
    // The company still waiting for its file is tried again (a file may have arrived since).
    expect(after.get(ids.charlie)).toMatchObject({ isSuccess: false, message: NOT_RECEIVED });
    expect(await vehiclesOf([ids.acme])).toEqual(ACME_AFTER_DAY1);
    expect(await vehiclesOf([ids.bravo])).toEqual(BRAVO_AFTER_DAY1);
  });

  it('the next day without new files: not received for the companies expecting files, nothing re-applied', async () => {
    // A validated file whose stored bytes are gone (a write that never finished) does not stop the run.
    const broken = await FileWriter.open(t.services.files, db(), { name: 'broken.csv', contentType: 'text/csv' });
    const [gone] = await db()
      .insert(fileValidationReports)
      .values({ validationType: 'VISN_CUSTOMER_CONTRACT', fileName: 'broken.csv', fileId: broken.id, uploadedBy: { firstname: 'Import', lastname: 'Test' }, uploadedAt: at(DAY2, 0), isProcessing: false, processIndicator: 'SUCCESS', validationStatus: true, completedAt: at(DAY2, 0) })
      .returning();
    setDay(DAY2, 1);
    expect(await runDirect(DAY2)).toEqual({ day: DAY2, ran: 2, alreadyDone: 0, failed: 2, paused: false });
    expect(await db().$count(importFileCompanies, eq(importFileCompanies.reportId, gone.id))).toBe(0);
    const day2 = await entries(DAY2);
    expect([...day2.keys()].sort()).toEqual([ids.acme, ids.charlie].sort());
    for (const id of [ids.acme, ids.charlie]) expect(day2.get(id)).toMatchObject({ state: 'COMPLETED', isSuccess: false, message: NOT_RECEIVED, stats: ZERO_STATS, data: ZERO_DATA });
    expect(await vehiclesOf([ids.acme])).toEqual(ACME_AFTER_DAY1);
    expect(await vehiclesOf([ids.bravo])).toEqual(BRAVO_AFTER_DAY1);
  });
});

describe('Pause and Resume', () => {
  it('a paused job leaves its entries PAUSED; Resume runs the day to completion', { timeout: 60_000 }, async () => {
    setDay(DAY3, 0);
    const csv = importCsv('VISN_CUSTOMER_CONTRACT', [{ customerId: 'IMP300', stockId: 'C-001', vrm: 'RS23TUV', make: 'Kia', model: 'Niro', vehicleType: 'ELECTRIC_CAR', contractProduct: 'PLATINUM_SERVICE_4_FLEET', contractStart: '2026-01-01', contractEnd: '2028-06-30', maintained: 'Yes' }], DAY3);
    await insertValidatedFile(db(), 'VISN_CUSTOMER_CONTRACT', 'charlie.csv', csv, at(DAY3, 0), 1);
    setDay(DAY3, 1);
    await signIn();
    expect((await admin.post('backgroundJobs/pause', { queue: QUEUES.contractImport })).statusCode).toBe(200);
    expect(await runDirect(DAY3)).toEqual({ day: DAY3, ran: 0, alreadyDone: 0, failed: 0, paused: true });
    const paused = await entries(DAY3);
    expect([...paused.values()].map((e) => [e.leaseCompanyId, e.state, e.isPending, e.message])).toEqual(
      expect.arrayContaining([
        [ids.acme, 'PAUSED', true, RUN_MESSAGES.paused],
        [ids.charlie, 'PAUSED', true, RUN_MESSAGES.paused],
      ]),
    );
    expect(paused.size).toBe(2);

    const res = await admin.post('backgroundJobs/resume', { queue: QUEUES.contractImport });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toEqual([DAY3]);
    await expect.poll(async () => [...(await entries(DAY3)).values()].every((e) => e.state === 'COMPLETED'), { timeout: 30_000, interval: 100 }).toBe(true);
    const done = await entries(DAY3);
    expect(done.get(ids.acme)).toMatchObject({ isSuccess: false, message: NOT_RECEIVED });
    expect(done.get(ids.charlie)).toMatchObject({
      isSuccess: true,
      isWarning: false,
      stats: { ...ZERO_STATS, success: 1 },
      data: { totalRecordsCount: 1, processedRecordCount: 1, validRecordCount: 1, invalidRecordCount: 0 },
    });
    expect(await vehiclesOf([ids.charlie])).toEqual([
      { ...V, stockId: 'C-001', vrm: 'RS23TUV', make: 'Kia', model: 'Niro', vehicleType: 'ELECTRIC_CAR', contractProduct: 'PLATINUM_SERVICE_4_FLEET', contractEndDate: '2028-06-30', version: 1 },
    ]);
  });

  it('a pause between batches keeps the checkpoint; Resume goes on from it, each row applied and counted once', { timeout: 120_000 }, async () => {
    setDay(DAY4, 0);
    const total = BATCH_ROWS + 500;
    const rows = Array.from({ length: total }, (_, i) => ({ customerId: 'IMP300', stockId: `C-${String(i + 100).padStart(5, '0')}`, vrm: vrmOf(i), make: 'Ford', model: 'Transit', vehicleType: 'COMMERCIAL_UNDER_3_5', contractProduct: 'SERVICE_4_FLEET', contractStart: '2026-01-01', contractEnd: '2029-01-01', maintained: 'Yes' }));
    await insertValidatedFile(db(), 'VISN_CUSTOMER_CONTRACT', 'charlie-fleet.csv', importCsv('VISN_CUSTOMER_CONTRACT', rows, DAY4), at(DAY4, 0), total);
    setDay(DAY4, 1);
    await signIn();
    // Paused from the screen while the first batch has just been applied.
    const hooks: JobHooks = {
      async checkpoint(point) {
        if (point === IMPORT_BATCH_POINT) await admin.post('backgroundJobs/pause', { queue: QUEUES.contractImport });
      },
    };
    expect(await runDirect(DAY4, hooks)).toEqual({ day: DAY4, ran: 1, alreadyDone: 0, failed: 1, paused: true });
    const paused = (await entries(DAY4)).get(ids.charlie)!;
    expect(paused).toMatchObject({
      state: 'PAUSED',
      isPending: true,
      message: RUN_MESSAGES.paused,
      stats: { ...ZERO_STATS, success: BATCH_ROWS },
      data: { totalRecordsCount: total, processedRecordCount: BATCH_ROWS, validRecordCount: BATCH_ROWS, invalidRecordCount: 0 },
      checkpoint: { file: 0, row: BATCH_ROWS + 1 },
    });
    expect(await db().$count(vehicles, eq(vehicles.leaseCompanyId, ids.charlie))).toBe(1 + BATCH_ROWS);
    expect(await db().select().from(pausedJobs)).toHaveLength(1);

    expect((await admin.post('backgroundJobs/resume', { queue: QUEUES.contractImport })).json().days).toEqual([DAY4]);
    await expect.poll(async () => (await entries(DAY4)).get(ids.charlie)!.state, { timeout: 60_000, interval: 200 }).toBe('COMPLETED');
    expect((await entries(DAY4)).get(ids.charlie)).toMatchObject({
      isSuccess: true,
      checkpoint: null,
      stats: { ...ZERO_STATS, success: total },
      data: { totalRecordsCount: total, processedRecordCount: total, validRecordCount: total, invalidRecordCount: 0 },
    });
    const fleet = await db().select({ stockId: vehicles.stockId, version: vehicles.version }).from(vehicles).where(eq(vehicles.leaseCompanyId, ids.charlie));
    expect(fleet).toHaveLength(1 + total);
    expect(new Set(fleet.map((v) => v.stockId)).size).toBe(1 + total);
    expect(fleet.every((v) => v.version === 1)).toBe(true);
  });
});

describe('files from the file validation page', () => {
  /** POST fileValidation/upload as the console does; answers the report once validated. */
  async function uploadAndValidate(validationType: string, csv: string, name: string) {
    t.clock.advance(1000);
    const { payload, contentType } = multipartBody({ validationType }, [{ name, content: csv }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fileValidation/upload',
      payload,
      headers: { cookie: admin.cookieHeader(), [CSRF_HEADER]: admin.csrf, 'content-type': contentType },
      remoteAddress: admin.ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().report.id as string;
    const report = async () => (await db().select().from(fileValidationReports).where(eq(fileValidationReports.id, id)))[0];
    await expect.poll(async () => (await report()).isProcessing, { timeout: 20_000, interval: 100 }).toBe(false);
    return report();
  }

  it('the newest file that passed validation is applied the next night; one that failed is not', { timeout: 60_000 }, async () => {
    setDay(DAY5, 0);
    await signIn();
    const unit = (customerId: string, stockId: string, vrm: string) => ({
      customerId, stockId, vrm, vin: `WF0XXXTTGXKA1234${stockId.slice(-1)}`, make: 'Ford', model: 'Focus', vehicleType: 'CAR', branchCode: 'LON01', postcode: 'SW1A 1AA', contractStart: '2026-01-01', contractEnd: '2028-01-01', monthlyCharge: '450.00', currency: 'GBP', maintained: 'No',
    });
    const valid = await uploadAndValidate('ENTERPRISE_GB_CONTRACT', importCsv('ENTERPRISE_GB_CONTRACT', [unit('IMP300', 'E-0001', 'WX20EFG')], DAY5), 'enterprise.csv');
    expect(valid).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: true });
    // Newer, but refused by validation (a customer that does not exist).
    const refused = await uploadAndValidate('ENTERPRISE_GB_CONTRACT', importCsv('ENTERPRISE_GB_CONTRACT', [unit('IMP300', 'E-0002', 'WX20EFH'), unit('NOPE999', 'E-0003', 'WX20EFJ')], DAY5), 'enterprise-2.csv');
    expect(refused).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false });

    setDay(DAY5, 1);
    expect(await runDirect(DAY5)).toEqual({ day: DAY5, ran: 2, alreadyDone: 0, failed: 1, paused: false });
    const day5 = await entries(DAY5);
    expect(day5.get(ids.acme)).toMatchObject({ isSuccess: false, message: NOT_RECEIVED });
    expect(day5.get(ids.charlie)).toMatchObject({
      isSuccess: true,
      isWarning: false,
      message: 'Processed 1 stock record: 1 applied, 0 unchanged, 0 skipped',
      stats: { ...ZERO_STATS, success: 1 },
      data: { totalRecordsCount: 1, processedRecordCount: 1, validRecordCount: 1, invalidRecordCount: 0 },
    });
    const enterprise = (await vehiclesOf([ids.charlie])).filter((v) => v.stockId.startsWith('E-'));
    expect(enterprise).toEqual([{ ...V, stockId: 'E-0001', vrm: 'WX20EFG', make: 'Ford', model: 'Focus', contractProduct: null, contractEndDate: '2028-01-01', managed: false, version: 1 }]);
    const [vin] = await db().select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.stockId, 'E-0001'));
    expect(vin).toEqual({ vin: 'WF0XXXTTGXKA12341' });
    expect(await db().$count(importFileCompanies, eq(importFileCompanies.reportId, refused.id))).toBe(0);
  });
});

describe('two runs of one entry', () => {
  it('a run overtaken by another (the queue took it for expired) applies nothing twice and keeps the outcome', { timeout: 120_000 }, async () => {
    setDay(DAY6, 0);
    const total = BATCH_ROWS + 100;
    const rows = Array.from({ length: total }, (_, i) => ({ customerId: 'IMP300', stockId: `T-${i}`, vrm: vrmOf(30_000 + i), make: 'Ford', model: 'Ranger', vehicleType: 'COMMERCIAL_UNDER_3_5', contractProduct: 'SERVICE_4_FLEET', contractStart: '2026-01-01', contractEnd: '2029-01-01', maintained: 'Yes' }));
    await insertValidatedFile(db(), 'VISN_CUSTOMER_CONTRACT', 'charlie-more.csv', importCsv('VISN_CUSTOMER_CONTRACT', rows, DAY6), at(DAY6, 0), total);
    setDay(DAY6, 1);
    // The first run, once its first batch is in, waits while a second run of the day does the rest.
    let second: Awaited<ReturnType<typeof runDirect>> | null = null;
    const first = await runDirect(DAY6, {
      async checkpoint(point) {
        if (point === IMPORT_BATCH_POINT && !second) second = await runDirect(DAY6);
      },
    });
    expect(second).toEqual({ day: DAY6, ran: 2, alreadyDone: 0, failed: 1, paused: false });
    // The first run stops at its next batch: the entry is the second run's.
    expect(first).toEqual({ day: DAY6, ran: 1, alreadyDone: 0, failed: 1, paused: false, superseded: true });
    expect((await entries(DAY6)).get(ids.charlie)).toMatchObject({
      state: 'COMPLETED',
      isSuccess: true,
      checkpoint: null,
      stats: { ...ZERO_STATS, success: total },
      data: { totalRecordsCount: total, processedRecordCount: total, validRecordCount: total, invalidRecordCount: 0 },
    });
    const added = await db().select({ version: vehicles.version }).from(vehicles).where(and(eq(vehicles.leaseCompanyId, ids.charlie), eq(vehicles.model, 'Ranger')));
    expect(added).toHaveLength(total);
    expect(added.every((v) => v.version === 1)).toBe(true);
  });
});
