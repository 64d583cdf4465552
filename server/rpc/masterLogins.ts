/**
 * Master logins (spec 3 §2.3, §7): the master users of a tab, a page at a time, and moving one to
 * another lease company or supplier group.
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  MASTER_LOGIN_LABELS,
  MASTER_LOGIN_MESSAGES,
  masterUsersSchema,
  masterUserTypeOf,
  updateUserDetailsSchema,
  type MasterUser,
  type MasterUsersCursor,
  type MasterUsersResponse,
  type MasterUserType,
} from '../../domain/masterLogins';
import { isRecordId } from '../../domain/common';
import { notValidMessage, requiredMessage } from '../../domain/messages';
import { topics } from '../../domain/live';
import type { UserKind } from '../../domain/support';
import { leaseCompanies, supplierGroups, users } from '../db/schema';
import type { Tx } from '../db/client';
import { notify } from '../live/notify';
import { ApiError, fieldError } from './errors';
import { defineRecordKind, updateVersioned, type RecordKind } from './records';
import { defineMutation, defineSlug } from './registry';

const VIEW = { permission: 'masterLogins', action: 'view' } as const;
const EDIT = { permission: 'masterLogins', action: 'edit' } as const;

/** The kinds of user each tab lists: lease company users; garage users (a group's or a supplier's). */
const KINDS: Readonly<Record<MasterUserType, UserKind[]>> = { CUSTOMER: ['lease'], SUPPLIER: ['group', 'supplier'] };

/** Audited as the other areas audit the same users, so one user's history reads as one. */
const presentKind = (type: string) =>
  defineRecordKind({
    table: users,
    type,
    label: 'User',
    topics: () => [],
    // A 409 shows the row as the list has it, so the console can say what changed.
    present: async (tx, row) => (await masterUser(tx, row.id)) ?? row,
  });
const USER_KINDS: Readonly<Record<UserKind, RecordKind<typeof users>>> = {
  lease: presentKind('leaseUser'),
  group: presentKind('groupUser'),
  supplier: presentKind('supplierUser'),
};

const userNotFound = () => new ApiError(404, 'RECORD_NOT_FOUND', MASTER_LOGIN_MESSAGES.userNotFound);

const listColumns = {
  id: users.id,
  version: users.version,
  kind: users.kind,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  leaseCompanyId: users.leaseCompanyId,
  groupId: users.groupId,
  leaseName: leaseCompanies.name,
  diCustomerId: leaseCompanies.diCustomerId,
  groupName: supplierGroups.name,
  diGroupId: supplierGroups.groupId,
};

const isMasterLogin = and(eq(users.masterLogin, true), ne(users.status, 'DELETED'));

function listed(db: Tx, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(users)
    .leftJoin(leaseCompanies, eq(leaseCompanies.id, users.leaseCompanyId))
    .leftJoin(supplierGroups, eq(supplierGroups.id, users.groupId))
    .where(and(isMasterLogin, where));
}

type ListedRow = Awaited<ReturnType<typeof listed>>[number];

function masterUserOf(r: ListedRow): MasterUser {
  const base = { id: r.id, firstname: r.firstname, lastname: r.lastname, contact: { email: r.email }, version: Number(r.version) };
  return masterUserTypeOf(r.kind) === 'CUSTOMER'
    ? { ...base, company: r.leaseName, companyId: r.leaseCompanyId, diCustomerId: r.diCustomerId }
    : { ...base, company: r.groupName, accountObjectID: r.groupId, diGroupId: r.diGroupId };
}

/** One master login as the list shows it, or null. */
async function masterUser(db: Tx, id: string): Promise<MasterUser | null> {
  const [row] = await listed(db, eq(users.id, id));
  return row ? masterUserOf(row) : null;
}

/**
 * The master logins of a tab by last name, first name and id; `after` is the last row of the page
 * before (keyset), so a page never repeats or skips a row while others are added or moved. Served
 * by the partial index users_master_login_idx.
 */
export const getMasterUsers = defineSlug({
  slug: 'admin/getMasterUsers',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: masterUsersSchema,
  async handler({ services, input }): Promise<MasterUsersResponse> {
    const { type, after, pageSize } = input;
    const rows = await listed(
      services.db,
      and(
        inArray(users.kind, KINDS[type]),
        after ? sql`(${users.lastname}, ${users.firstname}, ${users.id}) > (${after.lastname}::text, ${after.firstname}::text, ${after.id}::uuid)` : undefined,
      ),
    )
      .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
      .limit(pageSize + 1);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    const next: MasterUsersCursor | null = rows.length > pageSize && last ? { lastname: last.lastname, firstname: last.firstname, id: last.id } : null;
    return { success: true, users: page.map(masterUserOf), next };
  },
});

/** The lease company a login may move to: ACTIVE; locked so it cannot be terminated meanwhile. */
async function activeLeaseCompany(tx: Tx, id: string): Promise<{ id: string } | null> {
  const [row] = await tx.select({ id: leaseCompanies.id, status: leaseCompanies.status }).from(leaseCompanies).where(eq(leaseCompanies.id, id)).for('share');
  return row?.status === 'ACTIVE' ? row : null;
}

/** The supplier group a login may move to: live (a group's only status, spec 2 §8). */
async function liveGroup(tx: Tx, id: string): Promise<{ id: string } | null> {
  const [row] = await tx.select({ id: supplierGroups.id, status: supplierGroups.status }).from(supplierGroups).where(eq(supplierGroups.id, id)).for('share');
  return row?.status === 'live' ? row : null;
}

/**
 * Moves a master login to the lease company (lease users) or the supplier group (garage users) of
 * userDetails, at the version the list showed (409 with the row as it is now otherwise). The
 * company must be ACTIVE, the group live; the name shown afterwards is the database's. Audited,
 * and the users lists of the companies it left and joined are told.
 */
export const updateUserDetails = defineMutation({
  slug: 'admin/updateUserDetails',
  access: EDIT,
  input: updateUserDetailsSchema,
  async handler({ tx, mutation, input }): Promise<{ success: true }> {
    const { userId, version, userDetails } = input;
    if (!isRecordId(userId)) throw userNotFound();
    const [user] = await tx.select().from(users).where(and(eq(users.id, userId), isMasterLogin)).for('update');
    if (!user) throw userNotFound();
    const type = masterUserTypeOf(user.kind);
    const [field, other] = type === 'CUSTOMER' ? (['companyId', 'accountObjectID'] as const) : (['accountObjectID', 'companyId'] as const);
    if (userDetails[other] !== undefined) throw fieldError(`userDetails.${other}`, MASTER_LOGIN_MESSAGES.wrongKind[type]);
    const label = MASTER_LOGIN_LABELS.companyField[type];
    const targetId = userDetails[field];
    if (!targetId) throw fieldError(`userDetails.${field}`, requiredMessage(label));

    let patch: Partial<typeof users.$inferInsert>;
    if (type === 'CUSTOMER') {
      const company = await activeLeaseCompany(tx, targetId);
      if (!company) throw fieldError(`userDetails.${field}`, notValidMessage(label));
      patch = { leaseCompanyId: company.id };
    } else {
      const group = await liveGroup(tx, targetId);
      if (!group) throw fieldError(`userDetails.${field}`, notValidMessage(label));
      // A supplier user belongs to one garage of its group. In another group that garage is not
      // its own, so it becomes a login of the whole group: no supplier, kind group.
      const leavesSupplier = user.supplierId !== null && group.id !== user.groupId;
      patch = { groupId: group.id, ...(leavesSupplier ? { supplierId: null, kind: 'group' as const } : {}) };
    }
    const after = await updateVersioned(tx, USER_KINDS[user.kind], user.id, version, patch, mutation);

    // Open users lists of the companies (or garage) the login left and joined refetch.
    const changed = new Set<string>();
    if (user.leaseCompanyId) changed.add(topics.leaseCompany(user.leaseCompanyId));
    if (after.leaseCompanyId) changed.add(topics.leaseCompany(after.leaseCompanyId));
    if (type === 'SUPPLIER') {
      if (user.groupId) changed.add(topics.group(user.groupId));
      if (after.groupId) changed.add(topics.group(after.groupId));
      if (user.supplierId) changed.add(topics.supplier(user.supplierId));
    }
    for (const topic of changed) await notify(tx, topic, { op: 'users', id: user.id });
    return { success: true };
  },
});

export const masterLoginSlugs = [getMasterUsers, updateUserDetails];
