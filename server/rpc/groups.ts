/**
 * The group area's slugs (spec 2 §7): read, create and edit supplier groups, their users and
 * invitations, the paybill configuration and unlinking lease companies. Each change is versioned,
 * audited and notified on the group's topic through the record contract; the groups collection
 * reads the table itself, so the search sees a change in the same transaction.
 */
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { countryOfLocale } from '../../domain/country';
import { DIRECT_PAYBILL_RATE_CARD_TYPES } from '../../domain/customers/enums';
import {
  ALLOW_UNLINK_CUSTOMER_GUARD,
  createGroupUserInviteSchema,
  detailsAddress,
  detailsContact,
  EDIT_GROUP_GUARD,
  GROUP_FORM_MESSAGES,
  groupAccountSchema,
  groupColumns,
  groupFormSchema,
  groupIdEditable,
  LEASE_LOOKUP_LIMIT,
  rateCardTypesSchema,
  saveGroupSchema,
  unlinkLeaseCompanySchema,
  updateDirectPaybillSchema,
  type GroupDetails,
  type GroupForm,
  type GroupLeaseCompany,
  type SaveGroupResponse,
} from '../../domain/groups';
import { isRecordId } from '../../domain/common';
import type { InviteSentResponse, UserSummary } from '../../domain/invites';
import { noInputSchema } from '../../domain/lists';
import { topics } from '../../domain/live';
import type { Tx } from '../db/client';
import { documents, leaseCompanies, leaseGroupLinks, supplierGroups, users } from '../db/schema';
import { notify } from '../live/notify';
import { writeAudit } from './audit';
import { ApiError, fieldError, fieldErrors, isUniqueViolation, notFound } from './errors';
import { adminName, insertInvitedUser, inviteAnswer, sendInvite, userSummary } from './invites';
import { defineRecordKind, insertRecord, mutationContext, updateVersioned, type MutationContext } from './records';
import { defineMutation, defineSlug } from './registry';

type Row = typeof supplierGroups.$inferSelect;

const VIEW_GROUP = { permission: 'group', action: 'view' } as const;

export const groupKind = defineRecordKind({
  table: supplierGroups,
  type: 'group',
  label: 'Group',
  topics: (row) => [topics.group(row.id)],
  // A 409 shows the details record the page reads, so the conflict dialog compares like with like.
  present: (tx, row) => groupDetails(tx, row),
});

/** A link's change shows on the group's page and on the customer's. */
const linkKind = defineRecordKind({
  table: leaseGroupLinks,
  type: 'leaseGroupLink',
  label: 'Linked customer',
  topics: (row) => [topics.group(row.groupId), topics.leaseCompany(row.leaseCompanyId)],
});

/** Group users in audit_log; the live notice is sent by hand, with `op: 'users'`. */
const groupUserKind = defineRecordKind({ table: users, type: 'groupUser', label: 'User', topics: () => [] });

/** The group's ACTIVE links to ACTIVE lease companies, by name: the linked-customer drawer and the paybill lists read them. */
function activeLinks(tx: Tx, groupId: string, narrower?: SQL) {
  return tx
    .select({
      leaseId: leaseCompanies.id,
      leaseAccountId: leaseGroupLinks.id,
      name: leaseCompanies.name,
      diCustomerId: leaseCompanies.diCustomerId,
      rateCardType: leaseCompanies.rateCardType,
      directPaybill: leaseGroupLinks.directPaybill,
      serviceGroupName: leaseGroupLinks.serviceGroupName,
      status: leaseGroupLinks.status,
      agreementId: leaseGroupLinks.agreementId,
      agreementStatus: leaseGroupLinks.agreementStatus,
    })
    .from(leaseGroupLinks)
    .innerJoin(leaseCompanies, eq(leaseCompanies.id, leaseGroupLinks.leaseCompanyId))
    .where(and(eq(leaseGroupLinks.groupId, groupId), eq(leaseGroupLinks.status, 'ACTIVE'), eq(leaseCompanies.status, 'ACTIVE'), narrower))
    .orderBy(sql`lower(${leaseCompanies.name})`, asc(leaseCompanies.id));
}

/** The details record of spec 2 §3.4 for a row. */
export async function groupDetails(tx: Tx, row: Row): Promise<GroupDetails> {
  // Sequential: PGlite serves one query at a time, and a transaction's queries share its connection anyway.
  const links = await activeLinks(tx, row.id).limit(LEASE_LOOKUP_LIMIT + 1);
  const [docs] = await tx.select({ n: count() }).from(documents).where(eq(documents.groupId, row.id));
  const createdBy = await adminName(tx, row.createdBy);
  const modifiedBy = await adminName(tx, row.modifiedBy);
  return {
    id: row.id,
    accountId: row.id,
    version: Number(row.version),
    groupId: row.groupId,
    name: row.name,
    companyRegistrationNumber: row.companyRegistrationNumber,
    vatRegistrationNumber: row.vatRegistrationNumber,
    visnAccountNumber: row.visnAccountNumber,
    enforceMfa: row.enforceMfa,
    blocked: row.blocked,
    supplierCreationType: row.supplierCreationType,
    locale: row.locale,
    belongsToDINetwork: row.belongsToDiNetwork,
    lastUpdated: row.modifiedAt.toISOString(),
    address: detailsAddress({ number: row.addressNumber ?? '', address1: row.address1 ?? '', address2: row.address2, address3: row.address3 ?? '', county: row.county, postCode: row.postCode ?? '' })!,
    billingAddress: detailsAddress(row.billingAddress),
    payingAddress: detailsAddress(row.payingAddress),
    contact: detailsContact(row.contact),
    billingContact: detailsContact(row.billingContact),
    payingContact: detailsContact(row.payingContact),
    isBillingAddressSameAsAddress: row.isBillingAddressSameAsAddress,
    isPayingAddressSameAsBillingAddress: row.isPayingAddressSameAsBillingAddress,
    isBillingContactSameAsContact: row.isBillingContactSameAsContact,
    isPayingContactSameAsBillingContact: row.isPayingContactSameAsBillingContact,
    useHeadOfficeNameAndAddress: row.useHeadOfficeNameAndAddress,
    useDirectPaybillName: row.useDirectPaybillName,
    status: { label: 'Live', status: 'live' },
    platformFees: row.platformFees ? { ...row.platformFees, paymentMethod: row.platformFees.paymentMethod ?? null } : null,
    creditLimit: {
      agreedCreditLimit: row.agreedCreditLimit,
      updatedBy: row.creditLimitUpdatedAt ? { lastUpdated: row.creditLimitUpdatedAt.toISOString(), username: row.creditLimitUpdatedBy ?? '' } : null,
    },
    config: row.config,
    exportConfig: row.exportConfig,
    linkedLeaseAccounts: links.slice(0, LEASE_LOOKUP_LIMIT),
    moreLinkedLeaseAccounts: links.length > LEASE_LOOKUP_LIMIT,
    documentCount: Number(docs?.n ?? 0),
    log: { createdTimestamp: row.createdAt.toISOString(), createdByUser: createdBy, modifiedTimestamp: row.modifiedAt.toISOString(), modifiedByUser: modifiedBy },
  };
}

/** Group `accountId`; 404 when there is none. */
async function findGroup(tx: Tx, accountId: string, lock: 'share' | 'update' | null = null): Promise<Row> {
  if (!isRecordId(accountId)) throw notFound('Group');
  const q = tx.select().from(supplierGroups).where(eq(supplierGroups.id, accountId));
  const [row] = lock ? await q.for(lock) : await q;
  if (!row) throw notFound('Group');
  return row;
}

export const getGroupDetails = defineSlug({
  slug: 'admin/getGroupDetails',
  method: 'POST',
  effect: 'read',
  access: VIEW_GROUP,
  input: groupAccountSchema,
  async handler(c): Promise<{ group: GroupDetails }> {
    const db = c.services.db;
    return { group: await groupDetails(db, await findGroup(db, c.input.accountId)) };
  },
});

/** Every DI Group Id, for the form's 'Group Id already exists' as the user types (spec 2 §5.3, §7). */
export const getSupplierGroupIds = defineSlug({
  slug: 'admin/getSupplierGroupIds',
  method: 'GET',
  effect: 'read',
  access: VIEW_GROUP,
  input: noInputSchema,
  async handler(c): Promise<{ ids: string[] }> {
    const rows = await c.services.db.select({ groupId: supplierGroups.groupId }).from(supplierGroups).orderBy(asc(supplierGroups.groupId));
    return { ids: rows.map((r) => r.groupId) };
  },
});

/**
 * Creates (no id) or edits a group (spec 2 §2.2, §4, §5.3): the country's rules (an edit keeps
 * the group's country), status always live, the "same as" chains resolved, the Group ID kept on
 * edit unless the saved one is empty. 'Group Id already exists' (case-insensitive) under an
 * advisory lock, with the unique index as the last word. A changed agreed credit limit records
 * who changed it and when. A rename reaches the links' service group name in the same
 * transaction; suppliers' cards read the group's name from the group itself.
 */
export const saveSupplierGroupDetails = defineSlug({
  slug: 'admin/saveSupplierGroupDetails',
  method: 'POST',
  effect: 'write',
  access: EDIT_GROUP_GUARD,
  input: saveGroupSchema,
  async handler(c): Promise<SaveGroupResponse> {
    const db = c.services.db;
    const form = c.input.groupDetails as unknown as GroupForm;
    const isNew = form.id === undefined || form.id === null || form.id === '';
    let existing: Row | null = null;
    if (!isNew) {
      existing = await findGroup(db, String(form.id));
      if (!Number.isInteger(form.version)) throw fieldError('version', 'version is required');
    }
    const locale = existing ? existing.locale : form.locale === 'en_IE' ? 'en_IE' : 'en_GB';
    const withId = existing && !groupIdEditable(false, existing.groupId) ? { ...form, groupId: existing.groupId } : form;
    const parsed = groupFormSchema(countryOfLocale(locale)).safeParse(withId);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
    }
    const columns = groupColumns(parsed.data);
    const ctx = mutationContext(c);
    try {
      const saved = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('supplier_groups.group_id'))`);
        const [taken] = await tx
          .select({ id: supplierGroups.id })
          .from(supplierGroups)
          .where(and(sql`lower(${supplierGroups.groupId}) = lower(${columns.groupId})`, existing ? ne(supplierGroups.id, existing.id) : undefined))
          .limit(1);
        if (taken) throw fieldError('groupId', GROUP_FORM_MESSAGES.groupIdExists);
        const creditChanged = isNew ? columns.agreedCreditLimit !== null : columns.agreedCreditLimit !== existing!.agreedCreditLimit;
        const credit = creditChanged ? { creditLimitUpdatedAt: ctx.now, creditLimitUpdatedBy: await adminName(tx, ctx.adminId) } : {};
        if (isNew) return groupDetails(tx, await insertRecord(tx, groupKind, { ...columns, ...credit, locale, supplierCreationType: 'ADMIN' }, ctx));
        const row = await updateVersioned(tx, groupKind, existing!.id, form.version!, { ...columns, ...credit }, ctx);
        if (row.name !== existing!.name) {
          await tx.update(leaseGroupLinks).set({ serviceGroupName: row.name }).where(eq(leaseGroupLinks.groupId, row.id));
        }
        return groupDetails(tx, row);
      });
      return { success: true, accountId: saved.id, version: saved.version, group: saved };
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('groupId', GROUP_FORM_MESSAGES.groupIdExists);
      throw err;
    }
  },
});

/** admin/getGroupUserList (spec 2 §7): the group's users, deleted ones included, by name. */
export const getGroupUserList = defineSlug({
  slug: 'admin/getGroupUserList',
  method: 'POST',
  effect: 'read',
  access: VIEW_GROUP,
  input: groupAccountSchema,
  async handler(c): Promise<{ users: UserSummary[] }> {
    const db = c.services.db;
    const group = await findGroup(db, c.input.accountId);
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.kind, 'group'), eq(users.groupId, group.id)))
      .orderBy(sql`lower(${users.firstname})`, sql`lower(${users.lastname})`, sql`lower(${users.email})`, asc(users.seq));
    return { users: rows.map(userSummary) };
  },
});

/**
 * Invites a user to a group (spec 2 §2.2, §7): `emailExists` when any live user has the address;
 * the invitation e-mail goes out once the user is committed.
 */
export const createGroupUserInvite = defineSlug({
  slug: 'admin/createGroupUserInvite',
  method: 'POST',
  effect: 'write',
  access: EDIT_GROUP_GUARD,
  input: createGroupUserInviteSchema,
  handler: (c): Promise<Required<InviteSentResponse>> =>
    inviteAnswer(async () => {
      const ctx = mutationContext(c);
      const { user, group } = await c.services.db.transaction(async (tx) => {
        const group = await findGroup(tx, c.input.accountId, 'share');
        const user = await insertInvitedUser(
          tx,
          groupUserKind,
          { firstname: c.input.firstname, lastname: c.input.lastname, email: c.input.email, isAdmin: c.input.isAdmin },
          { kind: 'group', groupId: group.id, supplierCreationType: group.supplierCreationType },
          ctx,
        );
        await notify(tx, topics.group(group.id), { op: 'users', id: user.id });
        return { user, group };
      });
      return sendInvite(c.services, user, group, false);
    }),
});

const leaseCompany = (r: { leaseId: string; name: string; diCustomerId: string; rateCardType: GroupLeaseCompany['rateCardType'] }): GroupLeaseCompany => ({
  id: r.leaseId,
  name: r.name,
  diCustomerId: r.diCustomerId,
  rateCardType: r.rateCardType,
});

/** admin/listDirectPaybillCustomersForGroup (spec 2 §7): the 'Direct' side of the paybill configuration. */
export const listDirectPaybillCustomersForGroup = defineSlug({
  slug: 'admin/listDirectPaybillCustomersForGroup',
  method: 'POST',
  effect: 'read',
  access: VIEW_GROUP,
  input: groupAccountSchema,
  async handler(c): Promise<{ leaseCompanies: GroupLeaseCompany[] }> {
    const db = c.services.db;
    const group = await findGroup(db, c.input.accountId);
    const rows = await activeLinks(db, group.id, eq(leaseGroupLinks.directPaybill, true)).limit(LEASE_LOOKUP_LIMIT);
    return { leaseCompanies: rows.map(leaseCompany) };
  },
});

/**
 * admin/listLeaseCompaniesBasedOnRateCardTypes (spec 2 §7): ACTIVE lease companies of the given
 * rate card types, by name, at most 250 (§9). With `accountId` (ours) only those linked to that
 * group: the paybill configuration moves a group's own linked customers between its two lists.
 */
export const listLeaseCompaniesBasedOnRateCardTypes = defineSlug({
  slug: 'admin/listLeaseCompaniesBasedOnRateCardTypes',
  method: 'POST',
  effect: 'read',
  access: VIEW_GROUP,
  input: rateCardTypesSchema,
  async handler(c): Promise<{ leaseCompanies: GroupLeaseCompany[] }> {
    const db = c.services.db;
    const { rateCardTypes, accountId } = c.input;
    if (accountId) {
      const group = await findGroup(db, accountId);
      const rows = await activeLinks(db, group.id, inArray(leaseCompanies.rateCardType, rateCardTypes)).limit(LEASE_LOOKUP_LIMIT);
      return { leaseCompanies: rows.map(leaseCompany) };
    }
    const rows = await db
      .select({ leaseId: leaseCompanies.id, name: leaseCompanies.name, diCustomerId: leaseCompanies.diCustomerId, rateCardType: leaseCompanies.rateCardType })
      .from(leaseCompanies)
      .where(and(eq(leaseCompanies.status, 'ACTIVE'), inArray(leaseCompanies.rateCardType, rateCardTypes)))
      .orderBy(sql`lower(${leaseCompanies.name})`, asc(leaseCompanies.id))
      .limit(LEASE_LOOKUP_LIMIT);
    return { leaseCompanies: rows.map(leaseCompany) };
  },
});

/** Ours: the spec does not word the refusal of a lease company the paybill configuration cannot hold. */
export const PAYBILL_NOT_ELIGIBLE = 'Only lease companies linked to this group with a direct paybill rate card can be Direct';

/**
 * admin/updateDirectPaybillCustomersListForGroup (spec 2 §7): the whole 'Direct' list of the
 * group. Each id must be an ACTIVE link of the group to an ACTIVE lease company of a direct-paybill
 * rate card type; the others of the group's links go back to 'ViSN (Default)'. The group row is
 * locked so two saves apply one after the other; audited as 'groupPaybill'.
 */
export const updateDirectPaybillCustomersListForGroup = defineMutation({
  slug: 'admin/updateDirectPaybillCustomersListForGroup',
  access: EDIT_GROUP_GUARD,
  input: updateDirectPaybillSchema,
  async handler(c): Promise<{ success: true; directCustomerIds: string[] }> {
    const { tx, mutation: ctx } = c;
    const group = await findGroup(tx, c.input.groupId, 'update');
    const wanted = [...new Set(c.input.directCustomerIds)];
    const links = await activeLinks(tx, group.id);
    const eligible = new Set(links.filter((l) => DIRECT_PAYBILL_RATE_CARD_TYPES.includes(l.rateCardType)).map((l) => l.leaseId));
    if (wanted.some((id) => !eligible.has(id))) throw fieldError('directCustomerIds', PAYBILL_NOT_ELIGIBLE);
    const before = links.filter((l) => l.directPaybill).map((l) => l.leaseId).sort();
    await tx
      .update(leaseGroupLinks)
      .set({ directPaybill: wanted.length ? inArray(leaseGroupLinks.leaseCompanyId, wanted) : sql`false`, modifiedAt: ctx.now, modifiedBy: ctx.adminId })
      .where(and(eq(leaseGroupLinks.groupId, group.id), eq(leaseGroupLinks.status, 'ACTIVE')));
    const after = [...wanted].sort();
    await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'groupPaybill', recordId: group.id, before: { directCustomerIds: before }, after: { directCustomerIds: after }, at: ctx.now });
    await notify(tx, topics.group(group.id), { op: 'paybill', id: group.id });
    return { success: true, directCustomerIds: after };
  },
});

/** Ours: unlinking a link that is no longer ACTIVE. */
export const ALREADY_UNLINKED = 'This customer is no longer linked to the group.';

/**
 * supplier/unlinkLeaseCompanyFromGroup (spec 2 §4, §7): the link becomes TERMINATED (and leaves
 * the paybill configuration); versioned, audited and notified on the group's and the customer's topics.
 */
export const unlinkLeaseCompanyFromGroup = defineMutation({
  slug: 'supplier/unlinkLeaseCompanyFromGroup',
  access: ALLOW_UNLINK_CUSTOMER_GUARD,
  input: unlinkLeaseCompanySchema,
  async handler(c): Promise<{ success: true }> {
    const { tx, mutation: ctx } = c;
    const { leaseAccountId, leaseId, accountId } = c.input;
    // Ids the uuid columns cannot hold name no link (and must not reach SQL as one: 500).
    if (![leaseAccountId, leaseId, accountId].every(isRecordId)) throw notFound('Linked customer');
    const [link] = await tx
      .select()
      .from(leaseGroupLinks)
      .where(and(eq(leaseGroupLinks.id, leaseAccountId), eq(leaseGroupLinks.groupId, accountId), eq(leaseGroupLinks.leaseCompanyId, leaseId)));
    if (!link) throw notFound('Linked customer');
    await terminateLink(tx, link.id, Number(link.version), ctx);
    return { success: true };
  },
});

/**
 * Unlinks a lease company from a group at `version`: the link becomes TERMINATED and leaves the
 * paybill configuration; refused once it is no longer ACTIVE. The group area's unlink and the
 * support dashboard's Unlink Group both go through here.
 */
export async function terminateLink(tx: Tx, linkId: string, version: number, ctx: MutationContext): Promise<void> {
  await updateVersioned(tx, linkKind, linkId, version, { status: 'TERMINATED', terminatedAt: ctx.now, directPaybill: false }, ctx, (current) =>
    current.status === 'ACTIVE' ? null : { code: 'INVALID_STATUS', message: ALREADY_UNLINKED },
  );
}

export const groupSlugs = [
  getGroupDetails,
  getSupplierGroupIds,
  saveSupplierGroupDetails,
  getGroupUserList,
  createGroupUserInvite,
  listDirectPaybillCustomersForGroup,
  listLeaseCompaniesBasedOnRateCardTypes,
  updateDirectPaybillCustomersListForGroup,
  unlinkLeaseCompanyFromGroup,
];
