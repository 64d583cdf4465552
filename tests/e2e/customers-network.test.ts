import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { CUSTOMER_NETWORK_FORMAT, NETWORK_IMPORT_MAX_BYTES, headerRow } from '../../domain/network';
import { roleEmail, screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

interface Linked {
  id: string;
  name: string;
  group_id: string;
  group_name: string;
  di_group_id: string;
}

/** Active customers with an active link to a group that has live suppliers, each customer once. */
async function linkedCustomers(): Promise<Linked[]> {
  return query<Linked>(
    server,
    `SELECT DISTINCT ON (lc.name) lc.id, lc.name, g.id AS group_id, g.name AS group_name, g.group_id AS di_group_id
       FROM lease_companies lc
       JOIN lease_group_links l ON l.lease_company_id = lc.id AND l.status = 'ACTIVE'
       JOIN supplier_groups g ON g.id = l.group_id
      WHERE lc.status = 'ACTIVE'
        AND EXISTS (SELECT 1 FROM suppliers s WHERE s.group_id = g.id AND s.unit_status = 'live')
      ORDER BY lc.name, g.name`,
  );
}

async function openNetworkPage(page: Page, c: { id: string; name: string }, button: 'Network Export' | 'Network Import'): Promise<void> {
  await page.goto(`/customer/customer-details?id=${c.id}`);
  await page.getByRole('region', { name: c.name }).waitFor();
  await page.getByRole('toolbar', { name: 'Customer actions' }).getByRole('button', { name: button }).click();
  await page.getByRole('heading', { level: 1, name: button }).waitFor();
}

async function saved(download: Download): Promise<string> {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8');
}

/** A CSV cell, quoted when it needs to be. */
const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvText = (rows: string[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** A network file for the suppliers of a group, in the format of domain/network (header from its catalogue). */
async function networkCsv(groupId: string, terms: (supplierId: string) => Record<string, string>): Promise<string> {
  const suppliers = await query<{ supplier_id: string; group_code: string }>(
    server,
    `SELECT s.supplier_id, g.group_id AS group_code FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id WHERE s.group_id = $1 AND s.unit_status = 'live' ORDER BY s.supplier_id LIMIT 3`,
    [groupId],
  );
  const header = headerRow(CUSTOMER_NETWORK_FORMAT);
  const rows = suppliers.map((s) => {
    const values: Record<string, string> = { 'Supplier Id': s.supplier_id, 'Group Id': s.group_code, ...terms(s.supplier_id) };
    return header.map((h) => values[h] ?? '');
  });
  return csvText([header, ...rows]);
}

describe('network export', () => {
  it("asks for a group, finds the customer's linked groups, e-mails the file or offers it for download", async () => {
    const [c] = await linkedCustomers();
    const page = await signedInPage(browser, server);
    await openNetworkPage(page, c, 'Network Export');

    // Defaults of spec 1 §9.
    expect(await page.getByRole('switch', { name: 'Email exported file' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Supplier Type' }).textContent()).toContain('All');

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByText('Group field is required').waitFor();
    expect(await page.getByRole('combobox', { name: 'Group' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'network-export-group-required');

    const group = page.getByRole('combobox', { name: 'Group' });
    await group.fill(c.group_name.slice(0, 2));
    await page.getByText('Enter a min of 3 characters to search').first().waitFor();
    await group.fill(c.group_name.slice(0, 5));
    await page.getByRole('option', { name: c.group_name }).waitFor();
    await page.getByText(/^Found \d+ result\(s\)$/).first().waitFor();
    await screenshot(page, 'network-export-group-search');
    await group.fill('zzzqqq');
    await page.getByText('No Match').waitFor();
    await group.fill(c.group_name);
    await page.getByRole('option', { name: c.group_name }).click();
    expect(await page.getByText('Group field is required').count()).toBe(0);

    // E-mailed: the toast, then the mail with the file attached.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Network export initiated' });
    await toast.getByText('The export file will be e-mailed to you.').waitFor();
    await screenshot(page, 'network-export-initiated');
    await expect
      .poll(async () => Number((await query<{ n: string | number }>(server, `SELECT count(*) AS n FROM mail_outbox WHERE "to" = $1 AND attachments IS NOT NULL AND jsonb_array_length(attachments) > 0`, [roleEmail('SUPER_ADMIN')]))[0].n), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const exports = page.getByRole('table', { name: 'Recent exports' });
    await exports.getByRole('row').filter({ hasText: c.group_name }).filter({ hasText: 'Ready' }).first().waitFor({ timeout: 30_000 });

    // Not e-mailed: the row offers the file.
    await page.getByRole('switch', { name: 'Email exported file' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'It will be ready to download below.' }).waitFor();
    // The newest export is the first row under the header.
    const row = exports.getByRole('row').nth(1);
    await row.getByRole('cell', { name: 'No', exact: true }).waitFor();
    await row.getByText('Ready').waitFor({ timeout: 30_000 });
    await screenshot(page, 'network-export-list');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await saved(download);
    expect(text.split(/\r?\n/)[0]).toContain('Supplier Id');
    expect(text).toContain(c.di_group_id);
  });
});

describe('network import', () => {
  it('checks the file, uploads a valid CSV, shows validation live, downloads the log and imports it; an invalid file is marked FAILED with a log and no Import', async () => {
    const [, c] = await linkedCustomers();
    const page = await signedInPage(browser, server);
    await openNetworkPage(page, c, 'Network Import');
    await page.getByText(c.name, { exact: true }).waitFor();
    await page.getByText('No network imports yet').waitFor();
    await screenshot(page, 'network-import-empty');

    // The client checks of spec 1 §5, next to the field.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload network file' });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Network file is required' }).waitFor();
    const input = dialog.getByLabel('Select file');
    await input.setInputFiles({ name: 'network.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText('Invalid File type, only CSV files are allowed').waitFor();
    // A file on disk, not a buffer: Chromium runs here and reads the path itself, where 25 MB sent
    // through the protocol could outlast the action's time-out on a busy machine.
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fnc-e2e-')), 'big.csv');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, NETWORK_IMPORT_MAX_BYTES + 1);
    await input.setInputFiles(big);
    await dialog.getByText('File is too large! Maximum allowed size is 25MB.').waitFor();
    await screenshot(page, 'network-import-too-large');

    // A valid file: chosen, removed, chosen again, uploaded.
    const good = await networkCsv(c.group_id, () => ({ 'In Network': 'Yes', Preferred: 'Yes', 'Labour Rate': '61.50', Notes: 'Agreed by e2e' }));
    await input.setInputFiles({ name: 'network-good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByRole('button', { name: 'Remove network-good.csv' }).click();
    await dialog.getByText('No file selected').waitFor();
    await input.setInputFiles({ name: 'network-good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await screenshot(page, 'network-import-dialog');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Upload is disabled while the file validates, so focus goes to the list, not the page body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Network imports');

    // The row arrives and its validation finishes without a reload (live).
    const table = page.getByRole('table', { name: 'Network imports' });
    const row = table.getByRole('row').filter({ hasText: 'network-good.csv' });
    await row.waitFor();
    await row.getByRole('img', { name: 'Completed' }).waitFor({ timeout: 30_000 });
    await row.getByText('SUCCESS', { exact: true }).waitFor();
    await screenshot(page, 'network-import-validated');

    // Another node's job takes the row back to LOADING and then to SUCCESS: the page follows each
    // announcement, and Upload waits while the row is processing.
    const [{ id: importId }] = await query<{ id: string }>(server, 'SELECT id FROM network_imports WHERE lease_company_id = $1 ORDER BY uploaded_at DESC LIMIT 1', [c.id]);
    const announce = () => query(server, "SELECT pg_notify('fnc_live', $1)", [JSON.stringify({ topic: `networkImports:${c.id}`, payload: { op: 'update', id: importId } })]);
    await query(server, "UPDATE network_imports SET is_processing = true, process_indicator = 'LOADING', version = version + 1 WHERE id = $1", [importId]);
    await announce();
    await row.getByRole('img', { name: 'Processing' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: /^Import / }).count()).toBe(0);
    await query(server, "UPDATE network_imports SET is_processing = false, process_indicator = 'SUCCESS', version = version + 1 WHERE id = $1", [importId]);
    await announce();
    await row.getByRole('img', { name: 'Completed' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Upload', exact: true }).isEnabled()).toBe(true);

    const [log] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download the log of network-good.csv' }).click()]);
    expect(log.suggestedFilename()).toBeTruthy();
    const [original] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download network-good.csv' }).click()]);
    expect(await saved(original)).toBe(good);

    // Import on the eligible (newest) row, after the confirmation.
    await row.getByRole('button', { name: 'Import network-good.csv' }).click();
    const confirm = page.getByRole('dialog', { name: 'Import network file' });
    await confirm.getByText(/Are you sure you want to import network-good\.csv/).waitFor();
    await screenshot(page, 'network-import-confirm');
    await confirm.getByRole('button', { name: 'Import' }).click();
    await row.getByRole('cell').nth(7).getByText('SUCCESS', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await row.getByRole('button', { name: /^Import / }).count()).toBe(0);
    await screenshot(page, 'network-import-imported');
    // The file's terms are in the customer's network, marked with this import.
    const terms = await query<{ labour_rate: number; notes: string }>(server, 'SELECT labour_rate, notes FROM customer_network_terms WHERE lease_company_id = $1 AND import_id = $2', [c.id, importId]);
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((t) => Number(t.labour_rate) === 6150 && t.notes === 'Agreed by e2e')).toBe(true);

    // Another customer's invalid file is marked FAILED with a log, and offers no Import.
    {
      const [, , other] = await linkedCustomers();
      await openNetworkPage(page, other, 'Network Import');
      const bad = await networkCsv(other.group_id, () => ({ 'In Network': 'Maybe', Preferred: 'No' }));
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload network file' });
      // A .csv that is not a network file passes the browser's check; the server's refusal shows at the field.
      await dialog.getByLabel('Select file').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('Shopping,List\nmilk,eggs\n') });
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Invalid File type, only CSV files are allowed' }).waitFor();
      expect(await query(server, 'SELECT id FROM network_imports WHERE lease_company_id = $1 AND file_name = $2', [other.id, 'notes.csv'])).toHaveLength(0);
      await dialog.getByLabel('Select file').setInputFiles({ name: 'network-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      const failed = page.getByRole('table', { name: 'Network imports' }).getByRole('row').filter({ hasText: 'network-bad.csv' });
      await failed.getByText('FAILED', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await failed.getByRole('button', { name: /^Import / }).count()).toBe(0);
      const [log] = await Promise.all([page.waitForEvent('download'), failed.getByRole('button', { name: 'Download the log of network-bad.csv' }).click()]);
      expect(await saved(log)).toContain('In Network must be Yes or No');
      await screenshot(page, 'network-import-failed');
    }
  });

});

describe('network permissions', () => {
  it('disables Network Export and Network Import without the network permission, with the tooltip', async () => {
    const [c] = await linkedCustomers();
    const page = await signedInPage(browser, server, 'VIEWER');
    await page.goto(`/customer/customer-details?id=${c.id}`);
    await page.getByRole('region', { name: c.name }).waitFor();
    for (const name of ['Network Export', 'Network Import']) {
      const button = page.getByRole('button', { name });
      expect(await button.isDisabled()).toBe(true);
      await button.locator('..').hover();
      await page.getByRole('tooltip', { name: 'You do not have access to this module.' }).waitFor();
      await page.mouse.move(0, 0);
      await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    }
    await screenshot(page, 'network-viewer-disabled');
    // The page itself says so when reached by its address.
    await page.goto(`/customer/customer-network-import?id=${c.id}`);
    await page.getByText('You do not have access to this module.').waitFor();
  });
});
