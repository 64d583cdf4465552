import { counted } from '../../domain/plural';
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

/** The invitation of a lease user to the customers' app; `link` carries a signed, expiring token. */
/** An invitation to register as a user of a customer, a supplier or a group. */
export function userInviteMail(
  user: Person & { lastname: string },
  opts: { company: string; link: string; expiresAt: Date; superUser: boolean; resent: boolean },
): MailMessage {
  const until = opts.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const role = opts.superUser ? ' as a super user' : '';
  const body = (link: string) =>
    `Hello ${user.firstname},\n\n` +
    `You have been invited to join ${opts.company} on the Fleet Network${role}.\n` +
    `Create your account with this link:\n\n${link}\n\n` +
    `The link can be used until ${until}. If it has expired, ask your administrator to resend the invitation.\n` +
    `If you were not expecting this invitation, you can ignore this e-mail.\n`;
  return {
    to: user.email,
    kind: 'invite',
    subject: opts.resent ? `Reminder: your invitation to ${opts.company} on the Fleet Network` : `Your invitation to ${opts.company} on the Fleet Network`,
    text: body(opts.link),
    // The link lets whoever holds it register: once delivered over SMTP the outbox keeps no live token.
    redactedText: body(opts.link.replace(/token=[^&\s]+/, 'token=(removed after delivery)')),
  };
}

/** A finished network export, attached as CSV (kind 'networkExport'), to the admin who asked for it. */
export function networkExportMail(admin: Person, file: { fileName: string; rows: number; data: Buffer }): MailMessage {
  return {
    to: admin.email,
    kind: 'networkExport',
    subject: `Network export: ${file.fileName}`,
    text:
      `Hello ${admin.firstname},\n\n` +
      `The network export you requested is attached (${file.fileName}, ${counted(file.rows, 'supplier')}).\n` +
      `Edit it in a spreadsheet and upload it on the Network Import page to change the terms it holds.\n`,
    attachments: [{ filename: file.fileName, content: file.data, contentType: 'text/csv' }],
  };
}

/** A registration turned down (spec 2 §4: 'Reject sends status rejected with a reason and an email'). */
export function registrationRejectedMail(applicant: { email: string; company: string }, reason: string): MailMessage {
  return {
    to: applicant.email,
    kind: 'registrationRejected',
    subject: `Your registration of ${applicant.company} on the Fleet Network`,
    text:
      `Hello,\n\n` +
      `Thank you for registering ${applicant.company} with the Fleet Network. We are unable to approve the registration.\n\n` +
      `Reason: ${reason}\n\n` +
      `If you think this is a mistake, reply to this e-mail or register again with the details corrected.\n`,
  };
}

/** A registration approved: the supplier is live in the network (spec 2 §4). */
export function registrationApprovedMail(applicant: { email: string; company: string }, supplierId: string): MailMessage {
  return {
    to: applicant.email,
    kind: 'registrationApproved',
    subject: `Welcome to the Fleet Network, ${applicant.company}`,
    text:
      `Hello,\n\n` +
      `${applicant.company} has been approved and is now live in the Fleet Network (supplier id ${supplierId}).\n` +
      `You will start receiving enquiries for the services you offer. Your account manager will be in touch with your users' invitations.\n`,
  };
}

/** The credit limit export (spec 3 §2.1), attached as CSV (kind 'creditLimitExport'), to the admin who asked for it. */
export function creditLimitMail(admin: Person, file: { fileName: string; rows: number; data: Buffer }): MailMessage {
  return {
    to: admin.email,
    kind: 'creditLimitExport',
    subject: `Credit limit export: ${file.fileName}`,
    text:
      `Hello ${admin.firstname},\n\n` +
      `The credit limit export you requested is attached (${file.fileName}, ${file.rows} groups and suppliers with an agreed credit limit).\n`,
    attachments: [{ filename: file.fileName, content: file.data, contentType: 'text/csv' }],
  };
}

/** The driver web mandate (spec 3 §2.4 Resend Driver Web Mandate); `link` carries a signed, expiring token. */
export function driverMandateMail(driver: Person & { lastname: string }, opts: { link: string; expiresAt: Date }): MailMessage {
  const until = opts.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const body = (link: string) =>
    `Hello ${driver.firstname},\n\n` +
    `Your fleet manager needs your driving licence check mandate. Please read and sign it with this link:\n\n${link}\n\n` +
    `The link can be used until ${until}. If it has expired, ask your fleet manager to send it again.\n`;
  return {
    to: driver.email,
    kind: 'driverMandate',
    subject: 'Your driver web mandate',
    text: body(opts.link),
    // The link lets whoever holds it sign for the driver: once delivered the outbox keeps no live token.
    redactedText: body('(link removed after delivery)'),
  };
}

/** A support check that an address receives mail (spec 3 §2.4 Verify Email); nothing to act on. */
export function verificationMail(email: string): MailMessage {
  return {
    to: email,
    kind: 'verification',
    subject: 'Please confirm your e-mail address works',
    text:
      `Hello,\n\n` +
      `The Fleet Network support team sent this message to check that ${email} receives our e-mails.\n` +
      `If it reached you, there is nothing more to do. If you were not expecting it, contact your administrator or ignore it.\n`,
  };
}
