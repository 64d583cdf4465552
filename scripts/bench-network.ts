/**
 * Network import and export benchmark: `npm run bench:network`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:network   (the targets: the `large` data on PostgreSQL)
 *   DATA_DIR=./data npm run bench:network                        (PGlite with whatever data it holds)
 * A bench customer is linked to every group, so its network is every supplier; a 25 MB file of
 * valid rows for it is generated, stored as an upload is, then:
 *   raw parse      the stored file streamed through the import's CSV reader, nothing else;
 *   validation     the validation job on that file (target: at most 2 × the raw parse);
 *   persist        the persist job, every row new, in one transaction (target: 30 s on PostgreSQL);
 *   exports        the largest linked group's network, and a DI-sized export of 100,000 suppliers (5 s each);
 *   memory         the peak growth of the process's resident memory over all of it (target: 200 MB).
 * Everything the bench adds is removed at the end.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { systemClock } from '../server/clock';
import { customerNetworkTerms, files, leaseCompanies, leaseGroupLinks, networkImports } from '../server/db/schema';
import { readCsvRecords } from '../server/files/csvReader';
import { readFileStream, writeFileStream } from '../server/files/storage';
import { validateImport } from '../server/jobs/network/validate';
import { persistImport } from '../server/jobs/network/persist';
import { writeNetworkExport } from '../server/jobs/network/export';
import { rowsOf } from '../server/jobs/network/lookup';
import type { Services } from '../server/services';
import { createFileStore } from '../server/integrations/files';
import { CUSTOMER_NETWORK_FORMAT, NETWORK_IMPORT_MAX_BYTES, headerRow, serialiseRow } from '../domain/network';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
await database.migrate();
const db = database.db;
const quiet = { info() {}, error: console.error, warn: console.warn, debug() {}, trace() {}, fatal: console.error, child: () => quiet, level: 'error' };
const services = { config, database, db, clock: systemClock, log: quiet, files: createFileStore(config.files) } as unknown as Services;
const ctx = { services, hooks: {} };
const job = { id: 'bench', queue: 'bench', retryCount: 0, retryLimit: 0 };

// Peak resident memory, sampled while the work runs.
let peakRss = 0;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const sampler = setInterval(sample, 20);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const baseRss = process.memoryUsage().rss;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  sample();
  return [out, performance.now() - t0];
}

const leaseId = crypto.randomUUID();
const tmp = path.join(os.tmpdir(), `network-bench-${process.pid}.csv`);
const fileIds: string[] = [];
let importId: string | null = null;
try {
  // --- the bench customer, linked to every group
  await db.insert(leaseCompanies).values({ id: leaseId, diCustomerId: `CB${process.pid}`, name: 'Network Bench Lease', customerType: 'DIRECT', rateCardType: 'VISN', currency: 'GBP', config: {} as never });
  await database.query(
    `INSERT INTO lease_group_links (lease_company_id, group_id, service_group_name, status) SELECT $1, id, name, 'ACTIVE' FROM supplier_groups`,
    [leaseId],
  );
  const [{ n: supplierCount }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM suppliers');

  // --- a 25 MB file of valid rows (notes pad each row so the file reaches the limit)
  const [gen, genMs] = await timed(async () => {
    const out = fs.openSync(tmp, 'w');
    let bytes = 0;
    let rows = 0;
    const write = (text: string) => {
      fs.writeSync(out, text);
      bytes += Buffer.byteLength(text);
    };
    write(stringify([headerRow(CUSTOMER_NETWORK_FORMAT)]));
    const perRow = Math.floor((NETWORK_IMPORT_MAX_BYTES - 200) / Math.max(1, supplierCount));
    let after = 0;
    outer: for (;;) {
      const batch = await rowsOf<{ seq: number; supplier_id: string; name: string; group_code: string }>(
        db,
        sql`SELECT s.seq, s.supplier_id, s.name, g.group_id AS group_code FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id WHERE s.seq > ${after} ORDER BY s.seq LIMIT 5000`,
      );
      if (batch.length === 0) break;
      for (const r of batch) {
        const base = serialiseRow(CUSTOMER_NETWORK_FORMAT, {
          supplierId: r.supplier_id, supplierName: r.name, groupId: r.group_code, inNetwork: rows % 20 !== 0, preferred: rows % 7 === 0,
          labourRate: 5500 + (rows % 80) * 100, partsDiscount: (rows % 30) * 100, motRate: rows % 3 ? 5485 : null, authorisationLimit: 25_000 + (rows % 10) * 5000, notes: '',
        });
        const used = Buffer.byteLength(stringify([base]));
        const pad = Math.max(0, Math.min(500, perRow - used - 2));
        base[base.length - 1] = pad > 0 ? `Agreed terms ${'x'.repeat(Math.max(0, pad - 13))}`.slice(0, pad) : '';
        const line = stringify([base]);
        if (bytes + Buffer.byteLength(line) > NETWORK_IMPORT_MAX_BYTES) break outer;
        write(line);
        rows++;
      }
      after = Number(batch[batch.length - 1].seq);
    }
    fs.closeSync(out);
    return { bytes, rows };
  });

  // --- stored as an upload is
  const [stored, storeMs] = await timed(() => writeFileStream(services.files, db, { name: 'network-bench.csv', contentType: 'text/csv' }, fs.createReadStream(tmp)));
  fileIds.push(stored.id);

  // --- raw parse: the same stream and parser, no checks (best of two)
  const rawParse = async () => {
    const file = await readFileStream(services.files, db, stored.id);
    let records = 0;
    for await (const batch of readCsvRecords(file!.stream)) records += batch.length;
    return records;
  };
  const [records, raw1] = await timed(rawParse);
  const [, raw2] = await timed(rawParse);
  const rawMs = Math.min(raw1, raw2);

  // --- validation job
  const [row] = await db
    .insert(networkImports)
    .values({ leaseCompanyId: leaseId, fileName: 'network-bench.csv', archiveFileId: stored.id, uploadedBy: { firstname: 'Bench', lastname: 'Mark' } })
    .returning();
  importId = row.id;
  const [, validateMs] = await timed(() => validateImport(ctx, { importId: row.id, adminId: null }, job));
  const [validated] = await db.select().from(networkImports).where(eq(networkImports.id, row.id));
  if (validated.logFileId) fileIds.push(validated.logFileId);
  if (validated.validationStatus !== true) throw new Error(`validation failed: ${validated.error ?? 'see the log file'}`);

  // --- persist job
  await db.update(networkImports).set({ isProcessing: true, processIndicator: 'LOADING' }).where(eq(networkImports.id, row.id));
  const [, persistMs] = await timed(() => persistImport(ctx, { importId: row.id, adminId: null, person: { firstname: 'Bench', lastname: 'Mark' } }, job));
  const [persisted] = await db.select().from(networkImports).where(eq(networkImports.id, row.id));
  if (persisted.importStatus !== true) throw new Error(`persist failed: ${persisted.error}`);

  // --- exports
  const [largest] = await rowsOf<{ group_id: string; n: number }>(db, sql`SELECT group_id, count(*)::int AS n FROM suppliers GROUP BY group_id ORDER BY n DESC LIMIT 1`);
  const [groupExport, groupMs] = await timed(() =>
    writeNetworkExport(services.files, db, { isDi: false, leaseCompanyId: leaseId, groupId: largest.group_id, supplierType: 'All', motClass: null, liveOnly: false }, { name: 'bench-group.csv', createdBy: null }),
  );
  fileIds.push(groupExport.file.id);
  const [diExport, diMs] = await timed(() =>
    writeNetworkExport(services.files, db, { isDi: true, leaseCompanyId: null, groupId: null, supplierType: 'All', motClass: null, liveOnly: false, everySupplier: true }, { name: 'bench-di.csv', createdBy: null }),
  );
  fileIds.push(diExport.file.id);
  clearInterval(sampler);
  sample();

  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const growth = peakRss - baseRss;
  const ratio = validateMs / rawMs;
  const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(`Network bench on ${database.kind}: ${supplierCount} suppliers; file ${mb(gen.bytes)} MB, ${gen.rows} rows (generated in ${s(genMs)}, stored in ${s(storeMs)})`);
  console.log(`  raw parse (CSV reader, no checks)  ${s(rawMs)}   ${records - 1} rows`);
  console.log(`  validation job                     ${s(validateMs)}   ${ratio.toFixed(2)} × raw parse   target ≤ 2 ×   ${check(ratio <= 2)}`);
  console.log(`  persist job (one transaction)      ${s(persistMs)}   ${persisted.changedCount} rows written   target ≤ 30 s   ${check(persistMs <= 30_000)}`);
  console.log(`  export, largest group              ${s(groupMs)}   ${groupExport.rows} rows, ${mb(groupExport.file.size)} MB   target ≤ 5 s   ${check(groupMs <= 5000)}`);
  console.log(`  export, DI-sized (every supplier)  ${s(diMs)}   ${diExport.rows} rows, ${mb(diExport.file.size)} MB   target ≤ 5 s   ${check(diMs <= 5000)}`);
  console.log(`  peak memory growth                 ${mb(growth)} MB (rss ${mb(baseRss)} → ${mb(peakRss)} MB)   target ≤ 200 MB   ${check(growth <= 200 * 1024 * 1024)}`);
} finally {
  clearInterval(sampler);
  fs.rmSync(tmp, { force: true });
  await db.delete(customerNetworkTerms).where(eq(customerNetworkTerms.leaseCompanyId, leaseId));
  if (importId) await db.delete(networkImports).where(eq(networkImports.id, importId));
  await db.delete(leaseGroupLinks).where(eq(leaseGroupLinks.leaseCompanyId, leaseId));
  await db.delete(leaseCompanies).where(eq(leaseCompanies.id, leaseId));
  if (fileIds.length) await db.delete(files).where(inArray(files.id, fileIds));
  services.files.close();
  await database.close();
}
