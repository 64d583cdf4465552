/**
 * What the sign-in page costs to load: `npm run bench:assets` (after `npx vite build`).
 * Opens /login in a fresh Chromium profile (nothing cached) against the real server, waits until
 * the User Name field accepts typing, and adds up the JavaScript that came over the wire before
 * that moment: bytes as sent (compressed) and as files. Prints the figures and the target.
 */
import type { Response } from 'playwright-core';
import { launchBrowser, startServer } from '../tests/support/browser';

const TARGET_BYTES = 300 * 1000;
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await browser.newPage(server.baseURL);
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  const started = Date.now();
  await page.goto('/login');
  const userName = page.getByLabel('User Name');
  await userName.waitFor();
  await userName.pressSequentially('a');
  const readyMs = Date.now() - started;
  const before = [...scripts];
  let wire = 0;
  let files = 0;
  const rows: string[] = [];
  for (const r of before) {
    const sizes = await r.request().sizes();
    const body = (await r.body()).length;
    wire += sizes.responseBodySize;
    files += body;
    rows.push(`  ${new URL(r.url()).pathname.padEnd(48)} ${(r.headers()['content-encoding'] ?? 'none').padEnd(5)} ${kb(sizes.responseBodySize).padStart(9)} of ${kb(body).padStart(9)}`);
  }
  console.log(rows.sort().join('\n'));
  console.log(`sign-in page: ${before.length} scripts, ${kb(wire)} over the wire (${kb(files)} as files), typing accepted after ${readyMs} ms`);
  console.log(`target: at most ${kb(TARGET_BYTES)} of compressed JavaScript before the first input accepts typing: ${wire <= TARGET_BYTES ? 'OK' : 'MISSED'}`);
} finally {
  await browser.close();
  await server.close();
}
