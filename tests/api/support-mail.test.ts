import net from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { refusalCheck } from '../support/answers';
import { auditLog, mailEvents, mailOutbox } from '../../server/db/schema';
import { recordMailEvent } from '../../server/integrations/mail/events';
import { MAIL_TOOL_MESSAGES, mailDocumentPath, type MailEventEntry } from '../../domain/support';

/**
 * The Verify Email calls (server/rpc/supportMail.ts) and the mail events the mailer records
 * (server/mail/mailer.ts), against a real SMTP server that accepts, one that refuses some
 * recipients, and a port nothing listens on. Every app shares one database; sessions are made on
 * the app without SMTP, so their passcodes can be read from the outbox.
 */

interface Received { to: string[]; raw: string }

/** A real SMTP server on 127.0.0.1: refuses recipients whose address starts with 'refused', and data for 'dataless'. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('refused')) {
        const err = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (to.some((a) => a.startsWith('dataless'))) {
          const err = new Error('5.7.1 Message rejected by policy') as Error & { responseCode: number };
          err.responseCode = 554;
          return cb(err);
        }
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        cb(null, 'OK: queued as TEST1');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let base: TestApp;
let live: TestApp;
let dead: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const signedIn = {} as Record<'SUPPORT' | 'VIEWER', Browser>;

/** The signed-in browser `b`, talking to `app` (another node on the same database). */
function on(app: TestApp, b: Browser): Browser {
  const copy = new Browser(app, { ip: b.ip });
  copy.cookies = new Map(b.cookies);
  copy.csrf = b.csrf;
  return copy;
}

beforeAll(async () => {
  base = await createTestApp();
  smtp = await startSmtp();
  live = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, env: 'production' }, { shareDatabaseWith: base });
  // Nothing listens: the connection is refused at once; the short timeout keeps any other failure quick.
  dead = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await deadPort()}?connectionTimeout=1500&greetingTimeout=1500`, env: 'production' }, { shareDatabaseWith: base });
  for (const role of ['SUPPORT', 'VIEWER'] as const) {
    await createAdmin(base, role);
    signedIn[role] = new Browser(base);
    await signedIn[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(async () => {
  await dead?.close();
  await live?.close();
  await smtp?.close();
  await base?.close();
});

const db = () => base.services.db;
const eventsOf = (email: string) =>
  db()
    .select()
    .from(mailEvents)
    .where(sql`lower(${mailEvents.recipient}) = lower(${email})`)
    .orderBy(mailEvents.id);

async function listed(b: Browser, email: string): Promise<MailEventEntry[]> {
  const res = await b.post('admin/getMailgunEvents', { email });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().events;
}

const latestPath = async (email: string) => (await listed(signedIn.SUPPORT, email))[0]['user-variables'].documentPath!;

async function state() {
  const count = async (t: typeof mailEvents | typeof mailOutbox | typeof auditLog) => (await db().select({ n: sql<number>`count(*)::int` }).from(t))[0].n;
  return { events: await count(mailEvents), outbox: await count(mailOutbox), audit: await count(auditLog), received: smtp.received.length };
}

/** The call is answered `status` with `message` and writes nothing and sends nothing. */
const refused = refusalCheck(state);

describe('the mailer records mail events', () => {
  it('queued, accepted and delivered, with the SMTP reply, for a message the server takes', async () => {
    const b = on(live, signedIn.SUPPORT);
    const res = await b.post('admin/sendVerificationEmail', { email: 'Dana.Reid@alpha.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MAIL_TOOL_MESSAGES.verificationSent });

    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['Dana.Reid@alpha.example']);
    const [outbox] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'Dana.Reid@alpha.example'));
    expect(outbox).toMatchObject({ status: 'sent', kind: 'verification' });
    const messageId = `<${outbox.id}@fleet-network.local>`;
    expect(mail.raw).toContain(`Message-ID: ${messageId}`);

    const rows = await eventsOf('dana.reid@alpha.example');
    expect(rows.map((r) => r.event)).toEqual(['queued', 'accepted', 'delivered']);
    for (const r of rows) {
      expect(r).toMatchObject({
        recipient: 'Dana.Reid@alpha.example',
        subject: outbox.subject,
        templateName: 'verification',
        messageId,
        documentPath: `mail_outbox/${outbox.id}`,
      });
    }
    expect(rows[0]).toMatchObject({ deliveryStatusCode: null, deliveryStatusMessage: null });
    expect(rows[1]).toMatchObject({ deliveryStatusCode: 250, deliveryStatusMessage: 'OK: queued as TEST1' });
    expect(rows[2]).toMatchObject({ deliveryStatusCode: 250, deliveryStatusMessage: 'OK: queued as TEST1' });
    expect(rows[2].deliveryStatusDescription).toMatch(/next hop/);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(3);

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.recordId, outbox.id));
    expect(audit).toMatchObject({ slug: 'admin/sendVerificationEmail', recordType: 'mail', after: { to: 'Dana.Reid@alpha.example', kind: 'verification', status: 'sent' } });
  });

  it('failed, with the code and text, for a recipient the server refuses (550 at RCPT TO)', async () => {
    const res = await on(live, signedIn.SUPPORT).post('admin/sendVerificationEmail', { email: 'refused@alpha.example' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error.message).toBe(MAIL_TOOL_MESSAGES.sendFailed);
    const rows = await eventsOf('refused@alpha.example');
    expect(rows.map((r) => r.event)).toEqual(['queued', 'failed']);
    expect(rows[1]).toMatchObject({ deliveryStatusCode: 550 });
    expect(rows[1].deliveryStatusMessage).toContain('Mailbox unavailable');
    expect(rows[1].deliveryStatusDescription).toMatch(/^Permanent/);
    // The attempt is audited too.
    const [outbox] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'refused@alpha.example'));
    expect(outbox.status).toBe('failed');
    expect((await db().select().from(auditLog).where(eq(auditLog.recordId, outbox.id)))[0].after).toMatchObject({ status: 'failed' });
  });

  it('failed, with the code, for a message refused after its data (554)', async () => {
    await on(live, signedIn.SUPPORT).post('admin/sendVerificationEmail', { email: 'dataless@alpha.example' });
    const rows = await eventsOf('dataless@alpha.example');
    expect(rows.map((r) => r.event)).toEqual(['queued', 'failed']);
    expect(rows[1]).toMatchObject({ deliveryStatusCode: 554 });
    expect(rows[1].deliveryStatusMessage).toContain('Message rejected by policy');
  });

  it('failed, with the error and no code, when the server cannot be reached', async () => {
    const started = Date.now();
    const res = await on(dead, signedIn.SUPPORT).post('admin/sendVerificationEmail', { email: 'nowhere@alpha.example' });
    expect(res.statusCode, res.body).toBe(502);
    expect(Date.now() - started).toBeLessThan(5000);
    const rows = await eventsOf('nowhere@alpha.example');
    expect(rows.map((r) => r.event)).toEqual(['queued', 'failed']);
    expect(rows[1].deliveryStatusCode).toBeNull();
    expect(rows[1].deliveryStatusMessage).toMatch(/ECONNREFUSED|connect/i);
    expect(rows[1].deliveryStatusDescription).toMatch(/could not be reached/);
  });

  it('queued only, when there is no SMTP server; the notice says so', async () => {
    const res = await signedIn.SUPPORT.post('admin/sendVerificationEmail', { email: 'kept@alpha.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MAIL_TOOL_MESSAGES.verificationKept);
    expect((await eventsOf('kept@alpha.example')).map((r) => r.event)).toEqual(['queued']);
  });

  it('takes events from elsewhere (a provider webhook) through recordMailEvent', async () => {
    const at = new Date(base.clock.now().getTime() + 60_000);
    await recordMailEvent(db(), { event: 'opened', at, recipient: 'kept@alpha.example', eventId: 'provider-1', subject: 'S', templateName: 'verification' });
    const [row] = await db().select().from(mailEvents).where(eq(mailEvents.eventId, 'provider-1'));
    expect(row).toMatchObject({ event: 'opened', recipient: 'kept@alpha.example', documentPath: null, deliveryStatusCode: null });
    await db().delete(mailEvents).where(eq(mailEvents.eventId, 'provider-1'));
  });
});

describe('admin/getMailgunEvents', () => {
  it('lists an address’s events, any case, newest first, shaped as spec 3 §3', async () => {
    const events = await listed(signedIn.SUPPORT, 'DANA.REID@ALPHA.EXAMPLE');
    expect(events.map((e) => e.event)).toEqual(['delivered', 'accepted', 'queued']);
    const [outbox] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'Dana.Reid@alpha.example'));
    const [row] = await db().select().from(mailEvents).where(eq(mailEvents.event, 'delivered')).orderBy(desc(mailEvents.id)).limit(1);
    expect(events[0]).toEqual({
      timestamp: row.at.getTime() / 1000,
      event: 'delivered',
      'delivery-status': { code: 250, message: 'OK: queued as TEST1', description: row.deliveryStatusDescription },
      message: { headers: { subject: outbox.subject, 'message-id': `<${outbox.id}@fleet-network.local>` } },
      template: { name: 'verification' },
      recipient: 'Dana.Reid@alpha.example',
      id: row.eventId,
      'user-variables': { documentPath: mailDocumentPath(outbox.id) },
    });
    expect(Number.isFinite(events[0].timestamp)).toBe(true);
  });

  it('answers success with no events for an address with none; a viewer of the permission may list', async () => {
    expect(await listed(signedIn.SUPPORT, 'nobody@alpha.example')).toEqual([]);
  });

  it('keeps to the latest 100', async () => {
    const at = base.clock.now();
    await db().insert(mailEvents).values(Array.from({ length: 105 }, (_, i) => ({ eventId: `many-${i}`, event: 'opened', at, recipient: 'many@alpha.example' })));
    const events = await listed(signedIn.SUPPORT, 'many@alpha.example');
    expect(events).toHaveLength(100);
    expect(events[0].id).toBe('many-104');
  });
});

describe('email/resendEmail', () => {
  it('resends the most recent e-mail to the same address, then to a new one; an older one is refused', async () => {
    const b = on(live, signedIn.SUPPORT);
    const first = await latestPath('dana.reid@alpha.example');
    const res = await b.post('email/resendEmail', { emailQueueDocPath: first, newEmailId: '', isNewEmail: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resendEmail: { success: true, message: `${MAIL_TOOL_MESSAGES.resent} to Dana.Reid@alpha.example` } });
    const again = smtp.received.at(-1)!;
    expect(again.to).toEqual(['Dana.Reid@alpha.example']);
    expect(again.raw).toMatch(/^Subject: Please confirm your e-mail address works$/m);

    // The resend is now the most recent: the first one can no longer be resent.
    await refused(() => b.post('email/resendEmail', { emailQueueDocPath: first, isNewEmail: false }), 409, MAIL_TOOL_MESSAGES.notLatest);

    const second = await latestPath('dana.reid@alpha.example');
    expect(second).not.toBe(first);
    const toNew = await b.post('email/resendEmail', { emailQueueDocPath: second, newEmailId: ' new.dana@beta.example ', isNewEmail: true });
    expect(toNew.statusCode, toNew.body).toBe(200);
    expect(toNew.json().resendEmail.message).toBe(`${MAIL_TOOL_MESSAGES.resent} to new.dana@beta.example`);
    expect(smtp.received.at(-1)!.to).toEqual(['new.dana@beta.example']);
    const events = await listed(signedIn.SUPPORT, 'new.dana@beta.example');
    expect(events.map((e) => e.event)).toEqual(['delivered', 'accepted', 'queued']);
    expect(events[0].message.headers.subject).toBe('Please confirm your e-mail address works');

    const audits = await db().select().from(auditLog).where(eq(auditLog.slug, 'email/resendEmail')).orderBy(auditLog.id);
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ recordType: 'mail', before: { resentFrom: second, to: 'Dana.Reid@alpha.example' }, after: { to: 'new.dana@beta.example', status: 'sent' } });
  });

  it('refuses a missing or unknown document path with its notice', async () => {
    const b = on(live, signedIn.SUPPORT);
    for (const emailQueueDocPath of [undefined, null, '', 'users/1', 'mail_outbox/not-an-id', mailDocumentPath('6f1c2d3e-4a5b-4c6d-8e7f-001122334455')]) {
      await refused(() => b.post('email/resendEmail', { emailQueueDocPath, isNewEmail: false }), 404, MAIL_TOOL_MESSAGES.noDocumentPath);
    }
  });

  it('never resends a passcode e-mail, even the most recent one', async () => {
    // The SUPPORT admin's sign-in passcode went through the outbox only (no SMTP): its text still holds the code.
    const path = await latestPath('support@test.example');
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, path.split('/')[1]));
    expect(row.kind).toBe('otp');
    await refused(() => on(live, signedIn.SUPPORT).post('email/resendEmail', { emailQueueDocPath: path, isNewEmail: true, newEmailId: 'thief@evil.example' }), 400, MAIL_TOOL_MESSAGES.carriesSecret);
  });

  it('says when a resend could not be sent', async () => {
    const path = await latestPath('kept@alpha.example');
    const res = await on(dead, signedIn.SUPPORT).post('email/resendEmail', { emailQueueDocPath: path, isNewEmail: false });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error.message).toBe(MAIL_TOOL_MESSAGES.resendFailed);
  });
});

describe('validation and permission', () => {
  it("answers 'Email is required' and 'Email is not valid', writing nothing", async () => {
    const b = on(live, signedIn.SUPPORT);
    for (const slug of ['admin/sendVerificationEmail', 'admin/getMailgunEvents']) {
      await refused(() => b.post(slug, { email: '' }), 400, 'Email is required');
      await refused(() => b.post(slug, {}), 400, 'Email is required');
      const res = await refused(() => b.post(slug, { email: 'dana@alpha' }), 400, 'Email is not valid');
      expect(res.json().error.fields).toEqual({ email: 'Email is not valid' });
    }
  });

  it("answers 'Enter a valid Email address' for a bad new address, and the limit over 100", async () => {
    const b = on(live, signedIn.SUPPORT);
    const path = await latestPath('dana.reid@alpha.example');
    await refused(() => b.post('email/resendEmail', { emailQueueDocPath: path, newEmailId: 'nope', isNewEmail: true }), 400, 'Enter a valid Email address');
    await refused(() => b.post('email/resendEmail', { emailQueueDocPath: path, newEmailId: '', isNewEmail: true }), 400, 'Enter a valid Email address');
    const long = `${'a'.repeat(87)}@alpha.example`;
    expect(long.length).toBe(101);
    await refused(() => b.post('email/resendEmail', { emailQueueDocPath: path, newEmailId: long, isNewEmail: true }), 400, MAIL_TOOL_MESSAGES.resendEmailTooLong);
  });

  it('refuses a viewer every call, sending and writing nothing', async () => {
    const b = on(live, signedIn.VIEWER);
    const path = await latestPath('dana.reid@alpha.example');
    await refused(() => b.post('admin/sendVerificationEmail', { email: 'dana.reid@alpha.example' }), 403);
    await refused(() => b.post('admin/getMailgunEvents', { email: 'dana.reid@alpha.example' }), 403);
    await refused(() => b.post('email/resendEmail', { emailQueueDocPath: path, isNewEmail: false }), 403);
  });
});
