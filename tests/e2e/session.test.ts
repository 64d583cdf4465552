import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../domain/messages';
import { loadConfig } from '../../server/config';
import { demoEmail, launchBrowser, screenshot, signIn, startServer, submitPassword, type TestBrowser, type TestServer } from '../support/browser';

/** Short timers: the modal shows after 3 s without activity and counts down from 3. */
const SHORT_SESSION = { ...loadConfig({ NODE_ENV: 'test' }).session, idleMs: 6_000, inactivityMarginMs: 3_000, warningMs: 3_000 };

let server: TestServer;
let outdated: TestServer;
/** Passcodes that have expired by the time anyone types them. */
let expiring: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  // One at a time: in-memory databases start faster than several at once on a busy machine.
  server = await startServer({ session: SHORT_SESSION });
  outdated = await startServer({ consoleVersion: '99.0.0' });
  expiring = await startServer({ otp: { ...loadConfig({ NODE_ENV: 'test' }).otp, ttlMs: 1 } });
  browser = await launchBrowser();
}, 240_000);
afterEach(() => browser.closeContexts());
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await outdated?.close();
  await expiring?.close();
});

async function countdown(page: Page): Promise<number> {
  const text = await page.getByRole('timer').innerText();
  return Number(text.match(/(\d+)/)?.[1]);
}

describe('session expiry', () => {
  it('counts down after inactivity and signs out at 0 to the login page', async () => {
    const { page } = await browser.newPage(server.baseURL);
    await signIn(page, server, 'SUPER_ADMIN');
    const dialog = page.getByRole('dialog', { name: MESSAGES.sessionExpiring });
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.innerText()).toContain(MESSAGES.staySignedInQuestion);
    expect(await dialog.innerText()).toMatch(/automatic sign-out is enforced after a period of inactivity/);
    await dialog.getByRole('button', { name: MESSAGES.signOutNow }).waitFor();
    await dialog.getByRole('button', { name: MESSAGES.staySignedIn }).waitFor();
    const first = await countdown(page);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(3);
    await screenshot(page, 'session-expiry-modal');
    await expect.poll(() => countdown(page).catch(() => 0), { timeout: 5_000 }).toBeLessThan(first);

    await page.getByRole('heading', { name: 'Log into your account' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    // The server session is gone too: the console stays signed out.
    await page.goto('/customer/setup');
    await page.waitForURL('**/login');
  });

  it("keeps the session with 'Stay signed in'", async () => {
    const { page } = await browser.newPage(server.baseURL);
    await signIn(page, server, 'EDITOR');
    const dialog = page.getByRole('dialog', { name: MESSAGES.sessionExpiring });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: MESSAGES.staySignedIn }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/customer\/setup$/);
    // The server session was renewed: a reload restores it instead of asking to sign in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
    await page.getByRole('banner').getByText('Erin Editor').waitFor();
    expect(page.url()).toMatch(/\/customer\/setup$/);
  });

  it("signs out at once with 'Sign out now'", async () => {
    const { page } = await browser.newPage(server.baseURL);
    await signIn(page, server, 'VIEWER');
    const dialog = page.getByRole('dialog', { name: MESSAGES.sessionExpiring });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: MESSAGES.signOutNow }).click();
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('expired passcode', () => {
  it('says so and signs out to /login', async () => {
    const { page } = await browser.newPage(expiring.baseURL);
    await submitPassword(page, demoEmail('EDITOR'));
    await page.waitForURL('**/validate-otp');
    await page.getByLabel('Digit 1 of 6').pressSequentially(await expiring.otp(demoEmail('EDITOR')));
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.otpExpired }).waitFor();
    await page.waitForURL('**/login');
  });
});

describe('release check', () => {
  it("shows 'Update...' when the server reports another version, and OK reloads", async () => {
    const { page } = await browser.newPage(outdated.baseURL);
    await signIn(page, outdated, 'SUPER_ADMIN', false);
    const dialog = page.getByRole('dialog', { name: MESSAGES.updateTitle });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/new version .* released/i);
    expect(await dialog.innerText()).toMatch(/refresh your browser/i);
    await screenshot(page, 'update-modal');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'OK' }).click()]);
    // After the reload the version still differs, so the modal is back.
    await page.getByRole('dialog', { name: MESSAGES.updateTitle }).waitFor();
  });

  it('does not show the modal before sign-in', async () => {
    const { page } = await browser.newPage(outdated.baseURL);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
