/**
 * Search benchmark: `npm run bench:search`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:search      (targets: the `large` data on PostgreSQL 15)
 *   DATA_DIR=./data npm run bench:search                           (PGlite; seeds the small data when empty)
 * Signs in a bench admin through the real API (passcode read from mail_outbox), takes the session's
 * search key, then times each scenario over HTTP and the same SQL run directly, and drives
 * scenario (a) with autocannon.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { eq, desc } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { hashPassword } from '../server/auth/passwords';
import { administrators, mailOutbox } from '../server/db/schema';
import { hasNetworkData, seedDemo } from '../server/db/seed/index';
import { getCollection } from '../server/search/collections';
import { SearchEngine } from '../server/search/engine';
import { CSRF_HEADER } from '../domain/auth';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 50;
const EMAIL = 'bench-search@bench.local';
const PASSWORD = 'bench search password 1';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const { app, services } = await buildApp({ config, logger: false });
const db = services.database;
if (db.kind === 'pglite' && !(await hasNetworkData(db))) {
  console.log('seeding the small demo data into PGlite…');
  await seedDemo(db, { size: 'small' });
}
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

// A bench admin, made through the database as an operator would.
const passwordHash = await hashPassword(PASSWORD);
const [existing] = await services.db.select({ id: administrators.id }).from(administrators).where(eq(administrators.email, EMAIL));
if (existing) {
  await services.db.update(administrators).set({ passwordHash, disabled: false, failedAttempts: 0, lockedUntil: null }).where(eq(administrators.id, existing.id));
} else {
  await services.db.insert(administrators).values({ email: EMAIL, firstname: 'Bench', lastname: 'Search', passwordHash, role: 'SUPER_ADMIN' });
}

let cookie = '';
let csrf = '';
async function call(method: 'GET' | 'POST', slug: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1/${slug}`, {
    method,
    headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json', [CSRF_HEADER]: csrf } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().find((c) => c.includes('fnc_session='));
  if (set) cookie = set.split(';')[0];
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${slug}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
async function signIn(): Promise<string> {
  const login = await call('POST', 'auth/login', { userName: EMAIL, password: PASSWORD });
  csrf = login.csrfToken;
  if (login.claims.mfaVerificationRequired) {
    const [mail] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, EMAIL)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const code = mail?.text.match(/(\d{6})/)?.[1];
    if (!code) throw new Error('no passcode in mail_outbox');
    await call('POST', 'auth/validateOtp', { otp: code, doNotAskOtpForSevenDays: false });
    csrf = (await call('GET', 'auth/session')).csrfToken;
  }
  return (await call('GET', 'session/getSessionToken')).key as string;
}
let key = await signIn();

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

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (n: number) => n.toFixed(2).padStart(7);
const engine = new SearchEngine(db);
const pglite = db.kind === 'pglite';
const results: string[] = [];
let failures = 0;

for (const sc of scenarios) {
  key = await signIn();
  const url = (i: number) => `${base}/api/v1/search/collections/${sc.collection}/documents/search?${new URLSearchParams(sc.params(i))}`;
  const http: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url(i), { headers: { 'x-typesense-api-key': key } });
    const body = (await res.json()) as { found?: number; message?: string };
    if (!res.ok) throw new Error(`${sc.name}: ${res.status} ${body.message}`);
    if (i >= WARMUP) http.push(performance.now() - t0);
  }
  // The same statements, run directly (hits and facets concurrently, as the engine does).
  const direct: number[] = [];
  const collection = getCollection(sc.collection)!;
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const compiled = engine.compile(collection, sc.params(i));
    const t0 = performance.now();
    await Promise.all([db.query(compiled.hits.text, compiled.hits.values), compiled.facets ? db.query(compiled.facets.text, compiled.facets.values) : null]);
    if (i >= WARMUP) direct.push(performance.now() - t0);
  }
  const target = pglite ? 50 : sc.target;
  const p95 = pct(http, 95);
  const ratio = pct(http, 50) / pct(direct, 50);
  const ok = p95 <= target && (pglite || ratio <= 1.5);
  if (!ok) failures++;
  results.push(
    `${sc.name.padEnd(50)} http p50 ${fmt(pct(http, 50))} p95 ${fmt(p95)} p99 ${fmt(pct(http, 99))} ms | sql p50 ${fmt(pct(direct, 50))} p95 ${fmt(pct(direct, 95))} p99 ${fmt(pct(direct, 99))} ms | http/sql p50 ${ratio.toFixed(2)}× | target p95 ≤ ${target} ms ${ok ? 'OK' : 'MISSED'}`,
  );
  console.log(results[results.length - 1]);
}

key = await signIn();
const a = scenarios[0];
const cannon = await autocannon({
  url: `${base}/api/v1/search/collections/${a.collection}/documents/search?${new URLSearchParams(a.params(0))}`,
  connections: 20,
  duration: Number(process.env.BENCH_SECONDS ?? 10),
  headers: { 'x-typesense-api-key': key },
});
const rps = cannon.requests.average;
const rpsOk = pglite || rps >= 1500;
if (!rpsOk) failures++;
console.log(
  `autocannon (a), 20 connections: ${rps.toFixed(0)} req/s, latency p50 ${cannon.latency.p50} ms p99 ${cannon.latency.p99} ms, non-2xx ${cannon.non2xx}, errors ${cannon.errors} | target ≥ 1500 req/s ${rpsOk ? 'OK' : 'MISSED'}`,
);
console.log(`database: ${db.kind}; ${REQUESTS} timed requests per scenario after ${WARMUP} warm-up`);
await app.close();
process.exit(failures ? 1 : 0);
