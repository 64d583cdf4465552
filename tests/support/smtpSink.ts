import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 (random port, no TLS, no auth) that keeps what it gets, read back
 * as to, subject, text and attachments; it refuses (550 at RCPT TO) recipients starting 'refused'.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (!address.address.startsWith('refused')) return cb();
      const err = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
      err.responseCode = 550;
      cb(err);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...readMime(raw) });
        cb(null, 'OK: queued as TEST1');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port on which nothing listens. */
export async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

type Part = { headers: Map<string, string>; body: string };

function split(entity: string): Part {
  const at = entity.indexOf('\r\n\r\n');
  const head = at < 0 ? entity : entity.slice(0, at);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: at < 0 ? '' : entity.slice(at + 4) };
}

const param = (header: string | undefined, name: string) => new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '')?.[1] ?? null;

function decode(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const text = part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(text, 'latin1');
  }
  return Buffer.from(part.body, 'utf8');
}

/** Just enough MIME for what nodemailer writes: nested multiparts, a text part, attachment parts. */
function readMime(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const top = split(raw);
  const out: Omit<ReceivedMail, 'to' | 'raw'> = { subject: top.headers.get('subject') ?? '', text: '', attachments: [] };
  const walk = (part: Part) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = param(type, 'boundary');
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of part.body.split(`--${boundary}`).slice(1)) if (!piece.startsWith('--')) walk(split(piece.replace(/^\r\n/, '').replace(/\r\n$/, '')));
      return;
    }
    const disposition = part.headers.get('content-disposition');
    if (/^attachment/i.test(disposition ?? '')) {
      out.attachments.push({ filename: param(disposition, 'filename') ?? '', contentType: type.split(';')[0].trim(), content: decode(part) });
    } else if (/^text\/plain/i.test(type)) out.text = decode(part).toString('utf8').replace(/\r\n/g, '\n');
  };
  walk(top);
  return out;
}
