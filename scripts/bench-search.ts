/**
 * Search benchmark: `npm run bench:search`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:search      (targets: the `large` data on PostgreSQL 15)
 *   DATA_DIR=./data npm run bench:search                           (PGlite; seeds the small data when empty)
 * Signs in a bench admin through the real API and takes the session's search key, then sends the
 * console's search requests (scripts/lib/searchMix.ts: list opens, broad, narrow, prefix, typo,
 * multi-word and keyed lookups drawn from the data, every request different) in three runs:
 *   1 client     one request at a time, each followed by the same search run directly on an engine
 *                of its own (no HTTP, no cache), for the HTTP ÷ direct ratio per class;
 *   20 clients   the mix from 20 concurrent connections;
 *   + writes     the same with 5 writes a second to enquiries and suppliers (status changes, put
 *                back at the end), which invalidate cached answers and move the counts.
 * The HTTP load comes from a child process (this file again, with BENCH_CHILD=1), so the client's
 * CPU is not charged to the server's event loop. The server's resident memory is sampled
 * throughout; each 20-client run also prints its throughput and the CPU a request costs in the
 * server and in PostgreSQL (its processes on this machine). Sizes: BENCH_REQUESTS (1-client run, default 600), BENCH_CONCURRENT (each 20-client
 * run, default 4000).
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Sent {
  url: string;
  cls: string;
}
interface Timed {
  cls: string;
  ms: number;
  status: number;
}
/** The load generator: runs in a child process, driven over IPC. */
interface ChildJob {
  urls: Sent[];
  key: string;
  clients: number;
}
if (process.env.BENCH_CHILD === '1') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const get = (url: string, key: string) =>
    new Promise<{ ms: number; status: number }>((resolve) => {
      const t0 = performance.now();
      http
        .get(url, { agent, headers: { 'x-typesense-api-key': key } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - t0;
            if (res.statusCode === 200) JSON.parse(Buffer.concat(chunks).toString());
            resolve({ ms, status: res.statusCode ?? 0 });
          });
        })
        .on('error', () => resolve({ ms: performance.now() - t0, status: 0 }));
    });
  process.on('message', async (job: ChildJob) => {
    const out: Timed[] = new Array(job.urls.length);
    let next = 0;
    const client = async () => {
      for (let i = next++; i < job.urls.length; i = next++) out[i] = { cls: job.urls[i].cls, ...(await get(job.urls[i].url, job.key)) };
    };
    await Promise.all(Array.from({ length: job.clients }, client));
    process.send!({ timed: out });
  });
  process.send!({ ready: true });
  await new Promise(() => undefined);
}
import { getCollection } from '../server/search/collections';
import { SearchEngine } from '../server/search/engine';
import { searchEngines } from '../server/search/engines';
import { benchApp, benchSession, percentile } from './lib/benchSession';
import { buildMix, CLASSES, type MixRequest } from './lib/searchMix';

const ONE = Number(process.env.BENCH_REQUESTS ?? 600);
const MANY = Number(process.env.BENCH_CONCURRENT ?? 4000);
const WARMUP = 50;
const EMAIL = process.env.BENCH_EMAIL ?? 'bench-search@bench.local';
const PASSWORD = 'bench search password 1';

const child = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, BENCH_CHILD: '1' }, execArgv: process.execArgv });
await new Promise<void>((resolve) => child.once('message', () => resolve()));
const inChild = (job: ChildJob) =>
  new Promise<Timed[]>((resolve) => {
    child.once('message', (m: { timed: Timed[] }) => resolve(m.timed));
    child.send(job);
  });

const { app, services, db } = await benchApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const session = await benchSession(services, base, { email: EMAIL, password: PASSWORD, role: 'SUPER_ADMIN', lastname: 'Search' });
/** A fresh key of the same session: keys live five minutes. */
const freshKey = async () => (await session.call('GET', 'session/getSessionToken')).key as string;

const mix = await buildMix(db, WARMUP + ONE + 2 * MANY);
const urlOf = (r: MixRequest) => `${base}/api/v1/search/collections/${r.collection}/documents/search?${new URLSearchParams(r.params)}`;
const runs = { warm: mix.slice(0, WARMUP), one: mix.slice(WARMUP, WARMUP + ONE), many: mix.slice(WARMUP + ONE, WARMUP + ONE + MANY), writes: mix.slice(WARMUP + ONE + MANY) };

// The server's resident memory, sampled while the runs go.
const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);
let peak = rss();
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);

const pct = percentile;
const f = (n: number) => n.toFixed(1).padStart(7);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
let failures = 0;
const pglite = db.kind === 'pglite';

const mb = (n: number) => Math.round(n / 2 ** 20);
/** Where the server's memory is: V8's heap, buffers outside it, and the answer cache's own account. */
function memory() {
  const m = process.memoryUsage();
  const cache = searchEngines.get(services)?.cache;
  return `RSS ${mb(m.rss)} MB (peak ${peak}), heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, answer cache ${cache?.size ?? 0} answers ≈ ${mb(cache?.totalBytes ?? 0)} MB`;
}
function report(title: string, timed: Timed[], direct?: Map<string, number[]>) {
  console.log(`\n${title} (load ${loadavg()}; server ${memory()})`);
  for (const cls of ['all', ...CLASSES]) {
    const mine = cls === 'all' ? timed : timed.filter((t) => t.cls === cls);
    if (!mine.length) continue;
    const ms = mine.filter((t) => t.status === 200).map((t) => t.ms);
    const errors = mine.length - ms.length;
    const d = direct && (cls === 'all' ? [...direct.values()].flat() : direct.get(cls));
    const ratio = d?.length ? ` | direct p50 ${f(pct(d, 50))} p95 ${f(pct(d, 95))} ms, http ÷ direct p50 ${(pct(ms, 50) / pct(d, 50)).toFixed(2)}×` : '';
    console.log(`  ${cls.padEnd(22)} n ${String(mine.length).padStart(5)}  p50 ${f(pct(ms, 50))}  p95 ${f(pct(ms, 95))}  p99 ${f(pct(ms, 99))} ms  errors ${errors}${ratio}`);
  }
}
function target(what: string, value: number | undefined, limit: number, unit = 'ms') {
  // A small BENCH_REQUESTS may send no request of a class: nothing to judge, so not met.
  if (value === undefined || Number.isNaN(value)) {
    failures++;
    return console.log(`  target ${what}: no successful request of the class in this run`);
  }
  const ok = pglite || value <= limit;
  if (!ok) failures++;
  console.log(`  target ${what}: ${value.toFixed(1)} ${unit} ≤ ${limit} ${unit} ${pglite ? '(PGlite: not judged)' : ok ? 'OK' : 'MISSED'}`);
}
const p95Of = (timed: Timed[], cls: string) => pct(timed.filter((t) => t.cls === cls && t.status === 200).map((t) => t.ms), 95);

// Warm-up: connections, prepared statements, the buffer cache.
let key = await freshKey();
await inChild({ urls: runs.warm.map((r) => ({ url: urlOf(r), cls: r.cls })), key, clients: 4 });

// 1 client, each request then its direct run (interleaved, so both see the same machine).
const engine = new SearchEngine(db);
const direct = new Map<string, number[]>();
const one: Timed[] = [];
key = await freshKey();
for (const r of runs.one) {
  one.push(...(await inChild({ urls: [{ url: urlOf(r), cls: r.cls }], key, clients: 1 })));
  const t0 = performance.now();
  await engine.searchJson(getCollection(r.collection)!, r.params).catch(() => undefined);
  direct.set(r.cls, [...(direct.get(r.cls) ?? []), performance.now() - t0]);
}
report(`1 client, ${ONE} requests`, one, direct);
target('enquiries list open p95, 1 client', p95Of(one, 'enquiries list open'), 30);
target('suppliers "auto" p95, 1 client', p95Of(one, 'suppliers "auto"'), 30);
target('typo p95, 1 client', p95Of(one, 'typo'), 30);

/** CPU seconds used so far by the PostgreSQL server's processes on this machine (Linux; 0 elsewhere or remote). */
function postgresCpu(): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(f[11]) + Number(f[12]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks / 100;
}

async function concurrent(title: string, requests: MixRequest[]) {
  key = await freshKey();
  peak = rss();
  const [t0, node0, pg0] = [performance.now(), process.cpuUsage(), postgresCpu()];
  const timed = await inChild({ urls: requests.map((r) => ({ url: urlOf(r), cls: r.cls })), key, clients: 20 });
  const seconds = (performance.now() - t0) / 1000;
  const node = process.cpuUsage(node0);
  report(title, timed);
  // With every client always waiting on a request, latency is the clients over the throughput:
  // the CPU each request costs is what bounds it.
  const perRequest = (cpuSeconds: number) => ((cpuSeconds * 1000) / timed.length).toFixed(2);
  console.log(
    `  throughput ${(timed.length / seconds).toFixed(0)} requests/s; CPU per request: server ${perRequest((node.user + node.system) / 1e6)} ms, PostgreSQL ${perRequest(postgresCpu() - pg0)} ms`,
  );
  const ok = timed.filter((t) => t.status === 200).map((t) => t.ms);
  target(`${title}: p95`, pct(ok, 95), 50);
  target(`${title}: p99`, pct(ok, 99), 150);
  target(`${title}: errors`, timed.length - ok.length, 0, 'requests');
}
await concurrent(`20 clients, ${MANY} requests`, runs.many);

// 5 writes a second, alternating suppliers and enquiries: a status changed (and put back at the end).
const [{ s: suppliers }] = await db.query<{ s: number }>('SELECT max(seq)::int AS s FROM suppliers');
const [{ e: enquiries }] = await db.query<{ e: number }>('SELECT max(seq)::int AS e FROM enquiries');
const flipped: { table: string; seq: number; was: string }[] = [];
let writes = 0;
let writeErrors = 0;
const writer = setInterval(() => {
  const supplier = writes++ % 2 === 0;
  const table = supplier ? 'suppliers' : 'enquiries';
  const column = supplier ? 'unit_status' : 'status';
  const seq = 1 + Math.floor(Math.random() * (supplier ? suppliers : enquiries));
  const to = supplier ? `CASE WHEN ${column} = 'live' THEN 'cancelled' ELSE 'live' END` : `CASE WHEN ${column} = 'CANCELLED' THEN 'NEW' ELSE 'CANCELLED' END`;
  db.query<{ was: string }>(`UPDATE ${table} d SET ${column} = ${to}, modified_at = now() FROM (SELECT ${column} AS was FROM ${table} WHERE seq = $1) o WHERE d.seq = $1 RETURNING o.was`, [seq])
    .then((rows) => rows[0] && flipped.push({ table, seq, was: rows[0].was }))
    .catch(() => writeErrors++);
}, 200);
await concurrent(`20 clients + 5 writes/s, ${MANY} requests`, runs.writes);
clearInterval(writer);
clearInterval(sampler);
console.log(`  writes: ${writes} sent, ${writeErrors} failed`);
for (const w of flipped.reverse()) await db.query(`UPDATE ${w.table} SET ${w.table === 'suppliers' ? 'unit_status' : 'status'} = $2 WHERE seq = $1`, [w.seq, w.was]);

console.log(`\nserver at the end: ${memory()}`);
// With --expose-gc (the npm script passes it): what is still held once garbage is collected.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  gc();
  console.log(`server after a full collection: ${memory()}`);
}
console.log(`database: ${db.kind}; load generator in a child process; /proc/loadavg at the end: ${loadavg()}`);
child.kill();
await app.close();
process.exit(failures ? 1 : 0);
