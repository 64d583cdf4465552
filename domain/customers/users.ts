import { z } from 'zod';
import { isEmail, PERSON_NAME, stripSpaces } from '../formats';
import { notValidMessage, requiredMessage } from './form';

/**
 * Lease users of a customer: the Users and Invite User drawers (spec 1 §2, §3 "User", §4 "User
 * display status", §5 "Invite user", §7, §8, §9). Shared by console and server.
 */

/** Spec 1 §9: names max 20, invite e-mail max 50. */
export const INVITE_NAME_MAX = 20;
export const INVITE_EMAIL_MAX = 50;
/** How long an invitation link works (not shown in the spec; ours). A resend starts a new period. */
export const INVITE_VALID_DAYS = 7;
/** A reactivated login is suspended again unless the user signs in within this time (spec 1 §4). */
export const REACTIVATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Spec 1 §9 drawer widths. */
export const USERS_DRAWER_WIDTH = 780;
export const INVITE_DRAWER_WIDTH = 600;

export const INVITE_FIELD_LABELS = { firstname: 'First Name', lastname: 'Last Name', email: 'Email' } as const;

export const USER_MESSAGES = {
  /** Spec 1 §8: an invite to an address some live user already has, shown on the e-mail field. */
  emailExists: 'Email Id already exists',
  superUser: 'This is a super user',
  noUsers: (customerName: string) => `No users created yet for ${customerName}`,
  /** Not shown in the spec (ours): a terminated customer gets no new users or invitations. */
  customerTerminated: 'This customer is terminated: no invitations can be sent.',
  notInvited: 'This user has already registered: there is no invitation to resend.',
  notSuspended: 'This login is not suspended.',
  alreadyDeleted: 'This user has already been deleted.',
} as const;


const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
export { stripSpaces } from '../formats';

/** One message per field: the first failing check stops the others (abort). */
function nameField(label: string) {
  return z.preprocess(
    text,
    z
      .string()
      .min(1, { message: requiredMessage(label), abort: true })
      .max(INVITE_NAME_MAX, { message: notValidMessage(label), abort: true })
      .regex(PERSON_NAME, notValidMessage(label)),
  );
}

/** The Invite User form: First Name, Last Name, Email, with the spec's messages. */
export const inviteUserFormSchema = z.object({
  firstname: nameField(INVITE_FIELD_LABELS.firstname),
  lastname: nameField(INVITE_FIELD_LABELS.lastname),
  email: z.preprocess(
    stripSpaces,
    z
      .string()
      .min(1, { message: requiredMessage(INVITE_FIELD_LABELS.email), abort: true })
      .max(INVITE_EMAIL_MAX, { message: notValidMessage(INVITE_FIELD_LABELS.email), abort: true })
      .refine(isEmail, notValidMessage(INVITE_FIELD_LABELS.email)),
  ),
});
export type InviteUserForm = z.input<typeof inviteUserFormSchema>;

const recordId = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(64);
const optionalText = z.string().max(200).nullish();

/** POST admin/getLeaseUsersList (spec 1 §7). */
export const leaseUsersListSchema = z.object({ companyId: recordId('companyId') });

/**
 * POST admin/createLeaseUserInvite (spec 1 §7). `company` (the customer's name) and `invitedById`
 * are accepted as the console sends them; the server takes both from its own records (the
 * customer row, the signed-in admin) so a caller cannot invite in someone else's name.
 */
export const createLeaseUserInviteSchema = inviteUserFormSchema.extend({
  leaseId: recordId('leaseId'),
  company: optionalText,
  invitedById: optionalText,
  /** Invites from the customer area make super users (spec 1 §6). */
  isSuperAdmin: z.boolean({ error: 'isSuperAdmin is required' }),
});

/** POST admin/deleteLeaseUser. */
export const deleteLeaseUserSchema = z.object({ leaseUserId: recordId('leaseUserId') });

/**
 * POST admin/resendLeaseUserInvite: the user's id decides; names, e-mail and flags are read from
 * the stored user, so the mail goes to the address that was invited.
 */
export const resendLeaseUserInviteSchema = z.object({
  id: recordId('id'),
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
  userId: recordId('userId'),
  eventLogData: z.object({ reactivatedBy: eventPerson, reactivatedUser: eventPerson }).nullish(),
});

/** One lease user as admin/getLeaseUsersList answers (spec 1 §3 "User"). */
export interface LeaseUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  status: { label: string };
  /** A super user of the company. */
  isAdmin: boolean;
  /** Invited and not yet registered. */
  isInvite: boolean;
  /** When the login counts as suspended, ms since epoch; null when never. */
  suspendTimestampAfterEpoch: number | null;
}
export interface LeaseUsersListResponse {
  users: LeaseUser[];
}
export interface InviteSentResponse {
  /** False when the user was created but the e-mail could not be handed to the mail server. */
  inviteSent: boolean;
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
