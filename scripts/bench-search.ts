/**
 * Search benchmark: `npm run bench:search`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:search      (targets: the `large` data on PostgreSQL 15)
 *   DATA_DIR=./data npm run bench:search                           (PGlite; seeds the small data when empty; targets not judged)
 *
 * Signs in a bench admin through the real API, takes the session's scoped search key, and sends the
 * console's own search requests (scripts/lib/searchMix.ts: each list's default open, a status
 * filter, a group's suppliers, facet counts, broad words, a word with a status and the list's field
 * sort, the DI network's groups by name, typos, page 40, narrow words, prefixes, several words and
 * keyed lookups), from a child process (this file again, BENCH_CHILD=1), so the load generator's
 * CPU is not the server's. Runs:
 *
 *   1. per shape, uncached, 1 client: BENCH_PER_CLASS requests of each class, one at a time, the
 *      server's answer cache emptied before each (server/search/cache.ts: answers, counts, ranked
 *      pages and typo corrections); p50/p95/p99 and CPU per request of each class.
 *      Targets per class: p95 ≤ 50 ms, CPU ≤ 15 ms a request.
 *   2. closed loop: BENCH_CLIENTS (20) clients each always waiting on one request, BENCH_CONCURRENT
 *      requests of the mix by the classes' shares (the cache working as in production: requests the
 *      console repeats repeat, the others never do). Throughput, per-class p50/p95/p99, CPU per
 *      request. Target: ≤ 5 ms CPU a request on average (two cores then serve ~400 requests/s).
 *   3. writes: BENCH_SAVES_PER_S (5) saves a second through the API's save slugs
 *      (scripts/lib/benchSaves.ts: a supplier's name through admin/saveSupplierDetails, an
 *      enquiry's service type through admin/updateEnquiryServiceType, each with an Idempotency-Key,
 *      as the console sends them), from the child process too; after each save the record is
 *      searched with the same session and the change must be there. 3a: the saves alone for
 *      BENCH_SAVES_ALONE_SECONDS (10), for the CPU one costs; 3b: the same closed loop as run 2
 *      with the saves alongside. Everything is put back at the end. Targets: CPU per read (all CPU
 *      ÷ the mix's answered reads) at most 10 % above run 2's; every save seen by the next search.
 *   4. fixed rate (open loop): BENCH_RATE (100) requests a second for BENCH_RATE_SECONDS (60),
 *      sent on a schedule whatever the answers; latency from each request's scheduled send time,
 *      so queueing counts. Targets: p95 ≤ 100 ms, no errors.
 *
 * CPU is counted only for our processes (scripts/lib/processCpu.ts): this process (the server:
 * process.cpuUsage() over each run) and this database's PostgreSQL cluster (its postmaster, from
 * the data directory's postmaster.pid, and its processes, ended ones included, from /proc), less
 * what other clients' connections to the cluster were seen using. On PGlite the database runs in
 * the server's process. Each run prints /proc/loadavg at its start and end; the server's memory is
 * reported throughout. Exit code 1 when a target is missed.
 *
 * At the end, if scripts/bench-felt.ts exists (Chromium timings) and BENCH_FELT is not 0, it is run
 * as a child process with the same environment and its output passed through.
 *
 * Sizes (environment): BENCH_PER_CLASS (30), BENCH_CLIENTS (20), BENCH_CONCURRENT (4000 requests
 * for each of runs 2 and 3), BENCH_SAVES_PER_S (5), BENCH_SAVES_ALONE_SECONDS (10), BENCH_EDITS
 * (40 suppliers and 40 enquiries edited in turn), BENCH_RATE (100), BENCH_RATE_SECONDS (60), BENCH_WARMUP (200), BENCH_FELT
 * (0: skip the Chromium timings), BENCH_EMAIL (the bench admin).
 *
 * To measure one shape: BENCH_CLASSES (names of run 1's classes, comma-separated, e.g. `typo`; all
 * when unset) and BENCH_RUNS=1 (run 1 only, then the targets and the exit code as at the end).
 */
import { fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { runSaves, type SaveJob, type SaveReport } from './lib/benchSaves';

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
type ChildJob = { id: number } & (
  | { kind: 'closed'; urls: Sent[]; key: string; clients: number }
  | { kind: 'open'; urls: Sent[]; key: string; rate: number }
  | { kind: 'saves'; job: SaveJob }
  | { kind: 'stop saves' }
);
type ChildAnswer = { id: number; timed?: Timed[]; lateMs?: number; saves?: SaveReport };

if (process.env.BENCH_CHILD === '1') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  /** One search; its time from `from` (the scheduled send time) when given, else from the send. */
  const get = (url: string, key: string, from?: number) =>
    new Promise<{ ms: number; status: number; retryAfter: number }>((resolve) => {
      const t0 = from ?? performance.now();
      http
        .get(url, { agent, headers: { 'x-typesense-api-key': key } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - t0;
            if (res.statusCode === 200) JSON.parse(Buffer.concat(chunks).toString());
            resolve({ ms, status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0) });
          });
        })
        .on('error', () => resolve({ ms: performance.now() - t0, status: 0, retryAfter: 0 }));
    });
  const answer = (a: ChildAnswer) => process.send!(a);
  let stopSaves: (() => void) | null = null;
  process.on('message', async (job: ChildJob) => {
    if (job.kind === 'closed') {
      const out: Timed[] = new Array(job.urls.length);
      let next = 0;
      // A client told the server is busy (503) waits its Retry-After before its next request, as asked.
      const client = async () => {
        for (let i = next++; i < job.urls.length; i = next++) {
          const { ms, status, retryAfter } = await get(job.urls[i].url, job.key);
          out[i] = { cls: job.urls[i].cls, ms, status };
          if (status === 503 && retryAfter) await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        }
      };
      await Promise.all(Array.from({ length: job.clients }, client));
      answer({ id: job.id, timed: out });
    } else if (job.kind === 'open') {
      const start = performance.now() + 20;
      let lateMs = 0;
      const sent: Promise<Timed>[] = [];
      for (let i = 0; i < job.urls.length; i++) {
        const at = start + (i * 1000) / job.rate;
        const wait = at - performance.now();
        if (wait > 0.5) await new Promise((resolve) => setTimeout(resolve, wait));
        lateMs = Math.max(lateMs, performance.now() - at);
        const { url, cls } = job.urls[i];
        sent.push(get(url, job.key, at).then(({ ms, status }) => ({ cls, ms, status })));
      }
      answer({ id: job.id, timed: await Promise.all(sent), lateMs });
    } else if (job.kind === 'saves') {
      const stop = new Promise<void>((resolve) => (stopSaves = resolve));
      answer({ id: job.id, saves: await runSaves(job.job, stop) });
    } else {
      stopSaves?.();
      answer({ id: job.id });
    }
  });
  process.send!({ ready: true });
  await new Promise(() => undefined);
}

import { searchEngines } from '../server/search/engines';
import { benchApp, benchSession, percentile } from './lib/benchSession';
import { prepareEdits, putBack } from './lib/benchSaves';
import { cpuMeter, markOurConnections, type CpuFigures } from './lib/processCpu';
import { drawMix, ofClass, requestClasses, type MixRequest } from './lib/searchMix';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PER_CLASS = env('BENCH_PER_CLASS', 30);
const CLIENTS = env('BENCH_CLIENTS', 20);
const MANY = env('BENCH_CONCURRENT', 4000);
const SAVES_PER_S = env('BENCH_SAVES_PER_S', 5);
const EDITS = env('BENCH_EDITS', 40);
const SAVES_ALONE_SECONDS = env('BENCH_SAVES_ALONE_SECONDS', 10);
const RATE = env('BENCH_RATE', 100);
const RATE_SECONDS = env('BENCH_RATE_SECONDS', 60);
const WARMUP = env('BENCH_WARMUP', 200);
const EMAIL = process.env.BENCH_EMAIL ?? 'bench-search@bench.local';
const ONLY_CLASSES = process.env.BENCH_CLASSES?.split(',').map((x) => x.trim());
const RUN1_ONLY = process.env.BENCH_RUNS === '1';
const PASSWORD = 'bench search password 1';
/** The environment as given, for bench-felt (ours gets PGAPPNAME below). */
const givenEnv = { ...process.env };

const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_CHILD: '1' }, execArgv: process.execArgv });
await new Promise<void>((resolve) => child.once('message', () => resolve()));
let jobs = 0;
const inChild = (job: ChildJob extends infer J ? (J extends { id: number } ? Omit<J, 'id'> : never) : never) =>
  new Promise<ChildAnswer>((resolve) => {
    const id = ++jobs;
    const on = (m: ChildAnswer) => {
      if (m.id !== id) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ ...job, id });
  });

// Our server's connections are told from other clients' by their application_name.
const appName = markOurConnections();
const { app, services, db } = await benchApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const session = await benchSession(services, base, { email: EMAIL, password: PASSWORD, role: 'SUPER_ADMIN', lastname: 'Search' });
/** A fresh key of the same session: keys live five minutes. */
const freshKey = async () => (await session.call('GET', 'session/getSessionToken')).key as string;
const meter = await cpuMeter(db, appName);
const pglite = db.kind === 'pglite';

const classes = await requestClasses(db);
const seen = new Set<string>();
const urlOf = (r: MixRequest) => `${base}/api/v1/search/collections/${r.collection}/documents/search?${new URLSearchParams(r.params)}`;
const sent = (rs: MixRequest[]) => rs.map((r) => ({ url: urlOf(r), cls: r.cls }));

// The server's resident memory, sampled while the runs go.
const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);
let peak = rss();
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const mb = (n: number) => Math.round(n / 2 ** 20);
/** Where the server's memory is: V8's heap, buffers outside it, and the answer cache's own account. */
function memory() {
  const m = process.memoryUsage();
  const cache = searchEngines.get(services)?.cache;
  return `RSS ${mb(m.rss)} MB (peak ${peak}), heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, answer cache ${cache?.size ?? 0} answers ≈ ${mb(cache?.totalBytes ?? 0)} MB`;
}

const pct = percentile;
const f1 = (n: number | undefined, width = 7) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(1)).padStart(width);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const targets: { what: string; ok: boolean | null }[] = [];
/** A target's line; on PGlite the figures are printed but not judged (the targets are PostgreSQL's). */
function target(what: string, value: number | undefined | null, limit: number, unit = 'ms', judged = !pglite) {
  if (value === undefined || value === null || Number.isNaN(value)) {
    targets.push({ what, ok: false });
    return `${what}: not measured → MISSED`;
  }
  const ok = value <= limit;
  targets.push({ what, ok: judged ? ok : null });
  return `${what}: ${value.toFixed(unit === 'ms' ? 1 : 0)} ${unit} ≤ ${limit} ${unit} → ${judged ? (ok ? 'OK' : 'MISSED') : 'not judged (PGlite)'}`;
}
const ok200 = (ts: Timed[]) => ts.filter((t) => t.status === 200).map((t) => t.ms);

/** CPU per request in ms: server, database, both (the database null when not counted). */
function perRequest(cpu: CpuFigures, n: number) {
  const server = (cpu.server * 1000) / n;
  const postgres = cpu.postgres === null ? null : (cpu.postgres * 1000) / n;
  return { server, postgres, total: server + (postgres ?? 0) };
}
const cpuText = (c: ReturnType<typeof perRequest>) => (c.postgres === null ? `${c.server.toFixed(2)} ms (server${pglite ? ' with PGlite' : ' only'})` : `${c.total.toFixed(2)} ms (server ${c.server.toFixed(2)} + PostgreSQL ${c.postgres.toFixed(2)})`);
const clusterText = (cpu: CpuFigures, n: number) =>
  cpu.cluster === null ? '' : `; whole cluster ${((cpu.cluster * 1000) / n).toFixed(2)} ms a request, of which other clients' connections ${(((cpu.others ?? 0) * 1000) / n).toFixed(2)} ms (not ours, taken off)`;

function classTable(timed: Timed[]) {
  const names = [...new Set([...classes.map((c) => c.name)])].filter((n) => timed.some((t) => t.cls === n));
  console.log(`  ${'class'.padEnd(27)} ${'n'.padStart(5)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ms  refused (503)  other errors`);
  for (const cls of ['all', ...names]) {
    const mine = cls === 'all' ? timed : timed.filter((t) => t.cls === cls);
    const ms = ok200(mine);
    const refused = mine.filter((t) => t.status === 503).length;
    console.log(`  ${cls.padEnd(27)} ${String(mine.length).padStart(5)} ${f1(pct(ms, 50))} ${f1(pct(ms, 95))} ${f1(pct(ms, 99))}     ${String(refused).padStart(10)}  ${String(mine.length - ms.length - refused).padStart(12)}`);
  }
  console.log('  (latency of the answered requests; a refused one is answered at once with 503 and Retry-After: server/admission.ts)');
}
const title = (s: string) => console.log(`\n${s}\n  load average at start ${loadavg()}`);
const ending = () => console.log(`  load average at end ${loadavg()}; server ${memory()}`);

console.log(`search benchmark on ${pglite ? 'PGlite (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)'}; load generator in a child process`);
console.log(`CPU: the server is this process (process.cpuUsage); ${meter.describe}`);

// Warm-up: connections, prepared statements, the buffer cache. Not measured.
let key = await freshKey();
await inChild({ kind: 'closed', urls: sent(drawMix(classes, WARMUP, 99, seen)), key, clients: 4 });

// 1. Per shape, uncached, 1 client.
title(`1. per shape, uncached, 1 client: ${PER_CLASS} requests a class, the answer cache emptied before each`);
key = await freshKey();
const cache = searchEngines.get(services)!.cache;
console.log(`  ${'class'.padEnd(27)} ${'n'.padStart(4)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ms  err  CPU a request (server + PostgreSQL)      p95 ≤ 50   CPU ≤ 15`);
const shapeLines: string[] = [];
for (const c of classes.filter((x) => !ONLY_CLASSES || ONLY_CLASSES.includes(x.name))) {
  const rs = ofClass(c, PER_CLASS + 2, seen);
  // Two unmeasured first: a statement's first run on a connection also prepares it.
  for (const r of rs.slice(0, 2)) {
    cache.clear();
    await inChild({ kind: 'closed', urls: sent([r]), key, clients: 1 });
  }
  const timed: Timed[] = [];
  const measured = rs.slice(2);
  const stop = await meter.start();
  for (const r of measured) {
    cache.clear();
    timed.push(...(await inChild({ kind: 'closed', urls: sent([r]), key, clients: 1 })).timed!);
  }
  const cpu = perRequest(await stop(), timed.length);
  const ms = ok200(timed);
  const p95 = pct(ms, 95);
  const latency = target(`${c.name} p95`, p95, 50);
  const spent = target(`${c.name} CPU`, meter.counted || pglite ? cpu.total : null, 15);
  const mark = (line: string) => line.slice(line.lastIndexOf('→') + 2).replace('not judged (PGlite)', 'not judged');
  console.log(
    `  ${c.name.padEnd(27)} ${String(timed.length).padStart(4)} ${f1(pct(ms, 50))} ${f1(p95)} ${f1(pct(ms, 99))}   ${String(timed.length - ms.length).padStart(3)}  ${(cpu.postgres === null ? `${cpu.server.toFixed(2)} (server only)` : `${cpu.total.toFixed(2)} (${cpu.server.toFixed(2)} + ${cpu.postgres.toFixed(2)})`).padEnd(30)}  ${mark(latency).padEnd(9)}  ${mark(spent)}`,
  );
  if (latency.endsWith('MISSED') || spent.endsWith('MISSED')) {
    shapeLines.push(c.name);
    // The slowest requests of a class that misses, for whoever looks into it (EXPLAIN them).
    const slowest = measured.map((r, i) => ({ r, t: timed[i] })).sort((a, b) => b.t.ms - a.t.ms).slice(0, 3);
    for (const { r, t } of slowest) {
      const { q, filter_by, sort_by, page, per_page, facet_by } = r.params;
      const shown = Object.entries({ q, filter_by, sort_by, facet_by, page, per_page }).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${v}`).join(' ');
      console.log(`      slowest: ${t.ms.toFixed(0).padStart(5)} ms  ${r.collection} ${shown}`);
    }
  }
}
console.log(`  classes missing a target: ${shapeLines.length ? shapeLines.join(', ') : 'none'}`);
ending();
if (RUN1_ONLY) await finish();

/**
 * How many answers, and how many counts of text searches (found and facets, shared by the pages of
 * a query: engine.ts), the cache gave, counted around its `get`. An answer's key is the
 * collection's name, then the parameters as a JSON array; the counts' is the name, then "counts".
 */
const cacheCount = { asked: 0, hits: 0, countsAsked: 0, countsHits: 0 };
const cacheGet = cache.get.bind(cache);
/** The engine asks for missing counts twice in a row (a look, then its flight): counted once. */
let lastMiss = '';
cache.get = (k, tables) => {
  const v = cacheGet(k, tables);
  const [, kind, ...rest] = k.split('\u0000');
  if (kind?.startsWith('[')) {
    cacheCount.asked++;
    if (v) cacheCount.hits++;
  } else if (kind === 'counts' && !rest.includes('ranked') && !(!v && lastMiss === k)) {
    cacheCount.countsAsked++;
    if (v) cacheCount.countsHits++;
  }
  lastMiss = v ? '' : k;
  return v;
};
const share = (hits: number, asked: number) => `${hits} of ${asked} (${asked ? ((hits / asked) * 100).toFixed(0) : 0} %)`;
const cacheText = (before: typeof cacheCount) =>
  `answers from the cache: ${share(cacheCount.hits - before.hits, cacheCount.asked - before.asked)}; of the text searches computed, counts from the cache: ${share(
    cacheCount.countsHits - before.countsHits,
    cacheCount.countsAsked - before.countsAsked,
  )}`;

/** A closed-loop run of the mix, with or without saves alongside. */
async function closedLoop(label: string, requests: MixRequest[], saves?: SaveJob) {
  title(label);
  key = await freshKey();
  peak = rss();
  const cached = { ...cacheCount };
  const stop = await meter.start();
  const writing = saves ? inChild({ kind: 'saves', job: { ...saves, key } }) : null;
  const { timed } = await inChild({ kind: 'closed', urls: sent(requests), key, clients: CLIENTS });
  if (writing) await inChild({ kind: 'stop saves' });
  const report = writing ? (await writing).saves! : null;
  const cpuFigures = await stop();
  classTable(timed!);
  // Per answered request: a refusal costs next to nothing, and counting it would make the rest look cheaper.
  const answered = ok200(timed!).length;
  const cpu = perRequest(cpuFigures, answered);
  console.log(
    `  throughput ${(answered / cpuFigures.wall).toFixed(0)} answered requests/s over ${cpuFigures.wall.toFixed(1)} s; CPU an answered request: ${cpuText(cpu)}${clusterText(cpuFigures, answered)}`,
  );
  console.log(`  ${cacheText(cached)}`);
  ending();
  return { timed: timed!, cpu, report, wall: cpuFigures.wall };
}

// 2. Closed loop.
const closed = await closedLoop(`2. closed loop: ${CLIENTS} clients, ${MANY} requests of the mix`, drawMix(classes, MANY, 2, seen));
const closedLines = [
  target('average CPU an answered request', meter.counted || pglite ? closed.cpu.total : null, 5),
  target('errors', closed.timed.length - ok200(closed.timed).length, 0, 'requests', true),
];
closedLines.forEach((l) => console.log(`  target ${l}`));

// 3. The same with saves through the API alongside.
console.log(`\npreparing saves: reading ${EDITS} suppliers and ${EDITS} enquiries as the edit form and the support tool read them…`);
const { edits, passedOver } = await prepareEdits(db, session, EDITS);
console.log(`  ${edits.filter((e) => e.kind === 'supplier').length} suppliers and ${edits.filter((e) => e.kind === 'enquiry').length} enquiries to edit in turn (${passedOver} passed over: the form would refuse them, or their type cannot change and come back)`);
const csrf = (await session.call('GET', 'auth/session')).csrfToken as string;
const user = { firstname: 'Bench', lastname: 'Search', email: EMAIL };
const saveJob = (current: typeof edits): SaveJob => ({ base, cookie: session.cookie(), csrf, key: '', perSecond: SAVES_PER_S, edits: current, user });
const savesText = (r: SaveReport, seconds: number) => {
  console.log(
    `  saves: ${r.sent} sent in ${seconds.toFixed(1)} s (${(r.sent / seconds).toFixed(1)} a second), ${r.saved} saved, ${r.failed} failed; ${r.refused} answers 503 (busy) to a save or its check, sent again after Retry-After; saved in p50 ${f1(r.saveP50, 0)} ms, p95 ${f1(r.saveP95, 0)} ms (retries included)`,
  );
  for (const e of r.errors) console.log(`    save failed: ${e}`);
  console.log(
    `  read after save: ${r.checked} saves checked by the same session's next search, ${r.checkFailed} did not show the change${r.checkNotRun ? `; ${r.checkNotRun} checks could not run (their search failed)` : ''}`,
  );
  for (const e of r.checkErrors) console.log(`    ${e}`);
};

// 3a. The saves alone, for what one costs (with its check).
title(`3a. saves alone: ${SAVES_PER_S} a second for ${SAVES_ALONE_SECONDS} s, no other requests`);
key = await freshKey();
const aloneStop = await meter.start();
const aloneRun = inChild({ kind: 'saves', job: { ...saveJob(edits), key } });
await new Promise((resolve) => setTimeout(resolve, SAVES_ALONE_SECONDS * 1000));
await inChild({ kind: 'stop saves' });
const alone = (await aloneRun).saves!;
const aloneCpu = await aloneStop();
savesText(alone, aloneCpu.wall);
const perSave = alone.saved ? perRequest(aloneCpu, alone.saved) : null;
if (perSave) console.log(`  CPU a save, its check's search included: ${cpuText(perSave)}${clusterText(aloneCpu, alone.saved)}`);
ending();

// 3b. The mix with the saves alongside.
const withSaves = await closedLoop(`3b. closed loop with ${SAVES_PER_S} saves a second: ${CLIENTS} clients, ${MANY} requests of the mix`, drawMix(classes, MANY, 3, seen), saveJob(alone.edits));
const saves = withSaves.report!;
savesText(saves, withSaves.wall);
const back = await putBack(session, saves.edits, user);
console.log(`  put back: ${back.restored} records restored${back.failed.length ? `, ${back.failed.length} failed: ${back.failed.slice(0, 3).join('; ')}` : ''}`);
const readsWith = ok200(withSaves.timed).length;
const savesShare = perSave ? (perSave.total * saves.saved) / readsWith : NaN;
const riseAll = ((withSaves.cpu.total - closed.cpu.total) / closed.cpu.total) * 100;
// The reads' own CPU: all CPU less what the saves cost alone (3a), over the reads.
const readsCpu = withSaves.cpu.total - savesShare;
const rise = ((readsCpu - closed.cpu.total) / closed.cpu.total) * 100;
console.log(
  `  CPU a read: ${closed.cpu.total.toFixed(2)} ms without saves, ${withSaves.cpu.total.toFixed(2)} ms with them (all CPU, saves and their checks included, ÷ the mix's answered reads: ${f1(riseAll, 0)} % more); the saves' own CPU (3a) is about ${f1(savesShare, 0)} ms a read, so the reads themselves cost ${f1(readsCpu, 0)} ms: what they recompute after the saves' changes, and contention`,
);
const writeLines = [
  target('CPU a read (the saves\' own CPU apart), rise with saves', meter.counted || pglite ? (Number.isNaN(rise) ? null : rise) : null, 10, '%'),
  target('saves failed', saves.sent ? saves.failed + alone.failed : null, 0, 'saves', true),
  target('saves not seen by the next search', saves.checked ? saves.checkFailed + alone.checkFailed : null, 0, 'saves', true),
  target('errors', withSaves.timed.length - ok200(withSaves.timed).length, 0, 'requests', true),
];
writeLines.forEach((l) => console.log(`  target ${l}`));

// 4. Fixed rate (open loop).
const openRequests = drawMix(classes, Math.round(RATE * RATE_SECONDS), 4, seen);
title(`4. fixed rate: ${RATE} requests a second for ${RATE_SECONDS} s (${openRequests.length} requests of the mix), latency from each request's scheduled send time`);
key = await freshKey();
peak = rss();
const openCached = { ...cacheCount };
const openStop = await meter.start();
const open = await inChild({ kind: 'open', urls: sent(openRequests), key, rate: RATE });
const openCpu = await openStop();
classTable(open.timed!);
const openAnswered = ok200(open.timed!).length;
const openPer = perRequest(openCpu, openAnswered);
console.log(
  `  sent ${(open.timed!.length / openCpu.wall).toFixed(0)} requests/s (the sender was at most ${open.lateMs!.toFixed(1)} ms behind its schedule); CPU an answered request: ${cpuText(openPer)}${clusterText(openCpu, openAnswered)}`,
);
console.log(`  ${cacheText(openCached)}`);
ending();
const openLines = [target('p95', pct(ok200(open.timed!), 95), 100), target('errors', open.timed!.length - ok200(open.timed!).length, 0, 'requests', true)];
openLines.forEach((l) => console.log(`  target ${l}`));

await finish();

/** The memory, the targets' verdict and the Chromium timings; exits. */
async function finish(): Promise<never> {
  clearInterval(sampler);
  console.log(`\nserver at the end: ${memory()}`);
  // With --expose-gc (the npm script passes it): what is still held once garbage is collected.
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    console.log(`server after a full collection: ${memory()}`);
  }
  child.kill();
  await app.close();

  console.log(`\ntargets (${pglite ? 'PGlite: latency and CPU not judged' : 'PostgreSQL'}):`);
  const missed = targets.filter((t) => t.ok === false);
  console.log(`  ${targets.filter((t) => t.ok).length} met, ${missed.length} missed${missed.length ? `: ${missed.map((t) => t.what).join('; ')}` : ''}, ${targets.filter((t) => t.ok === null).length} not judged`);
  console.log(`database: ${db.kind}; load average at the end: ${loadavg()}`);

  // Chromium timings, from the branch that adds them: run as they are, output passed through.
  const felt = fileURLToPath(new URL('./bench-felt.ts', import.meta.url));
  let feltFailed = false;
  if (existsSync(felt) && process.env.BENCH_FELT !== '0') {
    console.log('\nChromium timings (scripts/bench-felt.ts):');
    const code = await new Promise<number>((resolve) => spawn('npx', ['tsx', felt], { env: givenEnv, stdio: 'inherit' }).on('exit', (c) => resolve(c ?? 1)));
    feltFailed = code !== 0;
    console.log(`bench-felt ended with exit code ${code}`);
  }
  process.exit(missed.length || feltFailed ? 1 : 0);
}
