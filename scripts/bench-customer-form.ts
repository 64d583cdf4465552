/**
 * Customer screens' speed: `npm run bench:customer-form` (after `npx vite build`).
 * Starts the server on a fresh database with the small demo network, signs in in Chromium, then
 *   1. opens Customer Details from the search result card five times and times click → details on screen;
 *   2. opens the full edit form (every section, platform fees included) and types 100 characters into
 *      a text field, timing each key press → the next frame (keydown timestamp to a task queued from
 *      the following requestAnimationFrame, i.e. after the frame that shows the character).
 * Typing is timed again after a refused save, when each change is validated against the schema.
 * Prints p50/p95 of each.
 */
import { launchBrowser, signIn } from '../tests/support/browser';
import { query, startSeededServer } from '../tests/support/customers';

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const server = await startSeededServer();
const browser = await launchBrowser();
try {
  const { page } = await browser.newPage(server.baseURL);
  await signIn(page, server, 'SUPER_ADMIN');
  const [customer] = await query<{ name: string }>(server, "SELECT name FROM lease_companies WHERE status = 'ACTIVE' ORDER BY name LIMIT 1");

  // 1. Details render after navigation.
  const details: number[] = [];
  for (let i = 0; i < 6; i++) {
    await page.goto(`/customer/customer-search?q=${encodeURIComponent(customer.name)}`);
    const view = page.getByRole('article', { name: customer.name }).getByRole('link', { name: 'View' });
    await view.waitFor();
    await page.evaluate(() => {
      document.addEventListener('click', () => ((window as unknown as { __t0: number }).__t0 = performance.now()), { capture: true, once: true });
    });
    await view.click();
    const handle = await page.waitForFunction(
      () => document.querySelector('[data-testid="customer-details"]') && performance.now() - (window as unknown as { __t0: number }).__t0,
      undefined,
      { polling: 'raf' },
    );
    const ms = (await handle.jsonValue()) as number;
    // The first visit also warms the browser's caches; it is reported apart.
    if (i > 0) details.push(ms);
    else console.log(`details, first visit: ${fmt(ms)}`);
  }
  console.log(`details render after navigation (${details.length} runs): p50 ${fmt(pct(details, 50))}, p95 ${fmt(pct(details, 95))}, max ${fmt(Math.max(...details))}`);

  // 2. Typing into the full edit form.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('heading', { level: 1, name: /^Edit Customer of/ }).waitFor();
  await page.getByRole('region', { name: 'Platform Fees' }).waitFor();
  const field = page.getByRole('textbox', { name: 'Contact Name', exact: true });
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[] };
    w.__lat = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        performance.mark('key', { startTime: start });
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            w.__lat.push(performance.now() - start);
            performance.measure('key-to-frame', { start, end: performance.now() });
          };
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
  const text = 'Aoife Kennedy of the Quayside fleet desk, reachable on weekdays between nine and five o clock ok'.padEnd(100, 'x').slice(0, 100);
  const typeAll = async () => {
    await field.fill('');
    await page.evaluate(() => ((window as unknown as { __lat: number[] }).__lat = []));
    for (let i = 0; i < text.length; i++) {
      await field.press(text[i] === ' ' ? 'Space' : text[i]);
      await page.waitForFunction((n) => (window as unknown as { __lat: number[] }).__lat.length >= n, i + 1, { polling: 'raf' });
    }
    const typed = await field.inputValue();
    if (typed !== text) throw new Error(`typed text differs: ${JSON.stringify(typed)}`);
    return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
  };
  const report = (what: string, lat: number[]) =>
    console.log(`${what} (${lat.length} key presses): key press → next frame p50 ${fmt(pct(lat, 50))}, p95 ${fmt(pct(lat, 95))}, max ${fmt(Math.max(...lat))}`);
  report('typing in the full edit form', await typeAll());
  // After a refused save every change is validated again against the whole schema.
  await page.getByRole('textbox', { name: 'Customer Name', exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Customer Name is required').waitFor();
  report('typing after a refused save (revalidating)', await typeAll());
} finally {
  await browser.close();
  await server.close();
}
