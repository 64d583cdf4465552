import { z } from 'zod';
import { isEmail } from '../formats';
import type { MailEvent } from './users';

/** The Verify Email tool (spec 3 §2.4, §3 "Mail event log entry", §5, §7, §8). */

export const MAIL_TOOL_MESSAGES = {
  /** Spec 3 §5. */
  emailRequired: 'Email is required',
  emailNotValid: 'Email is not valid',
  resendEmailNotValid: 'Enter a valid Email address',
  /** Spec 3 §8. */
  noLogs: 'No logs found for this email address',
  /** Ours: the spec names these notices without their wording. */
  resendEmailTooLong: 'Email must be at most 100 characters',
  verificationSent: 'Verification e-mail sent',
  verificationKept: 'Verification e-mail recorded; no mail server is configured, so it was not sent',
  sendFailed: 'The verification e-mail could not be sent',
  noDocumentPath: 'This e-mail has no stored message to resend',
  notLatest: 'Only the most recent e-mail to this address can be resent',
  carriesSecret: 'This e-mail carried a one-time secret (a passcode or an invitation link) and cannot be resent; ask for a new one instead',
  hadAttachments: 'This e-mail had attachments, which are not kept, so it cannot be resent',
  resent: 'E-mail resent',
  resendFailed: 'The e-mail could not be resent',
} as const;

export const MAIL_TOOL_LABELS = {
  email: 'Email',
  search: 'SEARCH',
  send: 'Send Verification Email',
  sameAddress: 'Resend to the same address',
  newEmail: 'New Email',
  resend: 'Resend',
} as const;

/** Spec 3 §9: the resend recipient is at most 100 characters. */
export const RESEND_EMAIL_MAX = 100;
/** Ours: the events listed for one address, newest first. */
export const MAIL_EVENTS_LIMIT = 100;

/**
 * Kinds of mail whose body holds a live secret (a passcode, a registration link). Their outbox
 * text still holds it until delivery, so they are never resent: the person asks for a new one.
 */
export const MAIL_KINDS_WITH_SECRETS: readonly string[] = ['otp', 'invite'];

/** The outbox row a message's events point at (the "document path variable" resend takes). */
export const MAIL_DOCUMENT_PREFIX = 'mail_outbox/';
export const mailDocumentPath = (outboxId: string) => `${MAIL_DOCUMENT_PREFIX}${outboxId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The outbox row id of a document path, or null when it names no outbox row. */
export function outboxIdOf(path: string | null | undefined): string | null {
  if (!path?.startsWith(MAIL_DOCUMENT_PREFIX)) return null;
  const id = path.slice(MAIL_DOCUMENT_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** Spec 3 §5: required ('Email is required'), an address ('Email is not valid'); trimmed. */
export const verifyEmailAddressSchema = z
  .string({ error: MAIL_TOOL_MESSAGES.emailRequired })
  .trim()
  .min(1, MAIL_TOOL_MESSAGES.emailRequired)
  .refine(isEmail, MAIL_TOOL_MESSAGES.emailNotValid);

/** The new recipient of a resend (spec 3 §5, §9): an address of at most 100 characters. */
export const resendAddressSchema = z
  .string({ error: MAIL_TOOL_MESSAGES.resendEmailNotValid })
  .trim()
  .min(1, MAIL_TOOL_MESSAGES.resendEmailNotValid)
  .max(RESEND_EMAIL_MAX, MAIL_TOOL_MESSAGES.resendEmailTooLong)
  .refine(isEmail, MAIL_TOOL_MESSAGES.resendEmailNotValid);

/** admin/sendVerificationEmail and admin/getMailgunEvents (spec 3 §7): { email }. */
export const verifyEmailSchema = z.object({ email: verifyEmailAddressSchema });

/**
 * email/resendEmail (spec 3 §7). The document path is checked by the handler, so a missing one
 * gets the spec's notice rather than a field error; the new address only counts with isNewEmail.
 */
export const resendEmailSchema = z
  .object({
    emailQueueDocPath: z.string().max(200).nullish(),
    newEmailId: z.string().max(400).nullish(),
    isNewEmail: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.isNewEmail) return;
    const parsed = resendAddressSchema.safeParse(v.newEmailId ?? '');
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['newEmailId'], message: parsed.error.issues[0].message });
  })
  .transform((v) => ({ ...v, newEmailId: v.isNewEmail ? (v.newEmailId ?? '').trim() : null }));

/** One mail event as the console reads it (spec 3 §3 "Mail event log entry"). */
export interface MailEventEntry {
  /** Seconds since the epoch. */
  timestamp: number;
  event: MailEvent;
  'delivery-status': { code: number | null; message: string | null; description: string | null };
  message: { headers: { subject: string | null; 'message-id': string | null } };
  template: { name: string | null };
  recipient: string;
  id: string;
  'user-variables': { documentPath: string | null };
}

export interface MailEventsResponse {
  success: true;
  events: MailEventEntry[];
}

export interface ResendEmailResponse {
  resendEmail: { success: boolean; message: string };
}

/**
 * An SMTP reply ('250 2.0.0 OK: queued as X', multi-line '550-…\r\n550 …') as its code and text;
 * no code when the text is not an SMTP reply (a connection error, say).
 */
export function parseSmtpResponse(response: string | null | undefined): { code: number | null; message: string } {
  const text = (response ?? '').trim();
  const m = /^([2-5]\d\d)(?:[ -]|$)/.exec(text);
  if (!m) return { code: null, message: text };
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/^[2-5]\d\d[ -]?/, '').trim())
    .filter(Boolean);
  return { code: Number(m[1]), message: lines.join(' ') };
}

/** Ours: how each SMTP outcome is described in the event's delivery status. */
export function smtpDescription(code: number | null): string {
  if (code === null) return 'The mail server could not be reached';
  if (code < 400) return 'Accepted by the receiving mail server (the next hop)';
  if (code < 500) return 'Temporary failure: the mail server asked to try again later';
  return 'Permanent failure: the mail server refused the message';
}
