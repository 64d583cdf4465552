import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consecutiveCheck, formatLogDay, invoiceWindow, PROCESS_LOG_MESSAGES } from '../../domain/processLogs';
import { topics } from '../../domain/live';
import { eq } from 'drizzle-orm';
import { processLogs } from '../../server/db/schema';
import { notify } from '../../server/live/notify';
import { typeDay } from '../support/formInputs';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, TODAY, withSeededServer } from '../support/customers';

/**
 * Process logs (spec 3 §2.2): a day's entries by date and lease company, the counters as toggles,
 * the Daily Invoice exports view with the seeded gap in one company's numbering, and an entry of a
 * running job changing live.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

/** A day after the seeded 30 (which end on TODAY), so the entries below are the day's only ones. */
const DAY = new Date(TODAY.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => new Date(`${DAY}T${time}Z`);

interface Company {
  id: string;
  name: string;
}
let acme: Company;
let beta: Company;
let runningId: string;

beforeAll(async () => {
  expect(DAY <= new Date().toISOString().slice(0, 10)).toBe(true);
  [acme, beta] = await query<Company>(server, `SELECT id, name FROM lease_companies WHERE status = 'ACTIVE' ORDER BY name LIMIT 2`);
  const db = server.handle.services.db;
  const base = { state: 'COMPLETED' as const, isSuccess: true };
  await db.insert(processLogs).values([
    { ...base, type: 'STOCK_IMPORT', name: 'Contract and stock import', message: 'Processed 40 stock records', leaseCompanyId: acme.id, executedAt: at('01:00:00'), stats: { success: 40, skipped: 0, noChange: 0, awaitingTermination: 0, isIdUnavailable: 0, skippedAccountsWithMaintainedAsN: 0, skippedRepeatedAccountNumber: 0 }, data: { totalRecordsCount: 40, processedRecordCount: 40, validRecordCount: 40, invalidRecordCount: 0 } },
    { ...base, type: 'STOCK_IMPORT', name: 'Contract and stock import', message: 'Processed 12 stock records\n2 rows skipped', isWarning: true, leaseCompanyId: beta.id, executedAt: at('01:10:00') },
    { ...base, type: 'BILLING_VALIDATION', name: 'Billing validation', message: 'Billing check failed', isSuccess: false, leaseCompanyId: beta.id, executedAt: at('05:30:00') },
    { ...base, type: 'ENQUIRY_ARCHIVE', name: 'Archive enquiries', message: 'Paused from the Background Jobs screen', isSuccess: false, isPending: true, state: 'PAUSED', leaseCompanyId: beta.id, executedAt: at('03:05:00') },
  ]);
  const [running] = await db
    .insert(processLogs)
    .values({ type: 'ENQUIRY_ARCHIVE', name: 'Archive enquiries', message: 'Archiving: 5 of 20 enquiries archived', isPending: true, state: 'RUNNING', leaseCompanyId: acme.id, executedAt: at('03:00:00') })
    .returning({ id: processLogs.id });
  runningId = running.id;
});

async function openPage(page: Page): Promise<void> {
  await page.goto('/process-logs');
  await page.getByRole('heading', { level: 1, name: 'Process Logs', exact: true }).waitFor();
}

/** Sets the filters and presses SHOW; waits for the heading of that day. */
async function show(page: Page, day: string, company?: string): Promise<void> {
  if (company) {
    const box = page.getByRole('combobox', { name: 'Lease Company' });
    await box.click();
    await box.fill(company);
    await page.getByRole('option', { name: company, exact: true }).click();
  }
  await typeDay(page, 'Date', day);
  // DD-MMM-YYYY, as spec 3 §6 has it.
  expect((await page.getByRole('group', { name: 'Date' }).getByRole('spinbutton').allInnerTexts()).join('-')).toBe(formatLogDay(day));
  await page.getByRole('button', { name: 'SHOW', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: new RegExp(`of ${formatLogDay(day)}`) }).waitFor();
}

const counter = (page: Page, name: string) => page.getByRole('group', { name: 'Show entries by outcome' }).getByRole('button', { name: new RegExp(`^${name}`) });
const entries = (page: Page) => page.getByRole('article');
const entryNames = (page: Page) => entries(page).getByRole('heading', { level: 3 }).allTextContents();
async function counts(page: Page): Promise<string[]> {
  return Promise.all(['Success', 'Failed', 'Warning', 'Pending'].map(async (n) => `${await counter(page, n).textContent()} ${await counter(page, n).getAttribute('aria-pressed')}`));
}

describe('Process Logs', () => {
  it('shows a day\'s entries with their counters, and the toggles combine', async () => {
    const page = await signedInPage(browser, server, 'VIEWER');
    await openPage(page);
    await show(page, DAY);
    await expect.poll(() => entries(page).count()).toBe(5);
    await expect.poll(() => counts(page)).toEqual(['Success1 true', 'Failed1 true', 'Warning1 true', 'Pending2 true']);
    // Newest first, each with its company.
    expect(await entryNames(page)).toEqual([
      `Billing validation – ${beta.name}`,
      `Archive enquiries – ${beta.name}`,
      `Archive enquiries – ${acme.name}`,
      `Contract and stock import – ${beta.name}`,
      `Contract and stock import – ${acme.name}`,
    ]);
    // One line per line break; the outcome in words beside its icon; the Paused badge.
    const warned = page.getByRole('article', { name: `Contract and stock import – ${beta.name}` });
    expect(await warned.getByTestId('message').locator('p').allTextContents()).toEqual(['Processed 12 stock records', '2 rows skipped']);
    await warned.getByRole('img', { name: 'Warning' }).waitFor();
    const paused = page.getByRole('article', { name: `Archive enquiries – ${beta.name}` });
    await paused.getByText('Paused', { exact: true }).waitFor();
    expect(await page.getByRole('article', { name: `Archive enquiries – ${acme.name}` }).getByText('Paused', { exact: true }).count()).toBe(0);
    await page.getByRole('article', { name: `Contract and stock import – ${acme.name}` }).getByText('Total records').waitFor();
    await screenshot(page, 'process-logs-all');

    await counter(page, 'Success').click();
    await counter(page, 'Pending').click();
    await expect.poll(() => counts(page)).toEqual(['Success1 false', 'Failed1 true', 'Warning1 true', 'Pending2 false']);
    await expect.poll(() => entryNames(page)).toEqual([`Billing validation – ${beta.name}`, `Contract and stock import – ${beta.name}`]);
    await counter(page, 'Failed').click();
    await counter(page, 'Warning').click();
    await page.getByText(PROCESS_LOG_MESSAGES.noResults).waitFor();
    await counter(page, 'Pending').click();
    await expect.poll(() => entryNames(page)).toEqual([`Archive enquiries – ${beta.name}`, `Archive enquiries – ${acme.name}`]);
  });

  it('keeps to one lease company, and says when a day has nothing', async () => {
    const page = await signedInPage(browser, server, 'FINANCE');
    await openPage(page);
    await show(page, DAY, beta.name);
    await expect.poll(() => entryNames(page)).toEqual([`Billing validation – ${beta.name}`, `Archive enquiries – ${beta.name}`, `Contract and stock import – ${beta.name}`]);
    await expect.poll(() => counts(page)).toEqual(['Success0 true', 'Failed1 true', 'Warning1 true', 'Pending1 true']);
    // The day before has no entry of any company.
    const empty = new Date(Date.parse(`${DAY}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await show(page, empty);
    await page.getByText(PROCESS_LOG_MESSAGES.noResults).waitFor();
    // No later day than today can be picked, nor typed.
    await typeDay(page, 'Date', '2099-12-05');
    await page.getByRole('button', { name: 'Choose Date' }).click();
    const calendar = page.getByRole('dialog', { name: 'Date' });
    expect(await calendar.getByRole('gridcell', { name: '5', exact: true }).isDisabled()).toBe(true);
    expect(await calendar.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'SHOW', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: PROCESS_LOG_MESSAGES.futureDate }).waitFor();
  });

  it('shows the daily invoice exports of three days per company, with the seeded gap in the numbering', async () => {
    // The seeded gap: the one company whose files of the seed's last three days do not run on.
    const days = invoiceWindow(TODAY.toISOString().slice(0, 10));
    const rows = await query<{ lease: string; name: string; day: string; file: string | null }>(
      server,
      `SELECT l.id AS lease, l.name, p.run_day::text AS day, CASE WHEN p.is_success THEN p.file_name END AS file
         FROM process_logs p JOIN lease_companies l ON l.id = p.lease_company_id
        WHERE p.type = 'DAILY_INVOICE_EXPORT' AND p.run_day BETWEEN $1 AND $2`,
      [days[0], days[2]],
    );
    const byCompany = new Map<string, { name: string; files: (string | null)[] }>();
    for (const r of rows) {
      const c = byCompany.get(r.lease) ?? { name: r.name, files: [null, null, null] };
      c.files[days.indexOf(r.day)] = r.file;
      byCompany.set(r.lease, c);
    }
    const gaps = [...byCompany.values()].map((c) => ({ ...c, check: consecutiveCheck(c.files) })).filter((c) => c.check.days.some((d) => d.status === 'gap'));
    expect(gaps).toHaveLength(1);
    const [gap] = gaps;
    const missing = gap.check.days.find((d) => d.status === 'gap')!.missing!;

    const page = await signedInPage(browser, server, 'SUPPORT');
    await openPage(page);
    await show(page, days[2]);
    await page.getByRole('combobox', { name: /^View/ }).click();
    await page.getByRole('option', { name: 'Daily Invoice exports' }).click();
    await page.getByRole('heading', { level: 2, name: new RegExp(`^Daily invoice exports of ${formatLogDay(days[2])}`) }).waitFor();
    // Every company with the export on has its accordion; the counters belong to the other view.
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^${gap.name}`) }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Show entries by outcome' }).count()).toBe(0);
    await screenshot(page, 'process-logs-invoice-exports');

    await show(page, days[2], gap.name);
    const summary = page.getByRole('button', { name: new RegExp(`^${gap.name}`) });
    await expect.poll(() => summary.getAttribute('aria-expanded')).toBe('false');
    // Keyboard operable: Enter opens it.
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await summary.getAttribute('aria-expanded')).toBe('true');
    const table = page.getByRole('table', { name: `Daily invoice exports of ${gap.name}` });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['', ...days.map(formatLogDay)]);
    const text = missing.from === missing.to ? `Missing invoice number ${missing.from}` : `Missing invoice numbers ${missing.from}–${missing.to}`;
    await table.getByRole('cell', { name: text }).waitFor();
    await summary.getByText(text).waitFor();
    for (const file of gap.files) if (file) await table.getByRole('cell', { name: file }).waitFor();
    expect(await table.getByRole('img', { name: 'Exported', exact: true }).count()).toBe(gap.files.filter(Boolean).length);
    await screenshot(page, 'process-logs-invoice-gap');
  });

  it('follows a running entry live, without a reload', async () => {
    const page = await signedInPage(browser, server, 'EDITOR');
    await openPage(page);
    await show(page, DAY, acme.name);
    // The day's heading names no company: the one company's entries are in once acme's is alone.
    await expect.poll(() => entryNames(page)).toEqual([`Archive enquiries – ${acme.name}`, `Contract and stock import – ${acme.name}`]);
    const running = page.getByRole('article', { name: `Archive enquiries – ${acme.name}` });
    await running.getByText('Archiving: 5 of 20 enquiries archived').waitFor();
    await running.getByRole('img', { name: 'Pending' }).waitFor();
    await expect.poll(() => counts(page)).toEqual(['Success1 true', 'Failed0 true', 'Warning0 true', 'Pending1 true']);
    // As the runner does: the entry changes and the topic is told, in one transaction.
    const db = server.handle.services.db;
    await db.transaction(async (tx) => {
      await tx.update(processLogs).set({ state: 'COMPLETED', isPending: false, isSuccess: true, message: 'Archived 20 enquiries', updatedAt: new Date() }).where(eq(processLogs.id, runningId));
      await notify(tx, topics.processLogs(), { op: 'update', id: runningId });
    });
    await running.getByText('Archived 20 enquiries').waitFor();
    await running.getByRole('img', { name: 'Success' }).waitFor();
    await expect.poll(() => counts(page)).toEqual(['Success2 true', 'Failed0 true', 'Warning0 true', 'Pending0 true']);
  });

  it("opens an entry's own page with its details, and goes back to the list", async () => {
    const page = await signedInPage(browser, server, 'VIEWER');
    await openPage(page);
    await show(page, DAY, acme.name);
    await page.getByRole('article', { name: `Contract and stock import – ${acme.name}` }).getByRole('link', { name: /^Details: Contract and stock import/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Contract and stock import', exact: true }).waitFor();
    const details = page.getByRole('table', { name: 'Details' });
    expect(await details.getByRole('row', { name: /^totalRecordsCount/ }).textContent()).toBe('totalRecordsCount40');
    await screenshot(page, 'process-log-entry');
    await page.getByRole('link', { name: 'Back to Process Logs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Process Logs', exact: true }).waitFor();
  });
});
