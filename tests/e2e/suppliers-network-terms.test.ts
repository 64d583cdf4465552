import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { typeDay } from '../support/formInputs';
import { SUPPLIER_SQL, type SupplierRow } from '../support/suppliers';
import { FRANCHISE_NAMES } from '../../domain/suppliers';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const detailsOf = (s: SupplierRow) => `/supplier/supplier-details?id=${s.id}&group=${s.group_id}`;

describe('DI network terms', () => {
  it('shows the terms on the tab, and without the permission the button says why', async () => {
    const [s] = await query<SupplierRow & { rebate_bp: number; nominated_dealer_name: string }>(
      server,
      `${SUPPLIER_SQL.replace('SELECT s.id', 'SELECT t.rebate_bp, t.nominated_dealer_name, s.id')} JOIN supplier_network_terms t ON t.supplier_id = s.id WHERE g.belongs_to_di_network ORDER BY s.name LIMIT 1`,
    );
    const viewer = await signedInPage(browser, server, 'VIEWER');
    await viewer.goto(detailsOf(s));
    await viewer.getByRole('tab', { name: 'DI Network Terms' }).click();
    const summary = region(viewer, 'Summary');
    await summary.getByText(s.nominated_dealer_name, { exact: true }).waitFor();
    await summary.getByText(`${(s.rebate_bp / 100).toFixed(2)}%`, { exact: true }).waitFor();
    await region(viewer, 'Labour Rates').getByRole('table').waitFor();
    await region(viewer, 'MOT Rates').getByText('Class 4').waitFor();
    await screenshot(viewer, 'suppliers-network-terms-tab');
    const button = viewer.getByRole('button', { name: 'Edit network terms' });
    expect(await button.isDisabled()).toBe(true);
    await button.locator('..').hover();
    await viewer.getByRole('tooltip').filter({ hasText: 'You do not have permission to edit (or add) DI Network Terms' }).waitFor();
  });

  it("adds the first terms: the date messages, a franchise added and one deleted, rates and credit limit shown on the tab; 'All franchises added.' once every one is listed", async () => {
    const [s] = await query<SupplierRow>(
      server,
      `${SUPPLIER_SQL} WHERE g.belongs_to_di_network AND s.unit_status = 'live' AND NOT EXISTS (SELECT 1 FROM supplier_network_terms t WHERE t.supplier_id = s.id) ORDER BY s.name LIMIT 1`,
    );
    const page = await signedInPage(browser, server);
    await page.goto(detailsOf(s));
    await page.getByRole('tab', { name: 'DI Network Terms' }).click();
    await page.getByText('No DI Network Terms have been added for this supplier').waitFor();
    await page.getByRole('button', { name: 'Add network terms' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit DI Network Terms' }).waitFor();

    // The date messages of spec 2 §5.4 (the others are component tests: tests/component/suppliers-network-terms).
    await region(page, 'FNP').getByLabel('FNP', { exact: true }).check();
    await typeDay(region(page, 'Audit Dates'), /^Last Physical Audit/, '2999-01-01');
    // A half-typed day is not dropped: it is refused.
    const desktop = region(page, 'Audit Dates').getByRole('group', { name: /^Last Desktop Audit/ });
    await desktop.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type('05');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Last Physical Audit cannot be in the future').waitFor();
    await page.getByText('Last Desktop Audit is not a valid date (DD/MM/YYYY)').waitFor();
    await screenshot(page, 'suppliers-network-terms-messages');

    await page.getByRole('textbox', { name: /^Nominated Dealer Manager/ }).fill('Pat Dealer');
    await page.getByRole('combobox', { name: /^FNP Band/ }).click();
    await page.getByRole('option', { name: 'Band 2 LA1', exact: true }).click();
    await region(page, 'Rebate').getByLabel(/^Rebate Percentage/).fill('4.5');
    await typeDay(region(page, 'Audit Dates'), /^Last Physical Audit/, '2026-03-05');
    await desktop.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    // DD/MM/YYYY, as spec 2 §5 has it.
    expect(await region(page, 'Audit Dates').getByRole('group', { name: /^Last Physical Audit/ }).getByRole('spinbutton').allInnerTexts()).toEqual(['05', '03', '2026']);
    await region(page, 'Credit Limit').getByLabel(/^Agreed Credit Limit/).fill('12500');
    await region(page, 'MOT Rates').getByLabel('Class 4', { exact: true }).fill('54.85');

    // Two franchises added, one deleted through its confirmation.
    await page.getByRole('button', { name: 'Add Franchise' }).click();
    await page.getByRole('menuitem', { name: 'Ford', exact: true }).click();
    await page.getByRole('button', { name: 'Add Franchise' }).click();
    await page.getByRole('menuitem', { name: 'Audi', exact: true }).click();
    const ford = region(page, 'Ford');
    await ford.getByLabel(/^Parts Discount/).fill('12.5');
    await ford.getByLabel(/^Car labour rate/).fill('85');
    await region(page, 'Audi').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete franchise?' }).getByRole('button', { name: 'Delete' }).click();
    await region(page, 'Audi').waitFor({ state: 'detached' });
    await screenshot(page, 'suppliers-network-terms-edit');
    await page.getByRole('button', { name: 'Save' }).click();

    // Back on the details page, the terms tab selected.
    await page.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();
    expect(await page.getByRole('tab', { name: 'DI Network Terms' }).getAttribute('aria-selected')).toBe('true');
    const summary = region(page, 'Summary');
    await summary.getByText('Pat Dealer', { exact: true }).waitFor();
    await summary.getByText('Band 2 LA1', { exact: true }).waitFor();
    await summary.getByText('4.50%', { exact: true }).waitFor();
    await summary.getByText('£12,500.00', { exact: true }).waitFor();
    await summary.getByText('05 Mar 2026', { exact: true }).waitFor();
    await region(page, 'MOT Rates').getByText('£54.85').waitFor();
    await region(page, 'Labour Rates').getByRole('row', { name: /Ford/ }).getByText('£85.00').waitFor();
    expect(await region(page, 'Labour Rates').getByRole('row', { name: /Audi/ }).count()).toBe(0);
    const [row] = await query<{ manufacturers: string[] }>(server, 'SELECT manufacturers FROM suppliers WHERE id = $1', [s.id]);
    expect(row.manufacturers).toContain('Ford');

    // 'All franchises added.' once every franchise is listed. All but the last two are stored first
    // (copies of its first franchise under the other names): adding two through the menu is what
    // is checked, adding twenty-odd only took time.
    const missing = FRANCHISE_NAMES.filter((n) => n !== 'Ford');
    await query(
      server,
      `UPDATE supplier_network_terms t SET franchises = t.franchises || (SELECT jsonb_agg(jsonb_set(t.franchises->0, '{label}', to_jsonb(n))) FROM unnest($2::text[]) n) WHERE t.supplier_id = $1`,
      [s.id, missing.slice(0, -2)],
    );
    await page.goto(`/supplier/edit-di-network-terms?id=${s.id}&group=${s.group_id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit DI Network Terms' }).waitFor();
    const add = page.getByRole('button', { name: 'Add Franchise' });
    for (let i = 0; i < 2; i++) {
      await add.click();
      await page.getByRole('menuitem').first().click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await add.click();
    await page.getByText('All franchises added.').waitFor();
    expect(await page.getByRole('menu').count()).toBe(0);
  });
});
