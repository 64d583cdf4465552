/**
 * The Mailgun client of the MailTransport interface, over its documented HTTP API: `POST
 * {base}/v3/{domain}/messages`, Basic auth `api:{key}`, a multipart form (from, to, subject, text,
 * html, attachment parts, `v:` custom variables). No SDK: one fetch per message.
 */
import { MailTransportError, type MailTransport } from './transport';

export interface MailgunConfig {
  /** https://api.mailgun.net (US) or https://api.eu.mailgun.net (EU); no trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** The sending domain, as set up in Mailgun. */
  domain: string;
  /** The webhook signing key (Mailgun: Sending → Webhooks), which signs every event it posts. */
  webhookSigningKey: string;
  timeoutMs: number;
}

/**
 * Custom variables Mailgun sends back in every event's `user-variables`: the outbox row and the
 * message's kind, so a webhook's event is tied to our record without asking Mailgun.
 */
export const MAILGUN_VARIABLES = { documentPath: 'documentPath', kind: 'kind' } as const;

/** How a refusal by HTTP status is described on the failed event (as smtpDescription words SMTP's). */
export function mailgunDescription(status: number | null): string {
  if (status === null) return 'The mail server could not be reached';
  if (status === 429 || status >= 500) return 'Temporary failure: the mail server asked to try again later';
  return 'Permanent failure: the mail server refused the message';
}

export function mailgunTransport(config: MailgunConfig, fetchImpl: typeof fetch = fetch): MailTransport {
  const url = `${config.baseUrl}/v3/${encodeURIComponent(config.domain)}/messages`;
  const authorization = `Basic ${Buffer.from(`api:${config.apiKey}`).toString('base64')}`;
  return {
    name: 'mailgun',
    async send(mail) {
      const form = new FormData();
      form.append('from', mail.from);
      form.append('to', mail.to);
      form.append('subject', mail.subject);
      form.append('text', mail.text);
      if (mail.html) form.append('html', mail.html);
      form.append(`v:${MAILGUN_VARIABLES.documentPath}`, mail.documentPath);
      form.append(`v:${MAILGUN_VARIABLES.kind}`, mail.kind);
      for (const a of mail.attachments ?? []) {
        form.append('attachment', new Blob([new Uint8Array(a.content)], { type: a.contentType ?? 'application/octet-stream' }), a.filename);
      }
      let res: Response;
      try {
        res = await fetchImpl(url, { method: 'POST', headers: { authorization, accept: 'application/json' }, body: form, signal: AbortSignal.timeout(config.timeoutMs) });
      } catch (err) {
        const error = `Mailgun could not be reached: ${(err as Error).message}`;
        throw new MailTransportError(error, { code: null, reply: error, description: mailgunDescription(null) });
      }
      const text = await res.text().catch(() => '');
      const body = parseJson(text);
      if (res.ok && typeof body?.id === 'string') {
        return { messageId: body.id, code: res.status, message: body.message ?? text, description: 'Accepted by the mail server', delivered: false };
      }
      // 401 answers a plain 'Forbidden'; 400 and the rest a JSON message.
      const reply = (res.ok ? 'The answer carried no message id' : body?.message) || text.trim() || res.statusText;
      throw new MailTransportError(`Mailgun refused the message (${res.status}): ${reply}`, { code: res.status, reply, description: mailgunDescription(res.ok ? 502 : res.status) });
    },
    close() {},
  };
}

function parseJson(text: string): { id?: unknown; message?: string } | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as { id?: unknown; message?: string }) : null;
  } catch {
    return null;
  }
}
