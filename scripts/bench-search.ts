/**
 * Search benchmark: `npm run bench:search`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:search      (targets: the `large` data on PostgreSQL 15)
 *   DATA_DIR=./data npm run bench:search                           (PGlite; seeds the small data when empty)
 * Signs in a bench admin through the real API (passcode read from mail_outbox), takes the session's
 * search key, then times each scenario over HTTP and the same SQL run directly, and drives
 * scenario (a) with autocannon. The HTTP load comes from a child process (this file again, with
 * BENCH_CHILD=1), so the client's CPU is not charged to the server's event loop.
 *
 * Two runs per scenario:
 *   uncached  every request is distinct (max_facet_values varies, which changes no database work
 *             but is part of the cache key), so each one runs its statement;
 *   cached    the spec's run: 50 sample queries repeated, answered from the cache after warm-up.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

/** The load generator: runs in a child process, driven over IPC. */
interface ChildJob {
  kind: 'sequential' | 'cannon';
  urls: string[];
  key: string;
  warmup: number;
  seconds?: number;
}
if (process.env.BENCH_CHILD === '1') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string, key: string) =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(url, { agent, headers: { 'x-typesense-api-key': key } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - t0;
            if (res.statusCode !== 200) return reject(new Error(`${res.statusCode} ${Buffer.concat(chunks).toString()}`));
            JSON.parse(Buffer.concat(chunks).toString());
            resolve(ms);
          });
        })
        .on('error', reject);
    });
  process.on('message', async (job: ChildJob) => {
    try {
      if (job.kind === 'sequential') {
        const times: number[] = [];
        for (let i = 0; i < job.urls.length; i++) {
          const ms = await get(job.urls[i], job.key);
          if (i >= job.warmup) times.push(ms);
        }
        process.send!({ times });
      } else {
        const paths = job.urls.map((u) => {
          const x = new URL(u);
          return x.pathname + x.search;
        });
        let n = 0;
        const r = await autocannon({
          url: job.urls[0],
          connections: 20,
          duration: job.seconds,
          headers: { 'x-typesense-api-key': job.key },
          requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
        });
        process.send!({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
      }
    } catch (err) {
      process.send!({ error: String(err) });
    }
  });
  process.send!({ ready: true });
  await new Promise(() => undefined);
}
import { getCollection } from '../server/search/collections';
import { SearchEngine } from '../server/search/engine';
import { benchApp, benchSession, percentile } from './lib/benchSession';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 50;
/** One sign-in per run; another address (BENCH_EMAIL) sidesteps the per-account sign-in limit after many runs. */
const EMAIL = process.env.BENCH_EMAIL ?? 'bench-search@bench.local';
const PASSWORD = 'bench search password 1';

const child = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, BENCH_CHILD: '1' }, execArgv: process.execArgv });
await new Promise<void>((resolve) => child.once('message', () => resolve()));
function inChild<T>(job: ChildJob): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m: T & { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m)));
    child.send(job);
  });
}

const { app, services, db } = await benchApp({ jobs: true });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const session = await benchSession(services, base, { email: EMAIL, password: PASSWORD, role: 'SUPER_ADMIN', lastname: 'Search' });
const call = session.call;
const signIn = async () => (await call('GET', 'session/getSessionToken')).key as string;
let key = await signIn();
/** A fresh key of the same session (keys live five minutes; signing in again each time would trip the sign-in limits). */
const freshKey = async () => (await call('GET', 'session/getSessionToken')).key as string;

// Inputs taken from the data, so every query finds something.
const pick = async (sql: string) => (await db.query<{ v: string }>(sql)).map((r) => r.v).filter(Boolean);
const words = (names: string[]) => names.map((n) => n.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? n.split(/\s+/)[0]);
const samples = {
  supplier: words(await pick('SELECT name AS v FROM suppliers ORDER BY seq LIMIT 50')),
  customer: words(await pick('SELECT name AS v FROM lease_companies ORDER BY seq LIMIT 50')),
  enquiry: await pick('SELECT enquiry_number AS v FROM enquiries ORDER BY seq DESC LIMIT 50'),
  vehicle: await pick('SELECT vrm AS v FROM vehicles ORDER BY seq LIMIT 50'),
  user: await pick('SELECT email AS v FROM users ORDER BY seq LIMIT 50'),
};

interface Scenario {
  name: string;
  collection: string;
  target: number;
  params: (i: number) => Record<string, string>;
}
const at = <T>(xs: T[], i: number) => xs[i % xs.length];
const scenarios: Scenario[] = [
  { name: '(a) supplier text search + status facet, 25/page', collection: 'suppliers', target: 25, params: (i) => ({ q: at(samples.supplier, i), query_by: 'name,address', facet_by: 'status', per_page: '25' }) },
  { name: '(b) customer search', collection: 'leaseCompanyIndex', target: 25, params: (i) => ({ q: at(samples.customer, i), query_by: 'name,address', facet_by: 'status', sort_by: 'name:asc', per_page: '25' }) },
  { name: '(c) enquiry by number', collection: 'enquiries', target: 5, params: (i) => ({ q: at(samples.enquiry, i), query_by: 'enquiryNumber', per_page: '10' }) },
  { name: '(d) vehicle by registration', collection: 'vehicles', target: 5, params: (i) => ({ q: at(samples.vehicle, i), query_by: 'vrm', per_page: '10' }) },
  { name: '(e) user by e-mail', collection: 'users', target: 5, params: (i) => ({ q: at(samples.user, i), query_by: 'email', per_page: '10' }) },
];
/** Request i of a run: the same query, made distinct (for the cache only) in the uncached run. */
const paramsOf = (sc: Scenario, i: number, distinct: boolean) => (distinct ? { ...sc.params(i), max_facet_values: String(10 + i) } : sc.params(i));

const pct = percentile;
const fmt = (n: number) => n.toFixed(2).padStart(7);
// The direct runs use an engine of their own, so they share no cache with the server.
const engine = new SearchEngine(db);
const pglite = db.kind === 'pglite';
let failures = 0;
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

/** The statements the engine would run for these parameters, run directly (no HTTP, no cache). */
async function direct(collection: string, params: Record<string, string>): Promise<number> {
  const compiled = engine.compile(getCollection(collection)!, params);
  const t0 = performance.now();
  const rows = await db.searchQuery<{ found: unknown }>(compiled.exact.text, compiled.exact.values);
  if (compiled.fuzzy && Number(rows[0]?.found ?? 0) === 0) {
    const typo = compiled.fuzzy();
    await db.searchQuery(typo.text, typo.values);
  }
  return performance.now() - t0;
}

for (const distinct of [true, false]) {
  report(`\n${distinct ? 'UNCACHED (every request distinct)' : 'CACHED (the spec run: 50 sample queries repeated)'}`);
  for (const sc of scenarios) {
    key = await freshKey();
    const urls = Array.from({ length: WARMUP + REQUESTS }, (_, i) => `${base}/api/v1/search/collections/${sc.collection}/documents/search?${new URLSearchParams(paramsOf(sc, i, distinct))}`);
    // Interleaved, one HTTP request then the same statements directly, so that both see the same
    // machine: a drift in load between two separate passes would skew the ratio.
    const http: number[] = [];
    const sql: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const { times } = await inChild<{ times: number[] }>({ kind: 'sequential', urls: [urls[i]], key, warmup: 0 });
      const ms = await direct(sc.collection, paramsOf(sc, i, distinct));
      if (i >= WARMUP) {
        http.push(times[0]);
        sql.push(ms);
      }
    }
    const target = pglite ? 50 : sc.target;
    const p95 = pct(http, 95);
    const ratio = pct(http, 50) / pct(sql, 50);
    // The 1.5× overhead bound compares a search with its own SQL; a cached answer runs none.
    const ok = p95 <= target && (pglite || !distinct || ratio <= 1.5);
    if (!ok) failures++;
    report(
      `${sc.name.padEnd(50)} http p50 ${fmt(pct(http, 50))} p95 ${fmt(p95)} p99 ${fmt(pct(http, 99))} ms | sql p50 ${fmt(pct(sql, 50))} p95 ${fmt(pct(sql, 95))} p99 ${fmt(pct(sql, 99))} ms | http/sql p50 ${ratio.toFixed(2)}× | target p95 ≤ ${target} ms ${ok ? 'OK' : 'MISSED'}`,
    );
  }
}

const a = scenarios[0];
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
for (const distinct of [true, false]) {
  key = await freshKey();
  // Uncached: 100k distinct requests, more than any run sends; cached: the spec's single query.
  const urls = distinct
    ? Array.from({ length: 100_000 }, (_, i) => `${base}/api/v1/search/collections/${a.collection}/documents/search?${new URLSearchParams(paramsOf(a, i, true))}`)
    : [`${base}/api/v1/search/collections/${a.collection}/documents/search?${new URLSearchParams(a.params(0))}`];
  const r = await inChild<{ rps: number; p50: number; p99: number; non2xx: number; errors: number }>({ kind: 'cannon', urls, key, warmup: 0, seconds });
  const ok = pglite || r.rps >= 1500;
  if (!ok && !distinct) failures++;
  report(
    `autocannon (a) ${distinct ? 'uncached' : 'cached  '}, 20 connections, ${seconds} s: ${r.rps.toFixed(0)} req/s, latency p50 ${r.p50} ms p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors} | target ≥ 1500 req/s ${ok ? 'OK' : 'MISSED'}`,
  );
}
const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim();
report(`database: ${db.kind}; ${REQUESTS} timed requests per scenario after ${WARMUP} warm-up; load generator in a child process; /proc/loadavg at the end: ${load}`);
child.kill();
await app.close();
process.exit(failures ? 1 : 0);
