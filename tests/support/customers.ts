import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, open, startServer, type TestBrowser, type TestServer } from './browser';
import { createTestDatabase, DEMO_DAY } from './db';
import { searchQuery } from '../../src/search/searchUrl';

export { signedInPage } from './browser';

/** The day the customer screens' tests are anchored to: the demo network's. */
export const TODAY = DEMO_DAY;

/**
 * The test server with the demo admins and the small demo network, on a database of its own: a
 * copy of the one the global setup seeded (seeding takes half a minute, a copy a second or two).
 */
export async function startSeededServer(): Promise<TestServer> {
  return startServer({}, await createTestDatabase({ demo: true }));
}

/**
 * One seeded server and one Chromium for a test file: started before its tests, contexts closed
 * after each test (unless `keepPages`: a file whose tests go on in one page), both shut down at the
 * end. `use` receives them once they are up.
 */
export function withSeededServer(use: (server: TestServer, browser: TestBrowser) => void, { keepPages = false } = {}): void {
  let server: TestServer | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    server = await startSeededServer();
    browser = await launchBrowser();
    use(server, browser);
  });
  if (!keepPages) afterEach(() => browser?.closeContexts());
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

export function query<T = Record<string, unknown>>(server: TestServer, sql: string, params: unknown[] = []): Promise<T[]> {
  return server.handle.testDb.database.query<T>(sql, params);
}

/** Customers per status in the database, the numbers the dashboard must show. */
export async function customerCounts(server: TestServer): Promise<Record<string, number>> {
  const rows = await query<{ status: string; n: string | number }>(server, 'SELECT status, count(*) AS n FROM lease_companies GROUP BY status');
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Customer Details as a user gets there: the search for the customer's name, then View on its card.
 * `inApp` reaches the search inside the console when `page` shows it already, instead of loading it afresh.
 */
export async function openDetails(page: Page, c: { name: string }, { inApp = false } = {}): Promise<void> {
  const search = `/customer/customer-search?${searchQuery({ q: c.name })}`;
  if (inApp) await open(page, search);
  else await page.goto(search);
  await page.getByRole('article', { name: c.name }).getByRole('link', { name: 'View' }).click();
  await page.getByRole('region', { name: c.name }).waitFor();
}
