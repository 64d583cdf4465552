import { describe, expect, it } from 'vitest';
import { navigate, signIn, type TestBrowser, type TestServer } from '../support/browser';
import { query, withSeededServer } from '../support/customers';
import { png } from '../fixtures/png';
import { searchQuery } from '../../src/search/searchUrl';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

interface Violation {
  directive: string;
  blocked: string;
}

describe('the console under its Content-Security-Policy', () => {
  it('signs in, searches, shows and edits a customer and previews an uploaded logo without a single violation', async () => {
    const { context, page } = await browser.newPage(server.baseURL);
    // Every page of the context records what the policy blocked.
    await context.addInitScript(() => {
      const seen: { directive: string; blocked: string }[] = [];
      (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);

    const first = await page.goto('/login');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signIn(page, server, 'SUPER_ADMIN');
    expect(await violations()).toEqual([]);

    const [c] = await query<{ id: string; name: string }>(server, "SELECT id, name FROM lease_companies WHERE status = 'ACTIVE' AND rate_card_type = 'VISN' ORDER BY name LIMIT 1");
    // Inside the console signing in loaded: the listener above stays on this document.
    await navigate(page, `/customer/customer-search?${searchQuery({ q: c.name })}`);
    await page.getByRole('article', { name: c.name }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: /^Edit Customer of/ }).waitFor();

    const webLink = page.getByRole('region', { name: 'Web Link - Online Booking' });
    const enable = webLink.getByRole('switch', { name: 'Enable Web Link' });
    if (!(await enable.isChecked())) await enable.click();
    await webLink.getByLabel('Upload Logo').setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: png(60, 40) });
    const preview = webLink.getByRole('img', { name: 'Current logo' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);

    // emotion's run-time <style> elements took effect: MUI's buttons are styled, not browser-default.
    const button = webLink.getByRole('button', { name: 'Remove Logo' });
    expect(await button.evaluate((el) => getComputedStyle(el).cursor)).toBe('pointer');
    expect(await violations()).toEqual([]);
  });
});
