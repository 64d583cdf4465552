import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ieVatCheckLetter, ukVatCheckDigits } from '../../domain/formats';
import { CUSTOMER_ACCESS_MESSAGES } from '../../domain/customers';
import { MESSAGES } from '../../domain/messages';
import { navigate, pathOf, screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { openDetails, query, signedInPage, withSeededServer } from '../support/customers';
import { box, fillCommon } from '../support/customerForm';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

async function openCreate(page: Page, country: 'UK' | 'Ireland'): Promise<void> {
  await page.goto('/customer/customer-search');
  await chooseCountry(page, country);
}

/** From Customer Search: Create New Customer, then the country. */
async function chooseCountry(page: Page, country: 'UK' | 'Ireland'): Promise<void> {
  await page.getByRole('button', { name: 'Create New Customer' }).click();
  await page.getByRole('dialog', { name: 'Create New Customer' }).getByRole('radio', { name: country }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: `Create Customer for ${country}` }).waitFor();
}

// The form's messages, length caps and field dependencies are covered without a server by
// tests/component/customers-form.test.tsx; here, the journeys against the real server.
describe('create customer', () => {
  it('creates a UK customer and finds it in the search, then an Irish one, stored in euros with its Eircode', async () => {
    const page = await signedInPage(browser, server);
    await openCreate(page, 'UK');
    await screenshot(page, 'customers-create-uk-empty');
    await fillCommon(page, { name: 'Quayside Fleet Leasing Ltd', company: 'SC123456', vat: `GB1234567${ukVatCheckDigits('1234567')}`, postCode: 'NE1 2BH', phone: '01914960000', mobile: '07700900123' });
    await box(page, 'Email').fill('fleet@quayside-fleet.example.com');
    await box(page, 'Max Supplier Proximity').fill('25');
    await page.getByRole('switch', { name: 'Enable Email Invoices' }).check();
    await box(page, 'Recipient Email').fill('invoices@quayside-fleet.example.com');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('heading', { level: 1, name: 'Customer Search' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'The customer has been created' }).waitFor();
    const [row] = await query<{ name: string; locale: string; status: string; post_code: string; supplier_proximity: number }>(
      server,
      "SELECT name, locale, status, post_code, supplier_proximity FROM lease_companies WHERE name = 'Quayside Fleet Leasing Ltd'",
    );
    expect(row).toMatchObject({ locale: 'en_GB', status: 'ACTIVE', post_code: 'NE12BH', supplier_proximity: 25 });
    await page.getByRole('searchbox', { name: 'Enter search text' }).fill('Quayside Fleet');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('article', { name: 'Quayside Fleet Leasing Ltd' }).waitFor();

    // Then an Irish one from the same search: stored in euros, with its Eircode.
    await chooseCountry(page, 'Ireland');
    await fillCommon(page, { name: 'Liffey Fleet Leasing DAC', company: '654321', vat: `IE1234567${ieVatCheckLetter('1234567', '')}`, postCode: 'D02 X285', phone: '014960000' });
    await page.getByRole('button', { name: 'Save' }).click();
    // Back on the search it came from: the form's own title has gone first.
    await page.getByRole('heading', { level: 1, name: 'Create Customer for Ireland' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Customer Search' }).waitFor();
    const [irish] = await query<{ locale: string; currency: string; post_code: string }>(server, "SELECT locale, currency, post_code FROM lease_companies WHERE name = 'Liffey Fleet Leasing DAC'");
    expect(irish).toEqual({ locale: 'en_IE', currency: 'EURO', post_code: 'D02X285' });
  });
});

async function openEdit(page: Page): Promise<{ id: string; name: string; contact: string }> {
  const [c] = await query<{ id: string; name: string; contact_name: string }>(
    server,
    "SELECT id, name, contact_name FROM lease_companies WHERE status = 'ACTIVE' AND rate_card_type = 'VISN' ORDER BY name LIMIT 1",
  );
  await page.goto('/customer/customer-search');
  await page.getByRole('searchbox', { name: 'Enter search text' }).fill(c.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('article', { name: c.name }).getByRole('link', { name: 'View' }).click();
  await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
  // The edit page shows the details read for the details page and reads them again as it opens:
  // a change made before that read's answer would reach the form as if it had been there all along.
  const read = page.waitForResponse((r) => r.url().includes('/api/v1/admin/getLeaseCompanyDetails'));
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('heading', { level: 1, name: /^Edit Customer of (UK|Ireland)$/ }).waitFor();
  await read;
  return { id: c.id, name: c.name, contact: c.contact_name };
}

describe('edit customer', () => {
  it('saves a change and shows it on the details page', async () => {
    const page = await signedInPage(browser, server);
    const c = await openEdit(page);
    await screenshot(page, 'customers-edit');
    expect(await box(page, 'Contact Name').inputValue()).toBe(c.contact);
    await box(page, 'Contact Name').fill('Aoife Kennedy');
    // A dependency: app services off turns compliance off and disables it.
    await page.getByRole('switch', { name: 'Enable Services In App' }).uncheck();
    expect(await page.getByRole('switch', { name: 'Enable Compliance' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Enable Compliance' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'The customer details have been saved' }).waitFor();
    await page.getByRole('region', { name: 'Contact' }).getByText('Aoife Kennedy').waitFor();
    await page.getByRole('region', { name: 'Services In App' }).getByRole('img', { name: 'Not enabled' }).first().waitFor();
    const [row] = await query<{ contact_name: string; version: number }>(server, 'SELECT contact_name, version FROM lease_companies WHERE id = $1', [c.id]);
    expect(row.contact_name).toBe('Aoife Kennedy');
  });

  it("asks 'Quit Editing?' on a link, the back link and browser back", async () => {
    const page = await signedInPage(browser, server);
    await openEdit(page);
    await box(page, 'Contact Name').fill('Someone Else');
    const quit = page.getByRole('dialog', { name: 'Quit Editing?' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customer' }).click();
    await quit.getByText('Changes you made so far will not be saved!').waitFor();
    await screenshot(page, 'customers-quit-editing');
    await quit.getByRole('button', { name: 'Keep Editing' }).click();
    await quit.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/customer/edit-customer');
    expect(await box(page, 'Contact Name').inputValue()).toBe('Someone Else');

    await page.getByRole('link', { name: 'Back to Customer Details' }).click();
    await quit.waitFor();
    await quit.getByRole('button', { name: 'Keep Editing' }).click();
    await quit.waitFor({ state: 'hidden' });

    await page.goBack();
    await quit.waitFor();
    await quit.getByRole('button', { name: 'Quit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();

    // Without changes nothing is asked.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: /^Edit Customer of/ }).waitFor();
    await page.getByRole('link', { name: 'Back to Customer Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
  });

  it('adds an integration through the drawer, with the stub rule for FNP sources', async () => {
    const page = await signedInPage(browser, server);
    await openEdit(page);
    const add = page.getByRole('button', { name: 'Add Integration' });
    await add.click();
    const drawer = page.getByRole('dialog', { name: 'Add Integration' });
    expect(await drawer.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(600);
    // Its messages and 'Quit Editing?': tests/component/customers-integration-drawer.test.tsx.
    await drawer.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Job description menu pricing' }).click();
    await drawer.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'FNP KIA' }).click();
    expect(await drawer.getByRole('textbox', { name: 'Source label', exact: true }).inputValue()).toBe('FNP KIA');
    await screenshot(page, 'customers-integration-drawer');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // Focus returns to the button that opened the drawer (once the drawer has left the page).
    await page.waitForFunction(() => document.activeElement?.textContent === 'Add Integration');
    const stub = page.getByRole('switch', { name: 'Use stub: Job description menu pricing (FNP KIA)' });
    expect(await stub.isDisabled()).toBe(true);
    expect(await stub.isChecked()).toBe(false);
  });
});

describe('accounting category', () => {
  it("is a choice of the accounting system's categories by name, required for PayBill customers", async () => {
    const categories = await query<{ id: string; name: string }>(server, 'SELECT id, name FROM accounting_categories ORDER BY name, id');
    const nameOf = (id: string) => categories.find((k) => k.id === id)!.name;
    const [c] = await query<{ id: string; name: string; category_id: string }>(
      server,
      "SELECT id, name, category_id FROM lease_companies WHERE status = 'ACTIVE' AND rate_card_type = 'COST_TYPE_HYBRID_VISN' AND category_id IS NOT NULL ORDER BY name LIMIT 1",
    );
    const page = await signedInPage(browser, server);
    await openDetails(page, c);
    await page.getByRole('region', { name: 'Billing' }).getByText(nameOf(c.category_id), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const category = page.getByRole('combobox', { name: 'Accounting Category' });
    await expect.poll(() => category.textContent()).toBe(nameOf(c.category_id));

    // Required for this rate card type: the categories only, no 'None'.
    await category.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(categories.map((k) => k.name));
    await screenshot(page, 'customers-edit-accounting-category');
    const other = categories.find((k) => k.id !== c.category_id)!;
    await page.getByRole('option', { name: other.name, exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
    await page.getByRole('region', { name: 'Billing' }).getByText(other.name, { exact: true }).waitFor();
    const [row] = await query<{ category_id: string }>(server, 'SELECT category_id FROM lease_companies WHERE id = $1', [c.id]);
    expect(row.category_id).toBe(other.id);
  });
});

describe('a save the server fails', () => {
  it("says 'Error occurred from api.' once, in the banner, and the toast says what failed", async () => {
    const page = await signedInPage(browser, server);
    await openEdit(page);
    await box(page, 'Contact Name').fill('Ciara Moran');
    // The server answers the save with a 500, as a failing database would.
    await page.route('**/api/v1/admin/saveLeaseCompanyDetails', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal Server Error' } }) }),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'The customer could not be saved.' }).waitFor();
    await page.getByRole('alert').filter({ hasText: MESSAGES.apiError }).waitFor();
    await screenshot(page, 'customers-save-failed');
    expect(await page.getByText(MESSAGES.apiError).count()).toBe(1);
    // Nothing was lost: the form is still open with what was typed.
    expect(await box(page, 'Contact Name').inputValue()).toBe('Ciara Moran');
  });
});

describe('a save the server refuses as busy', () => {
  it('offers to try again, keeps the form, and the same Save then succeeds', async () => {
    const page = await signedInPage(browser, server);
    await openEdit(page);
    await box(page, 'Contact Name').fill('Orla Byrne');
    // An overloaded node refuses the call before it starts (server/admission.ts), once.
    await page.route('**/api/v1/admin/saveLeaseCompanyDetails', (route) =>
      route.fulfill({ status: 503, headers: { 'retry-after': '2' }, contentType: 'application/json', body: JSON.stringify({ error: { code: 'BUSY', message: MESSAGES.serverBusy } }) }),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByRole('status').filter({ hasText: MESSAGES.serverBusy });
    await notice.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'The customer could not be saved.' }).waitFor();
    await screenshot(page, 'customers-save-busy');
    expect(await page.getByText(MESSAGES.apiError).count()).toBe(0);
    expect(await box(page, 'Contact Name').inputValue()).toBe('Orla Byrne');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await query(server, "SELECT 1 FROM lease_companies WHERE contact_name = 'Orla Byrne'")).length).toBe(1);
  });
});

describe('two people editing one customer', () => {
  it('refuses the stale save, says someone else changed the record, and Reload keeps what was typed', async () => {
    const page = await signedInPage(browser, server);
    const c = await openEdit(page);
    await box(page, 'Contact Name').fill('Niamh Doyle');
    // Someone else saves the same customer meanwhile (a new version, another account manager).
    await query(server, "UPDATE lease_companies SET account_manager = 'Priya Shah', version = version + 1 WHERE id = $1", [c.id]);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else has changed this record' });
    await dialog.waitFor();
    await screenshot(page, 'customers-conflict');
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Their change arrives in the untouched field; the typed value stays.
    await expect.poll(() => box(page, 'Account Manager').inputValue()).toBe('Priya Shah');
    expect(await box(page, 'Contact Name').inputValue()).toBe('Niamh Doyle');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
    const [row] = await query<{ contact_name: string; account_manager: string }>(server, 'SELECT contact_name, account_manager FROM lease_companies WHERE id = $1', [c.id]);
    expect(row).toEqual({ contact_name: 'Niamh Doyle', account_manager: 'Priya Shah' });
  });
});

describe('who may create and edit customers', () => {
  const tooltip = (page: Page, text: string) => page.getByRole('tooltip').filter({ hasText: text });
  const accessDenied = (page: Page) => page.getByRole('heading', { level: 1, name: MESSAGES.accessDenied }).waitFor();

  /** 'Create New Customer' is disabled and says why on hover. */
  async function createDisabled(page: Page, why: string): Promise<void> {
    await page.goto('/customer/customer-search');
    const create = page.getByRole('button', { name: 'Create New Customer' });
    expect(await create.isDisabled()).toBe(true);
    await create.locator('..').hover();
    await tooltip(page, why).waitFor();
  }

  it('VIEWER: Create New Customer is disabled, and the create and edit forms by address lead to access denied', async () => {
    const [c] = await query<{ id: string }>(server, "SELECT id FROM lease_companies WHERE status = 'ACTIVE' ORDER BY name LIMIT 1");
    const page = await signedInPage(browser, server, 'VIEWER');
    await createDisabled(page, CUSTOMER_ACCESS_MESSAGES.noEdit);
    await screenshot(page, 'customers-search-viewer');
    await navigate(page, '/customer/create-customer/UK');
    await expect.poll(() => pathOf(page)).toBe('/access-denied');
    await accessDenied(page);
    await navigate(page, `/customer/edit-customer?id=${c.id}`);
    await expect.poll(() => pathOf(page)).toBe('/access-denied');
    await accessDenied(page);
    await screenshot(page, 'customers-edit-viewer-denied');
  });

  it('EDITOR without the fee permission: may edit but not create', async () => {
    const [c] = await query<{ id: string }>(server, "SELECT id FROM lease_companies WHERE status = 'ACTIVE' AND platform_fees IS NOT NULL ORDER BY name DESC LIMIT 1");
    const page = await signedInPage(browser, server, 'EDITOR');
    await createDisabled(page, CUSTOMER_ACCESS_MESSAGES.createNeedsFees);
    await navigate(page, '/customer/create-customer/Ireland');
    await expect.poll(() => pathOf(page)).toBe('/access-denied');
    await accessDenied(page);
    // The fee block it then shows read-only: tests/component/customers-form.test.tsx.
    await navigate(page, `/customer/edit-customer?id=${c.id}`);
    await page.getByRole('heading', { level: 1, name: /^Edit Customer of/ }).waitFor();
  });
});
