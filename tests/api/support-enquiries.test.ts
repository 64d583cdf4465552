import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { ok, refusalCheck } from '../support/answers';
import { SseStream } from '../support/sse';
import { pdfText } from '../support/pdfText';
import { insertLeaseCompany } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { archivedEnquiries, auditLog, enquiries, enquiryMessages, files, invoices, leaseCompanies } from '../../server/db/schema';
import { LIVE_URL } from '../../server/live/route';
import { topics } from '../../domain/live';
import { paybillDetailsOf } from '../../domain/savi';
import { cancelMessageText, ENQUIRY_MESSAGES, type EnquiryResult, type EnquiryTool } from '../../domain/support';
import { ENQUIRY_STATUSES, type EnquiryStatus } from '../../domain/enquiries';
import type { ServiceType } from '../../domain/suppliers';
import type { CustomerConfig } from '../../domain/customers';

/**
 * The support dashboard's Manage Enquiry calls (server/rpc/supportEnquiries.ts and
 * supportInvoices.ts): the search per tool, cancel (with the supplier's message, stored and live),
 * revert completion, delete, unarchive, update service type, and the invoice view with its
 * regenerated PDF. Enquiries, archived enquiries and invoices are written directly.
 */
let t: TestApp;
let base: string;
const ROLES = ['SUPPORT', 'VIEWER', 'FINANCE'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;
const adminIds = {} as Record<Role, string>;

type Lease = typeof leaseCompanies.$inferSelect;
type Enquiry = typeof enquiries.$inferSelect;
let lease: Lease;
let otherLease: Lease;
let supplier: { id: string; groupId: string; name: string; groupName: string };
let otherSupplier: { id: string; groupId: string };

/** The lease company's app services: TYRE, SERVICE and MOT on, REPAIR off. */
const SERVICES_CONFIG = {
  services: {
    isEnabled: true,
    types: [
      { type: 'TYRE', enabled: true, visible: true },
      { type: 'SERVICE', enabled: true, visible: true },
      { type: 'REPAIR', enabled: false, visible: true },
      { type: 'MOT', enabled: true, visible: true },
    ],
  },
} as unknown as CustomerConfig;
const OFFERED: ServiceType[] = ['TYRE', 'SERVICE', 'MOT'];
const PAYBILL_COMPANY = 'Fleet Network Ltd';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const role of ROLES) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  lease = await insertLeaseCompany(db(), { name: 'Alpha Leasing' });
  [lease] = await db().update(leaseCompanies).set({ config: SERVICES_CONFIG }).where(eq(leaseCompanies.id, lease.id)).returning();
  otherLease = await insertLeaseCompany(db(), { name: 'Beta Leasing' });
  const a = await insertSupplier(db(), { name: 'Harbour Motors' }, { name: 'Harbour Motor Group' });
  supplier = { id: a.supplier.id, groupId: a.group.id, name: a.supplier.name, groupName: a.group.name };
  const b = await insertSupplier(db(), { name: 'Quay Garage' });
  otherSupplier = { id: b.supplier.id, groupId: b.group.id };
  const saved = await as.FINANCE.post('admin/savePayBillAddressAndFooterDetails', {
    version: null,
    ...paybillDetailsOf({ companyName: PAYBILL_COMPANY, number: 'Unit 4', address1: 'Quayside', address2: 'Ouseburn', address3: 'Newcastle upon Tyne', county: 'Tyne and Wear', postCode: 'NE1 2BH', footer: 'Registered in England No. 01234567' }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t?.close());

const db = () => t.services.db;
const USER = { firstname: 'Console', lastname: 'Sender' };
let numbers = 0;

function enquiryValues(over: Partial<typeof enquiries.$inferInsert>) {
  return {
    enquiryNumber: `ENQ-${String(++numbers).padStart(5, '0')}`,
    status: 'BID_ACCEPTED' as EnquiryStatus,
    source: 'BOOK_IN' as const,
    serviceType: 'SERVICE' as ServiceType,
    leaseCompanyId: lease.id,
    groupId: supplier.groupId,
    supplierId: supplier.id,
    vrm: 'AB12CDE',
    make: 'Ford',
    model: 'Focus',
    managed: true,
    region1: 'North East',
    rateCardType: 'COST_TYPE_HYBRID_VISN' as const,
    paybill: true,
    currency: 'GBP' as const,
    ...over,
  };
}

async function insertEnquiry(over: Partial<typeof enquiries.$inferInsert> = {}): Promise<Enquiry> {
  const [row] = await db().insert(enquiries).values(enquiryValues(over)).returning();
  return row;
}

async function insertArchived(over: Partial<typeof archivedEnquiries.$inferInsert> = {}) {
  const [row] = await db()
    .insert(archivedEnquiries)
    .values({ ...enquiryValues({ status: 'INVOICED', invoicedAt: new Date('2025-12-01T10:00:00Z') }), archiveReason: 'INVOICED', ...over })
    .returning();
  return row;
}

/** An INVOICED live enquiry and its invoice. */
async function insertInvoiced(over: Partial<typeof enquiries.$inferInsert> = {}) {
  const e = await insertEnquiry({ status: 'INVOICED', invoicedAt: new Date('2025-12-01T10:00:00Z'), completedAt: new Date('2025-11-30T10:00:00Z'), ...over });
  return { e, invoice: await insertInvoice(e) };
}

async function insertInvoice(e: Pick<Enquiry, 'id' | 'enquiryNumber' | 'leaseCompanyId' | 'vrm'>, over: Partial<typeof invoices.$inferInsert> = {}) {
  const [row] = await db()
    .insert(invoices)
    .values({
      invoiceNumber: `INV-${e.enquiryNumber}`,
      type: 'Invoice',
      enquiryId: e.id,
      enquiryNumber: e.enquiryNumber,
      leaseCompanyId: e.leaseCompanyId,
      groupId: supplier.groupId,
      supplierId: supplier.id,
      vrm: e.vrm,
      taxPointDate: '2025-12-01',
      currency: 'GBP',
      jobType: 'STANDARD',
      lineTaxCode: 'S',
      totalNett: 12_050,
      totalVat: 2_410,
      totalGross: 14_460,
      paybill: true,
      financeSupplierId: '58',
      ...over,
    })
    .returning();
  return row;
}

const liveRow = async (id: string) => (await db().select().from(enquiries).where(eq(enquiries.id, id)))[0];
const archivedRow = async (id: string) => (await db().select().from(archivedEnquiries).where(eq(archivedEnquiries.id, id)))[0];
const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0];
const auditOf = (recordType: string, id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, id)))
    .orderBy(asc(auditLog.id));

/** Everything these calls may write. */
async function state() {
  return {
    live: await db().select().from(enquiries).orderBy(enquiries.id),
    archive: await db().select().from(archivedEnquiries).orderBy(archivedEnquiries.id),
    messages: await db().select().from(enquiryMessages).orderBy(enquiryMessages.id),
    invoices: await db().select().from(invoices).orderBy(invoices.id),
    files: (await db().select({ id: files.id }).from(files).orderBy(files.id)).map((f) => f.id),
    audit: (await db().select({ id: auditLog.id }).from(auditLog)).length,
  };
}

/** The call is answered `status` (with `message`, when given) and writes nothing. */
const refused = refusalCheck(state);

// The console's payloads (spec 3 §7).
const find = (enquiryNumber: string, tool: EnquiryTool, b = as.SUPPORT) => b.post('admin/findEnquiries', { enquiryNumber, tool });
const cancel = (e: Enquiry, reason = 'Driver no longer needs the booking', b = as.SUPPORT, over: object = {}) =>
  b.post('admin/cancelEnquiryFromAdmin', { enquiryId: e.id, reason, user: USER, message: reason, accountId: e.groupId, serviceUnitId: e.supplierId, leaseCompanyId: e.leaseCompanyId, ...over });
const revert = (e: Enquiry, b = as.SUPPORT, over: object = {}) =>
  b.post('admin/revertEnquiryCompletion', { enquiryId: e.id, accountId: e.groupId, serviceUnitId: e.supplierId, leaseId: e.leaseCompanyId, user: USER, ...over });
const remove = (e: Enquiry, b = as.SUPPORT, over: object = {}) =>
  b.post('admin/deleteEnquiryFromAdmin', { enquiryId: e.id, user: USER, accountId: e.groupId, serviceUnitId: e.supplierId, leaseCompanyId: e.leaseCompanyId, ...over });
const unarchive = (id: string, b = as.SUPPORT) => b.post('admin/unArchiveEnquiry', { id });
const setServiceType = (e: Enquiry, serviceType: string, b = as.SUPPORT, over: object = {}) =>
  b.post('admin/updateEnquiryServiceType', { enquiryId: e.id, user: USER, accountId: e.groupId, serviceUnitId: e.supplierId, leaseId: e.leaseCompanyId, serviceType, ...over });
const regenerate = (e: Pick<Enquiry, 'id' | 'groupId' | 'supplierId' | 'leaseCompanyId'>, b = as.SUPPORT, over: object = {}) =>
  b.post('admin/regenerateInvoicePdf', { enquiryId: e.id, accountObjectID: e.groupId, serviceUnitObjectID: e.supplierId, leaseCompanyId: e.leaseCompanyId, user: USER, ...over });
const invoiceData = (e: Pick<Enquiry, 'id' | 'groupId' | 'supplierId'>, b = as.SUPPORT, over: object = {}) =>
  b.post('enquiry/invoices/getInvoiceSearchData', { accountId: e.groupId, serviceUnitId: e.supplierId, enquiryId: e.id, ...over });
const invoicePdf = (e: Pick<Enquiry, 'id'>, b = as.SUPPORT) => b.post('enquiry/invoices/getInvoicePdf', { enquiryId: e.id });

async function found(enquiryNumber: string, tool: EnquiryTool): Promise<EnquiryResult[]> {
  return ok(await find(enquiryNumber, tool)).enquiries;
}

describe('permissions', () => {
  let targets: { cancellable: Enquiry; completed: Enquiry; deletable: Enquiry; retype: Enquiry; invoiced: Enquiry; archivedId: string };
  beforeAll(async () => {
    const { e: invoiced } = await insertInvoiced();
    targets = {
      cancellable: await insertEnquiry({ status: 'BID_ACCEPTED' }),
      completed: await insertEnquiry({ status: 'COMPLETED', statusBeforeCompletion: 'CHECKED_IN_BY_DRIVER' }),
      deletable: await insertEnquiry({ status: 'CHECK_IN_COMPLETE' }),
      retype: await insertEnquiry({ status: 'BID_ACCEPTED', serviceType: 'SERVICE' }),
      invoiced,
      archivedId: (await insertArchived()).id,
    };
  });

  const calls = (b: Browser) => ({
    'admin/cancelEnquiryFromAdmin': () => cancel(targets.cancellable, 'Wrong vehicle', b),
    'admin/revertEnquiryCompletion': () => revert(targets.completed, b),
    'admin/deleteEnquiryFromAdmin': () => remove(targets.deletable, b),
    'admin/unArchiveEnquiry': () => unarchive(targets.archivedId, b),
    'admin/updateEnquiryServiceType': () => setServiceType(targets.retype, 'MOT', b),
    'admin/regenerateInvoicePdf': () => regenerate(targets.invoiced, b),
    'enquiry/invoices/getInvoiceSearchData': () => invoiceData(targets.invoiced, b),
  });

  for (const role of ['VIEWER', 'FINANCE'] as const) {
    it(`refuses a ${role} every Manage Enquiry call (403), writing nothing`, async () => {
      for (const [slug, call] of Object.entries(calls(as[role]))) {
        const res = await refused(call, 403);
        expect(res.json().error.code, slug).toBe('FORBIDDEN');
      }
      await refused(() => invoicePdf(targets.invoiced, as[role]), 403);
      for (const tool of ['enquirySearch', 'cancelEnquiry', 'revertEnquiry', 'deleteEnquiry', 'unarchiveEnquiry', 'regenerateInvoice', 'updateServiceType'] as const) {
        await refused(() => find(targets.cancellable.enquiryNumber, tool, as[role]), 403);
      }
    });
  }

  it('lets SUPPORT make the same calls', async () => {
    for (const [slug, call] of Object.entries(calls(as.SUPPORT))) expect((await call()).statusCode, slug).toBe(200);
    expect((await invoicePdf(targets.invoiced)).statusCode).toBe(200);
  });
});

describe('admin/findEnquiries', () => {
  it("requires the enquiry number: 400 'Enquiry number is required' under enquiryNumber", async () => {
    for (const body of [{ tool: 'enquirySearch' }, { enquiryNumber: '', tool: 'enquirySearch' }, { enquiryNumber: '   ', tool: 'cancelEnquiry' }]) {
      const res = await as.SUPPORT.post('admin/findEnquiries', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Enquiry number is required', fields: { enquiryNumber: 'Enquiry number is required' } });
    }
  });

  it("answers 404 'Enquiry not found' for an unknown number", async () => {
    const res = await find('ENQ-NOPE', 'enquirySearch');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Enquiry not found');
  });

  it('finds by the trimmed, upper-cased number, with the names the drawers show', async () => {
    const e = await insertEnquiry({ enquiryNumber: 'ENQ-FIND-1', status: 'CHECK_IN_COMPLETE', vrm: 'CD23EFG', make: 'Kia', model: 'Ceed' });
    const [r] = await found('  enq-find-1 ', 'enquirySearch');
    expect(r).toMatchObject({
      id: e.id,
      enquiryId: e.id,
      enquiryNumber: 'ENQ-FIND-1',
      enquiryStatus: 'CHECK_IN_COMPLETE',
      enquirySource: 'BOOK_IN',
      serviceType: 'SERVICE',
      make: 'Kia',
      model: 'Ceed',
      vrm: 'CD23EFG',
      managed: true,
      region1: 'North East',
      supplierName: 'Harbour Motors',
      supplierGroupName: 'Harbour Motor Group',
      leaseCompanyId: lease.id,
      leaseCompanyName: 'Alpha Leasing',
      accountObjectID: supplier.groupId,
      serviceUnitObjectID: supplier.id,
      rateCardType: { value: 'COST_TYPE_HYBRID_VISN', label: 'Hybrid ViSN' },
      paybill: true,
      invoiced: false,
      collection: 'live',
    });
    expect([...r.offeredServiceTypes].sort()).toEqual([...OFFERED].sort());
  });

  it('leaves NEW, DECLINED_TO_BID, CANCELLED, BID_NOT_SELECTED and BID_COMPLETED out of the cancel search only', async () => {
    const excluded: EnquiryStatus[] = ['NEW', 'DECLINED_TO_BID', 'CANCELLED', 'BID_NOT_SELECTED', 'BID_COMPLETED'];
    for (const status of ENQUIRY_STATUSES) await insertEnquiry({ enquiryNumber: `CX-${status}`, status });
    for (const status of ENQUIRY_STATUSES) {
      const res = await find(`CX-${status}`, 'cancelEnquiry');
      if (excluded.includes(status)) {
        expect(res.statusCode, status).toBe(404);
        expect(res.json().error.message).toBe('Enquiry not found');
      } else {
        expect(ok(res).enquiries.map((r: EnquiryResult) => r.enquiryStatus), status).toEqual([status]);
      }
      expect((await found(`CX-${status}`, 'enquirySearch')).map((r) => r.enquiryStatus), status).toEqual([status]);
      expect((await found(`CX-${status}`, 'deleteEnquiry')).map((r) => r.enquiryStatus), status).toEqual([status]);
    }
  });

  it('searches the archive for unarchive, both collections for enquiry search and regenerate', async () => {
    const a = await insertArchived({ enquiryNumber: 'ENQ-ARCH-FIND' });
    expect(await found('ENQ-ARCH-FIND', 'unarchiveEnquiry')).toMatchObject([{ id: a.id, collection: 'archive', invoiced: true }]);
    expect(await found('ENQ-ARCH-FIND', 'enquirySearch')).toMatchObject([{ id: a.id, collection: 'archive' }]);
    expect(await found('ENQ-ARCH-FIND', 'regenerateInvoice')).toMatchObject([{ id: a.id, collection: 'archive' }]);
    for (const tool of ['cancelEnquiry', 'revertEnquiry', 'deleteEnquiry', 'updateServiceType'] as const) expect((await find('ENQ-ARCH-FIND', tool)).statusCode, tool).toBe(404);
    // A live enquiry is not among the archive's.
    await insertEnquiry({ enquiryNumber: 'ENQ-LIVE-FIND' });
    expect((await find('ENQ-LIVE-FIND', 'unarchiveEnquiry')).statusCode).toBe(404);
  });
});

describe('admin/cancelEnquiryFromAdmin', () => {
  const reason = 'Vehicle sold before the booking';

  it('cancels with the reason, sends the supplier the cancel message (stored and live), and audits the reason', async () => {
    const e = await insertEnquiry({ status: 'BID_ACCEPTED', vrm: 'CN21CAN', make: 'Vauxhall', model: 'Corsa' });
    const topic = topics.supplierMessages(supplier.id);
    const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topic)}`, as.SUPPORT.cookieHeader());
    expect(s.status).toBe(200);
    try {
      await s.next((ev) => ev.event === 'ready');
      await s.settle(t.services.database, topic);

      expect(ok(await cancel(e, `  ${reason} `))).toEqual({ success: true, message: ENQUIRY_MESSAGES.cancelled });

      const after = await liveRow(e.id);
      expect(after).toMatchObject({ status: 'CANCELLED', cancelReason: reason, cancelledAt: t.clock.now(), version: e.version + 1, modifiedBy: adminIds.SUPPORT });

      const messages = await db().select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, e.id));
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        message: cancelMessageText(e.enquiryNumber, reason),
        myMessage: false,
        messageTo: 'SUPPLIER',
        messageFrom: 'CUSTOMER',
        enquiryStatus: 'CANCELLED',
        user: { firstname: 'Test', lastname: 'SUPPORT', email: 'support@test.example' },
        sentAt: t.clock.now(),
      });
      expect(messages[0].queueData).toEqual({
        enquiryId: e.id,
        enquiryNumber: e.enquiryNumber,
        leaseCompanyId: lease.id,
        accountId: supplier.groupId,
        serviceUnitId: supplier.id,
        make: 'Vauxhall',
        model: 'Corsa',
        vrm: 'CN21CAN',
        managed: true,
        contractStatus: 'active',
        enquirySource: 'BOOK_IN',
        serviceType: 'SERVICE',
        subCustomerId: null,
        region1: 'North East',
        supplierName: 'Harbour Motors',
        supplierGroupName: 'Harbour Motor Group',
      });

      const live = await s.message(topic);
      expect(JSON.parse(live.data)).toEqual({ topic, payload: { op: 'message', id: messages[0].id, enquiryId: e.id } });

      const audit = await auditOf('enquiry', e.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ slug: 'admin/cancelEnquiryFromAdmin', adminId: adminIds.SUPPORT });
      expect(audit[0].before).toMatchObject({ status: 'BID_ACCEPTED', cancelReason: null });
      expect(audit[0].after).toMatchObject({ status: 'CANCELLED', cancelReason: reason, reason });
    } finally {
      s.close();
    }
  });

  it('keeps the message of an enquiry with no supplier allocated', async () => {
    const e = await insertEnquiry({ status: 'CHECK_IN_COMPLETE', supplierId: null, groupId: null });
    ok(await cancel(e, reason));
    expect((await liveRow(e.id)).status).toBe('CANCELLED');
    expect(await db().select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, e.id))).toMatchObject([{ messageTo: 'SUPPLIER', queueData: { supplierName: null, supplierGroupName: null } }]);
  });

  it("refuses an invoiced enquiry: 'Invoiced enquiries cannot be cancelled'", async () => {
    const { e } = await insertInvoiced();
    await refused(() => cancel(e), 400, 'Invoiced enquiries cannot be cancelled');
    const completedButInvoiced = await insertEnquiry({ status: 'COMPLETED', invoicedAt: new Date('2025-12-02T10:00:00Z') });
    await refused(() => cancel(completedButInvoiced), 400, 'Invoiced enquiries cannot be cancelled');
  });

  it('requires a reason of at most 200 characters', async () => {
    const e = await insertEnquiry();
    for (const reason of ['', '   ', undefined]) {
      const res = await refused(() => cancel(e, 'unused', as.SUPPORT, { reason }), 400, ENQUIRY_MESSAGES.reasonRequired);
      expect(res.json().error.fields).toEqual({ reason: ENQUIRY_MESSAGES.reasonRequired });
    }
    await refused(() => cancel(e, 'r'.repeat(201)), 400, ENQUIRY_MESSAGES.reasonTooLong);
  });
});

describe('admin/revertEnquiryCompletion', () => {
  it('restores the status before completion, clearing completion; audited', async () => {
    const e = await insertEnquiry({ status: 'COMPLETED', statusBeforeCompletion: 'CHECKED_IN_BY_DRIVER', completedAt: new Date('2025-12-20T10:00:00Z') });
    expect(ok(await revert(e))).toEqual({ success: true, result: true, message: ENQUIRY_MESSAGES.reverted });
    expect(await liveRow(e.id)).toMatchObject({ status: 'CHECKED_IN_BY_DRIVER', completedAt: null, statusBeforeCompletion: null, version: e.version + 1 });
    const audit = await auditOf('enquiry', e.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/revertEnquiryCompletion', adminId: adminIds.SUPPORT, before: { status: 'COMPLETED' }, after: { status: 'CHECKED_IN_BY_DRIVER' } });
  });

  it('returns to CHECK_IN_COMPLETE when the status before completion was not kept', async () => {
    const e = await insertEnquiry({ status: 'COMPLETED', statusBeforeCompletion: null, completedAt: new Date('2025-12-20T10:00:00Z') });
    ok(await revert(e));
    expect((await liveRow(e.id)).status).toBe('CHECK_IN_COMPLETE');
  });

  it("refuses an invoiced enquiry: 'Invoiced enquiries cannot be reverted'", async () => {
    const { e } = await insertInvoiced();
    await refused(() => revert(e), 400, 'Invoiced enquiries cannot be reverted');
    const completedButInvoiced = await insertEnquiry({ status: 'COMPLETED', invoicedAt: new Date('2025-12-02T10:00:00Z') });
    await refused(() => revert(completedButInvoiced), 400, 'Invoiced enquiries cannot be reverted');
  });

  it('refuses an enquiry that is not completed', async () => {
    for (const status of ['BID_ACCEPTED', 'CHECK_IN_COMPLETE', 'CANCELLED', 'PAYMENT_TAKEN'] as const) {
      const e = await insertEnquiry({ status });
      await refused(() => revert(e), 400, ENQUIRY_MESSAGES.notCompleted);
    }
  });
});

describe('admin/deleteEnquiryFromAdmin', () => {
  it('removes the enquiry and its messages, keeps its invoices; the audit row keeps the enquiry', async () => {
    const { e, invoice } = await insertInvoiced();
    await db().insert(enquiryMessages).values({ enquiryId: e.id, message: 'Booked for Monday', messageTo: 'SUPPLIER', messageFrom: 'CUSTOMER' });
    const keep = await insertEnquiry();
    await db().insert(enquiryMessages).values({ enquiryId: keep.id, message: 'Another enquiry', messageTo: 'SUPPLIER', messageFrom: 'CUSTOMER' });

    expect(ok(await remove(e))).toEqual({ success: true, message: ENQUIRY_MESSAGES.deleted });
    expect(await liveRow(e.id)).toBeUndefined();
    expect(await db().select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, e.id))).toEqual([]);
    expect(await db().select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, keep.id))).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toEqual(invoice);
    const audit = await auditOf('enquiry', e.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/deleteEnquiryFromAdmin', adminId: adminIds.SUPPORT, before: { id: e.id, enquiryNumber: e.enquiryNumber, status: 'INVOICED' }, after: null });

    await refused(() => remove(e), 404, 'Enquiry not found');
  });

  it('deletes only live enquiries: an archived one is not found', async () => {
    const a = await insertArchived();
    await refused(() => remove({ ...(a as unknown as Enquiry) }), 404, 'Enquiry not found');
  });
});

describe('admin/unArchiveEnquiry', () => {
  it('moves the archived enquiry back to the live enquiries with the same id; once', async () => {
    const a = await insertArchived({ enquiryNumber: 'ENQ-UNARCH-1', status: 'INVOICED', vrm: 'UA19RCH' });
    expect(ok(await unarchive(a.id))).toEqual({ success: true, message: ENQUIRY_MESSAGES.unarchived });

    const live = await liveRow(a.id);
    const { seq: _s, archivedAt: _a, archiveReason: _r, version: _v, modifiedAt: _m, modifiedBy: _b, ...kept } = a;
    expect(live).toMatchObject({ ...kept, version: a.version + 1, modifiedAt: t.clock.now(), modifiedBy: adminIds.SUPPORT });
    expect(await archivedRow(a.id)).toBeUndefined();
    expect(await found('enq-unarch-1', 'enquirySearch')).toMatchObject([{ id: a.id, enquiryNumber: 'ENQ-UNARCH-1', collection: 'live', enquiryStatus: 'INVOICED' }]);
    expect((await find('ENQ-UNARCH-1', 'unarchiveEnquiry')).statusCode).toBe(404);

    const audit = await auditOf('enquiry', a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/unArchiveEnquiry', adminId: adminIds.SUPPORT, before: { archiveReason: 'INVOICED' }, after: { id: a.id, unarchived: true } });

    await refused(() => unarchive(a.id), 404, 'Enquiry not found');
  });

  it('refuses (409) when the number is already live, leaving the archive as it was', async () => {
    const a = await insertArchived({ enquiryNumber: 'ENQ-TWICE' });
    await insertEnquiry({ enquiryNumber: 'ENQ-TWICE' });
    const res = await refused(() => unarchive(a.id), 409, ENQUIRY_MESSAGES.alreadyLive);
    expect(res.json().error.code).toBe('ALREADY_LIVE');
    expect(await archivedRow(a.id)).toEqual(a);
  });

  it('answers 404 for an id the archive does not hold', async () => {
    await refused(() => unarchive(crypto.randomUUID()), 404, 'Enquiry not found');
    const e = await insertEnquiry();
    await refused(() => unarchive(e.id), 404, 'Enquiry not found');
  });
});

describe('admin/updateEnquiryServiceType', () => {
  it("changes to a type the lease company's configuration offers; audited", async () => {
    const e = await insertEnquiry({ status: 'BID_ACCEPTED', serviceType: 'SERVICE' });
    expect(ok(await setServiceType(e, 'MOT'))).toEqual({ success: true, message: ENQUIRY_MESSAGES.serviceTypeUpdated });
    expect(await liveRow(e.id)).toMatchObject({ serviceType: 'MOT', version: e.version + 1, modifiedBy: adminIds.SUPPORT });
    ok(await setServiceType({ ...e, serviceType: 'MOT' }, 'TYRE'));
    expect((await liveRow(e.id)).serviceType).toBe('TYRE');
    const audit = await auditOf('enquiry', e.id);
    expect(audit.map((a) => [(a.before as Enquiry).serviceType, (a.after as Enquiry).serviceType])).toEqual([
      ['SERVICE', 'MOT'],
      ['MOT', 'TYRE'],
    ]);
  });

  it("refuses completed and invoiced enquiries: 'Service Type of invoiced or completed enquiries cannot be updated'", async () => {
    for (const status of ['COMPLETED', 'PAYMENT_TAKEN', 'INVOICED'] as const) {
      const e = await insertEnquiry({ status });
      await refused(() => setServiceType(e, 'MOT'), 400, 'Service Type of invoiced or completed enquiries cannot be updated');
    }
    const invoicedFlag = await insertEnquiry({ status: 'BID_ACCEPTED', invoicedAt: new Date('2025-12-02T10:00:00Z') });
    await refused(() => setServiceType(invoicedFlag, 'MOT'), 400, 'Service Type of invoiced or completed enquiries cannot be updated');
  });

  it('refuses the same type, and a type the lease company does not offer', async () => {
    const e = await insertEnquiry({ serviceType: 'SERVICE' });
    await refused(() => setServiceType(e, 'SERVICE'), 400, ENQUIRY_MESSAGES.serviceTypeSame);
    // REPAIR is switched off in the configuration; GLASS is not an app service at all.
    await refused(() => setServiceType(e, 'REPAIR'), 400, ENQUIRY_MESSAGES.serviceTypeNotOffered);
    await refused(() => setServiceType(e, 'GLASS'), 400, ENQUIRY_MESSAGES.serviceTypeNotOffered);
    // A lease company without the configuration offers nothing.
    const bare = await insertEnquiry({ leaseCompanyId: otherLease.id });
    await refused(() => setServiceType(bare, 'MOT'), 400, ENQUIRY_MESSAGES.serviceTypeNotOffered);
  });

  it('requires a known service type', async () => {
    const e = await insertEnquiry();
    for (const serviceType of [undefined, '', 'WASH']) {
      const res = await refused(() => setServiceType(e, serviceType as string), 400, ENQUIRY_MESSAGES.serviceTypeRequired);
      expect(res.json().error.fields).toEqual({ serviceType: ENQUIRY_MESSAGES.serviceTypeRequired });
    }
  });
});

describe('Regenerate Invoice', () => {
  const generatedBy = { firstname: 'Test', lastname: 'SUPPORT', email: 'support@test.example' };

  async function pdfOf(e: Pick<Enquiry, 'id'>) {
    const body = ok(await invoicePdf(e));
    const bytes = Buffer.from(body.fileData.data, 'base64');
    return { body, bytes, text: await pdfText(bytes) };
  }

  it('makes the PDF, records when and by whom; the invoice view and the PDF follow; a second run replaces the file', async () => {
    const { e, invoice } = await insertInvoiced();

    // Before any regenerate, the invoice date is when the invoice was raised.
    expect(ok(await invoiceData(e))).toEqual({ success: true, data: { invoiceNumber: invoice.invoiceNumber, invoiceSavedDate: invoice.createdAt.toISOString(), user: null, hasPdf: false } });
    const missing = await invoicePdf(e);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(ENQUIRY_MESSAGES.pdfMissing);

    const firstAt = t.clock.now();
    expect(ok(await regenerate(e))).toEqual({ success: true, message: ENQUIRY_MESSAGES.regenerated });
    const first = await invoiceRow(invoice.id);
    expect(first.pdfFileId).not.toBeNull();
    expect(first).toMatchObject({ pdfGeneratedAt: firstAt, generatedBy, modifiedBy: adminIds.SUPPORT });
    expect(ok(await invoiceData(e))).toEqual({ success: true, data: { invoiceNumber: invoice.invoiceNumber, invoiceSavedDate: firstAt.toISOString(), user: generatedBy, hasPdf: true } });

    const pdf = await pdfOf(e);
    expect(pdf.body).toMatchObject({ contentType: 'application/pdf', fileName: `${invoice.invoiceNumber}.pdf` });
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.text).toContain(invoice.invoiceNumber);
    expect(pdf.text).toContain(PAYBILL_COMPANY);
    expect(pdf.text).toContain('Alpha Leasing');

    const audit = await auditOf('invoice', invoice.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/regenerateInvoicePdf', adminId: adminIds.SUPPORT, before: { pdfFileId: null }, after: { pdfFileId: first.pdfFileId } });

    t.clock.advance(60_000);
    ok(await regenerate(e));
    const second = await invoiceRow(invoice.id);
    expect(second.pdfFileId).not.toBeNull();
    expect(second.pdfFileId).not.toBe(first.pdfFileId);
    expect(second.pdfGeneratedAt).toEqual(t.clock.now());
    expect(await db().select({ id: files.id }).from(files).where(eq(files.id, first.pdfFileId!))).toEqual([]);
    expect((await pdfOf(e)).text).toContain(invoice.invoiceNumber);
    expect(ok(await invoiceData(e)).data.invoiceSavedDate).toBe(t.clock.now().toISOString());
  });

  it('regenerates the invoice of an archived enquiry', async () => {
    const a = await insertArchived({ enquiryNumber: 'ENQ-ARCH-INV' });
    const invoice = await insertInvoice(a);
    ok(await regenerate(a));
    expect((await invoiceRow(invoice.id)).pdfFileId).not.toBeNull();
    expect(ok(await invoiceData(a)).data).toMatchObject({ invoiceNumber: invoice.invoiceNumber, user: generatedBy, hasPdf: true });
    expect((await pdfOf(a)).text).toContain(invoice.invoiceNumber);
    expect(await archivedRow(a.id)).toEqual(a);
  });

  it("refuses an enquiry that is not invoiced: 'Enquiry not invoiced. Cannot generate the invoice PDF.'", async () => {
    for (const status of ['COMPLETED', 'PAYMENT_TAKEN', 'BID_ACCEPTED'] as const) {
      const e = await insertEnquiry({ status });
      await insertInvoice(e);
      await refused(() => regenerate(e), 400, 'Enquiry not invoiced. Cannot generate the invoice PDF.');
    }
  });

  it('answers 404 for an invoiced enquiry without its invoice record', async () => {
    const e = await insertEnquiry({ status: 'INVOICED', invoicedAt: new Date('2025-12-01T10:00:00Z') });
    await refused(() => regenerate(e), 404, ENQUIRY_MESSAGES.invoiceMissing);
    expect(ok(await invoiceData(e))).toEqual({ success: true, data: null });
  });

  it("answers 404 'Enquiry not found' for an unknown enquiry", async () => {
    const ghost = { id: crypto.randomUUID(), groupId: null, supplierId: null, leaseCompanyId: lease.id };
    await refused(() => regenerate(ghost), 404, 'Enquiry not found');
    await refused(() => invoiceData(ghost), 404, 'Enquiry not found');
    await refused(() => invoicePdf(ghost), 404, 'Enquiry not found');
  });
});

describe('the ids sent with a call must belong to the enquiry', () => {
  it("answers 404 'Enquiry not found' and changes nothing", async () => {
    const open = await insertEnquiry({ status: 'BID_ACCEPTED' });
    const completed = await insertEnquiry({ status: 'COMPLETED' });
    const { e: invoiced } = await insertInvoiced();
    const wrong = [
      { accountId: otherSupplier.groupId },
      { serviceUnitId: otherSupplier.id },
    ];
    for (const over of wrong) {
      await refused(() => cancel(open, 'Wrong ids', as.SUPPORT, over), 404, 'Enquiry not found');
      await refused(() => revert(completed, as.SUPPORT, over), 404, 'Enquiry not found');
      await refused(() => remove(open, as.SUPPORT, over), 404, 'Enquiry not found');
      await refused(() => setServiceType(open, 'MOT', as.SUPPORT, over), 404, 'Enquiry not found');
      await refused(() => invoiceData(invoiced, as.SUPPORT, over), 404, 'Enquiry not found');
    }
    await refused(() => cancel(open, 'Wrong ids', as.SUPPORT, { leaseCompanyId: otherLease.id }), 404, 'Enquiry not found');
    await refused(() => revert(completed, as.SUPPORT, { leaseId: otherLease.id }), 404, 'Enquiry not found');
    await refused(() => remove(open, as.SUPPORT, { leaseCompanyId: otherLease.id }), 404, 'Enquiry not found');
    await refused(() => setServiceType(open, 'MOT', as.SUPPORT, { leaseId: otherLease.id }), 404, 'Enquiry not found');
    for (const over of [{ accountObjectID: otherSupplier.groupId }, { serviceUnitObjectID: otherSupplier.id }, { leaseCompanyId: otherLease.id }]) {
      await refused(() => regenerate(invoiced, as.SUPPORT, over), 404, 'Enquiry not found');
    }
  });

  it("answers 404 'Enquiry not found' for an unknown enquiry id", async () => {
    const ghost = { ...(await insertEnquiry({ status: 'COMPLETED' })), id: crypto.randomUUID() };
    await refused(() => cancel(ghost), 404, 'Enquiry not found');
    await refused(() => revert(ghost), 404, 'Enquiry not found');
    await refused(() => remove(ghost), 404, 'Enquiry not found');
    await refused(() => setServiceType(ghost, 'MOT'), 404, 'Enquiry not found');
  });
});
