/**
 * The support dashboard's Manage User tools (spec 3 §2.4, §3, §4, §7): find a user by e-mail,
 * remove them (the customer area's delete rule), mark the address verified, and derive their
 * claims again. Each change locks the user, writes its audit row and, for claims, tells the
 * user's live topic in the same transaction, so open network-app sessions re-read them on commit.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { can } from '../../domain/permissions';
import { topics } from '../../domain/live';
import {
  claimsUpdateRefusal,
  removeUserSchema,
  searchUserSchema,
  supportTool,
  supportUserStatus,
  triggerClaimsSchema,
  USER_ROLE_BY_KIND,
  USER_TOOL_MESSAGES,
  userClaims,
  verifyUserSchema,
  type RemoveUserResponse,
  type SearchUserResponse,
  type SupportActionResponse,
  type SupportUser,
  type UserKind,
} from '../../domain/support';
import { leaseCompanies, supplierGroups, suppliers, users } from '../db/schema';
import type { Tx } from '../db/client';
import { notify } from '../live/notify';
import { deleteUser } from './customerUsers';
import { ApiError, forbidden } from './errors';
import { defineRecordKind, updateVersioned, type MutationContext, type RecordKind } from './records';
import { defineMutation, defineSlug } from './registry';

type UserRow = typeof users.$inferSelect;

/** Users in audit_log under the type the rest of the console records them with. */
const userKind = (type: string) => defineRecordKind({ table: users, type, label: 'User', topics: () => [] });
const KINDS: Readonly<Record<UserKind, RecordKind<typeof users>>> = { lease: userKind('leaseUser'), group: userKind('groupUser'), supplier: userKind('supplierUser') };

const userNotFound = () => new ApiError(404, 'USER_NOT_FOUND', USER_TOOL_MESSAGES.notFound);
const refused = (message: string) => new ApiError(409, 'INVALID_STATUS', message);

/**
 * The user with this address (case-insensitive): the live one, else the most recently created
 * deleted one, so Remove User can say it is already deleted.
 */
async function findUser(tx: Tx, emailId: string, lock: boolean): Promise<UserRow> {
  const q = tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${emailId})`)
    .orderBy(sql`${users.status} = 'DELETED'`, desc(users.createdAt), desc(users.seq))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw userNotFound();
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function present(tx: Tx, u: UserRow, now: Date): Promise<SupportUser> {
  const [lease] = u.leaseCompanyId ? await tx.select({ name: leaseCompanies.name }).from(leaseCompanies).where(eq(leaseCompanies.id, u.leaseCompanyId)) : [];
  const [group] = u.groupId ? await tx.select({ name: supplierGroups.name }).from(supplierGroups).where(eq(supplierGroups.id, u.groupId)) : [];
  const [unit] = u.supplierId ? await tx.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, u.supplierId)) : [];
  return {
    id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    contact: { email: u.email },
    role: [USER_ROLE_BY_KIND[u.kind], ...(u.isAdmin ? ['admin'] : [])],
    // The company a user belongs to: the lease company, else the garage (service unit), else the group.
    company: lease?.name ?? unit?.name ?? group?.name ?? null,
    companyId: u.leaseCompanyId,
    accountName: group?.name ?? null,
    accountObjectID: u.groupId,
    serviceUnitName: unit?.name ?? null,
    serviceUnitObjectID: u.supplierId,
    createdTimestamp: u.createdAt.toISOString(),
    invitedAt: iso(u.invitedAt),
    expiryTimestamp: iso(u.inviteExpiresAt),
    status: supportUserStatus(u, now),
    enabled: u.enabled,
    userRegistrationComplete: u.registrationComplete,
    emailVerifiedAt: iso(u.emailVerifiedAt),
    claimsUpdatedAt: iso(u.claimsUpdatedAt),
  };
}

/** Either Manage User tool's permission lets its drawer find the user. */
export const searchUser = defineSlug({
  slug: 'admin/searchUser',
  method: 'POST',
  effect: 'read',
  access: 'signed-in',
  input: searchUserSchema,
  async handler({ services, session, input }): Promise<SearchUserResponse> {
    const allowed = (['removeUser', 'verifyUser'] as const).some((t) => can(session.roles, supportTool(t).permission, 'edit'));
    if (!allowed) throw forbidden();
    const row = await findUser(services.db, input.emailId, false);
    return { result: { data: await present(services.db, row, services.clock.now()) } };
  },
});

const update = (tx: Tx, m: MutationContext, row: UserRow, patch: Partial<typeof users.$inferInsert>, op: string) =>
  updateVersioned(tx, KINDS[row.kind], row.id, Number(row.version), patch, m, undefined, op);

/** Remove User: the delete rule (status DELETED, disabled); an already deleted user is refused with its message. */
export const removeUser = defineMutation({
  slug: 'admin/removeUser',
  access: { permission: 'ALLOW_REMOVE_USER', action: 'edit' },
  input: removeUserSchema,
  async handler({ tx, mutation: m, input }): Promise<RemoveUserResponse> {
    const row = await findUser(tx, input.emailId, true);
    await deleteUser(tx, row, m, KINDS[row.kind]);
    return { result: true, message: USER_TOOL_MESSAGES.removed };
  },
});

/**
 * Verify User (ours): support confirms the address belongs to the user, so the apps stop asking
 * them to verify it; each confirmation stamps the time again.
 */
export const verifyUser = defineMutation({
  slug: 'admin/verifyUser',
  access: { permission: 'ALLOW_VERIFY_USER', action: 'edit' },
  input: verifyUserSchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const row = await findUser(tx, input.emailId, true);
    if (row.status === 'DELETED') throw refused(USER_TOOL_MESSAGES.deletedNotVerifiable);
    await update(tx, m, row, { emailVerifiedAt: m.now }, 'verify');
    return { success: true, message: USER_TOOL_MESSAGES.verified };
  },
});

/**
 * The claims update (spec 3 §2.4): only for a registered user; the claims are derived from the
 * current row, and the user's open sessions are told to re-read them.
 */
export const triggerUserClaimsUpdate = defineMutation({
  slug: 'admin/triggerUserClaimsUpdate',
  access: { permission: 'ALLOW_VERIFY_USER', action: 'edit' },
  input: triggerClaimsSchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const row = await findUser(tx, input.emailId, true);
    const refusal = claimsUpdateRefusal(row, m.now);
    if (refusal) throw refused(refusal);
    const after = await update(tx, m, row, { claims: { ...userClaims(row) }, claimsUpdatedAt: m.now }, 'claims');
    await notify(tx, topics.userClaims(row.id), { op: 'claims', id: row.id, version: Number(after.version) });
    return { success: true, message: USER_TOOL_MESSAGES.claimsUpdated };
  },
});

export const supportUserSlugs = [searchUser, removeUser, verifyUser, triggerUserClaimsUpdate];
