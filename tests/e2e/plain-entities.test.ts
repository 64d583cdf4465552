import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { navigate, onSetup, pathOf, screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { openDetails, query, signedInPage, withSeededServer } from '../support/customers';
import { typeDay } from '../support/formInputs';
import { JOB_MESSAGES } from '../../domain/backgroundJobs';

/**
 * The three plain entities beyond the spec, built from react-admin's own List, DataTable, Show and
 * filters: each lists, filters, sorts and pages on the server and shows a record; a failed job runs
 * again with Retry.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer(
  (s, b) => {
    server = s;
    browser = b;
  },
  { keepPages: true },
);

/**
 * One page signed in as SUPER_ADMIN for the file: each test goes on from where the last left it,
 * through the sidebar, as a user moves between lists (a load each cost most of a test).
 */
let shared: Promise<Page> | undefined;
const superAdmin = (): Promise<Page> => (shared ??= signedInPage(browser, server));

let customer: { id: string; name: string };
let failedJobId: string;

beforeAll(async () => {
  [customer] = await query<{ id: string; name: string }>(server, "SELECT id, name FROM lease_companies WHERE status = 'ACTIVE' ORDER BY name LIMIT 1");
  const [admin] = await query<{ id: string }>(server, "SELECT id FROM administrators WHERE email = 'editor@fleet-network.example'");
  // 30 changes: every third to the customer, by the editor; the others to users and documents, by nobody (jobs).
  for (let i = 0; i < 30; i++) {
    const mine = i % 3 === 0;
    await query(
      server,
      'INSERT INTO audit_log (at, admin_id, slug, record_type, record_id, before, after) VALUES ($1::timestamptz, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
      [
        new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 10), 9, i)).toISOString(),
        mine ? admin.id : null,
        mine ? 'admin/saveLeaseCompanyDetails' : 'admin/addDocument',
        mine ? 'leaseCompany' : 'document',
        mine ? customer.id : crypto.randomUUID(),
        JSON.stringify(mine ? { name: customer.name, contactName: `Contact ${i}` } : null),
        JSON.stringify(mine ? { name: customer.name, contactName: `Contact ${i + 1}` } : { label: `Signed agreement ${i}` }),
      ],
    );
  }
  for (let i = 0; i < 30; i++) {
    await query(server, "INSERT INTO mail_outbox (created_at, \"to\", subject, text, kind, status, error) VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7)", [
      new Date(Date.UTC(2026, 2, 1, 8, i)).toISOString(),
      `fleet.manager${String(i).padStart(2, '0')}@lease.example`,
      i % 2 ? `Network export ${i}` : `You are invited to the Fleet Network (${i})`,
      `Dear fleet manager ${i},\nYour file is attached.`,
      i % 2 ? 'networkExport' : 'invite',
      i % 10 === 0 ? 'failed' : 'outbox',
      i % 10 === 0 ? 'Connection refused' : null,
    ]);
  }
  for (let i = 0; i < 30; i++) {
    await query(
      server,
      "INSERT INTO pgboss.job (id, name, data, state, retry_limit, retry_count, created_on, started_on, completed_on) VALUES ($1, $2, '{}'::jsonb, 'completed', 3, 0, $3::timestamptz, $3::timestamptz, $3::timestamptz + interval '1 second')",
      [crypto.randomUUID(), i % 2 ? 'network-export' : 'network-import-validate', new Date(Date.UTC(2026, 2, 1, 7, i)).toISOString()],
    );
  }
  // A mail job that failed (its SMTP server was down); its export no longer needs mailing, so a retry completes.
  failedJobId = crypto.randomUUID();
  await query(
    server,
    "INSERT INTO pgboss.job (id, name, data, state, retry_limit, retry_count, created_on, started_on, completed_on, output) VALUES ($1, 'network-export-mail', $2::jsonb, 'failed', 0, 0, now(), now(), now(), $3::jsonb)",
    [failedJobId, JSON.stringify({ exportId: crypto.randomUUID(), adminId: crypto.randomUUID() }), JSON.stringify({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:587' })],
  );
});

/** The list's table: the last on the page (Background Jobs shows its scheduled jobs' table above it). */
const table = (page: Page) => page.getByRole('table').last();
const bodyRows = (page: Page) => table(page).locator('tbody tr');

/** Through the sidebar: from Customer Onboarding, where signing in lands, when `page` is still blank. */
async function openFromSidebar(page: Page, label: string) {
  if (!page.url().startsWith('http')) await onSetup(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
  await table(page).waitFor();
}

/** The text of one column (by header name) in every row shown. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = (await table(page).locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return (await bodyRows(page).locator(`td:nth-child(${index + 1})`).allInnerTexts()).map((t) => t.trim());
}

/** Waits until the list shows `count` rows that all satisfy `each` (the server has answered the new query). */
async function waitForRows(page: Page, header: string, each: (text: string) => boolean, count?: number) {
  await expect
    .poll(
      async () => {
        const texts = await column(page, header).catch(() => []);
        return texts.length > 0 && (count === undefined || texts.length === count) && texts.every(each);
      },
      { timeout: 15_000, message: `the ${header} column of ${count ?? 'the'} rows` },
    )
    .toBe(true);
}

/** Picks `option` of a select filter (react-admin applies a filter change after a short debounce). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('audit log', () => {
  it('lists, filters, sorts, pages and shows a change field by field', async () => {
    const page = await superAdmin();
    await openFromSidebar(page, 'Audit Log');
    // Newest first, 25 a page, the rest on page 2.
    expect(await bodyRows(page).count()).toBe(25);
    expect((await column(page, 'Time'))[0]).toBe('03/03/2026, 09:29:00');
    await page.getByText('1-25 of 30').waitFor();
    await screenshot(page, 'audit-log-list');
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await waitForRows(page, 'Time', (t) => t.startsWith('01/03/2026'), 5);

    // Filter by entity: only the customer's changes, by the editor.
    await choose(page, 'Entity', 'Customer');
    await waitForRows(page, 'Entity', (t) => t === 'Customer', 10);
    expect(new Set(await column(page, 'Admin'))).toEqual(new Set(['Erin Editor']));

    // Sort by time, oldest first.
    await table(page).getByRole('button', { name: 'Time' }).click();
    await expect.poll(async () => (await column(page, 'Time'))[0]).toBe('01/03/2026, 09:00:00');

    // Show the oldest: what changed, field by field.
    await bodyRows(page).first().getByRole('link', { name: 'Show' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit entry', exact: true }).waitFor();
    const changes = page.getByRole('table');
    await changes.getByRole('cell', { name: 'contactName', exact: true }).waitFor();
    expect(await changes.locator('tbody tr').first().innerText()).toMatch(/contactName\s+Contact 0\s+Contact 1/);
    expect(await changes.getByRole('cell', { name: 'name', exact: true }).count()).toBe(0);
    await page.getByText('Erin Editor').waitFor();
    await screenshot(page, 'audit-log-show');

    // Back to the list as it was; then by day, and by admin.
    await page.getByRole('link', { name: 'Back to Audit Log' }).click();
    await waitForRows(page, 'Entity', (t) => t === 'Customer', 10);
    await typeDay(page, 'From', '2026-03-02');
    await typeDay(page, 'To', '2026-03-02');
    await waitForRows(page, 'Time', (t) => t.startsWith('02/03/2026'), 3);
    await page.getByRole('combobox', { name: 'Admin' }).fill('Sam');
    await page.getByRole('option', { name: 'Sam Super' }).click();
    // The super admin made none of them.
    await page.getByText(/found using the current filters/).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(25);
  });

  it("opens a customer's history from Customer Details", async () => {
    const page = await superAdmin();
    await openDetails(page, customer, { inApp: true });
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log', exact: true }).waitFor();
    await waitForRows(page, 'Record ID', (t) => t === customer.id, 10);
    expect(await page.getByLabel('Record ID').inputValue()).toBe(customer.id);
  });

  it('is not offered to an editor: no History link, no sidebar entry, access-denied by address', async () => {
    const page = await signedInPage(browser, server, 'EDITOR');
    await openDetails(page, customer);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('link', { name: 'History' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
    await navigate(page, '/audit-log');
    await expect.poll(() => pathOf(page)).toBe('/access-denied');
  });
});

describe('mail outbox', () => {
  it('lists every e-mail, filters by text and status, sorts, pages and shows the message', async () => {
    const page = await superAdmin();
    await openFromSidebar(page, 'Mail Outbox');
    // Newest first: the last passcode mailed by a sign-in on this server (sessions are shared
    // across the worker's files, so which admin signed in last depends on the files before).
    const [newest] = await query<{ to: string }>(server, 'SELECT "to" FROM mail_outbox ORDER BY created_at DESC LIMIT 1');
    expect((await column(page, 'Recipient'))[0]).toBe(newest.to);
    expect((await column(page, 'Kind'))[0]).toBe('Passcode');
    await screenshot(page, 'mail-outbox-list');
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await waitForRows(page, 'Recipient', (t) => t.endsWith('@lease.example'));

    await choose(page, 'Status', 'failed');
    await waitForRows(page, 'Status', (t) => t === 'failed', 3);
    await page.getByLabel('Recipient or subject').fill('manager2');
    await waitForRows(page, 'Recipient', (t) => t === 'fleet.manager20@lease.example', 1);
    await page.getByLabel('Recipient or subject').fill('');
    await waitForRows(page, 'Status', (t) => t === 'failed', 3);

    await table(page).getByRole('button', { name: 'Recipient' }).click();
    await expect.poll(() => column(page, 'Recipient')).toEqual(['fleet.manager00@lease.example', 'fleet.manager10@lease.example', 'fleet.manager20@lease.example']);

    await bodyRows(page).nth(1).getByRole('link', { name: 'Show' }).click();
    await page.getByRole('heading', { level: 1, name: 'E-mail', exact: true }).waitFor();
    await page.getByText('Dear fleet manager 10,').waitFor();
    await page.getByText('Connection refused').waitFor();
    await screenshot(page, 'mail-outbox-show');
  });
});

describe('background jobs', () => {
  it('lists jobs by queue and state, sorts, pages, and runs a failed one again with Retry', async () => {
    const page = await superAdmin();
    await openFromSidebar(page, 'Background Jobs');
    await screenshot(page, 'background-jobs-list');
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect.poll(async () => (await bodyRows(page).count()) > 0 && (await page.getByText(/^26-/).count()) > 0).toBe(true);

    await choose(page, 'Queue', 'network-export');
    await waitForRows(page, 'Queue', (t) => t === 'network-export', 15);
    await table(page).getByRole('button', { name: 'Created' }).click();
    await expect.poll(async () => (await column(page, 'Created'))[0]).toBe('01/03/2026, 07:01:00');

    await choose(page, 'Queue', 'network-export-mail');
    await choose(page, 'State', 'failed');
    // Both filters in the address: the list no longer moves under the next click.
    await page.waitForURL((url) => {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, string>;
      return filter.queue === 'network-export-mail' && filter.state === 'failed';
    });
    await waitForRows(page, 'Error', (t) => t === 'connect ECONNREFUSED 127.0.0.1:587', 1);
    await bodyRows(page).first().getByRole('link', { name: 'Show' }).click();
    await page.waitForURL(`**/background-jobs/${failedJobId}/show`);
    await page.getByRole('heading', { level: 1, name: 'Background job', exact: true }).waitFor();
    await page.getByText('connect ECONNREFUSED 127.0.0.1:587').first().waitFor();
    await screenshot(page, 'background-job-failed');

    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('The job will run again.').waitFor();
    // The page follows the job until it finishes: this time it completes, and Retry is gone.
    await page.getByText('completed', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const [row] = await query<{ state: string; retry_limit: number }>(server, 'SELECT state::text, retry_limit FROM pgboss.job WHERE id = $1', [failedJobId]);
    expect(row).toEqual({ state: 'completed', retry_limit: 1 });
    await screenshot(page, 'background-job-retried');
  });

  it('pauses a nightly job and resumes it from the scheduled jobs', async () => {
    const page = await superAdmin();
    await openFromSidebar(page, 'Background Jobs');
    const jobs = page.getByRole('table', { name: 'Scheduled jobs', exact: true });
    const row = jobs.getByRole('row').filter({ hasText: 'Billing validation' });
    await row.getByText('every day at 05:30').waitFor();
    await row.getByRole('button', { name: 'Pause: Billing validation', exact: true }).click();
    await page.getByText(JOB_MESSAGES.paused('Billing validation')).waitFor();
    await row.getByText(/^Paused by /).waitFor();
    expect(await query(server, "SELECT queue FROM paused_jobs WHERE queue = 'billing-validation'")).toEqual([{ queue: 'billing-validation' }]);
    await screenshot(page, 'background-jobs-paused');
    await row.getByRole('button', { name: 'Resume: Billing validation', exact: true }).click();
    await page.getByText(JOB_MESSAGES.resumed('Billing validation')).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await query(server, "SELECT queue FROM paused_jobs WHERE queue = 'billing-validation'")).toEqual([]);
  });
});

describe('admins', () => {
  it('lists the admins with role and last sign-in, filters by role and shows one', async () => {
    const page = await superAdmin();
    await openFromSidebar(page, 'Admins');
    await waitForRows(page, 'E-mail', (t) => t.endsWith('@fleet-network.example'));
    // The super admin signed in just now: a time; a demo admin may never have.
    const me = bodyRows(page).filter({ hasText: 'super.admin@fleet-network.example' });
    expect(await me.locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['Sam Super', 'SUPER_ADMIN', expect.stringMatching(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/)]));
    await screenshot(page, 'admins-list');
    await choose(page, 'Role', 'FINANCE');
    await waitForRows(page, 'Role', (t) => t === 'FINANCE', 1);
    await bodyRows(page).first().getByRole('link', { name: 'Show the admin finance@fleet-network.example' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin', exact: true }).waitFor();
    await page.getByText('finance@fleet-network.example').waitFor();
    await page.getByText('Last sign-in').waitFor();
    // The other presets have no Admins entry and land on access-denied at /admins: resources.test.ts.
  });
});
