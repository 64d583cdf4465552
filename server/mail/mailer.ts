import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import { mailOutbox } from '../db/schema';
import { mailDocumentPath, parseSmtpResponse, smtpDescription } from '../../domain/support/mail';
import { recordMailEvent, type MailEventInput } from './events';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for ('otp', 'invite', …). */
  kind: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** Logged outside production when no SMTP server is configured, so local users can sign in. */
  devLogLine?: string;
  /** The body carries a secret (a passcode): once delivered over SMTP the outbox keeps this text
   * instead, so the table does not hold live codes. */
  redactedText?: string;
}

export interface Mailer {
  /** Records the message in the outbox and sends it through SMTP when one is configured. */
  send(message: MailMessage): Promise<{ id: string; status: 'sent' | 'outbox' | 'failed' }>;
  readonly usesSmtp: boolean;
  close(): void;
}

export function createMailer(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string;
  from: string;
  production: boolean;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'localhost';
  /** The event log is for operators: failing to write it must not fail the mail itself. */
  const event = async (e: MailEventInput) => {
    try {
      await recordMailEvent(opts.db, e);
    } catch (err) {
      opts.log.warn({ err: err instanceof Error ? err.message : String(err), event: e.event, documentPath: e.documentPath }, 'mail event could not be recorded');
    }
  };
  return {
    usesSmtp: Boolean(transport),
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
      const about = { recipient: message.to, subject: message.subject, templateName: message.kind, messageId, documentPath: mailDocumentPath(row.id) };
      await event({ ...about, event: 'queued', at: opts.clock.now() });
      if (!transport) {
        if (!opts.production && message.devLogLine) opts.log.info({ mailId: row.id, kind: message.kind }, message.devLogLine);
        else opts.log.info({ mailId: row.id, kind: message.kind }, 'mail kept in the outbox (no SMTP_URL)');
        return { id: row.id, status: 'outbox' };
      }
      try {
        const info = await transport.sendMail({
          messageId,
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        });
        const redacted = message.redactedText === undefined ? {} : { text: message.redactedText, html: null };
        await opts.db.update(mailOutbox).set({ status: 'sent', sentAt: opts.clock.now(), ...redacted }).where(eq(mailOutbox.id, row.id));
        const reply = parseSmtpResponse(info.response);
        const delivery = { ...about, messageId: info.messageId || messageId, code: reply.code, message: reply.message };
        await event({ ...delivery, event: 'accepted', at: opts.clock.now(), description: 'Accepted by the mail server' });
        // A 2xx reply is the next hop taking the message: what an SMTP server can say of delivery.
        if (reply.code !== null && reply.code < 300) await event({ ...delivery, event: 'delivered', at: opts.clock.now(), description: smtpDescription(reply.code) });
        return { id: row.id, status: 'sent' };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await opts.db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, row.id));
        await event({ ...about, event: 'failed', at: opts.clock.now(), ...smtpFailure(err, error) });
        opts.log.error({ mailId: row.id, kind: message.kind, err: error }, 'mail could not be sent');
        return { id: row.id, status: 'failed' };
      }
    },
    close() {
      transport?.close();
    },
  };
}

/** An SMTP error's reply code and text (nodemailer's responseCode and response); no code when the server was never reached. */
function smtpFailure(err: unknown, error: string): { code: number | null; message: string; description: string } {
  const e = (err ?? {}) as { responseCode?: unknown; response?: unknown };
  const reply = typeof e.response === 'string' ? parseSmtpResponse(e.response) : { code: null, message: error };
  const code = typeof e.responseCode === 'number' ? e.responseCode : reply.code;
  return { code, message: reply.message || error, description: smtpDescription(code) };
}
