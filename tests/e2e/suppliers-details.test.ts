import { describe, expect, it } from 'vitest';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { searchQuery } from '../../src/search/searchUrl';
import { SUPPLIER_SQL, type SupplierRow } from '../support/suppliers';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

describe('supplier information', () => {
  it("shows both tabs, the summary with Open in maps or Invalid Postcode, and the network terms messages; the same page and form at react-admin's own addresses", async () => {
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

    // The same page and form at react-admin's own addresses, the group in the query string.
    const [other] = await query<SupplierRow>(server, `${SUPPLIER_SQL} WHERE s.unit_status = 'live' ORDER BY s.name LIMIT 1`);
    await page.goto(`/supplier/${other.id}/show?group=${other.group_id}`);
    await page.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText(other.supplier_id, { exact: true }).waitFor();
    await page.goto(`/supplier/${other.id}?group=${other.group_id}`);
    await page.getByRole('heading', { level: 1, name: /^Edit Supplier/ }).waitFor();
    await page.getByRole('link', { name: 'Back to Supplier Information' }).click();
    await page.waitForURL(/\/supplier\/supplier-details\?id=/);
    await page.getByRole('region', { name: 'Summary' }).getByText(other.supplier_id, { exact: true }).waitFor();
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
    await page.setViewportSize({ width: 1280, height: 860 });
    const drawer2 = await openDrawer(page, lost);
    await drawer2.getByRole('button', { name: 'Retry' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Unable to update the finance supplier ID.' }).or(page.getByRole('status').filter({ hasText: 'Unable to update the finance supplier ID.' })).first();
    await toast.waitFor();
    // The toast leaves the drawer's heading readable.
    await screenshot(page, 'suppliers-finance-toast-1280');
    const [t, h] = [(await toast.boundingBox())!, (await drawer2.getByRole('heading', { name: 'Finance System Details' }).boundingBox())!];
    const overlaps = t.x < h.x + h.width && h.x < t.x + t.width && t.y < h.y + h.height && h.y < t.y + t.height;
    expect(overlaps).toBe(false);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'suppliers-finance-toast-1920');
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
    // The form's messages in both countries: tests/component/suppliers-forms.test.tsx.
    await screenshot(page, 'suppliers-create');

    await page.getByRole('combobox', { name: 'Supplier Group Name' }).fill(group.name.slice(0, 6));
    await page.getByRole('option', { name: `${group.name} (${group.group_id})` }).click();
    await page.getByLabel('DI Group Id').or(page.getByText(group.group_id, { exact: true })).first().waitFor();
    await page.getByLabel('Supplier Name').fill('Quayside Test Motors');
    await page.getByLabel('Postcode').fill('BS1 4DJ');
    await page.getByRole('textbox', { name: /^Phone Number/ }).fill('01171234567');
    await page.getByLabel('Serving proximity').fill('15');
    await page.getByRole('checkbox', { name: 'MOT', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Car', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The supplier has been created' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Quayside Test Motors').waitFor();
    // The local geocoder places a new supplier at its postcode district: Open in maps, no badge.
    expect(await summary.getByRole('link', { name: /Open in maps/ }).getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=51.4531,-2.593');
    expect(await summary.getByText('Invalid Postcode').count()).toBe(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Supplier of UK' }).waitFor();
    await page.getByLabel('Open on Sunday').check();
    expect(await page.getByRole('combobox', { name: 'Sunday opening' }).textContent()).toContain('09:00');
    await page.getByLabel('Courtesy Car', { exact: true }).check();
    await page.getByRole('combobox', { name: 'Courtesy Car lead time' }).click();
    await page.getByRole('option', { name: '3 days', exact: true }).click();
    // At 1280 px the optional services' labels are whole, not cut ('Collection & Delivery lea…').
    await page.setViewportSize({ width: 1280, height: 860 });
    const fields = [
      page.getByRole('combobox', { name: 'Collection & Delivery lead time' }),
      page.getByRole('textbox', { name: 'Collection & Delivery radius' }),
      page.getByRole('textbox', { name: 'Collection & Delivery notes' }),
    ];
    await fields[0].scrollIntoViewIfNeeded();
    await screenshot(page, 'suppliers-edit-optional-services-1280');
    for (const field of fields) {
      const label = await field.evaluate((el) => {
        const label = (el as HTMLInputElement).labels?.[0] ?? document.getElementById((el.getAttribute('aria-labelledby') ?? '').split(' ')[0]);
        return { text: label?.textContent, whole: label !== null && label.scrollWidth <= label.clientWidth };
      });
      expect(label.whole, label.text ?? '').toBe(true);
    }
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'suppliers-edit-optional-services-1920');
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByLabel('Account System Reference').fill('qt-01 xyz9');
    expect(await page.getByLabel('Account System Reference').inputValue()).toBe('qt01xyz9');
    await screenshot(page, 'suppliers-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The supplier details have been saved' }).waitFor();
    await page.getByRole('region', { name: 'Opening Hours' }).getByRole('row', { name: 'Sunday 09:00 - 12:30' }).waitFor();
    const [row] = await query<{ account_system_reference: string }>(server, "SELECT account_system_reference FROM suppliers WHERE name = 'Quayside Test Motors'");
    expect(row.account_system_reference).toBe('qt01xyz9');
  });

  it('creates an Irish supplier with the Irish labels, stored with its Eircode', async () => {
    const [group] = await query<{ name: string; group_id: string }>(server, "SELECT name, group_id FROM supplier_groups WHERE locale = 'en_IE' AND NOT blocked ORDER BY name LIMIT 1");
    const page = await signedInPage(browser, server);
    await page.goto('/supplier/create-supplier/IE');
    await page.getByRole('heading', { level: 1, name: 'Create Supplier for Ireland' }).waitFor();
    await page.getByRole('combobox', { name: 'Supplier Group Name' }).fill(group.name.slice(0, 6));
    await page.getByRole('option', { name: `${group.name} (${group.group_id})` }).click();
    await page.getByLabel('Supplier Name').fill('Liffey Test Garage');
    await page.getByLabel('VAT number').fill('IE6388047V');
    await page.getByLabel('Building name / number').fill('4');
    await page.getByLabel('Street name').fill('Quay Road');
    await page.getByLabel('Town').fill('Cork');
    await page.getByLabel('Eircode').fill('T12 X2Y3');
    await page.getByRole('textbox', { name: /^Phone Number/ }).fill('0211234567');
    await page.getByLabel('Serving proximity').fill('20');
    await page.getByRole('checkbox', { name: 'Tyres', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The supplier has been created' }).waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('Liffey Test Garage').waitFor();
    const [row] = await query<{ locale: string; post_code: string; unit_status: string }>(server, "SELECT locale, post_code, unit_status FROM suppliers WHERE name = 'Liffey Test Garage'");
    expect(row).toEqual({ locale: 'en_IE', post_code: 'T12X2Y3', unit_status: 'live' });
  });
});
