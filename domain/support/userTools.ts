import { z } from 'zod';
import { isEmail } from '../formats';
import { actingUserSchema } from './payload';
import { USER_ROLE_BY_KIND, type UserKind, type UserStatus } from './users';

/** The Manage User tools: Remove User, Verify User and the claims update (spec 3 §2.4, §3–§8). */

export const USER_TOOL_MESSAGES = {
  /** Spec 3 §5 and §8. */
  emailIdRequired: 'User Email Id is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  notFound: 'User not found',
  generic: 'Error occurred from api.',
  /** Ours: an address longer than any stored one. */
  emailTooLong: 'User Email Id must be at most 254 characters',
  /** The spec's success notice for a removed user (wording ours), and ours for the other two. */
  removed: 'User removed',
  verified: 'User email verified',
  claimsUpdated: 'User claims updated',
  /** Ours: the refusals the spec leaves unworded. */
  deletedNotVerifiable: 'A deleted user cannot be verified.',
  claimsOnlyRegistered: 'Claims can only be updated for a registered user.',
} as const;

export const USER_TOOL_LABELS = {
  /** Remove User's search (spec 3 §5). */
  emailId: 'User Email Id',
  /** Verify User's search. */
  email: 'Email',
  remove: 'Remove User',
  verify: 'Verify User',
  updateClaims: 'Update Claims',
} as const;

/** Spec 3 §9: the wait after a claims update before the user is read again. */
export const CLAIMS_RELOAD_DELAY_MS = 2000;
const EMAIL_MAX = 254;

/** The status a support user is shown with (spec 3 §4). */
export const SUPPORT_USER_STATUS_LABELS = {
  REGISTERED: 'Registered',
  NON_REGISTERED: 'Non registered',
  DELETED: 'Deleted',
  INVITE_RESENT: 'Resent invite',
  INVITE_SENT: 'Invite sent',
} as const;
export type SupportUserStatusValue = keyof typeof SUPPORT_USER_STATUS_LABELS;

export interface SupportUserStatus {
  value: SupportUserStatusValue;
  label: string;
}

/** What the status rule reads of a user. */
export interface UserStatusFacts {
  status: UserStatus;
  enabled: boolean;
  registrationComplete: boolean;
  inviteExpiresAt: Date | string | null;
}

const statusOf = (value: SupportUserStatusValue): SupportUserStatus => ({ value, label: SUPPORT_USER_STATUS_LABELS[value] });

/**
 * Spec 3 §4, in its order: enabled is Registered; an expired invitation of a user who never
 * registered is Non registered; registration complete but not enabled, or stored as deleted, is
 * Deleted; a resent invitation is Resent invite; anything else is Invite sent.
 */
export function supportUserStatus(user: UserStatusFacts, now: Date): SupportUserStatus {
  if (user.enabled) return statusOf('REGISTERED');
  const expires = user.inviteExpiresAt === null ? null : new Date(user.inviteExpiresAt).getTime();
  const registered = user.registrationComplete || user.status === 'REGISTERED';
  if (!registered && expires !== null && expires <= now.getTime()) return statusOf('NON_REGISTERED');
  if ((user.registrationComplete && !user.enabled) || user.status === 'DELETED') return statusOf('DELETED');
  if (user.status === 'INVITE_RESENT') return statusOf('INVITE_RESENT');
  return statusOf('INVITE_SENT');
}

/** The claims update is only for a registered user (spec 3 §2.4): the one the card shows as Registered. */
export function claimsUpdateRefusal(user: UserStatusFacts, now: Date): string | null {
  return supportUserStatus(user, now).value === 'REGISTERED' ? null : USER_TOOL_MESSAGES.claimsOnlyRegistered;
}

/** What a user row's claims are derived from. */
export interface ClaimsFacts {
  kind: UserKind;
  leaseCompanyId: string | null;
  groupId: string | null;
  supplierId: string | null;
  isAdmin: boolean;
  enabled: boolean;
}

export interface UserClaims {
  role: 'lease' | 'garage';
  companyId: string | null;
  accountObjectID: string | null;
  serviceUnitObjectID: string | null;
  isAdmin: boolean;
  enabled: boolean;
}

/** The claims the network apps' sessions of this user carry, as the current row says. */
export function userClaims(u: ClaimsFacts): UserClaims {
  return {
    role: USER_ROLE_BY_KIND[u.kind],
    companyId: u.leaseCompanyId,
    accountObjectID: u.groupId,
    serviceUnitObjectID: u.supplierId,
    isAdmin: u.isAdmin,
    enabled: u.enabled,
  };
}

/** One user as admin/searchUser answers (spec 3 §3 "Support user"). */
export interface SupportUser {
  id: string;
  firstname: string;
  lastname: string;
  contact: { email: string };
  /** The first entry is lease or garage; a super user also has 'admin'. */
  role: string[];
  company: string | null;
  companyId: string | null;
  accountName: string | null;
  accountObjectID: string | null;
  serviceUnitName: string | null;
  serviceUnitObjectID: string | null;
  createdTimestamp: string;
  invitedAt: string | null;
  expiryTimestamp: string | null;
  status: SupportUserStatus;
  enabled: boolean;
  userRegistrationComplete: boolean;
  emailVerifiedAt: string | null;
  claimsUpdatedAt: string | null;
}

export interface SearchUserResponse {
  result: { data: SupportUser };
}
export interface RemoveUserResponse {
  result: true;
  message: string;
}

/** Remove User's search (spec 3 §5): required, trimmed. */
export const userEmailIdSchema = z
  .string({ error: USER_TOOL_MESSAGES.emailIdRequired })
  .trim()
  .min(1, USER_TOOL_MESSAGES.emailIdRequired)
  .max(EMAIL_MAX, USER_TOOL_MESSAGES.emailTooLong);

/** Verify User's search (spec 3 §5): required, an e-mail address. */
export const verifyUserEmailSchema = z
  .string({ error: USER_TOOL_MESSAGES.emailRequired })
  .trim()
  .min(1, USER_TOOL_MESSAGES.emailRequired)
  .max(EMAIL_MAX, USER_TOOL_MESSAGES.emailInvalid)
  .refine((s) => isEmail(s), USER_TOOL_MESSAGES.emailInvalid);

/** POST admin/searchUser (spec 3 §7). */
export const searchUserSchema = z.object({ emailId: userEmailIdSchema });
/** POST admin/removeUser (spec 3 §7): emailId, user. */
export const removeUserSchema = z.object({ emailId: userEmailIdSchema, user: actingUserSchema });
/** POST admin/verifyUser (payload not shown; ours: the address). */
export const verifyUserSchema = z.object({ emailId: verifyUserEmailSchema });
/** POST admin/triggerUserClaimsUpdate (spec 3 §7). */
export const triggerClaimsSchema = z.object({ emailId: userEmailIdSchema });
