import crypto from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailEvents } from '../../db/schema';
import type { MailEvent } from '../../../domain/support/users';
import type { MailEventEntry } from '../../../domain/support/mail';

/**
 * The delivery events of our e-mails, kept in our own table (mail_events) whichever transport
 * sends them: the mailer records what the SMTP server or Mailgun answered, and Mailgun's signed
 * webhooks add what happened after (server/integrations/mail/webhook.ts). Verify Email lists this
 * table, so it reads the same for both transports and needs no call to the provider.
 */
export interface MailEvents {
  record(e: MailEventInput): Promise<void>;
  /** The address's events (any case), newest first, at most `limit`, shaped as spec 3 §3. */
  forRecipient(email: string, limit: number): Promise<MailEventEntry[]>;
}

/** One delivery event of one e-mail (spec 3 "Mail event log entry"). */
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

/** Writes one mail event (inside the caller's transaction when given one). */
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

type EventRow = typeof mailEvents.$inferSelect;

/** The event as spec 3 §3 shapes it (a mail provider's event log entry). */
export function mailEventEntry(r: EventRow): MailEventEntry {
  return {
    timestamp: r.at.getTime() / 1000,
    event: r.event as MailEvent,
    'delivery-status': { code: r.deliveryStatusCode, message: r.deliveryStatusMessage, description: r.deliveryStatusDescription },
    message: { headers: { subject: r.subject, 'message-id': r.messageId } },
    template: { name: r.templateName },
    recipient: r.recipient,
    id: r.eventId,
    'user-variables': { documentPath: r.documentPath },
  };
}

/** Events of this address, in any case (the index is on lower(recipient)). */
export const sameRecipient = (email: string) => sql`lower(${mailEvents.recipient}) = lower(${email})`;

export function mailEventLog(db: Db): MailEvents {
  return {
    record: (e) => recordMailEvent(db, e),
    async forRecipient(email, limit) {
      const rows = await db.select().from(mailEvents).where(sameRecipient(email)).orderBy(desc(mailEvents.at), desc(mailEvents.id)).limit(limit);
      return rows.map(mailEventEntry);
    },
  };
}
