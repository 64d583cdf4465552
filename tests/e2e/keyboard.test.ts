import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PAY_BILL_MESSAGES } from '../../domain/savi';
import { DEMO_PASSWORD, demoEmail, screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { SUPPLIER_SQL, type SupplierRow } from '../support/suppliers';
import { liveRegionsAround } from '../support/a11y';
import { searchQuery } from '../../src/search/searchUrl';

/**
 * Keyboard-only journeys (WCAG 2.1.1, 2.4.3, 2.4.7): each task done with Tab, Shift+Tab, Enter,
 * Space, the arrow keys and typing, never the mouse. Locators only find what to check: that the
 * focused element is the expected one, that it shows where it is, and that focus comes back to the
 * control that opened a drawer or dialog once it closes.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

/** How the focused element reads in a failure message: its role or tag, and its name. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`;
  });
}

const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement).catch(() => false);

declare global {
  interface Window {
    /** What had focus, in order, since tabTo last started on this document. */
    focusTrail?: string[];
  }
}

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until `locator`'s element has focus; fails after
 * `max` presses, listing where focus went (kept by the page, so each press costs no extra call).
 */
async function tabTo(page: Page, locator: Locator, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await locator.waitFor();
  await page.evaluate(() => {
    if (!window.focusTrail) {
      document.addEventListener('focusin', (e) => {
        const el = e.target as Element;
        const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
        window.focusTrail?.push(`${el.getAttribute('role') ?? el.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`);
      });
    }
    window.focusTrail = [];
  });
  // The element is found once and asked directly after each press: finding it by role and name
  // again each time cost more than the press. Found again only if the page redrew it meanwhile.
  let target = await locator.elementHandle();
  const focused = async (): Promise<boolean> => {
    const state = await target?.evaluate((el) => (el.isConnected ? el === document.activeElement : null)).catch(() => null);
    if (state !== null && state !== undefined) return state;
    target = await locator.elementHandle();
    return hasFocus(locator);
  };
  for (let i = 0; i < max; i++) {
    if (await focused()) return;
    await page.keyboard.press(key);
  }
  if (await hasFocus(locator)) return;
  const trail = await page.evaluate(() => window.focusTrail ?? []);
  throw new Error(`${max} presses of ${key} did not reach ${locator}; focus went through:\n  ${trail.join('\n  ')}`);
}

/** The focused element is `locator`'s. */
async function expectFocusOn(page: Page, locator: Locator): Promise<void> {
  await expect.poll(() => hasFocus(locator), { message: `focus on ${locator}` }).toBe(true);
}

/**
 * The focused element shows that it has focus: a visible outline (or ring) on it, or on the
 * control around it that draws it for a hidden input (MUI's checkboxes, radios and switches, the
 * Select file button), or, for a text field, its border drawn thicker. Focus on the page body fails.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { ok: false, what: '<body>' };
    const what = `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}"`;
    // Drawn, and big enough to see: a hidden or clipped input's own outline does not count.
    const seen = (e: Element) => {
      const s = getComputedStyle(e);
      const box = e.getBoundingClientRect();
      return s.opacity !== '0' && s.visibility !== 'hidden' && box.width > 4 && box.height > 4;
    };
    const outlined = (e: Element) => {
      const s = getComputedStyle(e);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.outlineColor !== 'rgba(0, 0, 0, 0)';
    };
    if (seen(el) && (outlined(el) || getComputedStyle(el).boxShadow !== 'none')) return { ok: true, what };
    for (let e = el.parentElement, up = 1; e && up < 3; e = e.parentElement, up++) if (seen(e) && outlined(e)) return { ok: true, what };
    const field = el.closest('.Mui-focused');
    const border = field?.querySelector(':scope > fieldset');
    if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2) return { ok: true, what };
    return { ok: false, what };
  });
  expect(found.ok, `no visible focus indicator on ${found.what}`).toBe(true);
}

/** Focus has not fallen back to the page body (as it does when the control holding it goes). */
async function expectFocusKept(page: Page): Promise<void> {
  await expect.poll(() => describeFocus(page)).not.toBe('<body>');
}

/** Past the sidebar as a keyboard user goes: the skip link, then Enter; focus is on the content. */
async function skipToContent(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), 3);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, page.getByRole('main'));
}

describe('keyboard only', () => {
  it('signs in with the password and the mailed passcode', async () => {
    const { page } = await browser.newPage(server.baseURL);
    const email = demoEmail('SUPER_ADMIN');
    await page.goto('/login');
    await tabTo(page, page.getByLabel('User Name'));
    await expectVisibleFocus(page);
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }), 5);
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByRole('button', { name: 'Sign In' }), 10);
    await expectVisibleFocus(page);
    await screenshot(page, 'keyboard-sign-in');
    await page.keyboard.press('Enter');

    await page.waitForURL('**/validate-otp');
    const code = await server.otp(email);
    await tabTo(page, page.getByLabel('Digit 1 of 6'), 10);
    await expectVisibleFocus(page);
    await page.keyboard.type(code);
    await tabTo(page, page.getByRole('button', { name: 'SUBMIT OTP' }), 10);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/customer/setup');
    await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
  });

  it('finds a supplier, opens it and saves a change to it', async () => {
    const [s] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'live' ORDER BY s.supplier_id LIMIT 1`);
    const page = await signedInPage(browser, server);
    await page.goto('/supplier/supplier-search');
    await page.getByRole('heading', { level: 1, name: 'Supplier Search' }).waitFor();
    await skipToContent(page);
    await tabTo(page, page.getByRole('searchbox').or(page.getByRole('textbox', { name: /search/i })).first());
    await expectVisibleFocus(page);
    await page.keyboard.type(s.supplier_id);
    await page.keyboard.press('Enter');
    const view = page.getByRole('article', { name: s.name }).getByRole('link', { name: 'View' });
    await tabTo(page, view);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Edit' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /^Edit Supplier of/ }).waitFor();
    const reference = page.getByLabel('Account System Reference');
    await tabTo(page, reference, 120);
    await expectVisibleFocus(page);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('kb01ref');
    await screenshot(page, 'keyboard-supplier-edit');
    await tabTo(page, page.getByRole('button', { name: 'Save' }), 120);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'The supplier details have been saved' }).waitFor();
    // The toast is announced once: it sits in one live region, not a live region inside another.
    expect(await liveRegionsAround(page, 'The supplier details have been saved')).toBe(1);
    await expectFocusKept(page);
    const [row] = await query<{ account_system_reference: string }>(server, 'SELECT account_system_reference FROM suppliers WHERE id = $1', [s.id]);
    expect(row.account_system_reference).toBe('kb01ref');
  });

  it('approves a registration', async () => {
    const [r] = await query<{ id: string; company_name: string }>(
      server,
      "SELECT id, company_name FROM e_registrations WHERE status = 'NEW' AND post_code !~ '^[A-Z][0-9][0-9W] ?' ORDER BY company_name DESC LIMIT 1",
    );
    const page = await signedInPage(browser, server);
    await page.goto(`/e-registration/supplier-search?${searchQuery({ q: r.company_name, status: ['NEW'] })}`);
    await page.getByRole('heading', { level: 1, name: 'Supplier Registrations' }).waitFor();
    await skipToContent(page);
    await tabTo(page, page.getByRole('article', { name: r.company_name }).getByRole('link', { name: 'View' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Registration Details' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Review' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Add and Approve Supplier' }).waitFor();

    await tabTo(page, page.getByRole('region', { name: 'Company Details', exact: true }).getByLabel(/^Supplier Id/));
    await expectVisibleFocus(page);
    await page.keyboard.type('KB-REG-01');
    await tabTo(page, page.getByLabel(/^Serving proximity/), 150);
    await page.keyboard.type('20');
    await tabTo(page, page.getByLabel('Independent', { exact: true }), 200);
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('group', { name: 'Vehicle Categories' }).getByLabel('Car', { exact: true }), 60);
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    await screenshot(page, 'keyboard-registration-approve');
    await tabTo(page, page.getByRole('button', { name: 'Approve' }), 200);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Registration Details' }).waitFor();
    await page.getByText('The supplier has been approved and activated in the network').waitFor();
    await expectFocusKept(page);
    const [reg] = await query<{ status: string }>(server, 'SELECT status FROM e_registrations WHERE id = $1', [r.id]);
    expect(reg.status).toBe('APPROVED');
  });

  it('runs a support tool in its drawer, and gets back to its button', async () => {
    const [enquiry] = await query<{ enquiry_number: string }>(server, 'SELECT enquiry_number FROM enquiries ORDER BY enquiry_number LIMIT 1');
    const page = await signedInPage(browser, server, 'SUPPORT');
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    await skipToContent(page);
    const opener = page.getByRole('button', { name: 'Enquiry Search', exact: true });
    await tabTo(page, opener);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Enquiry Search', exact: true });
    await drawer.waitFor();
    await tabTo(page, drawer.getByRole('textbox', { name: /^Enquiry number/ }), 10);
    await expectVisibleFocus(page);
    await page.keyboard.type(enquiry.enquiry_number);
    await page.keyboard.press('Enter');
    await drawer.getByRole('article', { name: `Enquiry ${enquiry.enquiry_number}` }).waitFor();
    await tabTo(page, drawer.getByRole('button', { name: 'Copy Enquiry Id' }), 20);
    await expectVisibleFocus(page);
    await screenshot(page, 'keyboard-support-tool');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expectFocusOn(page, opener);
    await expectVisibleFocus(page);
  });

  it('uploads a file for validation from the dialog, and gets back to Upload', async () => {
    const page = await signedInPage(browser, server);
    await page.goto('/file-validation');
    await page.getByRole('heading', { level: 1, name: 'File Validation' }).waitFor();
    await skipToContent(page);
    const opener = page.getByRole('button', { name: 'Upload', exact: true });
    await tabTo(page, opener);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload file for validation' });
    await dialog.waitFor();

    await tabTo(page, dialog.getByRole('combobox', { name: /Validation Type/ }), 10);
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowDown');
    const option = page.getByRole('option', { name: 'GSF Stock', exact: true });
    await option.waitFor();
    for (let i = 0; i < 40 && !(await hasFocus(option)); i++) await page.keyboard.press('ArrowDown');
    await expectFocusOn(page, option);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('combobox', { name: /Validation Type/ }).textContent()).toContain('Stock');
    await expectFocusOn(page, dialog.getByRole('combobox', { name: /Validation Type/ }));

    // The file input itself takes focus (its button is the label drawn around it).
    const chooseFile = dialog.getByLabel('Select file');
    await tabTo(page, chooseFile, 10);
    await expectVisibleFocus(page);
    const choosing = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await choosing).setFiles({ name: 'kb-stock.csv', mimeType: 'text/csv', buffer: fs.readFileSync(path.resolve('tests/fixtures/fileValidation/GSF_STOCK.invalid.csv')) });
    await dialog.getByText('kb-stock.csv').waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Upload', exact: true }), 10);
    await expectVisibleFocus(page);
    await screenshot(page, 'keyboard-file-validation');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /kb-stock\.csv/ }).waitFor();
    await expectFocusOn(page, opener);
    await expectVisibleFocus(page);
  });

  it('searches a day of Pay Bill and exports a record', async () => {
    const [target] = await query<{ day: string; invoice_number: string }>(
      server,
      `SELECT to_char(i.tax_point_date, 'YYYY-MM-DD') AS day, i.invoice_number FROM invoices i JOIN lease_companies l ON l.id = i.lease_company_id
        WHERE i.paybill AND NOT i.saved_to_quickbooks AND i.type = 'Invoice' AND i.finance_supplier_id IS NOT NULL AND l.category_id IS NOT NULL
        ORDER BY i.tax_point_date DESC, i.invoice_number LIMIT 1`,
    );
    const page = await signedInPage(browser, server, 'FINANCE');
    await page.goto('/savi');
    await page.getByRole('heading', { level: 1, name: 'SAVi' }).waitFor();
    await skipToContent(page);
    await tabTo(page, page.getByRole('row', { name: /^Pay Bill/ }).getByRole('link', { name: 'View' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Pay Bill' }).waitFor();

    await tabTo(page, page.getByRole('group', { name: 'Date' }).getByRole('spinbutton', { name: 'Day' }));
    await expectVisibleFocus(page);
    const [year, month, day] = target.day.split('-');
    await page.keyboard.type(`${day}${month}${year}`);
    await tabTo(page, page.getByRole('button', { name: 'SEARCH' }), 10);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const line = page.getByRole('table', { name: 'Pay bill records' }).getByRole('row', { name: new RegExp(target.invoice_number) });
    const exportButton = line.getByRole('button', { name: `Export ${target.invoice_number}` });
    await tabTo(page, exportButton, 200);
    await expectVisibleFocus(page);
    await screenshot(page, 'keyboard-pay-bill');
    await page.keyboard.press('Enter');
    await page.getByText(PAY_BILL_MESSAGES.exported(target.invoice_number)).waitFor();
    await expect.poll(() => line.getByRole('button', { name: /^Export/ }).count()).toBe(0);
    // The button has gone: focus is on the cell that says the record is saved.
    await expectFocusOn(page, line.getByRole('cell', { name: /^Saved/ }));
    await expectVisibleFocus(page);
  });
});
