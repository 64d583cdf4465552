import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { signMailgun, startFakeMailgun, type FakeMailgun, type FakeMailgunMessage, type WebhookBody } from '../support/fakeMailgun';
import { mailEvents, mailWebhookTokens } from '../../server/db/schema';
import { MAILGUN_WEBHOOK_PATH } from '../../server/integrations/mail/route';
import { WEBHOOK_WINDOW_MS } from '../../server/integrations/mail/webhook';
import type { MailEventEntry } from '../../domain/support';

/**
 * Mailgun's event webhooks (server/integrations/mail/route.ts): a signed, fresh, first-time post
 * is stored and listed by Verify Email; an unsigned, wrongly signed, stale or replayed one gets 401
 * and stores nothing.
 */
let base: TestApp;
let t: TestApp;
let mailgun: FakeMailgun;
let support: Browser;
let sent: FakeMailgunMessage;
let outboxId: string;

beforeAll(async () => {
  mailgun = await startFakeMailgun();
  // Signed in on an app without a transport, whose outbox keeps the passcode; then the same
  // session on the Mailgun app (another node on the same database).
  base = await createTestApp();
  await createAdmin(base, 'SUPPORT');
  const signedIn = new Browser(base);
  await signedIn.signIn('support@test.example');
  t = await createTestApp({ env: 'production', mail: { transport: 'mailgun', mailgun: { baseUrl: mailgun.baseUrl, apiKey: mailgun.apiKey, domain: mailgun.domain, webhookSigningKey: mailgun.signingKey, timeoutMs: 3000 } } }, { shareDatabaseWith: base });
  support = new Browser(t, { ip: signedIn.ip });
  support.cookies = new Map(signedIn.cookies);
  support.csrf = signedIn.csrf;
  const res = await support.post('admin/sendVerificationEmail', { email: 'dana.reid@alpha.example' });
  expect(res.statusCode, res.body).toBe(200);
  sent = mailgun.messages.at(-1)!;
  outboxId = sent.variables.documentPath.split('/')[1];
});
afterAll(async () => {
  await t?.close();
  await base?.close();
  await mailgun?.close();
});

const seconds = () => Math.floor(t.clock.now().getTime() / 1000);
let nextEvent = 1;

/** An event of the message sent above, as Mailgun's webhook carries it. */
function eventData(event: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event,
    id: `evt-${nextEvent++}`,
    timestamp: seconds() + 1.25,
    recipient: 'dana.reid@alpha.example',
    message: { headers: { 'message-id': sent.id.slice(1, -1), subject: sent.subject, to: 'dana.reid@alpha.example', from: sent.from } },
    'user-variables': sent.variables,
    ...extra,
  };
}

const post = (body: unknown) => t.app.inject({ method: 'POST', url: MAILGUN_WEBHOOK_PATH, payload: body as object, remoteAddress: '198.51.100.7' });

async function stored() {
  const count = async (table: typeof mailEvents | typeof mailWebhookTokens) => (await t.services.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return { events: await count(mailEvents), tokens: await count(mailWebhookTokens) };
}

/** The post is answered 401 and nothing is stored. */
async function refused(body: unknown) {
  const before = await stored();
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json().error.code).toBe('UNAUTHORIZED');
  expect(await stored()).toEqual(before);
}

async function listed(): Promise<MailEventEntry[]> {
  const res = await support.post('admin/getMailgunEvents', { email: 'Dana.Reid@alpha.example' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events;
}

describe('a signed event', () => {
  it('is stored and listed by Verify Email beside the events of the send, tied to the outbox row', async () => {
    const body = mailgun.webhook(eventData('delivered', { 'delivery-status': { code: 250, message: 'OK', description: '' } }), { timestamp: seconds() });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    const events = await listed();
    expect(events.map((e) => e.event)).toEqual(['delivered', 'accepted', 'queued']);
    expect(events[0]).toEqual({
      timestamp: seconds() + 1.25,
      event: 'delivered',
      'delivery-status': { code: 250, message: 'OK', description: 'Accepted by the receiving mail server (the next hop)' },
      message: { headers: { subject: 'Please confirm your e-mail address works', 'message-id': sent.id } },
      template: { name: 'verification' },
      recipient: 'dana.reid@alpha.example',
      id: body['event-data'].id,
      'user-variables': { documentPath: `mail_outbox/${outboxId}` },
    });
    // The send's accepted event carries the Message-ID Mailgun answered: the same one.
    expect(events[1].message.headers['message-id']).toBe(sent.id);
  });

  it.each([
    ['delivered', {}, 'delivered', /^Accepted by the receiving mail server/],
    ['failed', { severity: 'temporary', reason: 'generic', 'delivery-status': { code: 452, message: 'Mailbox full, try later' } }, 'failed', /^Temporary failure/],
    ['failed', { severity: 'permanent', reason: 'bounce', 'delivery-status': { code: 550, message: '5.1.1 No such user' } }, 'failed', /^Permanent failure/],
    ['complained', {}, 'complained', /spam/],
    ['unsubscribed', {}, 'unsubscribed', /unsubscribed/],
    ['opened', { 'client-info': { 'client-name': 'Thunderbird' } }, 'opened', /opened/],
  ] as const)('maps Mailgun %s %j to our %s event', async (kind, extra, ours, description) => {
    const data = eventData(kind, extra);
    expect((await post(mailgun.webhook(data, { timestamp: seconds() }))).statusCode).toBe(200);
    const [row] = await t.services.db.select().from(mailEvents).where(eq(mailEvents.eventId, data.id as string));
    expect(row).toMatchObject({ event: ours, recipient: 'dana.reid@alpha.example', documentPath: `mail_outbox/${outboxId}`, templateName: 'verification' });
    expect(row.deliveryStatusDescription).toMatch(description);
    const status = (extra as { 'delivery-status'?: { code: number; message: string } })['delivery-status'];
    if (status) expect(row).toMatchObject({ deliveryStatusCode: status.code, deliveryStatusMessage: status.message });
  });

  it('of a kind not kept (Mailgun’s stored) is acknowledged and stores no event', async () => {
    const before = await stored();
    expect((await post(mailgun.webhook(eventData('stored'), { timestamp: seconds() }))).statusCode).toBe(200);
    expect((await stored()).events).toBe(before.events);
  });

  it('posted again with a fresh signature is kept once (its event id is known)', async () => {
    const data = eventData('opened');
    expect((await post(mailgun.webhook(data, { timestamp: seconds() }))).statusCode).toBe(200);
    expect((await post(mailgun.webhook(data, { timestamp: seconds() }))).statusCode).toBe(200);
    expect(await t.services.db.select().from(mailEvents).where(eq(mailEvents.eventId, data.id as string))).toHaveLength(1);
  });

  it('without a recipient is answered 406, so Mailgun does not post it again, and stores nothing', async () => {
    const before = await stored();
    const { recipient: _, ...data } = eventData('delivered');
    expect((await post(mailgun.webhook(data, { timestamp: seconds() }))).statusCode).toBe(406);
    expect(await stored()).toEqual(before);
  });
});

describe('a post that is not Mailgun’s own, or not new', () => {
  it('unsigned: 401, nothing stored', async () => {
    await refused({ 'event-data': eventData('delivered') });
    const body = mailgun.webhook(eventData('delivered'), { timestamp: seconds() });
    await refused({ ...body, signature: { timestamp: body.signature.timestamp, token: body.signature.token } });
    await refused({ ...body, signature: { ...body.signature, token: '' } });
    await refused({});
  });

  it('wrongly signed: another key, a changed timestamp or token, a malformed signature: 401, nothing stored', async () => {
    await refused(mailgun.webhook(eventData('delivered'), { timestamp: seconds(), key: 'not-the-signing-key' }));
    const body = mailgun.webhook(eventData('delivered'), { timestamp: seconds() });
    await refused({ ...body, signature: { ...body.signature, timestamp: String(seconds() + 1) } });
    await refused({ ...body, signature: { ...body.signature, token: `${body.signature.token}0` } });
    await refused({ ...body, signature: { ...body.signature, signature: body.signature.signature.slice(0, 63) } });
    await refused({ ...body, signature: { ...body.signature, signature: 'z'.repeat(64) } });
    // Untouched, the same post passes.
    expect((await post(body)).statusCode).toBe(200);
  });

  it('stale: signed more than the window ago or ahead: 401, nothing stored; just inside it passes', async () => {
    const window = WEBHOOK_WINDOW_MS / 1000;
    await refused(mailgun.webhook(eventData('delivered'), { timestamp: seconds() - window - 1 }));
    await refused(mailgun.webhook(eventData('delivered'), { timestamp: seconds() + window + 1 }));
    expect((await post(mailgun.webhook(eventData('delivered'), { timestamp: seconds() - window + 1 }))).statusCode).toBe(200);
  });

  it('replayed: the same post again, or its token signed anew: 401, nothing stored', async () => {
    const body: WebhookBody = mailgun.webhook(eventData('delivered'), { timestamp: seconds() });
    expect((await post(body)).statusCode).toBe(200);
    await refused(body);
    const timestamp = String(seconds() + 2);
    await refused({ ...body, signature: { timestamp, token: body.signature.token, signature: signMailgun(mailgun.signingKey, timestamp, body.signature.token) } });
  });

  it('forgets used tokens once they are past the window (a replay of one is stale by then)', async () => {
    const body = mailgun.webhook(eventData('opened'), { timestamp: seconds() });
    expect((await post(body)).statusCode).toBe(200);
    t.clock.advance(2 * WEBHOOK_WINDOW_MS + 1000);
    expect((await post(mailgun.webhook(eventData('opened'), { timestamp: seconds() }))).statusCode).toBe(200);
    expect(await t.services.db.select().from(mailWebhookTokens).where(eq(mailWebhookTokens.token, body.signature.token))).toEqual([]);
    await refused(body);
  });
});

it('is not found with the default SMTP transport (nothing signs for it), and stores nothing', async () => {
  const before = await stored();
  const res = await base.app.inject({ method: 'POST', url: MAILGUN_WEBHOOK_PATH, payload: mailgun.webhook(eventData('delivered'), { timestamp: seconds() }) });
  expect(res.statusCode).toBe(404);
  expect(await stored()).toEqual(before);
});
