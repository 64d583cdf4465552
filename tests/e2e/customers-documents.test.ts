import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';
import { searchQuery } from '../../src/search/searchUrl';

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

const REJECTED = 'One or more files were not accepted due to size or type.';
const NETWORK = 'Upload failed due to a network error. Please try again.';

/** A real PNG of `width` x `height` blue pixels, so the viewer tab can show it. */
function png(width = 40, height = 30): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x1e, 0x5a, 0xc8]))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

interface Customer {
  id: string;
  name: string;
}

/** An ACTIVE customer with no documents yet, a different one per call. */
const used = new Set<string>();
async function customerWithoutDocuments(): Promise<Customer> {
  const rows = await query<Customer>(
    server,
    "SELECT id, name FROM lease_companies c WHERE status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.lease_company_id = c.id) ORDER BY name LIMIT 20",
  );
  const c = rows.find((r) => !used.has(r.id));
  if (!c) throw new Error('no customer without documents');
  used.add(c.id);
  return c;
}

async function documentCount(c: Customer): Promise<number> {
  const [r] = await query<{ n: string }>(server, 'SELECT count(*) AS n FROM documents WHERE lease_company_id = $1', [c.id]);
  return Number(r.n);
}

/** The customer's card on the search, found as a user finds it. */
async function card(page: Page, c: Customer): Promise<Locator> {
  await page.goto(`/customer/customer-search?${searchQuery({ q: c.name })}`);
  const article = page.getByRole('article', { name: c.name });
  await article.waitFor();
  return article;
}

async function openDrawer(page: Page, c: Customer, count: number): Promise<Locator> {
  const article = await card(page, c);
  await article.getByRole('button', { name: `Documents (${count})` }).click();
  const drawer = page.getByRole('dialog', { name: 'Documents' });
  await drawer.waitFor();
  // Slid in completely (600 wide at the right edge), so what is seen and photographed is settled.
  const width = page.viewportSize()!.width;
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(width - 600);
  return drawer;
}

/** The words of an element's text that the layout has split over two lines ('agreem' / 'ent'); a break after a hyphen is fine. */
function wordsSplitOverLines(el: Locator): Promise<string[]> {
  return el.evaluate((root) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) split.push(word[0]);
      }
    }
    return split;
  });
}

describe('customer documents', () => {
  it('uploads a PNG and a PDF with labels, lists them live, views one, deletes one', async () => {
    const c = await customerWithoutDocuments();
    const page = await signedInPage(browser, server);
    const drawer = await openDrawer(page, c, 0);
    await drawer.getByText('No uploaded documents').waitFor();
    await screenshot(page, 'customers-documents-empty');

    await drawer.getByRole('button', { name: 'Upload Documents' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload Documents' });
    await modal.waitFor();
    const chooser = modal.getByLabel('Choose files');

    // A text file called photo.png is refused, and nothing is listed.
    await chooser.setInputFiles([file('photo.png', 'image/png', Buffer.from('these are my notes, not a photo\n'))]);
    await modal.getByRole('alert').filter({ hasText: REJECTED }).waitFor();
    expect(await modal.getByRole('listitem').count()).toBe(0);
    await screenshot(page, 'customers-documents-rejected');

    await chooser.setInputFiles([file('van.png', 'image/png', png()), file('agreement.pdf', 'application/pdf', pdf())]);
    const van = modal.getByRole('listitem', { name: 'van.png' });
    const agreement = modal.getByRole('listitem', { name: 'agreement.pdf' });
    await van.waitFor();
    await agreement.waitFor();
    expect(await modal.getByRole('alert').count()).toBe(0);

    // Upload without labels: each file says what it needs.
    await modal.getByRole('button', { name: 'Upload' }).click();
    await van.getByText('Document label is required').waitFor();
    await agreement.getByText('Document label is required').waitFor();
    expect(await documentCount(c)).toBe(0);
    await van.getByLabel('Document label').fill('Van photo');
    await agreement.getByLabel('Document label').fill('Signed agreement');

    // Hold the first file's request until its progress has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/enquiry/uploadImage', async (route) => {
      await held;
      await route.continue();
    });
    await modal.getByRole('button', { name: 'Upload' }).click();
    await van.getByRole('progressbar', { name: 'Uploading van.png' }).waitFor();
    await agreement.getByText('Waiting…').waitFor();
    await screenshot(page, 'customers-documents-uploading');
    release();
    await van.getByText('Uploaded').waitFor();
    await agreement.getByText('Uploaded').waitFor();
    await page.unroute('**/api/v1/enquiry/uploadImage');
    expect(await documentCount(c)).toBe(2);
    await screenshot(page, 'customers-documents-uploaded');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // Listed newest first with who and when.
    const rows = drawer.getByRole('row');
    await drawer.getByRole('row', { name: /Van photo/ }).waitFor();
    await drawer.getByRole('row', { name: /Signed agreement/ }).waitFor();
    expect(await rows.nth(1).textContent()).toContain('Signed agreement');
    await expect.poll(() => drawer.getByRole('row', { name: /Van photo/ }).textContent()).toMatch(/Demo SUPER_ADMIN|\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await screenshot(page, 'customers-documents-list');

    // View opens the file in a new tab.
    const popup = page.context().waitForEvent('page');
    await drawer.getByRole('row', { name: /Van photo/ }).getByRole('button', { name: 'View' }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    await tab.getByRole('img').waitFor();
    await expect.poll(() => tab.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    await tab.close();

    // Delete asks first, then the row goes.
    await drawer.getByRole('row', { name: /Van photo/ }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete document?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // While the dialog is open the drawer is hidden from assistive technology, where no row is
    // found: the row is looked for once the dialog has gone.
    await confirm.waitFor({ state: 'detached' });
    await drawer.getByRole('row', { name: /Van photo/ }).waitFor({ state: 'detached' });
    expect(await documentCount(c)).toBe(1);

    // Closing returns to the card, whose count followed.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: c.name }).getByRole('button', { name: 'Documents (1)' }).waitFor();
    // Focus is back on the button that opened the drawer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Documents (1)');
    await screenshot(page, 'customers-documents-card');

    // With a long uploader name and file name, as real ones are, the label, uploader and time still
    // wrap between words, never inside one ('Signed agreem / ent'), and the table fits the drawer.
    await query(server, 'UPDATE documents SET uploaded_by = $2, filename = $3 WHERE lease_company_id = $1', [
      c.id,
      JSON.stringify({ firstname: 'Demo', lastname: 'SUPER_ADMIN' }),
      'Signed_framework_agreement_2026_final_version.pdf',
    ]);
    const again = await openDrawer(page, c, 1);
    const cells = again.getByRole('row', { name: /Signed agreement/ }).getByRole('cell');
    // The file name is one long word: it alone may be split.
    const label = cells.nth(0).getByText('Signed agreement', { exact: true });
    expect(await wordsSplitOverLines(label)).toEqual([]);
    // A label of two words keeps to one line.
    const lines = await label.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect(await wordsSplitOverLines(cells.nth(1))).toEqual([]);
    const table = again.getByRole('table', { name: 'Documents' });
    expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    await screenshot(page, 'customers-documents-long-names');
  });

  it('shows another console\'s changes live, in the drawer and on the card', async () => {
    const c = await customerWithoutDocuments();
    const watcher = await signedInPage(browser, server, 'VIEWER');
    const drawer = await openDrawer(watcher, c, 0);
    await drawer.getByText('No uploaded documents').waitFor();
    // Without UPLOAD_DOCUMENTS: Upload Documents is disabled.
    expect(await drawer.getByRole('button', { name: 'Upload Documents' }).isDisabled()).toBe(true);

    const editor = await signedInPage(browser, server, 'EDITOR');
    const editorDrawer = await openDrawer(editor, c, 0);
    await editorDrawer.getByRole('button', { name: 'Upload Documents' }).click();
    const modal = editor.getByRole('dialog', { name: 'Upload Documents' });
    await modal.getByLabel('Choose files').setInputFiles([file('insurance.pdf', 'application/pdf', pdf())]);
    await modal.getByRole('listitem', { name: 'insurance.pdf' }).getByLabel('Document label').fill('Insurance certificate');
    await modal.getByRole('button', { name: 'Upload' }).click();
    await modal.getByText('Uploaded').waitFor();

    const row = drawer.getByRole('row', { name: /Insurance certificate/ });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await screenshot(watcher, 'customers-documents-viewer');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await watcher.getByRole('article', { name: c.name }).getByRole('button', { name: 'Documents (1)' }).waitFor();
  });

  it('keeps what was typed when the network fails, retries, and asks before dropping unsent files', async () => {
    const c = await customerWithoutDocuments();
    const page = await signedInPage(browser, server, 'EDITOR');
    const drawer = await openDrawer(page, c, 0);
    await drawer.getByRole('button', { name: 'Upload Documents' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload Documents' });
    await modal.getByLabel('Choose files').setInputFiles([file('rate-card.png', 'image/png', png(20, 20))]);
    const entry = modal.getByRole('listitem', { name: 'rate-card.png' });
    await entry.getByLabel('Document label').fill('Rate card');

    await page.route('**/api/v1/enquiry/uploadImage', (route) => route.abort('internetdisconnected'));
    await modal.getByRole('button', { name: 'Upload' }).click();
    await entry.getByRole('alert').filter({ hasText: NETWORK }).waitFor();
    expect(await entry.getByLabel('Document label').inputValue()).toBe('Rate card');
    await screenshot(page, 'customers-documents-network-error');

    // Closing now asks first; staying keeps everything.
    await modal.getByRole('button', { name: 'Cancel' }).click();
    const quit = page.getByRole('dialog', { name: 'Quit Editing?' });
    await quit.getByRole('button', { name: 'Keep Editing' }).click();
    await quit.waitFor({ state: 'detached' });
    expect(await entry.getByLabel('Document label').inputValue()).toBe('Rate card');

    await page.unroute('**/api/v1/enquiry/uploadImage');
    await entry.getByRole('button', { name: 'Retry rate-card.png' }).click();
    await entry.getByText('Uploaded').waitFor();
    expect(await documentCount(c)).toBe(1);
    await modal.getByRole('button', { name: 'Close' }).click();
    await drawer.getByRole('row', { name: /Rate card/ }).waitFor();

    // Files chosen but not uploaded: Quit drops them.
    await drawer.getByRole('button', { name: 'Upload Documents' }).click();
    await modal.getByLabel('Choose files').setInputFiles([file('later.pdf', 'application/pdf', pdf())]);
    await modal.getByRole('listitem', { name: 'later.pdf' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Quit Editing?' }).getByRole('button', { name: 'Quit' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await documentCount(c)).toBe(1);
    // Focus is back on the button that opened the modal.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Upload Documents');
  });
});
