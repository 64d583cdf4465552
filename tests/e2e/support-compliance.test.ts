import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CONFIRM_PREFIX, DRIVER_MESSAGES, GROUP_LINK_MESSAGES } from '../../domain/support';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

/**
 * The support dashboard's Compliance tools (Restore Employment, Resend Driver Web Mandate) and
 * Unlink Group (spec 3 §2.4), against the demo network.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

async function openTool(page: Page, label: string): Promise<Locator> {
  await page.goto('/support');
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  await page.getByRole('button', { name: label, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: label, exact: true });
  await drawer.waitFor();
  return drawer;
}

async function findDriver(drawer: Locator, email: string, found = true): Promise<void> {
  await drawer.getByRole('textbox', { name: /^Driver Email Id/ }).fill(email);
  await drawer.getByRole('button', { name: 'SEARCH' }).click();
  // The card of this driver, not the one found before: a button pressed earlier acts on that one.
  if (found) await drawer.getByRole('article').filter({ hasText: email }).waitFor();
}

/** A demo driver whose e-mail is theirs alone, matching `where`. */
async function driver(where: string): Promise<{ id: string; email: string }> {
  const [row] = await query<{ id: string; email: string }>(
    server,
    `SELECT d.id, d.email FROM drivers d WHERE ${where} AND (SELECT count(*) FROM drivers o WHERE lower(o.email) = lower(d.email)) = 1 ORDER BY d.email LIMIT 1`,
  );
  return row;
}

describe('the Compliance tools', () => {
  it("Restore Employment: an invalid e-mail is refused; a leaver's end date is removed", async () => {
    const leaver = await driver('d.end_date IS NOT NULL');
    const page = await signedInPage(browser, server, 'SUPPORT');
    const drawer = await openTool(page, 'Restore Employment');
    await findDriver(drawer, 'not-an-email', false);
    await drawer.getByText(DRIVER_MESSAGES.emailNotValid).waitFor();
    await findDriver(drawer, leaver.email.toUpperCase());
    const card = drawer.getByRole('article').first();
    await card.getByRole('button', { name: 'Restore Employment' }).waitFor();
    await screenshot(page, 'support-restore-employment');
    await card.getByRole('button', { name: 'Restore Employment' }).click();
    await page.getByText(DRIVER_MESSAGES.restored).waitFor();
    // Searched again: no end date, so nothing to restore.
    await drawer.getByText('The driver has no employment end date.').waitFor();
    expect(await query(server, 'SELECT end_date FROM drivers WHERE id = $1', [leaver.id])).toEqual([{ end_date: null }]);
  });

  it('Resend Driver Web Mandate: a completed mandate is refused with its message; an eligible driver is sent the link', async () => {
    const completed = await driver(`d.mandate_sign_date IS NOT NULL`);
    const eligible = await driver(`d.mandate_sign_date IS NULL AND d.end_date IS NULL AND NOT d.manual_mandate AND d.enable_license_check AND NOT d.disqualification`);
    const page = await signedInPage(browser, server, 'SUPPORT');
    const drawer = await openTool(page, 'Resend Driver Web Mandate');
    await findDriver(drawer, completed.email);
    await drawer.getByRole('button', { name: 'Resend Mandate' }).click();
    await drawer.getByRole('alert').filter({ hasText: DRIVER_MESSAGES.mandateCompleted }).waitFor();
    await findDriver(drawer, eligible.email);
    await drawer.getByRole('button', { name: 'Resend Mandate' }).click();
    await page.getByText(DRIVER_MESSAGES.mandateResent).waitFor();
    const mails = await query<{ kind: string }>(server, `SELECT kind FROM mail_outbox WHERE "to" = $1`, [eligible.email]);
    expect(mails).toEqual([{ kind: 'driverMandate' }]);
  });
});

describe('Unlink Group', () => {
  it("picks the lease company, finds its link by the group's name (an unknown name is refused), and unlinks it after the confirmation", async () => {
    // An active company whose name is its own, and one of its active links by a group name no other link of it shares.
    const [company] = await query<{ name: string; link: string; group: string }>(
      server,
      `SELECT c.name, l.id::text AS link, l.service_group_name AS group FROM lease_companies c
         JOIN lease_group_links l ON l.lease_company_id = c.id AND l.status = 'ACTIVE'
        WHERE c.status = 'ACTIVE' AND (SELECT count(*) FROM lease_companies o WHERE o.name = c.name) = 1
          AND (SELECT count(*) FROM lease_group_links m WHERE m.lease_company_id = c.id AND m.status = 'ACTIVE' AND lower(m.service_group_name) LIKE '%' || lower(l.service_group_name) || '%') = 1
        ORDER BY c.name, l.service_group_name LIMIT 1`,
    );
    const page = await signedInPage(browser, server, 'SUPPORT');
    const drawer = await openTool(page, 'Unlink Group');
    await drawer.getByRole('combobox', { name: /^Lease Company Name/ }).fill(company.name);
    await page.getByRole('option', { name: company.name, exact: true }).click();
    await drawer.getByRole('textbox', { name: /^Group Name/ }).fill('No Such Group Anywhere');
    await drawer.getByRole('button', { name: 'SEARCH' }).click();
    await drawer.getByRole('alert').filter({ hasText: GROUP_LINK_MESSAGES.noGroup }).waitFor();
    await drawer.getByRole('textbox', { name: /^Group Name/ }).fill(company.group);
    await drawer.getByRole('button', { name: 'SEARCH' }).click();
    const card = drawer.getByRole('article');
    await card.getByText(company.link).waitFor();
    await screenshot(page, 'support-unlink-group');
    await card.getByRole('button', { name: 'Unlink Group' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink Group' }).last();
    await confirm.getByText(new RegExp(`^${CONFIRM_PREFIX}`)).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(GROUP_LINK_MESSAGES.unlinked).waitFor();
    // The card goes; nothing says 'No Group found' about the link just unlinked.
    await card.waitFor({ state: 'detached' });
    expect(await drawer.getByRole('alert').count()).toBe(0);
    expect(await query(server, 'SELECT status FROM lease_group_links WHERE id = $1', [company.link])).toEqual([{ status: 'TERMINATED' }]);
  });
});
