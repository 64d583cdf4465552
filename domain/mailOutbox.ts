import { z } from 'zod';
import { daySchema, filterTextSchema, listQuerySchema, recordIdSchema, uuidSchema } from './lists';

/**
 * The mail outbox (mail_outbox): every e-mail the product sent, or kept when no SMTP server is
 * configured (README "The e-mailed passcode in local use").
 */

/** outbox: kept, no SMTP; sending: handed to SMTP; sent; failed (the error says why). */
export const MAIL_STATUSES = ['outbox', 'sending', 'sent', 'failed'] as const;
/** What each message is for (server/mail/templates.ts). */
export const MAIL_KINDS: Readonly<Record<string, string>> = { otp: 'Passcode', invite: 'Invitation', networkExport: 'Network export', verification: 'Address verification' };

export const MAIL_SORT_FIELDS = ['createdAt', 'to', 'subject', 'kind', 'status', 'id'] as const;

/** Free text over recipient and subject, status, kind and day range (UTC days, both ends included). */
export const mailOutboxListSchema = listQuerySchema(
  {
    q: filterTextSchema.optional(),
    status: z.enum(MAIL_STATUSES).optional(),
    kind: z.string().regex(/^[A-Za-z]{1,40}$/, 'Not a kind of mail').optional(),
    createdAt_gte: daySchema.optional(),
    createdAt_lte: daySchema.optional(),
  },
  MAIL_SORT_FIELDS,
);
export type MailOutboxListQuery = z.infer<typeof mailOutboxListSchema>;
export const mailOutboxOneSchema = recordIdSchema(uuidSchema);

export interface MailOutboxRow {
  id: string;
  createdAt: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  sentAt: string | null;
}

/** One message in full (its text body; an HTML body is not rendered in the console). */
export interface MailOutboxEntry extends MailOutboxRow {
  text: string;
  error: string | null;
  attachments: { filename: string; contentType?: string; size: number }[];
}
