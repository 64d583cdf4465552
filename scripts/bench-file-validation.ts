/**
 * File validation benchmark: `npm run bench:file-validation`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:file-validation   (target: the `large` data on PostgreSQL 15)
 *   DATA_DIR=./data npm run bench:file-validation                        (PGlite; seeds the small data when empty)
 * Builds a 100,000-row file (BENCH_ROWS) of the widest validation type from its example rows
 * (tests/fixtures/fileValidation/{type}.valid.csv) with unique keys per row and a customer of the
 * database, stores it as an upload is stored, then times
 *   1. the raw parse: the stored file streamed through the jobs' CSV reader, records counted;
 *   2. the validation: the job's checkFile (cells, row rules, unique keys, database checks in
 *      batches, log rows written), sampling resident memory every 20 ms.
 * Target (issue): validation within 2× the raw parse, with under 200 MB of extra memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { FILE_VALIDATION_TYPES } from '../domain/fileValidation';
import { logRow } from '../domain/network/format';
import { readCsvRecords } from '../server/files/csvReader';
import { deleteFile, readFileStream, writeFileStream } from '../server/files/storage';
import { checkFile } from '../server/jobs/fileValidation/validate';
import { benchApp } from './lib/benchSession';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TODAY = new Date().toISOString().slice(0, 10);

const { app, services, db } = await benchApp();

const type = [...FILE_VALIDATION_TYPES].sort((a, b) => b.columns.length - a.columns.length)[0];
const [lease] = await db.query<{ di: string }>("SELECT di_customer_id AS di FROM lease_companies WHERE status = 'ACTIVE' ORDER BY seq LIMIT 1");
const example = parseSync(fs.readFileSync(path.resolve(`tests/fixtures/fileValidation/${type.id}.valid.csv`)), { bom: true }) as string[][];
const [header, ...samples] = example;
const at = (key: string) => header.indexOf(type.columns.find((c) => c.key === key)!.header);

/** A distinct value of a key column for row n, of the column's kind. */
function uniqueValue(key: string, n: number, sample: string): string {
  const kind = type.columns.find((c) => c.key === key)!.kind;
  const letters = (k: number, len: number) => Array.from({ length: len }, (_, i) => 'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(k / 23 ** i) % 23]).join('');
  if (kind.type === 'vrm') return `${letters(n, 2)}${String(21 + (n % 4)).padStart(2, '0')}${letters(Math.floor(n / 529), 3)}`;
  if (kind.type === 'email') return `driver${n}@bench.example`;
  if (kind.type === 'pattern') return `${letters(n, 6)}${String(n).padStart(11, '0')}`.slice(0, 17);
  return `${sample.slice(0, 8)}${n}`;
}
const keys = [...new Set((type.unique ?? []).flat())];
const lines: string[] = [stringify([header])];
for (let n = 0; n < ROWS; n++) {
  const row = [...samples[n % samples.length]];
  row[at('customerId')] = lease.di;
  if (type.columns.some((c) => c.key === 'subCustomer')) row[at('subCustomer')] = '';
  for (const key of keys) row[at(key)] = uniqueValue(key, n, row[at(key)]);
  lines.push(stringify([row]));
}
const csv = lines.join('');
const stored = await writeFileStream(services.files, services.db, { name: 'bench.csv', contentType: 'text/csv', createdBy: null }, [Buffer.from(csv)]);
console.log(`type ${type.id} (${type.columns.length} columns), ${ROWS} rows, ${(stored.size / 1024 / 1024).toFixed(1)} MB; database ${db.kind}`);

async function rawParse(): Promise<number> {
  const file = await readFileStream(services.files, services.db, stored.id);
  let records = 0;
  for await (const batch of readCsvRecords(file!.stream)) records += batch.length;
  return records;
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
try {
  for (let run = 1; run <= 3; run++) {
    global.gc?.();
    const t0 = performance.now();
    const records = await rawParse();
    const raw = performance.now() - t0;

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let logBytes = 0;
    const t1 = performance.now();
    const summary = await checkFile(services.files, services.db, stored.id, type, TODAY, async (errors) => {
      logBytes += stringify(errors.map(logRow)).length;
    });
    const validated = performance.now() - t1;
    clearInterval(sampler);
    const t2 = performance.now();
    await checkFile(services.files, services.db, stored.id, { ...type, dbChecks: [] }, TODAY, async () => undefined);
    const noDb = performance.now() - t2;
    console.log(
      `  without the database checks: ${noDb.toFixed(0)} ms = ${(noDb / raw).toFixed(2)}×`,
    );
    console.log(
      `run ${run}: raw parse ${raw.toFixed(0)} ms (${records} records); validation ${validated.toFixed(0)} ms = ${(validated / raw).toFixed(2)}× (${summary.rowCount} rows, ${summary.errorCount} problems, log ${mb(logBytes)} MB); memory ${mb(before)} → peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
    );
  }
} finally {
  await deleteFile(services.db, stored.id);
  await app.close();
}
