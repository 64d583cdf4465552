import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { searchQuery } from '../../src/search/searchUrl';
import { pagerRace, RACE_MOMENTS } from '../support/searchRace';
import { fillAddress, fillFees, fillUkGroup, region } from '../support/groupForm';
import { filterOf } from '../support/searchRace';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

const tooltip = (page: Page, text: string) => page.getByRole('tooltip').filter({ hasText: text });
const DIRECT_TYPES = "('COST_TYPE_HYBRID_VISN', 'VISN_NETWORK_OFFERING_SAVI')";

describe('group search', () => {
  it('lists groups newest update first, 25 a page, with their cards; unknown paths go to setup; Show Suppliers narrows the supplier search to the group', async () => {
    const [{ n }] = await query<{ n: string }>(server, 'SELECT count(*) AS n FROM supplier_groups');
    const total = Number(n);
    const newest = await query<{ id: string; name: string; group_id: string }>(server, 'SELECT id, name, group_id FROM supplier_groups ORDER BY modified_at DESC, seq DESC LIMIT 26');
    const page = await signedInPage(browser, server);
    // The area's catch-all goes to setup: the supplier area's, which groups belong to.
    await page.goto('/group/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Supplier Onboarding' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/supplier/setup');
    await page.goto('/group');
    await page.getByRole('heading', { level: 1, name: 'Group Search' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/group/group-search');
    await page.getByRole('status').filter({ hasText: `${total} results found` }).waitFor();
    const first = page.getByRole('article').first();
    await first.getByRole('heading', { name: newest[0].name }).waitFor();
    await first.getByText(newest[0].group_id, { exact: true }).waitFor();
    await first.getByRole('button', { name: /^Documents \(\d+\)$/ }).waitFor();
    await first.getByRole('button', { name: 'Invite User' }).waitFor();
    await first.getByRole('button', { name: 'View Integrations' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(Math.min(25, total));
    await page.getByRole('button', { name: 'Add Group' }).waitFor();
    await screenshot(page, 'groups-search');
    if (total > 25) {
      await page.getByRole('navigation', { name: 'Pages, bottom' }).getByRole('button', { name: 'Go to page 2', exact: true }).click();
      await page.waitForURL(/page=2/);
      await page.getByRole('article').first().getByRole('heading', { name: newest[25].name }).waitFor();
    }

    // Text search, then Show Suppliers: the supplier search for that group, live and cancelled.
    const box = page.getByLabel('Enter search text');
    await box.fill(newest[0].group_id);
    await box.press('Enter');
    await page.waitForURL((url) => filterOf(url).q === newest[0].group_id);
    const card = page.getByRole('article', { name: newest[0].name });
    await card.getByRole('link', { name: 'Show Suppliers' }).click();
    await page.getByRole('heading', { level: 1, name: `Supplier Search for ${newest[0].name}` }).waitFor();
    expect(filterOf(page.url())).toMatchObject({ groupId: newest[0].id, status: ['live', 'cancelled'] });
    await page.getByRole('link', { name: 'Back to Group search' }).click();
    await page.getByRole('heading', { level: 1, name: 'Group Search' }).waitFor();
    expect(filterOf(page.url()).q).toBe(newest[0].group_id);
  });

  it('keeps the search text when a page is chosen in the very moment the search is submitted, at either moment the two can meet', async () => {
    const [g] = await query<{ name: string; group_id: string }>(server, 'SELECT name, group_id FROM supplier_groups ORDER BY group_id LIMIT 1');
    const page = await signedInPage(browser, server);
    for (const moment of RACE_MOMENTS) await pagerRace(page, '/group/group-search', g.group_id, g.name, moment);
  });

  it("opens the same details page and form at react-admin's own addresses, by deep link", async () => {
    const [g] = await query<{ id: string; name: string }>(server, 'SELECT id, name FROM supplier_groups ORDER BY name LIMIT 1');
    const page = await signedInPage(browser, server);
    await page.goto(`/group/${g.id}/show`);
    await page.getByRole('heading', { level: 1, name: 'Group Details' }).waitFor();
    await page.getByRole('button', { name: 'Show Linked Customer(s)' }).waitFor();
    await page.goto(`/group/${g.id}`);
    await page.getByRole('heading', { level: 1, name: /^Edit Group/ }).waitFor();
    await page.getByRole('link', { name: 'Back to Group Details' }).click();
    await page.waitForURL(/\/group\/group-details\?id=/);
    await page.getByRole('button', { name: 'Show Linked Customer(s)' }).waitFor();
  });

  it('shows a BLOCKED badge on a blocked group and no Add Group to a viewer', async () => {
    const [g] = await query<{ id: string; name: string; group_id: string }>(server, 'UPDATE supplier_groups SET blocked = true WHERE id = (SELECT id FROM supplier_groups ORDER BY name LIMIT 1) RETURNING id, name, group_id');
    const page = await signedInPage(browser, server, 'VIEWER');
    await page.goto(`/group/group-search?${searchQuery({ q: g.group_id })}`);
    await page.getByRole('article', { name: g.name }).getByText('BLOCKED', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Group' }).count()).toBe(0);
    expect(await page.getByRole('article', { name: g.name }).getByRole('button', { name: 'Invite User' }).isDisabled()).toBe(true);
  });
});

// The form's messages, 'Group Id already exists' and the "same as" chains are covered without a
// server by tests/component/groups-form.test.tsx; here, the journeys against the real server.
describe('create a group', () => {
  it('creates a UK group with its chains copied, and shows it', async () => {
    const page = await signedInPage(browser, server);
    await page.goto('/group/group-search');
    await page.getByRole('button', { name: 'Add Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Group' });
    await dialog.getByRole('radio', { name: 'UK' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Group for UK' }).waitFor();

    await fillUkGroup(page, { groupId: 'E2E-UK-01', name: 'Severn Test Motor Group' });
    await region(page, 'Platform Fees').getByLabel(/^Merchant Fee/).fill('100');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('heading', { level: 1, name: 'Group Details' }).waitFor();
    await page.getByText('The group has been created').waitFor();
    const [row] = await query<{ name: string; paying_address: { address1: string }; paying_contact: { email: string }; platform_fees: { merchantFee: number }; agreed_credit_limit: number; credit_limit_updated_by: string }>(
      server,
      "SELECT name, paying_address, paying_contact, platform_fees, agreed_credit_limit, credit_limit_updated_by FROM supplier_groups WHERE group_id = 'E2E-UK-01'",
    );
    expect(row).toMatchObject({ name: 'Severn Test Motor Group', paying_address: { address1: 'Quay Street' }, paying_contact: { email: 'office@severn.example' }, platform_fees: { merchantFee: 10000 }, agreed_credit_limit: 2500000 });
    expect(row.credit_limit_updated_by).toBeTruthy();
    await region(page, 'Credit Limit').getByText('£25,000.00').waitFor();
    await screenshot(page, 'groups-details');
  });

  it('creates an Irish group, stored in euros with its Eircode', async () => {
    const page = await signedInPage(browser, server);
    await page.goto('/group/create-group/IE');
    await page.getByRole('heading', { level: 1, name: 'Create Group for Ireland' }).waitFor();
    const details = region(page, 'Group Details');
    await details.getByLabel(/^Group ID/).fill('E2E-IE-01');
    await details.getByLabel(/^Supplier Group Name/).fill('Liffey Test Garages');
    await details.getByLabel(/^Company registration number/).fill('123456');
    await details.getByLabel(/^VAT Registration number/).fill('IE6388047V');
    await details.getByLabel(/^Visn account number/).fill('VA7654321');
    await fillAddress(region(page, 'Address'), { number: '4', street: 'Quay Road', town: 'Cork', postcode: 'T12 X2Y3' });
    await region(page, 'Billing Address').getByLabel('Same as Address').check();
    await region(page, 'Paying Address').getByLabel('Same as Billing Address').check();
    await region(page, 'Contact').getByLabel(/^Phone Number/).fill('0211234567');
    await region(page, 'Contact').getByLabel(/^Email/).fill('office@liffey.example');
    await region(page, 'Billing Contact').getByLabel('Same as Contact').check();
    await region(page, 'Paying Contact').getByLabel('Same as Billing Contact').check();
    await fillFees(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Group Details' }).waitFor();
    const [row] = await query<{ locale: string; post_code: string; platform_fees: { currency: string } }>(server, "SELECT locale, post_code, platform_fees FROM supplier_groups WHERE group_id = 'E2E-IE-01'");
    expect(row).toMatchObject({ locale: 'en_IE', post_code: 'T12X2Y3', platform_fees: { currency: 'EURO' } });
  });
});

describe('edit a group', () => {
  it('renames a group and moves a linked customer to Direct in the Paybill Config drawer', async () => {
    const [g] = await query<{ id: string; name: string; lease_id: string; lease_name: string }>(
      server,
      `SELECT g.id, g.name, l.id AS lease_id, l.name AS lease_name FROM supplier_groups g
         JOIN lease_group_links k ON k.group_id = g.id AND k.status = 'ACTIVE' AND NOT k.direct_paybill
         JOIN lease_companies l ON l.id = k.lease_company_id AND l.status = 'ACTIVE' AND l.rate_card_type IN ${DIRECT_TYPES}
        WHERE g.locale = 'en_GB' ORDER BY g.name, l.name LIMIT 1`,
    );
    const page = await signedInPage(browser, server);
    await page.goto(`/group/group-details?id=${g.id}`);
    await page.getByRole('heading', { level: 1, name: 'Group Details' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Group of UK' }).waitFor();
    // The saved Group ID cannot change.
    expect(await region(page, 'Group Details').getByLabel(/^Group ID/).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Paybill Config' }).click();
    const drawer = page.getByRole('dialog', { name: 'Paybill Config' });
    const visn = drawer.getByRole('region', { name: /^ViSN \(Default\)/ });
    await visn.getByRole('checkbox', { name: new RegExp(g.lease_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).check();
    await drawer.getByRole('button', { name: 'Move to Direct' }).click();
    await drawer.getByRole('region', { name: /^Direct/ }).getByText(g.lease_name, { exact: true }).waitFor();
    await screenshot(page, 'groups-paybill');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The paybill configuration of ${g.name} has been saved`).waitFor();
    const [link] = await query<{ direct_paybill: boolean }>(server, "SELECT direct_paybill FROM lease_group_links WHERE group_id = $1 AND lease_company_id = $2 AND status = 'ACTIVE'", [g.id, g.lease_id]);
    expect(link.direct_paybill).toBe(true);

    // The UK rule: a seeded group without a Locality must get one before it saves.
    // That edit un-ticks the billing and paying chains, which are ticked again.
    const address = region(page, 'Address');
    if (!(await address.getByLabel(/^Locality/).inputValue())) {
      await address.getByLabel(/^Locality/).fill('Centre');
      await region(page, 'Billing Address').getByLabel('Same as Address').check();
      await region(page, 'Paying Address').getByLabel('Same as Billing Address').check();
    }
    await region(page, 'Group Details').getByLabel(/^Supplier Group Name/).fill(`${g.name} Renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Group Details' }).waitFor();
    await page.getByText('The group details have been saved').waitFor();
    await region(page, 'Group Details').getByText(`${g.name} Renamed`, { exact: true }).waitFor();
    await region(page, 'Paybill Config').getByRole('region', { name: /^Direct/ }).getByText(g.lease_name, { exact: true }).waitFor();
    const [renamed] = await query<{ n: string }>(server, 'SELECT count(*) AS n FROM lease_group_links WHERE group_id = $1 AND service_group_name = $2', [g.id, `${g.name} Renamed`]);
    expect(Number(renamed.n)).toBeGreaterThan(0);
  });
});

describe('linked customers', () => {
  it('unlinks a customer after the question; a viewer sees the list but may not unlink', async () => {
    const [g] = await query<{ id: string; name: string; lease_id: string; lease_name: string }>(
      server,
      `SELECT g.id, g.name, l.id AS lease_id, l.name AS lease_name FROM supplier_groups g
         JOIN lease_group_links k ON k.group_id = g.id AND k.status = 'ACTIVE'
         JOIN lease_companies l ON l.id = k.lease_company_id AND l.status = 'ACTIVE'
        ORDER BY g.name DESC, l.name LIMIT 1`,
    );
    const viewer = await signedInPage(browser, server, 'VIEWER');
    await viewer.goto(`/group/group-details?id=${g.id}`);
    await viewer.getByRole('button', { name: 'Show Linked Customer(s)' }).click();
    const list = viewer.getByRole('dialog', { name: 'Linked Customers' });
    const row = list.getByRole('listitem').filter({ hasText: g.lease_name });
    expect(await row.getByRole('button', { name: 'Unlink' }).isDisabled()).toBe(true);
    await row.getByRole('button', { name: 'Unlink' }).locator('..').hover();
    await tooltip(viewer, 'You do not have permission to unlink customers').waitFor();

    const page = await signedInPage(browser, server);
    await page.goto(`/group/group-details?id=${g.id}`);
    await page.getByRole('button', { name: 'Show Linked Customer(s)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Linked Customers' });
    await drawer.getByRole('listitem').filter({ hasText: g.lease_name }).getByRole('button', { name: 'Unlink' }).click();
    const ask = page.getByRole('dialog', { name: 'Unlink customer?' });
    await ask.getByText('If you unlink, garages in this group will stop receiving new enquiries. Do you want to continue?').waitFor();
    await screenshot(page, 'groups-unlink');
    await ask.getByRole('button', { name: 'Unlink' }).click();
    await page.getByText('The group has been unlinked from the lease company').waitFor();
    await drawer.getByRole('listitem').filter({ hasText: g.lease_name }).waitFor({ state: 'detached' });
    const [link] = await query<{ status: string }>(server, 'SELECT status FROM lease_group_links WHERE group_id = $1 AND lease_company_id = $2 ORDER BY modified_at DESC LIMIT 1', [g.id, g.lease_id]);
    expect(link.status).toBe('TERMINATED');
  });
});

describe('invite a user to a group', () => {
  it("sends the invitation, and says 'Email Id already exists' for an address in use", async () => {
    const [g] = await query<{ group_id: string; name: string }>(server, 'SELECT group_id, name FROM supplier_groups ORDER BY name LIMIT 1 OFFSET 2');
    const [used] = await query<{ email: string }>(server, "SELECT email FROM users WHERE status <> 'DELETED' LIMIT 1");
    const page = await signedInPage(browser, server);
    await page.goto(`/group/group-search?${searchQuery({ q: g.group_id })}`);
    const open = async () => {
      await page.getByRole('article', { name: g.name }).getByRole('button', { name: 'Invite User' }).click();
      return page.getByRole('dialog', { name: 'Invite User' });
    };
    let drawer = await open();
    await drawer.getByLabel(/^First Name/).fill('Robin');
    await drawer.getByLabel(/^Last Name/).fill('Group');
    await drawer.getByLabel(/^Email/).fill(used.email);
    await drawer.getByRole('button', { name: 'Send Invite' }).click();
    await drawer.getByText('Email Id already exists').waitFor();
    await drawer.getByLabel(/^Email/).fill('robin.group@example.com');
    await drawer.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText('An invitation e-mail was sent to robin.group@example.com.').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const [user] = await query<{ kind: string; status: string }>(server, "SELECT kind, status FROM users WHERE email = 'robin.group@example.com'");
    expect(user).toEqual({ kind: 'group', status: 'INVITE_SENT' });
    drawer = await open();
    expect(await drawer.getByLabel(/^Email/).inputValue()).toBe('');
  });
});
