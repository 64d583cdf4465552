/**
 * File validation of hostile and malformed files: the CSV reader's limits and syntax errors are
 * problems in the log at their row and column (the rows before them keep theirs), the job completes
 * at once instead of failing and being retried, a file of millions of problems lists the first
 * 100,000, and while any of these is validated the API's event loop keeps turning.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { multipartBody, recordsOf } from '../support/network';
import { expectLoopKeptTurning, LoopWatch, type LoopFigures } from '../support/loopWatch';
import { CSRF_HEADER } from '../../domain/auth';
import { FILE_CHECK_MESSAGES, validationTypeById, type FileValidationReport } from '../../domain/fileValidation';
import { LOG_HEADER } from '../../domain/network/format';
import { fileValidationReports, leaseCompanies, subCustomers } from '../../server/db/schema';
import { QUEUES } from '../../server/jobs/queues';
import { CSV_MAX_CELL_CHARS, CSV_MAX_COLUMNS, CSV_PROBLEMS } from '../../server/files/csvReader';
import { CSV_READ_MESSAGES, LOG_PROBLEMS_MAX, PROBLEM_LIMIT_MESSAGE } from '../../server/jobs/batches';

const TYPE = 'VISN_CUSTOMER_CONTRACT';
const MB = 1024 * 1024;

const valid = fs.readFileSync(path.resolve(`tests/fixtures/fileValidation/${TYPE}.valid.csv`), 'utf8').replace(/\r?\n$/, '\n');
const header = valid.split('\n')[0];
const headers = header.split(',');
const validRow = valid.split('\n')[1];

let t: TestApp;
let editor: Browser;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5 } }, { jobs: true });
  t.clock.advance(Date.UTC(2026, 10, 21, 9, 0, 0) - t.clock.now().getTime());
  await createAdmin(t, 'EDITOR', 'editor@shapes.example');
  editor = new Browser(t);
  await editor.signIn('editor@shapes.example');
  // The example file's customers: its rows have no database problem.
  const leases = await t.services.db
    .insert(leaseCompanies)
    .values(['C01001', 'C01002', 'C01004', 'C01009'].map((diCustomerId) => ({ diCustomerId, name: `Example ${diCustomerId}`, customerType: 'DIRECT' as const, rateCardType: 'VISN' as never, currency: 'GBP' as const, config: {} as never })))
    .returning({ id: leaseCompanies.id, di: leaseCompanies.diCustomerId });
  const leaseId = (di: string) => leases.find((l) => l.di === di)!.id;
  await t.services.db.insert(subCustomers).values([
    { leaseCompanyId: leaseId('C01002'), name: 'Pennine Care Services' },
    { leaseCompanyId: leaseId('C01004'), name: 'Brightwell Logistics Ltd' },
    { leaseCompanyId: leaseId('C01009'), name: 'Harrow & Finch Estates' },
  ]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The first fetch loads the HTTP client: not part of any measure.
  await (await fetch(`${base}/healthz`)).text();
});
afterAll(async () => {
  await t?.close();
});

/** Uploads `csv`, then waits for its validation while watching the event loop; answers the report, its log and the figures. */
async function validate(csv: string | Buffer, timeout = 60_000) {
  t.clock.advance(1000);
  const { payload, contentType } = multipartBody({ validationType: TYPE }, [{ name: 'shape.csv', content: csv }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/fileValidation/upload',
    payload,
    headers: { cookie: editor.cookieHeader(), [CSRF_HEADER]: editor.csrf, 'content-type': contentType },
    remoteAddress: editor.ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json().report as FileValidationReport).id;
  const watch = LoopWatch.start(base);
  const row = async () => (await t.services.db.select().from(fileValidationReports).where(eq(fileValidationReports.id, id)))[0];
  let loop: LoopFigures;
  try {
    await expect.poll(async () => (await row()).isProcessing, { timeout, interval: 50 }).toBe(false);
  } finally {
    loop = await watch.stop();
  }
  const report = await row();
  const download = await editor.post('fileValidation/getLogFile', { id });
  expect(download.statusCode, download.body).toBe(200);
  const log = recordsOf(download.json());
  expect(log[0]).toEqual([...LOG_HEADER]);
  // The job ran once and completed: nothing was retried.
  const jobs = await t.services.database.query<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'reportId' = $2`, [QUEUES.fileValidation, id]);
  expect(jobs.map((j) => [j.state, Number(j.retry_count)])).toEqual([['completed', 0]]);
  return { report, problems: log.slice(1, -1), footer: log.at(-1), loop };
}

const tooLarge = (detail: string) => CSV_READ_MESSAGES.tooLarge(detail);
const notCsv = (detail: string) => CSV_READ_MESSAGES.notCsv(detail);

describe('a syntax error is a problem at its row and column', () => {
  it('a quote inside an unquoted cell (=HYPERLINK("…")): logged after the problems of the rows before it, and the job completes at once', async () => {
    const unknownMake = 'C01001,,STK100999,KN23RBE,,Trabant,601,CAR,SERVICE_4_FLEET,01/04/2023,01/04/2026,No,\n';
    const hyperlink = '=HYPERLINK("http://x"),,STK1,LR22XKT,,Ford,Focus,CAR,SERVICE_4_FLEET,01/01/2025,01/01/2027,Yes,\n';
    const started = performance.now();
    const { report, problems, footer } = await validate(`${valid}${unknownMake}${hyperlink}${validRow}\n`, 15_000);
    // Not failed three times with back-off (about 40 s): completed on its first run.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(report).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 8, errorCount: 2, error: null });
    expect(problems).toEqual([
      ['9', 'Make', 'Make is not a known vehicle make'],
      ['10', 'DI Customer Id', notCsv(CSV_PROBLEMS.quoteInUnquotedCell)],
    ]);
    expect(problems[1][2]).toBe('The file is not valid CSV: a quote inside an unquoted cell (a cell holding a quote must be quoted as a whole, its quotes doubled). The rows after it are not checked.');
    expect(footer).toEqual(['', '', '2 problems in 8 rows']);
  });

  it('text after the closing quote of a quoted cell', async () => {
    const { report, problems } = await validate(`${valid}C01001,"Sub" Customer,STK1\n`);
    expect(report).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 7, errorCount: 1 });
    expect(problems).toEqual([['9', 'Sub Customer', notCsv(CSV_PROBLEMS.textAfterClosingQuote)]]);
  });
});

describe('the reader’s limits stop a hostile file at its row, and the event loop keeps turning', () => {
  it(`one line of 3 MB of commas: more than ${CSV_MAX_COLUMNS} columns in row 2`, async () => {
    const { report, problems, loop } = await validate(`${header}\n${','.repeat(3 * MB)}\n`);
    expect(report).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 0, errorCount: 1 });
    expect(problems).toEqual([['2', `Column ${CSV_MAX_COLUMNS + 1}`, tooLarge(CSV_PROBLEMS.tooManyColumns)]]);
    expect(problems[0][2]).toBe('The row is too large to read (more than 100 columns). The rows after it are not checked.');
    expectLoopKeptTurning(loop);
  });

  it(`one quoted cell of 3 MB: a cell longer than ${CSV_MAX_CELL_CHARS} characters, after the rows before it`, async () => {
    const { report, problems, loop } = await validate(`${valid}C01001,"${'y'.repeat(3 * MB)}",STK1\n`);
    expect(report).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 7, errorCount: 1 });
    expect(problems).toEqual([['9', 'Sub Customer', tooLarge(CSV_PROBLEMS.cellTooLong)]]);
    expectLoopKeptTurning(loop);
  });

  it('a row of long cells, each within the limit: a row longer than the limit, at the cell that passes it', async () => {
    const cells = headers.map(() => 'w'.repeat(9_000));
    const { problems, loop } = await validate(`${valid}${cells.join(',')}\n`);
    // 9,001 characters a cell: the eighth passes 65,536.
    expect(problems).toEqual([['9', headers[7], tooLarge(CSV_PROBLEMS.recordTooLong)]]);
    expectLoopKeptTurning(loop);
  });

  it(`millions of short rows: the first ${LOG_PROBLEMS_MAX.toLocaleString('en-GB')} problems are listed, the rest of the file is not checked`, async () => {
    const { report, problems, footer, loop } = await validate(`${header}\n${'x\n'.repeat(1_500_000)}`);
    // Each row of one cell lacks the type's required cells and has a wrong DI Customer Id.
    const perRow = problems.filter((p) => p[0] === '2').length;
    expect(perRow).toBeGreaterThan(3);
    expect(problems.length).toBe(LOG_PROBLEMS_MAX + 1);
    const last = problems.at(-1)!;
    expect(last).toEqual([String(Math.floor(LOG_PROBLEMS_MAX / perRow) + 2), '', PROBLEM_LIMIT_MESSAGE]);
    expect(PROBLEM_LIMIT_MESSAGE).toBe('More than 100,000 problems: the problems from this row on are not listed, and the rows after it are not checked.');
    expect(report).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, errorCount: LOG_PROBLEMS_MAX + 1 });
    expect(report.rowCount).toBeLessThan(100_000);
    expect(footer).toEqual(['', '', `${LOG_PROBLEMS_MAX + 1} problems in ${report.rowCount} rows`]);
    expectLoopKeptTurning(loop);
  });

  it('millions of blank rows: read to the end, a file without data rows', async () => {
    const { report, problems, loop } = await validate(`${header}\n${'\n'.repeat(3 * MB)}`);
    expect(report).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: 0, errorCount: 1 });
    expect(problems).toEqual([['2', '', FILE_CHECK_MESSAGES.noRows]]);
    expectLoopKeptTurning(loop);
  });

  it(`very wide rows (${CSV_MAX_COLUMNS} columns, the most it reads), 3 MB: every row checked`, async () => {
    const type = validationTypeById(TYPE)!;
    expect(type.columns.length).toBe(headers.length);
    const extra = Array.from({ length: CSV_MAX_COLUMNS - headers.length }, (_, i) => `Extra ${i + 1}`);
    // Valid rows with room for 87 more cells: each is a repeat of the first row's vehicle.
    const row = `${validRow},${extra.map(() => 'x').join(',')}\n`;
    const rows = Math.floor((3 * MB) / row.length);
    const { report, problems, loop } = await validate(`${header},${extra.join(',')}\n${row.repeat(rows)}`);
    expect(report).toMatchObject({ processIndicator: 'SUCCESS', validationStatus: false, rowCount: rows });
    expect(problems.length).toBeGreaterThanOrEqual(rows - 1);
    expect(problems[0]).toEqual(['3', 'Registration', expect.stringMatching(/is already in row 2$/)]);
    expectLoopKeptTurning(loop);
  });
});
