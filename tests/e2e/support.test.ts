import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CONFIRM_PREFIX, ENQUIRY_MESSAGES, EXTERNAL_CODE_MESSAGES, NO_MODULE_ACCESS, SUPPORT_SECTIONS, VEHICLE_MESSAGES } from '../../domain/support';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

/**
 * The support dashboard (spec 3 §2.4): its sections and permission-greyed buttons, the Manage
 * Enquiry and Manage Vehicle tools, Show Categories and Manage External Codes, against the demo
 * network.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/support');
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
}

async function openTool(page: Page, label: string): Promise<Locator> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: label, exact: true });
  await drawer.waitFor();
  return drawer;
}

async function searchEnquiry(drawer: Locator, number: string): Promise<void> {
  await drawer.getByRole('textbox', { name: /^Enquiry number/ }).fill(number);
  await drawer.getByRole('button', { name: 'SEARCH' }).click();
}

/** Searches an enquiry that exists and waits for its card: a button pressed sooner may be the last result's. */
async function enquiryCard(drawer: Locator, number: string): Promise<Locator> {
  await searchEnquiry(drawer, number);
  const card = drawer.getByRole('article', { name: `Enquiry ${number}` });
  await card.waitFor();
  return card;
}

/** A live enquiry of the demo network in `status`, with a supplier, not yet used by another test. */
async function liveEnquiry(status: string, extra = ''): Promise<{ id: string; enquiry_number: string; vrm: string }> {
  const [row] = await query<{ id: string; enquiry_number: string; vrm: string }>(
    server,
    `SELECT id, enquiry_number, vrm FROM enquiries WHERE status = $1 AND supplier_id IS NOT NULL AND invoiced_at IS NULL ${extra} ORDER BY enquiry_number LIMIT 1`,
    [status],
  );
  return row;
}

describe('the support dashboard', () => {
  it('shows the eight sections in order; a user without support permissions sees every button greyed with its tooltip', async () => {
    const page = await signedInPage(browser, server, 'SUPPORT');
    await openDashboard(page);
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(SUPPORT_SECTIONS.map((s) => s.title));
    await expect.poll(() => page.getByRole('button', { name: 'Enquiry Search', exact: true }).isEnabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Update Vehicle Registration', exact: true }).isEnabled()).toBe(true);
    await screenshot(page, 'support-dashboard');

    // The area's route has no guard (spec 3 §2.4): a viewer reaches it, with every tool greyed.
    const viewer = await signedInPage(browser, server, 'VIEWER');
    await openDashboard(viewer);
    const cancel = viewer.getByRole('button', { name: 'Cancel an Enquiry', exact: true });
    expect(await cancel.isDisabled()).toBe(true);
    await cancel.locator('xpath=..').hover();
    await viewer.getByRole('tooltip', { name: NO_MODULE_ACCESS }).waitFor();
    // No drawer is rendered for a tool the user may not use.
    expect(await viewer.getByRole('dialog').count()).toBe(0);
  });

  it('Enquiry Search: a missing number, an unknown one, then the found enquiry with its ids and copy buttons', async () => {
    const page = await signedInPage(browser, server, 'SUPPORT');
    await openDashboard(page);
    const drawer = await openTool(page, 'Enquiry Search');
    await drawer.getByRole('button', { name: 'SEARCH' }).click();
    await drawer.getByText(ENQUIRY_MESSAGES.numberRequired).waitFor();
    await searchEnquiry(drawer, 'E00000000');
    await drawer.getByRole('alert').filter({ hasText: ENQUIRY_MESSAGES.notFound }).waitFor();

    const [archived] = await query<{ enquiry_number: string }>(server, `SELECT enquiry_number FROM archived_enquiries ORDER BY enquiry_number LIMIT 1`);
    await searchEnquiry(drawer, archived.enquiry_number.toLowerCase());
    const card = drawer.getByRole('article', { name: `Enquiry ${archived.enquiry_number}` });
    await card.waitFor();
    await card.getByText('Archived', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Copy Enquiry Id' }).waitFor();
    expect(await card.getByText('Rate Card').count()).toBe(1);
    await screenshot(page, 'support-enquiry-search');
  });

  it('Cancel an Enquiry: the reason is required, the confirmation names the enquiry, and the supplier is sent the message', async () => {
    const enquiry = await liveEnquiry('BID_ACCEPTED');
    const page = await signedInPage(browser, server, 'SUPPORT');
    await openDashboard(page);
    const drawer = await openTool(page, 'Cancel an Enquiry');
    await searchEnquiry(drawer, enquiry.enquiry_number);
    const card = drawer.getByRole('article', { name: `Enquiry ${enquiry.enquiry_number}` });
    await card.getByRole('button', { name: 'Cancel Enquiry' }).click();
    await card.getByText(ENQUIRY_MESSAGES.reasonRequired).waitFor();
    await card.getByRole('textbox', { name: /^Reason/ }).fill('Driver booked elsewhere');
    await card.getByRole('button', { name: 'Cancel Enquiry' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Enquiry' });
    await confirm.getByText(`${CONFIRM_PREFIX} you want to cancel enquiry ${enquiry.enquiry_number}?`).waitFor();
    await screenshot(page, 'support-cancel-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(ENQUIRY_MESSAGES.cancelled).waitFor();
    const [row] = await query<{ status: string; cancel_reason: string }>(server, 'SELECT status, cancel_reason FROM enquiries WHERE id = $1', [enquiry.id]);
    expect(row).toEqual({ status: 'CANCELLED', cancel_reason: 'Driver booked elsewhere' });
    const messages = await query<{ message_to: string }>(server, `SELECT message_to FROM enquiry_messages WHERE enquiry_id = $1 AND message LIKE '%Driver booked elsewhere'`, [enquiry.id]);
    expect(messages).toEqual([{ message_to: 'SUPPLIER' }]);
    // The cancel search leaves cancelled enquiries out.
    await searchEnquiry(drawer, enquiry.enquiry_number);
    await drawer.getByRole('alert').filter({ hasText: ENQUIRY_MESSAGES.notFound }).waitFor();
  });

  it('Revert Enquiry Completion: a completed enquiry returns to its status before completion; an invoiced one is refused', async () => {
    const completed = await liveEnquiry('COMPLETED');
    const page = await signedInPage(browser, server, 'SUPPORT');
    await openDashboard(page);
    const drawer = await openTool(page, 'Revert Enquiry Completion');
    await (await enquiryCard(drawer, completed.enquiry_number)).getByRole('button', { name: 'Revert Completion' }).click();
    await page.getByText(ENQUIRY_MESSAGES.reverted).waitFor();
    const [row] = await query<{ status: string }>(server, 'SELECT status FROM enquiries WHERE id = $1', [completed.id]);
    expect(['CHECK_IN_COMPLETE', 'CHECKED_IN_BY_DRIVER']).toContain(row.status);

    const [invoiced] = await query<{ enquiry_number: string }>(server, `SELECT enquiry_number FROM enquiries WHERE status = 'INVOICED' ORDER BY enquiry_number LIMIT 1`);
    await (await enquiryCard(drawer, invoiced.enquiry_number)).getByRole('button', { name: 'Revert Completion' }).click();
    await drawer.getByRole('alert').filter({ hasText: ENQUIRY_MESSAGES.invoicedNotRevertible }).waitFor();
  });

  it('Delete and Unarchive: each confirms first; the deleted enquiry is gone, the unarchived one is live again', async () => {
    const doomed = await liveEnquiry('NEW');
    const page = await signedInPage(browser, server, 'SUPPORT');
    await openDashboard(page);
    const del = await openTool(page, 'Delete Enquiry');
    await searchEnquiry(del, doomed.enquiry_number);
    await del.getByRole('button', { name: 'Delete Enquiry' }).click();
    await page.getByRole('dialog', { name: 'Delete Enquiry' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText(ENQUIRY_MESSAGES.deleted).waitFor();
    expect(await query(server, 'SELECT 1 FROM enquiries WHERE id = $1', [doomed.id])).toEqual([]);
    await del.getByRole('button', { name: 'Close' }).click();

    const [archived] = await query<{ id: string; enquiry_number: string }>(server, `SELECT id, enquiry_number FROM archived_enquiries ORDER BY enquiry_number DESC LIMIT 1`);
    const unarchive = await openTool(page, 'Unarchive Enquiry');
    await searchEnquiry(unarchive, archived.enquiry_number);
    await unarchive.getByRole('button', { name: 'Unarchive Enquiry' }).click();
    await page.getByRole('dialog', { name: 'Unarchive Enquiry' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText(ENQUIRY_MESSAGES.unarchived).waitFor();
    expect(await query(server, 'SELECT 1 AS live FROM enquiries WHERE id = $1', [archived.id])).toEqual([{ live: 1 }]);
  });

  it('Regenerate Invoice: refused before invoicing; for an invoiced enquiry the invoice view shows who generated the new PDF', async () => {
    const page = await signedInPage(browser, server, 'SUPPORT');
    await openDashboard(page);
    const drawer = await openTool(page, 'Regenerate Invoice');
    const notYet = await liveEnquiry('BID_ACCEPTED', `AND id NOT IN (SELECT enquiry_id FROM enquiry_messages WHERE message LIKE '%Driver booked elsewhere')`);
    await searchEnquiry(drawer, notYet.enquiry_number);
    await drawer.getByRole('button', { name: 'Regenerate Invoice' }).click();
    await drawer.getByRole('alert').filter({ hasText: ENQUIRY_MESSAGES.notInvoiced }).waitFor();

    const [invoiced] = await query<{ enquiry_number: string; invoice_number: string }>(
      server,
      `SELECT e.enquiry_number, i.invoice_number FROM enquiries e JOIN invoices i ON i.enquiry_id = e.id AND i.type = 'Invoice' WHERE e.status = 'INVOICED' ORDER BY e.enquiry_number DESC LIMIT 1`,
    );
    await searchEnquiry(drawer, invoiced.enquiry_number);
    await drawer.getByText(invoiced.invoice_number).waitFor();
    await drawer.getByRole('button', { name: 'Regenerate Invoice' }).click();
    await page.getByText(ENQUIRY_MESSAGES.regenerated).waitFor();
    await drawer.getByRole('button', { name: 'View Invoice' }).waitFor();
    const [row] = await query<{ generated: string }>(server, `SELECT generated_by->>'firstname' AS generated FROM invoices WHERE invoice_number = $1`, [invoiced.invoice_number]);
    await drawer.getByText(new RegExp(row.generated)).first().waitFor();
    await screenshot(page, 'support-regenerate-invoice');
  });

  it('the vehicle tools: Update Vehicle Registration refuses an invalid plate and saves a valid one; Activate Terminated Vehicle activates a terminated one; the registration is typed without spaces, in capitals, at most 10 long; each tool only where it works', async () => {
    const page = await signedInPage(browser, server, 'SUPPORT');
    // Update Vehicle Registration: an invalid plate is refused under the field, a valid one is saved.
    {
      const [vehicle] = await query<{ vrm: string; id: string }>(
        server,
        `SELECT v.vrm, v.id FROM vehicles v WHERE v.contract_status = 'active' AND (SELECT count(*) FROM vehicles w WHERE w.vrm = v.vrm) = 1 ORDER BY v.vrm LIMIT 1`,
      );
      await openDashboard(page);
      const drawer = await openTool(page, 'Update Vehicle Registration');
      await drawer.getByRole('textbox', { name: /^Vehicle Registration/ }).fill(vehicle.vrm.toLowerCase().replace(/^(..)/, '$1 '));
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      const card = drawer.getByRole('article', { name: `Vehicle ${vehicle.vrm}` });
      await card.waitFor();
      await screenshot(page, 'support-vehicle-registration');
      await card.getByRole('textbox', { name: /^New Registration/ }).fill('NOT A PLATE');
      await card.getByRole('button', { name: 'Update Registration' }).click();
      await card.getByText(VEHICLE_MESSAGES.newNotValid).waitFor();
      await card.getByRole('textbox', { name: /^New Registration/ }).fill('YA25 XKV');
      await card.getByRole('button', { name: 'Update Registration' }).click();
      await page.getByText(VEHICLE_MESSAGES.registrationUpdated).waitFor();
      await drawer.getByRole('article', { name: 'Vehicle YA25XKV' }).waitFor();
      expect(await query(server, 'SELECT vrm FROM vehicles WHERE id = $1', [vehicle.id])).toEqual([{ vrm: 'YA25XKV' }]);
    }

    // Activate Terminated Vehicle: a terminated vehicle becomes active; an active one is refused.
    {
      const [terminated] = await query<{ vrm: string; id: string }>(
        server,
        `SELECT v.vrm, v.id FROM vehicles v WHERE v.contract_status = 'terminated' AND (SELECT count(*) FROM vehicles w WHERE w.vrm = v.vrm) = 1 ORDER BY v.vrm LIMIT 1`,
      );
      await openDashboard(page);
      const drawer = await openTool(page, 'Activate Terminated Vehicle');
      await drawer.getByRole('textbox', { name: /^Vehicle Registration/ }).fill(terminated.vrm);
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.getByRole('button', { name: 'Activate Vehicle' }).click();
      await page.getByText(VEHICLE_MESSAGES.activated).waitFor();
      expect(await query(server, 'SELECT contract_status FROM vehicles WHERE id = $1', [terminated.id])).toEqual([{ contract_status: 'active' }]);
      // Searched again, it is active now: activation is no longer offered, and the card says why.
      await drawer.getByRole('status').filter({ hasText: VEHICLE_MESSAGES.alreadyActive }).waitFor();
      expect(await drawer.getByRole('button', { name: 'Activate Vehicle' }).count()).toBe(0);
    }

    // The registration is typed without spaces, in capitals, at most 10 long; each tool only where it works.
    {
      const [active] = await query<{ vrm: string }>(server, `SELECT v.vrm FROM vehicles v WHERE v.contract_status = 'active' AND (SELECT count(*) FROM vehicles w WHERE w.vrm = v.vrm) = 1 ORDER BY v.vrm LIMIT 1`);
      const [terminated] = await query<{ vrm: string }>(server, `SELECT v.vrm FROM vehicles v WHERE v.contract_status = 'terminated' AND (SELECT count(*) FROM vehicles w WHERE w.vrm = v.vrm) = 1 ORDER BY v.vrm DESC LIMIT 1`);
      await openDashboard(page);
      let drawer = await openTool(page, 'Activate Terminated Vehicle');
      const field = drawer.getByRole('textbox', { name: /^Vehicle Registration/ });
      await field.pressSequentially('ab12 cde fgh ijk');
      expect(await field.inputValue()).toBe('AB12CDEFGH');
      // An active vehicle: no Activate Vehicle, the reason instead.
      await field.fill(active.vrm.toLowerCase().replace(/^(..)/, '$1 '));
      expect(await field.inputValue()).toBe(active.vrm);
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.getByRole('article', { name: `Vehicle ${active.vrm}` }).waitFor();
      await drawer.getByRole('status').filter({ hasText: VEHICLE_MESSAGES.alreadyActive }).waitFor();
      expect(await drawer.getByRole('button', { name: 'Activate Vehicle' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      // A terminated vehicle: no registration form, the reason instead.
      drawer = await openTool(page, 'Update Vehicle Registration');
      await drawer.getByRole('textbox', { name: /^Vehicle Registration/ }).fill(terminated.vrm);
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.getByRole('article', { name: `Vehicle ${terminated.vrm}` }).waitFor();
      await drawer.getByRole('status').filter({ hasText: VEHICLE_MESSAGES.terminated }).waitFor();
      expect(await drawer.getByRole('textbox', { name: /^New Registration/ }).count()).toBe(0);
      await screenshot(page, 'support-vehicle-terminated');
    }
  });

  it("Show Categories lists the accounting categories by name; Manage External Codes refuses a too short search, and checks and saves a found job code's external code", async () => {
    const page = await signedInPage(browser, server, 'SUPPORT');
    // Show Categories: the accounting categories in a table of Name and Id, by name.
    {
      const categories = await query<{ id: string; name: string }>(server, 'SELECT id, name FROM accounting_categories ORDER BY name, id');
      expect(categories.length).toBeGreaterThan(0);
      await openDashboard(page);
      const drawer = await openTool(page, 'Show Categories');
      const table = drawer.getByRole('table', { name: 'Show Categories' });
      await table.waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Id']);
      const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((td) => td.textContent)));
      expect(rows).toEqual(categories.map((c) => [c.name, c.id]));
      await screenshot(page, 'support-show-categories');
    }

    // Manage External Codes: a too short search is refused; a found job code's external code is checked and saved.
    {
      const [mapping] = await query<{ job_code: string; external_code: string; version: number }>(server, 'SELECT job_code, external_code, version FROM job_code_mappings ORDER BY job_code LIMIT 1');
      await openDashboard(page);
      const drawer = await openTool(page, 'Manage External Codes');
      const search = drawer.getByRole('textbox', { name: /^ViSN\/HP Code/ });
      await search.fill(mapping.job_code.slice(0, 2));
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.getByText(EXTERNAL_CODE_MESSAGES.searchTooShort).waitFor();
      await search.fill('ZZZ999');
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.getByRole('alert').filter({ hasText: EXTERNAL_CODE_MESSAGES.notFound }).waitFor();

      await search.fill(mapping.job_code.toLowerCase());
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      const jobCode = drawer.getByRole('textbox', { name: /^Job Code/ });
      await jobCode.waitFor();
      expect(await jobCode.inputValue()).toBe(mapping.job_code);
      expect(await jobCode.getAttribute('readonly')).not.toBeNull();
      const external = drawer.getByRole('textbox', { name: /^External Code/ });
      expect(await external.inputValue()).toBe(mapping.external_code);
      await external.fill('NOT VALID');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await drawer.getByText(EXTERNAL_CODE_MESSAGES.externalCodeNotValid).waitFor();
      await screenshot(page, 'support-external-codes');
      await external.fill('SMR-EXT.1');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await page.getByText(EXTERNAL_CODE_MESSAGES.saved).waitFor();
      expect(await query(server, 'SELECT external_code, version FROM job_code_mappings WHERE job_code = $1', [mapping.job_code])).toEqual([
        { external_code: 'SMR-EXT.1', version: mapping.version + 1 },
      ]);
    }
  });


});
