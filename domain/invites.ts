import { z } from 'zod';
import { isEmail, PERSON_NAME, stripSpaces } from './formats';
import { notValidMessage, requiredMessage } from './messages';

/**
 * Inviting a user to a customer, a supplier or a group (spec 1 §5 "Invite user", spec 2 §3.3):
 * the Invite User drawer's fields, rules and limits, shared by every area and the server.
 */

/** Spec 1 §9, spec 2 §9: names max 20, invite e-mail max 50. */
export const INVITE_NAME_MAX = 20;
export const INVITE_EMAIL_MAX = 50;
/** How long an invitation link works (not shown in the spec; ours). A resend starts a new period. */
export const INVITE_VALID_DAYS = 7;
/** Spec 1 §9, spec 2 §9: the Invite User drawer is 600 wide. */
export const INVITE_DRAWER_WIDTH = 600;

export const INVITE_FIELD_LABELS = { firstname: 'First Name', lastname: 'Last Name', email: 'Email' } as const;

/** Spec 1 §8, spec 2 §8: an invite to an address some live user already has, shown on the e-mail field. */
export const EMAIL_EXISTS = 'Email Id already exists';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
export { stripSpaces } from './formats';

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

/** What an invite answers. */
export interface InviteSentResponse {
  /** False when the user was created but the e-mail could not be handed to the mail server. */
  inviteSent: boolean;
  /**
   * The group's and the supplier's invites (spec 2 §7) answer an address in use with this instead
   * of an error: nobody is invited, and the drawer says 'Email Id already exists' on the e-mail.
   */
  emailExists?: boolean;
}

/** admin/createSupplierUserInvite's answer (spec 2 §7: success.inviteSent or success.emailExists). */
export interface SupplierInviteResponse {
  success: Required<InviteSentResponse>;
}

/** A user of a customer, supplier or group as the users lists answer them (spec 1 §3 "User"). */
export interface UserSummary {
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
