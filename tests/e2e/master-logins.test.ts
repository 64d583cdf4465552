import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MASTER_LOGIN_MESSAGES } from '../../domain/masterLogins';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

/**
 * Master Logins (spec 3 §2.3): the seeded master logins on both tabs and reassigning one through the
 * drawer. The drawer's required field and 'Quit Editing?' are component tests (tests/component/user-drawers).
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

interface Seeded {
  id: string;
  name: string;
  email: string;
  company: string;
  di: string;
}

/** The seeded master logins of a tab, by name, with their company as the database has it. */
function masters(kind: 'lease' | 'group'): Promise<Seeded[]> {
  return kind === 'lease'
    ? query<Seeded>(
        server,
        `SELECT u.id, u.firstname || ' ' || u.lastname AS name, u.email, c.name AS company, c.di_customer_id AS di
           FROM users u JOIN lease_companies c ON c.id = u.lease_company_id WHERE u.master_login AND u.kind = 'lease' ORDER BY u.lastname`,
      )
    : query<Seeded>(
        server,
        `SELECT u.id, u.firstname || ' ' || u.lastname AS name, u.email, g.name AS company, g.group_id AS di
           FROM users u JOIN supplier_groups g ON g.id = u.group_id WHERE u.master_login AND u.kind IN ('group', 'supplier') ORDER BY u.lastname`,
      );
}

async function openPage(page: Page): Promise<void> {
  await page.goto('/assign-user-login');
  await page.getByRole('heading', { level: 1, name: 'Master Logins', exact: true }).waitFor();
}

const table = (page: Page) => page.getByRole('tabpanel').getByRole('table');
const row = (page: Page, name: string) => table(page).getByRole('row', { name: new RegExp(`^${name} `) });
/** The body rows' cells, as text. */
const cells = (page: Page) => table(page).locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '')));

/** Types into the drawer's search field and waits for the answer of that search. */
async function search(drawer: Locator, label: RegExp, text: string): Promise<void> {
  await drawer.getByRole('combobox', { name: label }).fill(text);
  await drawer.page().getByText(/^(Found \d+ result\(s\)|No Match)$/).first().waitFor();
}

describe('Master Logins', () => {
  it("lists the master logins of both tabs, with the notice, or 'No users found.'; a viewer cannot change them", async () => {
    const page = await signedInPage(browser, server, 'VIEWER');
    await openPage(page);
    await page.getByText(MASTER_LOGIN_MESSAGES.notice).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Master login types' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['V-Customer', 'V-Supplier']);
    expect(await tabs.getByRole('tab', { name: 'V-Customer' }).getAttribute('aria-selected')).toBe('true');

    const lease = await masters('lease');
    expect(lease).toHaveLength(3);
    await table(page).waitFor();
    expect(await table(page).getByRole('columnheader').allTextContents()).toEqual(['Name', 'Email', 'Company', 'DI Customer Id', 'Action']);
    await expect.poll(() => cells(page)).toEqual(lease.map((u) => [u.name, u.email, u.company, u.di, 'Change']));
    // The button says whose login it changes; without the edit it is disabled.
    const change = row(page, lease[0].name).getByRole('button', { name: 'Change' });
    expect(await change.getAttribute('aria-describedby')).toBeTruthy();
    expect(await change.isDisabled()).toBe(true);
    await screenshot(page, 'master-logins-customers');

    await tabs.getByRole('tab', { name: 'V-Supplier' }).click();
    const groups = await masters('group');
    expect(groups).toHaveLength(3);
    await expect.poll(() => table(page).getByRole('columnheader').allTextContents()).toEqual(['Name', 'Email', 'Company', 'DI Group Id', 'Action']);
    await expect.poll(() => cells(page)).toEqual(groups.map((u) => [u.name, u.email, u.company, u.di, 'Change']));

    // A tab with none says so.
    await query(server, "UPDATE users SET master_login = false WHERE kind IN ('group', 'supplier')");
    await openPage(page);
    await tabs.getByRole('tab', { name: 'V-Supplier' }).click();
    await page.getByRole('tabpanel').getByText(MASTER_LOGIN_MESSAGES.noUsers, { exact: true }).waitFor();
  });

  it('reassigns a login to another lease company through the drawer, and the list shows it', async () => {
    const page = await signedInPage(browser, server, 'EDITOR');
    await openPage(page);
    const [user] = await masters('lease');
    const [target] = await query<{ id: string; name: string; di: string }>(
      server,
      `SELECT id, name, di_customer_id AS di FROM lease_companies WHERE status = 'ACTIVE' AND name <> $1 AND length(name) >= 3 ORDER BY name LIMIT 1`,
      [user.company],
    );
    const change = row(page, user.name).getByRole('button', { name: 'Change' });
    await change.click();
    const drawer = page.getByRole('dialog', { name: 'Reassign Login for' });
    await drawer.getByText(user.name, { exact: true }).waitFor();

    await search(drawer, /^Lease Company Name/, target.name);
    await page.getByRole('option', { name: target.name, exact: true }).click();
    await expect.poll(() => drawer.getByRole('combobox', { name: /^Lease Company Name/ }).inputValue()).toBe(target.name);
    await screenshot(page, 'master-logins-reassign-drawer');

    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MASTER_LOGIN_MESSAGES.saved(user.name)).waitFor();
    await drawer.waitFor({ state: 'detached' });
    // The list is read again: the row names its new company and DI Customer Id.
    await expect.poll(() => row(page, user.name).locator('td').allTextContents()).toEqual([user.email, target.name, target.di, 'Change']);
    const [saved] = await query<{ lease_company_id: string; version: number }>(server, 'SELECT lease_company_id, version FROM users WHERE id = $1', [user.id]);
    expect(saved).toEqual({ lease_company_id: target.id, version: 2 });
    const audit = await query(server, "SELECT 1 FROM audit_log WHERE record_id = $1 AND slug = 'admin/updateUserDetails'", [user.id]);
    expect(audit).toHaveLength(1);
  });
});
