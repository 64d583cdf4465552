/**
 * The support dashboard's Manage Enquiry tools (spec 3 §2.4, §4, §7): find an enquiry by number in
 * the live enquiries or the archive, then cancel, revert completion, delete, unarchive or change
 * its service type. Invoices are in supportInvoices.ts. Each action locks the enquiry, checks its
 * rule on the current row (domain/support/enquiryTools.ts), changes it and writes an audit row with
 * the admin (and the reason, for a cancel) in one transaction. The search collections read these
 * tables, so a change is searchable as soon as it commits.
 */
import { and, eq, getTableColumns, notInArray, sql, type SQL } from 'drizzle-orm';
import { can } from '../../domain/permissions';
import {
  cancelEnquirySchema,
  cancelMessageText,
  cancelRefusal,
  deleteEnquirySchema,
  ENQUIRY_MESSAGES,
  ENQUIRY_RESULTS_MAX,
  ENQUIRY_TOOL_SEARCH,
  findEnquiriesSchema,
  revertEnquirySchema,
  revertRefusal,
  serviceTypeRefusal,
  serviceTypeSchema,
  STATUS_BEFORE_COMPLETION_DEFAULT,
  supportTool,
  toolAction,
  unarchiveEnquirySchema,
  type EnquiryCollection,
  type EnquiryResult,
  type FindEnquiriesResponse,
  type SupportActionResponse,
} from '../../domain/support';
import { RATE_CARD_LABELS, type CustomerConfig } from '../../domain/customers';
import type { ServiceType } from '../../domain/suppliers';
import { topics } from '../../domain/live';
import { archivedEnquiries, enquiries, enquiryMessages, leaseCompanies, supplierGroups, suppliers } from '../db/schema';
import type { Tx } from '../db/client';
import { notify } from '../live/notify';
import { auditImage, writeAudit } from './audit';
import { ApiError, forbidden } from './errors';
import { defineMutation, defineSlug, sessionPerson, type MutationContext } from './registry';

type EnquiryRow = typeof enquiries.$inferSelect;
const TABLES = { live: enquiries, archive: archivedEnquiries } as const;

export const enquiryNotFound = () => new ApiError(404, 'ENQUIRY_NOT_FOUND', ENQUIRY_MESSAGES.notFound);
const refused = (message: string) => new ApiError(400, 'REFUSED', message);

/** What a lease company's configuration offers (spec 3 §5 "Update service type"): its enabled app services. */
export function offeredServiceTypes(config: CustomerConfig | null | undefined): ServiceType[] {
  return (config?.services?.types ?? []).filter((t) => t.enabled).map((t) => t.type);
}

/** Found enquiries of one collection with the names the drawers show, at most ENQUIRY_RESULTS_MAX. */
async function enquiriesIn(db: Tx, collection: EnquiryCollection, where: (t: typeof enquiries) => SQL | undefined): Promise<EnquiryResult[]> {
  const t = TABLES[collection] as unknown as typeof enquiries;
  const rows = await db
    .select({ e: getTableColumns(t), leaseCompanyName: leaseCompanies.name, config: leaseCompanies.config, supplierName: suppliers.name, supplierGroupName: supplierGroups.name })
    .from(t)
    .innerJoin(leaseCompanies, eq(leaseCompanies.id, t.leaseCompanyId))
    .leftJoin(suppliers, eq(suppliers.id, t.supplierId))
    .leftJoin(supplierGroups, eq(supplierGroups.id, t.groupId))
    .where(where(t))
    .orderBy(t.enquiryNumber, t.id)
    .limit(ENQUIRY_RESULTS_MAX);
  return rows.map(({ e, leaseCompanyName, config, supplierName, supplierGroupName }) => resultOf(e, collection, { leaseCompanyName, supplierName, supplierGroupName, offered: offeredServiceTypes(config) }));
}

function resultOf(e: EnquiryRow, collection: EnquiryCollection, names: { leaseCompanyName: string; supplierName: string | null; supplierGroupName: string | null; offered: ServiceType[] }): EnquiryResult {
  return {
    id: e.id,
    enquiryId: e.id,
    enquiryNumber: e.enquiryNumber,
    enquiryStatus: e.status,
    enquirySource: e.source,
    serviceType: e.serviceType,
    make: e.make,
    model: e.model,
    vrm: e.vrm,
    managed: e.managed,
    contractStatus: e.contractStatus,
    subCustomerId: e.subCustomerId,
    region1: e.region1,
    supplierName: names.supplierName,
    supplierGroupName: names.supplierGroupName,
    leaseCompanyId: e.leaseCompanyId,
    leaseCompanyName: names.leaseCompanyName,
    accountObjectID: e.groupId,
    serviceUnitObjectID: e.supplierId,
    rateCardType: { value: e.rateCardType, label: RATE_CARD_LABELS[e.rateCardType] },
    paybill: e.paybill,
    invoiced: e.status === 'INVOICED' || e.invoicedAt !== null,
    collection,
    offeredServiceTypes: names.offered,
  };
}

/**
 * Finds enquiries by number for one tool (ours: the spec reads its search service; the drawers
 * need the names joined, so the server answers). Each tool needs its own permission and searches
 * its own collections, leaving out the statuses its rule excludes (the cancel search, spec 3 §5).
 */
export const findEnquiries = defineSlug({
  slug: 'admin/findEnquiries',
  method: 'POST',
  effect: 'read',
  access: 'signed-in',
  input: findEnquiriesSchema,
  async handler({ services, session, input }): Promise<FindEnquiriesResponse> {
    const tool = supportTool(input.tool);
    if (!can(session.roles, tool.permission, toolAction(input.tool))) throw forbidden();
    const { collections, exclude } = ENQUIRY_TOOL_SEARCH[input.tool];
    const found: EnquiryResult[] = [];
    for (const collection of collections) {
      found.push(
        ...(await enquiriesIn(services.db, collection, (t) =>
          and(eq(t.enquiryNumber, input.enquiryNumber), exclude.length ? notInArray(t.status, [...exclude]) : undefined),
        )),
      );
    }
    if (found.length === 0) throw enquiryNotFound();
    return { success: true, enquiries: found.slice(0, ENQUIRY_RESULTS_MAX) };
  },
});

export interface EnquiryRef {
  enquiryId: string;
  accountId?: string | null;
  serviceUnitId?: string | null;
  leaseId?: string;
}

/**
 * The live enquiry the call names, locked for the change; 404 'Enquiry not found' when there is
 * none, or when the group, service unit or lease company sent do not belong to it.
 */
export async function lockEnquiry(tx: Tx, ref: EnquiryRef): Promise<EnquiryRow> {
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, ref.enquiryId)).for('update');
  if (!row || !namedBy(row, ref)) throw enquiryNotFound();
  return row;
}

/** True when the group, service unit and lease company a call sent (those it sent) are the enquiry's. */
export function namedBy(row: Pick<EnquiryRow, 'groupId' | 'supplierId' | 'leaseCompanyId'>, ref: EnquiryRef): boolean {
  const matches = (sent: string | null | undefined, actual: string | null) => sent == null || sent === actual;
  return matches(ref.accountId, row.groupId) && matches(ref.serviceUnitId, row.supplierId) && matches(ref.leaseId, row.leaseCompanyId);
}

const statusOf = (row: EnquiryRow) => ({ enquiryStatus: row.status, invoiced: row.status === 'INVOICED' || row.invoicedAt !== null });

async function audit(tx: Tx, m: MutationContext, id: string, before: unknown, after: unknown) {
  await writeAudit(tx, { adminId: m.adminId, slug: m.slug, recordType: 'enquiry', recordId: id, before: auditImage(before), after: auditImage(after), at: m.now });
}

async function updateEnquiry(tx: Tx, m: MutationContext, before: EnquiryRow, patch: Partial<typeof enquiries.$inferInsert>, note?: Record<string, unknown>): Promise<EnquiryRow> {
  const [after] = await tx
    .update(enquiries)
    .set({ ...patch, version: sql`${enquiries.version} + 1`, modifiedAt: m.now, modifiedBy: m.adminId })
    .where(eq(enquiries.id, before.id))
    .returning();
  await audit(tx, m, before.id, before, { ...after, ...note });
  return after;
}

/**
 * Cancel (spec 3 §4): refused once invoiced; sets CANCELLED and sends the supplier the cancel
 * message (§3), stored with its queue data and announced on the supplier's message topic.
 */
export const cancelEnquiry = defineMutation({
  slug: 'admin/cancelEnquiryFromAdmin',
  access: { permission: 'ALLOW_CANCEL_ENQUIRY', action: 'edit' },
  input: cancelEnquirySchema,
  async handler(c): Promise<SupportActionResponse> {
    const { tx, mutation: m, input } = c;
    const row = await lockEnquiry(tx, { ...input, leaseId: input.leaseCompanyId });
    const refusal = cancelRefusal(statusOf(row));
    if (refusal) throw refused(refusal);
    await updateEnquiry(tx, m, row, { status: 'CANCELLED', cancelledAt: m.now, cancelReason: input.reason }, { reason: input.reason });
    const [names] = await tx
      .select({ supplierName: suppliers.name, supplierGroupName: supplierGroups.name })
      .from(enquiries)
      .leftJoin(suppliers, eq(suppliers.id, enquiries.supplierId))
      .leftJoin(supplierGroups, eq(supplierGroups.id, enquiries.groupId))
      .where(eq(enquiries.id, row.id));
    const [message] = await tx
      .insert(enquiryMessages)
      .values({
        enquiryId: row.id,
        message: cancelMessageText(row.enquiryNumber, input.reason),
        myMessage: false,
        messageTo: 'SUPPLIER',
        messageFrom: 'CUSTOMER',
        user: sessionPerson(c),
        enquiryStatus: 'CANCELLED',
        sentAt: m.now,
        queueData: {
          enquiryId: row.id,
          enquiryNumber: row.enquiryNumber,
          leaseCompanyId: row.leaseCompanyId,
          accountId: row.groupId,
          serviceUnitId: row.supplierId,
          make: row.make,
          model: row.model,
          vrm: row.vrm,
          managed: row.managed,
          contractStatus: row.contractStatus,
          enquirySource: row.source,
          serviceType: row.serviceType,
          subCustomerId: row.subCustomerId,
          region1: row.region1,
          supplierName: names?.supplierName ?? null,
          supplierGroupName: names?.supplierGroupName ?? null,
        },
      })
      .returning({ id: enquiryMessages.id });
    // Without an allocated supplier there is nobody to tell; the message is still kept on the enquiry.
    if (row.supplierId) await notify(tx, topics.supplierMessages(row.supplierId), { op: 'message', id: message.id, enquiryId: row.id });
    return { success: true, message: ENQUIRY_MESSAGES.cancelled };
  },
});

/** Revert completion (spec 3 §4): only COMPLETED and not invoiced, back to the status before completion. */
export const revertEnquiryCompletion = defineMutation({
  slug: 'admin/revertEnquiryCompletion',
  access: { permission: 'ALLOW_REVERT_ENQUIRY', action: 'edit' },
  input: revertEnquirySchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse & { result: true }> {
    const row = await lockEnquiry(tx, input);
    const refusal = revertRefusal(statusOf(row));
    if (refusal) throw refused(refusal);
    await updateEnquiry(tx, m, row, { status: row.statusBeforeCompletion ?? STATUS_BEFORE_COMPLETION_DEFAULT, completedAt: null, statusBeforeCompletion: null });
    return { success: true, result: true, message: ENQUIRY_MESSAGES.reverted };
  },
});

/**
 * Delete (spec 3 §4): any found live enquiry, one call per result. Its messages go with it; its
 * invoices stay (finance records carry the enquiry number), and the audit row keeps the enquiry.
 */
export const deleteEnquiry = defineMutation({
  slug: 'admin/deleteEnquiryFromAdmin',
  access: { permission: 'ALLOW_DELETE_ENQUIRY', action: 'edit' },
  input: deleteEnquirySchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const row = await lockEnquiry(tx, { ...input, leaseId: input.leaseCompanyId });
    await tx.delete(enquiryMessages).where(eq(enquiryMessages.enquiryId, row.id));
    await tx.delete(enquiries).where(eq(enquiries.id, row.id));
    await audit(tx, m, row.id, row, null);
    return { success: true, message: ENQUIRY_MESSAGES.deleted };
  },
});

/**
 * Unarchive (spec 3 §4): moves the enquiry from the archive back into the live enquiries, keeping
 * its id (invoices and messages refer to it) and taking a new live sequence number.
 */
export const unarchiveEnquiry = defineMutation({
  slug: 'admin/unArchiveEnquiry',
  access: { permission: 'ALLOW_UNARCHIVE_ENQUIRY', action: 'edit' },
  input: unarchiveEnquirySchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const [row] = await tx.select().from(archivedEnquiries).where(eq(archivedEnquiries.id, input.id)).for('update');
    if (!row) throw enquiryNotFound();
    const [clash] = await tx.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.enquiryNumber, row.enquiryNumber));
    if (clash) throw new ApiError(409, 'ALREADY_LIVE', ENQUIRY_MESSAGES.alreadyLive);
    const { seq: _seq, archivedAt: _at, archiveReason: _reason, ...columns } = row;
    const [live] = await tx
      .insert(enquiries)
      .values({ ...columns, version: row.version + 1, modifiedAt: m.now, modifiedBy: m.adminId })
      .returning();
    await tx.delete(archivedEnquiries).where(eq(archivedEnquiries.id, row.id));
    await audit(tx, m, row.id, row, { ...live, unarchived: true });
    return { success: true, message: ENQUIRY_MESSAGES.unarchived };
  },
});

/** Update Service Type (spec 3 §5): a different type the lease company offers; not once completed or invoiced. */
export const updateEnquiryServiceType = defineMutation({
  slug: 'admin/updateEnquiryServiceType',
  access: { permission: 'support', action: 'edit' },
  input: serviceTypeSchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const row = await lockEnquiry(tx, input);
    const [lease] = await tx.select({ config: leaseCompanies.config }).from(leaseCompanies).where(eq(leaseCompanies.id, row.leaseCompanyId));
    const refusal = serviceTypeRefusal({ ...statusOf(row), serviceType: row.serviceType, offeredServiceTypes: offeredServiceTypes(lease?.config) }, input.serviceType);
    if (refusal) throw refused(refusal);
    await updateEnquiry(tx, m, row, { serviceType: input.serviceType });
    return { success: true, message: ENQUIRY_MESSAGES.serviceTypeUpdated };
  },
});

/** Enquiries by id in either collection, for the invoice calls. */
export async function enquiryById(db: Tx, id: string): Promise<(EnquiryRow & { collection: EnquiryCollection }) | null> {
  for (const collection of ['live', 'archive'] as const) {
    const t = TABLES[collection] as unknown as typeof enquiries;
    const [row] = await db.select(getTableColumns(t)).from(t).where(eq(t.id, id));
    if (row) return { ...row, collection };
  }
  return null;
}

export const supportEnquirySlugs = [findEnquiries, cancelEnquiry, revertEnquiryCompletion, deleteEnquiry, unarchiveEnquiry, updateEnquiryServiceType];
