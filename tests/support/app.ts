import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { ManualClock } from '../../server/clock';
import type { Services } from '../../server/services';
import { mountSlugs } from '../../server/rpc/guard';
import type { SlugDef } from '../../server/rpc/registry';
import { administrators, mailOutbox } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { CSRF_HEADER } from '../../domain/auth';
import type { RoleName } from '../../domain/permissions';
import { createTestDatabase, type TestDatabase } from './db';

export const TEST_PASSWORD = 'correct horse battery staple';
export const PASSCODE_IN_MAIL = /passcode for the Fleet Network Console is (\d{6})/;

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  clock: ManualClock;
  testDb: TestDatabase;
  /** Every e-mail the app sent, in order (outbox row id and recipient). */
  mails: { id: string; to: string; kind: string }[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Pino options (e.g. { level: 'trace', stream }) to capture the log; silent when absent. */
  logger?: object;
  /** Extra slugs mounted behind the same guard, for tests of the guard itself. */
  extraSlugs?: SlugDef[];
  /** Run as a second API node on the database of this app (saves creating one); its clock is shared. */
  shareDatabaseWith?: TestApp;
  /** Run on this database (dropped when the app closes), e.g. createTestDatabase({ demo: true }); a fresh one otherwise. */
  testDb?: TestDatabase;
  /** Sees every route as it is added. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Start the background jobs (pg-boss), for tests of calls that enqueue jobs. Off by default: an
   * app without them starts faster and polls nothing; a call that enqueues then fails loudly.
   */
  jobs?: boolean;
}

/** Builds the app in-process on a fresh database with a manual clock (background jobs only with `jobs`). */
export async function createTestApp(overrides: Partial<Config> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const shared = opts.shareDatabaseWith;
  const testDb = shared ? shared.testDb : (opts.testDb ?? (await createTestDatabase()));
  const clock = shared ? shared.clock : new ManualClock();
  const config = loadConfig({ NODE_ENV: 'test' }, { consoleDir: '/nonexistent', ...overrides });
  const { app, services } = await buildApp({ config, database: testDb.database, clock, logger: opts.logger ?? false, onRoute: opts.onRoute, jobs: opts.jobs ?? false });
  if (opts.extraSlugs) mountSlugs(app, services, opts.extraSlugs);
  await app.ready();
  // Outbox rows share the manual clock's timestamp, so the send order is recorded here instead.
  const mails: TestApp['mails'] = [];
  const send = services.mailer.send.bind(services.mailer);
  services.mailer.send = async (message) => {
    const result = await send(message);
    mails.push({ id: result.id, to: message.to, kind: message.kind });
    return result;
  };
  return {
    app,
    services,
    clock,
    testDb,
    mails,
    async close() {
      await app.close();
      if (!shared) await testDb.drop();
    },
  };
}

/** Collects what the app logs, as parsed pino lines. */
export class LogCapture {
  lines: Record<string, unknown>[] = [];
  raw = '';
  readonly stream = { write: (chunk: string) => { this.raw += chunk; this.lines.push(JSON.parse(chunk)); } };
  options(level = 'trace') {
    return { level, stream: this.stream };
  }
  clear() {
    this.lines = [];
    this.raw = '';
  }
}

// One argon2 hash of the shared test password (salted once); hashing per admin only costs time.
let testPasswordHash: Promise<string> | null = null;

export async function createAdmin(t: TestApp, role: RoleName | string, email = `${String(role).toLowerCase()}@test.example`) {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await t.services.db
    .insert(administrators)
    .values({ email, firstname: 'Test', lastname: String(role), passwordHash: await testPasswordHash, role })
    .returning();
  return row;
}

let nextIp = 1;

/** A cookie jar for app.inject, so a test can play one browser. Each browser has its own client
 * IP unless given one, so the per-IP limit only meets the tests that aim at it. */
export class Browser {
  cookies = new Map<string, string>();
  csrf = '';
  readonly ip: string;
  /** Sent with every request, e.g. { 'x-forwarded-proto': 'https' } behind a trusted proxy. */
  readonly headers: Record<string, string>;
  constructor(private readonly t: TestApp, opts: { ip?: string; headers?: Record<string, string> } = {}) {
    this.ip = opts.ip ?? `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
    this.headers = opts.headers ?? {};
  }

  /** Another browser holding a copy of this one's cookies (a stolen or replayed cookie). */
  clone(): Browser {
    const copy = new Browser(this.t, { ip: this.ip, headers: this.headers });
    copy.cookies = new Map(this.cookies);
    copy.csrf = this.csrf;
    return copy;
  }

  private store(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async post(slug: string, body: unknown = {}, headers: Record<string, string> = {}) {
    const res = await this.t.app.inject({
      method: 'POST',
      url: `/api/v1/${slug}`,
      payload: body as object,
      headers: { ...this.headers, cookie: this.cookieHeader(), ...(this.csrf ? { [CSRF_HEADER]: this.csrf } : {}), ...headers },
      remoteAddress: this.ip,
    });
    this.store(res);
    return res;
  }

  async get(slug: string, headers: Record<string, string> = {}) {
    const res = await this.t.app.inject({ method: 'GET', url: `/api/v1/${slug}`, headers: { ...this.headers, cookie: this.cookieHeader(), ...headers }, remoteAddress: this.ip });
    this.store(res);
    return res;
  }

  /** Password step; remembers the CSRF token of the session it creates. */
  async login(email: string, password = TEST_PASSWORD) {
    const res = await this.post('auth/login', { userName: email, password });
    if (res.statusCode === 200) this.csrf = res.json().csrfToken;
    return res;
  }

  async otp(code: string, doNotAskOtpForSevenDays = false) {
    return this.post('auth/validateOtp', { otp: code, doNotAskOtpForSevenDays });
  }

  /** Full sign-in: password, passcode from the outbox, then the session's CSRF token. */
  async signIn(email: string, password = TEST_PASSWORD) {
    const login = await this.login(email, password);
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    if (login.json().claims.mfaVerificationRequired) {
      const res = await this.otp(await latestOtp(this.t, email));
      if (!res.json().claims?.mfaOtpVerified) throw new Error(`otp failed: ${res.body}`);
    }
    const session = await this.get('auth/session');
    this.csrf = session.json().csrfToken;
    return session.json();
  }
}

/** The newest passcode e-mailed to `email`, read from the outbox as a person reads their mail. */
export async function latestOtp(t: TestApp, email: string): Promise<string> {
  const last = t.mails.filter((m) => m.to === email && m.kind === 'otp').at(-1);
  const [mail] = last ? await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, last.id)) : [];
  const code = mail?.text.match(PASSCODE_IN_MAIL)?.[1];
  if (!code) throw new Error(`no passcode mailed to ${email}`);
  return code;
}
