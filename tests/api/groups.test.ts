import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertGroup, insertLeaseCompany, linkLeaseCompany, validGroupForm } from '../fixtures/groups';
import { auditLog, leaseCompanies, leaseGroupLinks, mailOutbox, supplierGroups, suppliers, users } from '../../server/db/schema';
import { ALREADY_UNLINKED, PAYBILL_NOT_ELIGIBLE } from '../../server/rpc/groups';
import { feeFromInput } from '../../domain/fees';
import { emptyGroupAddress, emptyGroupContact, GROUP_FORM_MESSAGES, toGroupForm, type GroupDetails, type GroupForm, type GroupLeaseCompany } from '../../domain/groups';

let t: TestApp;
let searchKey: string;
const as: Record<string, Browser> = {};

beforeAll(async () => {
  t = await createTestApp();
  // NO_SUCH_ROLE holds nothing, not even the group menu every preset has.
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER', 'SUPPORT', 'FINANCE', 'NO_SUCH_ROLE']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  searchKey = (await as.VIEWER.get('session/getSessionToken')).json().key as string;
});
afterAll(() => t.close());

const save = (b: Browser, form: GroupForm) => b.post('admin/saveSupplierGroupDetails', { groupDetails: form, user: { name: 'ignored' } });
async function create(form: GroupForm, b = as.EDITOR): Promise<string> {
  const res = await save(b, form);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accountId;
}
async function details(accountId: string, b = as.VIEWER): Promise<GroupDetails> {
  const res = await b.post('admin/getGroupDetails', { accountId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().group;
}
/** The form the edit page shows for a saved group, at its version. */
const editForm = async (accountId: string): Promise<GroupForm> => toGroupForm(await details(accountId));
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
const names = (list: GroupLeaseCompany[]) => list.map((l) => l.name);

describe('admin/getGroupDetails', () => {
  it('answers a stored group with its ACTIVE links to ACTIVE customers by name, and who created it', async () => {
    const group = await insertGroup(t.services.db, { name: 'Details Motor Group' });
    const zed = await insertLeaseCompany(t.services.db, { name: 'Zed Leasing' });
    const abc = await insertLeaseCompany(t.services.db, { name: 'abc Leasing', rateCardType: 'VISN' });
    const gone = await insertLeaseCompany(t.services.db, { name: 'Gone Leasing', status: 'TERMINATED' });
    const unlinked = await insertLeaseCompany(t.services.db, { name: 'Unlinked Leasing' });
    const zedLink = await linkLeaseCompany(t.services.db, zed.id, group.id, { directPaybill: true });
    const abcLink = await linkLeaseCompany(t.services.db, abc.id, group.id);
    await linkLeaseCompany(t.services.db, gone.id, group.id);
    await linkLeaseCompany(t.services.db, unlinked.id, group.id, { status: 'TERMINATED' });

    const d = await details(group.id);
    expect(d).toMatchObject({
      id: group.id,
      accountId: group.id,
      version: 1,
      groupId: group.groupId,
      name: 'Details Motor Group',
      locale: 'en_GB',
      belongsToDINetwork: true,
      blocked: false,
      status: { label: 'Live', status: 'live' },
      address: { number: '12', address1: 'Quay Street', address2: 'Old Town', address3: 'Bristol', county: 'Avon', postcode: 'BS14DJ' },
      billingAddress: null,
      contact: null,
      platformFees: null,
      creditLimit: { agreedCreditLimit: null, updatedBy: null },
      config: { enableChatSupport: false, skipVehicleReturnConfirmation: false },
      exportConfig: { authorisedTransactionExport: false },
      moreLinkedLeaseAccounts: false,
      documentCount: 0,
      log: { createdByUser: null, modifiedByUser: null },
    });
    expect(d.linkedLeaseAccounts).toEqual([
      { leaseId: abc.id, leaseAccountId: abcLink.id, name: 'abc Leasing', diCustomerId: abc.diCustomerId, rateCardType: 'VISN', directPaybill: false, serviceGroupName: 'Details Motor Group', status: 'ACTIVE', agreementId: null, agreementStatus: null },
      { leaseId: zed.id, leaseAccountId: zedLink.id, name: 'Zed Leasing', diCustomerId: zed.diCustomerId, rateCardType: 'COST_TYPE_HYBRID_VISN', directPaybill: true, serviceGroupName: 'Details Motor Group', status: 'ACTIVE', agreementId: null, agreementStatus: null },
    ]);
  });

  it('lists at most 250 linked customers and says when there are more', async () => {
    const group = await insertGroup(t.services.db);
    const tag = Date.now() % 100000;
    const leases = await t.services.db
      .insert(leaseCompanies)
      .values(Array.from({ length: 251 }, (_, i) => ({ diCustomerId: `CB${tag}-${i}`, name: `Zz Bulk ${String(i).padStart(3, '0')}`, customerType: 'DIRECT' as const, rateCardType: 'VISN' as const, currency: 'GBP' as const, config: {} as never })))
      .returning({ id: leaseCompanies.id });
    await t.services.db.insert(leaseGroupLinks).values(leases.map((l) => ({ leaseCompanyId: l.id, groupId: group.id, serviceGroupName: group.name })));
    const d = await details(group.id);
    expect(d.linkedLeaseAccounts).toHaveLength(250);
    expect(d.linkedLeaseAccounts.at(-1)?.name).toBe('Zz Bulk 249');
    expect(d.moreLinkedLeaseAccounts).toBe(true);
  });

  it('is 404 for an unknown or malformed id, 400 without one, and 403 without the group menu', async () => {
    for (const accountId of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await as.VIEWER.post('admin/getGroupDetails', { accountId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'RECORD_NOT_FOUND', message: 'Group not found!' });
    }
    const missing = await as.VIEWER.post('admin/getGroupDetails', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ accountId: 'accountId is required' });
    const group = await insertGroup(t.services.db);
    for (const role of ['SUPPORT', 'FINANCE']) expect((await as[role].post('admin/getGroupDetails', { accountId: group.id })).statusCode, role).toBe(200);
    expect((await as.NO_SUCH_ROLE.post('admin/getGroupDetails', { accountId: group.id })).statusCode).toBe(403);
  });
});

describe('admin/saveSupplierGroupDetails: create and read back', () => {
  it('creates a UK group and reads back every field: blocks, contacts, fees in minor units, credit limit with who set it, config', async () => {
    t.clock.advance(1000);
    const form = validGroupForm('UK');
    const res = await save(as.EDITOR, form);
    expect(res.statusCode, res.body).toBe(200);
    const { accountId, version, success } = res.json();
    expect({ success, version }).toEqual({ success: true, version: 1 });
    const d = await details(accountId);
    const now = t.clock.now().toISOString();
    expect(d).toMatchObject({
      id: accountId,
      accountId,
      version: 1,
      groupId: form.groupId,
      name: 'Harbour Motor Group',
      companyRegistrationNumber: 'SC123456',
      vatRegistrationNumber: 'GB123456789',
      visnAccountNumber: 'VISN-UK-0001',
      enforceMfa: true,
      blocked: false,
      supplierCreationType: 'ADMIN',
      locale: 'en_GB',
      belongsToDINetwork: false,
      lastUpdated: now,
      status: { label: 'Live', status: 'live' },
      useHeadOfficeNameAndAddress: true,
      useDirectPaybillName: false,
      isBillingAddressSameAsAddress: false,
      isPayingAddressSameAsBillingAddress: false,
      isBillingContactSameAsContact: false,
      isPayingContactSameAsBillingContact: false,
      linkedLeaseAccounts: [],
      documentCount: 0,
      log: { createdTimestamp: now, createdByUser: 'Test EDITOR', modifiedTimestamp: now, modifiedByUser: 'Test EDITOR' },
    });
    // Postcodes upper-cased without spaces, phones without spaces, e-mails without spaces, empty optionals null.
    expect(d.address).toEqual({ number: '12', address1: 'Quay Street', address2: 'Old Town', address3: 'Bristol', county: 'Avon', postcode: 'BS14DJ' });
    expect(d.billingAddress).toEqual({ number: 'Unit 7', address1: 'Mill Lane', address2: 'Bedminster', address3: 'Bristol', county: 'Avon', postcode: 'BS34AA' });
    expect(d.payingAddress).toEqual({ number: '1', address1: 'Broad Street', address2: 'Centre', address3: 'Bath', county: 'Somerset', postcode: 'BA15LJ' });
    expect(d.contact).toEqual({ title: 'Ms', firstName: 'Dana', lastName: 'Reid', contactNumber1: '01174960000', faxNumber: '01174960001', email: 'dana@harbour.example' });
    expect(d.billingContact).toEqual({ title: null, firstName: 'Billy', lastName: 'Ames', contactNumber1: null, faxNumber: null, email: '' });
    expect(d.payingContact).toEqual({ title: 'Mr', firstName: 'Paul', lastName: 'Ng', contactNumber1: '07700900123', faxNumber: null, email: 'pay@harbour.example' });
    expect(d.platformFees).toEqual({ currency: 'GBP', paymentMethod: 'DIRECT_DEBIT', feesSchedule: 30, acceptedBookingFee: 1250, transactionFee: 99, reportingLicenceFee: 125000, merchantFee: 9995 });
    expect(d.creditLimit).toEqual({ agreedCreditLimit: 2500000, updatedBy: { lastUpdated: now, username: 'Test EDITOR' } });
    expect(d.config).toEqual({ enableChatSupport: true, skipVehicleReturnConfirmation: true });
    expect(d.exportConfig).toEqual({ authorisedTransactionExport: true });

    const audit = await auditOf(accountId);
    expect(audit.map((a) => [a.slug, a.recordType])).toEqual([['admin/saveSupplierGroupDetails', 'group']]);
    expect(audit[0].before).toBeNull();
  });

  it('saves a reloaded form back unchanged, in both countries: what the edit page shows is what was saved', async () => {
    for (const country of ['UK', 'IE'] as const) {
      const id = await create(validGroupForm(country, { isBillingContactSameAsContact: true }));
      const before = await details(id);
      t.clock.advance(1000);
      const res = await save(as.EDITOR, toGroupForm(before));
      expect(res.statusCode, res.body).toBe(200);
      const after = await details(id);
      const { version, lastUpdated, log, ...rest } = after;
      expect({ version, lastUpdated, modifiedTimestamp: log.modifiedTimestamp }).toEqual({ version: 2, lastUpdated: t.clock.now().toISOString(), modifiedTimestamp: t.clock.now().toISOString() });
      expect(rest).toEqual((({ version: _v, lastUpdated: _l, log: _g, ...r }) => r)(before));
      expect(toGroupForm(after)).toEqual({ ...toGroupForm(before), version: 2 });
    }
  });

  it('creates an Irish group with the "same as" chains resolved: a ticked child is its parent, whatever was sent for it', async () => {
    const form = validGroupForm('IE', {
      enforceMfa: false,
      isBillingAddressSameAsAddress: true,
      isPayingAddressSameAsBillingAddress: true,
      isBillingContactSameAsContact: false,
      isPayingContactSameAsBillingContact: true,
      // Stale or empty values under ticked flags are neither checked nor kept.
      billingAddress: { ...emptyGroupAddress(), postcode: 'not a code' },
      payingAddress: emptyGroupAddress(),
      payingContact: { ...emptyGroupContact(), email: 'nope' },
    });
    const d = await details(await create(form));
    expect(d).toMatchObject({
      locale: 'en_IE',
      companyRegistrationNumber: '654321',
      vatRegistrationNumber: 'IE6388047V',
      visnAccountNumber: 'VISN_IE_0001',
      enforceMfa: false,
      useHeadOfficeNameAndAddress: false,
      useDirectPaybillName: true,
      isBillingAddressSameAsAddress: true,
      isPayingAddressSameAsBillingAddress: true,
      isBillingContactSameAsContact: false,
      isPayingContactSameAsBillingContact: true,
      status: { label: 'Live', status: 'live' },
    });
    const head = { number: '4', address1: 'Baggot Street Lower', address2: null, address3: 'Dublin', county: null, postcode: 'D02X285' };
    expect(d.address).toEqual(head);
    expect(d.billingAddress).toEqual(head);
    expect(d.payingAddress).toEqual(head);
    expect(d.contact).toEqual({ title: 'Mr', firstName: 'Seán', lastName: "O'Brien", contactNumber1: '014960000', faxNumber: null, email: 'sean@liffey.example' });
    const billing = { title: 'Ms', firstName: 'Aoife', lastName: 'Byrne', contactNumber1: '0871234567', faxNumber: null, email: 'billing@liffey.example' };
    expect(d.billingContact).toEqual(billing);
    expect(d.payingContact).toEqual(billing);
    expect(d.platformFees).toEqual({ currency: 'EURO', paymentMethod: 'BACS', feesSchedule: 60, acceptedBookingFee: 1250, transactionFee: 99, reportingLicenceFee: 125000, merchantFee: 9995 });
    expect(d.creditLimit).toMatchObject({ agreedCreditLimit: 750050, updatedBy: { username: 'Test EDITOR' } });
    expect(d.config).toEqual({ enableChatSupport: false, skipVehicleReturnConfirmation: true });
    expect(d.exportConfig).toEqual({ authorisedTransactionExport: false });
  });

  it('stores no payment method, no credit limit and no updatedBy when they are left empty, and status is always live', async () => {
    const form = validGroupForm('UK', { enforceMfa: null, creditLimit: { agreedCreditLimit: feeFromInput(''), updatedBy: null } });
    form.platformFees = { ...form.platformFees, paymentMethod: '' };
    const d = await details(await create({ ...form, status: 'cancelled' as 'live' }));
    expect(d).toMatchObject({ enforceMfa: null, status: { status: 'live' }, creditLimit: { agreedCreditLimit: null, updatedBy: null }, platformFees: { paymentMethod: null } });
    const [row] = await t.services.db.select({ status: supplierGroups.status }).from(supplierGroups).where(eq(supplierGroups.id, d.id));
    expect(row.status).toBe('live');
  });

  it('lists the new group in the groups collection, newest update first', async () => {
    t.clock.advance(1000);
    const older = await create(validGroupForm('UK', { name: 'Searchable Older Group' }));
    t.clock.advance(1000);
    const newer = await create(validGroupForm('IE', { name: 'Searchable Newer Group' }));
    const hits = await search('groups', { filter_by: `id:[${older}, ${newer}]`, sort_by: 'modifiedAt:desc' });
    expect(hits.map((h) => [h.id, h.name, h.status])).toEqual([
      [newer, 'Searchable Newer Group', 'live'],
      [older, 'Searchable Older Group', 'live'],
    ]);
    // The search box finds it by name and by its DI Group Id.
    const { groupId } = await details(newer);
    expect((await search('groups', { q: 'Searchable Newer', query_by: 'name' })).map((h) => h.id)).toEqual([newer]);
    expect((await search('groups', { q: groupId, query_by: 'groupId' })).map((h) => h.id)).toEqual([newer]);
    // Edited later, the older one comes first.
    t.clock.advance(1000);
    expect((await save(as.EDITOR, { ...(await editForm(older)), name: 'Searchable Older Group Ltd' })).statusCode).toBe(200);
    expect((await search('groups', { filter_by: `id:[${older}, ${newer}]`, sort_by: 'modifiedAt:desc' })).map((h) => h.id)).toEqual([older, newer]);
  });
});

describe('admin/saveSupplierGroupDetails: edit', () => {
  it('edits at the version the form showed; the credit limit records who changed it only when it changes', async () => {
    t.clock.advance(1000);
    const id = await create(validGroupForm('UK'));
    const created = t.clock.now().toISOString();

    t.clock.advance(60_000);
    const same = await save(as.SUPER_ADMIN, { ...(await editForm(id)), name: 'Harbour Motor Group Ltd', config: { enableChatSupport: false, skipVehicleReturnConfirmation: false } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ success: true, accountId: id, version: 2, group: { id, version: 2 } });
    let d = await details(id);
    expect(d).toMatchObject({ version: 2, name: 'Harbour Motor Group Ltd', config: { enableChatSupport: false, skipVehicleReturnConfirmation: false }, log: { createdByUser: 'Test EDITOR', modifiedByUser: 'Test SUPER_ADMIN' } });
    expect(d.creditLimit).toEqual({ agreedCreditLimit: 2500000, updatedBy: { lastUpdated: created, username: 'Test EDITOR' } });

    t.clock.advance(60_000);
    const changed = await save(as.SUPER_ADMIN, { ...(await editForm(id)), creditLimit: { agreedCreditLimit: feeFromInput('30,000.00'), updatedBy: null } });
    expect(changed.statusCode, changed.body).toBe(200);
    d = await details(id);
    expect(d.creditLimit).toEqual({ agreedCreditLimit: 3000000, updatedBy: { lastUpdated: t.clock.now().toISOString(), username: 'Test SUPER_ADMIN' } });

    const audit = await auditOf(id);
    expect(audit.map((a) => a.slug)).toEqual(['admin/saveSupplierGroupDetails', 'admin/saveSupplierGroupDetails', 'admin/saveSupplierGroupDetails']);
    expect(audit[1].before).toMatchObject({ name: 'Harbour Motor Group', version: 1 });
    expect(audit[1].after).toMatchObject({ name: 'Harbour Motor Group Ltd', version: 2 });
  });

  it('refuses a stale version with 409 CONFLICT and the group as it is now', async () => {
    const id = await create(validGroupForm('UK'));
    const form = await editForm(id);
    expect((await save(as.EDITOR, { ...form, name: 'First Edit Group' })).statusCode).toBe(200);
    const stale = await save(as.EDITOR, { ...form, name: 'Second Edit Group' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', current: { id, version: 2, name: 'First Edit Group', status: { status: 'live' } } });
    expect((await details(id)).name).toBe('First Edit Group');
    const noVersion = await save(as.EDITOR, { ...form, version: undefined });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.fields).toEqual({ version: 'version is required' });
    const unknown = await save(as.EDITOR, { ...form, id: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Group not found!');
  });

  it("renames the links' service group name and the group name on its suppliers' search cards, and only this group's", async () => {
    const id = await create(validGroupForm('UK', { name: 'Before Rename Group' }));
    const other = await insertGroup(t.services.db, { name: 'Untouched Group' });
    const lease = await insertLeaseCompany(t.services.db);
    const link = await linkLeaseCompany(t.services.db, lease.id, id);
    const otherLink = await linkLeaseCompany(t.services.db, lease.id, other.id);
    for (const [groupId, supplierId] of [[id, `RN${Date.now() % 100000}A`], [id, `RN${Date.now() % 100000}B`], [other.id, `RN${Date.now() % 100000}C`]]) {
      await t.services.db.insert(suppliers).values({ groupId, supplierId, name: `Site ${supplierId}` });
    }
    expect(link.serviceGroupName).toBe('Before Rename Group');

    expect((await save(as.EDITOR, { ...(await editForm(id)), name: 'After Rename Group' })).statusCode).toBe(200);
    const links = await t.services.db.select().from(leaseGroupLinks).where(eq(leaseGroupLinks.leaseCompanyId, lease.id));
    expect(links.find((l) => l.id === link.id)?.serviceGroupName).toBe('After Rename Group');
    expect(links.find((l) => l.id === otherLink.id)?.serviceGroupName).toBe('Untouched Group');
    expect((await details(id)).linkedLeaseAccounts.map((l) => l.serviceGroupName)).toEqual(['After Rename Group']);
    const cards = await search('suppliers', { filter_by: `groupId:=${id}` });
    expect(cards.map((c) => c.groupName)).toEqual(['After Rename Group', 'After Rename Group']);
    expect((await search('suppliers', { filter_by: `groupId:=${other.id}` })).map((c) => c.groupName)).toEqual(['Untouched Group']);
  });

  it("keeps the saved Group ID on edit, takes a new one only when the saved one is empty, and keeps the group's country", async () => {
    const id = await create(validGroupForm('UK'));
    const { groupId } = await details(id);
    const kept = await save(as.EDITOR, { ...(await editForm(id)), groupId: 'SOMETHING-ELSE' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await details(id)).groupId).toBe(groupId);

    // Empty (an imported group, say): the form may set it, under the same uniqueness rule.
    await t.services.db.update(supplierGroups).set({ groupId: '' }).where(eq(supplierGroups.id, id));
    const taken = await insertGroup(t.services.db);
    const clash = await save(as.EDITOR, { ...(await editForm(id)), groupId: taken.groupId.toLowerCase() });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.fields).toEqual({ groupId: 'Group Id already exists' });
    const empty = await save(as.EDITOR, { ...(await editForm(id)), groupId: '' });
    expect(empty.json().error.fields).toEqual({ groupId: 'Group ID is required' });
    const set = await save(as.EDITOR, { ...(await editForm(id)), groupId: ` NEW-${groupId} ` });
    expect(set.statusCode, set.body).toBe(200);
    expect((await details(id)).groupId).toBe(`NEW-${groupId}`);

    // An edit stays in its country: a UK group sent as Irish is still checked and stored as UK.
    const asIrish = await save(as.EDITOR, { ...(await editForm(id)), locale: 'en_IE', address: { ...validGroupForm('UK').address, postcode: 'D02 X285' } });
    expect(asIrish.statusCode).toBe(400);
    expect(asIrish.json().error.fields).toEqual({ 'address.postcode': 'Postcode is not valid' });
    expect((await save(as.EDITOR, { ...(await editForm(id)), locale: 'en_IE' })).statusCode).toBe(200);
    expect((await details(id)).locale).toBe('en_GB');
  });
});

describe('admin/saveSupplierGroupDetails: checks', () => {
  it("answers the UK form's messages at their paths, one per field, and writes nothing", async () => {
    const before = (await t.services.db.select({ id: supplierGroups.id }).from(supplierGroups)).length;
    const form = validGroupForm('UK', {
      groupId: 'bad id!',
      name: '',
      vatRegistrationNumber: 'GB 1234 5678 9012 3456 7',
      address: { ...validGroupForm('UK').address, postcode: 'BS1 4DJX', address2: '', county: '' },
      billingAddress: emptyGroupAddress(),
      contact: { ...validGroupForm('UK').contact, contactNumber1: '0117 496 00000', email: '' },
      payingContact: { ...validGroupForm('UK').payingContact, email: 'pay@' },
    });
    form.platformFees = { ...form.platformFees, feesSchedule: 61, acceptedBookingFee: feeFromInput(''), merchantFee: feeFromInput('100.01') };
    form.creditLimit = { agreedCreditLimit: { masked: '1,234,567.00', raw: 1234567, value: 123456700 }, updatedBy: null };
    const res = await save(as.EDITOR, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Group ID is not valid' });
    expect(res.json().error.fields).toEqual({
      groupId: 'Group ID is not valid',
      name: 'Supplier Group Name is required',
      vatRegistrationNumber: 'VAT Number is not valid',
      'address.address2': 'Locality is required',
      'address.county': 'County is required',
      'address.postcode': 'Postcode is not valid',
      'billingAddress.number': 'Building Name/Number is required',
      'billingAddress.address1': 'Street name is required',
      'billingAddress.address2': 'Locality is required',
      'billingAddress.address3': 'Town is required',
      'billingAddress.county': 'County is required',
      'billingAddress.postcode': 'Postcode is required',
      'contact.contactNumber1': 'Phone Number is not valid',
      'contact.email': 'Email is required',
      'payingContact.email': 'Email is not valid',
      'platformFees.feesSchedule': 'Fees Schedule is not valid',
      'platformFees.acceptedBookingFee': 'Accepted Booking Fee is required',
      'platformFees.merchantFee': GROUP_FORM_MESSAGES.merchantFeeOver,
      'creditLimit.agreedCreditLimit': 'Agreed Credit Limit is not valid',
    });
    expect((await t.services.db.select({ id: supplierGroups.id }).from(supplierGroups)).length).toBe(before);
  });

  it("answers the Irish form's own rules: Eircode, a required phone, VAT at most 10, Locality and County optional", async () => {
    const form = validGroupForm('IE', {
      vatRegistrationNumber: 'IE63880470V',
      address: { number: '4', address1: 'Baggot Street Lower', address2: '', address3: 'Dublin', county: '', postcode: 'BS1 4DJ' },
      contact: { ...validGroupForm('IE').contact, contactNumber1: '' },
      payingContact: { ...validGroupForm('IE').payingContact, email: '' },
    });
    form.platformFees = { ...form.platformFees, currency: '', feesSchedule: null };
    const res = await save(as.EDITOR, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      vatRegistrationNumber: 'VAT Number is not valid',
      'address.postcode': 'Eircode is not valid',
      'contact.contactNumber1': 'Phone Number is required',
      'payingContact.email': 'Email is required',
      'platformFees.currency': 'Currency is required',
      'platformFees.feesSchedule': 'Fees Schedule is required',
    });
    const missing = await as.EDITOR.post('admin/saveSupplierGroupDetails', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ groupDetails: 'groupDetails is required' });
  });

  it("says 'Group Id already exists' on groupId for an id taken in any case", async () => {
    const first = validGroupForm('UK');
    await create(first);
    for (const groupId of [first.groupId, first.groupId.toLowerCase(), ` ${first.groupId} `]) {
      const res = await save(as.EDITOR, validGroupForm('IE', { groupId }));
      expect(res.statusCode, groupId).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Group Id already exists', fields: { groupId: 'Group Id already exists' } });
    }
  });

  it('lets exactly one of two concurrent creates with the same new Group ID through', async () => {
    // A few rounds: the first may find one connection in the pool and run the two one after the other.
    for (let round = 0; round < 3; round++) {
      const groupId = `RACE-${round}-${Date.now() % 100000}`;
      const results = await Promise.all([save(as.EDITOR, validGroupForm('UK', { groupId })), save(as.SUPER_ADMIN, validGroupForm('IE', { groupId: groupId.toLowerCase() }))]);
      expect(results.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 400]);
      const loser = results.find((r) => r.statusCode === 400)!;
      expect(loser.json().error.fields).toEqual({ groupId: 'Group Id already exists' });
      const rows = await t.services.db.select({ groupId: supplierGroups.groupId }).from(supplierGroups).where(sql`lower(${supplierGroups.groupId}) = ${groupId.toLowerCase()}`);
      expect(rows).toHaveLength(1);
    }
  });

  it('needs the group-edit permission: viewer, support and finance are refused and nothing is written', async () => {
    const before = (await t.services.db.select({ id: supplierGroups.id }).from(supplierGroups)).length;
    for (const role of ['VIEWER', 'SUPPORT', 'FINANCE', 'NO_SUCH_ROLE']) {
      const res = await save(as[role], validGroupForm('UK'));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const id = await create(validGroupForm('UK'));
    expect((await save(as.VIEWER, { ...(await editForm(id)), name: 'Viewer Was Here' })).statusCode).toBe(403);
    expect((await details(id)).version).toBe(1);
    expect((await t.services.db.select({ id: supplierGroups.id }).from(supplierGroups)).length).toBe(before + 1);
  });
});

describe('GET admin/getSupplierGroupIds', () => {
  it('lists every DI Group Id in order, for any role with the group menu', async () => {
    const a = await insertGroup(t.services.db, { groupId: 'AAA-IDS-1' });
    await create(validGroupForm('IE', { groupId: 'zzz-ids-2' }));
    const res = await as.FINANCE.get('admin/getSupplierGroupIds');
    expect(res.statusCode, res.body).toBe(200);
    const { ids } = res.json() as { ids: string[] };
    const all = (await t.services.db.select({ groupId: supplierGroups.groupId }).from(supplierGroups)).map((r) => r.groupId);
    expect([...ids].sort()).toEqual([...all].sort());
    expect(ids).toEqual(expect.arrayContaining([a.groupId, 'zzz-ids-2']));
    expect(ids.indexOf('AAA-IDS-1')).toBeLessThan(ids.indexOf('zzz-ids-2'));
    expect((await as.NO_SUCH_ROLE.get('admin/getSupplierGroupIds')).statusCode).toBe(403);
    expect((await as.VIEWER.post('admin/getSupplierGroupIds', {})).statusCode).toBe(404);
  });
});

describe('admin/getGroupUserList and admin/createGroupUserInvite', () => {
  const invite = (accountId: string, email: string, isAdmin = false) => ({
    accountId,
    firstname: 'Rhys',
    lastname: 'Evans',
    email,
    isAdmin,
    groupName: 'whatever the page shows',
    invitedById: null,
    supplierCreationType: null,
    user: { id: 'ignored' },
  });

  it("invites a user to the group, e-mails the invitation with the group's name, audits it and lists it", async () => {
    const group = await insertGroup(t.services.db, { name: 'Invite Motor Group' });
    const res = await as.EDITOR.post('admin/createGroupUserInvite', invite(group.id, ' rhys@invite.example ', true));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inviteSent: true, emailExists: false });
    const [user] = await t.services.db.select().from(users).where(eq(users.groupId, group.id));
    expect(user).toMatchObject({ kind: 'group', email: 'rhys@invite.example', groupId: group.id, supplierId: null, status: 'INVITE_SENT', isAdmin: true, isInvite: true, supplierCreationType: 'ADMIN' });
    const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rhys@invite.example'));
    expect(mail.subject).toBe('Your invitation to Invite Motor Group on the Fleet Network');
    expect(mail.text).toContain('You have been invited to join Invite Motor Group on the Fleet Network as a super user.');
    expect(t.mails.filter((m) => m.to === 'rhys@invite.example').map((m) => m.kind)).toEqual(['invite']);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => [a.slug, a.recordType])).toEqual([['admin/createGroupUserInvite', 'groupUser']]);

    const list = await as.VIEWER.post('admin/getGroupUserList', { accountId: group.id });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().users).toEqual([{ id: user.id, firstname: 'Rhys', lastname: 'Evans', email: 'rhys@invite.example', status: { label: 'Invite sent' }, isAdmin: true, isInvite: true, suspendTimestampAfterEpoch: null }]);
  });

  it("lists the group's users by name, deleted ones too, and only its own", async () => {
    const group = await insertGroup(t.services.db);
    const other = await insertGroup(t.services.db);
    const tag = Date.now() % 100000;
    for (const [firstname, lastname, g, status] of [
      ['zoe', 'Young', group.id, 'INVITE_SENT'],
      ['Adam', 'Ball', group.id, 'DELETED'],
      ['Adam', 'Abbot', group.id, 'INVITE_SENT'],
      ['Other', 'Person', other.id, 'INVITE_SENT'],
    ] as const) {
      await t.services.db.insert(users).values({ kind: 'group', firstname, lastname, email: `${firstname}.${lastname}.${tag}@list.example`.toLowerCase(), groupId: g, status });
    }
    const res = await as.SUPPORT.post('admin/getGroupUserList', { accountId: group.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().users.map((u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`)).toEqual(['Adam Abbot', 'Adam Ball', 'zoe Young']);
    expect((await as.VIEWER.post('admin/getGroupUserList', { accountId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await as.NO_SUCH_ROLE.post('admin/getGroupUserList', { accountId: group.id })).statusCode).toBe(403);
  });

  it("answers emailExists (spec 2 §7) for any live user's address, in any case, and invites and sends nothing", async () => {
    const group = await insertGroup(t.services.db);
    const other = await insertGroup(t.services.db);
    expect((await as.EDITOR.post('admin/createGroupUserInvite', invite(group.id, 'taken@invite.example'))).statusCode).toBe(200);
    for (const [accountId, email] of [[group.id, 'TAKEN@invite.example'], [other.id, 'taken@invite.example']]) {
      const again = await as.EDITOR.post('admin/createGroupUserInvite', invite(accountId, email));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ inviteSent: false, emailExists: true });
    }
    expect(t.mails.filter((m) => m.to.toLowerCase() === 'taken@invite.example')).toHaveLength(1);
    expect(await t.services.db.select().from(users).where(eq(users.groupId, other.id))).toEqual([]);
  });

  it('checks the fields with the spec messages, needs the group-edit permission and an existing group', async () => {
    const group = await insertGroup(t.services.db);
    const bad = await as.EDITOR.post('admin/createGroupUserInvite', { ...invite(group.id, 'nope'), firstname: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ firstname: 'First Name is required', email: 'Email is not valid' });
    for (const role of ['VIEWER', 'SUPPORT', 'FINANCE']) {
      const denied = await as[role].post('admin/createGroupUserInvite', invite(group.id, `${role.toLowerCase()}@invite.example`));
      expect(denied.statusCode, role).toBe(403);
    }
    expect(await t.services.db.select().from(users).where(eq(users.groupId, group.id))).toEqual([]);
    const unknown = await as.EDITOR.post('admin/createGroupUserInvite', invite(crypto.randomUUID(), 'ghost@invite.example'));
    expect(unknown.statusCode).toBe(404);
    expect(await t.services.db.select().from(users).where(eq(users.email, 'ghost@invite.example'))).toEqual([]);
  });
});

describe('the paybill configuration', () => {
  const lists = (accountId: string, rateCardTypes: string[], b = as.VIEWER) => b.post('admin/listLeaseCompaniesBasedOnRateCardTypes', { accountId, rateCardTypes });
  const direct = async (accountId: string) => {
    const res = await as.VIEWER.post('admin/listDirectPaybillCustomersForGroup', { accountId });
    expect(res.statusCode, res.body).toBe(200);
    return names(res.json().leaseCompanies);
  };
  const update = (groupId: string, directCustomerIds: string[], b = as.EDITOR) => b.post('admin/updateDirectPaybillCustomersListForGroup', { groupId, directCustomerIds, user: { id: 'x' } });

  it('lists the ACTIVE lease companies of the given rate card types by name, terminated customers left out', async () => {
    // Types no other test of this file uses, so the whole list is this test's.
    const b = await insertLeaseCompany(t.services.db, { name: 'bravo Fleet', rateCardType: 'COST_TYPE_1' });
    const a = await insertLeaseCompany(t.services.db, { name: 'Alpha Fleet', rateCardType: 'COST_TYPE_2' });
    await insertLeaseCompany(t.services.db, { name: 'Aardvark Fleet', rateCardType: 'COST_TYPE_2', status: 'TERMINATED' });
    const c = await insertLeaseCompany(t.services.db, { name: 'Charlie Fleet', rateCardType: 'COST_TYPE_2' });
    const res = await as.FINANCE.post('admin/listLeaseCompaniesBasedOnRateCardTypes', { rateCardTypes: ['COST_TYPE_1', 'COST_TYPE_2'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().leaseCompanies).toEqual([
      { id: a.id, name: 'Alpha Fleet', diCustomerId: a.diCustomerId, rateCardType: 'COST_TYPE_2' },
      { id: b.id, name: 'bravo Fleet', diCustomerId: b.diCustomerId, rateCardType: 'COST_TYPE_1' },
      { id: c.id, name: 'Charlie Fleet', diCustomerId: c.diCustomerId, rateCardType: 'COST_TYPE_2' },
    ]);
    const one = await as.VIEWER.post('admin/listLeaseCompaniesBasedOnRateCardTypes', { rateCardTypes: ['COST_TYPE_1'] });
    expect(names(one.json().leaseCompanies)).toEqual(['bravo Fleet']);
  });

  it("with accountId, lists only that group's ACTIVE links to ACTIVE customers of those types", async () => {
    const group = await insertGroup(t.services.db);
    const other = await insertGroup(t.services.db);
    const linked = await insertLeaseCompany(t.services.db, { name: 'Linked Hybrid', rateCardType: 'COST_TYPE_HYBRID_VISN' });
    const savi = await insertLeaseCompany(t.services.db, { name: 'Linked Savi', rateCardType: 'VISN_NETWORK_OFFERING_SAVI' });
    const visn = await insertLeaseCompany(t.services.db, { name: 'Linked Visn', rateCardType: 'VISN' });
    const terminated = await insertLeaseCompany(t.services.db, { name: 'Terminated Hybrid', status: 'TERMINATED' });
    const unlinked = await insertLeaseCompany(t.services.db, { name: 'Unlinked Hybrid' });
    const elsewhere = await insertLeaseCompany(t.services.db, { name: 'Elsewhere Hybrid' });
    for (const l of [linked, savi, visn, terminated]) await linkLeaseCompany(t.services.db, l.id, group.id);
    await linkLeaseCompany(t.services.db, unlinked.id, group.id, { status: 'TERMINATED' });
    await linkLeaseCompany(t.services.db, elsewhere.id, other.id);

    const res = await lists(group.id, ['COST_TYPE_HYBRID_VISN', 'VISN_NETWORK_OFFERING_SAVI']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().leaseCompanies).toEqual([
      { id: linked.id, name: 'Linked Hybrid', diCustomerId: linked.diCustomerId, rateCardType: 'COST_TYPE_HYBRID_VISN' },
      { id: savi.id, name: 'Linked Savi', diCustomerId: savi.diCustomerId, rateCardType: 'VISN_NETWORK_OFFERING_SAVI' },
    ]);
    expect(names((await lists(group.id, ['VISN'])).json().leaseCompanies)).toEqual(['Linked Visn']);
    // Without accountId the whole network's customers of the types, the unlinked and elsewhere ones too.
    const all = names((await as.VIEWER.post('admin/listLeaseCompaniesBasedOnRateCardTypes', { rateCardTypes: ['COST_TYPE_HYBRID_VISN'] })).json().leaseCompanies);
    expect(all).toEqual(expect.arrayContaining(['Linked Hybrid', 'Unlinked Hybrid', 'Elsewhere Hybrid']));
    expect(all).not.toContain('Terminated Hybrid');
  });

  it('checks the rate card types and the group, and needs the group menu', async () => {
    const group = await insertGroup(t.services.db);
    const empty = await lists(group.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ rateCardTypes: 'rateCardTypes is required' });
    const wrong = await lists(group.id, ['NOPE']);
    expect(wrong.statusCode).toBe(400);
    expect(Object.values(wrong.json().error.fields)).toEqual(['rateCardTypes is not valid']);
    expect((await lists(crypto.randomUUID(), ['VISN'])).statusCode).toBe(404);
    expect((await lists(group.id, ['VISN'], as.NO_SUCH_ROLE)).statusCode).toBe(403);
    expect((await as.NO_SUCH_ROLE.post('admin/listDirectPaybillCustomersForGroup', { accountId: group.id })).statusCode).toBe(403);
    expect((await as.VIEWER.post('admin/listDirectPaybillCustomersForGroup', { accountId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it('moves customers to Direct and back as whole lists; the lists follow, audited as groupPaybill', async () => {
    const group = await insertGroup(t.services.db);
    const a = await insertLeaseCompany(t.services.db, { name: 'Transfer A', rateCardType: 'COST_TYPE_HYBRID_VISN' });
    const b = await insertLeaseCompany(t.services.db, { name: 'Transfer B', rateCardType: 'VISN_NETWORK_OFFERING_SAVI' });
    const c = await insertLeaseCompany(t.services.db, { name: 'Transfer C', rateCardType: 'COST_TYPE_HYBRID_VISN' });
    for (const l of [a, b, c]) await linkLeaseCompany(t.services.db, l.id, group.id);
    const types = ['COST_TYPE_HYBRID_VISN', 'VISN_NETWORK_OFFERING_SAVI'];
    /** What the drawer shows: 'ViSN (Default)' on the left, 'Direct' on the right. */
    const drawer = async () => {
      const right = await direct(group.id);
      const left = names((await lists(group.id, types)).json().leaseCompanies).filter((n) => !right.includes(n));
      return { visn: left, direct: right };
    };
    expect(await drawer()).toEqual({ visn: ['Transfer A', 'Transfer B', 'Transfer C'], direct: [] });

    const moved = await update(group.id, [b.id, a.id, a.id]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ success: true, directCustomerIds: [a.id, b.id].sort() });
    expect(await drawer()).toEqual({ visn: ['Transfer C'], direct: ['Transfer A', 'Transfer B'] });
    expect((await details(group.id)).linkedLeaseAccounts.map((l) => [l.name, l.directPaybill])).toEqual([
      ['Transfer A', true],
      ['Transfer B', true],
      ['Transfer C', false],
    ]);

    const back = await update(group.id, [a.id], as.SUPER_ADMIN);
    expect(back.statusCode, back.body).toBe(200);
    expect(await drawer()).toEqual({ visn: ['Transfer B', 'Transfer C'], direct: ['Transfer A'] });

    const audit = await t.services.db.select().from(auditLog).where(and(eq(auditLog.recordId, group.id), eq(auditLog.recordType, 'groupPaybill'))).orderBy(asc(auditLog.id));
    expect(audit.map((r) => [r.slug, r.before, r.after])).toEqual([
      ['admin/updateDirectPaybillCustomersListForGroup', { directCustomerIds: [] }, { directCustomerIds: [a.id, b.id].sort() }],
      ['admin/updateDirectPaybillCustomersListForGroup', { directCustomerIds: [a.id, b.id].sort() }, { directCustomerIds: [a.id] }],
    ]);

    const none = await update(group.id, []);
    expect(none.json()).toEqual({ success: true, directCustomerIds: [] });
    expect(await direct(group.id)).toEqual([]);
  });

  it('refuses, on directCustomerIds, a customer the group cannot hold as Direct, and changes nothing', async () => {
    const group = await insertGroup(t.services.db);
    const other = await insertGroup(t.services.db);
    const ok = await insertLeaseCompany(t.services.db, { name: 'Eligible Hybrid' });
    const visn = await insertLeaseCompany(t.services.db, { name: 'Plain Visn', rateCardType: 'VISN' });
    const unlinked = await insertLeaseCompany(t.services.db, { name: 'Unlinked Hybrid 2' });
    const terminatedLink = await insertLeaseCompany(t.services.db, { name: 'Terminated Link Hybrid' });
    const terminatedCustomer = await insertLeaseCompany(t.services.db, { name: 'Terminated Customer Hybrid', status: 'TERMINATED' });
    const elsewhere = await insertLeaseCompany(t.services.db, { name: 'Elsewhere Hybrid 2' });
    await linkLeaseCompany(t.services.db, ok.id, group.id, { directPaybill: true });
    await linkLeaseCompany(t.services.db, visn.id, group.id);
    await linkLeaseCompany(t.services.db, terminatedLink.id, group.id, { status: 'TERMINATED' });
    await linkLeaseCompany(t.services.db, terminatedCustomer.id, group.id);
    await linkLeaseCompany(t.services.db, elsewhere.id, other.id);
    for (const bad of [visn.id, unlinked.id, terminatedLink.id, terminatedCustomer.id, elsewhere.id, crypto.randomUUID()]) {
      const res = await update(group.id, [ok.id, bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', fields: { directCustomerIds: PAYBILL_NOT_ELIGIBLE } });
    }
    expect(await direct(group.id)).toEqual(['Eligible Hybrid']);
    expect(await t.services.db.select().from(auditLog).where(and(eq(auditLog.recordId, group.id), eq(auditLog.recordType, 'groupPaybill')))).toEqual([]);

    const missing = await as.EDITOR.post('admin/updateDirectPaybillCustomersListForGroup', { groupId: group.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ directCustomerIds: 'directCustomerIds is required' });
    expect((await update(crypto.randomUUID(), [ok.id])).statusCode).toBe(404);
  });

  it('needs the group-edit permission to change', async () => {
    const group = await insertGroup(t.services.db);
    const l = await insertLeaseCompany(t.services.db);
    await linkLeaseCompany(t.services.db, l.id, group.id);
    for (const role of ['VIEWER', 'SUPPORT', 'FINANCE']) {
      const res = await update(group.id, [l.id], as[role]);
      expect(res.statusCode, role).toBe(403);
    }
    expect(await direct(group.id)).toEqual([]);
  });
});

describe('supplier/unlinkLeaseCompanyFromGroup', () => {
  async function linked() {
    const group = await insertGroup(t.services.db);
    const lease = await insertLeaseCompany(t.services.db, { name: 'Unlink Me Leasing' });
    const stays = await insertLeaseCompany(t.services.db, { name: 'Stays Leasing' });
    const link = await linkLeaseCompany(t.services.db, lease.id, group.id, { directPaybill: true });
    await linkLeaseCompany(t.services.db, stays.id, group.id);
    return { group, lease, link, ids: { leaseId: lease.id, accountId: group.id, leaseAccountId: link.id, performedBy: { id: 'ignored' } } };
  }

  it('terminates the link, which leaves the details and the paybill lists; audited; a second unlink is 409', async () => {
    const { group, link, ids } = await linked();
    t.clock.advance(1000);
    const res = await as.EDITOR.post('supplier/unlinkLeaseCompanyFromGroup', ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await t.services.db.select().from(leaseGroupLinks).where(eq(leaseGroupLinks.id, link.id));
    expect(row).toMatchObject({ status: 'TERMINATED', directPaybill: false, version: 2 });
    expect(row.terminatedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await details(group.id)).linkedLeaseAccounts.map((l) => l.name)).toEqual(['Stays Leasing']);
    expect(names((await as.VIEWER.post('admin/listDirectPaybillCustomersForGroup', { accountId: group.id })).json().leaseCompanies)).toEqual([]);
    expect(names((await as.VIEWER.post('admin/listLeaseCompaniesBasedOnRateCardTypes', { accountId: group.id, rateCardTypes: ['COST_TYPE_HYBRID_VISN'] })).json().leaseCompanies)).toEqual(['Stays Leasing']);

    const audit = await auditOf(link.id);
    expect(audit.map((a) => [a.slug, a.recordType])).toEqual([['supplier/unlinkLeaseCompanyFromGroup', 'leaseGroupLink']]);
    expect(audit[0].before).toMatchObject({ status: 'ACTIVE', directPaybill: true });
    expect(audit[0].after).toMatchObject({ status: 'TERMINATED', directPaybill: false });

    const again = await as.EDITOR.post('supplier/unlinkLeaseCompanyFromGroup', ids);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVALID_STATUS', message: ALREADY_UNLINKED });
    expect(await auditOf(link.id)).toHaveLength(1);
  });

  it('is 404 when the ids do not name one link of that group and customer', async () => {
    const { ids } = await linked();
    const other = await linked();
    for (const wrong of [
      { ...ids, leaseId: other.lease.id },
      { ...ids, accountId: other.group.id },
      { ...ids, leaseAccountId: other.link.id },
      { ...ids, leaseAccountId: crypto.randomUUID() },
      { ...ids, leaseAccountId: 'not-a-uuid' },
      { ...ids, leaseId: 'not-a-uuid' },
      { ...ids, accountId: 'not-a-uuid' },
    ]) {
      const res = await as.EDITOR.post('supplier/unlinkLeaseCompanyFromGroup', wrong);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'RECORD_NOT_FOUND', message: 'Linked customer not found!' });
    }
    const missing = await as.EDITOR.post('supplier/unlinkLeaseCompanyFromGroup', { leaseId: ids.leaseId, accountId: ids.accountId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ leaseAccountId: 'leaseAccountId is required' });
    const [row] = await t.services.db.select().from(leaseGroupLinks).where(eq(leaseGroupLinks.id, ids.leaseAccountId));
    expect(row.status).toBe('ACTIVE');
  });

  it('needs ALLOW_UNLINK_CUSTOMER: viewer, support and finance are refused and the link stays', async () => {
    const { link, ids } = await linked();
    for (const role of ['VIEWER', 'SUPPORT', 'FINANCE']) {
      const res = await as[role].post('supplier/unlinkLeaseCompanyFromGroup', ids);
      expect(res.statusCode, role).toBe(403);
    }
    const [row] = await t.services.db.select().from(leaseGroupLinks).where(eq(leaseGroupLinks.id, link.id));
    expect(row).toMatchObject({ status: 'ACTIVE', version: 1 });
    expect(await auditOf(link.id)).toEqual([]);
    expect((await as.SUPER_ADMIN.post('supplier/unlinkLeaseCompanyFromGroup', ids)).statusCode).toBe(200);
  });
});
