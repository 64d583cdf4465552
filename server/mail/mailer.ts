import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import { mailOutbox } from '../db/schema';

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
      if (!transport) {
        if (!opts.production && message.devLogLine) opts.log.info({ mailId: row.id, kind: message.kind }, message.devLogLine);
        else opts.log.info({ mailId: row.id, kind: message.kind }, 'mail kept in the outbox (no SMTP_URL)');
        return { id: row.id, status: 'outbox' };
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        });
        const redacted = message.redactedText === undefined ? {} : { text: message.redactedText, html: null };
        await opts.db.update(mailOutbox).set({ status: 'sent', sentAt: opts.clock.now(), ...redacted }).where(eq(mailOutbox.id, row.id));
        return { id: row.id, status: 'sent' };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await opts.db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, row.id));
        opts.log.error({ mailId: row.id, kind: message.kind, err: error }, 'mail could not be sent');
        return { id: row.id, status: 'failed' };
      }
    },
    close() {
      transport?.close();
    },
  };
}
