import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, latestOtp, LogCapture, PASSCODE_IN_MAIL, TEST_PASSWORD, type TestApp } from '../support/app';
import { mailOutbox } from '../../server/db/schema';

interface Received { from: string; to: string[]; raw: string }

/** A real SMTP server on 127.0.0.1 (random port, no TLS, any credentials) that keeps what it gets. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port on which nothing listens. */
async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function outboxRow(t: TestApp, email: string) {
  const last = t.mails.filter((m) => m.to === email).at(-1)!;
  const [row] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, last.id));
  return row;
}

let base: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  base = await createTestApp();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await base.close();
});

describe('passcode e-mail', () => {
  it('is delivered over SMTP; the delivered code works; the outbox row is sent and no longer holds the code', async () => {
    const log = new LogCapture();
    const t = await createTestApp({ smtpUrl: `smtp://user:pass@127.0.0.1:${smtp.port}`, env: 'production' }, { shareDatabaseWith: base, logger: log.options() });
    try {
      const a = await createAdmin(t, 'EDITOR', 'smtp@test.example');
      const b = new Browser(t);
      expect((await b.login(a.email)).statusCode).toBe(200);
      const mail = smtp.received.at(-1)!;
      expect(mail.to).toEqual(['smtp@test.example']);
      expect(mail.raw).toMatch(/^Subject: Your one-time passcode$/m);
      const code = mail.raw.match(PASSCODE_IN_MAIL)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect((await b.otp(code!)).json().claims.mfaOtpVerified).toBe(true);

      const row = await outboxRow(t, a.email);
      expect(row.status).toBe('sent');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.kind).toBe('otp');
      expect(row.text).not.toContain(code);
      expect(log.raw).not.toContain(code);
      expect(log.raw).not.toContain(TEST_PASSWORD);
    } finally {
      await t.close();
    }
  });

  it('marks the row failed and logs the failure when the SMTP server is down', async () => {
    const log = new LogCapture();
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await deadPort()}`, env: 'production' }, { shareDatabaseWith: base, logger: log.options() });
    try {
      const a = await createAdmin(t, 'EDITOR', 'down@test.example');
      expect((await new Browser(t).login(a.email)).statusCode).toBe(200);
      const row = await outboxRow(t, a.email);
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      const line = log.lines.find((l) => l.msg === 'mail could not be sent') as { level: number; mailId: string; kind: string };
      expect(line).toMatchObject({ level: 50, mailId: row.id, kind: 'otp' });
      const code = row.text.match(PASSCODE_IN_MAIL)![1];
      expect(log.raw).not.toContain(code);
    } finally {
      await t.close();
    }
  });

  it('stays in the outbox without SMTP; in production the code is never logged', async () => {
    const log = new LogCapture();
    const t = await createTestApp({ env: 'production' }, { shareDatabaseWith: base, logger: log.options() });
    try {
      const a = await createAdmin(t, 'EDITOR', 'outbox@test.example');
      const b = new Browser(t);
      // A whole sign-in with every kind of mistake on the way.
      await b.login(a.email, 'the wrong password');
      await b.post('auth/login', { userName: a.email, password: '' });
      await b.login(a.email);
      const code = await latestOtp(t, a.email);
      const row = await outboxRow(t, a.email);
      expect(row.status).toBe('outbox');
      expect(row.sentAt).toBeNull();
      await b.otp(code === '000000' ? '111111' : '000000');
      await b.otp('12345');
      expect((await b.otp(code)).json().claims.mfaOtpVerified).toBe(true);
      await b.post('auth/logout');

      expect(log.lines.some((l) => l.msg === 'mail kept in the outbox (no SMTP_URL)')).toBe(true);
      expect(log.lines.some((l) => l.event === 'authn_login_fail')).toBe(true);
      expect(log.raw).not.toContain(code);
      expect(log.raw).not.toContain(TEST_PASSWORD);
      expect(log.raw).not.toContain('the wrong password');
      expect(log.raw).not.toContain(b.csrf);
    } finally {
      await t.close();
    }
  });

  it('is logged outside production without SMTP, so a local user can sign in', async () => {
    const log = new LogCapture();
    const t = await createTestApp({ env: 'development' }, { shareDatabaseWith: base, logger: log.options() });
    try {
      const a = await createAdmin(t, 'EDITOR', 'dev@test.example');
      await new Browser(t).login(a.email);
      const code = await latestOtp(t, a.email);
      expect(log.raw).toContain(`One-time passcode for dev@test.example: ${code}`);
    } finally {
      await t.close();
    }
  });
});
