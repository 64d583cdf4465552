/**
 * Mail delivery behind one interface (ARCHITECTURE.md "External systems are adapters"): SMTP by
 * default (nodemailer, as before), Mailgun's HTTP messages API when MAIL_TRANSPORT=mailgun. The
 * mailer (server/mail/mailer.ts) keeps the outbox row and records the events around a send, so both
 * transports leave the same trace. One contract suite runs over both (tests/api/mail-transport.test.ts).
 */

/** One message as a transport sends it: the mailer has already kept it in the outbox. */
export interface OutgoingMail {
  /** Our Message-ID, `<{outbox id}@{sender's domain}>`. */
  messageId: string;
  /** The outbox row it is kept in, `mail_outbox/{id}`: a provider's events name it back. */
  documentPath: string;
  /** The message's kind (server/mail/templates.ts). */
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** The transport took the message. */
export interface SentMail {
  /** The Message-ID the message goes out with (the provider's, when it sets its own). */
  messageId: string;
  /** The server's answer: an SMTP reply code or an HTTP status, and its text. */
  code: number | null;
  message: string;
  description: string;
  /**
   * The answer itself says the next hop has the message (an SMTP server's 2xx), so it is recorded
   * as delivered at once; a provider that only queued it reports delivery later (its webhooks).
   */
  delivered: boolean;
}

/**
 * The transport did not take the message. `message` is the whole error (kept on the outbox row and
 * logged); `reply` the server's own answer, `code` its SMTP reply code or HTTP status (null when the
 * server was never reached): what the failed event records.
 */
export class MailTransportError extends Error {
  readonly code: number | null;
  readonly reply: string;
  readonly description: string;
  constructor(message: string, answer: { code: number | null; reply: string; description: string }) {
    super(message);
    this.name = 'MailTransportError';
    this.code = answer.code;
    this.reply = answer.reply;
    this.description = answer.description;
  }
}

export interface MailTransport {
  readonly name: 'smtp' | 'mailgun';
  /** Sends one message; a refusal or an unreachable server throws MailTransportError. */
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}
