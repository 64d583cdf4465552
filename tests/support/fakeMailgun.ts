import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mailgun's messages API, answering as its documentation shows:
 * `POST /v3/{domain}/messages` with Basic auth `api:{key}` and a multipart (or url-encoded) form;
 * 200 `{ id, message: 'Queued. Thank you.' }`, 401 'Forbidden' for a wrong key, 404 for an unknown
 * domain, 400 `{ message }` for a missing or invalid parameter; any status can be injected. Also
 * signs webhook posts the way Mailgun does, with its signing key.
 */
export interface FakeMailgunMessage {
  id: string;
  domain: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The `v:` custom variables, by name. */
  variables: Record<string, string>;
  /** The `h:` headers, by name. */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface FakeMailgun {
  baseUrl: string;
  domain: string;
  apiKey: string;
  signingKey: string;
  messages: FakeMailgunMessage[];
  /** Answers every send with this status (and `{ message }`) until cleared (null). */
  failWith: { status: number; message: string } | null;
  /** Requests refused 401 so far. */
  unauthorized: number;
  /** A webhook post's body as Mailgun would send it, signed at `timestamp` (seconds) with `token`. */
  webhook(eventData: Record<string, unknown>, opts?: { timestamp?: number; token?: string; key?: string }): WebhookBody;
  close(): Promise<void>;
}

export interface WebhookBody {
  signature: { timestamp: string; token: string; signature: string };
  'event-data': Record<string, unknown>;
}

/** Mailgun's signature: hex HMAC-SHA256 of timestamp + token, keyed by the webhook signing key. */
export function signMailgun(key: string, timestamp: string, token: string): string {
  return crypto.createHmac('sha256', key).update(timestamp + token).digest('hex');
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** A bare address or 'Name <address>'. */
const addressOf = (v: string) => (/<([^>]+)>\s*$/.exec(v)?.[1] ?? v).trim();

export async function startFakeMailgun(): Promise<FakeMailgun> {
  let n = 0;
  const fake = {
    domain: 'mg.fleet-network.example',
    apiKey: 'key-0123456789abcdef',
    signingKey: 'signing-key-fedcba9876543210',
    messages: [] as FakeMailgunMessage[],
    failWith: null as { status: number; message: string } | null,
    unauthorized: 0,
    webhook(eventData: Record<string, unknown>, opts: { timestamp?: number; token?: string; key?: string } = {}): WebhookBody {
      const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
      const token = opts.token ?? crypto.randomBytes(25).toString('hex');
      return { signature: { timestamp, token, signature: signMailgun(opts.key ?? fake.signingKey, timestamp, token) }, 'event-data': eventData };
    },
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = url.pathname.match(/^\/v3\/([^/]+)\/messages$/);
    if (req.method !== 'POST' || !match) return json(res, 404, { message: 'Not Found' });
    const basic = `Basic ${Buffer.from(`api:${fake.apiKey}`).toString('base64')}`;
    if (req.headers.authorization !== basic) {
      fake.unauthorized += 1;
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('Forbidden');
    }
    if (decodeURIComponent(match[1]) !== fake.domain) return json(res, 404, { message: `Domain not found: ${match[1]}` });
    // The platform's own multipart and url-encoded parsers, as Mailgun takes either.
    const body = await readBody(req);
    let form: FormData;
    try {
      form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(body) }).formData();
    } catch {
      return json(res, 400, { message: 'Invalid request body' });
    }
    if (fake.failWith) return json(res, fake.failWith.status, { message: fake.failWith.message });
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : null;
    };
    for (const name of ['from', 'to', 'subject']) if (!field(name)) return json(res, 400, { message: `'${name}' parameter is missing` });
    if (!field('text') && !field('html')) return json(res, 400, { message: 'Need at least one of \'text\' or \'html\' parameters specified' });
    const to = form.getAll('to').flatMap((v) => String(v).split(',')).map((v) => addressOf(v));
    if (to.some((a) => !ADDRESS.test(a))) return json(res, 400, { message: `'to' parameter is not a valid address. please check documentation` });
    const variables: Record<string, string> = {};
    const headers: Record<string, string> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value !== 'string') continue;
      if (key.startsWith('v:')) variables[key.slice(2)] = value;
      if (key.startsWith('h:')) headers[key.slice(2)] = value;
    }
    const attachments = await Promise.all(
      form.getAll('attachment').filter((v): v is File => typeof v !== 'string').map(async (f) => ({ filename: f.name, contentType: f.type, content: Buffer.from(await f.arrayBuffer()) })),
    );
    n += 1;
    const id = `<20260105090000.${n}.${crypto.randomBytes(4).toString('hex')}@${fake.domain}>`;
    fake.messages.push({ id, domain: fake.domain, from: field('from')!, to, subject: field('subject')!, text: field('text') ?? '', html: field('html'), variables, headers, attachments });
    return json(res, 200, { id, message: 'Queued. Thank you.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.defineProperties(fake, {
    baseUrl: { value: base },
    close: { value: () => new Promise<void>((resolve) => server.close(() => resolve())) },
  }) as FakeMailgun;
}
