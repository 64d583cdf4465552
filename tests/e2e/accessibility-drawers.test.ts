import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, type TestBrowser, type TestServer } from '../support/browser';
import { withSeededServer } from '../support/customers';
import { expectAccessible } from '../support/axe';
import { ambiguousControls, screenIds, visit } from '../support/a11y';
import type { ScreenIds } from '../fixtures/screens';
import { SUPPORT_SECTIONS } from '../../domain/support/dashboard';

/**
 * WCAG 2.2 AA inside each drawer and dialog, open as a user opens it (the screen behind was
 * checked in accessibility-screens.test.ts); then Escape closes it.
 *
 * Rules disabled: none.
 */
let server: TestServer;
let browser: TestBrowser;
let ids: ScreenIds;
let page: Page;

withSeededServer(
  (s, b) => {
    server = s;
    browser = b;
  },
  { keepPages: true },
);
beforeAll(async () => {
  ids = await screenIds(server);
  page = await signedInPage(browser, server, 'SUPER_ADMIN');
});

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** Opens what `button` opens on the screen at `url`, checks it, and closes it with Escape. */
async function checkOpened(url: (ids: ScreenIds) => string, button: string): Promise<void> {
  // Several drawers open from one screen: it is opened once, then each in turn.
  const address = new URL(url(ids), server.baseURL);
  if (page.url() !== address.href) await visit(page, url(ids));
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.locator(DIALOG).last();
  await dialog.waitFor();
  // Whatever the dialog loads first (a list, a form's record) is part of what is checked.
  await expect.poll(() => dialog.locator('[aria-busy="true"], [role="progressbar"]').count()).toBe(0);
  await expectAccessible(page, `${button} on ${url(ids)}`, DIALOG);
  expect(await ambiguousControls(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.locator(DIALOG).first().waitFor({ state: 'detached' });
}

const customerDetails = (i: ScreenIds) => `/customer/customer-details?id=${i.customer}`;
const supplierDetails = (i: ScreenIds) => `/supplier/supplier-details?id=${i.supplier}&group=${i.supplierGroup}`;

const CASES: [screen: string, url: (ids: ScreenIds) => string, buttons: string[]][] = [
  ['Customer Details', customerDetails, ['Users', 'Invite User', 'View Integrations', 'Webhook Subscriptions', 'Retailer Integration', 'Terminate']],
  ['Customer Search', () => '/customer/customer-search', ['Documents (1)', 'Subscriptions']],
  ['Edit Customer', (i) => `/customer/edit-customer?id=${i.customer}`, ['Add Integration']],
  ['Network Import', (i) => `/customer/customer-network-import?id=${i.customer}`, ['Upload']],
  ['Group Search', () => '/group/group-search', ['Invite User', 'View Integrations']],
  ['Edit Group', (i) => `/group/edit-group?id=${i.group}`, ['Paybill Config', 'Documents (0)']],
  ['Supplier Search', () => '/supplier/supplier-search', ['Escalation Information', 'Subscriptions', 'Invite User']],
  ['Supplier Details', supplierDetails, ['Finance System Details']],
  ['Add Supplier', (i) => `/e-registration/add-supplier?id=${i.registration}`, ['Reject']],
  ['File Validation', () => '/file-validation/reports', ['Upload']],
  ['Master Logins', () => '/assign-user-login', ['Change']],
  ['SAVi', () => '/savi/savi-export', ['EDIT']],
  ['DI Network Import', () => '/savi/di-network', ['Upload']],
  ['Support', () => '/support/support-dashboard', SUPPORT_SECTIONS.flatMap((s) => s.tools.map((t) => t.label))],
];

for (const [screen, url, buttons] of CASES) {
  describe(screen, () => {
    for (const button of buttons) it(button, () => checkOpened(url, button));
  });
}

describe('Edit Customer', () => {
  it("'Quit Editing?' on leaving with changes", async () => {
    await visit(page, `/customer/edit-customer?id=${ids.customer}`);
    await page.getByRole('textbox', { name: 'Contact Name', exact: true }).fill('Someone Else');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customer' }).click();
    const quit = page.getByRole('dialog', { name: 'Quit Editing?' });
    await quit.waitFor();
    await expectAccessible(page, 'Quit Editing? on Edit Customer', DIALOG);
    await quit.getByRole('button', { name: 'Quit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
  });
});
