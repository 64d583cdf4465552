import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { deadPort, startSmtpSink, type ReceivedMail } from '../support/smtpSink';
import { startFakeMailgun, type FakeMailgun } from '../support/fakeMailgun';
import { mailEvents, mailOutbox } from '../../server/db/schema';
import type { Config } from '../../server/config';
import { smtpTransport } from '../../server/integrations/mail/smtp';
import { mailgunTransport, type MailgunConfig } from '../../server/integrations/mail/mailgun';
import { MailTransportError, type MailTransport, type OutgoingMail } from '../../server/integrations/mail/transport';
import { MAIL_TOOL_MESSAGES, type MailEventEntry } from '../../domain/support';

/**
 * The mail transport contract, over SMTP (a real SMTP server on 127.0.0.1) and Mailgun (the local
 * fake of its messages API): the same message arrives the same, the outbox and the mail events
 * record it the same, and a refusal or an unreachable server is reported the same.
 */
let base: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let mailgun: FakeMailgun;
let nowhere: number;
let support: Browser;

beforeAll(async () => {
  base = await createTestApp();
  smtp = await startSmtpSink();
  mailgun = await startFakeMailgun();
  nowhere = await deadPort();
  await createAdmin(base, 'SUPPORT');
  support = new Browser(base);
  await support.signIn('support@test.example');
});
afterAll(async () => {
  await mailgun?.close();
  await smtp?.close();
  await base?.close();
});

const mailgunConfig = (over: Partial<MailgunConfig> = {}): MailgunConfig => ({ baseUrl: mailgun.baseUrl, apiKey: mailgun.apiKey, domain: mailgun.domain, webhookSigningKey: mailgun.signingKey, timeoutMs: 3000, ...over });

/** Each transport, how its messages are read back where they arrive, and how it is made to refuse one. */
interface Subject {
  name: 'smtp' | 'mailgun';
  transport(): MailTransport;
  unreachable(): MailTransport;
  config(): Partial<Config>;
  received(): Omit<ReceivedMail, 'raw'>[];
  /** A recipient this transport's server refuses outright, and the code it answers. */
  refusal: { to: string; code: number; arm(): void; disarm(): void };
}

const SUBJECTS: Subject[] = [
  {
    name: 'smtp',
    transport: () => smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
    unreachable: () => smtpTransport(`smtp://127.0.0.1:${nowhere}?connectionTimeout=1500&greetingTimeout=1500`),
    config: () => ({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, env: 'production' }),
    received: () => smtp.received,
    refusal: { to: 'refused@alpha.example', code: 550, arm() {}, disarm() {} },
  },
  {
    name: 'mailgun',
    transport: () => mailgunTransport(mailgunConfig()),
    unreachable: () => mailgunTransport(mailgunConfig({ baseUrl: `http://127.0.0.1:${nowhere}` })),
    config: () => ({ env: 'production', mail: { transport: 'mailgun', mailgun: mailgunConfig() } }),
    // A multipart form carries line breaks as CRLF (as the SMTP message does): read back as lines.
    received: () => mailgun.messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text.replace(/\r\n/g, '\n'), attachments: m.attachments })),
    refusal: {
      to: 'refused@alpha.example',
      code: 400,
      arm: () => void (mailgun.failWith = { status: 400, message: "'to' parameter is not a valid address. please check documentation" }),
      disarm: () => void (mailgun.failWith = null),
    },
  },
];

const CSV = Buffer.from('Supplier,Labour rate\r\nQuay Tyres,62.50\r\n');

function outgoing(to: string, subject: string): OutgoingMail {
  return {
    messageId: `<00000000-0000-4000-8000-000000000001@fleet-network.local>`,
    documentPath: 'mail_outbox/00000000-0000-4000-8000-000000000001',
    kind: 'networkExport',
    from: 'Fleet Network Console <no-reply@fleet-network.local>',
    to,
    subject,
    text: 'Hello Dana,\n\nThe network export you requested is attached.\n',
    attachments: [{ filename: 'network-export.csv', content: CSV, contentType: 'text/csv' }],
  };
}

describe.each(SUBJECTS)('the mail transport contract: $name', (subject) => {
  it('delivers the message with its recipient, subject, text and attachments, and answers its Message-ID', async () => {
    const transport = subject.transport();
    try {
      const sent = await transport.send(outgoing('dana.reid@alpha.example', `Network export (${subject.name})`));
      expect(sent.messageId).toMatch(/^<.+@.+>$/);
      expect(sent.code).toBeGreaterThanOrEqual(200);
      expect(sent.code).toBeLessThan(300);
      const got = subject.received().at(-1)!;
      expect(got.to).toEqual(['dana.reid@alpha.example']);
      expect(got.subject).toBe(`Network export (${subject.name})`);
      expect(got.text.trim()).toBe('Hello Dana,\n\nThe network export you requested is attached.');
      expect(got.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('utf8') }))).toEqual([
        { filename: 'network-export.csv', contentType: 'text/csv', content: CSV.toString('utf8') },
      ]);
    } finally {
      transport.close();
    }
  });

  it('reports a refused message as a permanent failure with the server’s code', async () => {
    const transport = subject.transport();
    subject.refusal.arm();
    try {
      const err = await transport.send(outgoing(subject.refusal.to, 'Refused')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MailTransportError);
      expect(err).toMatchObject({ code: subject.refusal.code, description: expect.stringMatching(/^Permanent failure/) });
    } finally {
      subject.refusal.disarm();
      transport.close();
    }
  });

  it('reports an unreachable server as a failure with no code', async () => {
    const transport = subject.unreachable();
    try {
      const err = await transport.send(outgoing('dana.reid@alpha.example', 'Nowhere')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MailTransportError);
      expect(err).toMatchObject({ code: null, description: 'The mail server could not be reached' });
    } finally {
      transport.close();
    }
  });

  describe('through the app', () => {
    let t: TestApp;
    let b: Browser;
    beforeAll(async () => {
      t = await createTestApp(subject.config(), { shareDatabaseWith: base });
      b = new Browser(t, { ip: support.ip });
      b.cookies = new Map(support.cookies);
      b.csrf = support.csrf;
    });
    afterAll(() => t?.close());

    const listed = async (email: string): Promise<MailEventEntry[]> => {
      const res = await b.post('admin/getMailgunEvents', { email });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().events;
    };

    it('keeps the message in the outbox as sent, attachments noted, and records queued then accepted', async () => {
      const to = `export.${subject.name}@alpha.example`;
      const result = await t.services.mailer.send({ to, subject: 'Network export: network-export.csv', text: 'Attached.\n', kind: 'networkExport', attachments: [{ filename: 'network-export.csv', content: CSV, contentType: 'text/csv' }] });
      expect(result.status).toBe('sent');
      const [row] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
      expect(row).toMatchObject({ to, status: 'sent', kind: 'networkExport', attachments: [{ filename: 'network-export.csv', contentType: 'text/csv', size: CSV.length }] });
      expect(subject.received().at(-1)!.attachments[0].content.equals(CSV)).toBe(true);

      const events = (await listed(to)).reverse();
      // An SMTP server's 250 is the next hop taking it (delivered at once); Mailgun's webhook says delivered later.
      expect(events.map((e) => e.event)).toEqual(subject.name === 'smtp' ? ['queued', 'accepted', 'delivered'] : ['queued', 'accepted']);
      for (const e of events) {
        expect(e).toMatchObject({ recipient: to, template: { name: 'networkExport' }, message: { headers: { subject: 'Network export: network-export.csv' } }, 'user-variables': { documentPath: `mail_outbox/${result.id}` } });
      }
      expect(events[1]['delivery-status']).toMatchObject({ code: subject.name === 'smtp' ? 250 : 200, description: 'Accepted by the mail server' });
      expect(events[1].message.headers['message-id']).toMatch(/^<.+@.+>$/);
    });

    it('sends the verification e-mail and says so', async () => {
      const res = await b.post('admin/sendVerificationEmail', { email: `verify.${subject.name}@alpha.example` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MAIL_TOOL_MESSAGES.verificationSent);
      expect(subject.received().at(-1)!.subject).toBe('Please confirm your e-mail address works');
    });

    it('marks a refused message failed in the outbox and records the failure with its code: the call answers 502', async () => {
      subject.refusal.arm();
      try {
        const res = await b.post('admin/sendVerificationEmail', { email: subject.refusal.to.replace('@', `.${subject.name}@`) });
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json().error.message).toBe(MAIL_TOOL_MESSAGES.sendFailed);
      } finally {
        subject.refusal.disarm();
      }
      const to = subject.refusal.to.replace('@', `.${subject.name}@`);
      const [row] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      expect(row.status).toBe('failed');
      expect(row.error).toEqual(expect.any(String));
      const rows = await t.services.db.select().from(mailEvents).where(sql`lower(${mailEvents.recipient}) = ${to}`).orderBy(mailEvents.id);
      expect(rows.map((r) => r.event)).toEqual(['queued', 'failed']);
      expect(rows[1]).toMatchObject({ deliveryStatusCode: subject.refusal.code, deliveryStatusDescription: expect.stringMatching(/^Permanent failure/) });
    });
  });
});

describe('the Mailgun client', () => {
  it("posts Mailgun's form: Basic auth with the key, the sender, and the outbox row and kind as custom variables", async () => {
    const transport = mailgunTransport(mailgunConfig());
    await transport.send({ ...outgoing('dana.reid@alpha.example', 'Variables'), html: '<p>Hello</p>' });
    expect(mailgun.messages.at(-1)).toMatchObject({
      from: 'Fleet Network Console <no-reply@fleet-network.local>',
      html: '<p>Hello</p>',
      variables: { documentPath: 'mail_outbox/00000000-0000-4000-8000-000000000001', kind: 'networkExport' },
    });
  });

  it('reports a wrong key (401 Forbidden) and a busy service (429) as failures with their status', async () => {
    const before = mailgun.unauthorized;
    const wrong = await mailgunTransport(mailgunConfig({ apiKey: 'key-wrong' })).send(outgoing('dana.reid@alpha.example', 'Wrong key')).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 401, reply: 'Forbidden', description: expect.stringMatching(/^Permanent failure/) });
    expect(mailgun.unauthorized).toBe(before + 1);
    mailgun.failWith = { status: 429, message: 'Too Many Requests' };
    try {
      const busy = await mailgunTransport(mailgunConfig()).send(outgoing('dana.reid@alpha.example', 'Busy')).catch((e: unknown) => e);
      expect(busy).toMatchObject({ code: 429, reply: 'Too Many Requests', description: expect.stringMatching(/^Temporary failure/) });
    } finally {
      mailgun.failWith = null;
    }
  });
});
