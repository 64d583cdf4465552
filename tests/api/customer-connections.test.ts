import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { fullForm } from '../fixtures/customerForms';
import { accountingCategories, auditLog, leaseCompanies } from '../../server/db/schema';
import { toSaveInput, type CustomerDetails, type Webhooks } from '../../domain/customers';

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

async function createCustomer(): Promise<CustomerDetails> {
  const res = await as.SUPER_ADMIN.post('admin/saveLeaseCompanyDetails', toSaveInput(fullForm('UK'), 'UK'));
  expect(res.statusCode, res.body).toBe(200);
  return (await as.SUPER_ADMIN.post('admin/getLeaseCompanyDetails', { leaseCompanyId: res.json().leaseCompanyId })).json().customer;
}
async function row(id: string) {
  const [r] = await t.services.db.select().from(leaseCompanies).where(eq(leaseCompanies.id, id));
  return r;
}
async function audits(id: string, slug: string) {
  return t.services.db.select().from(auditLog).where(and(eq(auditLog.recordId, id), eq(auditLog.slug, slug)));
}

const ON: Webhooks = {
  enabled: true,
  authorizationUrl: ' https://hooks.example.com/oauth/token ',
  topics: [
    { type: 'ENQUIRY_UPDATES', enabled: true, url: 'https://hooks.example.com/enquiries' },
    { type: 'VOR_UPDATES', enabled: true, url: 'https://hooks.example.com/vor' },
  ],
};

describe('admin/updateLeaseWebhooks', () => {
  it('saves the block at the version seen, bumps it, writes one audit row', async () => {
    const c = await createCustomer();
    const res = await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks: ON });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, version: c.version + 1 });
    const r = await row(c.id);
    expect(Number(r.version)).toBe(c.version + 1);
    expect(r.webhooks).toEqual({ ...ON, authorizationUrl: 'https://hooks.example.com/oauth/token' });
    // Nothing else of the customer moved.
    expect(r.name).toBe(c.name);
    expect(r.config).toEqual(c.config);
    const a = await audits(c.id, 'admin/updateLeaseWebhooks');
    expect(a).toHaveLength(1);
    expect((a[0].after as { webhooks: Webhooks }).webhooks.topics[1].enabled).toBe(true);
    expect((a[0].before as { webhooks: Webhooks }).webhooks.topics[1].enabled).toBe(false);
  });

  it('forces every topic off while webhooks are off, keeping the URLs', async () => {
    const c = await createCustomer();
    const res = await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks: { ...ON, enabled: false } });
    expect(res.statusCode, res.body).toBe(200);
    const wh = (await row(c.id)).webhooks!;
    expect(wh.enabled).toBe(false);
    expect(wh.topics.map((tp) => tp.enabled)).toEqual([false, false]);
    expect(wh.topics.map((tp) => tp.url)).toEqual(['https://hooks.example.com/enquiries', 'https://hooks.example.com/vor']);
  });

  it.each([
    ['authorizationUrl', { ...ON, authorizationUrl: '' }],
    ['topics.1.url', { ...ON, topics: [ON.topics[0], { type: 'VOR_UPDATES', enabled: true, url: null }] }],
    ['topics.0.url', { ...ON, topics: [{ type: 'ENQUIRY_UPDATES', enabled: true, url: 'not a url' }, ON.topics[1]] }],
    // Off, but a URL that is given must still be a URL.
    ['authorizationUrl', { enabled: false, authorizationUrl: 'ftp://x', topics: [] }],
  ])('refuses %s with "Please enter a valid URL" and changes nothing', async (field, webhooks) => {
    const c = await createCustomer();
    const res = await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[`webhooks.${field}`]).toBe('Please enter a valid URL');
    expect(Number((await row(c.id)).version)).toBe(c.version);
  });

  it('accepts an enabled block whose switched-off topic has no URL', async () => {
    const c = await createCustomer();
    const webhooks = { ...ON, topics: [ON.topics[0], { type: 'VOR_UPDATES', enabled: false, url: '' }] };
    expect((await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks })).statusCode).toBe(200);
    expect((await row(c.id)).webhooks!.topics[1]).toEqual({ type: 'VOR_UPDATES', enabled: false, url: null });
  });

  it('answers 409 with the current details for a stale version, and writes nothing', async () => {
    const c = await createCustomer();
    expect((await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks: ON })).statusCode).toBe(200);
    const stale = await as.SUPER_ADMIN.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks: { ...ON, enabled: false } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    expect(stale.json().error.current).toMatchObject({ id: c.id, version: c.version + 1, webhooks: { enabled: true } });
    expect((await row(c.id)).webhooks!.enabled).toBe(true);
    expect(await audits(c.id, 'admin/updateLeaseWebhooks')).toHaveLength(1);
  });

  it('puts the details record in the 409 (fees only for who may view them), not the raw row', async () => {
    const c = await createCustomer();
    await t.services.db.update(leaseCompanies).set({ version: c.version + 5 }).where(eq(leaseCompanies.id, c.id));
    const res = await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks: ON });
    expect(res.statusCode).toBe(409);
    const current = res.json().error.current;
    expect(current).toMatchObject({ id: c.id, version: c.version + 5, mainphoneNumber: c.mainphoneNumber });
    expect(current).not.toHaveProperty('mainPhoneNumber');
  });

  it('refuses VIEWER and SUPPORT (403), unknown customers (404) and a missing version (400)', async () => {
    const c = await createCustomer();
    for (const role of ['VIEWER', 'SUPPORT']) {
      expect((await as[role].post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, version: c.version, webhooks: ON })).statusCode, role).toBe(403);
    }
    expect((await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: '00000000-0000-4000-8000-000000000000', version: 1, webhooks: ON })).statusCode).toBe(404);
    expect((await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: 'nope', version: 1, webhooks: ON })).statusCode).toBe(404);
    const noVersion = await as.EDITOR.post('admin/updateLeaseWebhooks', { leaseCompanyId: c.id, webhooks: ON });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.fields.version).toBe('version is required');
    expect(Number((await row(c.id)).version)).toBe(c.version);
  });
});

describe('admin/saveRetailerConfig', () => {
  it('saves the mapping trimmed, bumps the version, audits it; the details carry it', async () => {
    const c = await createCustomer();
    expect(c.retailerConfig).toBeNull();
    const res = await as.EDITOR.post('admin/saveRetailerConfig', { leaseCompanyId: c.id, version: c.version, retailerConfig: { custCust: ' Northern Fleet ', mappingId: 'MAP-0042 ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, version: c.version + 1 });
    expect((await row(c.id)).retailerConfig).toEqual({ custCust: 'Northern Fleet', mappingId: 'MAP-0042' });
    const d = (await as.VIEWER.post('admin/getLeaseCompanyDetails', { leaseCompanyId: c.id })).json().customer as CustomerDetails;
    expect(d.retailerConfig).toEqual({ custCust: 'Northern Fleet', mappingId: 'MAP-0042' });
    expect(await audits(c.id, 'admin/saveRetailerConfig')).toHaveLength(1);
  });

  it('gives the spec messages for empty fields', async () => {
    const c = await createCustomer();
    const res = await as.EDITOR.post('admin/saveRetailerConfig', { leaseCompanyId: c.id, version: c.version, retailerConfig: { custCust: '  ', mappingId: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'retailerConfig.custCust': 'Customer name is required', 'retailerConfig.mappingId': 'Mapping ID is required' });
    const missing = await as.EDITOR.post('admin/saveRetailerConfig', { leaseCompanyId: c.id, version: c.version, retailerConfig: {} });
    expect(missing.json().error.fields).toEqual({ 'retailerConfig.custCust': 'Customer name is required', 'retailerConfig.mappingId': 'Mapping ID is required' });
  });

  it('answers 409 for a stale version and refuses VIEWER', async () => {
    const c = await createCustomer();
    const body = { leaseCompanyId: c.id, version: c.version, retailerConfig: { custCust: 'A', mappingId: 'B' } };
    expect((await as.VIEWER.post('admin/saveRetailerConfig', body)).statusCode).toBe(403);
    expect((await as.EDITOR.post('admin/saveRetailerConfig', body)).statusCode).toBe(200);
    const stale = await as.EDITOR.post('admin/saveRetailerConfig', { ...body, retailerConfig: { custCust: 'C', mappingId: 'D' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current.retailerConfig).toEqual({ custCust: 'A', mappingId: 'B' });
    expect((await row(c.id)).retailerConfig).toEqual({ custCust: 'A', mappingId: 'B' });
  });
});
