/**
 * A benchmark's signed-in admin: made (or reset) through the database as an operator would, then
 * signed in through the real API, the passcode read from mail_outbox. `call` sends a slug with the
 * session's cookie and CSRF token, and throws on a failing status.
 */
import http from 'node:http';
import { desc, eq } from 'drizzle-orm';
import { sendSlug, jsonOf, type Send } from './slugCall';
import { hashPassword } from '../../server/auth/passwords';
import { administrators, mailOutbox } from '../../server/db/schema';
import type { Services } from '../../server/services';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { hasNetworkData, seedDemo } from '../../server/db/seed/index';

/**
 * The app of a benchmark on the configured database (DATABASE_URL, else DATA_DIR; PGlite gets the
 * small demo data when it has none). `jobs`: start the background jobs too.
 */
export async function benchApp(opts: { jobs?: boolean } = {}) {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  const { app, services } = await buildApp({ config, logger: false, jobs: opts.jobs ?? false });
  const db = services.database;
  if (db.kind === 'pglite' && !(await hasNetworkData(db))) {
    console.log('seeding the small demo data into PGlite…');
    await seedDemo(db, { size: 'small' });
  }
  return { app, services, db };
}

export interface BenchSession {
  call(method: 'GET' | 'POST', slug: string, body?: unknown): Promise<Record<string, any>>;
  /** The session's cookie header, for requests sent from elsewhere (a load generator). */
  cookie(): string;
  /** The session's CSRF token, with cookie() for requests sent from elsewhere. */
  csrf(): string;
  /** Calls refused as busy (503, Retry-After) and sent again after the wait, so far. */
  refused(): number;
}

/** A benchmark's admin: made, or reset to this password and role and unlocked, through the database. */
export async function ensureBenchAdmin(services: Services, admin: BenchAdmin): Promise<void> {
  const passwordHash = await hashPassword(admin.password);
  const [existing] = await services.db.select({ id: administrators.id }).from(administrators).where(eq(administrators.email, admin.email));
  if (existing) {
    await services.db.update(administrators).set({ passwordHash, disabled: false, failedAttempts: 0, lockedUntil: null, role: admin.role }).where(eq(administrators.id, existing.id));
  } else {
    await services.db.insert(administrators).values({ email: admin.email, firstname: 'Bench', lastname: admin.lastname, passwordHash, role: admin.role });
  }
}

/** The newest passcode mailed to `email` (from mail_outbox), or null when none has been written (since `since`). */
export async function latestPasscode(services: Services, email: string, since?: Date): Promise<string | null> {
  const [mail] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  if (!mail || (since && new Date(mail.createdAt).getTime() < since.getTime())) return null;
  return mail.text.match(/(\d{6})/)?.[1] ?? null;
}

/** The passcode of the newest mail to `email` in mail_outbox, as its recipient would read it. */
export async function mailedPasscode(services: Services, email: string): Promise<string> {
  const code = await latestPasscode(services, email);
  if (!code) throw new Error('no passcode in mail_outbox');
  return code;
}

export interface BenchAdmin {
  email: string;
  password: string;
  role: string;
  lastname: string;
}


/**
 * Requests sent from `localAddress` (one of 127.0.0.0/8), each session over its own keep-alive
 * connections: to the server, a client of its own address, with its own per-address limits.
 */
function sendFrom(localAddress: string): Send {
  const agent = new http.Agent({ keepAlive: true, localAddress });
  return (url, init) =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method: init.method, headers: init.headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
          resolve(new Response(res.statusCode === 204 || res.statusCode === 304 ? null : Buffer.concat(chunks), { status: res.statusCode, headers }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(init.body);
    });
}

/**
 * `admin` signed in through the API (made or reset first). `localAddress`: the session's requests,
 * sign-in included, come from that loopback address (see sendFrom), so that many sessions do not
 * add up in the sign-in limit of 127.0.0.1, which other users of the same database count in too.
 */
export async function benchSession(services: Services, base: string, admin: BenchAdmin, opts: { localAddress?: string } = {}): Promise<BenchSession> {
  await ensureBenchAdmin(services, admin);
  const send: Send = opts.localAddress ? sendFrom(opts.localAddress) : fetch;
  let cookie = '';
  let csrf = '';
  let refused = 0;
  async function call(method: 'GET' | 'POST', slug: string, body?: unknown): Promise<Record<string, any>> {
    const res = await sendSlug(send, { base, method, slug, body, cookie, csrf }, () => refused++);
    const set = res.headers.getSetCookie().find((c) => c.includes('fnc_session='));
    if (set) cookie = set.split(';')[0];
    return jsonOf(slug, res);
  }
  const login = await call('POST', 'auth/login', { userName: admin.email, password: admin.password });
  csrf = login.csrfToken;
  if (login.claims.mfaVerificationRequired) {
    await call('POST', 'auth/validateOtp', { otp: await mailedPasscode(services, admin.email), doNotAskOtpForSevenDays: false });
    csrf = (await call('GET', 'auth/session')).csrfToken;
  }
  return { call, cookie: () => cookie, csrf: () => csrf, refused: () => refused };
}

/** The p-th percentile of a sample (nearest rank). */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
