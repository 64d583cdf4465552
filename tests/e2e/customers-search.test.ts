import { describe, expect, it } from 'vitest';
import { onSetup, screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { customerCounts, query, signedInPage, withSeededServer } from '../support/customers';
import { filterOf, RACE_MOMENTS, statusRace } from '../support/searchRace';

/** The list filter react-admin keeps in the URL (?filter={…}). */

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

describe('customer onboarding', () => {
  it('shows the customer, supplier and e-registration counts of the data, and View All opens the filtered search', async () => {
    const counts = await customerCounts(server);
    const [sup] = await query<{ live: string; cancelled: string }>(
      server,
      "SELECT count(*) FILTER (WHERE unit_status = 'live') AS live, count(*) FILTER (WHERE unit_status = 'cancelled') AS cancelled FROM suppliers",
    );
    const [reg] = await query<{ fresh: string; rejected: string }>(
      server,
      "SELECT count(*) FILTER (WHERE status = 'NEW') AS fresh, count(*) FILTER (WHERE status = 'REJECTED') AS rejected FROM e_registrations",
    );
    const page = await onSetup(await signedInPage(browser, server));
    const active = page.getByRole('region', { name: 'Active Customers' });
    const terminated = page.getByRole('region', { name: 'Terminated Customers' });
    await active.getByText(`Active Customers: ${counts.ACTIVE}`, { exact: true }).waitFor();
    await terminated.getByText(`Terminated Customers: ${counts.TERMINATED}`, { exact: true }).waitFor();
    const suppliers = page.getByRole('region', { name: 'Suppliers' });
    await suppliers.getByText(`Live: ${Number(sup.live)}`, { exact: true }).waitFor();
    await suppliers.getByText(`Cancelled: ${Number(sup.cancelled)}`, { exact: true }).waitFor();
    const registrations = page.getByRole('region', { name: 'e-Registrations' });
    await registrations.getByText(`New: ${Number(reg.fresh)}`, { exact: true }).waitFor();
    await registrations.getByText(`Rejected: ${Number(reg.rejected)}`, { exact: true }).waitFor();
    await screenshot(page, 'customers-onboarding');

    await terminated.getByRole('link', { name: 'View All' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Search' }).waitFor();
    expect(filterOf(page.url()).status).toEqual(['TERMINATED']);
    await page.getByRole('status').filter({ hasText: `${counts.TERMINATED} results found` }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^Terminated/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Active/ }).isChecked()).toBe(false);
    expect(await page.getByRole('article').count()).toBe(counts.TERMINATED);

    await page.getByRole('link', { name: 'Back to Customer Onboarding' }).click();
    await active.getByRole('link', { name: 'View All' }).click();
    await page.getByRole('status').filter({ hasText: `${counts.ACTIVE} results found` }).waitFor();
    expect(filterOf(page.url()).status).toEqual(['ACTIVE']);
  });
});

describe('customer search', () => {
  it('pages through every customer 25 at a time, with a pager above and below', async () => {
    const counts = await customerCounts(server);
    const total = counts.ACTIVE + counts.TERMINATED;
    const names = (await query<{ name: string }>(server, 'SELECT name FROM lease_companies')).map((r) => r.name).sort((a, b) => a.localeCompare(b));
    const page = await signedInPage(browser, server);
    await page.goto('/customer/customer-search');
    await page.getByRole('status').filter({ hasText: `${total} results found` }).waitFor();
    expect(await page.getByRole('article').count()).toBe(25);
    // Sorted by name.
    const firstPage = await page.getByRole('article').getByRole('heading').allInnerTexts();
    expect(firstPage[0]).toBe(names[0]);
    await page.getByRole('navigation', { name: 'Pages, top' }).waitFor();
    await page.getByRole('navigation', { name: 'Pages, bottom' }).waitFor();
    expect(await page.getByRole('combobox').count()).toBe(0);
    await screenshot(page, 'customers-search');

    await page.getByRole('navigation', { name: 'Pages, bottom' }).getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('article').first().getByRole('heading', { name: names[25] }).waitFor();
    expect(await page.getByRole('article').count()).toBe(total - 25);

    // Browser back returns to page 1.
    await page.goBack();
    await page.getByRole('article').first().getByRole('heading', { name: names[0] }).waitFor();
  });

  it('searches by text, narrows and widens by status with Select All, and says when nothing matches', async () => {
    const [customer] = await query<{ name: string; status: string; di_customer_id: string; customer_type: string; company_registration_number: string; vat_number: string }>(
      server,
      "SELECT name, status, di_customer_id, customer_type, company_registration_number, vat_number FROM lease_companies WHERE status = 'ACTIVE' ORDER BY name LIMIT 1",
    );
    const page = await signedInPage(browser, server);
    await page.goto('/customer/customer-search');
    const box = page.getByLabel('Enter search text');
    await box.fill(customer.name);
    await box.press('Enter');
    await page.waitForURL((url) => filterOf(url).q === customer.name);
    const card = page.getByRole('article', { name: customer.name });
    await card.waitFor();
    await card.getByText(customer.di_customer_id).waitFor();
    await card.getByText(customer.company_registration_number, { exact: true }).waitFor();
    await card.getByText(customer.vat_number, { exact: true }).waitFor();
    await card.getByText(customer.customer_type === 'DIRECT' ? 'Direct' : 'Indirect', { exact: true }).waitFor();

    // Unticking Active leaves none of the matches; Select All brings them back.
    // The ticks follow the URL, so they are clicked and then read back.
    await page.getByRole('checkbox', { name: /^Active/ }).click();
    await page.getByText('No results found for your search criteria').waitFor();
    expect(filterOf(page.url()).status).toEqual(['TERMINATED']);
    await page.getByRole('checkbox', { name: 'Select All' }).click();
    await card.waitFor();
    expect(await page.getByRole('checkbox', { name: /^Active/ }).isChecked()).toBe(true);
    expect(filterOf(page.url()).status).toBeUndefined();
    // Select All again unticks everything.
    await page.getByRole('checkbox', { name: 'Select All' }).click();
    await page.getByText('No results found for your search criteria').waitFor();
    expect(await page.getByRole('checkbox', { name: /^Terminated/ }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Select All' }).click();
    await card.waitFor();

    // A search with no match, with the Search button; text too short is refused with a hint.
    await box.fill('zz');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Enter a min of 3 characters to search').waitFor();
    await box.fill('Qwxyzzy Nothing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No results found for your search criteria').waitFor();
    await page.getByRole('status').filter({ hasText: '0 results found' }).waitFor();
    await screenshot(page, 'customers-search-empty');

    // Back restores the previous search with its text.
    await page.goBack();
    await card.waitFor();
    expect(await box.inputValue()).toBe(customer.name);
  });

  it('keeps the search text when a status is unticked in the very moment the search is submitted, at either moment the two can meet', async () => {
    const [customer] = await query<{ name: string }>(server, "SELECT name FROM lease_companies WHERE status = 'ACTIVE' ORDER BY name LIMIT 1");
    const page = await signedInPage(browser, server);
    // The one match is active: none is left, and the box still says what was searched for.
    for (const moment of RACE_MOMENTS) await statusRace(page, '/customer/customer-search', customer.name, /^Active/, 'TERMINATED', moment);
  });

  it('opens the country dialog from Create New Customer and goes to the Irish form', async () => {
    const page = await signedInPage(browser, server);
    await page.goto('/customer/customer-search');
    await page.getByRole('button', { name: 'Create New Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Customer' });
    await dialog.getByRole('radio', { name: 'Ireland' }).check();
    await screenshot(page, 'customers-create-dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/customer/create-customer/IE');
    await page.getByRole('heading', { level: 1, name: 'Create Customer for Ireland' }).waitFor();
  });

  it('keeps every value of a card on one line at 1280 and 1024 px, and on a phone wraps whole fields', async () => {
    const page = await signedInPage(browser, server);
    /** Line boxes of each value of the first card, by its label. */
    const linesOfValues = () =>
      page
        .getByRole('article')
        .first()
        .locator('dd')
        .evaluateAll((dds) =>
          dds.map((dd) => {
            const range = document.createRange();
            range.selectNodeContents(dd);
            return [dd.previousElementSibling?.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size] as const;
          }),
        );
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/customer/customer-search');
      await page.getByRole('article').first().waitFor();
      const lines = await linesOfValues();
      expect(lines.map(([label]) => label)).toEqual(['Customer Type', 'Company Registration Number', 'VAT Number', 'DI Customer Id']);
      expect(lines.filter(([, n]) => n !== 1), `at ${width} px`).toEqual([]);
      await screenshot(page, `customers-search-cards-${width}`);
    }
  });

  it('opens its dialogs without a fade when the system asks for less motion, and with one otherwise', async () => {
    const page = await signedInPage(browser, server);
    await page.goto('/customer/customer-search');
    // The fade is a CSS transition on the dialog's container (the backdrop's sibling).
    const fadeOf = async () => {
      await page.getByRole('button', { name: 'Create New Customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Customer' });
      const duration = await dialog.evaluate((el) => getComputedStyle(el.parentElement!).transitionDuration);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      return duration;
    };
    expect(await fadeOf()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await fadeOf()).not.toBe('0s');
  });
});
