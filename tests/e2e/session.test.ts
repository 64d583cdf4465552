import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../domain/messages';
import { TIMER_START_DELAY_MS } from '../../domain/constants';
import type { RoleName } from '../../domain/permissions';
import type { SessionResponse } from '../../domain/session';
import { loadConfig } from '../../server/config';
import { addSession, demoEmail, launchBrowser, pauseClock, screenshot, startServer, submitPassword, type TestBrowser, type TestServer } from '../support/browser';

/** The real session settings: 55 minutes idle; the modal shows a minute before and counts down 60 s. */
let server: TestServer;
let outdated: TestServer;
/** Passcodes that have expired by the time anyone types them. */
let expiring: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  // One at a time: in-memory databases start faster than several at once on a busy machine.
  server = await startServer();
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

/**
 * Signed in as `role` on the shell, with Playwright's clock in the page. Once the shell is up the
 * clock stops: from then on the console's timers run only when the test moves the clock. Resolves
 * with the session the console loaded.
 */
async function signedInWithClock(role: RoleName): Promise<{ page: Page; session: SessionResponse }> {
  const { context, page } = await browser.newPage(server.baseURL);
  await page.clock.install();
  await addSession(context, server, role);
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/session') && r.status() === 200);
  await page.goto('/customer/setup');
  await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
  const session = (await (await loaded).json()) as SessionResponse;
  // A second on: the inactivity timer has started (TIMER_START_DELAY_MS after sign-in).
  expect(TIMER_START_DELAY_MS).toBeLessThan(1_000);
  await pauseClock(page);
  return { page, session };
}

/**
 * The user moves the mouse, then leaves the page alone for exactly as long as the server's
 * settings give before the modal, every timer due on the way running.
 */
async function sitIdle(page: Page, session: SessionResponse): Promise<void> {
  const { idleMs, inactivityMarginMs } = server.handle.services.config.session;
  expect(session.timers.inactivityMs).toBe(idleMs - inactivityMarginMs);
  await page.mouse.move(20, 20);
  await page.clock.runFor(session.timers.inactivityMs);
}

describe('session expiry', () => {
  it('counts down after inactivity and signs out at 0 to the login page', async () => {
    const { page, session } = await signedInWithClock('SUPER_ADMIN');
    const dialog = page.getByRole('dialog', { name: MESSAGES.sessionExpiring });
    // The user's last activity; a second short of the inactivity time there is no modal yet.
    await page.mouse.move(20, 20);
    await page.clock.runFor(session.timers.inactivityMs - 1_000);
    expect(await dialog.count()).toBe(0);
    await page.clock.runFor(1_000);
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(MESSAGES.staySignedInQuestion);
    expect(await dialog.innerText()).toMatch(/automatic sign-out is enforced after a period of inactivity/);
    await dialog.getByRole('button', { name: MESSAGES.signOutNow }).waitFor();
    await dialog.getByRole('button', { name: MESSAGES.staySignedIn }).waitFor();
    // The countdown starts from the warning time and ticks every second.
    const seconds = session.timers.warningMs / 1000;
    await expect.poll(() => countdown(page)).toBe(seconds);
    await screenshot(page, 'session-expiry-modal');
    await page.clock.runFor(1_000);
    await expect.poll(() => countdown(page)).toBe(seconds - 1);

    await page.clock.runFor(session.timers.warningMs - 1_000);
    await page.clock.resume();
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The server session is gone too: the console stays signed out.
    await page.goto('/customer/setup');
    await page.waitForURL('**/login');
  });

  it("keeps the session with 'Stay signed in'", async () => {
    const { page, session } = await signedInWithClock('EDITOR');
    const dialog = page.getByRole('dialog', { name: MESSAGES.sessionExpiring });
    await sitIdle(page, session);
    await dialog.waitFor();
    await page.clock.resume();
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
    await dialog.getByRole('button', { name: MESSAGES.staySignedIn }).click();
    // The server session was renewed: its idle time starts again from the click.
    const renewed = await refreshed;
    expect(renewed.status()).toBe(200);
    expect(Date.parse(((await renewed.json()) as SessionResponse).expiresAt)).toBeGreaterThan(Date.parse(session.expiresAt));
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/customer\/setup$/);
    // A reload restores it instead of asking to sign in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
    await page.getByRole('banner').getByText('Erin Editor').waitFor();
    expect(page.url()).toMatch(/\/customer\/setup$/);
  });

  it("signs out at once with 'Sign out now'", async () => {
    const { page, session } = await signedInWithClock('VIEWER');
    const dialog = page.getByRole('dialog', { name: MESSAGES.sessionExpiring });
    await sitIdle(page, session);
    await dialog.waitFor();
    await page.clock.resume();
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
    const { context, page } = await browser.newPage(outdated.baseURL);
    await addSession(context, outdated, 'SUPER_ADMIN');
    await page.goto('/customer/setup');
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
