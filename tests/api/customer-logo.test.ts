import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { fullForm } from '../fixtures/customerForms';
import { png } from '../fixtures/png';
import { accountingCategories, files } from '../../server/db/schema';
import { LOGO_MESSAGES, toCustomerForm, toSaveInput, type CustomerDetails, type CustomerForm } from '../../domain/customers';

let t: TestApp;
const as: Record<string, Browser> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.services.db.insert(accountingCategories).values([{ id: '1001', name: 'Leasing UK' }]);
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER', 'SUPPORT']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t.close());

const save = (form: CustomerForm) => as.SUPER_ADMIN.post('admin/saveLeaseCompanyDetails', toSaveInput(form, 'UK'));
async function details(id: string): Promise<CustomerDetails> {
  const res = await as.SUPER_ADMIN.post('admin/getLeaseCompanyDetails', { leaseCompanyId: id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customer;
}
let customerNo = 0;
async function createCustomer(): Promise<CustomerDetails> {
  const form = fullForm('UK');
  form.customerName = `Logo Test Leasing ${++customerNo} Ltd`;
  const res = await save(form);
  expect(res.statusCode, res.body).toBe(200);
  return details(res.json().leaseCompanyId);
}
/** Saves the customer with `logo` as its web-link logo. */
async function useLogo(d: CustomerDetails, logo: string | null) {
  const form = toCustomerForm(await details(d.id));
  form.config.webLink.theme.logo = logo;
  return save(form);
}
const upload = (bytes: Buffer | string, fileName = 'logo.png', b = as.EDITOR) =>
  b.post('admin/uploadCustomerLogo', { fileName, contentBase64: typeof bytes === 'string' ? bytes : bytes.toString('base64') });
const logo = (fileId: string, b: Browser) => b.get(`admin/getCustomerLogo?fileId=${fileId}`);
async function fileCount() {
  const [{ n }] = await t.services.db.select({ n: count() }).from(files);
  return Number(n);
}

describe('admin/uploadCustomerLogo', () => {
  it('stores a PNG under its name, answering the address the form keeps', async () => {
    const d = await createCustomer();
    const bytes = png(40, 100);
    const res = await as.EDITOR.post('admin/uploadCustomerLogo', { leaseCompanyId: d.id, fileName: 'brand.png', contentBase64: bytes.toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    const { fileId, url } = res.json();
    expect(url).toBe(`/api/v1/admin/getCustomerLogo?fileId=${fileId}`);
    const [stored] = await t.services.db.select().from(files).where(eq(files.id, fileId));
    expect(stored).toMatchObject({ name: 'brand.png', contentType: 'image/png', size: bytes.length, complete: true });
  });

  it('takes a data-URL prefix and line breaks in the base64 text', async () => {
    const bytes = png(20, 20);
    const text = `data:image/png;base64,${bytes.toString('base64').replace(/(.{76})/g, '$1\n')}`;
    const res = await upload(text);
    expect(res.statusCode, res.body).toBe(200);
    expect((await logo(res.json().fileId, as.EDITOR)).rawPayload.equals(bytes)).toBe(true);
  });

  it("rejects by content, size and height with the spec's messages, storing nothing", async () => {
    const before = await fileCount();
    const refuse = async (bytes: Buffer | string, message: string, status = 400) => {
      const res = await upload(bytes);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message, fields: { file: message } });
    };
    await refuse(Buffer.from('this is a text file, not an image\n'), LOGO_MESSAGES.notPng);
    await refuse(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]), LOGO_MESSAGES.notPng);
    await refuse(Buffer.alloc(300_000, 0x61), LOGO_MESSAGES.notPng);
    await refuse('<img src=x onerror=alert(1)>', LOGO_MESSAGES.notPng);
    await refuse(png(10, 10, 100 * 1024 + 1), LOGO_MESSAGES.tooLarge);
    await refuse(png(10, 10, 600 * 1024), LOGO_MESSAGES.tooLarge);
    await refuse(png(10, 101), LOGO_MESSAGES.tooHigh);
    // A body past 1 MB is refused before it is read.
    await refuse(`${png(10, 10).toString('base64')}${' '.repeat(1024 * 1024)}`, LOGO_MESSAGES.tooLarge, 413);
    const noFile = await as.EDITOR.post('admin/uploadCustomerLogo', { fileName: 'logo.png' });
    expect(noFile.json().error.message).toBe(LOGO_MESSAGES.notPng);
    const noName = await as.EDITOR.post('admin/uploadCustomerLogo', { contentBase64: png(10, 10).toString('base64') });
    expect(noName.json().error).toMatchObject({ code: 'VALIDATION', fields: { fileName: 'File name is required' } });
    const notJson = await as.EDITOR.post('admin/uploadCustomerLogo', '{"fileName": "a.png", "contentBase64": "iVBO', { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
    expect((await upload(png(10, 10), 'logo.png', as.VIEWER)).statusCode).toBe(403);
    expect(await fileCount()).toBe(before);

    const exact = png(10, 10, 100 * 1024);
    expect(exact.length).toBe(102400);
    expect((await upload(exact, 'exact.png')).statusCode).toBe(200);
    expect((await upload(png(300, 100), 'wide.png')).statusCode).toBe(200);
  });
});

describe('admin/getCustomerLogo', () => {
  it('serves a saved logo to every role that may view customers, and a new upload only to its uploader', async () => {
    const d = await createCustomer();
    const bytes = png(30, 30);
    const { fileId, url } = (await upload(bytes)).json();

    // Before the customer is saved with it: the edit form's preview, for the uploader alone.
    const preview = await logo(fileId, as.EDITOR);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(bytes)).toBe(true);
    for (const role of ['VIEWER', 'SUPPORT', 'SUPER_ADMIN']) expect((await logo(fileId, as[role])).statusCode, role).toBe(404);

    expect((await useLogo(d, url)).statusCode).toBe(200);
    for (const role of ['VIEWER', 'SUPPORT', 'SUPER_ADMIN', 'EDITOR']) {
      const res = await logo(fileId, as[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    expect((await new Browser(t).get(`admin/getCustomerLogo?fileId=${fileId}`)).statusCode).toBe(401);

    // Replaced: the old logo is no one's but its uploader's again.
    expect((await useLogo(d, null)).statusCode).toBe(200);
    expect((await logo(fileId, as.VIEWER)).statusCode).toBe(404);
    expect((await logo(fileId, as.EDITOR)).statusCode).toBe(200);
  });

  it('never serves a file that is not a logo upload, even when a customer names it', async () => {
    const d = await createCustomer();
    const doc = png(30, 30);
    const up = await as.EDITOR.post('enquiry/uploadImage', { file: doc.toString('base64'), savedFilename: 'scan.png', documentUploadType: 'CUSTOMER' });
    expect(up.statusCode, up.body).toBe(200);
    const fileId = up.json().fileId;
    expect((await useLogo(d, `/api/v1/admin/getCustomerLogo?fileId=${fileId}`)).statusCode).toBe(200);
    for (const role of ['VIEWER', 'SUPPORT', 'EDITOR']) expect((await logo(fileId, as[role])).statusCode, role).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) expect((await logo(id, as.VIEWER)).statusCode).toBe(404);
  });
});

describe('the web-link logo field', () => {
  it("keeps an uploaded logo or an https address, and refuses any other with 'Logo is not valid'", async () => {
    const d = await createCustomer();
    const { url } = (await upload(png(10, 10))).json();
    for (const ok of [url, 'https://cdn.brand.example/logo.png', 'https://brand.example/a/b.png?v=2']) {
      expect((await useLogo(d, ok)).statusCode, ok).toBe(200);
      expect((await details(d.id)).config.webLink.theme.logo).toBe(ok);
    }
    const bad = [
      'http://tracker.example/pixel.png',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      '//tracker.example/pixel.png',
      'https://user:secret@brand.example/logo.png',
      'https://localhost/logo.png',
      '/api/v1/auth/logout',
      `${url}&x=1`,
      `https://brand.example/${'a'.repeat(300)}.png`,
    ];
    for (const logoUrl of bad) {
      const res = await useLogo(d, logoUrl);
      expect(res.statusCode, logoUrl).toBe(400);
      expect(res.json().error.fields, logoUrl).toEqual({ 'config.webLink.theme.logo': 'Logo is not valid' });
    }
    expect((await details(d.id)).config.webLink.theme.logo).toBe('https://brand.example/a/b.png?v=2');
  });
});
