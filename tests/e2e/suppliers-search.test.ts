import { describe, expect, it } from 'vitest';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { searchQuery } from '../../src/search/searchUrl';
import { SUPPLIER_SQL, unitCounts, type SupplierRow } from '../support/suppliers';
import { filterOf, pagerRace, RACE_MOMENTS, statusRace } from '../support/searchRace';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

describe('supplier onboarding and search', () => {
  it('counts live and cancelled suppliers, and View All opens the search on that status, newest update first', async () => {
    const counts = await unitCounts(server);
    const page = await signedInPage(browser, server);
    await page.goto('/supplier/setup');
    await page.getByRole('heading', { level: 1, name: 'Supplier Onboarding' }).waitFor();
    await page.getByRole('region', { name: 'Active Suppliers' }).getByText(`Live: ${counts.live ?? 0}`, { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Terminated Suppliers' }).getByText(`Cancelled: ${counts.cancelled ?? 0}`, { exact: true }).waitFor();
    await screenshot(page, 'suppliers-onboarding');

    await page.getByRole('region', { name: 'Active Suppliers' }).getByRole('link', { name: 'View All' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Search' }).waitFor();
    expect(filterOf(page.url()).status).toEqual(['live']);
    await page.getByRole('status').filter({ hasText: `${Math.min(counts.live, 999)}${counts.live > 999 ? '+' : ''} results found` }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^Live/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Cancelled/ }).isChecked()).toBe(false);
    const newest = await query<{ name: string }>(server, "SELECT name FROM suppliers WHERE unit_status = 'live' ORDER BY modified_at DESC, seq DESC LIMIT 1");
    await page.getByRole('article').first().getByRole('heading', { name: newest[0].name }).waitFor();
    expect(await page.getByRole('article').count()).toBe(Math.min(25, counts.live));
    await page.getByRole('link', { name: 'Back to Supplier Onboarding' }).waitFor();
    await screenshot(page, 'suppliers-search');
    // 25 per page, no page-size changer; the next page continues the newest-first order.
    expect(await page.getByRole('combobox').count()).toBe(0);
    const second = await query<{ name: string }>(server, "SELECT name FROM suppliers WHERE unit_status = 'live' ORDER BY modified_at DESC, seq DESC OFFSET 25 LIMIT 1");
    await page.getByRole('navigation', { name: 'Pages, bottom' }).getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('article').first().getByRole('heading', { name: second[0].name }).waitFor();
  });

  it("shows a card's ids, franchises and service icons, finds by text, and narrows to one group as 'Supplier Search for {group}'", async () => {
    const [s] = await query<SupplierRow & { manufacturers: string[] }>(
      server,
      `${SUPPLIER_SQL} WHERE jsonb_array_length(s.manufacturers) > 0 AND EXISTS (SELECT 1 FROM jsonb_array_elements(s.services) x WHERE x->>'type' = 'MOT' AND (x->>'isEnabled')::boolean) ORDER BY s.name LIMIT 1`,
    );
    const page = await signedInPage(browser, server);
    await page.goto('/supplier/supplier-search');
    const box = page.getByLabel('Enter search text');
    await box.fill(s.supplier_id);
    await box.press('Enter');
    await page.waitForURL((url) => filterOf(url).q === s.supplier_id);
    const card = page.getByRole('article', { name: s.name });
    await card.getByText(s.di_group_id, { exact: true }).waitFor();
    await card.getByText(s.supplier_id, { exact: true }).waitFor();
    await card.getByText(s.manufacturers.join(', '), { exact: true }).waitFor();
    await card.getByRole('list', { name: 'Services' }).getByRole('img', { name: 'MOT' }).waitFor();
    await card.getByRole('button', { name: /^Documents \(\d+\)$/ }).waitFor();

    // The group area's Show Suppliers: the search narrowed to the group, with both statuses.
    const [{ n }] = await query<{ n: string | number }>(server, 'SELECT count(*) AS n FROM suppliers WHERE group_id = $1', [s.group_id]);
    await page.goto(`/supplier/supplier-search?${searchQuery({ groupId: s.group_id, status: ['live', 'cancelled'] })}`);
    await page.getByRole('heading', { level: 1, name: `Supplier Search for ${s.group_name}` }).waitFor();
    await page.getByRole('link', { name: 'Back to Group search' }).waitFor();
    await page.getByRole('status').filter({ hasText: `${Number(n)} ${Number(n) === 1 ? 'result' : 'results'} found` }).waitFor();
  });
});

describe('supplier search, changes in one moment', () => {
  it('keeps the search text when a status is unticked, or a page chosen, in the very moment the search is submitted, at either moment the two can meet', async () => {
    const [s] = await query<{ supplier_id: string; name: string }>(server, "SELECT supplier_id, name FROM suppliers WHERE unit_status = 'live' ORDER BY name LIMIT 1");
    const page = await signedInPage(browser, server);
    for (const moment of RACE_MOMENTS) {
      await statusRace(page, '/supplier/supplier-search', s.supplier_id, /^Live/, 'cancelled', moment);
      await pagerRace(page, '/supplier/supplier-search', s.supplier_id, s.name, moment);
    }
  });
});

describe('escalation information', () => {
  it('saves the contact, closes, and shows it on the next opening; a viewer cannot open it', async () => {
    const [s] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'live' AND NOT EXISTS (SELECT 1 FROM supplier_escalations e WHERE e.supplier_id = s.id) ORDER BY s.name LIMIT 1`);
    const page = await signedInPage(browser, server);
    await page.goto(`/supplier/supplier-search?${searchQuery({ q: s.supplier_id })}`);
    const card = page.getByRole('article', { name: s.name });
    await card.getByRole('button', { name: 'Escalation Information' }).click();
    const drawer = page.getByRole('dialog', { name: 'Escalation Information' });
    // The form's messages and 'Quit Editing?': tests/component/suppliers-forms.test.tsx.
    await drawer.getByLabel('Name').waitFor();
    await screenshot(page, 'suppliers-escalation');
    await drawer.getByLabel('Name').fill('Dana Reid');
    await drawer.getByLabel('Number').fill('0117 496 0000');
    await drawer.getByLabel('Email').fill('dana@harbour.example');
    await drawer.getByLabel('Notes').fill('Call after 6pm');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The escalation information has been saved' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const [row] = await query<{ name: string; email: string }>(server, 'SELECT name, email FROM supplier_escalations WHERE supplier_id = $1', [s.id]);
    expect(row).toEqual({ name: 'Dana Reid', email: 'dana@harbour.example' });

    await card.getByRole('button', { name: 'Escalation Information' }).click();
    await expect.poll(() => drawer.getByLabel('Notes').inputValue()).toBe('Call after 6pm');

    const viewer = await signedInPage(browser, server, 'VIEWER');
    await viewer.goto(`/supplier/supplier-search?${searchQuery({ q: s.supplier_id })}`);
    expect(await viewer.getByRole('article', { name: s.name }).getByRole('button', { name: 'Escalation Information' }).isDisabled()).toBe(true);
  });
});

describe('invite user to a supplier', () => {
  it("checks the fields, says 'Email Id already exists' on the e-mail, sends the invite and closes; none for a terminated supplier", async () => {
    const [s] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'live' ORDER BY s.supplier_id LIMIT 1`);
    const [taken] = await query<{ email: string }>(server, "SELECT email FROM users WHERE status <> 'DELETED' LIMIT 1");
    const page = await signedInPage(browser, server);
    await page.goto(`/supplier/supplier-search?${searchQuery({ q: s.supplier_id })}`);
    await page.getByRole('article', { name: s.name }).getByRole('button', { name: 'Invite User' }).click();
    const drawer = page.getByRole('dialog', { name: 'Invite User' });
    await drawer.getByText(`The new user becomes a super user of ${s.name}`, { exact: false }).waitFor();
    await drawer.getByRole('button', { name: 'Send Invite' }).click();
    await drawer.getByText('First Name is required').waitFor();
    await drawer.getByLabel('First Name').fill('Rhys');
    await drawer.getByLabel('Last Name').fill('Evans');
    await drawer.getByLabel('Email').fill(taken.email);
    await drawer.getByRole('button', { name: 'Send Invite' }).click();
    await drawer.getByText('Email Id already exists').waitFor();
    expect(await drawer.getByLabel('First Name').inputValue()).toBe('Rhys');

    await drawer.getByLabel('Email').fill('rhys.evans@garage.example');
    await drawer.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByRole('status').filter({ hasText: 'An invitation e-mail was sent to rhys.evans@garage.example.' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const [user] = await query<{ kind: string; supplier_id: string }>(server, "SELECT kind, supplier_id FROM users WHERE email = 'rhys.evans@garage.example'");
    expect(user).toEqual({ kind: 'supplier', supplier_id: s.id });

    const [gone] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'cancelled' ORDER BY s.supplier_id LIMIT 1`);
    await page.goto(`/supplier/supplier-search?${searchQuery({ q: gone.supplier_id })}`);
    const card = page.getByRole('article', { name: gone.name });
    await card.getByRole('button', { name: 'Escalation Information' }).waitFor();
    expect(await card.getByRole('button', { name: 'Invite User' }).count()).toBe(0);
  });
});

describe('supplier subscriptions', () => {
  it("compares the product's subscriptions with the billing provider's for the supplier", async () => {
    const [s] = await query<SupplierRow & { sub: string }>(
      server,
      `${SUPPLIER_SQL.replace('SELECT ', 'SELECT bs.id AS sub, ')} JOIN billing_subscriptions bs ON bs.billing_customer_id = s.billing_ref_id WHERE s.unit_status = 'live' ORDER BY s.supplier_id LIMIT 1`,
    );
    const page = await signedInPage(browser, server);
    await page.goto(`/supplier/supplier-search?${searchQuery({ q: s.supplier_id })}`);
    await page.getByRole('article', { name: s.name }).getByRole('button', { name: 'Subscriptions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Subscriptions' });
    await drawer.getByRole('heading', { name: 'Supplier Details' }).waitFor();
    await drawer.getByRole('listitem', { name: `Subscription ${s.sub}` }).first().waitFor();
    await drawer.getByRole('button', { name: 'Close' }).last().click();
    await drawer.waitFor({ state: 'hidden' });
  });
});
