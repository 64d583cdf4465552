/**
 * Mailgun's event webhooks (delivered, failed temporary or permanent, complained, unsubscribed,
 * opened, clicked): the signature check, the replay window and the mapping of an event to ours.
 * Mailgun signs each post: `signature` is the hex HMAC-SHA256, keyed by the webhook signing key,
 * of `timestamp + token`. Nothing here touches the database; route.ts stores what passes.
 */
import crypto from 'node:crypto';
import { smtpDescription } from '../../../domain/support/mail';
import type { MailEventInput } from './events';
import { MAILGUN_VARIABLES } from './mailgun';

/** A post signed further than this from our clock, either way, is refused as stale. */
export const WEBHOOK_WINDOW_MS = 5 * 60_000;

export type SignatureCheck = { ok: true; token: string; signedAt: Date } | { ok: false; reason: 'unsigned' | 'bad signature' | 'stale' };

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Checks the post's signature block against the signing key and the clock (not yet the token's use). */
export function checkMailgunSignature(signingKey: string, body: unknown, now: Date): SignatureCheck {
  const sig = obj(obj(body).signature);
  const timestamp = str(sig.timestamp);
  const token = str(sig.token);
  const signature = str(sig.signature);
  if (!timestamp || !token || !signature) return { ok: false, reason: 'unsigned' };
  if (!/^\d{1,12}$/.test(timestamp) || token.length > 200 || !/^[0-9a-f]{64}$/i.test(signature)) return { ok: false, reason: 'bad signature' };
  const expected = crypto.createHmac('sha256', signingKey).update(timestamp + token).digest();
  // Constant time: how much of a guess matches must not show in how long the answer takes.
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'bad signature' };
  const signedAt = new Date(Number(timestamp) * 1000);
  if (Math.abs(now.getTime() - signedAt.getTime()) > WEBHOOK_WINDOW_MS) return { ok: false, reason: 'stale' };
  return { ok: true, token, signedAt };
}

/** What each Mailgun event kind is recorded as, and how it is described; others are not kept. */
function kindOf(event: string, severity: string | null): Pick<MailEventInput, 'event' | 'description'> | null {
  switch (event) {
    case 'delivered':
      return { event: 'delivered', description: smtpDescription(250) };
    case 'failed':
      // Mailgun retries a temporary failure itself; a permanent one is final.
      return { event: 'failed', description: smtpDescription(severity === 'temporary' ? 450 : 550) };
    case 'complained':
      return { event: 'complained', description: 'The recipient reported the message as spam' };
    case 'unsubscribed':
      return { event: 'unsubscribed', description: 'The recipient unsubscribed' };
    case 'opened':
      return { event: 'opened', description: 'The recipient opened the message' };
    case 'clicked':
      return { event: 'clicked', description: 'The recipient clicked a link in the message' };
    default:
      return null;
  }
}

/**
 * The post's `event-data` as our event: 'ignored' for a kind we do not keep, 'malformed' when it
 * lacks what an event needs (the recipient).
 */
export function mailEventFromMailgun(body: unknown, signedAt: Date): MailEventInput | 'ignored' | 'malformed' {
  const data = obj(obj(body)['event-data']);
  const event = str(data.event);
  const recipient = str(data.recipient);
  if (!event || !recipient) return 'malformed';
  const kind = kindOf(event, str(data.severity));
  if (!kind) return 'ignored';
  const headers = obj(obj(data.message).headers);
  const vars = obj(data['user-variables']);
  const status = obj(data['delivery-status']);
  const seconds = typeof data.timestamp === 'number' && Number.isFinite(data.timestamp) ? data.timestamp : null;
  const messageId = str(headers['message-id']);
  return {
    ...kind,
    eventId: str(data.id) ?? undefined,
    at: seconds === null ? signedAt : new Date(Math.round(seconds * 1000)),
    recipient,
    subject: str(headers.subject),
    templateName: str(vars[MAILGUN_VARIABLES.kind]),
    // Mailgun's events name the Message-ID without its angle brackets; the mailer's have them.
    messageId: messageId ? (messageId.startsWith('<') ? messageId : `<${messageId}>`) : null,
    documentPath: str(vars[MAILGUN_VARIABLES.documentPath]),
    code: typeof status.code === 'number' && Number.isInteger(status.code) ? status.code : null,
    message: str(status.message) ?? str(status.description),
  };
}
