import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ieVatCheckLetter, ukVatCheckDigits } from '../../domain/formats';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

/** A text input by its accessible name (the label without the required asterisk). */
const box = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: typeof name === 'string' ? true : undefined });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The message MUI shows under an input, found through the input's aria-describedby. */
async function errorOf(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  const texts = await Promise.all(ids.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ').trim();
}

const FEES: [string, string][] = [
  ['Booking Fee', '12.50'],
  ['Monthly Vehicle Fee', '3.75'],
  ['Transaction Fee', '0.99'],
  ['Licence Fee', '1250'],
  ['Manual VOR Fee', '15'],
  ['Reporting Licence Fee', '499.99'],
  ['Driver Licence - Price Per Check fee', '1.15'],
  ['Licence Check - per driver per month Fee', '0.30'],
];

async function fillCommon(page: Page, v: { name: string; company: string; vat: string; postCode: string; phone: string; mobile?: string }): Promise<void> {
  await box(page, 'Customer Name').fill(v.name);
  await box(page, 'Company Registration Number').fill(v.company);
  await box(page, 'VAT Number').fill(v.vat);
  await choose(page, 'Customer Type', 'Direct');
  await choose(page, 'Rate Card Type', 'ViSN');
  await box(page, 'Account Manager').fill('Siobhan Walsh');
  await box(page, 'Building Name/Number').fill('Unit 4');
  await box(page, 'Street Name').fill('Quayside');
  await box(page, 'Town').fill('Newcastle upon Tyne');
  await box(page, /^(Postcode|Eircode)/).fill(v.postCode);
  await box(page, 'Contact Name').fill('Mary Byrne');
  await box(page, 'Email').fill('fleet@example.com');
  await box(page, 'Phone Number').fill(v.phone);
  if (v.mobile) await box(page, 'Mobile Number').fill(v.mobile);
  await choose(page, 'Payment Method', 'Direct Debit');
  await choose(page, 'Fees Schedule', '30 days');
  await choose(page, 'Apply Platform Fee to', 'Sub Customer');
  for (const [label, value] of FEES) await box(page, label).fill(value);
}

async function openCreate(page: Page, country: 'UK' | 'Ireland'): Promise<void> {
  await page.goto('/customer/customer-search');
  await page.getByRole('button', { name: 'Create New Customer' }).click();
  await page.getByRole('dialog', { name: 'Create New Customer' }).getByRole('radio', { name: country }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: `Create Customer for ${country}` }).waitFor();
}

describe('create customer', () => {
  it('creates a UK customer after showing the validation messages of the schema', async () => {
    const page = await signedInPage(browser, server);
    await openCreate(page, 'UK');
    await screenshot(page, 'customers-create-uk-empty');

    // Saving the empty form: required messages next to their fields.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'fields need your attention' }).waitFor();
    expect(await errorOf(box(page, 'Customer Name'))).toBe('Customer Name is required');
    expect(await errorOf(box(page, 'Postcode'))).toBe('Postcode is required');
    expect(await errorOf(box(page, 'Booking Fee'))).toBe('Booking Fee is required');
    expect(await errorOf(page.getByRole('combobox', { name: 'Apply Platform Fee to' }))).toBe('Selection of Apply Platform Fee to is required');
    // The first field with an error has the focus.
    expect(await box(page, 'Customer Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'customers-create-uk-errors');

    await fillCommon(page, { name: 'Quayside Fleet Leasing Ltd', company: 'SC123456', vat: `GB1234567${ukVatCheckDigits('1234567')}`, postCode: 'NE1 2BH', phone: '01914960000', mobile: '07700900123' });
    // Spaces are removed from the postcode while typing.
    expect(await box(page, 'Postcode').inputValue()).toBe('NE12BH');

    // Wrong values: format and range messages.
    await box(page, 'Email').fill('not-an-email');
    await box(page, 'Max Supplier Proximity').fill('120');
    await page.getByRole('switch', { name: 'Enable Email Invoices' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email is not valid').waitFor();
    expect(await errorOf(box(page, 'Max Supplier Proximity'))).toBe('Max Supplier Proximity value should be less than 99');
    expect(await errorOf(box(page, 'Recipient Email'))).toBe('Recipient email id is required');
    await box(page, 'Recipient Email').fill('invoices@');
    await page.getByText('Recipient Email is not valid').waitFor();

    await box(page, 'Email').fill('fleet@quayside-fleet.example.com');
    await box(page, 'Max Supplier Proximity').fill('25');
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
  });

  it('creates an Irish customer with the Irish labels and limits', async () => {
    const page = await signedInPage(browser, server);
    await openCreate(page, 'Ireland');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await errorOf(box(page, 'Eircode'))).toBe('Eircode is required');
    // The mobile number is optional in the Irish form.
    expect(await errorOf(box(page, 'Mobile Number'))).toBe('');

    await fillCommon(page, { name: 'Liffey Fleet Leasing DAC', company: '654321', vat: `IE1234567${ieVatCheckLetter('1234567', '')}`, postCode: 'D02 X285', phone: '01' });
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await errorOf(box(page, 'Phone Number'))).toBe('Phone Number should be at least 6 characters');
    await box(page, 'Phone Number').fill('014960000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Search' }).waitFor();
    const [row] = await query<{ locale: string; currency: string; post_code: string }>(server, "SELECT locale, currency, post_code FROM lease_companies WHERE name = 'Liffey Fleet Leasing DAC'");
    expect(row).toEqual({ locale: 'en_IE', currency: 'EURO', post_code: 'D02X285' });
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
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('heading', { level: 1, name: /^Edit Customer of (UK|Ireland)$/ }).waitFor();
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

  it('adds an integration through the drawer, with its messages and the stub rule for FNP sources', async () => {
    const page = await signedInPage(browser, server);
    await openEdit(page);
    const add = page.getByRole('button', { name: 'Add Integration' });
    await add.click();
    const drawer = page.getByRole('dialog', { name: 'Add Integration' });
    expect(await drawer.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(600);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Type is required').waitFor();
    await drawer.getByText('Source is required').waitFor();
    await drawer.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Job description menu pricing' }).click();
    await drawer.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'FNP KIA' }).click();
    expect(await drawer.getByRole('textbox', { name: 'Source label', exact: true }).inputValue()).toBe('FNP KIA');
    await screenshot(page, 'customers-integration-drawer');

    // Escape with changes asks first; Keep Editing stays in the drawer.
    await page.keyboard.press('Escape');
    const quit = page.getByRole('dialog', { name: 'Quit Editing?' });
    await quit.getByRole('button', { name: 'Keep Editing' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // Focus returns to the button that opened the drawer (once the drawer has left the page).
    await page.waitForFunction(() => document.activeElement?.textContent === 'Add Integration');
    const stub = page.getByRole('switch', { name: 'Use stub: Job description menu pricing (FNP KIA)' });
    expect(await stub.isDisabled()).toBe(true);
    expect(await stub.isChecked()).toBe(false);
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
