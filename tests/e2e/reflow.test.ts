import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot, signedInPage, type TestBrowser, type TestServer } from '../support/browser';
import { withSeededServer } from '../support/customers';
import { screenIds, screensOf, visit } from '../support/a11y';
import { screenName, type ScreenIds } from '../fixtures/screens';

/**
 * Reflow (WCAG 2.2, 1.4.10): at 200 % zoom of a 1280 px window, 640 CSS px wide, every screen of
 * the console (tests/fixtures/screens.ts) fits its width. The page itself never scrolls sideways
 * (a data table may, inside a region of its own that the keyboard can reach), the main navigation
 * still opens from the header, and the drawers fit the window.
 */
let server: TestServer;
let browser: TestBrowser;
let ids: ScreenIds;

const WIDTH = 640;
const HEIGHT = 430;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  ids = await screenIds(server);
});

/** The signed-in screens in three groups of about a dozen (a test each), in the fixture's order. */
const SIGNED_IN = screensOf('SUPER_ADMIN');
const GROUPS = [0, 1, 2].map((g) => SIGNED_IN.filter((_, i) => Math.floor((i * 3) / SIGNED_IN.length) === g));

/** The endless animations running on the page: a spinner means its content is still on its way. */
const spinning = (page: Page) =>
  page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity).length);

/** The screen's heading is shown and nothing on it is still loading. */
async function loaded(page: Page, address: string): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => spinning(page), { message: `${address} still loading` }).toBe(0);
}

/**
 * What makes the page wider than the window, if anything: the elements sticking out past its
 * right edge that are not clipped by a box of their own that fits, innermost first (the ones that
 * set the width), each with its role, name, tag and class.
 */
function overflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clippedInside = (el: Element) => {
      for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const out = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 1 && !clippedInside(el);
    });
    // Innermost: none of its children sticks out as far.
    const innermost = out.filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right >= el.getBoundingClientRect().right - 1 && out.includes(c)));
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const role = el.getAttribute('role') ?? '';
      const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''} class="${String(el.getAttribute('class') ?? '').slice(0, 80)}"> "${name}" right=${Math.round(r.right)} width=${Math.round(r.width)}`;
    };
    innermost.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width);
    return { scrollWidth: root.scrollWidth, clientWidth: width, offenders: innermost.slice(0, 5).map(describe) };
  });
}

/** The page does not scroll sideways (1 px of rounding allowed); says why when it does. */
async function fits(page: Page, what: string): Promise<void> {
  const o = await overflow(page);
  expect(o.scrollWidth, `${what} is ${o.scrollWidth} px wide in a ${o.clientWidth} px window:\n  ${o.offenders.join('\n  ')}`).toBeLessThanOrEqual(o.clientWidth + 1);
}

/**
 * Every box that scrolls sideways (a wide table) can be scrolled from the keyboard and is named:
 * a focusable region with a label.
 */
function unreachableScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
      })
      .filter((el) => (el as HTMLElement).tabIndex < 0 || !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')))
      .map((el) => `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class') ?? '').slice(0, 80)}"> tabindex=${(el as HTMLElement).tabIndex}`),
  );
}

/** `read()` once `ok` holds of it, or as it still is after two seconds. */
async function settled<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let last!: T;
  await expect
    .poll(async () => ok((last = await read())), { timeout: 2_000 })
    .toBe(true)
    .catch(() => undefined);
  return last;
}

/** A drawer or dialog lies wholly inside the window, and so does everything in it. */
async function drawerFits(page: Page, drawer: Locator, what: string): Promise<void> {
  await drawer.waitFor();
  const box = (await drawer.boundingBox())!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(WIDTH + 1);
  const inner = await drawer.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    // Inside a box of its own that scrolls or clips and fits, it is no overflow of the drawer.
    const clipped = (c: Element) => {
      for (let p = c.parentElement; p && p !== el; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= right + 1) return true;
      return false;
    };
    return [...el.querySelectorAll('*')]
      .filter((c) => c.getBoundingClientRect().right > right + 1 && !clipped(c))
      .map((c) => `<${c.tagName.toLowerCase()} class="${String(c.getAttribute('class') ?? '').slice(0, 80)}">`);
  });
  expect(inner, `${what}: content wider than the drawer`).toEqual([]);
}

async function narrowPage(): Promise<Page> {
  const page = await signedInPage(browser, server, 'SUPER_ADMIN');
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  return page;
}

describe('at 640 px wide (200 % zoom)', () => {
  it('the sign-in screen fits', async () => {
    const { page } = await browser.newPage(server.baseURL);
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await page.goto('/login');
    await page.getByLabel('User Name').waitFor();
    await fits(page, '/login');
  });

  it.each(GROUPS.map((g) => [`${screenName(g[0])} to ${screenName(g[g.length - 1])}`, g] as const))('%s: every screen fits its width, wide tables scroll in a named region, and the menu still opens', async (_, group) => {
    const page = await narrowPage();
    const second = await page.context().newPage();
    await second.setViewportSize({ width: WIDTH, height: HEIGHT });
    const failures: string[] = [];
    const check = async (tab: Page, addresses: string[]) => {
      for (const address of addresses) {
        // The first address loaded, the others reached inside the console: the width a screen
        // takes is its own, however it was reached.
        await visit(tab, address);
        await loaded(tab, address);
        // The last layout of the content is given a moment (a table that turns out wider than
        // its box becomes a region a frame after it is drawn).
        const o = await settled(() => overflow(tab), (v) => v.scrollWidth <= v.clientWidth + 1);
        if (o.scrollWidth > o.clientWidth + 1) failures.push(`${address}: ${o.scrollWidth} px wide in ${o.clientWidth} px\n    ${o.offenders.join('\n    ')}`);
        const scrollers = await settled(() => unreachableScrollers(tab), (v) => v.length === 0);
        if (scrollers.length) failures.push(`${address}: scrolls sideways without a named, focusable region: ${scrollers.join(', ')}`);
        // The sidebar has folded away behind the header's menu button.
        if (!(await tab.getByRole('banner').getByRole('button', { name: 'Menu' }).isVisible())) failures.push(`${address}: no Menu button`);
        await screenshot(tab, `reflow${address.split('?')[0].replaceAll('/', '-')}`);
      }
    };
    // Two tabs of one browser, each going through half of the screens: a screen spends most of
    // its time waiting on the server, and the other tab uses it.
    const all = group.map((screen) => screen.url(ids));
    const half = Math.ceil(all.length / 2);
    await Promise.all([check(page, all.slice(0, half)), check(second, all.slice(half))]);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('the menu button opens the main navigation, which fits', async () => {
    const page = await narrowPage();
    await page.goto('/customer/setup');
    await loaded(page, '/customer/setup');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Process Logs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Process Logs' }).waitFor();
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await drawerFits(page, nav, 'Main navigation');
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
  });

  it('the drawers and dialogs fit the window', async () => {
    const page = await narrowPage();
    await page.goto('/support/support-dashboard');
    await loaded(page, 'support');
    await expect.poll(() => page.getByRole('button', { name: 'Enquiry Search', exact: true }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Enquiry Search', exact: true }).click();
    await drawerFits(page, page.getByRole('dialog', { name: 'Enquiry Search', exact: true }), 'Enquiry Search');
    await fits(page, 'Support with Enquiry Search open');
    await screenshot(page, 'reflow-drawer-enquiry-search');
    await page.keyboard.press('Escape');

    await page.goto(`/supplier/supplier-details?id=${ids.supplier}&group=${ids.supplierGroup}`);
    await loaded(page, 'supplier details');
    await page.getByRole('region', { name: 'Integrations' }).getByRole('button', { name: 'Finance System Details' }).click();
    const finance = page.getByRole('dialog', { name: 'Finance System Details' });
    await expect.poll(() => spinning(page)).toBe(0);
    await drawerFits(page, finance, 'Finance System Details');
    await fits(page, 'Supplier Details with Finance System Details open');
    await screenshot(page, 'reflow-drawer-finance-system-details');

    await page.goto('/file-validation/reports');
    await loaded(page, 'file validation');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await drawerFits(page, page.getByRole('dialog', { name: 'Upload file for validation' }), 'Upload file for validation');
    await fits(page, 'File Validation with its upload dialog open');
    await screenshot(page, 'reflow-dialog-upload');
  });
});
