/**
 * The network import's validation of hostile and malformed files (the reader file validation
 * uses too): a syntax error or a record past the reader's limits is a problem in the log at its
 * row and column, the job completes at once instead of failing and being retried, a file of
 * millions of problems lists the first 100,000, and the API's event loop keeps turning meanwhile.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { recordsOf, seedNetworkFixture, settledImport, uploadNetworkFile, type NetworkFixture } from '../support/network';
import { expectLoopKeptTurning, LoopWatch, type LoopFigures } from '../support/loopWatch';
import { CUSTOMER_NETWORK_FORMAT, headerRow, LOG_HEADER } from '../../domain/network';
import { QUEUES } from '../../server/jobs/queues';
import { CSV_MAX_COLUMNS, CSV_PROBLEMS } from '../../server/files/csvReader';
import { CSV_READ_MESSAGES, LOG_PROBLEMS_MAX, PROBLEM_LIMIT_MESSAGE } from '../../server/jobs/batches';

const MB = 1024 * 1024;
const headers = headerRow(CUSTOMER_NETWORK_FORMAT);
const header = headers.join(',');

let t: TestApp;
let editor: Browser;
let fx: NetworkFixture;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5 } }, { jobs: true });
  await createAdmin(t, 'EDITOR', 'editor@network-shapes.example');
  editor = new Browser(t);
  await editor.signIn('editor@network-shapes.example');
  fx = await seedNetworkFixture(t.services.db, { prefix: 'N' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The first fetch loads the HTTP client: not part of any measure.
  await (await fetch(`${base}/healthz`)).text();
});
afterAll(async () => {
  await t?.close();
});

/** A row of the customer's network file for supplier `code` of group `group`, in the network, not preferred. */
const row = (code: string, group: string) => [code, 'Name', group, 'Group', 'Independent', 'Leeds', 'LS1 1AA', 'Live', 'Yes', 'No', '', '', '', '', ''].join(',');

/** Uploads `csv` for the customer, then waits for its validation while watching the event loop. */
async function validate(csv: string) {
  const res = await uploadNetworkFile(t, editor, { leaseId: fx.leaseId, csv });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().networkImportId as string;
  const watch = LoopWatch.start(base);
  let done: Awaited<ReturnType<typeof settledImport>>;
  let loop: LoopFigures;
  try {
    done = await settledImport(t.services.db, id, 60_000);
  } finally {
    loop = await watch.stop();
  }
  const download = await editor.post('admin/getNetworkImportLogFile', { importId: id, leaseId: fx.leaseId });
  expect(download.statusCode, download.body).toBe(200);
  const log = recordsOf(download.json());
  expect(log[0]).toEqual([...LOG_HEADER]);
  // The job ran once and completed: nothing was retried.
  const jobs = await t.services.database.query<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'importId' = $2`, [QUEUES.networkValidate, id]);
  expect(jobs.map((j) => [j.state, Number(j.retry_count)])).toEqual([['completed', 0]]);
  return { done, problems: log.slice(1, -1), footer: log.at(-1), loop };
}

describe('network import: files the reader stops at', () => {
  it('a quote inside an unquoted cell: a problem at its row and column, after the rows before it; the job completes at once', async () => {
    const started = performance.now();
    const { done, problems, footer } = await validate(`${header}\n${row('NS0000', 'NG0')}\n${row('NOPE1', 'NG0')}\nNS0001,=HYPERLINK("http://x"),NG0\n${row('NS0002', 'NG0')}\n`);
    // Not failed three times with back-off: completed on its first run.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(done).toMatchObject({ validationStatus: false, processIndicator: 'FAILED', rowCount: 2, error: null });
    expect(problems).toEqual([
      ['3', 'Supplier Id', 'Unknown supplier NOPE1'],
      ['4', 'Supplier Name', CSV_READ_MESSAGES.notCsv(CSV_PROBLEMS.quoteInUnquotedCell)],
    ]);
    expect(footer).toEqual(['', '', '2 errors in 2 rows']);
  });

  it(`one line of 3 MB of commas: more than ${CSV_MAX_COLUMNS} columns, and the event loop keeps turning`, async () => {
    const { done, problems, loop } = await validate(`${header}\n${row('NS0000', 'NG0')}\n${','.repeat(3 * MB)}\n`);
    expect(done).toMatchObject({ validationStatus: false, rowCount: 1 });
    expect(problems).toEqual([['3', `Column ${CSV_MAX_COLUMNS + 1}`, CSV_READ_MESSAGES.tooLarge(CSV_PROBLEMS.tooManyColumns)]]);
    expectLoopKeptTurning(loop);
  });

  it(`millions of short rows: the first ${LOG_PROBLEMS_MAX.toLocaleString('en-GB')} problems, and the event loop keeps turning`, async () => {
    const { done, problems, footer, loop } = await validate(`${header}\n${'x\n'.repeat(1_500_000)}`);
    expect(problems.length).toBe(LOG_PROBLEMS_MAX + 1);
    expect(problems.at(-1)).toEqual([expect.any(String), '', PROBLEM_LIMIT_MESSAGE]);
    expect(done).toMatchObject({ validationStatus: false });
    expect(done.rowCount).toBeLessThan(100_000);
    expect(footer).toEqual(['', '', `${LOG_PROBLEMS_MAX + 1} errors in ${done.rowCount} rows`]);
    expectLoopKeptTurning(loop);
  });

  it(`very wide rows (${CSV_MAX_COLUMNS} columns), 2 MB: every row checked, and the event loop keeps turning`, async () => {
    const extra = Array.from({ length: CSV_MAX_COLUMNS - headers.length }, () => 'x').join(',');
    const line = `${row('NS0000', 'NG0')},${extra}\n`;
    const rows = Math.floor((2 * MB) / line.length);
    const { done, problems, loop } = await validate(`${header}\n${line.repeat(rows)}`);
    expect(done).toMatchObject({ validationStatus: false, rowCount: rows });
    // Every row after the first repeats its supplier.
    expect(problems.length).toBe(rows - 1);
    expect(problems[0]).toEqual(['3', 'Supplier Id', 'Supplier NS0000 is already in row 2']);
    expectLoopKeptTurning(loop);
  });
});
