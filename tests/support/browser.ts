import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { ManualClock } from '../../server/clock';
import { DEMO_PASSWORD, demoEmail, seedDemoAdmins } from '../../server/db/seed/admins';
import type { RoleName } from '../../domain/permissions';
import { latestOtp, type TestApp } from './app';
import { createTestDatabase } from './db';

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
  close(): Promise<void>;
}

/**
 * Debian Chromium, headless. Playwright's launch() starts it on a fresh temporary user-data
 * directory of its own; each test then opens its own context.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const contexts = new Set<BrowserContext>();
  return {
    browser,
    async newPage(baseURL) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 }, locale: 'en-GB' });
      contexts.add(context);
      const page = await context.newPage();
      return { context, page };
    },
    async closeContexts() {
      await Promise.all([...contexts].map((c) => c.close()));
      contexts.clear();
    },
    close: () => browser.close(),
  };
}

export interface TestServer {
  baseURL: string;
  handle: TestApp;
  /** The newest passcode mailed to `email`, read from the outbox. */
  otp(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real server in-process on the built console (dist/, or CONSOLE_DIR), a fresh database with the demo admins,
 * the system clock, listening on a free port of 127.0.0.1.
 */
export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const consoleDir = path.resolve(process.env.CONSOLE_DIR || 'dist');
  if (!fs.existsSync(path.join(consoleDir, 'index.html'))) throw new Error(`${consoleDir}/index.html is missing: run \`npx vite build\` first.`);
  const testDb = await createTestDatabase();
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
  const { app, services } = await buildApp({ config, database: testDb.database, logger: false });
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
    await testDb.drop();
  };
  // The clock field is not used: this server runs on the system clock, like production.
  const handle: TestApp = { app, services, clock: new ManualClock(), testDb, mails, close };
  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    handle,
    otp: (email) => latestOtp(handle, email),
    close,
  };
}

/** Where screenshots go; the directory is created on first use. */
export async function screenshot(page: Page, name: string): Promise<void> {
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
 * Both steps, typing the mailed passcode; ends on /customer/setup inside the shell. `untilHeading`
 * false stops at the URL (a modal that hides the page from assistive technology is expected).
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
