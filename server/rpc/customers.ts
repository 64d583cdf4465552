/**
 * The customer (lease company) area, part 1 (spec 1 §2-§7): details, save, terminate, the
 * integration lookup and the web-link logo. Every change goes through records.ts, so the version
 * check, the audit row and the leaseCompany:{id} notification share the save's transaction; the
 * search index reads lease_companies directly and sees the change when it commits.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { can, type Roles } from '../../domain/permissions';
import { topics } from '../../domain/live';
import {
  CURRENCY_LABELS,
  CUSTOMER_FEE_KEYS,
  CUSTOMER_FIELD_LABELS,
  FLEET_LEVEL_LABELS,
  INTEGRATION_LOOKUP_REFERENCE,
  RATE_CARD_LABELS,
  applyCustomerDependencies,
  completeCustomerConfig,
  completeWebhooks,
  countryOfLocale,
  customerFormSchema,
  isRecordId,
  leaseCompanyIdSchema,
  normalizeCustomerForm,
  notValidMessage,
  rawToMinor,
  requiredMessage,
  saveCustomerRequestSchema,
  terminateCustomerSchema,
  whyCannotCreateCustomer,
  type CustomerConfig,
  type CustomerDetails,
  type CustomerDetailsResponse,
  type CustomerForm,
  type CustomerKind,
  type CustomerPlatformFees,
  type CustomerType,
  type FleetLevel,
  type IntegrationLookupResponse,
  type RateCardType,
  type SaveCustomerResponse,
} from '../../domain/customers';
import type { Currency, PaymentMethod } from '../../domain/common';
import type { Tx } from '../db/client';
import { documents, integrationLookups, leaseCompanies } from '../db/schema';
import { findAccountingCategory } from '../integrations/finance/categories';
import { ApiError, fieldErrors, notFound } from './errors';
import { writeAudit } from './audit';
import { changeStatus, defineRecordKind, insertRecord, lockAtVersion, updateVersioned, type PatchOf } from './records';
import { defineMutation, defineSlug } from './registry';
import { noInputSchema } from '../../domain/lists';

type Row = typeof leaseCompanies.$inferSelect;

export const leaseCompanyKind = defineRecordKind({
  table: leaseCompanies,
  type: 'leaseCompany',
  label: 'Customer',
  topics: (row) => [topics.leaseCompany(row.id)],
  // A 409 shows the details record, not the raw row: platform fees only to callers who may view them.
  present: async (tx, row, ctx) => toCustomerDetails(row, { canViewFees: canViewFees(ctx.roles ?? {}), documentCount: await documentCount(tx, row.id) }),
});

const VIEW_CUSTOMER = { permission: 'customer', action: 'view' } as const;
const EDIT_CUSTOMER = { permission: 'EDIT_CUSTOMER', action: 'edit' } as const;

const validation = (fields: Record<string, string>) => new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);

/** The details record for a row. Fees only for callers who may view them. */
export function toCustomerDetails(row: Row, opts: { canViewFees: boolean; documentCount: number }): CustomerDetails {
  return {
    id: row.id,
    version: Number(row.version),
    status: row.status,
    diCustomerId: row.diCustomerId,
    name: row.name,
    address: {
      number: row.addressNumber,
      address1: row.address1,
      address2: row.address2,
      address3: row.address3,
      county: row.county,
      postCode: row.postCode,
    },
    companyRegistrationNumber: row.companyRegistrationNumber,
    vatNumber: row.vatNumber,
    customerType: row.customerType,
    rateCardType: { type: row.rateCardType, label: RATE_CARD_LABELS[row.rateCardType] ?? row.rateCardType },
    fleetLevel: row.fleetLevel ? { type: row.fleetLevel, label: FLEET_LEVEL_LABELS[row.fleetLevel] ?? row.fleetLevel } : null,
    currency: { label: CURRENCY_LABELS[row.currency] ?? row.currency, value: row.currency },
    locale: row.locale,
    billingRefId: row.billingRefId,
    categoryId: row.categoryId,
    customerNameForDirectPaybill: row.customerNameForDirectPaybill,
    mainphoneNumber: row.mainPhoneNumber,
    infoEmail: row.infoEmail,
    contactName: row.contactName,
    landLineNumber: row.landLineNumber,
    mobileNumber: row.mobileNumber,
    email: row.email,
    whatsappNumber: row.whatsappNumber,
    enforceMfa: row.enforceMfa,
    supplierProximity: row.supplierProximity,
    maxSubCustomerAssignmentsAllowed: row.maxSubCustomerAssignmentsAllowed,
    webLinkId: row.webLinkId,
    leaseDetails: { accountManager: row.accountManager, accountNumber: row.accountNumber },
    platformFeeAssignee: row.platformFeeAssignee,
    exportsSettings: { invoiceSupplementFileEnabled: row.invoiceSupplementFileEnabled },
    config: completeCustomerConfig(row.config),
    platformFees: opts.canViewFees ? (row.platformFees ?? null) : null,
    webhooks: completeWebhooks(row.webhooks),
    retailerConfig: row.retailerConfig ?? null,
    documentCount: opts.documentCount,
    terminatedAt: row.terminatedAt ? row.terminatedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
  };
}

const canViewFees = (roles: Roles) => can(roles, 'PLATFORM_FEES', 'view');

async function documentCount(tx: Tx, id: string): Promise<number> {
  const [r] = await tx.select({ n: count() }).from(documents).where(eq(documents.leaseCompanyId, id));
  return Number(r?.n ?? 0);
}

async function findCustomer(tx: Tx, id: string, lock = false): Promise<Row> {
  if (!isRecordId(id)) throw notFound();
  const q = tx.select().from(leaseCompanies).where(eq(leaseCompanies.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The next 'C01234'-style DI Customer Id; the advisory lock serialises concurrent creates. */
async function nextDiCustomerId(tx: Tx): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lease_companies.di_customer_id'))`);
  const [r] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${leaseCompanies.diCustomerId} from 2)::int), 1000) + 1` })
    .from(leaseCompanies)
    .where(sql`${leaseCompanies.diCustomerId} ~ '^C[0-9]{1,9}$'`);
  return `C${String(Number(r.n)).padStart(5, '0')}`;
}

type FeesInput = Record<string, unknown> & { currency: Currency; paymentMethod: PaymentMethod; feesSchedule: number; platformFeeAssignee?: CustomerKind | '' | null };

/** Stored fees in minor units, computed from raw through its decimal text. */
function storedFees(fees: FeesInput, assignee: CustomerKind): CustomerPlatformFees {
  const minor = (k: string): number | null => {
    const raw = (fees[k] as { raw?: number | null } | undefined)?.raw;
    return raw === null || raw === undefined ? null : rawToMinor(raw);
  };
  const out = { currency: fees.currency, paymentMethod: fees.paymentMethod, feesSchedule: fees.feesSchedule, platformFeeAssignee: assignee } as CustomerPlatformFees;
  for (const k of CUSTOMER_FEE_KEYS) (out as unknown as Record<string, number | null>)[k] = minor(k) ?? (k === 'monthlyWhatsAppFee' ? null : 0);
  return out;
}

/** The columns a saved form writes (status, identity and fees are handled by the caller). */
function columnsOf(f: CustomerForm): PatchOf<typeof leaseCompanies> {
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    name: f.customerName,
    customerType: f.customerType as CustomerType,
    rateCardType: f.rateCardType as RateCardType,
    fleetLevel: (orNull(f.fleetLevel ?? '') as FleetLevel | null) ?? null,
    currency: f.currency as Currency,
    locale: f.locale,
    companyRegistrationNumber: orNull(f.companyRegistrationNumber),
    vatNumber: orNull(f.vatNumber),
    billingRefId: orNull(f.billingRefId),
    categoryId: orNull(f.categoryId),
    customerNameForDirectPaybill: orNull(f.customerNameForDirectPaybill),
    addressNumber: orNull(f.address.number),
    address1: orNull(f.address.address1),
    address2: orNull(f.address.address2),
    address3: orNull(f.address.address3),
    county: orNull(f.address.county),
    postCode: orNull(f.address.postCode),
    mainPhoneNumber: orNull(f.phoneNumber),
    infoEmail: orNull(f.infoEmail),
    contactName: orNull(f.contactName),
    landLineNumber: orNull(f.landLineNumber),
    mobileNumber: orNull(f.mobileNumber),
    email: orNull(f.email),
    whatsappNumber: orNull(f.whatsappNumber),
    enforceMfa: f.enforceMfa,
    supplierProximity: Number(f.supplierProximity),
    maxSubCustomerAssignmentsAllowed: f.maxSubCustomerAssignmentsAllowed,
    accountManager: orNull(f.leaseDetails.accountManager),
    accountNumber: orNull(f.leaseDetails.accountNumber),
    invoiceSupplementFileEnabled: f.exportsSettings.invoiceSupplementFileEnabled,
    config: f.config as CustomerConfig,
    webhooks: f.webhooks,
  };
}

export const getLeaseCompanyDetails = defineSlug({
  slug: 'admin/getLeaseCompanyDetails',
  method: 'POST',
  effect: 'read',
  access: VIEW_CUSTOMER,
  input: leaseCompanyIdSchema,
  async handler(c): Promise<CustomerDetailsResponse> {
    const db = c.services.db;
    const row = await findCustomer(db, c.input.leaseCompanyId);
    return { customer: toCustomerDetails(row, { canViewFees: canViewFees(c.session.roles), documentCount: await documentCount(db, row.id) }) };
  },
});

/**
 * Creates (isNew) or edits a customer. Platform fees are written only by callers holding
 * PLATFORM_FEES edit: fees sent by anyone else are refused with 403 before anything is read or
 * written (the console leaves them out for such users, see toSaveInput). Creating needs that
 * permission and the fees (domain/customers/access.ts); an edit without fees keeps the stored ones.
 */
export const saveLeaseCompanyDetails = defineMutation({
  slug: 'admin/saveLeaseCompanyDetails',
  access: EDIT_CUSTOMER,
  input: saveCustomerRequestSchema,
  async handler(c): Promise<SaveCustomerResponse> {
    const details = c.input.customerDetails as Record<string, unknown> & { isNew: boolean; version?: number | null; locale?: string };
    const sendsFees = details.platformFees !== undefined && details.platformFees !== null;
    if (sendsFees && !can(c.session.roles, 'PLATFORM_FEES', 'edit')) {
      throw new ApiError(403, 'FORBIDDEN', 'You do not have permission to edit platform fees.');
    }
    const cannotCreate = details.isNew ? whyCannotCreateCustomer(c.session.roles) : null;
    if (cannotCreate) throw new ApiError(403, 'FORBIDDEN', cannotCreate);
    if (details.isNew && !sendsFees) throw validation({ platformFees: requiredMessage('Platform Fees') });
    const { tx, mutation: ctx } = c;
    const current = details.isNew ? null : await lockAtVersion(tx, leaseCompanyKind, c.input.leaseCompanyId!, details.version!, ctx);
    // An edit keeps the customer's country; a new customer's comes from its locale.
    const country = countryOfLocale(current ? current.locale : details.locale);
    const parsed = customerFormSchema(country, { isNew: details.isNew, canEditFees: sendsFees }).safeParse(details);
    if (!parsed.success) throw validation(fieldErrors(parsed.error.issues));
    // The form's dependencies hold on the server too, whatever the client sent.
    const form = applyCustomerDependencies(null, normalizeCustomerForm(parsed.data as unknown as CustomerForm));
    if (form.categoryId && !(await findAccountingCategory(c.services.finance, form.categoryId, tx))) {
      throw validation({ categoryId: notValidMessage(CUSTOMER_FIELD_LABELS.categoryId) });
    }
    const patch = columnsOf(form);
    const fees = sendsFees ? (form.platformFees as unknown as FeesInput) : null;
    // platformFeeAssignee defaults to SUB_CUSTOMER on save.
    const assignee: CustomerKind = (fees?.platformFeeAssignee || current?.platformFeeAssignee || 'SUB_CUSTOMER') as CustomerKind;
    patch.platformFeeAssignee = assignee;
    if (fees) patch.platformFees = storedFees(fees, assignee);

    if (!current) {
      const diCustomerId = await nextDiCustomerId(tx);
      const row = await insertRecord(
        tx,
        leaseCompanyKind,
        { ...patch, diCustomerId, status: 'ACTIVE', webLinkId: form.config.webLink.isEnabled ? `wl-${diCustomerId.toLowerCase()}` : null },
        ctx,
      );
      return { success: true, leaseCompanyId: row.id, version: Number(row.version) };
    }
    if (form.config.webLink.isEnabled && !current.webLinkId) patch.webLinkId = `wl-${current.diCustomerId.toLowerCase()}`;
    const row = await updateVersioned(tx, leaseCompanyKind, current.id, Number(current.version), patch, ctx);
    return { success: true, leaseCompanyId: row.id, version: Number(row.version) };
  },
});

/** ACTIVE → TERMINATED only (spec 1 §4 "Customer status"). */
export const terminateCustomer = defineMutation({
  slug: 'admin/terminateCustomer',
  access: EDIT_CUSTOMER,
  input: terminateCustomerSchema,
  async handler(c): Promise<{ success: true }> {
    const { tx, mutation: ctx } = c;
    await changeStatus(tx, leaseCompanyKind, c.input.leaseCompanyId, c.input.version, { to: 'TERMINATED', from: ['ACTIVE'] }, ctx, { terminatedAt: ctx.now });
    return { success: true };
  },
});

/** Which sources serve which integration type (spec 1 §3 "Integration lookup"). */
export const getIntegrationLookUp = defineSlug({
  slug: 'admin/getIntegrationLookUp',
  method: 'GET',
  effect: 'read',
  access: VIEW_CUSTOMER,
  input: noInputSchema,
  async handler(c): Promise<IntegrationLookupResponse> {
    const rows = await c.services.db.select().from(integrationLookups).orderBy(asc(integrationLookups.type), asc(integrationLookups.source));
    // The demo seed fills the table; a database without demo data still gets the reference list.
    const lookups = rows.length
      ? rows.map((r) => ({ type: r.type, typeLabel: r.typeLabel, typeDescription: r.typeDescription, source: r.source, sourceLabel: r.sourceLabel }))
      : [...INTEGRATION_LOOKUP_REFERENCE].sort((a, b) => (a.type === b.type ? (a.source < b.source ? -1 : 1) : a.type < b.type ? -1 : 1));
    return { lookups };
  },
});

export const customerSlugs = [getLeaseCompanyDetails, saveLeaseCompanyDetails, terminateCustomer, getIntegrationLookUp];
