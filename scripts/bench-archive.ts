/**
 * Enquiry archive benchmark: `npm run bench:archive`.
 * On a clone of the `large` PostgreSQL data (never the original): ages the clone's live enquiries
 * so that about a million are past their thresholds, then runs the nightly archive job while one
 * client searches without pause and another saves enquiries (about 20 a second). Reports the total
 * time, rows/s, the longest batch transaction (the longest any lock of the job is held), and the
 * searches' and saves' p50/p95 before and during the run. The clone is dropped at the end.
 *
 *   BENCH_SOURCE_DB   database to clone (default fnc_large)
 *   BENCH_SERVER      server URL without database (default postgres://fnc_test:fnc_test@127.0.0.1:5432)
 *   BENCH_AGE=0       skip the UPDATE that makes the other live statuses archivable (~590k rows instead of ~920k)
 *   BENCH_COMPANIES   archive only the first N lease companies (a shorter run)
 *   BENCH_REST_RATIO  the job's rest after each batch, as a multiple of the batch's time (default the product's)
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { runNightly } from '../server/jobs/nightly/runner';
import { ARCHIVE_BATCH_ROWS, ARCHIVE_REST_RATIO, makeArchiveJob } from '../server/jobs/nightly/archive';
import { benchApp, benchSession, percentile } from './lib/benchSession';

const SERVER = process.env.BENCH_SERVER ?? 'postgres://fnc_test:fnc_test@127.0.0.1:5432';
const SOURCE = process.env.BENCH_SOURCE_DB ?? 'fnc_large';
const CLONE = 'fnc_archive_bench';
/** Far enough ahead that every archivable enquiry of the data is past its threshold. */
const DAY = '2030-01-01';
/** Statuses left live, so saves have rows to change while the others are archived. */
const KEPT_STATUS = 'BID_ACCEPTED';
const BASELINE_SEARCHES = 300;
const SAVE_EVERY_MS = 50;

const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
await admin.connect();
const log = (line: string) => console.log(line);

/** CREATE DATABASE … TEMPLATE needs the source idle: tries again for a minute. */
async function cloneSource(): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${CLONE}`);
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${CLONE} TEMPLATE ${SOURCE}`);
      return;
    } catch (err) {
      if (!/being accessed by other users/.test(String(err)) || attempt >= 60) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const summary = (xs: number[]) => `p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}, max ${ms(Math.max(...xs))} (n=${xs.length})`;

let t0 = performance.now();
await cloneSource();
log(`cloned ${SOURCE} into ${CLONE} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.env.DATABASE_URL = `${SERVER}/${CLONE}`;
const { app, services, db } = await benchApp();
try {
  await db.migrate();
  if (process.env.BENCH_AGE !== '0') {
    t0 = performance.now();
    const aged = await db.query<{ n: number }>(
      `WITH u AS (UPDATE enquiries SET status = 'INVOICED' WHERE status NOT IN ('DECLINED_TO_BID', 'BID_NOT_SELECTED', 'CANCELLED', 'INVOICED', '${KEPT_STATUS}') RETURNING 1) SELECT count(*)::int AS n FROM u`,
    );
    await db.query('VACUUM ANALYZE enquiries');
    log(`aged ${aged[0].n} live enquiries to INVOICED in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const session = await benchSession(services, base, { email: 'bench-archive@bench.local', password: 'bench archive password 1', role: 'SUPER_ADMIN', lastname: 'Archive' });
  let key = (await session.call('GET', 'session/getSessionToken')).key as string;
  const refreshKey = setInterval(async () => (key = (await session.call('GET', 'session/getSessionToken')).key as string), 120_000);

  // Searches as the console sends them: a live enquiry by number, the archive by number, a supplier by name.
  const numbers = (await db.query<{ v: string }>(`SELECT enquiry_number AS v FROM enquiries ORDER BY random() LIMIT 200`)).map((r) => r.v);
  const suppliers = (await db.query<{ v: string }>(`SELECT split_part(name, ' ', 1) AS v FROM suppliers ORDER BY seq LIMIT 50`)).map((r) => r.v);
  let n = 0;
  /** Each search's time, by collection (the archive's indexes grow during the run, the live ones lose rows). */
  const byCollection = new Map<string, number[]>();
  async function search(): Promise<number> {
    const i = n++;
    const [collection, params] =
      i % 3 === 0 ? ['enquiries', { q: numbers[i % numbers.length], query_by: 'enquiryNumber', per_page: '10' }]
      : i % 3 === 1 ? ['archivedEnquiries', { q: numbers[i % numbers.length], query_by: 'enquiryNumber', per_page: '10' }]
      : ['suppliers', { q: suppliers[i % suppliers.length], query_by: 'name,address', facet_by: 'status', per_page: '25' }];
    // Every request distinct (for the cache only), so each one runs its statement.
    const url = `${base}/api/v1/search/collections/${collection}/documents/search?${new URLSearchParams({ ...params, max_facet_values: String(10 + i) })}`;
    const s = performance.now();
    const res = await fetch(url, { headers: { 'x-typesense-api-key': key } });
    await res.json();
    if (!res.ok) throw new Error(`search ${res.status}`);
    const took = performance.now() - s;
    byCollection.set(collection, [...(byCollection.get(collection) ?? []), took]);
    return took;
  }
  // Saves of enquiries that stay live, each its own short transaction, as a handler's update is.
  const kept = (await db.query<{ id: string }>(`SELECT id FROM enquiries WHERE status = '${KEPT_STATUS}' ORDER BY random() LIMIT 500`)).map((r) => r.id);
  let s = 0;
  async function save(): Promise<number> {
    const id = kept[s++ % kept.length];
    const start = performance.now();
    await db.query(`UPDATE enquiries SET description = $2, version = version + 1, modified_at = now() WHERE id = $1`, [id, `bench save ${s}`]);
    return performance.now() - start;
  }

  const before: number[] = [];
  for (let i = 0; i < BASELINE_SEARCHES; i++) before.push(await search());
  const savesBefore: number[] = [];
  for (let i = 0; i < 100; i++) savesBefore.push(await save());

  // Each batch is one transaction of the job: timed from begin to commit.
  const batches: number[] = [];
  const transaction = services.db.transaction.bind(services.db);
  services.db.transaction = (async (fn: Parameters<typeof transaction>[0], config?: Parameters<typeof transaction>[1]) => {
    const start = performance.now();
    try {
      return await transaction(fn, config);
    } finally {
      batches.push(performance.now() - start);
    }
  }) as typeof transaction;

  const limit = Number(process.env.BENCH_COMPANIES ?? 0);
  const restRatio = Number(process.env.BENCH_REST_RATIO ?? ARCHIVE_REST_RATIO);
  const archiveJob = makeArchiveJob({ restRatio });
  const job = limit ? { ...archiveJob, leaseCompanies: async (d: typeof services.db, day: string) => (await archiveJob.leaseCompanies(d, day, services.files)).slice(0, limit) } : archiveJob;
  t0 = performance.now();
  const companies = await job.leaseCompanies(services.db, DAY, services.files);
  const listMs = performance.now() - t0;
  const [{ eligible }] = await db.query<{ eligible: number }>(`SELECT count(*)::int AS eligible FROM enquiries WHERE status IN ('DECLINED_TO_BID', 'BID_NOT_SELECTED', 'CANCELLED', 'INVOICED')`);
  log(`${companies.length} lease companies to archive (listed in ${ms(listMs)}); ${eligible} archivable enquiries; batches of ${ARCHIVE_BATCH_ROWS}, resting ${restRatio}× a batch's time after each`);
  const archivedBefore = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM archived_enquiries'))[0].n);

  const beforeBy = new Map(byCollection);
  byCollection.clear();
  let running = true;
  const during: number[] = [];
  const savesDuring: number[] = [];
  const searching = (async () => {
    while (running) during.push(await search());
  })();
  const saving = (async () => {
    while (running) {
      savesDuring.push(await save());
      await new Promise((r) => setTimeout(r, SAVE_EVERY_MS));
    }
  })();
  t0 = performance.now();
  const result = await runNightly(services, job, { day: DAY }, {}, { id: 'bench', queue: archiveJob.queue, retryCount: 0, retryLimit: 0 });
  const seconds = (performance.now() - t0) / 1000;
  running = false;
  await Promise.all([searching, saving]);
  clearInterval(refreshKey);
  services.db.transaction = transaction;

  const archived = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM archived_enquiries'))[0].n) - archivedBefore;
  const failed = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM process_logs WHERE type = 'ENQUIRY_ARCHIVE' AND run_day = $1 AND NOT is_success`, [DAY]);
  log(`\nrun: ${JSON.stringify(result)}; failed entries ${failed[0].n}`);
  log(`archived ${archived} enquiries in ${seconds.toFixed(1)} s: ${(archived / seconds).toFixed(0)} rows/s`);
  log(`transactions of the run (${batches.length}, the batches and their entries' updates): ${summary(batches)}; longest lock held ≈ longest transaction ${ms(Math.max(...batches))}`);
  log(`search before the run:  ${summary(before)}`);
  log(`search during the run:  ${summary(during)}`);
  for (const [collection, times] of byCollection) log(`  ${collection.padEnd(18)} before ${summary(beforeBy.get(collection) ?? [0])} | during ${summary(times)}`);
  log(`saves before the run:   ${summary(savesBefore)}`);
  log(`saves during the run:   ${summary(savesDuring)}`);
} finally {
  await app.close();
  await db.close().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${CLONE} WITH (FORCE)`);
  await admin.end();
}
