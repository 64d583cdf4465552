import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from 'playwright-core';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { ManualClock } from '../../server/clock';
import { openDatabase, type Database } from '../../server/db/client';
import { DEMO_PASSWORD, demoEmail, seedDemoAdmins } from '../../server/db/seed/admins';
import { CSRF_HEADER } from '../../domain/auth';
import type { RoleName } from '../../domain/permissions';
import { latestOtp, type TestApp } from './app';
import { createTestDatabase, pgliteTemplate, type TestDatabase } from './db';
import { keepJournal } from './pageJournal';

export { DEMO_PASSWORD, demoEmail };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface TestBrowser {
  browser: Browser;
  /** A new, empty browser profile's worth of state: cookies from one test never reach another. */
  newPage(baseURL: string): Promise<{ context: BrowserContext; page: Page }>;
  /** Closes every context opened so far (afterEach). */
  closeContexts(): Promise<void>;
  /** Closes this file's contexts; the worker's Chromium stays up for the next file. */
  close(): Promise<void>;
}

let chromiumOfWorker: Promise<Browser> | undefined;

/**
 * Debian Chromium, headless, one per test worker: started on first use (on a fresh temporary
 * user-data directory of Playwright's own) and reused by every later file of the worker; it ends
 * with the worker. Tests never share state through it: each test opens its own context.
 */
function workerChromium(): Promise<Browser> {
  if (!chromiumOfWorker) {
    const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    const launching = chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    chromiumOfWorker = launching;
    launching.then(
      (b) =>
        b.on('disconnected', () => {
          if (chromiumOfWorker === launching) chromiumOfWorker = undefined;
        }),
      () => {
        if (chromiumOfWorker === launching) chromiumOfWorker = undefined;
      },
    );
  }
  return chromiumOfWorker;
}

/** The worker's Chromium, with the contexts of one test file. */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await workerChromium();
  const contexts = new Set<BrowserContext>();
  const closeContexts = async () => {
    const open = [...contexts];
    contexts.clear();
    await Promise.all(open.map((c) => c.close()));
  };
  return {
    browser,
    async newPage(baseURL) {
      // Reduced motion, as the console honours it: drawers and dialogs open without waiting out a slide.
      const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 }, locale: 'en-GB', reducedMotion: 'reduce' });
      contexts.add(context);
      keepJournal(context);
      const page = await context.newPage();
      return { context, page };
    },
    closeContexts,
    close: closeContexts,
  };
}

export interface TestServer {
  baseURL: string;
  handle: TestApp;
  /** The newest passcode mailed to `email`, read from the outbox. */
  otp(email: string): Promise<string>;
  close(): Promise<void>;
}

/** PGlite dumps made once per worker (see databaseFrom). */
const dumps = new Map<string, Promise<Blob>>();

/**
 * A fresh database prepared by `prepare`. On PGlite the preparation runs once per worker and is
 * dumped; every later call loads a copy of the dump (a second instead of the preparation's time),
 * so each server still has a database of its own. Elsewhere it prepares each time.
 */
export async function databaseFrom(name: string, prepare: (database: Database) => Promise<unknown>): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND === 'pg') {
    const testDb = await createTestDatabase();
    await prepare(testDb.database);
    return testDb;
  }
  let dump = dumps.get(name);
  if (!dump) {
    dump = (async () => {
      const database = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
      try {
        await database.migrate();
        await prepare(database);
        return await database.dumpDataDir!();
      } finally {
        await database.close();
      }
    })();
    dumps.set(name, dump);
    dump.catch(() => dumps.delete(name));
  }
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await dump });
  await database.migrate();
  return { database, drop: () => database.close() };
}

/** The demo admins (one per role, password DEMO_PASSWORD) on a new database. */
export function demoAdminsDatabase(): Promise<TestDatabase> {
  return databaseFrom('demo-admins', (database) => seedDemoAdmins(database.db));
}

/**
 * The real server in-process on the built console (dist/, or CONSOLE_DIR), the system clock,
 * listening on a free port of 127.0.0.1; on `testDb`, or a fresh database with the demo admins.
 */
export async function startServer(overrides: Partial<Config> = {}, testDb?: TestDatabase): Promise<TestServer> {
  const consoleDir = path.resolve(process.env.CONSOLE_DIR || 'dist');
  if (!fs.existsSync(path.join(consoleDir, 'index.html'))) throw new Error(`${consoleDir}/index.html is missing: run \`npx vite build\` first.`);
  const db = testDb ?? (await demoAdminsDatabase());
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      consoleDir,
      // Many sign-ins from one address in a few minutes: lift the per-IP and per-account limits.
      authRateLimit: { max: 10_000, windowMs: 60_000 },
      accountRateLimit: { max: 10_000, windowMs: 60_000 },
      ...overrides,
    },
  );
  const { app, services } = await buildApp({ config, database: db.database, logger: false });
  await seedDemoAdmins(services.db);
  // latestOtp finds the newest passcode through this record of sent mail, as createTestApp keeps it.
  const mails: TestApp['mails'] = [];
  const send = services.mailer.send.bind(services.mailer);
  services.mailer.send = async (message) => {
    const result = await send(message);
    mails.push({ id: result.id, to: message.to, kind: message.kind });
    return result;
  };
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const close = async () => {
    await app.close();
    await db.drop();
  };
  // The clock field is not used: this server runs on the system clock, like production.
  const handle: TestApp = { app, services, clock: new ManualClock(), testDb: db, mails, close };
  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    handle,
    otp: (email) => latestOtp(handle, email),
    close,
  };
}

/** Where screenshots go; the directory is created on first use. */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Pictures for people to look at, not checks: taken when asked for (SCREENSHOTS=1), as they
  // cost a full-page render each.
  if (!process.env.SCREENSHOTS) return;
  const dir = path.resolve('test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // A drawer still sliding in would be caught half off the page: let running transitions end.
  // Spinners loop for ever and are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export function roleEmail(role: RoleName): string {
  return demoEmail(role);
}

/** The password step through the form. */
export async function submitPassword(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Both steps through the screens, typing the mailed passcode; ends on /customer/setup inside the
 * shell. `untilHeading` false stops at the URL (a modal that hides the page from assistive
 * technology is expected). Tests of anything but signing in use signedInPage, which is faster.
 */
export async function signIn(page: Page, server: TestServer, role: RoleName, untilHeading = true): Promise<void> {
  const email = demoEmail(role);
  await submitPassword(page, email);
  await page.waitForURL('**/validate-otp');
  const code = await server.otp(email);
  await page.getByLabel('Digit 1 of 6').pressSequentially(code);
  await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
  await page.waitForURL('**/customer/setup');
  if (untilHeading) await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
}

/**
 * Stops the page's clock (installed with page.clock.install()) a second from now, so that it cannot
 * be told a time already past; from then on the page's timers run only when the test moves the
 * clock (page.clock.runFor) or lets it go again (page.clock.resume).
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      return;
    } catch (error) {
      if (attempt >= 3 || !/past/.test(String(error))) throw error;
    }
  }
}

// ---------------------------------------------------------------- signing in through the API

/** One Set-Cookie header as the browser would store it. */
function parseSetCookie(header: string, host: string): Cookie | null {
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  const at = pair.indexOf('=');
  const cookie: Cookie = { name: pair.slice(0, at), value: pair.slice(at + 1), domain: host, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' };
  for (const attribute of attributes) {
    const [key, ...rest] = attribute.split('=');
    const value = rest.join('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'samesite':
        cookie.sameSite = ({ strict: 'Strict', lax: 'Lax', none: 'None' } as const)[value.toLowerCase() as 'strict' | 'lax' | 'none'] ?? 'Lax';
        break;
      case 'max-age':
        cookie.expires = Math.floor(Date.now() / 1000) + Number(value);
        break;
      case 'expires':
        if (cookie.expires === -1) cookie.expires = Math.floor(new Date(value).getTime() / 1000);
        break;
    }
  }
  const removed = cookie.value === '' || (cookie.expires !== -1 && cookie.expires <= Math.floor(Date.now() / 1000));
  return removed ? null : cookie;
}

/** A cookie jar over fetch, holding what a browser would after the same calls. */
class CookieJar {
  readonly cookies = new Map<string, Cookie>();
  constructor(readonly baseURL: string) {}

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()].filter((c) => pathname.startsWith(c.path)).map((c) => `${c.name}=${c.value}`).join('; ');
  }

  async call(method: 'GET' | 'POST', slug: string, body?: unknown, csrf?: string) {
    const url = `${this.baseURL}/api/v1/${slug}`;
    const res = await fetch(url, {
      method,
      headers: { cookie: this.header(url), ...(method === 'POST' ? { 'content-type': 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) } : {}) },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const host = new URL(this.baseURL).hostname;
    for (const header of res.headers.getSetCookie()) {
      const name = header.slice(0, header.indexOf('='));
      const cookie = parseSetCookie(header, host);
      if (cookie) this.cookies.set(name, cookie);
      else this.cookies.delete(name);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

/**
 * Signs `role` in through the API as the console does (password, the mailed passcode, 'remember
 * this browser'), and returns the cookies the browser would then hold.
 */
async function signInThroughApi(server: TestServer, role: RoleName): Promise<Cookie[]> {
  const email = demoEmail(role);
  const jar = new CookieJar(server.baseURL);
  const login = await jar.call('POST', 'auth/login', { userName: email, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`sign-in of ${email} failed: ${login.status} ${JSON.stringify(login.body)}`);
  if (login.body.claims.mfaVerificationRequired) {
    const otp = await jar.call('POST', 'auth/validateOtp', { otp: await server.otp(email), doNotAskOtpForSevenDays: true }, login.body.csrfToken);
    if (!otp.body?.claims?.mfaOtpVerified) throw new Error(`passcode of ${email} refused: ${otp.status} ${JSON.stringify(otp.body)}`);
  }
  return [...jar.cookies.values()];
}

/** Whether the session in `cookies` is still a full session on the server. */
async function stillSignedIn(server: TestServer, cookies: Cookie[]): Promise<boolean> {
  const jar = new CookieJar(server.baseURL);
  for (const c of cookies) jar.cookies.set(c.name, c);
  return (await jar.call('GET', 'auth/session')).status === 200;
}

/** Sessions signed in through the API, per server and role, reused while the server keeps them. */
const apiSessions = new WeakMap<TestServer, Map<RoleName, Promise<Cookie[]>>>();

/**
 * Puts a signed-in session of `role` into the context, as if the user had signed in there: the
 * first call per server and role signs in through the API; later calls reuse that session while
 * it lasts (a test that signs out or ends it makes the next call sign in again).
 */
export async function addSession(context: BrowserContext, server: TestServer, role: RoleName): Promise<void> {
  let byRole = apiSessions.get(server);
  if (!byRole) apiSessions.set(server, (byRole = new Map()));
  let cookies = await (byRole.get(role) ?? Promise.resolve(null)).catch(() => null);
  if (!cookies || !(await stillSignedIn(server, cookies))) {
    const signingIn = signInThroughApi(server, role);
    byRole.set(role, signingIn);
    cookies = await signingIn;
  }
  await context.addCookies(cookies);
}

/**
 * A new page of its own context, signed in as `role` (through the API: see addSession), that has
 * opened nothing yet: the test opens the address it is about, as a person with a bookmark would,
 * without first loading a screen it does not look at (a full load of the console is the largest
 * single cost of a browser test). `onSetup` opens Customer Onboarding, where signing in lands.
 */
export async function signedInPage(browser: TestBrowser, server: TestServer, role: RoleName = 'SUPER_ADMIN'): Promise<Page> {
  const { context, page } = await browser.newPage(server.baseURL);
  await addSession(context, server, role);
  return page;
}

/**
 * Moves the console already loaded in `page` to `url` through the router's own history, as a link
 * inside it would: no reload, so it costs a fraction of a page load. Resolves at once; the caller
 * waits for what the new address must show.
 */
export async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * Opens `url` in `page`: a blank page loads it, as a bookmark would; a page already showing the
 * console moves there through the router's history (see navigate).
 */
export async function open(page: Page, url: string): Promise<void> {
  if (page.url().startsWith('http')) await navigate(page, url);
  else await page.goto(url);
}

/** The path of the page's address, e.g. to poll for a redirect's end. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Customer Onboarding inside the shell, where the sign-in screens leave every preset. */
export async function onSetup(page: Page): Promise<Page> {
  await page.goto('/customer/setup');
  await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
  return page;
}
