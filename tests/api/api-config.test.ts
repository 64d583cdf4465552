import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { apiConfigs, auditLog, leaseCompanies, supplierGroups } from '../../server/db/schema';
import { API_ENDPOINT_CATALOGUE } from '../../domain/apiConfig';

let t: TestApp;
const as: Record<string, Browser> = {};
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER', 'SUPPORT', 'FINANCE']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t.close());

async function lease(): Promise<string> {
  n += 1;
  const [r] = await t.services.db
    .insert(leaseCompanies)
    .values({ diCustomerId: `C9${String(n).padStart(4, '0')}`, name: `API Customer ${n}`, customerType: 'DIRECT', rateCardType: 'VISN', currency: 'GBP', config: {} as never })
    .returning({ id: leaseCompanies.id });
  return r.id;
}
async function group(): Promise<string> {
  n += 1;
  const [r] = await t.services.db.insert(supplierGroups).values({ groupId: `G9${n}`, name: `API Group ${n}` } as never).returning({ id: supplierGroups.id });
  return r.id;
}
const stored = async (leaseId: string) => (await t.services.db.select().from(apiConfigs).where(eq(apiConfigs.leaseCompanyId, leaseId)))[0];
const LEASE_OFF = API_ENDPOINT_CATALOGUE.LEASE.map((path) => ({ path, isEnabled: false }));

describe('admin/getApiConfig', () => {
  it('answers null without an API id, and 404 for an unknown customer', async () => {
    const id = await lease();
    const res = await as.VIEWER.post('admin/getApiConfig', { leaseId: id, viewType: 'LEASE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ apiConfig: null });
    expect((await as.VIEWER.post('admin/getApiConfig', { leaseId: crypto.randomUUID(), viewType: 'LEASE' })).statusCode).toBe(404);
  });

  it('lists every catalogue endpoint with its switch, dropping paths no longer offered', async () => {
    const id = await lease();
    await t.services.db.insert(apiConfigs).values({
      apiId: `lease_fixed_${n}`,
      secretHash: 'x',
      viewType: 'LEASE',
      leaseCompanyId: id,
      allowedEndpoints: [{ path: '/vehicles', isEnabled: true }, { path: '/retired', isEnabled: true }],
    });
    const res = await as.VIEWER.post('admin/getApiConfig', { leaseId: id, viewType: 'LEASE' });
    expect(res.json().apiConfig).toEqual({
      leaseAPIId: `lease_fixed_${n}`,
      allowedEndpoints: API_ENDPOINT_CATALOGUE.LEASE.map((path) => ({ path, isEnabled: path === '/vehicles' })),
      version: 1,
    });
  });

  it('refuses roles without API_INTEGRATIONS view (403) and asks for the id its view type needs (400)', async () => {
    const id = await lease();
    for (const role of ['SUPPORT', 'FINANCE']) expect((await as[role].post('admin/getApiConfig', { leaseId: id, viewType: 'LEASE' })).statusCode, role).toBe(403);
    const noId = await as.VIEWER.post('admin/getApiConfig', { accountId: id, viewType: 'LEASE' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error.fields).toEqual({ leaseId: 'leaseId is required' });
    const badType = await as.VIEWER.post('admin/getApiConfig', { leaseId: id, viewType: 'lease' });
    expect(badType.json().error.fields.viewType).toBe('viewType must be LEASE or GARAGE');
  });
});

describe('admin/createApiId', () => {
  it('creates an id and a secret answered once, keeps only its hash, all endpoints off, audited without the hash', async () => {
    const id = await lease();
    const res = await as.EDITOR.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' });
    expect(res.statusCode, res.body).toBe(200);
    const { apiId, apiSecret } = res.json();
    expect(Object.keys(res.json()).sort()).toEqual(['apiId', 'apiSecret']);
    expect(apiId).toMatch(/^lease_[0-9a-f]{24}$/);
    expect(apiSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(apiSecret, 'base64url')).toHaveLength(32);

    const row = await stored(id);
    expect(row.apiId).toBe(apiId);
    expect(row.secretHash).toBe(crypto.createHash('sha256').update(apiSecret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(apiSecret);
    expect(row.allowedEndpoints).toEqual(LEASE_OFF);

    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, row.id));
    expect(audit).toHaveLength(1);
    expect(audit[0].slug).toBe('admin/createApiId');
    expect(audit[0].after).not.toHaveProperty('secretHash');
    expect(JSON.stringify(audit[0])).not.toContain(apiSecret);

    // The secret is never readable again.
    const read = await as.EDITOR.post('admin/getApiConfig', { leaseId: id, viewType: 'LEASE' });
    expect(read.json().apiConfig.leaseAPIId).toBe(apiId);
    expect(read.body).not.toContain(apiSecret);
    expect(read.body).not.toContain(row.secretHash);
  });

  it('answers 409 when the record already has an id, and keeps the first', async () => {
    const id = await lease();
    const first = await as.EDITOR.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' });
    expect(first.statusCode).toBe(200);
    const second = await as.SUPER_ADMIN.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('API_ID_EXISTS');
    expect((await stored(id)).apiId).toBe(first.json().apiId);
  });

  it('creates one id when two generations race', async () => {
    const id = await lease();
    const results = await Promise.all([as.EDITOR.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' }), as.SUPER_ADMIN.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.services.db.select().from(apiConfigs).where(eq(apiConfigs.leaseCompanyId, id))).toHaveLength(1);
  });

  it('serves groups under GARAGE with groupAPIId', async () => {
    const g = await group();
    const res = await as.EDITOR.post('admin/createApiId', { accountId: g, viewType: 'GARAGE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().apiId).toMatch(/^garage_/);
    const read = await as.VIEWER.post('admin/getApiConfig', { accountId: g, viewType: 'GARAGE' });
    expect(read.json().apiConfig).toEqual({ groupAPIId: res.json().apiId, allowedEndpoints: API_ENDPOINT_CATALOGUE.GARAGE.map((path) => ({ path, isEnabled: false })), version: 1 });
    // A group id is not a customer.
    expect((await as.EDITOR.post('admin/createApiId', { leaseId: g, viewType: 'LEASE' })).statusCode).toBe(404);
  });

  it('refuses VIEWER (no edit) and unknown customers', async () => {
    const id = await lease();
    expect((await as.VIEWER.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' })).statusCode).toBe(403);
    expect((await as.SUPPORT.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' })).statusCode).toBe(403);
    expect(await stored(id)).toBeUndefined();
    expect((await as.EDITOR.post('admin/createApiId', { leaseId: crypto.randomUUID(), viewType: 'LEASE' })).statusCode).toBe(404);
  });
});

describe('admin/updateApiEndpoints', () => {
  async function withId(): Promise<string> {
    const id = await lease();
    expect((await as.EDITOR.post('admin/createApiId', { leaseId: id, viewType: 'LEASE' })).statusCode).toBe(200);
    return id;
  }

  it('saves the switches, bumps the version and audits the change', async () => {
    const id = await withId();
    const want = API_ENDPOINT_CATALOGUE.LEASE.map((path, i) => ({ path, isEnabled: i % 2 === 0 }));
    const res = await as.EDITOR.post('admin/updateApiEndpoints', { leaseCompanyId: id, viewType: 'LEASE', allowedEndpoints: want });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().apiConfig).toMatchObject({ allowedEndpoints: want, version: 2 });
    const row = await stored(id);
    expect(row.allowedEndpoints).toEqual(want);
    expect(Number(row.version)).toBe(2);
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, row.id));
    expect(audit.map((a) => a.slug).sort()).toEqual(['admin/createApiId', 'admin/updateApiEndpoints']);
    const upd = audit.find((a) => a.slug === 'admin/updateApiEndpoints')!;
    expect((upd.before as { allowedEndpoints: unknown }).allowedEndpoints).toEqual(LEASE_OFF);
    expect(upd.after).not.toHaveProperty('secretHash');
  });

  it('keeps the stored switch of paths the request leaves out', async () => {
    const id = await withId();
    await as.EDITOR.post('admin/updateApiEndpoints', { leaseCompanyId: id, viewType: 'LEASE', allowedEndpoints: [{ path: '/drivers', isEnabled: true }] });
    await as.EDITOR.post('admin/updateApiEndpoints', { leaseCompanyId: id, viewType: 'LEASE', allowedEndpoints: [{ path: '/vor', isEnabled: true }] });
    const on = (await stored(id)).allowedEndpoints.filter((e) => e.isEnabled).map((e) => e.path);
    expect(on).toEqual(['/drivers', '/vor']);
  });

  it('refuses unknown and duplicate paths, and paths of the other view type', async () => {
    const id = await withId();
    const res = await as.EDITOR.post('admin/updateApiEndpoints', {
      leaseCompanyId: id,
      viewType: 'LEASE',
      allowedEndpoints: [{ path: '/admin', isEnabled: true }, { path: '/vor', isEnabled: true }, { path: '/vor', isEnabled: false }, { path: '/enquiries/{id}/bids', isEnabled: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'allowedEndpoints.0.path': 'Unknown endpoint: /admin',
      'allowedEndpoints.2.path': 'Endpoint listed twice: /vor',
      'allowedEndpoints.3.path': 'Unknown endpoint: /enquiries/{id}/bids',
    });
    expect((await stored(id)).allowedEndpoints).toEqual(LEASE_OFF);
  });

  it('answers 404 "No api id found" without an id, 409 for a stale version, 403 for VIEWER', async () => {
    const bare = await lease();
    const none = await as.EDITOR.post('admin/updateApiEndpoints', { leaseCompanyId: bare, viewType: 'LEASE', allowedEndpoints: [] });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('No api id found');

    const id = await withId();
    const body = { leaseCompanyId: id, viewType: 'LEASE', allowedEndpoints: [{ path: '/vor', isEnabled: true }] };
    expect((await as.VIEWER.post('admin/updateApiEndpoints', body)).statusCode).toBe(403);
    expect((await as.EDITOR.post('admin/updateApiEndpoints', { ...body, version: 1 })).statusCode).toBe(200);
    const stale = await as.EDITOR.post('admin/updateApiEndpoints', { ...body, allowedEndpoints: [{ path: '/vor', isEnabled: false }], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ version: 2 });
    expect(stale.body).not.toContain('secretHash');
    expect((await stored(id)).allowedEndpoints.find((e) => e.path === '/vor')!.isEnabled).toBe(true);
  });
});
