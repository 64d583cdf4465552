import type { Config } from '../../config';
import { mailgunTransport } from './mailgun';
import { smtpTransport } from './smtp';
import type { MailTransport } from './transport';

export type { MailTransport, OutgoingMail, SentMail } from './transport';
export { MailTransportError } from './transport';
export type { MailEvents, MailEventInput } from './events';
export { mailEventLog, recordMailEvent } from './events';

/**
 * The transport the configuration names (README "Mail delivery"): Mailgun when MAIL_TRANSPORT=mailgun,
 * else SMTP when SMTP_URL is set, else none (every message stays in the outbox).
 */
export function createMailTransport(config: Config): MailTransport | null {
  if (config.mail.transport === 'mailgun' && config.mail.mailgun) return mailgunTransport(config.mail.mailgun);
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
}
