/**
 * The supplier area's record slugs (spec 2 §7): read a supplier's details and terminate it. Each
 * change is versioned, audited and notified on the supplier's topic through the record contract.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { topics } from '../../domain/live';
import {
  EDIT_SUPPLIER_GUARD,
  notValidMessage,
  saveSupplierSchema,
  supplierUsersListSchema,
  supplierColumns,
  supplierFieldLabels,
  supplierFormSchema,
  type SaveSupplierResponse,
  type SupplierForm,
  FINANCE_FETCH_OK,
  FINANCE_NOT_FOUND,
  fetchFinanceSupplierSchema,
  resolveFinanceExceptionSchema,
  type FinanceSupplierResponse,
  type ResolveFinanceExceptionResponse,
  SUPPLIER_INVITE_MESSAGES,
  createSupplierUserInviteSchema,
  getSupplierDetailsSchema,
  saveEscalationSchema,
  terminateSupplierSchema,
  unitStatusOf,
  type SupplierDetails,
  type DiNetworkTerms,
} from '../../domain/suppliers';
import { isRecordId } from '../../domain/common';
import { countryOfLocale } from '../../domain/country';
import type { SupplierInviteResponse, UserSummary } from '../../domain/invites';
import type { Tx } from '../db/client';
import { documents, users, supplierEscalations, supplierExceptions, supplierGroups, supplierNetworkTerms, suppliers } from '../db/schema';
import { ApiError, conflict, fieldError, fieldErrors, notFound } from './errors';
import { adminName, insertInvitedUser, inviteAnswer, sendInvite, userSummary } from './invites';
import { auditImage, writeAudit } from './audit';
import { notify } from '../live/notify';
import { changeStatus, defineRecordKind, insertRecord, mutationContext, updateVersioned } from './records';
import { FinanceSystemError } from '../integrations/finance';
import { defineMutation, defineSlug } from './registry';

type Row = typeof suppliers.$inferSelect;

const VIEW_SUPPLIER = { permission: 'supplier', action: 'view' } as const;
const EDIT_SUPPLIER = EDIT_SUPPLIER_GUARD;

export const supplierKind = defineRecordKind({
  table: suppliers,
  type: 'supplier',
  label: 'Supplier',
  topics: (row) => [topics.supplier(row.id)],
  // A 409 shows the details record the page reads, so the conflict dialog compares like with like.
  present: (tx, row) => supplierDetails(tx, row),
});

/** The details record of spec 2 §3.1 for a row: its group, terms, escalation contact, exceptions and document count. */
export async function supplierDetails(tx: Tx, row: Row): Promise<SupplierDetails> {
  const [[group], [terms], [escalation], exceptions, [docs], createdBy, modifiedBy] = await Promise.all([
    tx.select({ groupId: supplierGroups.groupId, name: supplierGroups.name, belongsToDiNetwork: supplierGroups.belongsToDiNetwork }).from(supplierGroups).where(eq(supplierGroups.id, row.groupId)),
    tx.select().from(supplierNetworkTerms).where(eq(supplierNetworkTerms.supplierId, row.id)),
    tx.select().from(supplierEscalations).where(eq(supplierEscalations.supplierId, row.id)),
    tx.select().from(supplierExceptions).where(eq(supplierExceptions.supplierId, row.id)),
    tx.select({ n: count() }).from(documents).where(eq(documents.supplierId, row.id)),
    adminName(tx, row.createdBy),
    adminName(tx, row.modifiedBy),
  ]);
  return {
    id: row.id,
    serviceUnitId: row.id,
    version: Number(row.version),
    accountObjectId: row.groupId,
    groupId: group?.groupId ?? '',
    supplierGroupName: group?.name ?? '',
    supplierId: row.supplierId,
    name: row.name,
    companyRegistrationNumber: row.companyRegistrationNumber,
    vatRegistrationNumber: row.vatRegistrationNumber,
    locale: row.locale,
    address: { number: row.addressNumber, address1: row.address1, address2: row.address2, address3: row.address3, county: row.county, postcode: row.postCode, lat: row.lat, lng: row.lng },
    contact: { primaryPhoneNumber: row.primaryPhoneNumber, bookingPhoneNumber: row.bookingPhoneNumber, faxNumber: row.faxNumber, email: row.email },
    servingRadius: { radius: row.servingRadius, mobileRadius: row.mobileRadius },
    services: row.services,
    unitStatus: unitStatusOf(row.unitStatus),
    supplierType: row.supplierType,
    manufacturers: row.manufacturers,
    useHeadOfficeNameAndAddress: row.useHeadOfficeNameAndAddress,
    override: { isEnabled: row.overrideEnabled },
    featureFlags: { mandatoryTyreReadings: row.mandatoryTyreReadings },
    vehicleTypes: row.vehicleTypes,
    vehicleServices: row.vehicleServices,
    openingHours: row.openingHours,
    restrictions: row.restrictions,
    facilities: row.facilities,
    supplementaryServices: row.supplementaryServices,
    accountSystemReference: row.accountSystemReference,
    financeSupplierId: row.financeSupplierId,
    billingRefId: row.billingRefId,
    log: { createdTimestamp: row.createdAt.toISOString(), createdByUser: createdBy, modifiedTimestamp: row.modifiedAt.toISOString(), modifiedByUser: modifiedBy },
    belongsToDINetwork: group?.belongsToDiNetwork ?? false,
    nominatedDealerName: terms?.nominatedDealerName ?? null,
    diNetworkTerms: terms ? await diNetworkTerms(tx, terms) : null,
    exceptions: exceptions.map((e) => ({ type: e.type, isResolved: e.isResolved, timestamp: e.raisedAt.toISOString() })),
    escalationInformation: escalation ? { version: Number(escalation.version), name: escalation.name, number: escalation.number, email: escalation.email, notes: escalation.notes } : null,
    documentCount: Number(docs?.n ?? 0),
  };
}

type TermsRow = typeof supplierNetworkTerms.$inferSelect;

/** A terms row as the details record shows it (spec 2 §3.5). */
export async function diNetworkTerms(tx: Tx, t: TermsRow): Promise<DiNetworkTerms> {
  return {
    version: Number(t.version),
    nominatedDealerName: t.nominatedDealerName,
    lastPhysicalAudit: t.lastPhysicalAudit,
    lastDesktopAudit: t.lastDesktopAudit,
    fnp: { isEnabled: t.fnpEnabled, fnpBand: t.fnpBand },
    commercialTerms: { rebate: t.rebateBp / 100, rebateAmount: t.rebateAmount },
    franchises: t.franchises,
    motRates: t.motRates,
    fluidRates: t.fluidRates,
    tyreAncillaryRates: t.tyreAncillaryRates,
    wheelAlignmentRates: t.wheelAlignmentRates,
    creditLimit: {
      agreedCreditLimit: t.agreedCreditLimit,
      updatedBy: t.creditLimitUpdatedAt ? { lastUpdated: t.creditLimitUpdatedAt.toISOString(), username: t.creditLimitUpdatedBy ?? '' } : null,
    },
    log: { modifiedTimestamp: t.modifiedAt.toISOString(), modifiedBy: 'ADMIN', modifiedByUser: await adminName(tx, t.modifiedBy) },
  };
}

/** The supplier `serviceUnitId` of group `accountObjectId`; 404 when there is none (or the ids do not match). */
export async function findSupplier(tx: Tx, serviceUnitId: string, accountObjectId: string, share = false): Promise<Row> {
  if (!isRecordId(serviceUnitId) || !isRecordId(accountObjectId)) throw notFound('Supplier');
  const q = tx.select().from(suppliers).where(and(eq(suppliers.id, serviceUnitId), eq(suppliers.groupId, accountObjectId)));
  const [row] = share ? await q.for('share') : await q;
  if (!row) throw notFound('Supplier');
  return row;
}

export const getSupplierDetails = defineSlug({
  slug: 'supplier/getSupplierDetails',
  method: 'POST',
  effect: 'read',
  access: VIEW_SUPPLIER,
  input: getSupplierDetailsSchema,
  async handler(c): Promise<{ data: SupplierDetails }> {
    const db = c.services.db;
    return { data: await supplierDetails(db, await findSupplier(db, c.input.serviceUnitId, c.input.accountObjectId)) };
  },
});

/** Live to cancelled (spec 2 §4), at the version the page shows. */
export const terminateSupplierUnit = defineMutation({
  slug: 'admin/terminateSupplierUnit',
  access: EDIT_SUPPLIER,
  input: terminateSupplierSchema,
  async handler(c): Promise<{ success: true }> {
    const { tx, mutation: ctx } = c;
    await findSupplier(tx, c.input.serviceUnitId, c.input.accountId);
    await changeStatus(tx, supplierKind, c.input.serviceUnitId, c.input.version, { to: 'cancelled', from: ['live'], field: 'unitStatus' }, ctx, { terminatedAt: ctx.now });
    return { success: true };
  },
});

/**
 * Records the supplier's escalation contact (spec 2 §3.2, §5.2). The contact is kept in a table of
 * its own, keyed by the supplier, so it is versioned here rather than through the record contract:
 * a first contact needs version null, a change the version the drawer showed; otherwise 409 with
 * the supplier's details as they are now. Audited as 'supplierEscalation' and notified on the
 * supplier's topic.
 */
export const saveEscalationInformation = defineMutation({
  slug: 'admin/saveEscalationInformation',
  access: EDIT_SUPPLIER,
  input: saveEscalationSchema,
  async handler(c): Promise<{ success: true; version: number }> {
    const { tx, mutation: ctx } = c;
    const supplier = await findSupplier(tx, c.input.serviceUnitId, c.input.accountId);
    const form = c.input.data.escalationInformation;
    const values = { name: form.name, number: form.number, email: form.email || null, notes: form.notes };
    const [before] = await tx.select().from(supplierEscalations).where(eq(supplierEscalations.supplierId, supplier.id)).for('update');
    const current = before ? Number(before.version) : null;
    if (current !== c.input.version) throw conflict(await supplierDetails(tx, supplier));
    const stamp = { modifiedAt: ctx.now, modifiedBy: ctx.adminId };
    const [after] = before
      ? await tx.update(supplierEscalations).set({ ...values, ...stamp, version: Number(before.version) + 1 }).where(eq(supplierEscalations.supplierId, supplier.id)).returning()
      : await tx.insert(supplierEscalations).values({ supplierId: supplier.id, ...values, ...stamp, version: 1, createdAt: ctx.now, createdBy: ctx.adminId }).onConflictDoNothing().returning();
    // Two first contacts at once: FOR UPDATE locked no row, so the second finds the first's here.
    if (!after) throw conflict(await supplierDetails(tx, supplier));
    await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'supplierEscalation', recordId: supplier.id, before: auditImage(before ?? null), after: auditImage(after), at: ctx.now });
    await notify(tx, topics.supplier(supplier.id), { op: 'escalation', id: supplier.id, version: Number(after.version) });
    return { success: true, version: Number(after.version) };
  },
});

/** Supplier users in audit_log. The live notice is sent by hand, with `op: 'users'`. */
const supplierUserKind = defineRecordKind({ table: users, type: 'supplierUser', label: 'User', topics: () => [] });

/**
 * Invites a user to a live supplier (spec 2 §2.1, §3.3, §7): `success.emailExists` when any live
 * user has the address; the invitation e-mail goes out once the user is committed.
 */
export const createSupplierUserInvite = defineSlug({
  slug: 'admin/createSupplierUserInvite',
  method: 'POST',
  effect: 'write',
  access: EDIT_SUPPLIER,
  input: createSupplierUserInviteSchema,
  async handler(c): Promise<SupplierInviteResponse> {
    const ctx = mutationContext(c);
    const success = await inviteAnswer(async () => {
      const { user, supplier } = await c.services.db.transaction(async (tx) => {
        // FOR SHARE: an invite and a termination of the same supplier cannot interleave.
        const supplier = await findSupplier(tx, c.input.serviceUnit.value, c.input.accountId, true);
        if (supplier.unitStatus !== 'live') throw new ApiError(409, 'SUPPLIER_TERMINATED', SUPPLIER_INVITE_MESSAGES.terminated);
        const [group] = await tx.select({ supplierCreationType: supplierGroups.supplierCreationType }).from(supplierGroups).where(eq(supplierGroups.id, supplier.groupId));
        const user = await insertInvitedUser(
          tx,
          supplierUserKind,
          { firstname: c.input.firstname, lastname: c.input.lastname, email: c.input.email, isAdmin: c.input.isAdmin },
          { kind: 'supplier', groupId: supplier.groupId, supplierId: supplier.id, supplierCreationType: group?.supplierCreationType ?? null },
          ctx,
        );
        await notify(tx, topics.supplier(supplier.id), { op: 'users', id: user.id });
        return { user, supplier };
      });
      return sendInvite(c.services, user, supplier, false);
    });
    return { success };
  },
});

/**
 * The finance system's record of a supplier (spec 2 §3.6, §7). Found: success with message 'OK';
 * not found or the finance system failing: success false with what happened, which the drawer
 * shows as its error state (a 200, so the shell's 'Error occurred from api.' banner stays for our own failures).
 */
export const fetchQuickBooksSupplierDetails = defineSlug({
  slug: 'quickBooks/fetchQuickBooksSupplierDetails',
  method: 'POST',
  effect: 'read',
  access: VIEW_SUPPLIER,
  input: fetchFinanceSupplierSchema,
  async handler(c): Promise<FinanceSupplierResponse> {
    try {
      const supplier = await c.services.finance.supplier(c.input.financeSupplierId);
      return supplier ? { success: true, message: FINANCE_FETCH_OK, supplier } : { success: false, message: FINANCE_NOT_FOUND, supplier: null };
    } catch (err) {
      if (!(err instanceof FinanceSystemError)) throw err;
      c.services.log.warn({ err }, 'finance system: supplier details failed');
      return { success: false, message: err.message, supplier: null };
    }
  },
});

/**
 * Retry of the mapping exception (spec 2 §4): asks the finance system for its record of the
 * supplier; when one is found its id is stored on the supplier (a versioned, audited change) and
 * the open exceptions of that type are resolved. Null when none is found or the finance system
 * fails: the console then says 'Unable to update the finance supplier ID.'. The finance system
 * is asked before the supplier is locked, so no lock waits on it.
 */
export const resolveQuickBooksSupplierException = defineSlug({
  slug: 'quickBooks/resolveQuickBooksSupplierException',
  method: 'POST',
  effect: 'write',
  access: EDIT_SUPPLIER,
  input: resolveFinanceExceptionSchema,
  async handler(c): Promise<ResolveFinanceExceptionResponse> {
    const found = await findSupplier(c.services.db, c.input.serviceUnitId, c.input.accountId);
    let financeSupplierId: string | null = null;
    try {
      financeSupplierId = await c.services.finance.resolveSupplier(found);
    } catch (err) {
      if (!(err instanceof FinanceSystemError)) throw err;
      c.services.log.warn({ err }, 'finance system: resolving a supplier failed');
    }
    if (!financeSupplierId) return { result: { financeSupplierId: null } };
    const ctx = mutationContext(c);
    await c.services.db.transaction(async (tx) => {
      const current = await findSupplier(tx, found.id, found.groupId, true);
      await updateVersioned(tx, supplierKind, current.id, Number(current.version), { financeSupplierId }, ctx, undefined, 'financeMapping');
      await tx
        .update(supplierExceptions)
        .set({ isResolved: true, resolvedAt: ctx.now })
        .where(and(eq(supplierExceptions.supplierId, current.id), eq(supplierExceptions.type, c.input.type), eq(supplierExceptions.isResolved, false)));
    });
    return { result: { financeSupplierId } };
  },
});

/** supplier/getSupplierUsersList (spec 2 §7): the supplier's users, deleted ones included, by name. */
export const getSupplierUsersList = defineSlug({
  slug: 'supplier/getSupplierUsersList',
  method: 'POST',
  effect: 'read',
  access: VIEW_SUPPLIER,
  input: supplierUsersListSchema,
  async handler(c): Promise<{ users: UserSummary[] }> {
    const db = c.services.db;
    const supplier = await findSupplier(db, c.input.serviceUnitId, c.input.accountId);
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.kind, 'supplier'), eq(users.supplierId, supplier.id)))
      .orderBy(sql`lower(${users.firstname})`, sql`lower(${users.lastname})`, sql`lower(${users.email})`, asc(users.seq));
    return { users: rows.map(userSummary) };
  },
});

const SUPPLIER_ID_EXISTS = 'Supplier ID already exists';

/** The next 'S100001'-style DI Supplier Id (never below S100001); the advisory lock serialises concurrent creates. */
async function nextSupplierId(tx: Tx): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('suppliers.supplier_id'))`);
  const [r] = await tx.select({ n: sql<number>`greatest(coalesce(max(substring(${suppliers.supplierId} from 2)::int) FILTER (WHERE ${suppliers.supplierId} ~ '^S[0-9]{1,9}$'), 0), 100000) + 1` }).from(suppliers);
  return `S${Number(r?.n ?? 100001)}`;
}

/**
 * Creates (no id) or edits a supplier (spec 2 §2.1, §4, §5.1). The form is checked with the
 * country's rules (an edit keeps the supplier's country), the group must exist and be of that
 * country, a new supplier is live with the default hours, an edit writes the edit-only parts too.
 * The postcode is placed by the geocoder before the transaction, so no lock waits on it (on create,
 * on a postcode change, and while the supplier is at 0/0); a failed lookup keeps the coordinates
 * (0/0 for a new supplier). 'Supplier ID already exists' on
 * the Supplier ID; an empty one on create gets the next DI Supplier Id.
 */
export const saveSupplierDetails = defineSlug({
  slug: 'admin/saveSupplierDetails',
  method: 'POST',
  effect: 'write',
  access: EDIT_SUPPLIER,
  input: saveSupplierSchema,
  async handler(c): Promise<SaveSupplierResponse> {
    const db = c.services.db;
    const form = c.input.supplierDetails as unknown as SupplierForm;
    const isNew = !form.id;
    let existing: Row | null = null;
    if (!isNew) {
      if (!isRecordId(form.id)) throw notFound('Supplier');
      [existing] = await db.select().from(suppliers).where(eq(suppliers.id, form.id!));
      if (!existing) throw notFound('Supplier');
      if (!Number.isInteger(form.version)) throw fieldError('version', 'version is required');
    }
    const locale = existing ? existing.locale : form.locale === 'en_IE' ? 'en_IE' : 'en_GB';
    const country = countryOfLocale(locale);
    const parsed = supplierFormSchema(country).safeParse(form);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
    }
    const labels = supplierFieldLabels(country);
    const [group] = isRecordId(c.input.accountId) ? await db.select().from(supplierGroups).where(eq(supplierGroups.id, c.input.accountId)) : [];
    if (!group || group.locale !== locale) throw fieldError('groupName', notValidMessage(labels.groupName));
    const columns = supplierColumns(parsed.data, isNew);
    // A new supplier, a new postcode, or one still at 0/0 (saved before it could be placed) is placed.
    const moved = isNew || columns.postCode !== existing!.postCode || !existing!.lat || !existing!.lng;
    const placed = moved && columns.postCode ? await c.services.geocoder.locate(columns.postCode, locale) : null;

    const ctx = mutationContext(c);
    const saved = await db.transaction(async (tx) => {
      const supplierId = columns.supplierId || (isNew ? await nextSupplierId(tx) : existing!.supplierId);
      const [taken] = await tx.select({ id: suppliers.id }).from(suppliers).where(and(eq(suppliers.supplierId, supplierId), existing ? ne(suppliers.id, existing.id) : undefined)).limit(1);
      if (taken) throw fieldError('supplierId', SUPPLIER_ID_EXISTS);
      const values = { ...columns, supplierId, groupId: group.id, ...(placed ? placed : {}) };
      if (isNew) return insertRecord(tx, supplierKind, { ...values, locale, unitStatus: 'live', lat: placed?.lat ?? 0, lng: placed?.lng ?? 0 }, ctx);
      return updateVersioned(tx, supplierKind, existing!.id, form.version!, values, ctx);
    });
    return { success: true, serviceUnitId: saved.id, version: Number(saved.version) };
  },
});

export const supplierSlugs = [
  saveSupplierDetails,
  getSupplierUsersList,
  getSupplierDetails,
  terminateSupplierUnit,
  saveEscalationInformation,
  createSupplierUserInvite,
  fetchQuickBooksSupplierDetails,
  resolveQuickBooksSupplierException,
];
