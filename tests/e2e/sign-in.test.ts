import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../domain/messages';
import { demoEmail, launchBrowser, screenshot, signIn, startServer, submitPassword, type TestBrowser, type TestServer } from '../support/browser';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
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
