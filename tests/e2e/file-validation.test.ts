import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { FILE_VALIDATION_MESSAGES } from '../../domain/fileValidation';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

/**
 * File validation (spec 3 §2.5): upload a valid and an invalid file of two different groups, watch
 * them finish live, download the log; the upload dialog's required fields.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

const FIXTURES = path.resolve('tests/fixtures/fileValidation');

async function openReports(page: Page): Promise<void> {
  await page.goto('/file-validation');
  await page.waitForURL('**/file-validation/reports');
  await page.getByRole('heading', { level: 1, name: 'File Validation' }).waitFor();
}

async function upload(page: Page, group: string, label: string, file: { name: string; buffer: Buffer }): Promise<void> {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload file for validation' });
  await dialog.getByRole('combobox', { name: /Validation Type/ }).click();
  // The list is grouped: the option follows its group's heading.
  await page.getByRole('listbox').locator('li', { hasText: new RegExp(`^${group}$`) }).waitFor();
  await page.getByRole('option', { name: `${group} ${label}`, exact: true }).click();
  await dialog.getByLabel('Select file').setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: file.buffer });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The report row of a file, once it shows `status`. */
async function rowWhen(page: Page, fileName: string, status: RegExp) {
  const row = page.getByRole('row', { name: new RegExp(fileName.replace(/\./g, '\\.')) });
  await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(status);
  return row;
}

describe('file validation', () => {
  it('shows a run refused for its size as File is too large; validates a valid ViSN contract file and an invalid partner stock file, live, and downloads the log', async () => {
    // The valid example, for a customer of the demo network (no sub customers: its own vehicles).
    const [lease] = await query<{ di: string }>(server, "SELECT di_customer_id AS di FROM lease_companies WHERE status = 'ACTIVE' ORDER BY seq LIMIT 1");
    const rows = parse(fs.readFileSync(path.join(FIXTURES, 'VISN_CUSTOMER_CONTRACT.valid.csv')), { bom: true }) as string[][];
    const valid = stringify([rows[0], ...rows.slice(1).map((r) => [lease.di, '', ...r.slice(2)])]);
    // A run refused for its size, as the server records it. (The Upload modal's required fields are
    // component tests: tests/component/file-validation-upload.)
    await query(
      server,
      "INSERT INTO file_validation_reports (validation_type, file_name, uploaded_by, is_processing, process_indicator, error) VALUES ('LEX_STOCK', 'huge.csv', '{\"firstname\":\"Ada\",\"lastname\":\"Admin\"}', false, 'FAILED', 'The file is larger than 25 MB (file too large)')",
    );
    const page = await signedInPage(browser, server);
    await openReports(page);
    await page.getByText(FILE_VALIDATION_MESSAGES.footer).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /huge\.csv/ }).textContent()).toContain(FILE_VALIDATION_MESSAGES.tooLarge);

    await upload(page, 'ViSN', 'Customer Contract', { name: 'contracts-valid.csv', buffer: Buffer.from(valid) });
    const good = await rowWhen(page, 'contracts-valid.csv', /Completed/);
    await expect.poll(() => good.textContent()).toContain('Valid');
    expect(await good.textContent()).toContain('ViSN — Customer Contract');

    const invalid = fs.readFileSync(path.join(FIXTURES, 'GSF_STOCK.invalid.csv'));
    await upload(page, 'GSF', 'Stock', { name: 'gsf-stock.csv', buffer: invalid });
    const bad = await rowWhen(page, 'gsf-stock.csv', /Completed.*Invalid \(\d+ problems?\)/);
    await screenshot(page, 'file-validation-reports');

    const [download] = await Promise.all([page.waitForEvent('download'), bad.getByRole('button', { name: 'Download the log of gsf-stock.csv' }).click()]);
    expect(download.suggestedFilename()).toBe('gsf-stock-log.csv');
    const log = parse(fs.readFileSync(await download.path()), { bom: true }) as string[][];
    expect(log[0]).toEqual(['Row', 'Column', 'Message']);
    const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'GSF_STOCK.expected.json'), 'utf8')) as { row: number; column: string; message: string }[];
    // Every problem of the example is in the log (with the database's own, such as unknown customers).
    const lines = new Set(log.slice(1).map((l) => l.join('|')));
    for (const e of expected) expect(lines.has(`${e.row}|${e.column}|${e.message}`), `${e.row} ${e.column} ${e.message}`).toBe(true);

    // The report's own page: its facts and the start of its log, and back to the list.
    await bad.getByRole('link', { name: /^gsf-stock\.csv: the report of / }).click();
    await page.getByRole('heading', { level: 1, name: 'gsf-stock.csv', exact: true }).waitFor();
    expect(await page.getByRole('table', { name: 'File validation' }).getByRole('row', { name: /^Validation Type/ }).textContent()).toContain('GSF — Stock');
    await expect.poll(() => page.getByLabel('Log', { exact: true }).textContent()).toMatch(/^Row,Column,Message\n/);
    await screenshot(page, 'file-validation-report');
    await page.getByRole('link', { name: 'Back to File Validation' }).click();
    await page.getByRole('row', { name: /gsf-stock\.csv/ }).waitFor();
  });
});
