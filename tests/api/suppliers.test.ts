import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertSupplier } from '../fixtures/suppliers';
import { administrators, auditLog, documents, financeSuppliers, mailOutbox, supplierEscalations, supplierExceptions, suppliers, users } from '../../server/db/schema';
import { putFile } from '../../server/files/storage';
import type { SupplierDetails } from '../../domain/suppliers';

let t: TestApp;
const as: Record<string, Browser> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t.close());

async function details(ids: { serviceUnitId: string; accountObjectId: string }, b = as.VIEWER): Promise<SupplierDetails> {
  const res = await b.post('supplier/getSupplierDetails', ids);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('supplier/getSupplierDetails', () => {
  it('answers every field of the supplier with its group, escalation contact, exceptions, document count and who changed it', async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const [admin] = await t.services.db.select().from(administrators).limit(1);
    await t.services.db.update(suppliers).set({ modifiedBy: admin.id }).where(eq(suppliers.id, supplier.id));
    await t.services.db.insert(supplierEscalations).values({ supplierId: supplier.id, name: 'Dana Reid', number: '07700900123', email: null, notes: 'After 6pm' });
    await t.services.db.insert(supplierExceptions).values({ supplierId: supplier.id, type: 'FINANCE_SYSTEM_MAPPING_MISSING' });
    const file = await putFile(t.services.files, t.services.db, { name: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4') });
    await t.services.db.insert(documents).values({
      supplierId: supplier.id,
      fileId: file.id,
      label: 'Terms',
      filename: 'a.pdf',
      savedFilename: 'u_a.pdf',
      uid: 'u1',
      contentType: 'application/pdf',
      uploadType: 'SUPPLIER',
      uploadedBy: { firstname: 'Test', lastname: 'Admin', email: 'a@test.example' },
    });

    const d = await details({ serviceUnitId: supplier.id, accountObjectId: group.id });
    expect(d).toMatchObject({
      id: supplier.id,
      serviceUnitId: supplier.id,
      version: 1,
      accountObjectId: group.id,
      groupId: group.groupId,
      supplierGroupName: group.name,
      supplierId: supplier.supplierId,
      name: supplier.name,
      companyRegistrationNumber: '01234567',
      vatRegistrationNumber: 'GB123456789',
      locale: 'en_GB',
      address: { number: '12', address1: 'Quay Street', address2: 'Old Town', address3: 'Bristol', county: 'Avon', postcode: 'BS14DJ', lat: 51.45, lng: -2.59 },
      contact: { primaryPhoneNumber: '01171234567', bookingPhoneNumber: '01177654321', faxNumber: null, email: 'bookings@harbour.example' },
      servingRadius: { radius: 15, mobileRadius: 5 },
      unitStatus: { label: 'Live', status: 'live' },
      supplierType: 'Franchise',
      manufacturers: ['Ford', 'Kia'],
      featureFlags: { mandatoryTyreReadings: true },
      override: { isEnabled: false },
      restrictions: { maxHeight: 3, maxLength: 8, maxWeight: 4 },
      accountSystemReference: 'HARB0001',
      financeSupplierId: '58',
      belongsToDINetwork: true,
      nominatedDealerName: null,
      escalationInformation: { name: 'Dana Reid', number: '07700900123', email: null, notes: 'After 6pm' },
      exceptions: [{ type: 'FINANCE_SYSTEM_MAPPING_MISSING', isResolved: false }],
      documentCount: 1,
      log: { modifiedByUser: `${admin.firstname} ${admin.lastname}`, createdByUser: null },
    });
    expect(d.services.map((s) => s.type)).toEqual(['REPAIR', 'MOT', 'TYRE']);
    expect(d.openingHours?.weekday).toEqual({ customOpening: '08:00', customClosing: '18:00' });
  });

  it("says 'Supplier not found!' for an unknown supplier or one of another group, and checks the ids", async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const other = await insertSupplier(t.services.db);
    for (const ids of [
      { serviceUnitId: crypto.randomUUID(), accountObjectId: group.id },
      { serviceUnitId: supplier.id, accountObjectId: other.group.id },
      { serviceUnitId: 'not-a-uuid', accountObjectId: group.id },
    ]) {
      const res = await as.VIEWER.post('supplier/getSupplierDetails', ids);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'RECORD_NOT_FOUND', message: 'Supplier not found!' });
    }
    const missing = await as.VIEWER.post('supplier/getSupplierDetails', { accountObjectId: group.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ serviceUnitId: 'serviceUnitId is required' });
  });
});

describe('admin/terminateSupplierUnit', () => {
  it('needs the supplier-edit permission, and writes nothing without it', async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const res = await as.VIEWER.post('admin/terminateSupplierUnit', { serviceUnitId: supplier.id, accountId: group.id, version: 1 });
    expect(res.statusCode).toBe(403);
    expect(await details({ serviceUnitId: supplier.id, accountObjectId: group.id })).toMatchObject({ unitStatus: { status: 'live' }, version: 1 });
    expect(await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, supplier.id))).toEqual([]);
  });

  it('cancels a live supplier at the version the page shows, audited, and refuses a stale or second one', async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const ids = { serviceUnitId: supplier.id, accountId: group.id };
    const stale = await as.EDITOR.post('admin/terminateSupplierUnit', { ...ids, version: 4 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', current: { version: 1, unitStatus: { status: 'live' } } });

    const admin = { uid: 'a1', firstname: 'Edith', lastname: 'Editor', email: 'editor@fleet-network.example' };
    const user = { primaryPhoneNumber: '0117 496 0000', bookingPhoneNumber: null, faxNumber: null, email: 'garage@harbour.example', name: supplier.name, supplierGroupName: group.name, supplierId: supplier.supplierId };
    const res = await as.EDITOR.post('admin/terminateSupplierUnit', { ...ids, version: 1, user, userDetails: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await details({ serviceUnitId: supplier.id, accountObjectId: group.id })).toMatchObject({ unitStatus: { label: 'Cancelled', status: 'cancelled' }, version: 2 });
    const [row] = await t.services.db.select().from(suppliers).where(eq(suppliers.id, supplier.id));
    expect(row.terminatedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, supplier.id)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.slug)).toEqual(['admin/terminateSupplierUnit']);
    expect(audit[0].before).toMatchObject({ unitStatus: 'live' });
    expect(audit[0].after).toMatchObject({ unitStatus: 'cancelled' });

    const again = await as.EDITOR.post('admin/terminateSupplierUnit', { ...ids, version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVALID_STATUS', current: { unitStatus: { status: 'cancelled' } } });
  });

  it('refuses a supplier named with another group', async () => {
    const { supplier } = await insertSupplier(t.services.db);
    const other = await insertSupplier(t.services.db);
    const res = await as.EDITOR.post('admin/terminateSupplierUnit', { serviceUnitId: supplier.id, accountId: other.group.id, version: 1 });
    expect(res.statusCode).toBe(404);
  });
});

describe('admin/saveEscalationInformation', () => {
  const contact = { name: 'Dana Reid', number: '0117 496 0000', email: ' dana@harbour.example ', notes: 'Call after 6pm' };

  it('records a first contact, changes it at its version, audits and returns it with the details', async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const ids = { accountId: group.id, serviceUnitId: supplier.id };
    const first = await as.EDITOR.post('admin/saveEscalationInformation', { ...ids, version: null, data: { escalationInformation: contact } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, version: 1 });
    expect((await details({ serviceUnitId: supplier.id, accountObjectId: group.id })).escalationInformation).toEqual({ version: 1, name: 'Dana Reid', number: '0117 496 0000', email: 'dana@harbour.example', notes: 'Call after 6pm' });

    const change = await as.EDITOR.post('admin/saveEscalationInformation', { ...ids, version: 1, data: { escalationInformation: { ...contact, email: '', notes: 'Weekdays only' } } });
    expect(change.statusCode, change.body).toBe(200);
    expect((await details({ serviceUnitId: supplier.id, accountObjectId: group.id })).escalationInformation).toMatchObject({ version: 2, email: null, notes: 'Weekdays only' });
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, supplier.id)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.slug, a.recordType])).toEqual([
      ['admin/saveEscalationInformation', 'supplierEscalation'],
      ['admin/saveEscalationInformation', 'supplierEscalation'],
    ]);
    expect(audit[1].before).toMatchObject({ notes: 'Call after 6pm' });
    expect(audit[1].after).toMatchObject({ notes: 'Weekdays only' });
  });

  it('refuses a save over a contact the drawer did not show, with the details as they are now', async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const ids = { accountId: group.id, serviceUnitId: supplier.id };
    expect((await as.EDITOR.post('admin/saveEscalationInformation', { ...ids, version: null, data: { escalationInformation: contact } })).statusCode).toBe(200);
    for (const version of [null, 5]) {
      const res = await as.EDITOR.post('admin/saveEscalationInformation', { ...ids, version, data: { escalationInformation: { ...contact, name: 'Sam Other' } } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'CONFLICT', current: { escalationInformation: { version: 1, name: 'Dana Reid' } } });
    }
  });

  it("answers the form's messages by field, and writes nothing without the permission", async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const ids = { accountId: group.id, serviceUnitId: supplier.id };
    const bad = await as.EDITOR.post('admin/saveEscalationInformation', { ...ids, version: null, data: { escalationInformation: { name: '', number: 'x', email: 'nope', notes: '' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'data.escalationInformation.name': 'Name is required',
      'data.escalationInformation.number': 'Number is not valid',
      'data.escalationInformation.email': 'Email is not valid',
      'data.escalationInformation.notes': 'Notes is required',
    });
    const denied = await as.VIEWER.post('admin/saveEscalationInformation', { ...ids, version: null, data: { escalationInformation: contact } });
    expect(denied.statusCode).toBe(403);
    expect(await t.services.db.select().from(supplierEscalations).where(eq(supplierEscalations.supplierId, supplier.id))).toEqual([]);
  });
});

describe('admin/createSupplierUserInvite', () => {
  const invite = (ids: { serviceUnitId: string; accountId: string }, email: string) => ({
    firstname: 'Rhys',
    lastname: 'Evans',
    email,
    serviceUnit: { value: ids.serviceUnitId, label: 'Harbour Motors' },
    accountId: ids.accountId,
    supplierName: 'Harbour Motors',
    invitedById: null,
    isAdmin: true,
    supplierCreationType: null,
  });

  it('creates an invited super user of the supplier and its group, and e-mails the invitation', async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const res = await as.EDITOR.post('admin/createSupplierUserInvite', invite({ serviceUnitId: supplier.id, accountId: group.id }, ' rhys@harbour.example '));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: { inviteSent: true, emailExists: false } });
    const [user] = await t.services.db.select().from(users).where(eq(users.supplierId, supplier.id));
    expect(user).toMatchObject({ kind: 'supplier', email: 'rhys@harbour.example', groupId: group.id, status: 'INVITE_SENT', isAdmin: true, isInvite: true });
    const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rhys@harbour.example'));
    expect(mail.subject).toBe(`Your invitation to ${supplier.name} on the Fleet Network`);
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, user.id));
    expect(audit.map((a) => [a.slug, a.recordType])).toEqual([['admin/createSupplierUserInvite', 'supplierUser']]);
  });

  it("answers success.emailExists (spec 2 §7) for any live user's address, and invites nobody to a terminated supplier", async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const ids = { serviceUnitId: supplier.id, accountId: group.id };
    expect((await as.EDITOR.post('admin/createSupplierUserInvite', invite(ids, 'taken@harbour.example'))).statusCode).toBe(200);
    const again = await as.EDITOR.post('admin/createSupplierUserInvite', invite(ids, 'TAKEN@harbour.example'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ success: { inviteSent: false, emailExists: true } });
    expect(await t.services.db.select().from(users).where(sql`lower(${users.email}) = 'taken@harbour.example'`)).toHaveLength(1);

    const cancelled = await insertSupplier(t.services.db, { unitStatus: 'cancelled' });
    const res = await as.EDITOR.post('admin/createSupplierUserInvite', invite({ serviceUnitId: cancelled.supplier.id, accountId: cancelled.group.id }, 'new@harbour.example'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This supplier is terminated: no invitations can be sent.');
  });

  it('checks the fields with the spec messages and needs the supplier-edit permission', async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const ids = { serviceUnitId: supplier.id, accountId: group.id };
    const bad = await as.EDITOR.post('admin/createSupplierUserInvite', { ...invite(ids, 'nope'), firstname: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ firstname: 'First Name is required', email: 'Email is not valid' });
    const denied = await as.VIEWER.post('admin/createSupplierUserInvite', invite(ids, 'viewer@harbour.example'));
    expect(denied.statusCode).toBe(403);
    expect(await t.services.db.select().from(users).where(eq(users.supplierId, supplier.id))).toEqual([]);
  });
});

describe('the finance system slugs', () => {
  it("answers the finance system's record with success and 'OK', and success false when it has none", async () => {
    await t.services.db.insert(financeSuppliers).values({ id: '4242', displayName: 'Harbour Motors', companyName: 'Harbour Motors Group', email: 'a@b.example', companyNumber: '01234567' });
    const found = await as.VIEWER.post('quickBooks/fetchQuickBooksSupplierDetails', { financeSupplierId: '4242' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ success: true, message: 'OK', supplier: { Id: '4242', DisplayName: 'Harbour Motors', CompanyName: 'Harbour Motors Group', PrimaryEmailAddr: { Address: 'a@b.example' } } });
    const missing = await as.VIEWER.post('quickBooks/fetchQuickBooksSupplierDetails', { financeSupplierId: 'nope' });
    expect(missing.json()).toEqual({ success: false, message: 'The finance system has no supplier with this id', supplier: null });
  });

  it('resolves a missing mapping by company number, stores the id (audited, versioned) and resolves the exception', async () => {
    const { group, supplier } = await insertSupplier(t.services.db, { financeSupplierId: null, companyRegistrationNumber: 'NI765432' });
    await t.services.db.insert(supplierExceptions).values({ supplierId: supplier.id, type: 'FINANCE_SYSTEM_MAPPING_MISSING' });
    const ids = { type: 'FINANCE_SYSTEM_MAPPING_MISSING', serviceUnitId: supplier.id, accountId: group.id };
    expect((await as.VIEWER.post('quickBooks/resolveQuickBooksSupplierException', ids)).statusCode).toBe(403);
    const none = await as.EDITOR.post('quickBooks/resolveQuickBooksSupplierException', ids);
    expect(none.json()).toEqual({ result: { financeSupplierId: null } });

    await t.services.db.insert(financeSuppliers).values({ id: '5151', displayName: 'Harbour Motors', companyNumber: 'NI765432' });
    const res = await as.EDITOR.post('quickBooks/resolveQuickBooksSupplierException', ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: { financeSupplierId: '5151' } });
    const d = await details({ serviceUnitId: supplier.id, accountObjectId: group.id });
    expect(d).toMatchObject({ financeSupplierId: '5151', version: 2, exceptions: [{ type: 'FINANCE_SYSTEM_MAPPING_MISSING', isResolved: true }] });
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, supplier.id));
    expect(audit.map((a) => a.slug)).toEqual(['quickBooks/resolveQuickBooksSupplierException']);
  });
});

describe('supplier/getSupplierUsersList', () => {
  it("lists the supplier's users by name with their statuses, and only its own", async () => {
    const { group, supplier } = await insertSupplier(t.services.db);
    const other = await insertSupplier(t.services.db);
    for (const [who, s] of [['Zoe Young', supplier], ['Adam Ball', supplier], ['Other Person', other.supplier]] as const) {
      const [firstname, lastname] = who.split(' ');
      await t.services.db.insert(users).values({ kind: 'supplier', firstname, lastname, email: `${firstname.toLowerCase()}@list.example`, groupId: s.groupId, supplierId: s.id, isAdmin: firstname === 'Zoe' });
    }
    const res = await as.VIEWER.post('supplier/getSupplierUsersList', { accountId: group.id, serviceUnitId: supplier.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().users.map((u: { firstname: string; status: { label: string }; isAdmin: boolean }) => [u.firstname, u.status.label, u.isAdmin])).toEqual([
      ['Adam', 'Invite sent', false],
      ['Zoe', 'Invite sent', true],
    ]);
    expect((await as.VIEWER.post('supplier/getSupplierUsersList', { accountId: other.group.id, serviceUnitId: supplier.id })).statusCode).toBe(404);
  });
});
