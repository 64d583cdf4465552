import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../domain/messages';
import { launchBrowser, navigate, onSetup, pathOf, signedInPage, startServer, type TestBrowser, type TestServer } from '../support/browser';
import { AREAS, PRESETS, SIDEBAR, type Preset } from '../fixtures/permissionMatrix';

/**
 * Every entity is a react-admin <Resource> declared once (domain/resources, resources/<area>):
 * the spec's addresses still open their screens, each preset's sidebar shows exactly its entries,
 * and an address the preset may not open lands on the access-denied page.
 */
let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterEach(() => browser.closeContexts());
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Signed in through the API. Each journey loads the console once and then moves through the
 * router's own history, as the sidebar's links do: a full load per address would cost most of
 * the file's time and check nothing more than the load of its first address and the server's
 * answer to each (see 'open their screens').
 */
const signedIn = (role: Preset): Promise<Page> => signedInPage(browser, server, role);

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** The endless animations running on the page (a spinner, say), by the class of what they move. */
const endlessAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity)
      .map((a) => String(((a.effect as KeyframeEffect).target as Element | null)?.getAttribute('class') ?? '')),
  );

/** The spec's addresses (spec 1 §2, spec 2 §2, spec 3 §2) and ours, with the screen each opens. */
const SCREENS: [path: string, title: string][] = [
  ['/customer/setup', 'Customer Onboarding'],
  ['/customer/customer-search', 'Customer Search'],
  ['/customer/customer-details', 'Customer Details'],
  ['/customer/create-customer/UK', 'Create Customer for UK'],
  ['/customer/edit-customer', 'Edit Customer'],
  ['/customer/customer-network-export', 'Network Export'],
  ['/customer/customer-network-import', 'Network Import'],
  ['/supplier/setup', 'Supplier Onboarding'],
  ['/group/group-search', 'Group Search'],
  ['/e-registration/dashboard', 'e-Registration'],
  ['/file-validation/reports', 'File Validation'],
  ['/assign-user-login', 'Master Logins'],
  ['/process-logs', 'Process Logs'],
  ['/savi/savi-export', 'SAVi'],
  ['/support/support-dashboard', 'Support'],
  ['/audit-log', 'Audit Log'],
  ['/mail-outbox', 'Mail Outbox'],
  ['/background-jobs', 'Background Jobs'],
  ['/admins', 'Admins'],
];

/** Where an area's own address and its unknown paths go (the spec's "any unknown path redirects to …"). */
const HOMES: [from: string, to: string][] = [
  ['/customer', '/customer/setup'],
  ['/supplier/nothing-here', '/supplier/setup'],
  ['/group', '/group/group-search'],
  ['/e-registration', '/e-registration/dashboard'],
  ['/file-validation/old', '/file-validation/reports'],
  ['/savi', '/savi/savi-export'],
  ['/support', '/support/support-dashboard'],
];

describe('the spec addresses', () => {
  it('open their screens', async () => {
    // Opened by a bookmark or a typed address, every one of them is the console's own page (the
    // signed-in screens' index.html, the same for all of them).
    const index = await (await fetch(server.baseURL + SCREENS[0][0])).text();
    expect(index).toContain('<div id="root"');
    for (const [path] of SCREENS) {
      const res = await fetch(server.baseURL + path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(index);
    }
    const page = await signedIn('SUPER_ADMIN');
    for (const [n, [path, title]] of SCREENS.entries()) {
      if (n === 0) await page.goto(path);
      else await navigate(page, path);
      await heading(page, title);
      expect(pathOf(page), path).toBe(path);
      // Once loaded, nothing spins on: an endless animation redraws every frame, hidden or not,
      // for as long as the page stays open.
      await expect.poll(() => endlessAnimations(page), { message: path }).toEqual([]);
    }
  });

  it("send an area's own address and unknown paths to its home screen", async () => {
    const page = await signedIn('SUPER_ADMIN');
    // One by a fresh load, the others inside the loaded console.
    for (const [n, [from, to]] of HOMES.entries()) {
      if (n === 0) await page.goto(from);
      else await navigate(page, from);
      await expect.poll(() => pathOf(page), { message: from }).toBe(to);
    }
    // A page rather than an area has no unknown paths.
    await navigate(page, '/process-logs/old');
    await heading(page, MESSAGES.notFound);
  });
});

/** The customer forms by address, for the presets that may not save both (the others reach both). */
const CUSTOMER_FORMS: Partial<Record<Preset, [path: string, title: string | null][]>> = {
  // VIEWER: no customer edit; EDITOR: edit, but not platform-fee edit, so no create.
  VIEWER: [
    ['/customer/create-customer/UK', null],
    ['/customer/edit-customer', null],
  ],
  EDITOR: [
    ['/customer/edit-customer', 'Edit Customer'],
    ['/customer/create-customer/UK', null],
  ],
};

describe('each preset', () => {
  it.each(PRESETS)('%s sees exactly its sidebar entries, lands on access-denied at the addresses it may not open, and opens the others', async (preset) => {
    const page = await onSetup(await signedIn(preset));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Process Logs' }).waitFor();
    expect((await nav.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(SIDEBAR[preset]);

    const everyArea = AREAS.SUPER_ADMIN;
    const addresses = everyArea.map((area): [string, string | null] => {
      const [path, title] = SCREENS.find(([p]) => p.split('/')[1] === area)!;
      return [path, AREAS[preset].includes(area) ? title : null];
    });
    for (const [path, title] of [...addresses, ...(CUSTOMER_FORMS[preset] ?? [])]) {
      await navigate(page, path);
      if (title) {
        await heading(page, title);
        expect(pathOf(page), path).toBe(path);
      } else {
        // The address changed to `path` above: seeing /access-denied again is this redirect's.
        await expect.poll(() => pathOf(page), { message: path }).toBe('/access-denied');
        await heading(page, MESSAGES.accessDenied);
      }
    }
  });
});
