import crypto from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertRegistration, nextSupplierId, validApprovalForm } from '../fixtures/registrations';
import { insertSupplier } from '../fixtures/suppliers';
import { auditLog, eRegistrations, mailOutbox, supplierGroups, suppliers } from '../../server/db/schema';
import { REGISTRATION_MESSAGES, type ApprovalForm, type RegistrationDetails } from '../../domain/registrations';
import type { SupplierDetails } from '../../domain/suppliers';

let t: TestApp;
let searchKey: string;
const as: Record<string, Browser> = {};

beforeAll(async () => {
  t = await createTestApp();
  // SUPPORT has no e-registration menu at all; VIEWER may only view it; EDITOR may decide.
  for (const role of ['EDITOR', 'VIEWER', 'SUPPORT']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  searchKey = (await as.VIEWER.get('session/getSessionToken')).json().key as string;
});
afterAll(() => t.close());

async function details(inviteId: string, b = as.VIEWER): Promise<RegistrationDetails> {
  const res = await b.post('eOnBoarding/getERegistrationDetails', { inviteId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const reject = (b: Browser, inviteId: string, version: number, reasonForRejection: unknown, email: string | null = 'ignored@example.com') =>
  b.post('eOnBoarding/rejectSupplier', { inviteId, version, rejectData: { reasonForRejection, status: 'rejected', email } });
const approve = (b: Browser, inviteId: string, version: number, supplierData: ApprovalForm | Record<string, unknown>) =>
  b.post('eOnBoarding/approveSupplier', { inviteId, version, supplierData, user: { name: 'ignored' } });
async function search(collection: string, params: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search/collections/${collection}/documents/search?${new URLSearchParams({ q: '*', per_page: '250', ...params })}`,
    headers: { 'x-typesense-api-key': searchKey },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().hits.map((h: { document: Record<string, unknown> }) => h.document) as Record<string, unknown>[];
}
const auditOf = (recordId: string) => t.services.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(asc(auditLog.id));
const mailsTo = (to: string) => t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
const suppliersWithId = (supplierId: string) => t.services.db.select().from(suppliers).where(eq(suppliers.supplierId, supplierId));
const registrationRow = async (id: string) => (await t.services.db.select().from(eRegistrations).where(eq(eRegistrations.id, id)))[0];

describe('eOnBoarding/getERegistrationDetails', () => {
  it('answers the registration as submitted (spec 2 §3.7 "Details")', async () => {
    const row = await insertRegistration(t.services.db);
    const d = await details(row.id);
    expect(d).toEqual({
      id: row.id,
      inviteId: row.id,
      version: 1,
      status: 'NEW',
      email: row.email,
      services: [
        { type: 'SERVICE', isEnabled: true, label: 'Service' },
        { type: 'MOT', isEnabled: true, label: 'MOT' },
        { type: 'TYRE', isEnabled: false, label: 'Tyres' },
        { type: 'REPAIR', isEnabled: false, label: 'Repair' },
        { type: 'BODYSHOP', isEnabled: false, label: 'Bodyshop' },
      ],
      companyDetails: {
        name: row.companyName,
        regNumber: '01234567',
        VATNumber: 'GB123456789',
        address: { number: '12', address1: 'Quay Street', address2: 'Old Town', address3: 'Bristol', county: 'Avon', postcode: 'BS14DJ', lat: 51.45, lng: -2.59 },
        contactDetails: { title: 'Ms', firstName: 'Dana', lastName: 'Reid', phoneNumber: '01174960000', bookingPhoneNumber: '01174960002', faxNumber: null, email: 'dana@harbour.example' },
        openingHours: {
          weekday: { customOpening: '09:00', customClosing: '17:30' },
          saturday: { customOpening: '09:00', customClosing: '12:30' },
          sunday: { customOpening: null, customClosing: null, isOpen: false },
        },
      },
      billingDetails: {
        address: { number: 'Unit 7', address1: 'Mill Lane', address2: 'Bedminster', address3: 'Bristol', county: 'Avon', postcode: 'BS34AA', lat: null, lng: null, isSameHeadOfficeAddress: false },
        contactDetails: { title: 'Mr', firstName: 'Billy', lastName: 'Ames', phoneNumber: '07700900123', bookingPhoneNumber: null, faxNumber: null, email: 'billing@harbour.example', isSameHeadOfficeContactDetails: false },
      },
      lastUpdated: row.modifiedAt.toISOString(),
      reasonForRejection: null,
      approvedSupplier: null,
      approval: null,
    });
  });

  it('answers null billing blocks when the applicant gave none', async () => {
    const row = await insertRegistration(t.services.db, { sameBilling: true });
    expect((await details(row.id)).billingDetails).toEqual({ address: null, contactDetails: null });
  });

  it('needs the e-registration view permission: viewers and editors read it, others get 403', async () => {
    const row = await insertRegistration(t.services.db);
    expect((await details(row.id, as.EDITOR)).inviteId).toBe(row.id);
    const denied = await as.SUPPORT.post('eOnBoarding/getERegistrationDetails', { inviteId: row.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
  });

  it("is 404 'Registration not found!' for an unknown or malformed id, 400 without one", async () => {
    for (const inviteId of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await as.VIEWER.post('eOnBoarding/getERegistrationDetails', { inviteId });
      expect(res.statusCode, `${inviteId}: ${res.body}`).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'RECORD_NOT_FOUND', message: 'Registration not found!' });
    }
    const missing = await as.VIEWER.post('eOnBoarding/getERegistrationDetails', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ inviteId: 'inviteId is required' });
  });
});

describe('eOnBoarding/rejectSupplier', () => {
  it('needs the e-registration edit permission, and changes and sends nothing without it', async () => {
    const row = await insertRegistration(t.services.db);
    for (const role of ['VIEWER', 'SUPPORT']) {
      const res = await reject(as[role], row.id, 1, 'Duplicate of an existing supplier');
      expect(res.statusCode, role).toBe(403);
    }
    expect(await details(row.id)).toMatchObject({ status: 'NEW', version: 1, reasonForRejection: null });
    expect(await mailsTo(row.email)).toEqual([]);
    expect(await auditOf(row.id)).toEqual([]);
  });

  it("says 'Reason is required' and 'Reason is not valid' (over 200) at rejectData.reasonForRejection", async () => {
    const row = await insertRegistration(t.services.db);
    for (const [reason, message] of [
      ['', 'Reason is required'],
      ['   ', 'Reason is required'],
      [undefined, 'Reason is required'],
      [null, 'Reason is required'],
      ['r'.repeat(201), 'Reason is not valid'],
    ] as const) {
      const res = await reject(as.EDITOR, row.id, 1, reason);
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', fields: { 'rejectData.reasonForRejection': message } });
    }
    const wrongStatus = await as.EDITOR.post('eOnBoarding/rejectSupplier', { inviteId: row.id, version: 1, rejectData: { reasonForRejection: 'x', status: 'approved' } });
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json().error.fields).toEqual({ 'rejectData.status': 'status must be rejected' });
    expect(await details(row.id)).toMatchObject({ status: 'NEW', version: 1 });
    expect(await mailsTo(row.email)).toEqual([]);
  });

  it('rejects a NEW registration with its reason (trimmed, up to 200), audited, and e-mails the applicant why', async () => {
    const row = await insertRegistration(t.services.db);
    t.clock.advance(60_000);
    const reason = 'Insurance documents not provided. '.padEnd(200, 'x');
    expect(reason).toHaveLength(200);
    const res = await reject(as.EDITOR, row.id, 1, `  ${reason}  `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const d = await details(row.id);
    expect(d).toMatchObject({ status: 'REJECTED', version: 2, reasonForRejection: reason, lastUpdated: t.clock.now().toISOString(), approvedSupplier: null, approval: null });
    expect((await registrationRow(row.id)).rejectedAt?.toISOString()).toBe(t.clock.now().toISOString());

    // To the applicant's address, not to the e-mail the drawer sent.
    expect(await mailsTo('ignored@example.com')).toEqual([]);
    const mails = await mailsTo(row.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'registrationRejected', subject: `Your registration of ${row.companyName} on the Fleet Network` });
    expect(mails[0].text).toContain(`Reason: ${reason}`);
    expect(t.mails.filter((m) => m.to === row.email)).toEqual([{ id: mails[0].id, to: row.email, kind: 'registrationRejected' }]);

    const audit = await auditOf(row.id);
    expect(audit.map((a) => [a.slug, a.recordType])).toEqual([['eOnBoarding/rejectSupplier', 'eRegistration']]);
    expect(audit[0].before).toMatchObject({ status: 'NEW', reasonForRejection: null });
    expect(audit[0].after).toMatchObject({ status: 'REJECTED', reasonForRejection: reason });
  });

  it('refuses a second decision with 409 INVALID_STATUS, and a stale version with 409 CONFLICT, sending nothing more', async () => {
    const row = await insertRegistration(t.services.db);
    expect((await reject(as.EDITOR, row.id, 1, 'Outside the network coverage area')).statusCode).toBe(200);

    const again = await reject(as.EDITOR, row.id, 2, 'Changed my mind');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'INVALID_STATUS',
      message: REGISTRATION_MESSAGES.alreadyDecided('REJECTED'),
      current: { inviteId: row.id, status: 'REJECTED', version: 2, reasonForRejection: 'Outside the network coverage area' },
    });
    const stale = await reject(as.EDITOR, row.id, 1, 'Changed my mind');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', current: { status: 'REJECTED', version: 2 } });

    expect(await details(row.id)).toMatchObject({ status: 'REJECTED', version: 2, reasonForRejection: 'Outside the network coverage area' });
    expect(await mailsTo(row.email)).toHaveLength(1);
    expect((await auditOf(row.id)).map((a) => a.slug)).toEqual(['eOnBoarding/rejectSupplier']);
  });

  it('is 404 for an unknown or malformed registration', async () => {
    for (const inviteId of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await reject(as.EDITOR, inviteId, 1, 'Duplicate');
      expect(res.statusCode, `${inviteId}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('RECORD_NOT_FOUND');
    }
  });
});

describe('eOnBoarding/approveSupplier', () => {
  it('needs the e-registration edit permission, and creates nothing without it', async () => {
    const row = await insertRegistration(t.services.db);
    const form = validApprovalForm('UK');
    for (const role of ['VIEWER', 'SUPPORT']) expect((await approve(as[role], row.id, 1, form)).statusCode, role).toBe(403);
    expect(await suppliersWithId(form.supplierId)).toEqual([]);
    expect(await details(row.id)).toMatchObject({ status: 'NEW', version: 1 });
  });

  it('answers the form’s messages at their paths, and creates nothing', async () => {
    const row = await insertRegistration(t.services.db);
    const good = validApprovalForm('UK');
    const form: ApprovalForm = {
      ...good,
      supplierId: '',
      servingRadius: { radius: '1000', mobileRadius: 'x' },
      vehicleTypes: [],
      services: [],
      franchise: true,
      manufacturers: [],
      address: { ...good.address, postCode: 'BS1 4D' },
      billingAddress: { ...good.billingAddress, number: '' },
      contact: { ...good.contact, email: 'dana@', faxNumber: 'fax' },
      billingContact: { ...good.billingContact, title: '' },
      directorContact: { ...good.directorContact, name: 'x'.repeat(21) },
    };
    const res = await approve(as.EDITOR, row.id, 1, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Supplier Id is required' });
    expect(res.json().error.fields).toEqual({
      supplierId: 'Supplier Id is required',
      'address.postCode': 'Postcode is not valid',
      'billingAddress.number': 'Building Name/Number is required',
      'contact.faxNumber': 'Fax Number is not valid',
      'contact.email': 'Email is not valid',
      'billingContact.title': 'Title is required',
      'directorContact.name': 'Name is not valid',
      'servingRadius.radius': 'Serving proximity is not valid',
      'servingRadius.mobileRadius': 'Mobile radius is not valid',
      vehicleTypes: 'Selection of vehicle category is required',
      services: 'Service selection is required',
      manufacturers: 'Manufacturer Name is required',
    });
    const neither = await approve(as.EDITOR, row.id, 1, { ...good, franchise: false, independent: false });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.fields).toEqual({ independent: 'Selection of Independent or Franchise is required' });

    expect(await details(row.id)).toMatchObject({ status: 'NEW', version: 1, approval: null });
    expect(await suppliersWithId(good.supplierId)).toEqual([]);
    expect(await t.services.db.select().from(supplierGroups).where(eq(supplierGroups.name, good.companyName))).toEqual([]);
  });

  it('checks an Irish registration (an Eircode) by the Irish rules', async () => {
    const row = await insertRegistration(t.services.db, { country: 'IE' });
    const res = await approve(as.EDITOR, row.id, 1, { ...validApprovalForm('IE'), address: { ...validApprovalForm('IE').address, postCode: 'BS1 4DJ' }, contact: { ...validApprovalForm('IE').contact, contactNumber1: '0117 496 0000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'address.postCode': 'Postcode is not valid', 'contact.contactNumber1': 'Phone Number is not valid' });
    // The same form passes for a UK registration.
    const uk = await insertRegistration(t.services.db);
    const ukRes = await approve(as.EDITOR, uk.id, 1, { ...validApprovalForm('UK') });
    expect(ukRes.statusCode, ukRes.body).toBe(200);
  });

  it('creates one live franchised supplier in a new E_REGISTRATION group, approves the registration, audits, and welcomes the applicant', async () => {
    const row = await insertRegistration(t.services.db);
    t.clock.advance(60_000);
    const form = validApprovalForm('UK');
    const res = await approve(as.EDITOR, row.id, 1, form);
    expect(res.statusCode, res.body).toBe(200);
    const { serviceUnitId, accountObjectId, success } = res.json();
    expect(success).toBe(true);
    const now = t.clock.now().toISOString();

    // The supplier: exactly one, live, with the approved choices.
    const created = await suppliersWithId(form.supplierId);
    expect(created).toHaveLength(1);
    const [s] = created;
    expect(s).toMatchObject({
      id: serviceUnitId,
      groupId: accountObjectId,
      name: 'Harbour Motors Ltd',
      companyRegistrationNumber: '01234567',
      vatRegistrationNumber: 'GB123456789',
      locale: 'en_GB',
      addressNumber: '12',
      address1: 'Quay Street',
      address2: 'Old Town',
      address3: 'Bristol',
      county: 'Avon',
      postCode: 'BS14DJ',
      lat: 51.45,
      lng: -2.59,
      primaryPhoneNumber: '01174960000',
      bookingPhoneNumber: '01174960002',
      faxNumber: '01174960001',
      email: 'dana@harbour.example',
      servingRadius: 15,
      mobileRadius: 5,
      unitStatus: 'live',
      supplierType: 'Franchise',
      manufacturers: ['Ford', 'Kia'],
      mandatoryTyreReadings: true,
      openingHours: form.openingHours,
      version: 1,
    });
    expect(s.services.filter((x) => x.isEnabled).map((x) => x.type)).toEqual(['SERVICE', 'TYRE', 'MOT']);
    expect(s.vehicleTypes.filter((x) => x.isAvailable).map((x) => x.type)).toEqual(['CAR', 'COMMERCIAL_UNDER_3_5']);
    expect(s.facilities.filter((x) => x.isAvailable).map((x) => x.value)).toEqual(['WASH_AND_VAC', 'WIFI']);
    expect(s.supplementaryServices.filter((x) => x.isOffered).map((x) => x.type)).toEqual(['COURTESY_CAR', 'WHILE_YOU_WAIT', 'WASH_AND_VAC']);

    // Its group: new, made from the company and the billing blocks, created by e-registration.
    const [g] = await t.services.db.select().from(supplierGroups).where(eq(supplierGroups.id, accountObjectId));
    expect(g).toMatchObject({
      name: 'Harbour Motors Ltd',
      supplierCreationType: 'E_REGISTRATION',
      locale: 'en_GB',
      status: 'live',
      companyRegistrationNumber: '01234567',
      vatRegistrationNumber: 'GB123456789',
      addressNumber: '12',
      postCode: 'BS14DJ',
      billingAddress: { number: 'Unit 7', address1: 'Mill Lane', address2: 'Bedminster', address3: 'Bristol', county: 'Avon', postCode: 'BS34AA' },
      billingContact: { title: 'Mr', firstName: 'Billy', lastName: 'Ames', contactNumber1: '07700900123', bookingPhoneNumber: null, faxNumber: null, email: 'billing@harbour.example' },
      contact: { title: 'Ms', firstName: 'Dana', lastName: 'Reid', contactNumber1: '01174960000', email: 'dana@harbour.example' },
      isBillingAddressSameAsAddress: false,
      isBillingContactSameAsContact: false,
    });
    expect(g.groupId).toMatch(/^G\d+$/);
    expect((await t.services.db.select().from(suppliers).where(eq(suppliers.groupId, g.id))).map((x) => x.id)).toEqual([serviceUnitId]);

    // The registration: APPROVED, naming the supplier, with what was approved.
    const d = await details(row.id);
    expect(d).toMatchObject({ status: 'APPROVED', version: 2, lastUpdated: now, approvedSupplier: { serviceUnitId, accountObjectId }, reasonForRejection: null });
    expect(d.approval).toEqual({ ...form, status: 'APPROVED', unitStatus: { label: 'Live', status: 'live' }, featureFlags: { mandatoryTyreReadings: true } });
    const stored = await registrationRow(row.id);
    expect(stored).toMatchObject({ status: 'APPROVED', approvedSupplierId: serviceUnitId });
    expect(stored.approvedAt?.toISOString()).toBe(now);

    // The supplier area reads it like any other.
    const sd = await as.VIEWER.post('supplier/getSupplierDetails', { serviceUnitId, accountObjectId });
    expect(sd.statusCode, sd.body).toBe(200);
    expect(sd.json().data as SupplierDetails).toMatchObject({
      supplierId: form.supplierId,
      groupId: g.groupId,
      supplierGroupName: 'Harbour Motors Ltd',
      unitStatus: { label: 'Live', status: 'live' },
      featureFlags: { mandatoryTyreReadings: true },
      supplierType: 'Franchise',
      manufacturers: ['Ford', 'Kia'],
      servingRadius: { radius: 15, mobileRadius: 5 },
      log: { createdByUser: 'Test EDITOR', createdTimestamp: now },
    });

    // One welcome e-mail to the applicant, naming the supplier id.
    const mails = await mailsTo(row.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'registrationApproved', subject: 'Welcome to the Fleet Network, Harbour Motors Ltd' });
    expect(mails[0].text).toContain(`(supplier id ${form.supplierId})`);

    // Audited: the group and the supplier created, the registration approved, all by this call.
    const audit = await t.services.db.select().from(auditLog).where(inArray(auditLog.recordId, [accountObjectId, serviceUnitId, row.id])).orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.slug, a.recordType, a.recordId])).toEqual([
      ['eOnBoarding/approveSupplier', 'group', accountObjectId],
      ['eOnBoarding/approveSupplier', 'supplier', serviceUnitId],
      ['eOnBoarding/approveSupplier', 'eRegistration', row.id],
    ]);
    expect(audit[0].before).toBeNull();
    expect(audit[1].before).toBeNull();
    expect(audit[2].before).toMatchObject({ status: 'NEW', approvedSupplierId: null });
    expect(audit[2].after).toMatchObject({ status: 'APPROVED', approvedSupplierId: serviceUnitId });
    expect(audit.every((a) => a.at.toISOString() === now)).toBe(true);

    // Searchable at once: the supplier's card, and the registration among the approved ones.
    const cards = await search('suppliers', { filter_by: `groupId:=${accountObjectId}` });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: serviceUnitId, supplierId: form.supplierId, name: 'Harbour Motors Ltd', status: 'live', diGroupId: g.groupId, groupName: 'Harbour Motors Ltd', supplierType: 'Franchise' });
    expect(cards[0].manufacturers).toEqual(['Ford', 'Kia']);
    expect([...(cards[0].services as string[])].sort()).toEqual(['MOT', 'SERVICE', 'TYRE']);
    expect((await search('suppliers', { q: form.supplierId, query_by: 'supplierId' })).map((c) => c.id)).toEqual([serviceUnitId]);
    expect((await search('eRegistrations', { filter_by: `status:=APPROVED`, q: row.companyName, query_by: 'companyName' })).map((c) => c.id)).toContain(row.id);
  });

  it('approves an Irish independent garage with billing the same as the company: en_IE, no manufacturers, mobile radius 0', async () => {
    const row = await insertRegistration(t.services.db, { country: 'IE', sameBilling: true });
    const form = validApprovalForm('IE', {
      isBillingAddressSameAsAddress: true,
      isBillingContactSameAsContact: true,
      // Left over from before the toggles were ticked: neither checked nor kept.
      billingAddress: { number: '', address1: '', address2: '', address3: '', county: '', postCode: 'stale' },
      // Left from a Franchise tick that was undone.
      manufacturers: ['Ford'],
    });
    const res = await approve(as.EDITOR, row.id, 1, form);
    expect(res.statusCode, res.body).toBe(200);
    const { serviceUnitId, accountObjectId } = res.json();
    const [s] = await suppliersWithId(form.supplierId);
    expect(s).toMatchObject({ id: serviceUnitId, locale: 'en_IE', supplierType: 'Independent', manufacturers: [], servingRadius: 120, mobileRadius: 0, unitStatus: 'live', mandatoryTyreReadings: true, postCode: 'D02X285', primaryPhoneNumber: '014960000' });
    expect(s.openingHours?.sunday).toEqual({ customOpening: '10:00', customClosing: '14:00', isOpen: true });
    const [g] = await t.services.db.select().from(supplierGroups).where(eq(supplierGroups.id, accountObjectId));
    const head = { number: '4', address1: 'Baggot Street Lower', address2: null, address3: 'Dublin', county: null, postCode: 'D02X285' };
    expect(g).toMatchObject({ locale: 'en_IE', supplierCreationType: 'E_REGISTRATION', isBillingAddressSameAsAddress: true, isBillingContactSameAsContact: true, billingAddress: head, payingAddress: head });
    expect(g.billingContact).toEqual(g.contact);
    expect((await details(row.id)).status).toBe('APPROVED');
  });

  it('places a postcode corrected during the review again, and one the registration has no place for; keeps the registration’s place otherwise', async () => {
    const row = await insertRegistration(t.services.db);
    const form = validApprovalForm('UK');
    const res = await approve(as.EDITOR, row.id, 1, { ...form, address: { ...form.address, postCode: 'BS2 0BY' } });
    expect(res.statusCode, res.body).toBe(200);
    const [s] = await suppliersWithId(form.supplierId);
    // No geocoder configured: the local tables place it at its district.
    expect({ postCode: s.postCode, lat: s.lat, lng: s.lng }).toEqual({ postCode: 'BS20BY', lat: 51.4594, lng: -2.5801 });

    // A district the tables do not know: 0/0, the 'Invalid Postcode' badge.
    const unknownRow = await insertRegistration(t.services.db);
    const unknown = validApprovalForm('UK');
    expect((await approve(as.EDITOR, unknownRow.id, 1, { ...unknown, address: { ...unknown.address, postCode: 'BX1 1LT' } })).statusCode).toBe(200);
    expect((await suppliersWithId(unknown.supplierId)).map((x) => [x.lat, x.lng])).toEqual([[0, 0]]);

    // The registration had no place for its Eircode: the approval places it, unchanged.
    const unplacedRow = await insertRegistration(t.services.db, { country: 'IE', over: { lat: null, lng: null } });
    const irish = validApprovalForm('IE');
    expect((await approve(as.EDITOR, unplacedRow.id, 1, irish)).statusCode).toBe(200);
    expect((await suppliersWithId(irish.supplierId)).map((x) => [x.postCode, x.lat, x.lng])).toEqual([['D02X285', 53.3331, -6.2489]]);
  });

  it('lets exactly one of two approvals at the same version through: one supplier, one group, one welcome e-mail', async () => {
    const row = await insertRegistration(t.services.db);
    const form = validApprovalForm('UK', { companyName: `Race Motors ${Date.now() % 100000}` });
    const second = new Browser(t);
    await second.signIn('editor@test.example');
    const results = await Promise.all([approve(as.EDITOR, row.id, 1, form), approve(second, row.id, 1, form)]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(['CONFLICT', 'INVALID_STATUS']).toContain(lost.json().error.code);
    expect(lost.json().error.current).toMatchObject({ status: 'APPROVED', version: 2 });

    const created = await suppliersWithId(form.supplierId);
    expect(created).toHaveLength(1);
    expect(await t.services.db.select({ id: supplierGroups.id }).from(supplierGroups).where(eq(supplierGroups.id, created[0].groupId))).toHaveLength(1);
    expect(await t.services.db.select().from(supplierGroups).where(eq(supplierGroups.name, form.companyName))).toHaveLength(1);
    expect(await details(row.id)).toMatchObject({ status: 'APPROVED', version: 2, approvedSupplier: { serviceUnitId: created[0].id } });
    expect(await mailsTo(row.email)).toHaveLength(1);
  });

  it('refuses a REJECTED or an APPROVED registration with 409 INVALID_STATUS, creating nothing', async () => {
    const row = await insertRegistration(t.services.db);
    expect((await reject(as.EDITOR, row.id, 1, 'Duplicate of an existing supplier')).statusCode).toBe(200);
    const form = validApprovalForm('UK');
    const res = await approve(as.EDITOR, row.id, 2, form);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INVALID_STATUS', message: REGISTRATION_MESSAGES.alreadyDecided('REJECTED'), current: { status: 'REJECTED', version: 2 } });
    expect(await suppliersWithId(form.supplierId)).toEqual([]);
    expect(await details(row.id)).toMatchObject({ status: 'REJECTED', version: 2, approval: null, approvedSupplier: null });

    const approved = await insertRegistration(t.services.db);
    expect((await approve(as.EDITOR, approved.id, 1, validApprovalForm('UK'))).statusCode).toBe(200);
    const again = await approve(as.EDITOR, approved.id, 2, validApprovalForm('UK'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVALID_STATUS', message: REGISTRATION_MESSAGES.alreadyDecided('APPROVED') });
    const rejectApproved = await reject(as.EDITOR, approved.id, 2, 'Too late');
    expect(rejectApproved.statusCode).toBe(409);
    expect(rejectApproved.json().error.code).toBe('INVALID_STATUS');
    expect((await details(approved.id)).status).toBe('APPROVED');
  });

  it("says 'Supplier ID already exists' on supplierId when the id is taken, and leaves no group behind", async () => {
    const { supplier } = await insertSupplier(t.services.db);
    const row = await insertRegistration(t.services.db);
    const form = validApprovalForm('UK', { supplierId: ` ${supplier.supplierId} `, companyName: `Taken Id Motors ${Date.now() % 100000}` });
    const res = await approve(as.EDITOR, row.id, 1, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Supplier ID already exists', fields: { supplierId: 'Supplier ID already exists' } });
    expect(await t.services.db.select().from(supplierGroups).where(eq(supplierGroups.name, form.companyName))).toEqual([]);
    expect(await suppliersWithId(supplier.supplierId)).toHaveLength(1);
    expect(await details(row.id)).toMatchObject({ status: 'NEW', version: 1 });
    expect(await auditOf(row.id)).toEqual([]);
    expect(await mailsTo(row.email)).toEqual([]);

    // Another id goes through.
    expect((await approve(as.EDITOR, row.id, 1, { ...form, supplierId: nextSupplierId() })).statusCode).toBe(200);
  });

  it('answers a malformed supplierData with 400 at the path, never a crash, and stores none of it', async () => {
    const row = await insertRegistration(t.services.db);
    const cases: [string, (f: Record<string, unknown>) => void, Record<string, string>][] = [
      ['no facilities', (f) => delete f.facilities, { facilities: 'Facility is not valid' }],
      ['no optional services', (f) => delete f.supplementaryServices, { supplementaryServices: 'Optional service is not valid' }],
      ['optional services as text', (f) => (f.supplementaryServices = 'COURTESY_CAR'), { supplementaryServices: 'Optional service is not valid' }],
      ['unknown facilities', (f) => (f.facilities = ['WIFI', 'JACUZZI']), { facilities: 'Facility is not valid' }],
      ['no opening hours', (f) => (f.openingHours = null), { 'openingHours.weekday': 'Opening hours is not valid', 'openingHours.saturday': 'Opening hours is not valid', 'openingHours.sunday': 'Opening hours is not valid' }],
      ['no Sunday', (f) => delete (f.openingHours as Record<string, unknown>).sunday, { 'openingHours.sunday': 'Opening hours is not valid' }],
      ['Franchise as text', (f) => (f.franchise = 'yes'), { franchise: 'Franchise is not valid' }],
    ];
    for (const [name, change, fields] of cases) {
      const form = structuredClone(validApprovalForm('UK')) as unknown as Record<string, unknown>;
      change(form);
      const res = await approve(as.EDITOR, row.id, 1, form);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().error.fields, name).toEqual(fields);
      expect(await suppliersWithId(form.supplierId as string), name).toEqual([]);
    }
    expect(await details(row.id)).toMatchObject({ status: 'NEW', version: 1, approval: null });
  });

  it('lets one of two registrations approved at once under the same Supplier Id through, the other told the id exists', async () => {
    const [a, b] = [await insertRegistration(t.services.db), await insertRegistration(t.services.db)];
    const supplierId = nextSupplierId('SAME');
    const names = [`Same Id A ${Date.now() % 100000}`, `Same Id B ${Date.now() % 100000}`];
    const second = new Browser(t);
    await second.signIn('editor@test.example');
    const results = await Promise.all([
      approve(as.EDITOR, a.id, 1, validApprovalForm('UK', { supplierId, companyName: names[0] })),
      approve(second, b.id, 1, validApprovalForm('UK', { supplierId, companyName: names[1] })),
    ]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().error.fields).toEqual({ supplierId: 'Supplier ID already exists' });
    expect(await suppliersWithId(supplierId)).toHaveLength(1);
    expect([(await details(a.id)).status, (await details(b.id)).status].sort()).toEqual(['APPROVED', 'NEW']);
    // The refused one left no group behind.
    expect(await t.services.db.select().from(supplierGroups).where(inArray(supplierGroups.name, names))).toHaveLength(1);
  });

  it('refuses a stale version with 409 CONFLICT and the registration as it is now', async () => {
    const row = await insertRegistration(t.services.db);
    const form = validApprovalForm('UK');
    const res = await approve(as.EDITOR, row.id, 2, form);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', current: { inviteId: row.id, status: 'NEW', version: 1 } });
    // No version at all is a malformed call.
    const none = await as.EDITOR.post('eOnBoarding/approveSupplier', { inviteId: row.id, supplierData: form });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ version: 'version is required' });
    expect(await suppliersWithId(form.supplierId)).toEqual([]);
    expect(await details(row.id)).toMatchObject({ status: 'NEW', version: 1 });
  });

  it('is 404 for an unknown or malformed registration, 400 without supplierData', async () => {
    for (const inviteId of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await approve(as.EDITOR, inviteId, 1, validApprovalForm('UK'));
      expect(res.statusCode, `${inviteId}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('RECORD_NOT_FOUND');
    }
    const row = await insertRegistration(t.services.db);
    const missing = await as.EDITOR.post('eOnBoarding/approveSupplier', { inviteId: row.id, version: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ supplierData: 'supplierData is required' });
  });
});
