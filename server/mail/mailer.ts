import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import { mailOutbox } from '../db/schema';
import { mailDocumentPath, smtpDescription } from '../../domain/support/mail';
import { MailTransportError, type MailEventInput, type MailEvents, type MailTransport } from '../integrations/mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for ('otp', 'invite', …). */
  kind: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** Logged outside production when no mail transport is configured, so local users can sign in. */
  devLogLine?: string;
  /** The body carries a secret (a passcode): once sent the outbox keeps this text instead, so
   * the table does not hold live codes. */
  redactedText?: string;
}

export interface Mailer {
  /** Records the message in the outbox and sends it through the transport when one is configured. */
  send(message: MailMessage): Promise<{ id: string; status: 'sent' | 'outbox' | 'failed' }>;
  close(): void;
}

/**
 * Every message is kept in the outbox and recorded as mail events (queued; then accepted, and
 * delivered when the answer says so, or failed), whichever transport sends it. Without a
 * transport (no SMTP_URL) it stays in the outbox.
 */
export function createMailer(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  transport: MailTransport | null;
  events: MailEvents;
  from: string;
  production: boolean;
}): Mailer {
  const { transport } = opts;
  const domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'localhost';
  /** The event log is for operators: failing to write it must not fail the mail itself. */
  const event = async (e: MailEventInput) => {
    try {
      await opts.events.record(e);
    } catch (err) {
      opts.log.warn({ err: err instanceof Error ? err.message : String(err), event: e.event, documentPath: e.documentPath }, 'mail event could not be recorded');
    }
  };
  return {
    async send(message) {
      const [row] = await opts.db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          kind: message.kind,
          status: transport ? 'sending' : 'outbox',
          createdAt: opts.clock.now(),
          attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
        })
        .returning({ id: mailOutbox.id });
      // Ours, so the queued event and the sent message carry the same id.
      const messageId = `<${row.id}@${domain}>`;
      const documentPath = mailDocumentPath(row.id);
      const about = { recipient: message.to, subject: message.subject, templateName: message.kind, messageId, documentPath };
      await event({ ...about, event: 'queued', at: opts.clock.now() });
      if (!transport) {
        if (!opts.production && message.devLogLine) opts.log.info({ mailId: row.id, kind: message.kind }, message.devLogLine);
        else opts.log.info({ mailId: row.id, kind: message.kind }, 'mail kept in the outbox (no SMTP_URL)');
        return { id: row.id, status: 'outbox' };
      }
      try {
        const sent = await transport.send({ messageId, documentPath, kind: message.kind, from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments });
        const redacted = message.redactedText === undefined ? {} : { text: message.redactedText, html: null };
        await opts.db.update(mailOutbox).set({ status: 'sent', sentAt: opts.clock.now(), ...redacted }).where(eq(mailOutbox.id, row.id));
        const delivery = { ...about, messageId: sent.messageId, code: sent.code, message: sent.message };
        await event({ ...delivery, event: 'accepted', at: opts.clock.now(), description: sent.description });
        if (sent.delivered) await event({ ...delivery, event: 'delivered', at: opts.clock.now(), description: smtpDescription(sent.code) });
        return { id: row.id, status: 'sent' };
      } catch (err) {
        const failure = err instanceof MailTransportError ? err : null;
        const error = err instanceof Error ? err.message : String(err);
        await opts.db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, row.id));
        await event({ ...about, event: 'failed', at: opts.clock.now(), code: failure?.code ?? null, message: failure?.reply ?? error, description: failure?.description ?? null });
        opts.log.error({ mailId: row.id, kind: message.kind, transport: transport.name, err: error }, 'mail could not be sent');
        return { id: row.id, status: 'failed' };
      }
    },
    close() {
      transport?.close();
    },
  };
}
