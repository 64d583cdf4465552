import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { DI_NETWORK_FORMAT, formatHundredths, headerRow, serialiseRow, type NetworkRow } from '../../domain/network';
import { MESSAGES } from '../../domain/messages';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

/**
 * The DI network pages of the SAVi area (spec 3 §2.1): the export of the whole DI network or one
 * of its groups, and the import of a DI network file into the suppliers' DI network terms, both
 * behind the manageNetwork permission.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

const EXPORT_PATH = '/savi/di-network-export';
const IMPORT_PATH = '/savi/di-network';

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

async function saved(download: Download): Promise<string> {
  return fs.readFileSync(await download.path(), 'utf8');
}

/** A CSV cell, quoted when it needs to be. */
const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvText = (rows: string[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** A DI-network group that is not blocked and has live suppliers. */
async function diGroup(): Promise<{ id: string; name: string }> {
  const [g] = await query<{ id: string; name: string }>(
    server,
    `SELECT g.id, g.name FROM supplier_groups g
      WHERE g.belongs_to_di_network AND NOT g.blocked
        AND EXISTS (SELECT 1 FROM suppliers s WHERE s.group_id = g.id AND s.unit_status = 'live')
      ORDER BY g.name LIMIT 1`,
  );
  return g;
}

/** Types into the Group field and waits for the answer of that search (not a stale one). */
async function searchGroup(page: Page, text: string): Promise<void> {
  const group = page.getByRole('combobox', { name: 'Group' });
  await group.fill('');
  await page.getByText('Enter a min of 3 characters to search').first().waitFor();
  await group.fill(text);
  await page.getByText(/^(Found \d+ result\(s\)|No Match)$/).first().waitFor();
}

describe('DI network export', () => {
  it('offers DI groups that are not blocked, exports the whole DI network without e-mail, follows it live and downloads it', async () => {
    const di = await diGroup();
    const [other] = await query<{ name: string }>(
      server,
      `SELECT g.name FROM supplier_groups g WHERE NOT g.belongs_to_di_network
          AND NOT EXISTS (SELECT 1 FROM supplier_groups d WHERE d.belongs_to_di_network AND d.name = g.name)
        ORDER BY g.name LIMIT 1`,
    );
    const page = await signedInPage(browser, server);
    await open(page, EXPORT_PATH, 'DI Network Export');
    await page.getByText('DI Network', { exact: true }).waitFor();

    // Spec 3 §2.1: supplier type All, e-mailed; the group is optional (the whole DI network).
    expect(await page.getByRole('switch', { name: 'Email exported file' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Supplier Type' }).textContent()).toContain('All');
    await expect.poll(() => page.getByRole('combobox', { name: 'MOT Class' }).textContent()).toContain('All');

    // Group suggestions are DI-network members that are not blocked (spec 2 §4).
    await searchGroup(page, di.name);
    await page.getByRole('option', { name: di.name, exact: true }).waitFor();
    await screenshot(page, 'savi-di-network-export-search');
    await searchGroup(page, other.name);
    expect(await page.getByRole('option', { name: other.name, exact: true }).count()).toBe(0);
    await query(server, 'UPDATE supplier_groups SET blocked = true WHERE id = $1', [di.id]);
    try {
      await searchGroup(page, di.name);
      expect(await page.getByRole('option', { name: di.name, exact: true }).count()).toBe(0);
    } finally {
      await query(server, 'UPDATE supplier_groups SET blocked = false WHERE id = $1', [di.id]);
    }
    await page.getByRole('combobox', { name: 'Group' }).fill('');
    await page.keyboard.press('Escape');

    // The whole DI network, not e-mailed: the row arrives and turns Ready without a reload.
    await page.getByRole('switch', { name: 'Email exported file' }).click();
    expect(await page.getByRole('switch', { name: 'Email exported file' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'It will be ready to download below.' }).waitFor();
    const row = page.getByRole('table', { name: 'Recent exports' }).getByRole('row').nth(1);
    await row.getByRole('cell', { name: 'All groups', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'No', exact: true }).waitFor();
    await row.getByText('Ready').waitFor({ timeout: 30_000 });
    await screenshot(page, 'savi-di-network-export-list');

    const [exported] = await query<{ export_type: string; group_id: string | null; lease_company_id: string | null; email_export_file: boolean }>(
      server,
      'SELECT export_type, group_id, lease_company_id, email_export_file FROM network_exports ORDER BY requested_at DESC LIMIT 1',
    );
    expect(exported).toEqual({ export_type: 'DI_NETWORK_EXPORT', group_id: null, lease_company_id: null, email_export_file: false });

    // The file: the DI format's header and one row per live supplier of the DI network.
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const records: string[][] = parse(await saved(download), { bom: true });
    expect(records[0]).toEqual(headerRow(DI_NETWORK_FORMAT));
    const [{ n }] = await query<{ n: string | number }>(
      server,
      `SELECT count(*) AS n FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id WHERE g.belongs_to_di_network AND s.unit_status = 'live'`,
    );
    expect(records.length - 1).toBe(Number(n));

    // Back to the SAVi page.
    await page.getByRole('link', { name: 'Back to SAVi' }).click();
    await page.getByRole('heading', { level: 1, name: 'SAVi' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/savi/savi-export');
  });
});

interface DiSupplier {
  id: string;
  supplier_id: string;
  name: string;
  group_code: string;
  group_name: string;
  supplier_type: string;
  town: string | null;
  post_code: string | null;
  unit_status: string;
  nominated_dealer_name: string;
  fnp_band: string;
  rebate_bp: number;
  rebate_amount: number | null;
  agreed_credit_limit: number | null;
  last_physical_audit: string | null;
  last_desktop_audit: string | null;
}

describe('DI network import', () => {
  it("uploads a DI network file, imports it after the confirmation, follows its status live and changes the supplier's terms", async () => {
    const [s] = await query<DiSupplier>(
      server,
      `SELECT s.id, s.supplier_id, s.name, g.group_id AS group_code, g.name AS group_name, s.supplier_type, s.address3 AS town, s.post_code, s.unit_status,
              t.nominated_dealer_name, t.fnp_band, t.rebate_bp, t.rebate_amount, t.agreed_credit_limit,
              to_char(t.last_physical_audit, 'YYYY-MM-DD') AS last_physical_audit, to_char(t.last_desktop_audit, 'YYYY-MM-DD') AS last_desktop_audit
         FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id JOIN supplier_network_terms t ON t.supplier_id = s.id
        WHERE g.belongs_to_di_network AND NOT g.blocked AND s.unit_status = 'live'
        ORDER BY s.supplier_id LIMIT 1`,
    );
    expect(s).toBeDefined();
    // New values: a rebate under 10 % and a credit limit, both unlike the current ones.
    const rebateBp = s.rebate_bp === 725 ? 650 : 725;
    const creditLimit = s.agreed_credit_limit === 4_321_00 ? 4_322_00 : 4_321_00;
    const row: NetworkRow = {
      supplierId: s.supplier_id,
      supplierName: s.name,
      groupId: s.group_code,
      groupName: s.group_name,
      supplierType: s.supplier_type,
      town: s.town,
      postCode: s.post_code,
      status: 'Live',
      nominatedDealerName: s.nominated_dealer_name,
      fnpBand: s.fnp_band,
      rebate: rebateBp,
      rebateAmount: s.rebate_amount,
      agreedCreditLimit: creditLimit,
      lastPhysicalAudit: s.last_physical_audit,
      lastDesktopAudit: s.last_desktop_audit,
    };
    const csv = csvText([headerRow(DI_NETWORK_FORMAT), serialiseRow(DI_NETWORK_FORMAT, row)]);
    expect(csv).toContain(formatHundredths(rebateBp));
    const fileName = 'di-network-e2e.csv';

    const page = await signedInPage(browser, server);
    await open(page, IMPORT_PATH, 'DI Network Import');
    await page.getByText('DI Network', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload network file' });
    await dialog.getByLabel('Select file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await screenshot(page, 'savi-di-network-upload');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The row arrives and its validation finishes without a reload (live).
    const imports = page.getByRole('table', { name: 'Network imports' });
    const imported = imports.getByRole('row').filter({ hasText: fileName });
    await imported.getByRole('img', { name: 'Completed' }).waitFor({ timeout: 30_000 });
    await imported.getByRole('cell').nth(5).getByText('SUCCESS', { exact: true }).waitFor();
    const [{ id: importId, ...scope }] = await query<{ id: string; lease_company_id: string | null; is_di_network_import: boolean }>(
      server,
      'SELECT id, lease_company_id, is_di_network_import FROM network_imports WHERE file_name = $1 ORDER BY uploaded_at DESC LIMIT 1',
      [fileName],
    );
    expect(scope).toEqual({ lease_company_id: null, is_di_network_import: true });

    // At 1280 px the whole table is in view, its Import column too.
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, 'savi-di-network-import-1280');
    const fit = await imports.evaluate((t) => ({ scrollWidth: t.parentElement!.scrollWidth, clientWidth: t.parentElement!.clientWidth }));
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    const importButton = imported.getByRole('button', { name: `Import ${fileName}` });
    const box = (await importButton.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'savi-di-network-import-1920');

    await importButton.click();
    const confirm = page.getByRole('dialog', { name: 'Import network file' });
    await confirm.getByText(`Are you sure you want to import ${fileName} into the DI Network? The changes in the file are applied at once.`, { exact: true }).waitFor();
    await screenshot(page, 'savi-di-network-import-confirm');
    await confirm.getByRole('button', { name: 'Import' }).click();
    await imported.getByRole('cell').nth(7).getByText('SUCCESS', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await imported.getByRole('button', { name: /^Import / }).count()).toBe(0);
    await screenshot(page, 'savi-di-network-imported');

    // The supplier's DI network terms carry the file's rebate and credit limit; the rest stays.
    const [terms] = await query<{ rebate_bp: number; agreed_credit_limit: number; nominated_dealer_name: string; fnp_band: string }>(
      server,
      'SELECT rebate_bp, agreed_credit_limit, nominated_dealer_name, fnp_band FROM supplier_network_terms WHERE supplier_id = $1',
      [s.id],
    );
    expect({ ...terms, rebate_bp: Number(terms.rebate_bp), agreed_credit_limit: Number(terms.agreed_credit_limit) }).toEqual({
      rebate_bp: rebateBp,
      agreed_credit_limit: creditLimit,
      nominated_dealer_name: s.nominated_dealer_name,
      fnp_band: s.fnp_band,
    });
    const [done] = await query<{ import_status: boolean | null }>(server, 'SELECT import_status FROM network_imports WHERE id = $1', [importId]);
    expect(done.import_status).toBe(true);
  });
});

describe('DI network permissions', () => {
  it('sends VIEWER, SUPPORT and EDITOR (no manageNetwork, or no savi) to access-denied at both pages, and opens both for FINANCE, which holds manageNetwork', async () => {
    for (const role of ['VIEWER', 'SUPPORT', 'EDITOR'] as const) {
      const page = await signedInPage(browser, server, role);
      for (const path of [IMPORT_PATH, EXPORT_PATH]) {
        await page.goto(path);
        await page.waitForURL('**/access-denied');
        await page.getByRole('heading', { level: 1, name: MESSAGES.accessDenied }).waitFor();
      }
      await screenshot(page, `savi-di-network-denied-${role.toLowerCase()}`);
    }

    const page = await signedInPage(browser, server, 'FINANCE');
    await open(page, IMPORT_PATH, 'DI Network Import');
    await expect.poll(() => page.getByRole('button', { name: 'Upload', exact: true }).isEnabled()).toBe(true);
    await open(page, EXPORT_PATH, 'DI Network Export');
    await expect.poll(() => page.getByRole('button', { name: 'Export', exact: true }).isEnabled()).toBe(true);
  });
});
