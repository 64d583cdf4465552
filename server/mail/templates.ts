import type { MailMessage } from './mailer';

interface Person { email: string; firstname: string }

export function otpMail(admin: Person, code: string, ttlMs: number): MailMessage {
  const minutes = Math.round(ttlMs / 60_000);
  return {
    to: admin.email,
    kind: 'otp',
    subject: 'Your one-time passcode',
    text:
      `Hello ${admin.firstname},\n\n` +
      `Your one-time passcode for the Fleet Network Console is ${code}.\n` +
      `It can be used once and expires in ${minutes} minutes.\n\n` +
      `If you did not try to sign in, change your password and tell your administrator.\n`,
    devLogLine: `One-time passcode for ${admin.email}: ${code} (no SMTP_URL set: kept in the outbox)`,
    redactedText: `One-time passcode e-mail to ${admin.email} (passcode removed after delivery).`,
  };
}
