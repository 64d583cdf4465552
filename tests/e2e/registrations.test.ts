import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { searchQuery } from '../../src/search/searchUrl';
import { filterOf } from '../support/searchRace';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

interface Registration {
  id: string;
  company_name: string;
}

/** A NEW registration with a UK postcode (the approval form's country follows the postcode). */
const newUkRegistration = (offset: number) =>
  query<Registration>(server, "SELECT id, company_name FROM e_registrations WHERE status = 'NEW' AND post_code !~ '^[A-Z][0-9][0-9W] ?' ORDER BY company_name LIMIT 1 OFFSET $1", [offset]);

describe('e-registration', () => {
  it('counts NEW and REJECTED, opens the search on a status, and shows a registration; a rejected one has no Review', async () => {
    const counts = Object.fromEntries((await query<{ status: string; n: string }>(server, 'SELECT status, count(*) AS n FROM e_registrations GROUP BY status')).map((r) => [r.status, Number(r.n)]));
    const page = await signedInPage(browser, server);
    await page.goto('/e-registration');
    await page.getByRole('heading', { level: 1, name: 'e-Registration' }).waitFor();
    await page.getByRole('region', { name: 'New Registrations' }).getByText(`New: ${counts.NEW ?? 0}`, { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Rejected Registrations' }).getByText(`Rejected: ${counts.REJECTED ?? 0}`, { exact: true }).waitFor();
    await screenshot(page, 'registrations-dashboard');
    await page.getByRole('region', { name: 'Rejected Registrations' }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Registrations' }).waitFor();
    expect(filterOf(page.url()).status).toEqual(['REJECTED']);
    await page.getByRole('status').filter({ hasText: `${counts.REJECTED} ${counts.REJECTED === 1 ? 'result' : 'results'} found` }).waitFor();
    const card = page.getByRole('article').first();
    await card.getByRole('list', { name: 'Services' }).waitFor();
    await screenshot(page, 'registrations-search');
    await card.getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registration Details' }).waitFor();
    await region(page, 'Company Details').getByText('Reason for rejection').waitFor();
    expect(await page.getByRole('button', { name: 'Review' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Supplier Registrations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Registrations' }).waitFor();
  });

  it('approves a registration into a live franchise supplier after the form says what is missing', async () => {
    const [r] = await newUkRegistration(0);
    const page = await signedInPage(browser, server);
    await page.goto(`/e-registration/supplier-search?${searchQuery({ q: r.company_name, status: ['NEW'] })}`);
    await page.getByRole('article', { name: r.company_name }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registration Details' }).waitFor();
    await screenshot(page, 'registrations-details');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add and Approve Supplier' }).waitFor();
    expect(await region(page, 'Company Details').getByLabel(/^Company name/).inputValue()).toBe(r.company_name);

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Supplier Id is required').waitFor();
    await page.getByText('Serving proximity is required').waitFor();
    await page.getByText('Selection of vehicle category is required').waitFor();
    await page.getByText('Selection of Independent or Franchise is required').waitFor();

    // Franchise and Independent exclude each other; a franchise names its makes.
    await page.getByLabel('Franchise', { exact: true }).check();
    expect(await page.getByLabel('Independent', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Manufacturer Name is required').waitFor();
    await screenshot(page, 'registrations-approve-messages');
    await page.getByRole('combobox', { name: /^Manufacturer Name/ }).fill('Ford');
    await page.getByRole('option', { name: 'Ford', exact: true }).click();
    await region(page, 'Company Details').getByLabel(/^Supplier Id/).fill('E2E-REG-01');
    await page.getByLabel(/^Serving proximity/).fill('25');
    await page.getByRole('group', { name: 'Vehicle Categories' }).getByLabel('Car', { exact: true }).check();

    // The billing toggle: off restores what the applicant saved (nothing), on copies the company's.
    const billing = region(page, 'Billing Address');
    await billing.getByLabel('Same as company address').uncheck();
    expect(await billing.getByLabel(/^Street Name/).inputValue()).toBe('');
    await billing.getByLabel('Same as company address').check();
    expect(await billing.getByLabel(/^Street Name/).isDisabled()).toBe(true);
    expect(await billing.getByLabel(/^Street Name/).inputValue()).toBe(await region(page, 'Address').getByLabel(/^Street Name/).inputValue());

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registration Details' }).waitFor();
    await page.getByText('The supplier has been approved and activated in the network').waitFor();
    await page.getByRole('link', { name: 'View Supplier' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Information' }).waitFor();
    await page.getByText('E2E-REG-01', { exact: true }).first().waitFor();

    const [s] = await query<{ unit_status: string; supplier_type: string; manufacturers: string[]; mandatory_tyre_readings: boolean; creation: string }>(
      server,
      `SELECT s.unit_status, s.supplier_type, s.manufacturers, s.mandatory_tyre_readings, g.supplier_creation_type AS creation
         FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id WHERE s.supplier_id = 'E2E-REG-01'`,
    );
    expect(s).toEqual({ unit_status: 'live', supplier_type: 'Franchise', manufacturers: ['Ford'], mandatory_tyre_readings: true, creation: 'E_REGISTRATION' });
    const [reg] = await query<{ status: string }>(server, 'SELECT status FROM e_registrations WHERE id = $1', [r.id]);
    expect(reg.status).toBe('APPROVED');
  });

  it('rejects a registration, reviewed from its deep-linked details page, with a reason that reaches the applicant', async () => {
    const [r] = await newUkRegistration(1);
    const page = await signedInPage(browser, server);
    // Its details page at react-admin's own address, by deep link, and Review from there.
    await page.goto(`/e-registration/${r.id}/show`);
    await page.getByRole('heading', { level: 1, name: 'Registration Details' }).waitFor();
    await region(page, 'Company Details').getByText(r.company_name, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add and Approve Supplier' }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(r.id);
    await page.getByRole('button', { name: 'Reject' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reject Supplier' });
    await drawer.getByRole('button', { name: 'Reject' }).click();
    await drawer.getByText('Reason is required').waitFor();
    await drawer.getByLabel(/^Reason/).fill('Insurance documents not provided');
    await screenshot(page, 'registrations-reject');
    await drawer.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Registrations' }).waitFor();
    await page.getByText('The supplier registration has been rejected').waitFor();
    const [row] = await query<{ status: string; reason_for_rejection: string; email: string }>(server, 'SELECT status, reason_for_rejection, email FROM e_registrations WHERE id = $1', [r.id]);
    expect(row).toMatchObject({ status: 'REJECTED', reason_for_rejection: 'Insurance documents not provided' });
    const mails = await query<{ text: string }>(server, `SELECT text FROM mail_outbox WHERE "to" = $1 AND kind = 'registrationRejected'`, [row.email]);
    expect(mails.length).toBe(1);
    expect(mails[0].text).toContain('Insurance documents not provided');
  });
});
