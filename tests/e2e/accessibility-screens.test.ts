import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, type TestBrowser, type TestServer } from '../support/browser';
import { withSeededServer } from '../support/customers';
import { expectAccessible } from '../support/axe';
import { ambiguousControls, liveRegionsAround, screenIds, screensOf, settled, visit } from '../support/a11y';
import { SCREENS, screenName, type ScreenIds } from '../fixtures/screens';

/**
 * WCAG 2.2 AA on every screen (tests/fixtures/screens.ts) as SUPER_ADMIN, who may open them all,
 * with results on the seeded network; and the states a user meets besides: a search with no
 * results, a screen still loading, a failed request, a form with errors. The other presets'
 * screens are in accessibility-roles.test.ts, drawers and dialogs in accessibility-drawers.test.ts.
 *
 * Every control's name is also checked to be unique in its row, card or section (or told apart
 * by its description), and live results to sit in exactly one live region.
 *
 * Rules disabled: none.
 */
let server: TestServer;
let browser: TestBrowser;
let ids: ScreenIds;

/** One page signed in as SUPER_ADMIN, going from screen to screen as a user would. */
let superAdmin: Page;

withSeededServer(
  (s, b) => {
    server = s;
    browser = b;
  },
  { keepPages: true },
);
beforeAll(async () => {
  ids = await screenIds(server);
  superAdmin = await signedInPage(browser, server, 'SUPER_ADMIN');
});

describe('public pages', () => {
  /** One signed-out page, loaded at the first and moved on inside the console, as its links do. */
  let signedOut: Page;
  beforeAll(async () => {
    ({ page: signedOut } = await browser.newPage(server.baseURL));
  });
  for (const screen of SCREENS.filter((s) => !s.action)) {
    it(screenName(screen), async () => {
      await visit(signedOut, screen.url(ids));
      await expectAccessible(signedOut, screenName(screen));
    });
  }
});

describe('every signed-in screen as SUPER_ADMIN, with results', () => {
  for (const screen of screensOf('SUPER_ADMIN')) {
    it(screenName(screen), async () => {
      await visit(superAdmin, screen.url(ids));
      await expectAccessible(superAdmin, screenName(screen));
      // Every control can be told apart by its name, or by the row or section it is in.
      expect(await ambiguousControls(superAdmin)).toEqual([]);
    });
  }
});

/** Customer Search after a search for `text`. */
async function searchCustomers(page: Page, text: string): Promise<void> {
  await page.getByLabel('Enter search text').fill(text);
  await page.getByLabel('Enter search text').press('Enter');
}

describe('states', () => {
  it('a search with no results', async () => {
    const page = superAdmin;
    await visit(page, '/customer/customer-search');
    await searchCustomers(page, 'zzqx no such customer');
    await page.getByText('No results found for your search criteria').waitFor();
    await expectAccessible(page, 'customer search, no results');
    // The count of results is announced, once.
    await expect.poll(() => liveRegionsAround(page, '0 results found')).toBe(1);
  });

  it('a search still loading', async () => {
    const page = await signedInPage(browser, server, 'SUPER_ADMIN');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/**', async (route) => {
      if (/search/i.test(route.request().url())) await held;
      await route.continue();
    });
    await page.goto('/group/group-search');
    await page.getByRole('progressbar').first().waitFor();
    await expectAccessible(page, 'group search, loading');
    release();
  });

  it('a request that fails', async () => {
    const page = await signedInPage(browser, server, 'SUPER_ADMIN');
    await page.route('**/api/v1/**', (route) =>
      /search/i.test(route.request().url()) ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Something went wrong"}' }) : route.continue(),
    );
    await page.goto('/supplier/supplier-search');
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'supplier search, request failed');
  });

  // A fresh page each for the loading and failing searches: in the page already used the search's
  // earlier answer would show at once while it is asked again.
  it('a form with errors', async () => {
    const page = superAdmin;
    await visit(page, '/customer/create-customer/UK');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'fields need your attention' }).waitFor();
    await expectAccessible(page, 'create customer, errors');
    // The summary is announced once (a live region inside another would say it twice).
    expect(await liveRegionsAround(page, 'fields need your attention')).toBe(1);
  });
});
