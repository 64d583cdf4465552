import { z } from 'zod';
import { requiredId } from '../requestFields';
import { EMAIL_EXISTS, inviteUserFormSchema, type UserSummary } from '../invites';
export * from '../invites';

/**
 * Lease users of a customer: the Users and Invite User drawers (spec 1 §2, §3 "User", §4 "User
 * display status", §5 "Invite user", §7, §8, §9). Shared by console and server.
 */

/** A reactivated login is suspended again unless the user signs in within this time (spec 1 §4). */
export const REACTIVATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Spec 1 §9 drawer widths. */
export const USERS_DRAWER_WIDTH = 780;

export const USER_MESSAGES = {
  /** Spec 1 §8: an invite to an address some live user already has, shown on the e-mail field. */
  emailExists: EMAIL_EXISTS,
  superUser: 'This is a super user',
  noUsers: (customerName: string) => `No users created yet for ${customerName}`,
  /** Not shown in the spec (ours): a terminated customer gets no new users or invitations. */
  customerTerminated: 'This customer is terminated: no invitations can be sent.',
  notInvited: 'This user has already registered: there is no invitation to resend.',
  notSuspended: 'This login is not suspended.',
  alreadyDeleted: 'This user has already been deleted.',
} as const;


const optionalText = z.string().max(200).nullish();

/** POST admin/getLeaseUsersList (spec 1 §7). */
export const leaseUsersListSchema = z.object({ companyId: requiredId('companyId') });

/**
 * POST admin/createLeaseUserInvite (spec 1 §7). `company` (the customer's name) and `invitedById`
 * are accepted as the console sends them; the server takes both from its own records (the
 * customer row, the signed-in admin) so a caller cannot invite in someone else's name.
 */
export const createLeaseUserInviteSchema = inviteUserFormSchema.extend({
  leaseId: requiredId('leaseId'),
  company: optionalText,
  invitedById: optionalText,
  /** Invites from the customer area make super users (spec 1 §6). */
  isSuperAdmin: z.boolean({ error: 'isSuperAdmin is required' }),
});

/** POST admin/deleteLeaseUser. */
export const deleteLeaseUserSchema = z.object({ leaseUserId: requiredId('leaseUserId') });

/**
 * POST admin/resendLeaseUserInvite: the user's id decides; names, e-mail and flags are read from
 * the stored user, so the mail goes to the address that was invited.
 */
export const resendLeaseUserInviteSchema = z.object({
  id: requiredId('id'),
  firstname: optionalText,
  lastname: optionalText,
  email: optionalText,
  company: optionalText,
  invitedById: optionalText,
  isAdmin: z.boolean().nullish(),
  isInvite: z.boolean().nullish(),
  user: z.unknown().optional(),
});

const eventPerson = z
  .object({ id: optionalText, firstname: optionalText, lastname: optionalText, email: optionalText })
  .nullish();

/** POST admin/reactivateUser; eventLogData is written to the event log as sent. */
export const reactivateUserSchema = z.object({
  userId: requiredId('userId'),
  eventLogData: z.object({ reactivatedBy: eventPerson, reactivatedUser: eventPerson }).nullish(),
});

/** One lease user as admin/getLeaseUsersList answers (spec 1 §3 "User"). */
export type LeaseUser = UserSummary;
export interface LeaseUsersListResponse {
  users: LeaseUser[];
}

export const DELETED_LABEL = 'Deleted';
export const SUSPENDED_LABEL = 'Suspended';

export interface UserDisplay {
  /** The status shown: 'Suspended' or the stored status label. */
  label: string;
  /** Shown in red. */
  suspended: boolean;
  actions: { delete: boolean; resendInvite: boolean; reactivate: boolean };
}

/**
 * Spec 1 §4 "User display status": Suspended (red) when the suspend time is earlier than now,
 * unless reactivated in this session or labelled Deleted. Invited users offer Resend Invite,
 * suspended users Reactivate Login; every user not yet deleted offers Delete.
 */
export function userDisplay(
  user: Pick<LeaseUser, 'status' | 'isInvite' | 'suspendTimestampAfterEpoch'>,
  opts: { now: number; reactivatedInSession?: boolean },
): UserDisplay {
  const deleted = user.status.label === DELETED_LABEL;
  const suspended =
    !deleted && !opts.reactivatedInSession && user.suspendTimestampAfterEpoch !== null && user.suspendTimestampAfterEpoch < opts.now;
  return {
    label: suspended ? SUSPENDED_LABEL : user.status.label,
    suspended,
    actions: { delete: !deleted, resendInvite: !deleted && user.isInvite, reactivate: suspended },
  };
}

/** A user's name as the drawer shows it. */
export const userName = (u: Pick<LeaseUser, 'firstname' | 'lastname'>) => `${u.firstname} ${u.lastname}`.trim();
