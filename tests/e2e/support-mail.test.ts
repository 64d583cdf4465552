import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MAIL_TOOL_MESSAGES } from '../../domain/support';
import { createMailer } from '../../server/mail/mailer';
import { smtpTransport } from '../../server/integrations/mail/smtp';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { signedInPage, withSeededServer } from '../support/customers';

/**
 * The Verify Email tool (spec 3 §2.4) in the console: a verification e-mail sent through a real
 * SMTP server, its events listed, the most recent e-mail resent to a new address, and the
 * address check.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

const received: string[][] = [];
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, cb) {
    stream.resume();
    stream.on('end', () => {
      received.push(session.envelope.rcptTo.map((r) => r.address));
      cb(null, 'OK: queued as E2E');
    });
  },
});
let smtpPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/**
 * Sends the server's mail through the SMTP server from now on. Only after signing in: the test
 * sign-in reads its passcode from the outbox, which keeps no passcode once delivered over SMTP.
 */
function deliverOverSmtp(): () => void {
  const services = server.handle.services;
  const smtpMailer = createMailer({ db: services.db, clock: services.clock, log: services.log, transport: smtpTransport(`smtp://127.0.0.1:${smtpPort}`), events: services.mailEvents, from: services.config.mailFrom, production: false });
  const send = services.mailer.send;
  services.mailer.send = (m) => smtpMailer.send(m);
  return () => {
    services.mailer.send = send;
    smtpMailer.close();
  };
}

async function openVerifyEmail(page: Page): Promise<Locator> {
  await page.goto('/support');
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  await page.getByRole('button', { name: 'Verify Email', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Verify Email', exact: true });
  await drawer.waitFor();
  return drawer;
}

/** The events table's cells of one column, top to bottom. */
async function column(drawer: Locator, index: number): Promise<string[]> {
  return drawer.locator(`table[aria-label="Mail events"] tbody tr td:nth-child(${index + 1})`).allTextContents();
}

describe('Verify Email', () => {
  it('refuses a bad address, sends a verification e-mail, lists its events and resends it to a new address', async () => {
    const page = await signedInPage(browser, server, 'SUPPORT');
    const restore = deliverOverSmtp();
    try {
      const drawer = await openVerifyEmail(page);
      const email = drawer.getByRole('textbox', { name: /^Email/ });

      await email.fill('dana.verify@alpha');
      await drawer.getByRole('button', { name: 'Send Verification Email' }).click();
      await drawer.getByText('Email is not valid').waitFor();
      expect(received).toHaveLength(0);

      await email.fill('nobody.here@alpha.example');
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.getByText(MAIL_TOOL_MESSAGES.noLogs).waitFor();

      await email.fill('dana.verify@alpha.example');
      await drawer.getByRole('button', { name: 'Send Verification Email' }).click();
      await page.getByText(MAIL_TOOL_MESSAGES.verificationSent).waitFor();
      expect(received).toEqual([['dana.verify@alpha.example']]);
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.locator('table[aria-label="Mail events"] tbody tr').nth(2).waitFor();
      expect(await column(drawer, 0)).toEqual(['delivered', 'accepted', 'queued']);
      expect(await column(drawer, 2)).toEqual(['250', '250', '']);
      expect((await column(drawer, 3))[0]).toBe('OK: queued as E2E');
      expect(new Set(await column(drawer, 5))).toEqual(new Set(['Please confirm your e-mail address works']));
      expect(new Set(await column(drawer, 6))).toEqual(new Set(['verification']));
      expect((await column(drawer, 9))[0]).toMatch(/^mail_outbox\/[0-9a-f-]{36}$/);
      // The timestamp reads as a date-time, not as seconds.
      expect((await column(drawer, 1))[0]).not.toMatch(/^\d+(\.\d+)?$/);

      const resend = drawer.getByRole('form', { name: 'Resend the most recent e-mail' });
      await resend.getByRole('checkbox', { name: 'Resend to the same address' }).uncheck();
      const newEmail = resend.getByRole('textbox', { name: /^New Email/ });
      await newEmail.fill('not an address');
      await resend.getByRole('button', { name: 'Resend' }).click();
      await resend.getByText('Enter a valid Email address').waitFor();
      await newEmail.fill('dana.new@beta.example');
      await screenshot(page, 'support-verify-email');
      await resend.getByRole('button', { name: 'Resend' }).click();
      await page.getByText(`${MAIL_TOOL_MESSAGES.resent} to dana.new@beta.example`).waitFor();
      expect(received.at(-1)).toEqual(['dana.new@beta.example']);

      await email.fill('dana.new@beta.example');
      await drawer.getByRole('button', { name: 'SEARCH' }).click();
      await drawer.getByRole('cell', { name: 'dana.new@beta.example' }).first().waitFor();
      expect(await column(drawer, 0)).toEqual(['delivered', 'accepted', 'queued']);
    } finally {
      restore();
    }
  });
});
