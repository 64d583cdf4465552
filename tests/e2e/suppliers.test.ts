import { describe, expect, it } from 'vitest';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { searchQuery } from '../../src/search/searchUrl';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

/** The list filter react-admin keeps in the URL (?filter={…}). */
const filterOf = (url: string | URL) => JSON.parse(new URL(url).searchParams.get('filter') ?? '{}') as { q?: string; status?: string[]; groupId?: string };

async function unitCounts(): Promise<Record<string, number>> {
  const rows = await query<{ unit_status: string; n: string | number }>(server, 'SELECT unit_status, count(*) AS n FROM suppliers GROUP BY unit_status');
  return Object.fromEntries(rows.map((r) => [r.unit_status, Number(r.n)]));
}

interface SupplierRow {
  id: string;
  group_id: string;
  name: string;
  supplier_id: string;
  di_group_id: string;
  group_name: string;
  unit_status: string;
}
const SUPPLIER_SQL = `SELECT s.id, s.group_id, s.name, s.supplier_id, s.unit_status, s.manufacturers, g.group_id AS di_group_id, g.name AS group_name
  FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id`;

describe('supplier onboarding and search', () => {
  it('counts live and cancelled suppliers, and View All opens the search on that status, newest update first', async () => {
    const counts = await unitCounts();
    const page = await signedInPage(browser, server);
    await page.goto('/supplier/setup');
    await page.getByRole('heading', { level: 1, name: 'Supplier Onboarding' }).waitFor();
    await page.getByRole('region', { name: 'Active Suppliers' }).getByLabel(`Live: ${counts.live ?? 0}`).waitFor();
    await page.getByRole('region', { name: 'Terminated Suppliers' }).getByLabel(`Cancelled: ${counts.cancelled ?? 0}`).waitFor();
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

describe('supplier information', () => {
  it('shows both tabs, the summary with Open in maps or Invalid Postcode, and the network terms messages', async () => {
    const [s] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'live' AND g.belongs_to_di_network = false ORDER BY s.name LIMIT 1`);
    await query(server, 'UPDATE suppliers SET lat = 0, lng = 0 WHERE id = $1', [s.id]);
    const page = await signedInPage(browser, server);
    await page.goto(`/supplier/supplier-search?${searchQuery({ q: s.supplier_id })}`);
    await page.getByRole('article', { name: s.name }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Invalid Postcode').waitFor();
    await summary.getByText(s.supplier_id, { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Opening Hours' }).getByRole('row', { name: /^Sunday/ }).waitFor();
    await screenshot(page, 'suppliers-details');

    await page.getByRole('tab', { name: 'DI Network Terms' }).click();
    await page.getByText('The group is not part of DI Network, cannot manage DI Network Terms for this group.').waitFor();

    // Fixed coordinates bring Open in maps back, live.
    await query(server, 'UPDATE suppliers SET lat = 51.5, lng = -0.12, version = version + 1 WHERE id = $1', [s.id]);
    await query(server, "SELECT pg_notify('fnc_live', $1)", [JSON.stringify({ topic: `supplier:${s.id}`, payload: { op: 'update', id: s.id } })]);
    await page.getByRole('tab', { name: 'Supplier Information' }).click();
    await summary.getByRole('link', { name: /Open in maps/ }).waitFor();
  });

  it('terminates after the confirmation and says so on the supplier search; a viewer cannot', async () => {
    const [s] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'live' ORDER BY s.name DESC LIMIT 1`);
    const viewer = await signedInPage(browser, server, 'VIEWER');
    await viewer.goto(`/supplier/supplier-details?id=${s.id}&group=${s.group_id}`);
    await viewer.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Terminate' }).isDisabled()).toBe(true);

    const page = await signedInPage(browser, server);
    await page.goto(`/supplier/supplier-details?id=${s.id}&group=${s.group_id}`);
    await page.getByRole('button', { name: 'Terminate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Terminate supplier' });
    await confirm.getByText('Are you sure you want to terminate this supplier record?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Search' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'This Supplier has been Terminated' }).waitFor();
    const [row] = await query<{ unit_status: string }>(server, 'SELECT unit_status FROM suppliers WHERE id = $1', [s.id]);
    expect(row.unit_status).toBe('cancelled');
  });
});

describe('escalation information', () => {
  it("shows the form's messages, saves the contact, closes, and shows it on the next opening; a viewer cannot open it", async () => {
    const [s] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'live' AND NOT EXISTS (SELECT 1 FROM supplier_escalations e WHERE e.supplier_id = s.id) ORDER BY s.name LIMIT 1`);
    const page = await signedInPage(browser, server);
    await page.goto(`/supplier/supplier-search?${searchQuery({ q: s.supplier_id })}`);
    const card = page.getByRole('article', { name: s.name });
    await card.getByRole('button', { name: 'Escalation Information' }).click();
    const drawer = page.getByRole('dialog', { name: 'Escalation Information' });
    await drawer.getByLabel('Name').waitFor();
    await drawer.getByLabel('Number').fill('call me');
    await drawer.getByLabel('Email').fill('dana @harbour');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Name is required').waitFor();
    await drawer.getByText('Number is not valid').waitFor();
    await drawer.getByText('Email is not valid').waitFor();
    await drawer.getByText('Notes is required').waitFor();
    expect(await drawer.getByLabel('Email').inputValue()).toBe('dana@harbour');
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
    // Closing with a change asks first.
    await drawer.getByLabel('Notes').fill('Weekdays only');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Quit Editing?' }).getByText('Changes you made so far will not be saved!').waitFor();

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

describe('finance system comparison', () => {
  const openDrawer = async (page: import('playwright-core').Page, s: SupplierRow) => {
    await page.goto(`/supplier/supplier-details?id=${s.id}&group=${s.group_id}`);
    await page.getByRole('region', { name: 'Integrations' }).getByRole('button', { name: 'Finance System Details' }).click();
    return page.getByRole('dialog', { name: 'Finance System Details' });
  };

  it('shows every field matching, and a differing field marked where the finance system disagrees', async () => {
    const [same] = await query<SupplierRow>(
      server,
      `${SUPPLIER_SQL} JOIN finance_suppliers f ON f.id = s.finance_supplier_id WHERE f.display_name = s.name AND f.email IS NOT DISTINCT FROM s.email AND f.phone IS NOT DISTINCT FROM s.primary_phone_number
        AND f.company_name = g.name AND f.print_on_check_name = CASE WHEN s.use_head_office_name_and_address THEN g.name ELSE s.name END
        AND f.acct_num IS NOT DISTINCT FROM s.account_system_reference ORDER BY s.supplier_id LIMIT 1`,
    );
    const page = await signedInPage(browser, server);
    const drawer = await openDrawer(page, same);
    await drawer.getByRole('status').filter({ hasText: 'Every field matches the finance system.' }).waitFor();
    expect(await drawer.getByRole('img', { name: 'Differs' }).count()).toBe(0);

    const [differs] = await query<SupplierRow>(server, `${SUPPLIER_SQL} JOIN finance_suppliers f ON f.id = s.finance_supplier_id WHERE f.display_name <> s.name ORDER BY s.supplier_id LIMIT 1`);
    const drawer2 = await openDrawer(page, differs);
    const row = drawer2.getByRole('row', { name: /^Display Name/ });
    await row.getByRole('img', { name: 'Differs' }).waitFor();
    await row.getByText(`${differs.name} Ltd`).waitFor();
    await screenshot(page, 'suppliers-finance');
  });

  it('shows the mapping exception, and Retry stores the id the finance system has, or says it could not', async () => {
    const [findable] = await query<SupplierRow>(server, `${SUPPLIER_SQL} JOIN finance_suppliers f ON f.id = 'F' || s.seq WHERE s.finance_supplier_id IS NULL ORDER BY s.supplier_id LIMIT 1`);
    const page = await signedInPage(browser, server);
    const drawer = await openDrawer(page, findable);
    await drawer.getByText('There is no mapping between the finance system and the product').waitFor();
    await drawer.getByText('The supplier has not been configured in QuickBooks').waitFor();
    await drawer.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('status').filter({ hasText: 'The finance supplier ID has been updated' }).waitFor();
    await drawer.getByText(/^Finance supplier ID F\d+$/).waitFor();
    await drawer.getByRole('table', { name: 'Supplier compared with the finance system' }).waitFor();

    const [lost] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.finance_supplier_id IS NULL AND NOT EXISTS (SELECT 1 FROM finance_suppliers f WHERE f.company_number = s.company_registration_number OR f.vat_number = s.vat_registration_number) ORDER BY s.supplier_id LIMIT 1`);
    const drawer2 = await openDrawer(page, lost);
    await drawer2.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unable to update the finance supplier ID.' }).or(page.getByRole('status').filter({ hasText: 'Unable to update the finance supplier ID.' })).first().waitFor();
    await drawer2.getByText('There is no mapping between the finance system and the product').waitFor();
  });
});

describe('create and edit a supplier', () => {
  it("creates a UK supplier after showing the form's messages, then edits it, Sunday hours and an optional service included", async () => {
    const [group] = await query<{ id: string; name: string; group_id: string }>(server, "SELECT id, name, group_id FROM supplier_groups WHERE locale = 'en_GB' AND NOT blocked ORDER BY name LIMIT 1");
    const page = await signedInPage(browser, server);
    await page.goto('/supplier/supplier-search');
    await page.getByRole('button', { name: 'Add new Supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new Supplier' });
    await dialog.getByRole('radio', { name: 'UK' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Supplier for UK' }).waitFor();
    // The edit-only sections are not on the create form.
    expect(await page.getByRole('region', { name: 'Opening Hours' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Supplier Group Name is required').waitFor();
    await page.getByText('Supplier Name is required').waitFor();
    await page.getByText('Postcode is required').waitFor();
    await page.getByText('Phone Number is required').waitFor();
    await page.getByText('Serving proximity is required').waitFor();
    await page.getByText('Service selection is required').waitFor();
    await screenshot(page, 'suppliers-create');

    await page.getByRole('combobox', { name: 'Supplier Group Name' }).fill(group.name.slice(0, 6));
    await page.getByRole('option', { name: `${group.name} (${group.group_id})` }).click();
    await page.getByLabel('DI Group Id').or(page.getByText(group.group_id, { exact: true })).first().waitFor();
    await page.getByLabel('Supplier Name').fill('Quayside Test Motors');
    await page.getByLabel('Postcode').fill('BS1 4DJ');
    expect(await page.getByLabel('Postcode').inputValue()).toBe('BS14DJ');
    await page.getByRole('textbox', { name: /^Phone Number/ }).fill('01171234567');
    await page.getByLabel('Serving proximity').fill('15');
    await page.getByRole('checkbox', { name: 'MOT', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Car', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The supplier has been created' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Quayside Test Motors').waitFor();
    // No geocoder in tests: a new supplier is at 0/0.
    await summary.getByText('Invalid Postcode').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Supplier of UK' }).waitFor();
    await page.getByLabel('Open on Sunday').check();
    expect(await page.getByRole('combobox', { name: 'Sunday opening' }).textContent()).toContain('09:00');
    await page.getByLabel('Courtesy Car', { exact: true }).check();
    await page.getByRole('combobox', { name: 'Courtesy Car lead time' }).click();
    await page.getByRole('option', { name: '3 days', exact: true }).click();
    await page.getByLabel('Account System Reference').fill('qt-01 xyz9');
    expect(await page.getByLabel('Account System Reference').inputValue()).toBe('qt01xyz9');
    await screenshot(page, 'suppliers-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The supplier details have been saved' }).waitFor();
    await page.getByRole('region', { name: 'Opening Hours' }).getByRole('row', { name: 'Sunday 09:00 - 12:30' }).waitFor();
    const [row] = await query<{ account_system_reference: string }>(server, "SELECT account_system_reference FROM suppliers WHERE name = 'Quayside Test Motors'");
    expect(row.account_system_reference).toBe('qt01xyz9');
  });
});
