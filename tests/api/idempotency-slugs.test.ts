/**
 * Every slug that writes (effect 'write' in the registry), on both databases: 10 concurrent
 * identical requests with one Idempotency-Key make the change one request without a key makes
 * (the same new rows in every table, the same audit rows, jobs and e-mails: at most one), and get
 * equal answers; the same key with another body gets 422 and changes nothing.
 *
 * BODIES holds a factory of a valid request per slug, which prepares what the request needs (a
 * record to change, a file to attach) each time it is called. A slug that writes and has no
 * factory fails the first test, so a new slug cannot be left out.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { multipartBody } from '../support/network';
import { insertGroup, insertLeaseCompany, linkLeaseCompany, validGroupForm } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { insertRegistration, validApprovalForm } from '../fixtures/registrations';
import { fullForm } from '../fixtures/customerForms';
import { png } from '../fixtures/png';
import { loadConfig } from '../../server/config';
import { allSlugs } from '../../server/rpc';
import { putFile } from '../../server/files/storage';
import {
  accountingCategories,
  archivedEnquiries,
  drivers,
  enquiries,
  fileValidationReports,
  financeSuppliers,
  financeTaxCodes,
  invoices,
  jobCodeMappings,
  leaseCompanies,
  mailEvents,
  networkImports,
  pausedJobs,
  paybillSettings,
  supplierExceptions,
  users,
  vehicles,
} from '../../server/db/schema';
import { QUEUES } from '../../server/jobs/queues';
import { CSRF_HEADER } from '../../domain/auth';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../domain/idempotency';
import { NIGHTLY_QUEUES } from '../../domain/backgroundJobs';
import { toSaveInput, type CustomerConfig } from '../../domain/customers';
import { emptySupplierForm, type SupplierForm } from '../../domain/suppliers';
import { toDiTermsForm } from '../../domain/suppliers/networkTerms';
import { paybillDetailsOf } from '../../domain/savi/paybillRecord';
import { CUSTOMER_NETWORK_FORMAT } from '../../domain/network';
import { mailDocumentPath } from '../../domain/support/mail';

/** A request of a slug: a JSON body, or a multipart form (sent with a new boundary each time). */
type SlugRequest = { json: Record<string, unknown> } | { multipart: { fields: Record<string, string>; files: { name: string; content: string }[] } };
type Factory = () => Promise<SlugRequest>;

let t: TestApp;
let admin: Browser;
const db = () => t.services.db;
let n = 0;
/** A number no other request of this file has used. */
const next = () => ++n;
const json = (body: Record<string, unknown>): SlugRequest => ({ json: body });
const USER = { firstname: 'Console', lastname: 'Sender' };
const DAY = 24 * 60 * 60 * 1000;

// ------------------------------------------------------------------------------ records the factories make

/** A lease company whose app offers SERVICE, TYRE and MOT, with the accounting category the pay bill needs. */
async function lease(name = `Idem Leasing ${next()}`) {
  const row = await insertLeaseCompany(db(), { name });
  const config = { services: { isEnabled: true, types: ['SERVICE', 'TYRE', 'MOT'].map((type) => ({ type, enabled: true, visible: true })) } } as unknown as CustomerConfig;
  const [updated] = await db().update(leaseCompanies).set({ config, categoryId: '1001' }).where(eq(leaseCompanies.id, row.id)).returning();
  return updated;
}

async function enquiry(over: Partial<typeof enquiries.$inferInsert> = {}) {
  const l = await lease();
  const { group, supplier } = await insertSupplier(db(), { financeSupplierId: '58' });
  const [row] = await db()
    .insert(enquiries)
    .values({
      enquiryNumber: `IDEM-${next()}`,
      status: 'BID_ACCEPTED',
      source: 'BOOK_IN',
      serviceType: 'SERVICE',
      leaseCompanyId: l.id,
      groupId: group.id,
      supplierId: supplier.id,
      vrm: 'AB12CDE',
      make: 'Ford',
      model: 'Focus',
      managed: true,
      region1: 'North East',
      rateCardType: 'COST_TYPE_HYBRID_VISN',
      paybill: true,
      currency: 'GBP',
      ...over,
    })
    .returning();
  return row;
}

async function invoice(e: typeof enquiries.$inferSelect, over: Partial<typeof invoices.$inferInsert> = {}) {
  const [row] = await db()
    .insert(invoices)
    .values({
      invoiceNumber: `INV-${e.enquiryNumber}`,
      type: 'Invoice',
      enquiryId: e.id,
      enquiryNumber: e.enquiryNumber,
      leaseCompanyId: e.leaseCompanyId,
      groupId: e.groupId!,
      supplierId: e.supplierId!,
      vrm: e.vrm,
      taxPointDate: '2025-11-20',
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

async function user(over: Partial<typeof users.$inferInsert> = {}) {
  const i = next();
  const l = over.leaseCompanyId || over.kind ? null : await lease();
  const [row] = await db()
    .insert(users)
    .values({
      kind: 'lease',
      firstname: 'Lena',
      lastname: `User${i}`,
      email: `lena.user${i}@idem.example`,
      status: 'REGISTERED',
      enabled: true,
      registrationComplete: true,
      isInvite: false,
      leaseCompanyId: l?.id,
      ...over,
    })
    .returning();
  return row;
}

async function driver(over: Partial<typeof drivers.$inferInsert> = {}) {
  const i = next();
  const l = await lease();
  const [row] = await db()
    .insert(drivers)
    .values({ leaseCompanyId: l.id, firstname: 'Dana', lastname: 'Reid', email: `driver${i}@idem.example`, employeeId: `EMP${i}`, startDate: '2024-01-15', enableLicenseCheck: true, ...over })
    .returning();
  return row;
}

async function vehicle(over: Partial<typeof vehicles.$inferInsert> = {}) {
  const i = next();
  const l = await lease();
  const [row] = await db()
    .insert(vehicles)
    .values({ leaseCompanyId: l.id, stockId: `IDEM-${i}`, vrm: `ID${String(i).padStart(2, '0')}ABC`, vin: `WF0XXXGCDX${String(i).padStart(7, '0')}`, make: 'Ford', model: 'Focus', ...over })
    .returning();
  return row;
}

function supplierForm(group: { id: string; groupId: string; name: string }): SupplierForm {
  return {
    ...emptySupplierForm('UK'),
    accountObjectId: group.id,
    groupId: group.groupId,
    groupName: group.name,
    name: `Idem Motors ${next()}`,
    companyRegistrationNumber: '01234567',
    vatRegistrationNumber: 'GB123456789',
    address: { number: '12', address1: 'Quay Street', address2: '', address3: 'Bristol', county: '', postcode: 'BS1 4DJ' },
    contact: { primaryPhoneNumber: '0117 123 4567', bookingPhoneNumber: '', faxNumber: '', email: 'bookings@idem.example' },
    servingRadius: { radius: '15', mobileRadius: '5' },
    services: ['MOT', 'REPAIR'],
    vehicleTypes: ['CAR'],
  };
}

const PNG = png(40, 100).toString('base64');

/** An uploaded document image (enquiry/uploadImage, without a key); answers its file id. */
async function uploadedImage(): Promise<string> {
  const res = await admin.post('enquiry/uploadImage', { file: PNG, fileId: null, savedFilename: 'scan.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileId;
}

function attachBody(leaseCompanyId: string, fileId: string, uid: string) {
  return { leaseCompanyId, accountId: null, serviceUnitId: null, uploadType: 'CUSTOMER', user: USER, document: { uid, type: 'image/png', filename: 'scan.png', savedFilename: 'scan.png', label: 'Signed agreement', fileId } };
}

/** A failed job of a product queue, as pg-boss leaves it. */
async function failedJob(): Promise<string> {
  const id = crypto.randomUUID();
  await t.services.database.query(
    `INSERT INTO pgboss.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, expire_in, keep_until, created_on, started_on, completed_on, output)
     VALUES ($1, $2, 0, '{}'::jsonb, 'failed'::pgboss.job_state, 0, 0, 0, false, now(), interval '15 minutes', now() + interval '1 day', now(), now(), now(), '{"message":"failed"}'::jsonb)`,
    [id, QUEUES.networkExport],
  );
  return id;
}

const networkCsv = () => `${CUSTOMER_NETWORK_FORMAT.columns.map((c) => c.header).join(',')}\r\n`;

// ------------------------------------------------------------------------------ one valid request per slug

const BODIES: Record<string, Factory> = {
  // Customers
  'admin/saveLeaseCompanyDetails': async () => {
    const form = fullForm('UK');
    form.customerName = `Idem Customer ${next()} Ltd`;
    return json(toSaveInput(form, 'UK') as unknown as Record<string, unknown>);
  },
  'admin/terminateCustomer': async () => json({ leaseCompanyId: (await lease()).id, version: 1 }),
  'admin/updateLeaseWebhooks': async () =>
    json({
      leaseCompanyId: (await lease()).id,
      version: 1,
      webhooks: { enabled: true, authorizationUrl: 'https://hooks.example.com/oauth/token', topics: [{ type: 'ENQUIRY_UPDATES', enabled: true, url: 'https://hooks.example.com/enquiries' }, { type: 'VOR_UPDATES', enabled: false, url: null }] },
    }),
  'admin/saveRetailerConfig': async () => json({ leaseCompanyId: (await lease()).id, version: 1, retailerConfig: { custCust: 'IDEM', mappingId: `MAP-${next()}` } }),
  'admin/uploadCustomerLogo': async () => json({ leaseCompanyId: (await lease()).id, fileName: 'logo.png', contentBase64: PNG }),
  'admin/createLeaseUserInvite': async () => {
    const l = await lease();
    return json({ firstname: 'Rhys', lastname: 'Evans', email: `invitee${next()}@idem.example`, leaseId: l.id, company: l.name, invitedById: null, isSuperAdmin: true });
  },
  'admin/deleteLeaseUser': async () => json({ leaseUserId: (await user()).id }),
  'admin/resendLeaseUserInvite': async () => json({ id: (await user({ status: 'INVITE_SENT', isInvite: true, enabled: false, registrationComplete: false })).id }),
  'admin/reactivateUser': async () => json({ userId: (await user({ suspendAt: new Date(t.clock.now().getTime() - DAY) })).id, eventLogData: null }),
  'admin/createApiId': async () => json({ leaseId: (await lease()).id, viewType: 'LEASE' }),
  'admin/updateApiEndpoints': async () => {
    const l = await lease();
    expect((await admin.post('admin/createApiId', { leaseId: l.id, viewType: 'LEASE' })).statusCode).toBe(200);
    return json({ leaseCompanyId: l.id, viewType: 'LEASE', allowedEndpoints: [{ path: '/drivers', isEnabled: true }], version: 1 });
  },
  // Documents
  'enquiry/uploadImage': async () => json({ file: PNG, fileId: null, savedFilename: `scan${next()}.png`, platformType: 'WEB', documentUploadType: 'CUSTOMER' }),
  'admin/addDocument': async () => json(attachBody((await lease()).id, await uploadedImage(), `uid-${next()}`)),
  'admin/deleteDocument': async () => {
    const l = await lease();
    const fileId = await uploadedImage();
    const uid = `uid-${next()}`;
    expect((await admin.post('admin/addDocument', attachBody(l.id, fileId, uid))).statusCode).toBe(200);
    return json({ fileId, ids: { leaseCompanyId: l.id }, uid, savedFilename: 'scan.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
  },
  // Suppliers and groups
  'admin/saveSupplierDetails': async () => {
    const { group } = await insertSupplier(db());
    return json({ supplierDetails: supplierForm(group), accountId: group.id });
  },
  'admin/terminateSupplierUnit': async () => {
    const { group, supplier } = await insertSupplier(db());
    return json({ serviceUnitId: supplier.id, accountId: group.id, version: 1, user: { name: supplier.name, supplierId: supplier.supplierId }, userDetails: null });
  },
  'admin/saveEscalationInformation': async () => {
    const { group, supplier } = await insertSupplier(db());
    return json({ accountId: group.id, serviceUnitId: supplier.id, version: null, data: { escalationInformation: { name: 'Dana Reid', number: '0117 496 0000', email: 'dana@idem.example', notes: 'After 6pm' } } });
  },
  'admin/createSupplierUserInvite': async () => {
    const { group, supplier } = await insertSupplier(db());
    return json({ firstname: 'Rhys', lastname: 'Evans', email: `garage${next()}@idem.example`, serviceUnit: { value: supplier.id, label: supplier.name }, accountId: group.id, supplierName: supplier.name, invitedById: null, isAdmin: true, supplierCreationType: null });
  },
  'quickBooks/resolveQuickBooksSupplierException': async () => {
    const companyNumber = `NI${String(next()).padStart(6, '0')}`;
    const { group, supplier } = await insertSupplier(db(), { financeSupplierId: null, companyRegistrationNumber: companyNumber });
    await db().insert(supplierExceptions).values({ supplierId: supplier.id, type: 'FINANCE_SYSTEM_MAPPING_MISSING' });
    await db().insert(financeSuppliers).values({ id: `FS${companyNumber}`, displayName: supplier.name, companyNumber });
    return json({ type: 'FINANCE_SYSTEM_MAPPING_MISSING', serviceUnitId: supplier.id, accountId: group.id });
  },
  'admin/saveSupplierDiNetworkTerms': async () => {
    const { group, supplier } = await insertSupplier(db());
    return json({ serviceUnitId: supplier.id, accountId: group.id, version: null, name: supplier.name, diNetworkTerms: { ...toDiTermsForm(null), nominatedDealerName: 'Sam Lee' } });
  },
  'admin/saveSupplierGroupDetails': async () => json({ groupDetails: validGroupForm('UK'), user: { name: 'ignored' } }),
  'admin/createGroupUserInvite': async () => {
    const group = await insertGroup(db());
    return json({ accountId: group.id, firstname: 'Rhys', lastname: 'Evans', email: `group${next()}@idem.example`, isAdmin: true, groupName: group.name, invitedById: null, supplierCreationType: null });
  },
  'admin/updateDirectPaybillCustomersListForGroup': async () => {
    const group = await insertGroup(db());
    const l = await lease();
    await linkLeaseCompany(db(), l.id, group.id);
    return json({ groupId: group.id, directCustomerIds: [l.id] });
  },
  'supplier/unlinkLeaseCompanyFromGroup': async () => {
    const group = await insertGroup(db());
    const l = await lease();
    const link = await linkLeaseCompany(db(), l.id, group.id, { directPaybill: true });
    return json({ leaseId: l.id, accountId: group.id, leaseAccountId: link.id });
  },
  'admin/unlinkLeaseFromGroup': async () => {
    const group = await insertGroup(db());
    const link = await linkLeaseCompany(db(), (await lease()).id, group.id);
    return json({ id: link.id, version: link.version });
  },
  // E-registrations
  'eOnBoarding/rejectSupplier': async () => json({ inviteId: (await insertRegistration(db())).id, version: 1, rejectData: { reasonForRejection: 'Outside the network coverage area', status: 'rejected', email: null } }),
  'eOnBoarding/approveSupplier': async () => json({ inviteId: (await insertRegistration(db())).id, version: 1, supplierData: validApprovalForm('UK'), user: { name: 'ignored' } }),
  // SAVi and finance
  'admin/savePayBillAddressAndFooterDetails': async () => {
    const details = () => paybillDetailsOf({ companyName: 'Fleet Network', number: 'Unit 4', address1: 'Quayside', address2: 'Ouseburn', address3: 'Newcastle upon Tyne', county: 'Tyne and Wear', postCode: 'NE1 2BH', footer: `Registered in England No. 01234567 (${next()})` });
    // Every request measured is a change of the saved details (the first save creates them).
    let [current] = await db().select({ version: paybillSettings.version }).from(paybillSettings);
    if (!current) {
      expect((await admin.post('admin/savePayBillAddressAndFooterDetails', { version: null, ...details() })).statusCode).toBe(200);
      [current] = await db().select({ version: paybillSettings.version }).from(paybillSettings);
    }
    return json({ version: Number(current.version), ...details() });
  },
  'admin/exportCreditLimitDetails': async () => json({ user: { roles: {} } }),
  'admin/addInvoiceToQuickBooksBill': async () => {
    const e = await enquiry({ status: 'INVOICED', invoicedAt: new Date('2025-11-20T10:00:00Z') });
    return json({ year: 2025, month: 11, docId: (await invoice(e)).id, firstname: 'Forged', lastname: 'Name' });
  },
  // Network files and exports
  'networkExport/triggerLeaseNetworkExport': async () => {
    const l = await lease();
    const group = await insertGroup(db());
    await linkLeaseCompany(db(), l.id, group.id);
    return json({ accountsId: group.id, leaseId: l.id, emailExportFile: false, isEnabled: false });
  },
  'networkExport/triggerDiNetworkExport': async () => json({ emailExportFile: false, supplierType: 'All' }),
  'admin/validateNetworkImport': async () => ({
    multipart: { fields: { user: JSON.stringify(USER), isDiNetworkImport: 'false', leaseId: (await lease()).id }, files: [{ name: 'network.csv', content: networkCsv() }] },
  }),
  'admin/persistNetworkImport': async () => {
    const l = await lease();
    const file = await putFile(t.services.files, db(), { name: 'network.csv', contentType: 'text/csv', data: Buffer.from(networkCsv()) });
    const [row] = await db()
      .insert(networkImports)
      .values({ leaseCompanyId: l.id, fileName: 'network.csv', archiveFileId: file.id, uploadedBy: { firstname: 'Test', lastname: 'Admin' }, isProcessing: false, processIndicator: 'SUCCESS', validationStatus: true })
      .returning();
    return json({ importId: row.id, leaseId: l.id, userDetails: USER });
  },
  'fileValidation/upload': async () => {
    // The last upload's validation would make this one wait (no worker runs here): it has finished.
    await db().update(fileValidationReports).set({ isProcessing: false, processIndicator: 'SUCCESS' });
    return { multipart: { fields: { validationType: 'GSF_CONTRACT' }, files: [{ name: `contracts${next()}.csv`, content: 'Customer Id,Registration\nC01001,AB12CDE\n' }] } };
  },
  // Background jobs
  'backgroundJobs/retry': async () => json({ id: await failedJob() }),
  'backgroundJobs/runScheduled': async () => json({ queue: QUEUES.filesCleanup }),
  'backgroundJobs/pause': async () => {
    const paused = new Set((await db().select().from(pausedJobs)).map((p) => p.queue));
    const queue = NIGHTLY_QUEUES.find((q) => !paused.has(q));
    if (!queue) throw new Error('every nightly queue is paused');
    return json({ queue });
  },
  'backgroundJobs/resume': async () => {
    const queue = NIGHTLY_QUEUES[NIGHTLY_QUEUES.length - 1 - (next() % 2)];
    await db().insert(pausedJobs).values({ queue, pausedAt: t.clock.now(), pausedBy: USER }).onConflictDoNothing();
    return json({ queue });
  },
  // Master logins
  'admin/updateUserDetails': async () => {
    const u = await user({ masterLogin: true });
    return json({ userId: u.id, version: 1, userDetails: { companyId: (await lease()).id, company: 'ignored' } });
  },
  // Support: enquiries and invoices
  'admin/cancelEnquiryFromAdmin': async () => {
    const e = await enquiry();
    return json({ enquiryId: e.id, reason: 'Driver no longer needs the booking', message: 'Driver no longer needs the booking', user: USER, accountId: e.groupId, serviceUnitId: e.supplierId, leaseCompanyId: e.leaseCompanyId });
  },
  'admin/revertEnquiryCompletion': async () => {
    const e = await enquiry({ status: 'COMPLETED', statusBeforeCompletion: 'CHECKED_IN_BY_DRIVER' });
    return json({ enquiryId: e.id, accountId: e.groupId, serviceUnitId: e.supplierId, leaseId: e.leaseCompanyId, user: USER });
  },
  'admin/deleteEnquiryFromAdmin': async () => {
    const e = await enquiry({ status: 'CHECK_IN_COMPLETE' });
    return json({ enquiryId: e.id, user: USER, accountId: e.groupId, serviceUnitId: e.supplierId, leaseCompanyId: e.leaseCompanyId });
  },
  'admin/unArchiveEnquiry': async () => {
    const e = await enquiry();
    await db().delete(enquiries).where(eq(enquiries.id, e.id));
    const [row] = await db()
      .insert(archivedEnquiries)
      .values({ ...e, status: 'INVOICED', invoicedAt: new Date('2025-12-01T10:00:00Z'), archiveReason: 'INVOICED' } as typeof archivedEnquiries.$inferInsert)
      .returning();
    return json({ id: row.id });
  },
  'admin/updateEnquiryServiceType': async () => {
    const e = await enquiry({ serviceType: 'SERVICE' });
    return json({ enquiryId: e.id, user: USER, accountId: e.groupId, serviceUnitId: e.supplierId, leaseId: e.leaseCompanyId, serviceType: 'MOT' });
  },
  'admin/regenerateInvoicePdf': async () => {
    const e = await enquiry({ status: 'INVOICED', invoicedAt: new Date('2025-12-01T10:00:00Z'), completedAt: new Date('2025-11-30T10:00:00Z') });
    await invoice(e);
    return json({ enquiryId: e.id, accountObjectID: e.groupId, serviceUnitObjectID: e.supplierId, leaseCompanyId: e.leaseCompanyId, user: USER });
  },
  // Support: vehicles, users, drivers, codes, mail
  'admin/updateVehicleRegistration': async () => {
    const v = await vehicle();
    return json({ leaseId: v.leaseCompanyId, stockId: v.stockId, vrm: `NW${String(next()).padStart(2, '0')}XYZ`, vin: v.vin, user: USER });
  },
  'admin/activateTerminatedVehicle': async () => {
    const v = await vehicle({ contractStatus: 'terminated' });
    return json({ leaseId: v.leaseCompanyId, stockId: v.stockId, contractStatusType: 'terminated', user: USER });
  },
  'admin/removeUser': async () => json({ emailId: (await user()).email, user: USER }),
  'admin/verifyUser': async () => json({ emailId: (await user({ status: 'INVITE_SENT', enabled: false, registrationComplete: false, inviteExpiresAt: new Date(t.clock.now().getTime() + DAY) })).email }),
  'admin/triggerUserClaimsUpdate': async () => json({ emailId: (await user({ isAdmin: true })).email }),
  'admin/restoreDriverEmployment': async () => {
    const d = await driver({ endDate: '2026-01-31' });
    return json({ leaseId: d.leaseCompanyId, driverId: d.id });
  },
  'admin/resendDriverMandate': async () => {
    const d = await driver({ endDate: '2099-12-31' });
    return json({ leaseId: d.leaseCompanyId, driverId: d.id });
  },
  'admin/saveExternalSMRCodes': async () => {
    const jobCode = `IDM${String(next()).padStart(3, '0')}`;
    await db().insert(jobCodeMappings).values({ jobCode, externalCode: 'X4100', description: 'Interim service' });
    return json({ jobCode, externalCode: 'X4199', version: 1 });
  },
  'admin/sendVerificationEmail': async () => json({ email: `verify${next()}@idem.example` }),
  'email/resendEmail': async () => {
    const to = `resend${next()}@idem.example`;
    expect((await admin.post('admin/sendVerificationEmail', { email: to })).statusCode).toBe(200);
    const [event] = await db().select({ documentPath: mailEvents.documentPath }).from(mailEvents).where(sql`lower(${mailEvents.recipient}) = ${to}`).orderBy(desc(mailEvents.at), desc(mailEvents.id)).limit(1);
    expect(event?.documentPath).toMatch(new RegExp(`^${mailDocumentPath('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    return json({ emailQueueDocPath: event.documentPath, newEmailId: '', isNewEmail: false });
  },
};

// ------------------------------------------------------------------------------ sending and counting

/** Sends a request of `slug`; `other` makes it another request (one more member or form field). */
function send(slug: string, req: SlugRequest, opts: { key?: string; other?: boolean } = {}) {
  const headers: Record<string, string> = { cookie: admin.cookieHeader(), [CSRF_HEADER]: admin.csrf, ...(opts.key ? { [IDEMPOTENCY_KEY_HEADER]: opts.key } : {}) };
  if ('json' in req) {
    const payload = opts.other ? { ...req.json, anotherRequest: true } : req.json;
    return t.app.inject({ method: 'POST', url: `/api/v1/${slug}`, payload, headers: { ...headers, 'content-type': 'application/json' }, remoteAddress: admin.ip });
  }
  const fields = opts.other ? { ...req.multipart.fields, anotherRequest: 'true' } : req.multipart.fields;
  const { payload, contentType } = multipartBody(fields, req.multipart.files);
  return t.app.inject({ method: 'POST', url: `/api/v1/${slug}`, payload, headers: { ...headers, 'content-type': contentType }, remoteAddress: admin.ip });
}

/** Tables a call's count of new rows may not be compared by: search bookkeeping, sessions, the keys themselves. */
const UNCOUNTED = new Set(['search_counts', 'search_words', 'search_keys', 'sessions', 'auth_events', 'otp_codes', 'trusted_devices', 'idempotency_keys', '__drizzle_migrations']);
let countSql = '';

/** Rows per table (and pg-boss jobs), plus e-mails sent: what a call's change is measured by. */
async function counts(): Promise<Record<string, number>> {
  const [row] = await t.services.database.query<Record<string, unknown>>(countSql);
  const out: Record<string, number> = { mails: t.mails.length };
  for (const [k, v] of Object.entries(row)) out[k] = Number(v);
  return out;
}
const delta = (before: Record<string, number>, after: Record<string, number>) => Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]).filter(([, d]) => d !== 0));

beforeAll(async () => {
  // Jobs can be enqueued, but no worker runs them: what a call changes stays as the call left it.
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, runWorkers: false } }, { jobs: true });
  await createAdmin(t, 'SUPER_ADMIN', 'idempotency@slugs.example');
  admin = new Browser(t);
  await admin.signIn('idempotency@slugs.example');
  await db().insert(accountingCategories).values({ id: '1001', name: 'Contract Hire' });
  await db().insert(financeSuppliers).values({ id: '58', displayName: 'Harbour Motors', companyNumber: '01234567' });
  await db().insert(financeTaxCodes).values({ id: 'T20', name: '20.0% S' });
  const tables = await t.services.database.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`);
  const counted = tables.map((r) => r.name).filter((name) => !UNCOUNTED.has(name));
  countSql = `SELECT ${[...counted.map((name) => `(SELECT count(*) FROM "${name}") AS "${name}"`), `(SELECT count(*) FROM pgboss.job) AS "pgboss.job"`].join(', ')}`;
});
afterAll(() => t?.close());

// A public slug has no admin to keep a key for (the guard keys by admin); a public write guards
// itself (a driver mandate link is used once).
const writes = allSlugs.filter((s) => s.effect === 'write' && s.access !== 'public').map((s) => s.slug);

describe('every slug that writes, with an Idempotency-Key', () => {
  it('has a body factory here (a new slug that writes must be added to BODIES)', () => {
    expect(writes.filter((slug) => !BODIES[slug])).toEqual([]);
    expect(Object.keys(BODIES).filter((slug) => !writes.includes(slug))).toEqual([]);
  });

  it.each(writes)('%s: 10 concurrent identical requests make one change and get one answer; another body with the key is a 422', async (slug) => {
    const factory = BODIES[slug];
    if (!factory) throw new Error(`No body factory for ${slug} in BODIES`);
    // What one request without a key changes.
    const plain = await factory();
    let before = await counts();
    const single = await send(slug, plain);
    expect(single.statusCode, single.body).toBe(200);
    const once = delta(before, await counts());

    const req = await factory();
    before = await counts();
    const key = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => send(slug, req, { key })));
    expect(responses[0].statusCode, responses[0].body).toBe(200);
    expect(new Set(responses.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(responses.filter((r) => r.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true')).toHaveLength(9);
    const after = await counts();
    expect(delta(before, after)).toEqual(once);
    expect(once.mails ?? 0).toBeLessThanOrEqual(1);

    const other = await send(slug, req, { key, other: true });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await counts()).toEqual(after);
  });
});
