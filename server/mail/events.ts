import crypto from 'node:crypto';
import type { Db, Tx } from '../db/client';
import { mailEvents } from '../db/schema';
import type { MailEvent } from '../../domain/support/users';

/**
 * One delivery event of one e-mail (spec 3 "Mail event log entry"). The mailer records its own;
 * a mail provider's webhook would map each of its events to this and call recordMailEvent too.
 */
export interface MailEventInput {
  event: MailEvent;
  at: Date;
  recipient: string;
  subject?: string | null;
  /** The message's kind (server/mail/templates.ts). */
  templateName?: string | null;
  messageId?: string | null;
  /** The outbox row the message is kept in, `mail_outbox/{id}`; what resend takes. */
  documentPath?: string | null;
  code?: number | null;
  message?: string | null;
  description?: string | null;
  /** The provider's id for the event; a fresh one when absent. */
  eventId?: string;
}

/** Writes one mail event. */
export async function recordMailEvent(db: Db | Tx, e: MailEventInput): Promise<void> {
  await db.insert(mailEvents).values({
    eventId: e.eventId ?? crypto.randomUUID(),
    event: e.event,
    at: e.at,
    recipient: e.recipient,
    subject: e.subject ?? null,
    templateName: e.templateName ?? null,
    messageId: e.messageId ?? null,
    documentPath: e.documentPath ?? null,
    deliveryStatusCode: e.code ?? null,
    deliveryStatusMessage: e.message ?? null,
    deliveryStatusDescription: e.description ?? null,
  });
}
