/**
 * Hostile CSV files benchmark: `npm run bench:csv-shapes` (Linux: reads /proc for the server's memory).
 *   npm run bench:csv-shapes                                  (a new PGlite database in a temporary directory)
 *   DATABASE_URL=postgres://…/db npm run bench:csv-shapes     (a PostgreSQL server; its reports and files stay)
 * Starts the real server as a separate process on loopback, signs in a demo admin through the API
 * (passcode read from the server log), then uploads each shape below to fileValidation/upload as a
 * customer contract file and waits for its report, while asking /healthz every 20 ms and reading
 * the server's resident memory every 20 ms, from the start of the upload to the report's outcome:
 *   one line of commas          a header, then 24 MB of commas on one line;
 *   one huge quoted cell        a header, then a row whose second cell is 24 MB, quoted;
 *   millions of short rows      a header, then 12 million rows of one character;
 *   millions of blank rows      a header, then 24 million empty lines (read to the end);
 *   wide rows, 100 columns      24 MB of rows of a valid row and 87 more cells (the most the reader takes);
 *   wide rows, 5,000 columns    24 MB of rows of 5,000 cells;
 *   =HYPERLINK row              the example file, a row starting =HYPERLINK("http://x"), then more rows.
 * For each it prints the slowest and the 99th percentile /healthz answer (and the slowest while the
 * file was uploaded, and while it was validated), the peak resident memory above idle, the memory
 * 5 s after the outcome, the time taken and the outcome the report shows; and first the same
 * /healthz figures for 5 s of the server doing nothing. On PGlite the database is in the server's
 * memory, which does not shrink: every file stored (24 MB each here) stays part of it.
 * Targets (issue): /healthz answered within 50 ms throughout; under 200 MB above idle; back to idle after.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { validationTypeById } from '../domain/fileValidation';
import { percentile } from './lib/benchSession';
import { startServerProcess } from './lib/serverProcess';

const TYPE = 'VISN_CUSTOMER_CONTRACT';
const MB = 1024 * 1024;
const SIZE = 24 * MB;

const { base, dataDir, ready, rssMb, call, signIn, stop } = await startServerProcess('bench-csv-shapes');

// --- the shapes
const columns = validationTypeById(TYPE)!.columns.map((c) => c.header);
const header = `${columns.join(',')}\n`;
const example = fs.readFileSync(path.resolve(`tests/fixtures/fileValidation/${TYPE}.valid.csv`), 'utf8').replace(/\r?\n$/, '\n');
const validRow = example.split('\n')[1];
const fill = (row: string) => row.repeat(Math.floor((SIZE - header.length) / row.length));
const extra = Array.from({ length: 100 - columns.length }, () => 'x').join(',');
const SHAPES: [string, () => string][] = [
  ['one line of commas', () => `${header}${','.repeat(SIZE)}\n`],
  ['one huge quoted cell', () => `${header}C01001,"${'y'.repeat(SIZE)}",STK1\n`],
  ['millions of short rows', () => `${header}${fill('x\n')}`],
  ['millions of blank rows', () => `${header}${fill('\n')}`],
  ['wide rows, 100 columns', () => `${columns.join(',')},${extra}\n${fill(`${validRow},${extra}\n`)}`],
  ['wide rows, 5,000 columns', () => `${header}${fill(`${Array.from({ length: 5000 }, () => 'x').join(',')}\n`)}`],
  ['=HYPERLINK row', () => `${example}=HYPERLINK("http://x"),,STK1,LR22XKT,,Ford,Focus,CAR,SERVICE_4_FLEET,01/01/2025,01/01/2027,Yes,\n${validRow}\n`],
];

interface Figures {
  shape: string;
  mb: number;
  seconds: number;
  healthzMax: number;
  healthzP99: number;
  /** The slowest answer to what was asked while the file was uploaded, and while it was validated. */
  uploadMax: number;
  validationMax: number;
  answered: number;
  peakAboveIdle: number;
  afterAboveIdle: number;
  outcome: string;
}

/**
 * A separate process that asks /healthz every 20 ms, each request on its own (so a stalled server
 * shows in every answer it holds), and prints when each was sent and how long it took: the
 * benchmark's own work (building and sending 24 MB) does not delay the probe.
 */
const PROBE = `
const url = process.argv[1];
setInterval(() => {
  const sent = performance.timeOrigin + performance.now();
  fetch(url).then((r) => r.text()).then(() => console.log(sent.toFixed(1) + ' ' + (performance.timeOrigin + performance.now() - sent).toFixed(1)), () => console.log(sent.toFixed(1) + ' failed'));
}, 20);
`;
const now = () => performance.timeOrigin + performance.now();
const probe = spawn(process.execPath, ['-e', PROBE, `${base}/healthz`], { stdio: ['ignore', 'pipe', 'inherit'] });
/** Every answer so far: when it was asked (epoch ms) and how long it took. */
const answers: { sent: number; ms: number }[] = [];
readline.createInterface({ input: probe.stdout! }).on('line', (line) => {
  const [sent, ms] = line.split(' ');
  answers.push({ sent: Number(sent), ms: ms === 'failed' ? Infinity : Number(ms) });
});
/** The answers to what was asked from `from` to `to`, once all of them are in. */
async function answersBetween(from: number, to: number): Promise<number[]> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  while (answers.length === 0 || answers.at(-1)!.sent < to) await new Promise((resolve) => setTimeout(resolve, 50));
  return answers.filter((a) => a.sent >= from && a.sent <= to).map((a) => a.ms);
}

async function latestReport(id: string): Promise<Record<string, any> | undefined> {
  const res = await call('fileValidation/getReports');
  return (res.json.reports as Record<string, any>[]).find((r) => r.id === id);
}

/** The report's outcome as the screen shows it, with the log's first problem and its size. */
async function outcomeOf(report: Record<string, any>): Promise<string> {
  if (report.processIndicator !== 'SUCCESS') return `${report.processIndicator}: ${report.error}`;
  const log = await call('fileValidation/getLogFile', { id: report.id });
  const lines = Buffer.from(log.json.fileData.data, 'base64').toString('utf8').split(/\r?\n/).filter(Boolean);
  // The last problem listed: where reading stopped, when it did.
  const last = lines.at(-2) ?? '';
  return `${report.validationStatus ? 'valid' : 'invalid'}, ${report.rowCount} rows, ${report.errorCount} problems; last: ${last.length > 150 ? `${last.slice(0, 150)}…` : last}`;
}

async function measure(shape: string, make: () => string, idleMb: number): Promise<Figures> {
  const csv = make();
  const form = new FormData();
  form.append('validationType', TYPE);
  form.append('user', JSON.stringify({ firstname: 'Bench', lastname: 'Shapes' }));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'shape.csv');
  let peak = rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  const t0 = now();
  const upload = await call('fileValidation/upload', form);
  if (upload.status !== 200) throw new Error(`${shape}: upload ${upload.status} ${JSON.stringify(upload.json)}`);
  const uploaded = now();
  const id = upload.json.report.id as string;
  let report: Record<string, any> | undefined;
  for (;;) {
    report = await latestReport(id);
    if (report && !report.isProcessing) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = now();
  clearInterval(sampler);
  const during = await answersBetween(t0, done);
  const duringUpload = await answersBetween(t0, uploaded);
  const duringValidation = await answersBetween(uploaded, done);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const after = rssMb();
  return {
    shape,
    mb: Buffer.byteLength(csv) / MB,
    seconds: (done - t0) / 1000,
    healthzMax: Math.max(...during),
    healthzP99: percentile(during, 99),
    uploadMax: Math.max(...duringUpload),
    validationMax: Math.max(0, ...duringValidation),
    answered: during.length,
    peakAboveIdle: peak - idleMb,
    afterAboveIdle: after - idleMb,
    outcome: await outcomeOf(report),
  };
}

try {
  await ready;
  await signIn();
  const loadBefore = os.loadavg();
  // Warm-up: the upload and validation paths are loaded and compiled, and the database has taken
  // a few MB, before anything is measured (a server's first large upload costs more, once).
  for (const content of [example, example + validRow.concat('\n').repeat((4 * MB) / validRow.length)]) {
    const form = new FormData();
    form.append('validationType', TYPE);
    form.append('file', new Blob([content], { type: 'text/csv' }), 'warm-up.csv');
    const warm = await call('fileValidation/upload', form);
    if (warm.status !== 200) throw new Error(`warm-up upload: ${warm.status} ${JSON.stringify(warm.json)}`);
    while ((await latestReport(warm.json.report.id))?.isProcessing) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleMb = rssMb();
  // The server doing nothing but its own background work (job polling), for comparison.
  const idleFrom = now();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idle = await answersBetween(idleFrom, now());
  const rows: Figures[] = [];
  for (const [shape, make] of SHAPES) rows.push(await measure(shape, make, idleMb));
  const loadAfter = os.loadavg();

  const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(8);
  const mbs = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(0)} MB`.padStart(8);
  console.log(`\nHostile CSV files on ${dataDir ? 'PGlite' : 'PostgreSQL'}, Node ${process.version}, ${os.cpus().length} cores; server idle at ${idleMb.toFixed(0)} MB resident`);
  console.log(`load average before ${loadBefore.map((l) => l.toFixed(2)).join(', ')}; after ${loadAfter.map((l) => l.toFixed(2)).join(', ')}`);
  console.log('/healthz: the slowest answer and the 99th percentile from the upload to the outcome, then the slowest while uploading and while validating; memory: resident, above idle, at its peak and 5 s after');
  console.log(`${'shape'.padEnd(26)}${'size'.padStart(8)}${'time'.padStart(8)}  ${'max'.padStart(8)}${'p99'.padStart(8)}${'upload'.padStart(8)}${'valid.'.padStart(8)}${'asked'.padStart(7)}  ${'peak'.padStart(8)}${'after'.padStart(8)}  outcome`);
  console.log(`${'(idle, 5 s)'.padEnd(26)}${''.padStart(16)}  ${ms(Math.max(...idle))}${ms(percentile(idle, 99))}${''.padStart(16)}${String(idle.length).padStart(7)}`);
  for (const r of rows) {
    console.log(
      `${r.shape.padEnd(26)}${`${r.mb.toFixed(1)} MB`.padStart(8)}${`${r.seconds.toFixed(1)} s`.padStart(8)}  ${ms(r.healthzMax)}${ms(r.healthzP99)}${ms(r.uploadMax)}${ms(r.validationMax)}${String(r.answered).padStart(7)}  ${mbs(r.peakAboveIdle)}${mbs(r.afterAboveIdle)}  ${r.outcome}`,
    );
  }
} finally {
  probe.kill('SIGTERM');
  await stop();
}
