import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { navigate, screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { openDetails, query, signedInPage, withSeededServer } from '../support/customers';
import { searchQuery } from '../../src/search/searchUrl';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

interface Row {
  id: string;
  name: string;
  contact_name: string;
}

async function pick(where: string): Promise<Row> {
  const [row] = await query<Row>(server, `SELECT id, name, contact_name FROM lease_companies WHERE ${where} ORDER BY name LIMIT 1`);
  if (!row) throw new Error(`no customer where ${where}`);
  return row;
}

const SECTIONS = [
  'Billing', 'Contact', 'Menu Bar Options', 'Enquiry Appointment Dates', 'Enquiry Progress', 'Downtime Queue', 'Services In App',
  'Web Link - Online Booking', 'Customer Info', 'Notifications', 'Stock', 'Vehicle Health Check', 'Compliance', 'Delay Vehicle Termination',
  'Email Invoices', 'Daily Invoice Export', 'Feature Flags', 'Export Config', 'Number of allowed assignments', 'Network Policy', 'Integrations',
  'Platform Fees', 'API integration',
];

const HEADER_FIELDS = ['Rate Card Type', 'Billing Ref ID', 'Account Manager'];

/** Each of the header block's fields is on the page once. */
async function shownOnce(page: Page): Promise<void> {
  for (const label of HEADER_FIELDS) expect(await page.getByText(label, { exact: true }).count(), label).toBe(1);
}

describe('customer details', () => {
  it('shows every section read-only, with ticks, the address and the header block rule, and Rate Card Type, Billing Ref ID and Account Manager once, in the header block or, where that is hidden, in their own blocks', async () => {
    const page = await signedInPage(browser, server);
    const visn = await pick("status = 'ACTIVE' AND rate_card_type = 'VISN'");
    await openDetails(page, visn);
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
    for (const title of SECTIONS) await page.getByRole('region', { name: title, exact: true }).waitFor();
    // Rate Card Type, Billing Ref ID and Account Manager once, in the header block.
    const account = page.getByRole('region', { name: 'Account' });
    for (const label of HEADER_FIELDS) await account.getByText(label, { exact: true }).waitFor();
    await shownOnce(page);
    expect(await page.getByRole('img', { name: /^(Enabled|Not enabled)$/ }).count()).toBeGreaterThan(5);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await screenshot(page, 'customers-details');

    // The reload keeps the customer (its id is in the URL too).
    await page.reload();
    await page.getByRole('region', { name: visn.name }).waitFor();
    // The back link returns to the search it came from.
    await page.getByRole('link', { name: 'Back to Customer Search' }).click();
    await page.waitForURL(/customer-search\?filter=/);

    const di = await pick("rate_card_type = 'VISN_WITH_DI_NETWORK'");
    await openDetails(page, di, { inApp: true });
    // Where the header block is hidden, they are in their own blocks, still once.
    expect(await account.count()).toBe(0);
    await page.getByRole('region', { name: 'Billing' }).getByText('Billing Ref ID', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Billing' }).getByText('Account Manager', { exact: true }).waitFor();
    await shownOnce(page);

    // The address rule: every part joined, or 'Address is not available'.
    await query(server, "UPDATE lease_companies SET address_number = NULL, address1 = NULL, address2 = NULL, address3 = NULL, county = NULL, post_code = NULL WHERE id = $1", [di.id]);
    await page.reload();
    await page.getByRole('region', { name: di.name }).getByText('Address is not available').waitFor();
  });

  it("opens the same details page and form at react-admin's own addresses, by deep link, and sends a segment that is no id to setup", async () => {
    const page = await signedInPage(browser, server);
    const c = await pick("status = 'ACTIVE' AND rate_card_type = 'VISN'");
    await page.goto(`/customer/${c.id}/show`);
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
    await page.getByRole('region', { name: c.name }).waitFor();
    await page.getByRole('toolbar', { name: 'Customer actions' }).getByRole('button', { name: 'Users' }).waitFor();
    await page.reload();
    await page.getByRole('region', { name: c.name }).waitFor();
    // Edit still goes to the spec's address, with the customer.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.waitForURL(/\/customer\/edit-customer\?id=/);
    await page.getByRole('heading', { level: 1, name: /^Edit Customer of / }).waitFor();

    await page.goto(`/customer/${c.id}`);
    await page.getByRole('heading', { level: 1, name: /^Edit Customer of / }).waitFor();
    await page.getByRole('link', { name: 'Back to Customer Details' }).click();
    await page.waitForURL(/\/customer\/customer-details\?id=/);
    await page.getByRole('region', { name: c.name }).waitFor();

    await page.goto('/customer/create?country=IE');
    await page.getByRole('heading', { level: 1, name: 'Create Customer for Ireland' }).waitFor();

    // An id no customer has: the page says so.
    await page.goto('/customer/00000000-0000-4000-8000-000000000000/show');
    await page.getByText('This customer does not exist.').waitFor();
    await page.goto('/customer/nothing-here/show');
    await page.waitForURL('**/customer/setup');
  });

  it('shows postcodes and Eircodes, stored without spaces, in their usual spaced form on the card and the details', async () => {
    const page = await signedInPage(browser, server);
    for (const [locale, stored, shown] of [['en_GB', 'SW1A2AA', 'SW1A 2AA'], ['en_IE', 'D02X285', 'D02 X285']] as const) {
      const c = await pick(`status = 'ACTIVE' AND locale = '${locale}' AND address1 IS NOT NULL`);
      await query(server, 'UPDATE lease_companies SET post_code = $2 WHERE id = $1', [c.id, stored]);
      const search = `/customer/customer-search?${searchQuery({ q: c.name })}`;
      // Loaded for the first code, reached inside the console for the second.
      if (locale === 'en_GB') await page.goto(search);
      else await navigate(page, search);
      const card = page.getByRole('article', { name: c.name });
      // One space, a no-break one, so the code stays on one line.
      const text = new RegExp(`, ${shown.replace(' ', '\u00a0')}$`);
      await card.getByText(text).waitFor();
      if (locale === 'en_GB') await screenshot(page, 'customers-search-postcode');
      await card.getByRole('link', { name: 'View' }).click();
      await page.getByRole('region', { name: c.name }).getByText(text).waitFor();
      expect(await page.getByText(stored).count()).toBe(0);
    }
  });

  it('disables Edit and Terminate without the customer-edit permission', async () => {
    const page = await signedInPage(browser, server, 'VIEWER');
    await openDetails(page, await pick("status = 'ACTIVE'"));
    expect(await page.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Terminate' }).isDisabled()).toBe(true);
    // VIEWER may view platform fees; SUPPORT may not.
    await page.getByRole('region', { name: 'Platform Fees' }).waitFor();
  });

  it('terminates after the confirmation and says so on the customer search', async () => {
    const page = await signedInPage(browser, server);
    const c = await pick("status = 'ACTIVE' AND rate_card_type = 'COST_TYPE_1'");
    await openDetails(page, c);
    await page.getByRole('button', { name: 'Terminate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Terminate customer' });
    await confirm.getByText('Are you sure you want to terminate this customer record?').waitFor();
    await screenshot(page, 'customers-terminate-confirm');
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    // Focus returns to the button that opened the dialog.
    expect(await page.getByRole('button', { name: 'Terminate' }).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Terminate' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/customer/customer-search');
    const toast = page.getByRole('status').filter({ hasText: 'This customer has been Terminated' });
    await toast.getByText('Customer', { exact: true }).waitFor();
    const [row] = await query<{ status: string }>(server, 'SELECT status FROM lease_companies WHERE id = $1', [c.id]);
    expect(row.status).toBe('TERMINATED');
    await screenshot(page, 'customers-terminated-toast');

    // A terminated customer offers no Terminate.
    await openDetails(page, c, { inApp: true });
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Terminate' }).count()).toBe(0);
  });

  it('refreshes an open details page when the record changes in the database', async () => {
    const page = await signedInPage(browser, server);
    const c = await pick("status = 'ACTIVE' AND rate_card_type = 'COST_TYPE_2'");
    await openDetails(page, c);
    const contact = page.getByRole('region', { name: 'Contact' });
    await contact.getByText(c.contact_name).waitFor();
    // Another node's save: the row changes and the change is announced on the live channel.
    await query(server, "UPDATE lease_companies SET contact_name = 'Ciara Doyle', version = version + 1 WHERE id = $1", [c.id]);
    await query(server, "SELECT pg_notify('fnc_live', $1)", [JSON.stringify({ topic: `leaseCompany:${c.id}`, payload: { op: 'update', id: c.id } })]);
    await contact.getByText('Ciara Doyle').waitFor();
  });
});
