import { describe, expect, it } from 'vitest';
import {
  MAIL_EVENTS,
  MAIL_KINDS_WITH_SECRETS,
  MAIL_TOOL_MESSAGES,
  mailDocumentPath,
  outboxIdOf,
  parseSmtpResponse,
  RESEND_EMAIL_MAX,
  resendEmailSchema,
  smtpDescription,
  supportTool,
  toolAction,
  verifyEmailSchema,
} from '../../domain/support';
import { otpMail, userInviteMail, verificationMail } from '../../server/mail/templates';

/** The Verify Email tool's schemas, messages and SMTP reply parsing (domain/support/mail.ts). */

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe('the Verify Email tool', () => {
  it('is available in the Emails section under ALLOW_VERIFY_EMAIL, and needs edit to open', () => {
    expect(supportTool('verifyEmail')).toMatchObject({ label: 'Verify Email', permission: 'ALLOW_VERIFY_EMAIL', width: 580 });
    expect(toolAction('verifyEmail')).toBe('edit');
  });

  it('knows the events the mailer records and those a provider reports', () => {
    for (const e of ['queued', 'accepted', 'delivered', 'failed', 'bounced', 'opened', 'clicked', 'complained', 'unsubscribed']) expect(MAIL_EVENTS).toContain(e);
  });
});

describe('verifyEmailSchema (spec 3 §5)', () => {
  it("says 'Email is required' for nothing, blanks or no member at all", () => {
    expect(firstMessage(verifyEmailSchema.safeParse({ email: '' }))).toBe('Email is required');
    expect(firstMessage(verifyEmailSchema.safeParse({ email: '   ' }))).toBe('Email is required');
    expect(firstMessage(verifyEmailSchema.safeParse({}))).toBe('Email is required');
  });
  it("says 'Email is not valid' for what is not an address", () => {
    for (const email of ['dana', 'dana@', '@alpha.example', 'dana@alpha', 'da..na@alpha.example', 'dana reid@alpha.example']) {
      expect(firstMessage(verifyEmailSchema.safeParse({ email })), email).toBe('Email is not valid');
    }
  });
  it('trims a valid address', () => {
    expect(verifyEmailSchema.parse({ email: '  Dana.Reid@Alpha.example ' })).toEqual({ email: 'Dana.Reid@Alpha.example' });
  });
});

describe('resendEmailSchema (spec 3 §5, §7, §9)', () => {
  const path = mailDocumentPath('6f1c2d3e-4a5b-4c6d-8e7f-001122334455');
  it('resends to the same address without a new one', () => {
    expect(resendEmailSchema.parse({ emailQueueDocPath: path, newEmailId: 'ignored', isNewEmail: false })).toEqual({ emailQueueDocPath: path, newEmailId: null, isNewEmail: false });
  });
  it("asks a new address to be valid ('Enter a valid Email address') and at most 100 characters", () => {
    expect(firstMessage(resendEmailSchema.safeParse({ emailQueueDocPath: path, newEmailId: '', isNewEmail: true }))).toBe(MAIL_TOOL_MESSAGES.resendEmailNotValid);
    expect(firstMessage(resendEmailSchema.safeParse({ emailQueueDocPath: path, newEmailId: 'not an address', isNewEmail: true }))).toBe('Enter a valid Email address');
    const long = `${'a'.repeat(RESEND_EMAIL_MAX - '@alpha.example'.length + 1)}@alpha.example`;
    expect(long.length).toBe(101);
    expect(firstMessage(resendEmailSchema.safeParse({ emailQueueDocPath: path, newEmailId: long, isNewEmail: true }))).toBe(MAIL_TOOL_MESSAGES.resendEmailTooLong);
    const ok = long.slice(1);
    expect(resendEmailSchema.parse({ emailQueueDocPath: path, newEmailId: ` ${ok} `, isNewEmail: true }).newEmailId).toBe(ok);
  });
  it('leaves a missing document path to the handler (its own notice)', () => {
    expect(resendEmailSchema.safeParse({ isNewEmail: false }).success).toBe(true);
  });
});

describe('document paths', () => {
  it('name an outbox row, and nothing else', () => {
    const id = '6f1c2d3e-4a5b-4c6d-8e7f-001122334455';
    expect(outboxIdOf(mailDocumentPath(id))).toBe(id);
    expect(outboxIdOf(`mail_outbox/${id.toUpperCase()}`)).toBe(id);
    for (const p of [null, undefined, '', id, `mail_outbox/${id}/x`, 'mail_outbox/', 'users/1', `other/${id}`]) expect(outboxIdOf(p), String(p)).toBeNull();
  });
});

describe('parseSmtpResponse', () => {
  it('splits a reply into its code and text', () => {
    expect(parseSmtpResponse('250 OK: queued as 9C3E1')).toEqual({ code: 250, message: 'OK: queued as 9C3E1' });
    expect(parseSmtpResponse('250 2.0.0 Ok: queued as ABC')).toEqual({ code: 250, message: '2.0.0 Ok: queued as ABC' });
    expect(parseSmtpResponse('550 5.1.1 Mailbox unavailable')).toEqual({ code: 550, message: '5.1.1 Mailbox unavailable' });
    expect(parseSmtpResponse('451 Try again later\r\n')).toEqual({ code: 451, message: 'Try again later' });
    expect(parseSmtpResponse('250')).toEqual({ code: 250, message: '' });
  });
  it('joins a multi-line reply', () => {
    expect(parseSmtpResponse('550-5.7.1 Rejected\r\n550 5.7.1 by policy')).toEqual({ code: 550, message: '5.7.1 Rejected 5.7.1 by policy' });
  });
  it('has no code for text that is not a reply', () => {
    expect(parseSmtpResponse('connect ECONNREFUSED 127.0.0.1:2525')).toEqual({ code: null, message: 'connect ECONNREFUSED 127.0.0.1:2525' });
    expect(parseSmtpResponse('2500 things')).toEqual({ code: null, message: '2500 things' });
    expect(parseSmtpResponse(undefined)).toEqual({ code: null, message: '' });
  });
  it('describes each outcome', () => {
    expect(smtpDescription(250)).toMatch(/next hop/);
    expect(smtpDescription(451)).toMatch(/^Temporary/);
    expect(smtpDescription(550)).toMatch(/^Permanent/);
    expect(smtpDescription(null)).toMatch(/could not be reached/);
  });
});

describe('mail that carries a secret', () => {
  it('is every kind whose template redacts its text, so resend refuses them all', () => {
    const otp = otpMail({ email: 'a@alpha.example', firstname: 'A' }, '123456', 600_000);
    const invite = userInviteMail(
      { email: 'a@alpha.example', firstname: 'A', lastname: 'B' },
      { company: 'Alpha', link: 'https://app.example/register?token=abc', expiresAt: new Date('2026-01-01'), superUser: false, resent: false },
    );
    for (const m of [otp, invite]) {
      expect(m.redactedText).toBeDefined();
      expect(MAIL_KINDS_WITH_SECRETS).toContain(m.kind);
    }
    const v = verificationMail('dana@alpha.example');
    expect(v.redactedText).toBeUndefined();
    expect(MAIL_KINDS_WITH_SECRETS).not.toContain(v.kind);
    expect(v).toMatchObject({ to: 'dana@alpha.example', kind: 'verification' });
  });
});
