/**
 * Invitations of users to a customer, a supplier or a group (spec 1 §5, spec 2 §3.3): the new
 * invited user, checked against every live address, and its signed, expiring link by e-mail.
 */
import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { EMAIL_EXISTS, INVITE_VALID_DAYS, type InviteSentResponse, type UserSummary } from '../../domain/invites';
import { USER_STATUS_LABELS } from '../../domain/support';
import { isRecordId } from '../../domain/common';
import type { UserStatus } from '../../domain/support';
import type { Tx } from '../db/client';
import { administrators, users } from '../db/schema';
import { userInviteMail } from '../mail/templates';
import type { Services } from '../services';
import { ApiError, isUniqueViolation } from './errors';
import { insertRecord, type MutationContext, type RecordKind } from './records';

type UserRow = typeof users.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITED: readonly UserStatus[] = ['INVITE_SENT', 'INVITE_RESENT'];

export const emailExists = () => new ApiError(409, 'EMAIL_EXISTS', EMAIL_EXISTS, { email: EMAIL_EXISTS });

/**
 * Runs an invitation and answers as spec 2 §7 has the group's and the supplier's invites answer:
 * an address in use is `emailExists`, a 200 that wrote nothing, rather than the 409 of spec 1's.
 */
export async function inviteAnswer(invite: () => Promise<boolean>): Promise<Required<InviteSentResponse>> {
  try {
    return { inviteSent: await invite(), emailExists: false };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'EMAIL_EXISTS') return { inviteSent: false, emailExists: true };
    throw err;
  }
}

/** A user as the users lists answer them, whatever its kind. */
export function userSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    status: { label: USER_STATUS_LABELS[row.status] ?? row.status },
    isAdmin: row.isAdmin,
    isInvite: row.isInvite,
    suspendTimestampAfterEpoch: row.suspendAt ? row.suspendAt.getTime() : null,
  };
}

/** When an invitation sent now stops working. */
export const inviteExpiry = (now: Date) => new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS);

/**
 * Creates an invited user of kind `kind` (its company given by `owner`): 'Email Id already
 * exists' when any live user of any kind has the address (case-insensitive); the unique index
 * settles a race between two invites.
 */
export async function insertInvitedUser(
  tx: Tx,
  kind: RecordKind<typeof users>,
  person: { firstname: string; lastname: string; email: string; isAdmin: boolean },
  owner: Pick<typeof users.$inferInsert, 'kind' | 'leaseCompanyId' | 'groupId' | 'supplierId' | 'supplierCreationType'>,
  ctx: MutationContext,
): Promise<UserRow> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${person.email})`, ne(users.status, 'DELETED')))
    .limit(1);
  if (taken) throw emailExists();
  try {
    return await insertRecord(
      tx,
      kind,
      {
        ...person,
        ...owner,
        status: 'INVITE_SENT',
        isInvite: true,
        enabled: false,
        registrationComplete: false,
        invitedAt: ctx.now,
        inviteExpiresAt: inviteExpiry(ctx.now),
        invitedById: ctx.adminId,
      },
      ctx,
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw emailExists();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Invitation links: a signed, expiring token, no table. The signature covers the user id, the
// invitation time and the expiry; a resend moves invitedAt, so every older link stops working.

function inviteKey(pepper: Buffer): Buffer {
  return crypto.createHmac('sha256', pepper).update('fnc:lease-user-invite:v1').digest();
}
function inviteSignature(pepper: Buffer, userId: string, invitedAt: Date, expiresAt: Date): string {
  return crypto.createHmac('sha256', inviteKey(pepper)).update(`${userId}.${invitedAt.getTime()}.${expiresAt.getTime()}`).digest('base64url');
}

/** `{userId}.{expiry ms}.{signature}`: the registration page finds the user and checks the rest. */
export function signInviteToken(pepper: Buffer, user: { id: string; invitedAt: Date; inviteExpiresAt: Date }): string {
  return `${user.id}.${user.inviteExpiresAt.getTime()}.${inviteSignature(pepper, user.id, user.invitedAt, user.inviteExpiresAt)}`;
}

/** The user id a token names, or null when it is malformed (look the user up, then verify). */
export function inviteTokenUserId(token: string): string | null {
  const id = token.split('.')[0];
  return isRecordId(id) ? id : null;
}

/** True when `token` is the newest invitation of `user`, not expired and the user still invited. */
export function verifyInviteToken(
  pepper: Buffer,
  token: string,
  user: Pick<UserRow, 'id' | 'invitedAt' | 'inviteExpiresAt' | 'status' | 'isInvite'>,
  now: Date,
): boolean {
  const [id, expiry, signature] = token.split('.');
  if (!user.invitedAt || !user.inviteExpiresAt || id !== user.id || !signature) return false;
  if (Number(expiry) !== user.inviteExpiresAt.getTime() || user.inviteExpiresAt.getTime() <= now.getTime()) return false;
  if (!user.isInvite || !INVITED.includes(user.status)) return false;
  const expected = Buffer.from(inviteSignature(pepper, user.id, user.invitedAt, user.inviteExpiresAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export function inviteLink(services: Services, user: { id: string; invitedAt: Date; inviteExpiresAt: Date }): string {
  return `${services.config.customerAppUrl}/register?token=${encodeURIComponent(signInviteToken(services.secrets.otpPepper, user))}`;
}

/** E-mails the invitation to `user` for `company` (a customer's, supplier's or group's name); false when it could not be handed over. */
export async function sendInvite(services: Services, user: UserRow, company: { name: string }, resent: boolean): Promise<boolean> {
  const link = inviteLink(services, { id: user.id, invitedAt: user.invitedAt!, inviteExpiresAt: user.inviteExpiresAt! });
  const sent = await services.mailer.send(
    userInviteMail(user, { company: company.name, link, expiresAt: user.inviteExpiresAt!, superUser: user.isAdmin, resent }),
  );
  return sent.status !== 'failed';
}


/** An administrator's name as records show who created or changed them ('Jane Smith'); null for none. */
export async function adminName(tx: Tx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [a] = await tx.select({ firstname: administrators.firstname, lastname: administrators.lastname }).from(administrators).where(eq(administrators.id, id));
  return a ? `${a.firstname} ${a.lastname}` : null;
}
