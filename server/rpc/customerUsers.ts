/**
 * Users and invitations of a lease company (spec 1 §2 Users and Invite User drawers, §4, §7).
 * Every change writes its audit row and tells the customer's live topic `{ op: 'users' }` in the
 * same transaction, so open Users drawers refetch; invitation e-mails go out once it has committed.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { topics } from '../../domain/live';
import {
  REACTIVATION_WINDOW_MS,
  USER_MESSAGES,
  createLeaseUserInviteSchema,
  deleteLeaseUserSchema,
  isRecordId,
  leaseUsersListSchema,
  reactivateUserSchema,
  resendLeaseUserInviteSchema,
  userDisplay,
  type InviteSentResponse,
  type LeaseUsersListResponse,
} from '../../domain/customers';
import type { Tx } from '../db/client';
import { leaseCompanies, users } from '../db/schema';
import { notify } from '../live/notify';
import { writeAudit } from './audit';
import { ApiError, notFound } from './errors';
import { defineRecordKind, mutationContext, updateVersioned, type MutationContext, type RecordKind } from './records';
import { defineMutation, defineSlug } from './registry';
import { insertInvitedUser, INVITED, inviteExpiry, sendInvite, userSummary } from './invites';

export { inviteLink, inviteTokenUserId, signInviteToken, verifyInviteToken } from './invites';

type UserRow = typeof users.$inferSelect;
type CompanyRow = Pick<typeof leaseCompanies.$inferSelect, 'id' | 'name' | 'status'>;

const VIEW_CUSTOMER = { permission: 'customer', action: 'view' } as const;
/** Spec 1 §6: the customer-edit permission gates Invite User and the Users drawer actions. */
const EDIT_CUSTOMER = { permission: 'EDIT_CUSTOMER', action: 'edit' } as const;


/** Lease users in audit_log. The live notice is sent by hand: the drawer listens for `op: 'users'`. */
export const leaseUserKind = defineRecordKind({ table: users, type: 'leaseUser', label: 'User', topics: () => [] });

// ---------------------------------------------------------------------------------------------
// Reads and checks

const invalidStatus = (message: string) => new ApiError(409, 'INVALID_STATUS', message);
const terminated = () => new ApiError(409, 'CUSTOMER_TERMINATED', USER_MESSAGES.customerTerminated);

async function findCompany(tx: Tx, id: string | null, lock = false): Promise<CompanyRow> {
  if (!id || !isRecordId(id)) throw notFound('Customer');
  const q = tx.select({ id: leaseCompanies.id, name: leaseCompanies.name, status: leaseCompanies.status }).from(leaseCompanies).where(eq(leaseCompanies.id, id));
  // FOR SHARE: an invite and a termination of the same customer cannot interleave.
  const [row] = lock ? await q.for('share') : await q;
  if (!row) throw notFound('Customer');
  return row;
}

/** The lease user, locked for the change; any other kind of user is not found here. */
async function findLeaseUser(tx: Tx, id: string): Promise<UserRow> {
  if (!isRecordId(id)) throw notFound('User');
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row || row.kind !== 'lease' || !row.leaseCompanyId) throw notFound('User');
  return row;
}

const changed = (tx: Tx, user: Pick<UserRow, 'id' | 'leaseCompanyId'>) => notify(tx, topics.leaseCompany(user.leaseCompanyId!), { op: 'users', id: user.id });


/** A change of one user: version bump, audit row, live notice. */
async function updateUser(tx: Tx, row: UserRow, patch: Partial<typeof users.$inferInsert>, ctx: MutationContext, op: string): Promise<UserRow> {
  const after = await updateVersioned(tx, leaseUserKind, row.id, Number(row.version), patch, ctx, undefined, op);
  await changed(tx, after);
  return after;
}

// ---------------------------------------------------------------------------------------------
// Slugs

/** The customer's lease users, deleted ones included (labelled Deleted), by name. */
export const getLeaseUsersList = defineSlug({
  slug: 'admin/getLeaseUsersList',
  method: 'POST',
  effect: 'read',
  access: VIEW_CUSTOMER,
  input: leaseUsersListSchema,
  async handler(c): Promise<LeaseUsersListResponse> {
    const db = c.services.db;
    const company = await findCompany(db, c.input.companyId);
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.kind, 'lease'), eq(users.leaseCompanyId, company.id)))
      .orderBy(sql`lower(${users.firstname})`, sql`lower(${users.lastname})`, sql`lower(${users.email})`, asc(users.seq));
    return { users: rows.map(userSummary) };
  },
});

/**
 * Creates an invited lease user and e-mails the invitation. The address must not belong to any
 * live user of any kind (case-insensitive); the unique index settles a race between two invites.
 */
export const createLeaseUserInvite = defineSlug({
  slug: 'admin/createLeaseUserInvite',
  method: 'POST',
  effect: 'write',
  access: EDIT_CUSTOMER,
  input: createLeaseUserInviteSchema,
  async handler(c): Promise<InviteSentResponse> {
    const ctx = mutationContext(c);
    const { user, company } = await c.services.db.transaction(async (tx) => {
      const company = await findCompany(tx, c.input.leaseId, true);
      if (company.status === 'TERMINATED') throw terminated();
      const user = await insertInvitedUser(
        tx,
        leaseUserKind,
        { firstname: c.input.firstname, lastname: c.input.lastname, email: c.input.email, isAdmin: c.input.isSuperAdmin },
        { kind: 'lease', leaseCompanyId: company.id },
        ctx,
      );
      await changed(tx, user);
      return { user, company };
    });
    return { inviteSent: await sendInvite(c.services, user, company, false) };
  },
});

/** Status DELETED; the row stays (and keeps its address out of the live-address index). */
export const deleteLeaseUser = defineMutation({
  slug: 'admin/deleteLeaseUser',
  access: EDIT_CUSTOMER,
  input: deleteLeaseUserSchema,
  async handler(c): Promise<{ success: true }> {
    const { tx, mutation: ctx } = c;
    const row = await findLeaseUser(tx, c.input.leaseUserId);
    await deleteUser(tx, row, ctx);
    return { success: true };
  },
});

const ownerTopic = (u: UserRow): string | null =>
  u.kind === 'lease' ? u.leaseCompanyId && topics.leaseCompany(u.leaseCompanyId) : u.kind === 'supplier' ? u.supplierId && topics.supplier(u.supplierId) : u.groupId && topics.group(u.groupId);

/**
 * The one delete rule for any user (the customer's Users drawer, Support's Remove User): status
 * DELETED and disabled, refused when already deleted; audited under `kind`, and the company whose
 * users list shows the user is told.
 */
export async function deleteUser(tx: Tx, row: UserRow, ctx: MutationContext, kind: RecordKind<typeof users> = leaseUserKind): Promise<UserRow> {
  if (row.status === 'DELETED') throw invalidStatus(USER_MESSAGES.alreadyDeleted);
  const after = await updateVersioned(tx, kind, row.id, Number(row.version), { status: 'DELETED', enabled: false }, ctx, undefined, 'status');
  const topic = ownerTopic(after);
  if (topic) await notify(tx, topic, { op: 'users', id: after.id });
  return after;
}

/** A new invitation for a user still invited: new invitedAt and expiry, so older links stop working. */
export const resendLeaseUserInvite = defineSlug({
  slug: 'admin/resendLeaseUserInvite',
  method: 'POST',
  effect: 'write',
  access: EDIT_CUSTOMER,
  input: resendLeaseUserInviteSchema,
  async handler(c): Promise<{ success: true; inviteSent: boolean }> {
    const ctx = mutationContext(c);
    const { user, company } = await c.services.db.transaction(async (tx) => {
      const row = await findLeaseUser(tx, c.input.id);
      if (!row.isInvite || !INVITED.includes(row.status)) {
        throw invalidStatus(row.status === 'DELETED' ? USER_MESSAGES.alreadyDeleted : USER_MESSAGES.notInvited);
      }
      const company = await findCompany(tx, row.leaseCompanyId, true);
      if (company.status === 'TERMINATED') throw terminated();
      const user = await updateUser(
        tx,
        row,
        {
          status: 'INVITE_RESENT',
          invitedAt: ctx.now,
          inviteExpiresAt: inviteExpiry(ctx.now),
          invitedById: ctx.adminId,
        },
        ctx,
        'update',
      );
      return { user, company };
    });
    return { success: true, inviteSent: await sendInvite(c.services, user, company, true) };
  },
});

/**
 * Reactivate Login of a suspended user: the login works again for REACTIVATION_WINDOW_MS and is
 * suspended again unless the user signs in meanwhile (that sign-in, in the customers' app, clears
 * suspendAt). The event log entry is an audit row of its own carrying eventLogData.
 */
export const reactivateUser = defineMutation({
  slug: 'admin/reactivateUser',
  access: EDIT_CUSTOMER,
  input: reactivateUserSchema,
  async handler(c): Promise<{ success: true }> {
    const { tx, mutation: ctx } = c;
    const row = await findLeaseUser(tx, c.input.userId);
    const shown = userDisplay(userSummary(row), { now: ctx.now.getTime() });
    if (!shown.suspended) throw invalidStatus(row.status === 'DELETED' ? USER_MESSAGES.alreadyDeleted : USER_MESSAGES.notSuspended);
    const suspendAt = new Date(ctx.now.getTime() + REACTIVATION_WINDOW_MS);
    await updateUser(tx, row, { reactivatedAt: ctx.now, suspendAt }, ctx, 'update');
    await writeAudit(tx, {
      adminId: ctx.adminId,
      slug: ctx.slug,
      recordType: 'userEventLog',
      recordId: row.id,
      before: null,
      after: {
        event: 'REACTIVATE_LOGIN',
        userId: row.id,
        leaseCompanyId: row.leaseCompanyId,
        reactivatedAt: ctx.now.toISOString(),
        suspendAt: suspendAt.toISOString(),
        eventLogData: c.input.eventLogData ?? null,
      },
      at: ctx.now,
    });
    return { success: true };
  },
});

export const customerUserSlugs = [getLeaseUsersList, createLeaseUserInvite, deleteLeaseUser, resendLeaseUserInvite, reactivateUser];
