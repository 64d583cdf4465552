import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { fullForm } from '../fixtures/customerForms';
import { createDataProvider, type ConsoleDataProvider } from '../../dataProvider';
import { toSaveInput } from '../../domain/customers';
import { accountingCategories, fileValidationReports } from '../../server/db/schema';

// The console's getManyReference and getList over the declared sub-collections (domain/resources),
// routed by their declarations to the spec's slugs on a real app, as each preset.
let t: TestApp;
const as: Record<string, Browser> = {};
const dp: Record<string, ConsoleDataProvider> = {};
let customerA: string;
let customerB: string;

/** A dataProvider whose calls go through `b`'s session, failing as the browser's would. */
function providerOf(b: Browser): ConsoleDataProvider {
  return createDataProvider({
    async call(slug, { method, body }) {
      const res = method === 'GET' ? await b.get(slug) : await b.post(slug, body);
      if (res.statusCode >= 400) throw new HttpError(res.json().error?.message ?? res.body, res.statusCode, res.json());
      return res.json();
    },
    search: () => Promise.reject(new Error('no search in this test')),
    upload: () => Promise.reject(new Error('no upload in this test')),
  });
}

async function createCustomer(name: string): Promise<string> {
  const res = await as.SUPER_ADMIN.post('admin/saveLeaseCompanyDetails', toSaveInput({ ...fullForm('UK'), customerName: name }, 'UK', { canEditFees: true }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().leaseCompanyId;
}

async function invite(leaseId: string, company: string, firstname: string, email: string) {
  const res = await as.EDITOR.post('admin/createLeaseUserInvite', { company, leaseId, firstname, lastname: 'Lee', email, invitedById: null, isSuperAdmin: true });
  expect(res.statusCode, res.body).toBe(200);
}

/** Stores a PNG and attaches it to `leaseCompanyId` as `label`. */
async function addDocument(leaseCompanyId: string, label: string) {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(200).fill(7)]);
  const up = await as.EDITOR.post('enquiry/uploadImage', { file: png.toString('base64'), fileId: 'x', savedFilename: 'scan.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
  expect(up.statusCode, up.body).toBe(200);
  const document = { uid: `uid-${label}`, type: 'image/png', filename: 'scan.png', savedFilename: 'scan.png', label, fileId: up.json().fileId };
  const res = await as.EDITOR.post('admin/addDocument', { leaseCompanyId, accountId: null, serviceUnitId: null, uploadType: 'CUSTOMER', user: { firstname: 'Ed', lastname: 'Editor' }, document });
  expect(res.statusCode, res.body).toBe(200);
}

const reference = (target: string, id: string, page = 1, perPage = 25) => ({ target, id, filter: {}, sort: { field: 'id', order: 'DESC' as const }, pagination: { page, perPage } });
const names = (rows: { firstname?: string; label?: string }[]) => rows.map((r) => r.firstname ?? r.label);

beforeAll(async () => {
  t = await createTestApp();
  await t.services.db.insert(accountingCategories).values([{ id: '1001', name: 'Leasing UK' }]);
  // NOBODY: an admin whose role grants nothing.
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER', 'FINANCE', 'NOBODY']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
    dp[role] = providerOf(as[role]);
  }
  customerA = await createCustomer('Alpha Fleet Leasing Ltd');
  customerB = await createCustomer('Beta Fleet Leasing Ltd');
  await invite(customerA, 'Alpha Fleet Leasing Ltd', 'Zoe', 'zoe@alpha.example');
  await invite(customerA, 'Alpha Fleet Leasing Ltd', 'Adam', 'adam@alpha.example');
  await invite(customerA, 'Alpha Fleet Leasing Ltd', 'Mia', 'mia@alpha.example');
  await invite(customerB, 'Beta Fleet Leasing Ltd', 'Bob', 'bob@beta.example');
  await addDocument(customerA, 'Signed agreement');
  await addDocument(customerB, 'Beta terms');
});
afterAll(() => t.close());

describe('customerUser', () => {
  it("lists one customer's users only, by name, with the total", async () => {
    const a = await dp.VIEWER.getManyReference('customerUser', reference('customerId', customerA));
    expect(names(a.data)).toEqual(['Adam', 'Mia', 'Zoe']);
    expect(a.total).toBe(3);
    const b = await dp.VIEWER.getManyReference('customerUser', reference('customerId', customerB));
    expect(names(b.data)).toEqual(['Bob']);
  });

  it("answers the spec's whole list as one page, whatever page is asked for", async () => {
    const small = await dp.VIEWER.getManyReference('customerUser', reference('customerId', customerA, 1, 2));
    expect(names(small.data)).toEqual(['Adam', 'Mia', 'Zoe']);
    expect(small.total).toBe(3);
  });

  it('is refused without the customer view, and for an unknown customer', async () => {
    await expect(dp.NOBODY.getManyReference('customerUser', reference('customerId', customerA))).rejects.toMatchObject({ status: 403 });
    await expect(dp.VIEWER.getManyReference('customerUser', reference('customerId', '00000000-0000-4000-8000-000000000000'))).rejects.toMatchObject({ status: 404 });
  });
});

describe('customerDocument', () => {
  it("lists one customer's documents only, each keyed by its file id", async () => {
    const a = await dp.VIEWER.getManyReference('customerDocument', reference('customerId', customerA));
    expect(names(a.data)).toEqual(['Signed agreement']);
    expect(a.data[0].id).toBe(a.data[0].fileId);
    expect(a.total).toBe(1);
    expect(names((await dp.FINANCE.getManyReference('customerDocument', reference('customerId', customerB))).data)).toEqual(['Beta terms']);
  });

  it('is refused without the customer view', async () => {
    await expect(dp.NOBODY.getManyReference('customerDocument', reference('customerId', customerA))).rejects.toMatchObject({ status: 403 });
  });
});

describe('networkImport and networkExport', () => {
  it("lists a customer's and the DI network's, for those with the network permission", async () => {
    for (const resource of ['networkImport', 'networkExport']) {
      expect(await dp.EDITOR.getManyReference(resource, reference('customerId', customerA))).toEqual({ data: [], total: 0 });
      expect(await dp.EDITOR.getList(resource, { filter: { customerId: null }, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 25 } })).toEqual({ data: [], total: 0 });
    }
  });

  it('is refused without the network permission', async () => {
    for (const resource of ['networkImport', 'networkExport']) {
      await expect(dp.VIEWER.getManyReference(resource, reference('customerId', customerA))).rejects.toMatchObject({ status: 403 });
    }
  });
});

describe('file-validation', () => {
  it('lists the latest 25 reports, newest first, as one page', async () => {
    const start = Date.parse('2026-03-01T08:00:00Z');
    await t.services.db.insert(fileValidationReports).values(
      Array.from({ length: 30 }, (_, i) => ({ validationType: 'SUPPLIER', fileName: `file-${i + 1}.csv`, uploadedBy: { firstname: 'Ed', lastname: 'Editor', email: 'e@x.example' }, uploadedAt: new Date(start + i * 60_000) })),
    );
    const page = await dp.VIEWER.getList('file-validation', { filter: {}, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 10 } });
    expect(page.total).toBe(25);
    expect(page.data.map((r) => r.fileName)).toEqual(Array.from({ length: 25 }, (_, i) => `file-${30 - i}.csv`));
  });

  it('is refused without the file validation view', async () => {
    await expect(dp.FINANCE.getList('file-validation', { filter: {}, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 25 } })).rejects.toMatchObject({ status: 403 });
  });
});
