import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

/** MAIL_TRANSPORT and the Mailgun settings (README "Configuration"): what starts, and what stops the start. */
const MAILGUN = { MAIL_TRANSPORT: 'mailgun', MAILGUN_API_KEY: 'key-1', MAILGUN_DOMAIN: 'mg.example.com', MAILGUN_WEBHOOK_SIGNING_KEY: 'sign-1' };

describe('mail settings', () => {
  it('default to SMTP (SMTP_URL, or the outbox alone) with no Mailgun settings', () => {
    expect(loadConfig({}).mail).toEqual({ transport: 'smtp', mailgun: null });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).mail.transport).toBe('smtp');
  });

  it('send through Mailgun, US by default, with the key, domain, signing key and timeout', () => {
    expect(loadConfig(MAILGUN).mail).toEqual({
      transport: 'mailgun',
      mailgun: { baseUrl: 'https://api.mailgun.net', apiKey: 'key-1', domain: 'mg.example.com', webhookSigningKey: 'sign-1', timeoutMs: 10_000 },
    });
    const eu = loadConfig({ ...MAILGUN, MAILGUN_URL: 'https://api.eu.mailgun.net/', MAILGUN_TIMEOUT_MS: '4000' }).mail.mailgun;
    expect(eu).toMatchObject({ baseUrl: 'https://api.eu.mailgun.net', timeoutMs: 4000 });
  });

  it.each([
    [{ MAIL_TRANSPORT: 'sendgrid' }, "MAIL_TRANSPORT must be smtp or mailgun, not 'sendgrid'"],
    [{ ...MAILGUN, MAILGUN_API_KEY: '' }, 'MAIL_TRANSPORT=mailgun needs MAILGUN_API_KEY'],
    [{ ...MAILGUN, MAILGUN_DOMAIN: undefined }, 'MAIL_TRANSPORT=mailgun needs MAILGUN_DOMAIN'],
    [{ ...MAILGUN, MAILGUN_WEBHOOK_SIGNING_KEY: '' }, 'MAIL_TRANSPORT=mailgun needs MAILGUN_WEBHOOK_SIGNING_KEY'],
    [{ ...MAILGUN, SMTP_URL: 'smtp://mail.example' }, 'MAIL_TRANSPORT=mailgun sends through Mailgun: unset SMTP_URL'],
    [{ ...MAILGUN, MAILGUN_URL: 'api.mailgun.net' }, 'MAILGUN_URL must be an http(s) address'],
    [{ ...MAILGUN, MAILGUN_URL: 'https://api.mailgun.net/v3' }, 'MAILGUN_URL must be an http(s) address'],
    [{ MAILGUN_API_KEY: 'key-1' }, 'MAILGUN_API_KEY is set but MAIL_TRANSPORT is smtp'],
    [{ MAIL_TRANSPORT: 'smtp', MAILGUN_WEBHOOK_SIGNING_KEY: 'sign-1' }, 'MAILGUN_WEBHOOK_SIGNING_KEY is set but MAIL_TRANSPORT is smtp'],
  ])('stop the start for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
