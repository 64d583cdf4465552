/**
 * Soak: `npm run bench:soak [-- --seconds 60 --sessions 100 --thread worker,main]`.
 *
 * The server runs in a process of its own (scripts/lib/serverProcess.ts) on a new PGlite database
 * with the demo data, or on DATABASE_URL. SESSIONS sessions (default 100), signed in as demo admins
 * (a browser tab each, over its own keep-alive connection), send the console's requests one after the other for
 * SECONDS: list searches of customers and suppliers (words taken from the data, pages 1 to 5, so
 * some answers come from the cache), record details, the release check (config/versions), a key
 * refresh and the console's static files. A load balancer's /healthz probe runs beside them, ten
 * times a second. A request without an answer in 30 s is a time-out.
 *
 * Prints per run: requests, answers by status, time-outs, p50/p95/p99/max, the probe's figures, the
 * server's CPU per request (every thread of its process) and the load average. With --thread, one
 * run per PGLITE_THREAD value. Exits 1 when a run had a time-out.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CSRF_HEADER } from '../domain/auth';
import { DEMO_PASSWORD, demoEmail } from '../server/db/seed/admins';
import { searchParams } from '../dataProvider/searchParams';
import { RESOURCES } from '../domain/resources';
import type { RoleName } from '../domain/permissions';
import { percentile } from './lib/benchSession';
import { startServerProcess } from './lib/serverProcess';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, sessions: { type: 'string', default: '100' }, thread: { type: 'string', default: process.env.PGLITE_THREAD ?? 'worker' } },
});
const SECONDS = Number(args.seconds);
const SESSIONS = Number(args.sessions);
const NO_ANSWER_MS = 30_000;
const ROLES: RoleName[] = ['SUPER_ADMIN', 'EDITOR', 'VIEWER'];
const SIGN_INS_PER_ADMIN = 19;

/** A stand-in for the built console: an index page and hashed assets of the sizes a build has. */
function consoleDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-1a2b3c.js"></script>');
  for (const [name, kb] of [['index-1a2b3c.js', 600], ['vendor-4d5e6f.js', 300], ['index-7a8b9c.css', 20]] as const) {
    fs.writeFileSync(path.join(dir, 'assets', name), 'x'.repeat(kb * 1024));
  }
  return dir;
}
const ASSETS = ['/', '/assets/index-1a2b3c.js', '/assets/vendor-4d5e6f.js', '/assets/index-7a8b9c.css'];

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One browser tab: its own keep-alive connection and cookies. */
class Session {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly cookies = new Map<string, string>();
  csrf = '';
  key = '';

  constructor(private readonly base: string) {}

  /** Another tab of the same browser: the same sign-in, a connection of its own. */
  tabOf(other: Session): void {
    for (const [k, v] of other.cookies) this.cookies.set(k, v);
    this.csrf = other.csrf;
    this.key = other.key;
  }

  send(method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}): Promise<Answer> {
    const started = performance.now();
    return new Promise((resolve) => {
      const req = http.request(`${this.base}${url}`, {
        method,
        agent: this.agent,
        timeout: NO_ANSWER_MS,
        headers: {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(this.csrf && method === 'POST' ? { [CSRF_HEADER]: this.csrf } : {}),
          ...headers,
        },
      });
      req.on('response', (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }));
      });
      // No answer in time, or a broken connection: status 0.
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
      req.end(body ? JSON.stringify(body) : undefined);
    });
  }

  call(slug: string, body?: object): Promise<Answer> {
    return this.send(body ? 'POST' : 'GET', `/api/v1/${slug}`, body);
  }

  /** A call of the sign-in, sent again after a 503 (refused as busy: nothing was done) as the console does. */
  async callUntilServed(slug: string, body?: object): Promise<Answer> {
    for (;;) {
      const res = await this.call(slug, body);
      if (res.status !== 503) return res;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

const decl = (name: string) => RESOURCES.find((r) => r.name === name)!.search!;
function searchUrl(resource: string, q: string, page: number): string {
  const d = decl(resource);
  const params = searchParams(d, { filter: q ? { q } : {}, pagination: { page, perPage: 25 } } as never);
  return `/api/v1/search/collections/${d.collection}/documents/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
}

/** What the sessions pick from: words of names and the keys of records, read through the API. */
interface Data {
  words: string[];
  customers: string[];
  suppliers: { accountObjectId: string; serviceUnitId: string }[];
}

async function harvest(s: Session): Promise<Data> {
  const data: Data = { words: [], customers: [], suppliers: [] };
  for (const resource of ['customer', 'supplier']) {
    for (let page = 1; page <= 4; page++) {
      const res = await s.send('GET', searchUrl(resource, '', page), undefined, { 'x-typesense-api-key': s.key });
      for (const { document: d } of (JSON.parse(res.body).hits ?? []) as { document: Record<string, string> }[]) {
        data.words.push(...String(d.name ?? d.leaseCompanyName ?? '').split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w)));
        if (resource === 'customer' && d.id) data.customers.push(d.id);
        if (resource === 'supplier' && d.accountObjectId && d.serviceUnitId) data.suppliers.push({ accountObjectId: d.accountObjectId, serviceUnitId: d.serviceUnitId });
      }
    }
  }
  return data;
}

async function run(thread: string) {
  const dir = consoleDir();
  const srv = await startServerProcess('soak', { PGLITE_THREAD: thread, CONSOLE_DIR: dir, AUTH_RATE_LIMIT_PER_IP: '100000' });
  try {
    await srv.ready;
    const sessions = Array.from({ length: SESSIONS }, () => new Session(srv.base));
    // One sign-in chain per admin: each waits for the passcode mailed to its admin. An admin may
    // try to sign in 20 times in 15 minutes (accountRateLimit); the sessions past that are other
    // tabs of a signed-in browser.
    const signedIn = Math.min(SESSIONS, SIGN_INS_PER_ADMIN * ROLES.length);
    const t0 = performance.now();
    await Promise.all(
      ROLES.map(async (role, r) => {
        for (let i = r; i < signedIn; i += ROLES.length) {
          const s = sessions[i];
          const email = demoEmail(role);
          const passcode = srv.nextPasscode(email);
          const login = await s.callUntilServed('auth/login', { userName: email, password: DEMO_PASSWORD });
          if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${login.body}`);
          s.csrf = JSON.parse(login.body).csrfToken;
          const otp = await s.callUntilServed('auth/validateOtp', { otp: await passcode, doNotAskOtpForSevenDays: false });
          if (otp.status !== 200) throw new Error(`passcode ${email}: ${otp.status} ${otp.body}`);
          s.csrf = JSON.parse((await s.callUntilServed('auth/session')).body).csrfToken;
          s.key = JSON.parse((await s.callUntilServed('session/getSessionToken')).body).key;
        }
      }),
    );
    for (let i = signedIn; i < SESSIONS; i++) sessions[i].tabOf(sessions[i % signedIn]);
    console.log(`\n${thread === 'main' ? 'PGlite on the API thread' : 'PGlite in its own thread'} (PGLITE_THREAD=${thread}): ${SESSIONS} sessions (${signedIn} sign-ins) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const data = await harvest(sessions[0]);
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

    /** The console's requests, weighted as a person at the console sends them. */
    const next = (s: Session): Promise<Answer> => {
      const r = Math.random();
      if (r < 0.35) return s.send('GET', searchUrl(pick(['customer', 'supplier', 'supplier']), Math.random() < 0.2 ? '' : pick(data.words), 1 + Math.floor(Math.random() * 5)), undefined, { 'x-typesense-api-key': s.key });
      if (r < 0.45 && data.customers.length) return s.call('admin/getLeaseCompanyDetails', { leaseCompanyId: pick(data.customers) });
      if (r < 0.55 && data.suppliers.length) return s.call('supplier/getSupplierDetails', pick(data.suppliers));
      if (r < 0.7) return s.call('config/versions');
      if (r < 0.75) return s.call('session/getSessionToken');
      return s.send('GET', pick(ASSETS), undefined, { 'accept-encoding': 'gzip, br' });
    };

    const answers: Answer[] = [];
    const probes: Answer[] = [];
    const stat = () => fs.readFileSync(`/proc/${srv.server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const cpuTicks = () => Number(stat()[11]) + Number(stat()[12]);
    const load0 = os.loadavg();
    const cpu0 = cpuTicks();
    const until = performance.now() + SECONDS * 1000;
    const probe = new Session(srv.base);
    const probing = (async () => {
      while (performance.now() < until) {
        const started = performance.now();
        probes.push(await probe.send('GET', '/healthz'));
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - started))));
      }
    })();
    await Promise.all(
      sessions.map(async (s) => {
        while (performance.now() < until) answers.push(await next(s));
      }),
    );
    await probing;
    const cpuMs = ((cpuTicks() - cpu0) * 1000) / 100;
    const load1 = os.loadavg();

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const answered = answers.filter((a) => a.status !== 0).map((a) => a.ms);
    const timeouts = answers.length - answered.length;
    const ms = (xs: number[], p: number) => (xs.length ? percentile(xs, p).toFixed(0) : '-');
    const probeMs = probes.filter((a) => a.status === 200).map((a) => a.ms);
    console.log(`  ${answers.length} requests in ${SECONDS} s (${(answers.length / SECONDS).toFixed(0)}/s); answers by status: ${[...byStatus].sort(([a], [b]) => a - b).map(([k, v]) => `${k === 0 ? 'none' : k} ${v}`).join(', ')}`);
    console.log(`  time-outs (no answer in 30 s): ${timeouts} (${((timeouts / answers.length) * 100).toFixed(2)} %)`);
    console.log(`  answer time: p50 ${ms(answered, 50)}  p95 ${ms(answered, 95)}  p99 ${ms(answered, 99)}  max ${ms(answered, 100)} ms`);
    console.log(`  /healthz probe, 10/s: ${probeMs.length} of ${probes.length} answered; p50 ${ms(probeMs, 50)}  p99 ${ms(probeMs, 99)}  max ${ms(probeMs, 100)} ms; over 100 ms: ${probeMs.filter((x) => x > 100).length}`);
    console.log(`  server CPU per request: ${(cpuMs / answers.length).toFixed(2)} ms; load average ${load0.map((x) => x.toFixed(2)).join(' ')} before, ${load1.map((x) => x.toFixed(2)).join(' ')} after (${os.cpus().length} cores)`);
    for (const s of [...sessions, probe]) s.close();
    return timeouts;
  } finally {
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let timeouts = 0;
for (const thread of args.thread.split(',')) timeouts += await run(thread);
process.exit(timeouts === 0 ? 0 : 1);
