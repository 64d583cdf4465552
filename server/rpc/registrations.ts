/**
 * The e-registration queue's slugs (spec 2 §2.3, §4, §7): read a registration, reject it with a
 * reason (the applicant is told by e-mail), or approve it into a live supplier, all or nothing.
 * A registration moves only from NEW; a second decision is refused and changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import {
  approvalAsSupplierForm,
  approvalFormSchema,
  approvalGroupColumns,
  approvedPayload,
  approveSupplierSchema,
  REGISTRATION_MESSAGES,
  registrationDetailsSchema,
  registrationLocale,
  rejectSupplierSchema,
  type ApprovalForm,
  type ApprovedSupplier,
  type ApproveSupplierResponse,
  type RegistrationDetails,
} from '../../domain/registrations';
import { normalizePostcode } from '../../domain/formats';
import { supplierColumns } from '../../domain/suppliers';
import { isRecordId } from '../../domain/common';
import type { Tx } from '../db/client';
import { eRegistrations, supplierGroups, suppliers } from '../db/schema';
import type { Services } from '../services';
import { registrationApprovedMail, registrationRejectedMail } from '../mail/templates';
import { ApiError, fieldError, fieldErrors, isUniqueViolation, notFound } from './errors';
import { groupKind } from './groups';
import { defineRecordKind, insertRecord, lockAtVersion, mutationContext, updateVersioned } from './records';
import { defineSlug } from './registry';
import { supplierKind } from './suppliers';

type Row = typeof eRegistrations.$inferSelect;

const VIEW = { permission: 'eRegistration', action: 'view' } as const;
const DECIDE = { permission: 'eRegistration', action: 'edit' } as const;

/** Registrations have no live topic of their own: the search (and the dashboard's counts) read the table. */
export const registrationKind = defineRecordKind({ table: eRegistrations, type: 'eRegistration', label: 'Registration', topics: () => [], present: (_tx, row) => Promise.resolve(registrationDetails(row)) });

/** The details record of spec 2 §3.7 for a row. */
export function registrationDetails(row: Row): RegistrationDetails {
  const address = { number: row.addressNumber, address1: row.address1, address2: row.address2, address3: row.address3, county: row.county, postcode: row.postCode, lat: row.lat, lng: row.lng };
  const billing = row.billingDetails;
  return {
    id: row.id,
    inviteId: row.id,
    version: Number(row.version),
    status: row.status,
    email: row.email,
    services: row.services,
    companyDetails: { name: row.companyName, regNumber: row.regNumber, VATNumber: row.vatNumber, address, contactDetails: row.company.contactDetails, openingHours: row.company.openingHours },
    billingDetails: {
      address: billing?.address
        ? {
            number: billing.address.number,
            address1: billing.address.address1,
            address2: billing.address.address2 ?? null,
            address3: billing.address.address3,
            county: billing.address.county ?? null,
            postcode: billing.address.postCode,
            lat: null,
            lng: null,
            isSameHeadOfficeAddress: billing.address.isSameHeadOfficeAddress,
          }
        : null,
      contactDetails: billing?.contactDetails ?? null,
    },
    lastUpdated: row.modifiedAt.toISOString(),
    reasonForRejection: row.reasonForRejection,
    approvedSupplier: row.approvedSupplierId ? { serviceUnitId: row.approvedSupplierId, accountObjectId: '' } : null,
    approval: (row.approval as ApprovedSupplier | null) ?? null,
  };
}

async function findRegistration(tx: Tx, inviteId: string): Promise<Row> {
  // An id the uuid column cannot hold names no registration (and must not reach SQL as one).
  if (!isRecordId(inviteId)) throw notFound('Registration');
  const [row] = await tx.select().from(eRegistrations).where(eq(eRegistrations.id, inviteId));
  if (!row) throw notFound('Registration');
  return row;
}

/** Only a NEW registration may be decided (spec 2 §4); anything else answers 409 INVALID_STATUS. */
const stillNew = (row: Row) => (row.status === 'NEW' ? null : { code: 'INVALID_STATUS', message: REGISTRATION_MESSAGES.alreadyDecided(row.status) });

export const getERegistrationDetails = defineSlug({
  slug: 'eOnBoarding/getERegistrationDetails',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: registrationDetailsSchema,
  async handler(c): Promise<{ data: RegistrationDetails }> {
    const row = await findRegistration(c.services.db, c.input.inviteId);
    const details = registrationDetails(row);
    if (row.approvedSupplierId) {
      const [s] = await c.services.db.select({ groupId: suppliers.groupId }).from(suppliers).where(eq(suppliers.id, row.approvedSupplierId));
      details.approvedSupplier = { serviceUnitId: row.approvedSupplierId, accountObjectId: s?.groupId ?? '' };
    }
    return { data: details };
  },
});

/** Queues an e-mail after the commit; a mail failure never undoes the decision (the outbox keeps it). */
async function tell(services: Services, message: Parameters<Services['mailer']['send']>[0]): Promise<void> {
  try {
    await services.mailer.send(message);
  } catch (err) {
    services.log.warn({ err }, 'e-registration: the applicant e-mail could not be queued');
  }
}

/** eOnBoarding/rejectSupplier: NEW to REJECTED with the reason; the applicant is told why. */
export const rejectSupplier = defineSlug({
  slug: 'eOnBoarding/rejectSupplier',
  method: 'POST',
  effect: 'write',
  access: DECIDE,
  input: rejectSupplierSchema,
  async handler(c): Promise<{ success: true }> {
    const ctx = mutationContext(c);
    const reason = c.input.rejectData.reasonForRejection;
    const row = await c.services.db.transaction(async (tx) => {
      await findRegistration(tx, c.input.inviteId);
      return updateVersioned(tx, registrationKind, c.input.inviteId, c.input.version, { status: 'REJECTED', reasonForRejection: reason, rejectedAt: ctx.now }, ctx, stillNew, 'reject');
    });
    await tell(c.services, registrationRejectedMail({ email: row.email, company: row.companyName }, reason));
    return { success: true };
  },
});

/** The next 'G10001'-style DI Group Id for a group made by approval; the advisory lock is the group save's. */
async function nextGroupId(tx: Tx): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('supplier_groups.group_id'))`);
  const [r] = await tx.select({ n: sql<number>`greatest(coalesce(max(substring(${supplierGroups.groupId} from 2)::int) FILTER (WHERE ${supplierGroups.groupId} ~ '^G[0-9]{1,9}$'), 0), 10000) + 1` }).from(supplierGroups);
  return `G${Number(r?.n ?? 10001)}`;
}

/**
 * eOnBoarding/approveSupplier (spec 2 §4): in one transaction the registration becomes APPROVED
 * and the supplier is created live (mandatory tyre readings on) in a group of its own made from
 * the company and billing details; both search collections read these tables, so they see it at
 * commit. The registration row is locked first, so a second approval waits, then finds it
 * APPROVED and is refused. 'Supplier ID already exists' on the Supplier Id. The applicant gets a
 * welcome e-mail once it is committed. A postcode changed in the review, or one the registration
 * has no place for, is placed by the geocoder (0/0, the 'Invalid Postcode' badge, when it cannot be).
 */
export const approveSupplier = defineSlug({
  slug: 'eOnBoarding/approveSupplier',
  method: 'POST',
  effect: 'write',
  access: DECIDE,
  input: approveSupplierSchema,
  async handler(c): Promise<ApproveSupplierResponse> {
    const ctx = mutationContext(c);
    const db = c.services.db;
    const found = await findRegistration(db, c.input.inviteId);
    const locale = registrationLocale(found.postCode);
    const parsed = approvalFormSchema(locale).safeParse(c.input.supplierData);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? REGISTRATION_MESSAGES.approveFailed, fields);
    }
    const form = parsed.data as ApprovalForm;
    // An address corrected during the review, or one the registration could not place, is placed
    // (before the transaction: no lock waits on the geocoder).
    const postCode = normalizePostcode(form.address.postCode).toUpperCase();
    const moved = postCode !== normalizePostcode(found.postCode ?? '').toUpperCase();
    const unplaced = !found.lat || !found.lng;
    const placed = moved || unplaced ? await c.services.geocoder.locate(postCode, locale) : null;
    try {
      const done = await db.transaction(async (tx) => {
        const row = await lockAtVersion(tx, registrationKind, found.id, c.input.version, ctx);
        const refusal = stillNew(row);
        if (refusal) throw new ApiError(409, refusal.code, refusal.message, undefined, { current: registrationDetails(row) });
        const columns = supplierColumns(approvalAsSupplierForm(form, locale), false);
        const [taken] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.supplierId, columns.supplierId)).limit(1);
        if (taken) throw fieldError('supplierId', REGISTRATION_MESSAGES.supplierIdExists);
        const group = await insertRecord(tx, groupKind, { ...approvalGroupColumns(form), groupId: await nextGroupId(tx), locale }, ctx);
        const supplier = await insertRecord(
          tx,
          supplierKind,
          {
            ...columns,
            groupId: group.id,
            locale,
            unitStatus: 'live',
            supplierType: form.franchise ? 'Franchise' : 'Independent',
            manufacturers: form.franchise ? form.manufacturers : [],
            mandatoryTyreReadings: true,
            lat: placed?.lat ?? (moved ? 0 : (row.lat ?? 0)),
            lng: placed?.lng ?? (moved ? 0 : (row.lng ?? 0)),
          },
          ctx,
        );
        const approval = approvedPayload(form);
        await updateVersioned(tx, registrationKind, row.id, Number(row.version), { status: 'APPROVED', approvedAt: ctx.now, approvedSupplierId: supplier.id, approval }, ctx, stillNew, 'approve');
        return { supplier, group, row };
      });
      await tell(c.services, registrationApprovedMail({ email: done.row.email, company: done.supplier.name }, done.supplier.supplierId));
      return { success: true, serviceUnitId: done.supplier.id, accountObjectId: done.group.id };
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('supplierId', REGISTRATION_MESSAGES.supplierIdExists);
      throw err;
    }
  },
});

export const registrationSlugs = [getERegistrationDetails, rejectSupplier, approveSupplier];
