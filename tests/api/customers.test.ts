import type { AddressInfo } from 'node:net';
import { asc, count, eq } from 'drizzle-orm';
import { Client } from 'typesense';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { SseStream } from '../support/sse';
import { edited, fullForm } from '../fixtures/customerForms';
import { LIVE_URL } from '../../server/live/route';
import { accountingCategories, auditLog, leaseCompanies } from '../../server/db/schema';
import { topics } from '../../domain/live';
import {
  CUSTOMER_ACCESS_MESSAGES,
  applyCustomerDependencies,
  emptyCustomerForm,
  feeFromInput,
  normalizeCustomerForm,
  toCustomerForm,
  toSaveInput,
  type Country,
  type CustomerDetails,
  type CustomerForm,
} from '../../domain/customers';

let t: TestApp;
let base: string;
let search: Client;
const as: Record<string, Browser> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.services.db.insert(accountingCategories).values([
    { id: '1001', name: 'Leasing UK' },
    { id: '1004', name: 'Leasing Ireland' },
  ]);
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER', 'FINANCE', 'SUPPORT']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  const key = (await as.SUPER_ADMIN.get('session/getSessionToken')).json().key as string;
  const port = (t.app.server.address() as AddressInfo).port;
  search = new Client({ nodes: [{ host: '127.0.0.1', port, protocol: 'http', path: '/api/v1/search' }], apiKey: key, logLevel: 'silent' });
});
afterAll(() => t.close());

async function save(b: Browser, form: CustomerForm, country: Country, opts: { canEditFees?: boolean } = {}) {
  return b.post('admin/saveLeaseCompanyDetails', toSaveInput(form, country, opts));
}
async function details(id: string, b = as.SUPER_ADMIN): Promise<CustomerDetails> {
  const res = await b.post('admin/getLeaseCompanyDetails', { leaseCompanyId: id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customer;
}
/** What the form shows after a reload, without the identity the server assigns. */
const comparable = (f: CustomerForm) => {
  const { id: _id, version: _v, prevPlatformFees: _p, ...rest } = f;
  return rest;
};
const expected = (f: CustomerForm) => comparable(normalizeCustomerForm(applyCustomerDependencies(null, f)));

async function rowCount() {
  const [r] = await t.services.db.select({ n: count() }).from(leaseCompanies);
  return Number(r.n);
}
async function auditCount(id?: string) {
  const q = t.services.db.select({ n: count() }).from(auditLog);
  const [r] = id ? await q.where(eq(auditLog.recordId, id)) : await q;
  return Number(r.n);
}
async function createCustomer(country: Country = 'UK', form = fullForm(country)): Promise<CustomerDetails> {
  const res = await save(as.SUPER_ADMIN, form, country);
  expect(res.statusCode, res.body).toBe(200);
  return details(res.json().leaseCompanyId);
}

describe.each(['UK', 'IE'] as const)('saving a %s customer', (country) => {
  it('creates ACTIVE with a new DI Customer Id, and every field comes back as saved', async () => {
    const form = fullForm(country);
    const res = await save(as.SUPER_ADMIN, form, country);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, leaseCompanyId: expect.any(String), version: 1 });
    const d = await details(body.leaseCompanyId);
    expect(d).toMatchObject({
      id: body.leaseCompanyId,
      version: 1,
      status: 'ACTIVE',
      name: form.customerName,
      locale: country === 'UK' ? 'en_GB' : 'en_IE',
      currency: { value: country === 'UK' ? 'GBP' : 'EURO' },
      rateCardType: { type: 'COST_TYPE_HYBRID_VISN', label: 'Hybrid ViSN' },
      fleetLevel: { type: 'LARGE', label: 'Large' },
      platformFeeAssignee: 'CUSTOMER',
      documentCount: 0,
      terminatedAt: null,
    });
    expect(d.diCustomerId).toMatch(/^C\d{5,}$/);
    expect(d.webLinkId).toBe(`wl-${d.diCustomerId.toLowerCase()}`);
    expect(d.platformFees).toEqual({
      currency: country === 'UK' ? 'GBP' : 'EURO',
      paymentMethod: 'DIRECT_DEBIT',
      feesSchedule: 30,
      platformFeeAssignee: 'CUSTOMER',
      bookingFee: 1250,
      monthlyVehicleFee: 375,
      transactionFee: 99,
      licenceFee: 125000,
      manualVorFee: 1500,
      reportingLicenceFee: 49999,
      driverLicencePricePerCheck: 115,
      licenceCheckPerDriverPerMonth: 30,
      monthlyWhatsAppFee: 99999999,
    });
    expect(comparable(toCustomerForm(d))).toEqual(expected(form));
  });

  it('edits every field, keeps status and identity, and bumps the version', async () => {
    const first = await createCustomer(country);
    const form = edited(toCustomerForm(first), country);
    const res = await save(as.SUPER_ADMIN, form, country);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, leaseCompanyId: first.id, version: 2 });
    const d = await details(first.id);
    expect(d).toMatchObject({ status: 'ACTIVE', diCustomerId: first.diCustomerId, webLinkId: first.webLinkId, version: 2, fleetLevel: null, enforceMfa: null });
    expect(d.platformFees).toMatchObject({ bookingFee: 0, monthlyWhatsAppFee: null, paymentMethod: 'BACS', platformFeeAssignee: 'SUB_CUSTOMER' });
    expect(comparable(toCustomerForm(d))).toEqual(expected(form));
    // The dependency reset reached the store: services off turned these off.
    expect(d.config.compliances.isEnabled).toBe(false);
    expect(d.config.menuOptions.menuItems.find((m) => m.type === 'MESSAGES')!.enabled).toBe(false);
    // Saving the reloaded form again changes nothing but the version.
    const again = await save(as.SUPER_ADMIN, toCustomerForm(d), country);
    expect(again.json()).toMatchObject({ version: 3 });
    expect(comparable(toCustomerForm(await details(first.id)))).toEqual(comparable(toCustomerForm(d)));
  });

  it('answers field errors with the spec\'s messages and writes nothing', async () => {
    const before = await rowCount();
    const empty = emptyCustomerForm(country);
    const res = await save(as.SUPER_ADMIN, empty, country);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toMatchObject({
      customerName: 'Customer Name is required',
      'address.postCode': country === 'UK' ? 'Postcode is required' : 'Eircode is required',
      'address.number': 'Building Name/Number is required',
      'address.address1': 'Street Name is required',
      'address.address3': 'Town is required',
      'leaseDetails.accountManager': 'Account Manager is required',
      customerType: 'Customer Type is required',
      'platformFees.platformFeeAssignee': 'Selection of Apply Platform Fee to is required',
      'platformFees.bookingFee': 'Booking Fee is required',
      'platformFees.licenceCheckPerDriverPerMonth': 'Licence Check - per driver per month Fee is required',
      'platformFees.driverLicencePricePerCheck': 'Driver Licence - Price Per Check fee is required',
    });
    if (country === 'UK') expect(error.fields.mobileNumber).toBe('Mobile Number is required');
    else expect(error.fields).not.toHaveProperty('mobileNumber');

    const bad = fullForm(country);
    bad.rateCardType = 'VISN';
    bad.supplierProximity = 100;
    bad.address.postCode = country === 'UK' ? 'D02X285' : 'SW1A1AA';
    bad.webhooks.topics[1] = { type: 'VOR_UPDATES', enabled: true, url: 'not a url' };
    bad.platformFees.monthlyWhatsAppFee = feeFromInput('');
    const res2 = await save(as.SUPER_ADMIN, bad, country);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error.fields).toEqual({
      supplierProximity: 'Max Supplier Proximity value should be less than 99',
      'address.postCode': country === 'UK' ? 'Postcode is not valid' : 'Eircode is not valid',
      'config.emailInvoices.invoiceGroup': 'This option is not applicable for selected Rate card type',
      'webhooks.topics.1.url': 'Please enter a valid URL',
      'platformFees.monthlyWhatsAppFee': 'Monthly WhatsApp Fee is required',
    });
    expect(await rowCount()).toBe(before);
  });
});

describe('versions and permissions', () => {
  it('refuses a stale version with 409 CONFLICT carrying the current record, and writes nothing', async () => {
    const d = await createCustomer();
    const form = toCustomerForm(d);
    expect((await save(as.SUPER_ADMIN, { ...form, customerName: 'First Writer Ltd' }, 'UK')).statusCode).toBe(200);
    const audits = await auditCount(d.id);
    const res = await save(as.SUPER_ADMIN, { ...form, customerName: 'Second Writer Ltd' }, 'UK');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', current: { id: d.id, version: 2, name: 'First Writer Ltd' } });
    expect(res.json().error.current).toHaveProperty('documentCount');
    expect(await details(d.id)).toMatchObject({ version: 2, name: 'First Writer Ltd' });
    expect(await auditCount(d.id)).toBe(audits);
  });

  it('refuses a VIEWER (403) and writes nothing', async () => {
    const d = await createCustomer();
    const before = await rowCount();
    const audits = await auditCount();
    expect((await save(as.VIEWER, fullForm('UK'), 'UK')).statusCode).toBe(403);
    expect((await save(as.VIEWER, { ...toCustomerForm(d), customerName: 'Viewer Edit Ltd' }, 'UK', { canEditFees: false })).statusCode).toBe(403);
    expect((await as.VIEWER.post('admin/terminateCustomer', { leaseCompanyId: d.id, version: 1 })).statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
    expect(await details(d.id)).toMatchObject({ version: 1, name: d.name, status: 'ACTIVE' });
    expect(await auditCount()).toBe(audits);
  });

  it('refuses fees from an EDITOR without PLATFORM_FEES edit (403, nothing written); without fees the save keeps the stored fees', async () => {
    const d = await createCustomer();
    const form = { ...toCustomerForm(await details(d.id, as.EDITOR)), customerName: 'Editor Edit Ltd' };
    const withFees = await save(as.EDITOR, { ...form, platformFees: { ...form.platformFees, bookingFee: feeFromInput('1') } }, 'UK');
    expect(withFees.statusCode).toBe(403);
    expect(await details(d.id)).toMatchObject({ version: 1, name: d.name, platformFees: d.platformFees });
    const created = await save(as.EDITOR, fullForm('UK'), 'UK');
    expect(created.statusCode).toBe(403);

    const ok = await save(as.EDITOR, form, 'UK', { canEditFees: false });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await details(d.id)).toMatchObject({ version: 2, name: 'Editor Edit Ltd', platformFees: d.platformFees, platformFeeAssignee: 'CUSTOMER' });

  });

  it('creates a customer only with its fees, so only with PLATFORM_FEES edit as well as EDIT_CUSTOMER; nothing is written otherwise', async () => {
    const before = await rowCount();
    const audits = await auditCount();
    // An EDITOR may not set fees, so may not create a customer, with or without fees in the payload.
    const withoutFees = await save(as.EDITOR, fullForm('UK'), 'UK', { canEditFees: false });
    expect(withoutFees.statusCode).toBe(403);
    expect(withoutFees.json().error).toMatchObject({ code: 'FORBIDDEN', message: CUSTOMER_ACCESS_MESSAGES.createNeedsFees });
    // A caller who may set fees must send them.
    const noFees = await save(as.SUPER_ADMIN, fullForm('UK'), 'UK', { canEditFees: false });
    expect(noFees.statusCode).toBe(400);
    expect(noFees.json().error.fields).toEqual({ platformFees: 'Platform Fees is required' });
    expect(await rowCount()).toBe(before);
    expect(await auditCount()).toBe(audits);

    const created = await save(as.SUPER_ADMIN, fullForm('UK'), 'UK');
    expect(created.statusCode, created.body).toBe(200);
    expect((await details(created.json().leaseCompanyId)).platformFees).not.toBeNull();
  });

  it('shows platform fees only to callers who may view them', async () => {
    const d = await createCustomer();
    expect((await details(d.id, as.SUPPORT)).platformFees).toBeNull();
    expect((await details(d.id, as.VIEWER)).platformFees).toEqual(d.platformFees);
    expect((await as.FINANCE.post('admin/saveLeaseCompanyDetails', toSaveInput(toCustomerForm(d), 'UK'))).statusCode).toBe(403);
  });

  it('answers 404 RECORD_NOT_FOUND for a customer that does not exist', async () => {
    for (const leaseCompanyId of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await as.SUPER_ADMIN.post('admin/getLeaseCompanyDetails', { leaseCompanyId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'RECORD_NOT_FOUND', message: 'Record not found!' });
    }
  });
});

describe('terminating a customer', () => {
  it('terminates only an ACTIVE customer, at the version the user saw, audited', async () => {
    const d = await createCustomer('IE');
    const stale = await as.EDITOR.post('admin/terminateCustomer', { leaseCompanyId: d.id, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', current: { version: 1, status: 'ACTIVE' } });

    const res = await as.EDITOR.post('admin/terminateCustomer', { leaseCompanyId: d.id, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const ended = await details(d.id);
    expect(ended).toMatchObject({ status: 'TERMINATED', version: 2, terminatedAt: t.clock.now().toISOString() });
    const rows = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, d.id)).orderBy(asc(auditLog.id));
    expect(rows.map((r) => r.slug)).toEqual(['admin/saveLeaseCompanyDetails', 'admin/terminateCustomer']);
    expect(rows[1].before).toMatchObject({ status: 'ACTIVE' });
    expect(rows[1].after).toMatchObject({ status: 'TERMINATED' });

    const again = await as.EDITOR.post('admin/terminateCustomer', { leaseCompanyId: d.id, version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVALID_STATUS', current: { status: 'TERMINATED' } });
    // As every 409 of a customer, the details record (as Customer Details reads it), not the table's row.
    expect(again.json().error.current).toHaveProperty('documentCount');
    expect(again.json().error.current).not.toHaveProperty('modifiedBy');

    // Edits keep the status.
    const edit = await save(as.SUPER_ADMIN, { ...toCustomerForm(ended), customerName: 'Liffey Fleet Leasing Ltd' }, 'IE');
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await details(d.id)).toMatchObject({ status: 'TERMINATED', name: 'Liffey Fleet Leasing Ltd' });
  });
});

describe('search and live updates', () => {
  it('finds the saved name in leaseCompanyIndex as soon as the save answers, and the new name after an edit', async () => {
    const form = fullForm('UK');
    form.customerName = 'Quillfeather Vehicle Leasing Ltd';
    const d = await createCustomer('UK', form);
    const find = async (q: string) =>
      (await search.collections('leaseCompanyIndex').documents().search({ q, query_by: 'name,address', filter_by: 'status:=ACTIVE' })).hits?.map((h) => (h.document as { id: string; name: string }).name) ?? [];
    expect(await find('Quillfeather')).toEqual(['Quillfeather Vehicle Leasing Ltd']);
    await save(as.SUPER_ADMIN, { ...toCustomerForm(d), customerName: 'Brackenridge Leasing Ltd' }, 'UK');
    expect(await find('Quillfeather')).toEqual([]);
    expect(await find('Brackenridge')).toEqual(['Brackenridge Leasing Ltd']);
  });

  it('notifies subscribers of leaseCompany:{id} on save and on terminate', async () => {
    const d = await createCustomer();
    const topic = topics.leaseCompany(d.id);
    const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topic)}`, as.VIEWER.cookieHeader());
    try {
      expect(s.status).toBe(200);
      await s.next((e) => e.event === 'ready');
      expect((await save(as.SUPER_ADMIN, { ...toCustomerForm(d), customerName: 'Live Fleet Ltd' }, 'UK')).statusCode).toBe(200);
      const saved = await s.message(topic);
      expect(JSON.parse(saved.data)).toEqual({ topic, payload: { op: 'update', type: 'leaseCompany', id: d.id, version: 2 } });
      expect((await as.EDITOR.post('admin/terminateCustomer', { leaseCompanyId: d.id, version: 2 })).statusCode).toBe(200);
      const ended = await s.next((e) => e.event === 'message' && JSON.parse(e.data).payload.version === 3);
      expect(JSON.parse(ended.data).payload).toMatchObject({ op: 'status', id: d.id });
    } finally {
      s.close();
    }
  });
});

describe('integration lookup', () => {
  it('lists every type and source of the reference list', async () => {
    const res = await as.VIEWER.get('admin/getIntegrationLookUp');
    expect(res.statusCode).toBe(200);
    const { lookups } = res.json();
    expect(lookups.filter((l: { source: string }) => l.source === 'VEHICLE_DATA_PROVIDER').map((l: { type: string }) => l.type).sort()).toEqual([
      'BOOK_IN_VRM_LOOKUP',
      'LABOUR_TIME',
      'NEW_ENQUIRY_VRM_LOOKUP',
      'STOCK_VRM_LOOKUP',
    ]);
    expect(lookups.find((l: { type: string }) => l.type === 'LICENCE_CHECK')).toMatchObject({ source: 'DRIVER_LICENCE_AUTHORITY', typeLabel: 'Licence check' });
    expect(lookups.filter((l: { type: string }) => l.type === 'JOB_DESCRIPTION_MENU_PRICING').map((l: { source: string }) => l.source).sort()).toEqual([
      'FNP_FORD',
      'FNP_KIA',
      'FNP_MODULUS',
      'FNP_OEC',
    ]);
    expect(lookups.every((l: Record<string, unknown>) => typeof l.typeLabel === 'string' && typeof l.sourceLabel === 'string')).toBe(true);
    expect((await new Browser(t).get('admin/getIntegrationLookUp')).statusCode).toBe(401);
  });
});

describe('accounting categories', () => {
  it("lists the accounting system's categories by name to anyone who may view customers", async () => {
    for (const role of ['VIEWER', 'SUPPORT', 'EDITOR']) {
      const res = await as[role].get('admin/getAccountingCategories');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ customerCategories: [{ id: '1004', name: 'Leasing Ireland' }, { id: '1001', name: 'Leasing UK' }] });
    }
    expect((await new Browser(t).get('admin/getAccountingCategories')).statusCode).toBe(401);
  });

  it("takes only one of them on save, with the spec's message, and writes nothing otherwise", async () => {
    const before = await rowCount();
    const form = { ...fullForm('UK'), categoryId: '9999' };
    const res = await save(as.SUPER_ADMIN, form, 'UK');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ categoryId: 'Accounting Category is not valid' });
    expect(await rowCount()).toBe(before);
    const ok = await save(as.SUPER_ADMIN, { ...form, categoryId: '1004' }, 'UK');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await details(ok.json().leaseCompanyId)).categoryId).toBe('1004');
  });
});
