import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../domain/messages';
import { ERROR_MESSAGE_DURATION_MS, ERROR_MESSAGE_TOP_OFFSET_PX } from '../../domain/constants';
import { DEMO_PASSWORD, demoEmail, launchBrowser, pauseClock, screenshot, signIn, startServer, submitPassword, type TestBrowser, type TestServer } from '../support/browser';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterEach(() => browser.closeContexts());
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function freshPage(): Promise<Page> {
  return (await browser.newPage(server.baseURL)).page;
}

describe('sign-in with a one-time passcode', () => {
  it('types the mailed passcode into six boxes and lands in the shell with initials and name', async () => {
    const page = await freshPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
    await screenshot(page, 'login');

    await submitPassword(page, demoEmail('SUPER_ADMIN'));
    await page.waitForURL('**/validate-otp');
    await page.getByRole('heading', { name: 'One-Time Passcode' }).waitFor();
    expect(await page.getByText('We have emailed you an OTP').isVisible()).toBe(true);
    const group = page.getByRole('group', { name: 'Enter the 6-digit passcode' });
    for (let i = 1; i <= 6; i++) {
      const box = group.getByLabel(`Digit ${i} of 6`);
      expect(await box.getAttribute('inputmode')).toBe('numeric');
    }
    expect(await page.getByLabel('Digit 1 of 6').getAttribute('autocomplete')).toBe('one-time-code');
    await screenshot(page, 'otp');

    const code = await server.otp(demoEmail('SUPER_ADMIN'));
    await page.getByLabel('Digit 1 of 6').pressSequentially(code);
    // Typing advanced through every box.
    expect(await page.getByLabel('Digit 6 of 6').inputValue()).toBe(code[5]);
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();

    await page.waitForURL('**/customer/setup');
    await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
    const banner = page.getByRole('banner');
    await banner.getByText('Sam Super').waitFor();
    expect(await banner.getByText('SS', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'shell-customer-setup');
  });
});

/** Puts `text` on a paste event at the element, as the clipboard would. */
async function paste(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function boxValues(page: Page): Promise<string> {
  let all = '';
  for (let i = 1; i <= 6; i++) all += await page.getByLabel(`Digit ${i} of 6`).inputValue();
  return all;
}

describe('passcode entry', () => {
  it('says how many attempts are left after a wrong passcode, then accepts the right one', async () => {
    const page = await freshPage();
    await submitPassword(page, demoEmail('VIEWER'));
    await page.waitForURL('**/validate-otp');
    const code = await server.otp(demoEmail('VIEWER'));
    const wrong = code.split('').map((d) => String((Number(d) + 1) % 10)).join('');
    await page.getByLabel('Digit 1 of 6').pressSequentially(wrong);
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.otpAttemptsLeft(4) }).waitFor();
    await screenshot(page, 'otp-wrong-passcode-toast');
    expect(page.url()).toMatch(/\/validate-otp$/);
    // The boxes are cleared for the next try, and the first one has focus.
    expect(await boxValues(page)).toBe('');
    await expect.poll(() => page.getByLabel('Digit 1 of 6').evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByLabel('Digit 1 of 6').pressSequentially(code);
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.waitForURL('**/customer/setup');
    // The count no longer holds once the passcode is accepted: it does not follow onto the next page.
    await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
    expect(await page.getByText(MESSAGES.otpAttemptsLeft(4)).count()).toBe(0);
    await screenshot(page, 'otp-accepted-after-wrong');
  });

  it('asks for the passcode, then for all six digits; Backspace on an empty box goes back; a pasted code fills all six boxes', async () => {
    const page = await freshPage();
    await submitPassword(page, demoEmail('FINANCE'));
    await page.waitForURL('**/validate-otp');
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.getByText(MESSAGES.otpRequired).waitFor();

    await page.getByLabel('Digit 1 of 6').pressSequentially('123');
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.getByText(MESSAGES.otpLength).waitFor();
    expect(await page.getByText(MESSAGES.otpRequired).count()).toBe(0);

    // Focus is on the first empty box (4); Backspace clears box 3 and moves there.
    await page.getByLabel('Digit 4 of 6').press('Backspace');
    expect(await page.getByLabel('Digit 3 of 6').inputValue()).toBe('');
    expect(await page.getByLabel('Digit 3 of 6').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await boxValues(page)).toBe('12');

    // A pasted code fills all six boxes, over what was typed, and signs in.
    const code = await server.otp(demoEmail('FINANCE'));
    await paste(page, 'Digit 1 of 6', code);
    expect(await boxValues(page)).toBe(code);
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.waitForURL('**/customer/setup');
    await page.getByRole('banner').getByText('Fay Finance').waitFor();
  });

  it('signs out to /login when every attempt is used', async () => {
    const page = await freshPage();
    await submitPassword(page, demoEmail('SUPPORT'));
    await page.waitForURL('**/validate-otp');
    const code = await server.otp(demoEmail('SUPPORT'));
    const wrong = code.split('').map((d) => String((Number(d) + 3) % 10)).join('');
    for (let left = 4; left >= 1; left--) {
      await page.getByLabel('Digit 1 of 6').pressSequentially(wrong);
      await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
      await page.getByRole('alert').filter({ hasText: MESSAGES.otpAttemptsLeft(left) }).waitFor();
      await expect.poll(() => boxValues(page)).toBe('');
    }
    await page.getByLabel('Digit 1 of 6').pressSequentially(wrong);
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.otpExhausted }).waitFor();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
  });

  it('sends a direct visit to /validate-otp to /login, and goes back to /login when /validate-otp is reloaded', async () => {
    const page = await freshPage();
    await page.goto('/validate-otp');
    await page.waitForURL('**/login');
    await page.getByLabel('User Name').fill(demoEmail('SUPPORT'));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/validate-otp');
    await page.reload();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
  });
});

describe('sign-in form', () => {
  it("shows the required-field messages, then 'Invalid email or password' for a wrong password", async () => {
    const page = await freshPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(MESSAGES.userNameRequired).waitFor();
    await page.getByText(MESSAGES.passwordRequired).waitFor();
    expect(await page.getByLabel('User Name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'login-required-fields');

    await page.getByLabel('User Name').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(MESSAGES.passwordRequired).waitFor();
    expect(await page.getByText(MESSAGES.userNameRequired).count()).toBe(0);

    // Both given, the password wrong.
    await page.getByLabel('User Name').fill(demoEmail('SUPER_ADMIN'));
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await screenshot(page, 'login-invalid-credentials');
  });

  it("shows 'Error occurred from api.' 100 px from the top when the server fails", async () => {
    const page = await freshPage();
    await page.clock.install();
    await page.route('**/api/v1/auth/login', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }) }),
    );
    await page.goto('/login');
    await page.getByLabel('User Name').fill(demoEmail('SUPER_ADMIN'));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    // The page's clock stands still from here: the banner's 5 s are counted on it.
    await pauseClock(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const banner = page.getByRole('alert').filter({ hasText: MESSAGES.apiError });
    await banner.waitFor();
    const box = await banner.boundingBox();
    expect(box?.y).toBe(ERROR_MESSAGE_TOP_OFFSET_PX);
    // It goes away by itself after 5 s, not before.
    await page.clock.runFor(ERROR_MESSAGE_DURATION_MS - 1);
    expect(await banner.count()).toBe(1);
    await page.clock.runFor(1);
    await banner.waitFor({ state: 'detached' });
  });

  it('signs in with the keyboard only', async () => {
    const page = await freshPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
    // The user name field has focus on arrival.
    await page.keyboard.type(demoEmail('SUPER_ADMIN'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('Fleet-Demo-2026!');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/validate-otp');
    await page.getByLabel('Digit 1 of 6').waitFor();
    const code = await server.otp(demoEmail('SUPER_ADMIN'));
    await page.keyboard.type(code);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('SUBMIT OTP');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/customer/setup');
    // In the shell the first Tab reaches the skip link, which moves focus to the content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await screenshot(page, 'shell-skip-link-focus');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // Focus is visible on the sidebar links too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Group' }).focus();
    await screenshot(page, 'shell-sidebar-focus');
  });
});

describe('session restore and sign-out', () => {
  it("leaves the next admin none of the last one's answers after Logout, on the same page", async () => {
    const { page } = await browser.newPage(server.baseURL);
    await signIn(page, server, 'SUPER_ADMIN');
    // The console now holds what the super admin may see, the Audit Log among it.
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    await main.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();

    // The viewer signs in without a reload, so whatever the console kept is still there. From now
    // on, the sidebar must never offer the super admin's Audit Log, not even for a moment.
    await page.evaluate(() => {
      const w = window as unknown as { sawAuditLog: boolean };
      w.sawAuditLog = false;
      new MutationObserver(() => {
        const links = document.querySelectorAll('nav[aria-label="Main"] a');
        if ([...links].some((a) => a.textContent?.trim() === 'Audit Log')) w.sawAuditLog = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const email = demoEmail('VIEWER');
    await page.getByLabel('User Name').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/validate-otp');
    await page.getByLabel('Digit 1 of 6').pressSequentially(await server.otp(email));
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.getByRole('banner').getByText('Vic Viewer').waitFor();
    await main.getByRole('link', { name: 'Process Logs' }).waitFor();
    expect(await main.getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sawAuditLog: boolean }).sawAuditLog)).toBe(false);
  });

  it('sends a signed-in visit of / to /customer, and Logout back to / for good', async () => {
    const { page } = await browser.newPage(server.baseURL);
    await signIn(page, server, 'SUPER_ADMIN');
    await page.goto('/');
    await page.waitForURL('**/customer/setup');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    await page.goto('/customer/setup');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
  });
});
