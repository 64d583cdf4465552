/**
 * What the console's JavaScript costs to load: `npm run build && npm run bench:assets`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:assets   (the `large` data on PostgreSQL 15)
 *   npm run bench:assets                                       (PGlite in DATA_DIR, else ./data; seeds the small data when empty)
 * The real server on the built console (dist/, or CONSOLE_DIR), each measure in a fresh Chromium
 * profile (nothing cached), adding up the JavaScript that came over the wire: bytes as sent
 * (compressed) and as files.
 *   1. The sign-in page: /login until the User Name field accepts typing.
 *      Target: at most 300 kB of compressed JavaScript.
 *   2. A signed-in list: /login, signed in through the pages (password, then the passcode mailed
 *      to the bench admin, read from mail_outbox), the Supplier menu, then View All of Active
 *      Suppliers until the supplier search shows its results. No fixed target: the figure is printed.
 * Changes nothing but the bench admin (made or reset) and its sign-in's session and mail.
 */
import type { Page, Response } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { launchBrowser } from '../tests/support/browser';
import { benchApp, ensureBenchAdmin, mailedPasscode } from './lib/benchSession';

const SIGN_IN_TARGET_BYTES = 300 * 1000;
const ADMIN = { email: process.env.BENCH_EMAIL ?? 'bench-assets@bench.local', password: 'bench assets password 1', role: 'VIEWER', lastname: 'Assets' };
/** How long the list may take to show its results on the large data (a cold search). */
const LIST_TIMEOUT_MS = 120_000;

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** The scripts a page downloads from now on, each once (a script served from the cache adds no bytes). */
function recordScripts(page: Page) {
  const seen = new Map<string, Response>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && !seen.has(r.url())) seen.set(r.url(), r);
  });
  /** The scripts so far: their sizes, a line per file, and the totals. */
  return async (title: string) => {
    let wire = 0;
    let files = 0;
    const rows: string[] = [];
    for (const r of seen.values()) {
      const sizes = await r.request().sizes();
      const body = (await r.body()).length;
      wire += sizes.responseBodySize;
      files += body;
      rows.push(`  ${new URL(r.url()).pathname.padEnd(48)} ${(r.headers()['content-encoding'] ?? 'none').padEnd(5)} ${kb(sizes.responseBodySize).padStart(9)} of ${kb(body).padStart(9)}`);
    }
    console.log(`${title}:\n${rows.sort().join('\n')}`);
    return { count: seen.size, wire, files, urls: new Set(seen.keys()) };
  };
}

const { app, services, db } = await benchApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
await ensureBenchAdmin(services, ADMIN);
const browser = await launchBrowser();
let signInOk = false;
try {
  console.log(`database ${db.kind}; console from ${services.config.consoleDir}\n`);

  // 1. The sign-in page.
  {
    const { page } = await browser.newPage(base);
    const scripts = recordScripts(page);
    const started = Date.now();
    await page.goto('/login');
    const userName = page.getByLabel('User Name');
    await userName.waitFor();
    await userName.pressSequentially('a');
    const readyMs = Date.now() - started;
    const got = await scripts('sign-in page, scripts');
    signInOk = got.wire <= SIGN_IN_TARGET_BYTES;
    console.log(`sign-in page: ${got.count} scripts, ${kb(got.wire)} over the wire (${kb(got.files)} as files), typing accepted after ${readyMs} ms\n`);
    await browser.closeContexts();
  }

  // 2. Signed in, the supplier search with its results.
  {
    const { page } = await browser.newPage(base);
    const scripts = recordScripts(page);
    const started = Date.now();
    await page.goto('/login');
    await page.getByLabel('User Name').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/(validate-otp|customer\/setup)$/);
    if (page.url().endsWith('/validate-otp')) {
      await page.getByLabel('Digit 1 of 6').pressSequentially(await mailedPasscode(services, ADMIN.email));
      await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
      await page.waitForURL('**/customer/setup');
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Supplier', exact: true }).click();
    await page.getByRole('region', { name: 'Active Suppliers' }).getByRole('link', { name: 'View All' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Search' }).waitFor({ timeout: LIST_TIMEOUT_MS });
    const found = page.getByRole('status').filter({ hasText: /results? found/ });
    await found.waitFor({ timeout: LIST_TIMEOUT_MS });
    await page.getByRole('article').first().waitFor({ timeout: LIST_TIMEOUT_MS });
    const shownMs = Date.now() - started;
    const got = await scripts('signed-in list, scripts');
    console.log(`signed-in list (sign-in, Supplier, View All: ${(await found.first().textContent())?.trim()}): ${got.count} scripts, ${kb(got.wire)} over the wire (${kb(got.files)} as files), results shown after ${shownMs} ms`);
  }

  console.log(`\ntarget: sign-in page, at most ${kb(SIGN_IN_TARGET_BYTES)} of compressed JavaScript before the first input accepts typing: ${signInOk ? 'OK' : 'MISSED'}`);
  console.log('signed-in list: no fixed target; the figure above is what a first visit downloads to reach it');
} finally {
  // The worker's Chromium itself, not only its contexts: a running browser keeps this process alive.
  await browser.browser.close();
  await app.close();
}
