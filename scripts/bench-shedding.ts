/**
 * Load shedding benchmark: `npm run bench:shedding` (PGlite in DATA_DIR, or DATABASE_URL).
 * Measures the node's capacity with the console's read mix (searches from scripts/lib/searchMix.ts,
 * and two list calls of the API) from BENCH_CLIENTS (default 8) closed-loop clients, then sends the same mix at a fixed
 * rate of BENCH_OVERLOAD (default 2) times that capacity for BENCH_SECONDS (default 15). Every
 * request is sent on time whatever the answers do (open loop), and waits at most 30 s.
 *
 * Prints, for the overload run: answers within 1 s, 503 refusals and how fast they came, answers
 * slower than 1 s, and requests with no answer in 30 s; with the load average and the server's
 * CPU per request. With admission control (server/admission.ts) every request is answered within
 * 1 s or refused at once. The capacity and a first overload run are measured with admission control
 * lifted, for comparison. Exits 1 when a request of the run with it is neither.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Sent {
  path: string;
  headers: Record<string, string>;
}
interface Timed {
  ms: number;
  status: number;
}
interface ChildJob {
  base: string;
  requests: Sent[];
  /** Closed loop: this many clients, each sending its next request when the last is answered. */
  clients?: number;
  /** Open loop: one request every 1000 / rate ms. */
  rate?: number;
}
const NO_ANSWER_MS = 30_000;

// The load generator: a child process, so its CPU is not charged to the server's event loop.
if (process.env.BENCH_CHILD === '1') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
  const send = (base: string, r: Sent) =>
    new Promise<Timed>((resolve) => {
      const t0 = performance.now();
      const req = http.get(`${base}${r.path}`, { agent, headers: r.headers, timeout: NO_ANSWER_MS }, (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve({ ms: performance.now() - t0, status: 0 }));
    });
  process.on('message', async (job: ChildJob) => {
    const out: Timed[] = new Array(job.requests.length);
    if (job.clients) {
      let next = 0;
      const client = async () => {
        for (let i = next++; i < job.requests.length; i = next++) out[i] = await send(job.base, job.requests[i]);
      };
      await Promise.all(Array.from({ length: job.clients }, client));
    } else {
      const t0 = performance.now();
      const pending: Promise<void>[] = [];
      for (let i = 0; i < job.requests.length; i++) {
        const due = t0 + (i * 1000) / job.rate!;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        pending.push(send(job.base, job.requests[i]).then((t) => void (out[i] = t)));
      }
      await Promise.all(pending);
    }
    process.send!({ timed: out });
  });
  process.send!({ ready: true });
  await new Promise(() => undefined);
}

const { benchApp, benchSession, percentile } = await import('./lib/benchSession');
const { buildMix } = await import('./lib/searchMix');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const OVERLOAD = Number(process.env.BENCH_OVERLOAD ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);

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
const session = await benchSession(services, base, { email: 'bench-shedding@bench.local', password: 'bench shedding password 1', role: 'SUPER_ADMIN', lastname: 'Shedding' });
const cookie = session.cookie();

/**
 * The console's read mix, every request different: 8 in 10 searches, the rest two list calls.
 * Made before any load, as making it is work of this process too.
 */
const key = (await session.call('GET', 'session/getSessionToken')).key as string;
const pool: Sent[] = (await buildMix(db, Number(process.env.BENCH_POOL ?? 12_000))).map((r, i): Sent => {
  if (i % 10 === 8) return { path: '/api/v1/admin/getSupplierGroupIds', headers: { cookie } };
  if (i % 10 === 9) return { path: '/api/v1/fileValidation/getReports?page=1&size=10', headers: { cookie } };
  return { path: `/api/v1/search/collections/${r.collection}/documents/search?${new URLSearchParams(r.params)}`, headers: { 'x-typesense-api-key': key } };
});
let taken = 0;
/** The next `n` requests of the pool (round again when it runs out). */
const mix = (n: number) => Array.from({ length: n }, () => pool[taken++ % pool.length]);

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const f = (n: number | undefined) => (n === undefined ? '     -' : n.toFixed(0).padStart(6));
const limits = app.admission.limits;
console.log(`admission: ${limits.maxInFlight} in flight, ${limits.maxQueued} waiting for at most ${limits.maxWaitMs} ms (${db.kind})`);

// Capacity, without admission control: BENCH_CLIENTS (default 8) clients, each always waiting on
// one request. Then the overload run, without and with it.
const OFF = { maxInFlight: 1e9, maxQueued: 1e9, maxWaitMs: 1e9, maxLagMs: 1e9 };
app.admission.limits = OFF;
await inChild({ base, requests: mix(200), clients: CLIENTS });
const c0 = performance.now();
const closedTimed = await inChild({ base, requests: mix(3000), clients: CLIENTS });
const capacity = closedTimed.filter((t) => t.status === 200).length / ((performance.now() - c0) / 1000);
console.log(`capacity, ${CLIENTS} clients: ${capacity.toFixed(0)} answers/s (load ${loadavg()})`);

const rate = Math.round(capacity * OVERLOAD);
let bad = 0;
for (const [title, run] of [['without admission control', OFF], ['with admission control', limits]] as const) {
  app.admission.limits = run;
  const cpu0 = process.cpuUsage();
  const timed = await inChild({ base, requests: mix(rate * SECONDS), rate });
  const cpu = process.cpuUsage(cpu0);
  const ok = timed.filter((t) => t.status >= 200 && t.status < 500);
  const refused = timed.filter((t) => t.status === 503);
  const none = timed.filter((t) => t.status === 0);
  const other = timed.filter((t) => t.status >= 500 && t.status !== 503);
  const pct = (xs: Timed[], p: number) => (xs.length ? percentile(xs.map((t) => t.ms), p) : undefined);
  console.log(`\n${title}: ${rate} requests/s for ${SECONDS} s (${OVERLOAD}× capacity), ${timed.length} requests (load ${loadavg()})`);
  console.log(`  answered   ${String(ok.length).padStart(6)}  p50 ${f(pct(ok, 50))}  p99 ${f(pct(ok, 99))}  max ${f(pct(ok, 100))} ms`);
  console.log(`  refused    ${String(refused.length).padStart(6)}  p50 ${f(pct(refused, 50))}  p99 ${f(pct(refused, 99))}  max ${f(pct(refused, 100))} ms  (503 with Retry-After)`);
  console.log(`  other 5xx  ${String(other.length).padStart(6)}`);
  console.log(`  no answer in 30 s: ${none.length}`);
  console.log(`  server CPU per request: ${((cpu.user + cpu.system) / 1000 / timed.length).toFixed(2)} ms`);
  const late = ok.filter((t) => t.ms > 1000).length;
  const slowRefusals = refused.filter((t) => t.ms > 1000).length;
  const missed = late + slowRefusals + none.length + other.length;
  console.log(`  answered within 1 s or refused: ${(((timed.length - missed) / timed.length) * 100).toFixed(1)} % (answers over 1 s: ${late}, refusals over 1 s: ${slowRefusals})`);
  console.log(`  refused within 50 ms: ${refused.filter((t) => t.ms <= 50).length} of ${refused.length}`);
  if (run === limits) bad = missed;
}

child.kill();
await app.close();
process.exit(bad === 0 ? 0 : 1);
