import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pauseClock, screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { openDetails, query, signedInPage, withSeededServer } from '../support/customers';
import { WEB_LINK_BASE_URL } from '../../domain/customers';
import { COPY_HINT_MS } from '../../domain/constants';
import { BILLING_UNAVAILABLE, MESSAGES } from '../../domain/messages';
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
  di_customer_id: string;
  web_link_id: string | null;
  billing_ref_id: string | null;
}

/** A customer no other test of this file has used yet. */
const used = new Set<string>();
async function pick(where: string): Promise<Row> {
  const rows = await query<Row>(server, `SELECT id, name, di_customer_id, web_link_id, billing_ref_id FROM lease_companies WHERE ${where} ORDER BY name`);
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no customer where ${where}`);
  used.add(row.id);
  return row;
}

const isFocused = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).evaluate((el) => el === document.activeElement);
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

describe('Subscriptions drawer', () => {
  it('compares the product records with the billing provider, tick or cross, status in capitals', async () => {
    // A customer whose ledger holds a subscription only one side knows.
    const c = await pick(
      "status = 'ACTIVE' AND billing_ref_id IN (SELECT billing_customer_id FROM billing_subscriptions WHERE NOT (in_product AND in_provider))",
    );
    const subs = await query<{ id: string; in_product: boolean; in_provider: boolean; status: string }>(
      server,
      'SELECT id, in_product, in_provider, status FROM billing_subscriptions WHERE billing_customer_id = $1',
      [c.billing_ref_id],
    );
    const page = await signedInPage(browser, server);
    await page.goto(`/customer/customer-search?${searchQuery({ q: c.name })}`);
    const card = page.getByRole('article', { name: c.name });
    await card.getByRole('button', { name: 'Subscriptions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Subscriptions' });
    const details = drawer.getByRole('region', { name: 'Customer Details' });
    await details.getByText(c.billing_ref_id!, { exact: true }).waitFor();
    await details.getByText('Name', { exact: true }).waitFor();

    const product = drawer.getByRole('region', { name: /Fleet Network records/ });
    const provider = drawer.getByRole('region', { name: /Billing provider records/ });
    await product.getByRole('listitem').first().waitFor();
    const both = subs.filter((s) => s.in_product && s.in_provider).length;
    expect(await product.getByRole('listitem').count()).toBe(subs.filter((s) => s.in_product).length);
    expect(await provider.getByRole('listitem').count()).toBe(subs.filter((s) => s.in_provider).length);
    expect(await drawer.getByRole('img', { name: 'Also held by the other side' }).count()).toBe(2 * both);
    expect(await drawer.getByRole('img', { name: 'Missing on the other side' }).count()).toBe(subs.length - both);
    const lonely = subs.find((s) => !(s.in_product && s.in_provider))!;
    const item = drawer.getByRole('listitem', { name: `Subscription ${lonely.id}` });
    await item.getByRole('img', { name: 'Missing on the other side' }).waitFor();
    await item.getByText(lonely.status.toUpperCase(), { exact: true }).waitFor();
    await screenshot(page, 'customers-subscriptions');

    // Escape closes; focus returns to the card's button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await card.getByRole('button', { name: 'Subscriptions' }).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("says when there are none (no billingRefId), when they cannot be read, and when the billing provider could not be reached, where Retry reads the lists", async () => {
    const c = await pick("status = 'ACTIVE'");
    await query(server, 'UPDATE lease_companies SET billing_ref_id = NULL WHERE id = $1', [c.id]);
    const page = await signedInPage(browser, server);
    await page.goto(`/customer/customer-search?${searchQuery({ q: c.name })}`);
    const card = page.getByRole('article', { name: c.name });
    await card.getByRole('button', { name: 'Subscriptions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Subscriptions' });
    await drawer.getByText(`No Subscriptions found customer-${c.di_customer_id}`).waitFor();
    await screenshot(page, 'customers-subscriptions-none');
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.route('**/api/v1/chargebee/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"X","message":"down"}}' }));
    await card.getByRole('button', { name: 'Subscriptions' }).click();
    const message = `Error receiving Subscriptions for customer-${c.di_customer_id}`;
    await drawer.getByRole('alert').filter({ hasText: message }).waitFor();
    // And the error toast (outside the drawer, so hidden from the accessibility tree while it is open).
    await expect.poll(() => page.getByText(message).count()).toBe(2);
    await screenshot(page, 'customers-subscriptions-error');
    await page.unroute('**/api/v1/chargebee/**');

    // The billing provider out of reach: its own message without the error banner, and Retry reads the lists.
    const reachable = await pick("status = 'ACTIVE' AND billing_ref_id IN (SELECT billing_customer_id FROM billing_subscriptions WHERE in_product)");
    await page.goto(`/customer/customer-search?${searchQuery({ q: reachable.name })}`);
    const reachableCard = page.getByRole('article', { name: reachable.name });
    const down = { status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: BILLING_UNAVAILABLE, message: MESSAGES.billingUnavailable } }) };
    await page.route('**/api/v1/chargebee/**', (route) => route.fulfill(down));
    await reachableCard.getByRole('button', { name: 'Subscriptions' }).click();
    const alert = drawer.getByRole('alert').filter({ hasText: `Error receiving Subscriptions for customer-${reachable.di_customer_id}` });
    await alert.filter({ hasText: MESSAGES.billingUnavailable }).waitFor();
    expect(await page.getByText(MESSAGES.apiError).count()).toBe(0);
    await screenshot(page, 'customers-subscriptions-provider-down');

    await page.unroute('**/api/v1/chargebee/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await drawer.getByRole('region', { name: /Fleet Network records/ }).getByRole('listitem').first().waitFor();
    await alert.waitFor({ state: 'hidden' });
  });
});

describe('Show Weblink URL', () => {
  it('shows the booking link, copies it and says Copied! for half a second; none without a web link', async () => {
    const c = await pick("status = 'ACTIVE' AND web_link_id IS NOT NULL AND (config->'webLink'->>'isEnabled')::boolean");
    const page = await signedInPage(browser, server);
    await page.clock.install();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDetails(page, c);
    await page.getByRole('button', { name: 'Show Weblink URL' }).click();
    const modal = page.getByRole('dialog', { name: 'Weblink URL' });
    const link = `${WEB_LINK_BASE_URL}/${c.web_link_id}`;
    expect(await modal.getByRole('textbox', { name: 'Booking link' }).inputValue()).toBe(link);
    // The half second is counted on the page's clock, which stands still until the test moves it.
    await pauseClock(page);
    await modal.getByRole('button', { name: 'Copy link' }).click();
    const hint = modal.getByText('Copied!');
    await hint.waitFor();
    await screenshot(page, 'customers-weblink-copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.clock.runFor(COPY_HINT_MS - 1);
    expect(await hint.count()).toBe(1);
    await page.clock.runFor(1);
    await hint.waitFor({ state: 'detached' });
    await page.clock.resume();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await isFocused(page, 'Show Weblink URL')).toBe(true);

    // A customer without a web link is not offered it.
    const without = await pick("status = 'ACTIVE' AND web_link_id IS NULL");
    await openDetails(page, without);
    await page.getByRole('button', { name: 'View Integrations' }).waitFor();
    expect(await page.getByRole('button', { name: 'Show Weblink URL' }).count()).toBe(0);
  });
});

describe('API Integrations drawer', () => {
  it('generates a key shown once, re-reads the configuration and saves the endpoint switches', async () => {
    const c = await pick("status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM api_configs a WHERE a.lease_company_id = lease_companies.id)");
    const page = await signedInPage(browser, server);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDetails(page, c);
    await page.getByRole('button', { name: 'View Integrations' }).click();
    const drawer = page.getByRole('dialog', { name: 'API Integrations' });
    await drawer.getByText('No api id found').waitFor();
    expect(await drawer.getByRole('button', { name: 'Generate Api Key' }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByRole('button', { name: 'Generate Api Key' }).click();

    const secretBox = drawer.getByRole('textbox', { name: 'API secret' });
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    await drawer.getByText('This secret is shown only once').waitFor();
    const [row] = await query<{ api_id: string; secret_hash: string }>(server, 'SELECT api_id, secret_hash FROM api_configs WHERE lease_company_id = $1', [c.id]);
    expect(row.secret_hash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    // Re-fetched: the id is shown, the generate button is gone, every endpoint has a switch.
    await drawer.getByText(row.api_id, { exact: true }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Generate Api Key' }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Copy secret' }).click();
    await drawer.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'customers-api-key-generated');

    const vor = drawer.getByRole('switch', { name: '/vor' });
    expect(await vor.isChecked()).toBe(false);
    await vor.check();
    // Closing with a changed switch asks first.
    await page.keyboard.press('Escape');
    const quit = page.getByRole('dialog', { name: 'Quit Editing?' });
    await quit.getByRole('button', { name: 'Keep Editing' }).click();
    await quit.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByRole('status').filter({ hasText: 'Allowed endpoints saved' }).waitFor();
    // The toast is announced too: toasts stay in the accessibility tree over an open drawer.
    await page.getByRole('status').filter({ hasText: 'Allowed endpoints saved' }).filter({ has: page.getByRole('button', { name: /^Dismiss/ }) }).waitFor();
    const [saved] = await query<{ allowed_endpoints: { path: string; isEnabled: boolean }[] }>(server, 'SELECT allowed_endpoints FROM api_configs WHERE lease_company_id = $1', [c.id]);
    expect(saved.allowed_endpoints.filter((e) => e.isEnabled).map((e) => e.path)).toEqual(['/vor']);
    expect(await drawer.getByRole('switch', { name: '/vor' }).isDisabled()).toBe(true);
    await screenshot(page, 'customers-api-endpoints-saved');

    // Reopened, the secret is gone for good.
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await isFocused(page, 'View Integrations')).toBe(true);
    await page.getByRole('button', { name: 'View Integrations' }).click();
    await drawer.getByText(row.api_id, { exact: true }).waitFor();
    expect(await drawer.getByRole('textbox', { name: 'API secret' }).count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
  });
});

describe('Webhook Subscriptions drawer', () => {
  // The switch rules, the URL messages and 'Quit Editing?' are component tests (tests/component/customers-integration-drawer).
  it('saves the webhooks, and handles a save that someone else overtook', async () => {
    const c = await pick("status = 'ACTIVE' AND (webhooks IS NULL OR NOT (webhooks->>'enabled')::boolean)");
    const page = await signedInPage(browser, server);
    await openDetails(page, c);
    await page.getByRole('button', { name: 'Webhook Subscriptions', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Webhook Subscriptions' });
    const enquiries = drawer.getByRole('switch', { name: 'Enquiry Updates' });
    await drawer.getByRole('switch', { name: 'Enable Webhooks' }).check();
    // Each switch re-renders the drawer after it is checked: the next one is used once it has.
    await expect.poll(() => enquiries.isDisabled()).toBe(false);
    await enquiries.check();
    await drawer.getByRole('textbox', { name: 'Authorization URL' }).fill('https://hooks.example.com/oauth/token');
    await drawer.getByRole('textbox', { name: 'Enquiry Updates URL' }).fill('https://hooks.example.com/enquiries');

    // Someone else saves the customer meanwhile (the page has not heard of it yet).
    await query(server, "UPDATE lease_companies SET contact_name = 'Ciara Doyle', version = version + 1 WHERE id = $1", [c.id]);
    await drawer.getByRole('button', { name: 'Save' }).click();
    const conflict = page.getByRole('dialog', { name: 'Someone else has changed this record' });
    await conflict.getByText('Ciara Doyle').waitFor();
    await screenshot(page, 'customers-webhooks-conflict');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'hidden' });
    // What was typed is still there; saving again now works.
    expect(await drawer.getByRole('textbox', { name: 'Authorization URL' }).inputValue()).toBe('https://hooks.example.com/oauth/token');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Webhook subscriptions saved').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    expect(await isFocused(page, 'Webhook Subscriptions')).toBe(true);
    const [r] = await query<{ webhooks: unknown; contact_name: string }>(server, 'SELECT webhooks, contact_name FROM lease_companies WHERE id = $1', [c.id]);
    expect(r.webhooks).toEqual({
      enabled: true,
      authorizationUrl: 'https://hooks.example.com/oauth/token',
      topics: [
        { type: 'ENQUIRY_UPDATES', enabled: true, url: 'https://hooks.example.com/enquiries' },
        { type: 'VOR_UPDATES', enabled: false, url: null },
      ],
    });
    expect(r.contact_name).toBe('Ciara Doyle');

    // Reopened, the drawer shows what is saved.
    await page.getByRole('button', { name: 'Webhook Subscriptions', exact: true }).click();
    expect(await drawer.getByRole('textbox', { name: 'Authorization URL' }).inputValue()).toBe('https://hooks.example.com/oauth/token');
  });
});

describe('Retailer Integration drawer', () => {
  it('saves the mapping and shows it', async () => {
    const c = await pick("status = 'ACTIVE' AND retailer_config IS NULL");
    const page = await signedInPage(browser, server);
    await openDetails(page, c);
    await page.getByRole('button', { name: 'Retailer Integration', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Retailer Integration' });
    await drawer.getByText('No mapping saved yet').waitFor();
    await drawer.getByRole('textbox', { name: 'Customer name' }).fill('Northern Fleet Retail');
    await drawer.getByRole('textbox', { name: 'Mapping ID' }).fill('MAP-0042');
    await page.keyboard.press('Enter');
    await toast(page, 'Retailer mapping saved').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const [r] = await query<{ retailer_config: unknown }>(server, 'SELECT retailer_config FROM lease_companies WHERE id = $1', [c.id]);
    expect(r.retailer_config).toEqual({ custCust: 'Northern Fleet Retail', mappingId: 'MAP-0042' });

    await page.getByRole('button', { name: 'Retailer Integration', exact: true }).click();
    const current = drawer.getByRole('region', { name: 'Current mapping' });
    await current.getByText('MAP-0042').waitFor();
    expect(await drawer.getByRole('textbox', { name: 'Mapping ID' }).inputValue()).toBe('MAP-0042');
    await screenshot(page, 'customers-retailer-saved');
  });
});

describe('permissions', () => {
  const tooltip = (page: Page, text: string) => page.getByRole('tooltip').filter({ hasText: text });

  it('VIEWER may look at API integrations but not edit them, nor change webhooks or the retailer mapping; SUPPORT may not open them', async () => {
    const c = await pick("status = 'ACTIVE'");
    const page = await signedInPage(browser, server, 'VIEWER');
    await openDetails(page, c);
    for (const name of ['Webhook Subscriptions', 'Retailer Integration']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.isDisabled()).toBe(true);
      await button.locator('..').hover();
      await tooltip(page, 'You do not have permission to change customers').waitFor();
      await page.mouse.move(0, 0);
      await tooltip(page, 'You do not have permission to change customers').waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: 'View Integrations' }).click();
    const drawer = page.getByRole('dialog', { name: 'API Integrations' });
    const edit = drawer.getByRole('button', { name: 'Edit' });
    await edit.waitFor();
    expect(await edit.isDisabled()).toBe(true);
    await edit.locator('..').hover();
    await tooltip(page, 'You do not have permission to edit the API integrations').waitFor();
    await screenshot(page, 'customers-api-viewer');

    // A role without API integrations (SUPPORT) sees View Integrations disabled with its reason.
    const support = await signedInPage(browser, server, 'SUPPORT');
    await openDetails(support, c);
    const button = support.getByRole('button', { name: 'View Integrations' });
    expect(await button.isDisabled()).toBe(true);
    await button.locator('..').hover();
    await tooltip(support, 'You do not have permission to view the API integrations drawer').waitFor();
    await screenshot(support, 'customers-api-no-permission');
  });
});
