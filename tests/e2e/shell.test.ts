import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../domain/messages';
import type { RoleName } from '../../domain/permissions';
import { launchBrowser, navigate, onSetup, pathOf, screenshot, signedInPage, startServer, type TestBrowser, type TestServer } from '../support/browser';

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

function signedIn(role: RoleName): Promise<Page> {
  return signedInPage(browser, server, role);
}

const ALL = ['Customer', 'Group', 'Supplier', 'e-Registration', 'File Validation', 'Master Logins', 'Process Logs', 'SAVi', 'Support', 'Audit Log', 'Mail Outbox', 'Background Jobs', 'Admins'];

async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Process Logs' }).waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

describe('sidebar per role', () => {
  it('shows every entry to SUPER_ADMIN, with the Setup submenu open and Logout last', async () => {
    const page = await onSetup(await signedIn('SUPER_ADMIN'));
    expect(await sidebarLinks(page)).toEqual(ALL);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('button', { name: 'Setup' }).getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Customer' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('button', { name: 'Logout' }).waitFor();

    // Each entry opens its area.
    const titles: [string, string, RegExp][] = [
      ['Group', 'Group Search', /\/group\/group-search$/],
      ['Supplier', 'Supplier Onboarding', /\/supplier\/setup$/],
      ['e-Registration', 'e-Registration', /\/e-registration\/dashboard$/],
      ['File Validation', 'File Validation', /\/file-validation\/reports$/],
      ['Master Logins', 'Master Logins', /\/assign-user-login$/],
      ['Process Logs', 'Process Logs', /\/process-logs$/],
      ['SAVi', 'SAVi', /\/savi\/savi-export$/],
      ['Support', 'Support', /\/support\/support-dashboard$/],
    ];
    for (const [link, title, url] of titles) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      expect(page.url()).toMatch(url);
    }

    // Collapsing Setup hides its three entries.
    await nav.getByRole('button', { name: 'Setup' }).click();
    await nav.getByRole('link', { name: 'Customer' }).waitFor({ state: 'hidden' });
  });

  // Every other preset's entries: resources.test.ts, from the permission matrix's SIDEBAR.
});

describe('guards and fallbacks', () => {
  it('sends a role without the menu permission to the access-denied page', async () => {
    const page = await signedIn('SUPPORT');
    await page.goto('/e-registration');
    await page.waitForURL('**/access-denied');
    await page.getByRole('heading', { level: 1, name: MESSAGES.accessDenied }).waitFor();
    // Still signed in, inside the shell.
    await page.getByRole('banner').getByText('Sol Support').waitFor();
    await screenshot(page, 'access-denied');

    await navigate(page, '/file-validation/reports');
    await expect.poll(() => pathOf(page)).toBe('/access-denied');
    await page.getByRole('link', { name: 'Go to Customer' }).click();
    await page.waitForURL('**/customer/setup');
  });

  it('shows the not-found page with a link to login for an unknown path', async () => {
    const page = await signedIn('EDITOR');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: MESSAGES.notFound }).waitFor();
    await page.getByRole('link', { name: 'Go to login' }).waitFor();
    await screenshot(page, 'not-found');
  });

  it('redirects unknown customer paths to setup and frames each customer page with its title and back link', async () => {
    const page = await signedIn('SUPER_ADMIN');
    await page.goto('/customer/nothing-here');
    await page.waitForURL('**/customer/setup');
    // The rest inside the loaded console, as its links go.
    await navigate(page, '/customer');
    await expect.poll(() => pathOf(page)).toBe('/customer/setup');

    await navigate(page, '/customer/customer-search');
    await page.getByRole('heading', { level: 1, name: 'Customer Search' }).waitFor();
    await page.getByRole('link', { name: 'Back to Customer Onboarding' }).click();
    await page.waitForURL('**/customer/setup');

    await navigate(page, '/customer/create-customer/UK');
    await page.getByRole('heading', { level: 1, name: 'Create Customer for UK' }).waitFor();
    await navigate(page, '/customer/create-customer/Ireland');
    await page.getByRole('heading', { level: 1, name: 'Create Customer for Ireland' }).waitFor();
    await navigate(page, '/customer/customer-network-import');
    await page.getByRole('link', { name: 'Back to Customer Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
  });

  it('sends a signed-out visitor of a console path to /login', async () => {
    const { page } = await browser.newPage(server.baseURL);
    await page.goto('/supplier/setup');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
  });
});

describe('on a narrow screen', () => {
  it('opens the sidebar from the Menu button, as a drawer that keeps and gives back the focus', async () => {
    const page = await onSetup(await signedIn('SUPER_ADMIN'));
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    expect(await nav.count()).toBe(0);
    await screenshot(page, 'shell-narrow');

    await menu.click();
    expect(await sidebarLinks(page)).toEqual(ALL);
    // While the drawer is open the page behind it, the button too, is hidden from assistive technology.
    expect(await page.getByRole('button', { name: 'Menu', includeHidden: true }).getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'shell-narrow-menu');
    // Escape closes it and the focus is back on the button.
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // Choosing an entry goes there and closes the drawer.
    await menu.click();
    await nav.getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log', exact: true }).waitFor();
    await nav.waitFor({ state: 'detached' });

    // Wide again: the sidebar is back beside the page, and no Menu button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.waitFor();
    expect(await menu.count()).toBe(0);
  });
});

describe('legal pages', () => {
  it('shows the privacy policy without signing in, and the cookie policy with the strictly necessary cookies and no tracking ones', async () => {
    const { page } = await browser.newPage(server.baseURL);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('Dated 26 August 2022');
    expect(text).toContain('Effective from 14 December 2020');
    for (const processor of ['a billing provider', 'a driver licence check agency', 'a labour-time data provider']) {
      expect(text).toContain(processor);
    }
    expect(text).toContain('at most 1 year after live use');
    expect(text).toContain('within one month');
    expect(text).toContain('not meant for anyone under 17');
    await screenshot(page, 'privacy-policy');

    await navigate(page, '/cookie-policy');
    await page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();
    const table = page.getByRole('table', { name: 'Strictly necessary cookies' });
    await table.getByRole('rowheader', { name: /fnc_session/ }).waitFor();
    await table.getByRole('rowheader', { name: /fnc_trusted/ }).waitFor();
    const cookies = await page.getByRole('main').innerText();
    expect(cookies).toContain('__Host-fnc_session');
    expect(cookies).toContain('7 days');
    expect(cookies).toContain('HttpOnly, SameSite=Strict');
    expect(cookies).toMatch(/do not use tracking/);
    await screenshot(page, 'cookie-policy');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
  });
});
