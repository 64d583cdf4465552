import nodemailer from 'nodemailer';
import { parseSmtpResponse, smtpDescription } from '../../../domain/support/mail';
import { MailTransportError, type MailTransport } from './transport';

/** SMTP through nodemailer (SMTP_URL): the default transport, as the mailer has always sent. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(mail) {
      try {
        const info = await transport.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
        });
        const reply = parseSmtpResponse(info.response);
        return {
          messageId: info.messageId || mail.messageId,
          code: reply.code,
          message: reply.message,
          description: 'Accepted by the mail server',
          // A 2xx reply is the next hop taking the message: what an SMTP server can say of delivery.
          delivered: reply.code !== null && reply.code < 300,
        };
      } catch (err) {
        throw smtpFailure(err);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** An SMTP error's reply code and text (nodemailer's responseCode and response); no code when the server was never reached. */
function smtpFailure(err: unknown): MailTransportError {
  const error = err instanceof Error ? err.message : String(err);
  const e = (err ?? {}) as { responseCode?: unknown; response?: unknown };
  const reply = typeof e.response === 'string' ? parseSmtpResponse(e.response) : { code: null, message: error };
  const code = typeof e.responseCode === 'number' ? e.responseCode : reply.code;
  return new MailTransportError(error, { code, reply: reply.message || error, description: smtpDescription(code) });
}
