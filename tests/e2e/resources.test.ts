import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../domain/messages';
import { launchBrowser, onSetup, signedInPage, startServer, type TestBrowser, type TestServer } from '../support/browser';
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

/** Signed in through the API; each test opens the address it is about. */
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
    const page = await signedIn('SUPER_ADMIN');
    for (const [path, title] of SCREENS) {
      await page.goto(path);
      await heading(page, title);
      expect(new URL(page.url()).pathname, path).toBe(path);
      // Once loaded, nothing spins on: an endless animation redraws every frame, hidden or not,
      // for as long as the page stays open.
      await expect.poll(() => endlessAnimations(page), { message: path }).toEqual([]);
    }
  });

  it("send an area's own address and unknown paths to its home screen", async () => {
    const page = await signedIn('SUPER_ADMIN');
    for (const [from, to] of HOMES) {
      await page.goto(from);
      await page.waitForURL((url) => url.pathname === to);
    }
    // A page rather than an area has no unknown paths.
    await page.goto('/process-logs/old');
    await heading(page, MESSAGES.notFound);
  });
});

describe('each preset', () => {
  it.each(PRESETS)('%s sees exactly its sidebar entries', async (preset) => {
    const page = await onSetup(await signedIn(preset));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Process Logs' }).waitFor();
    expect((await nav.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(SIDEBAR[preset]);
  });

  it.each(PRESETS.filter((p) => p !== 'SUPER_ADMIN'))('%s lands on access-denied at the addresses it may not open, and opens the others', async (preset) => {
    const page = await signedIn(preset);
    const everyArea = AREAS.SUPER_ADMIN;
    for (const area of everyArea) {
      const [path, title] = SCREENS.find(([p]) => p.split('/')[1] === area)!;
      await page.goto(path);
      if (AREAS[preset].includes(area)) {
        await heading(page, title);
      } else {
        await heading(page, MESSAGES.accessDenied);
        expect(new URL(page.url()).pathname, path).toBe('/access-denied');
      }
    }
  });

  it('keeps the customer forms to those who may save them', async () => {
    // VIEWER: no customer edit; EDITOR: edit, but not platform-fee edit, so no create.
    const viewer = await signedIn('VIEWER');
    for (const path of ['/customer/create-customer/UK', '/customer/edit-customer']) {
      await viewer.goto(path);
      await heading(viewer, MESSAGES.accessDenied);
    }
    const editor = await signedIn('EDITOR');
    await editor.goto('/customer/edit-customer');
    await heading(editor, 'Edit Customer');
    await editor.goto('/customer/create-customer/UK');
    await heading(editor, MESSAGES.accessDenied);
  });
});
