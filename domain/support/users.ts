/** Support, fleet and validation values of spec 3 §3 and §9. */

/** One users table holds lease, supplier and group users. */
export const USER_KINDS = ['lease', 'supplier', 'group'] as const;
export type UserKind = (typeof USER_KINDS)[number];
/** Stored user status; Suspended and Non registered are derived from timestamps (spec 1 §4, spec 3 §4). */
export const USER_STATUSES = ['INVITE_SENT', 'INVITE_RESENT', 'REGISTERED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  INVITE_SENT: 'Invite sent',
  INVITE_RESENT: 'Resent invite',
  REGISTERED: 'Registered',
  DELETED: 'Deleted',
};
/** The role a user's first role entry names (spec 3 §3). */
export const USER_ROLE_BY_KIND: Record<UserKind, 'lease' | 'garage'> = { lease: 'lease', supplier: 'garage', group: 'garage' };

/**
 * Mail delivery events: queued when the product records a message, accepted by its mail server,
 * delivered (to the next hop) or bounced, failed; the rest come from a mail provider's webhook.
 */
export const MAIL_EVENTS = ['queued', 'accepted', 'delivered', 'opened', 'clicked', 'failed', 'bounced', 'complained', 'unsubscribed'] as const;
export type MailEvent = (typeof MAIL_EVENTS)[number];

