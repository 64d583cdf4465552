/**
 * The support dashboard's Verify Email tool (spec 3 §2.4, §7): send an address a verification
 * e-mail, list the delivery events recorded for it (mail_events: the mailer's and the mail
 * provider's webhooks', so the list reads the same whichever transport sends), and resend the most
 * recent e-mail to it, to the same or a new address. Sending goes through the mailer, which keeps
 * its own outbox row and events; the audit row is written once the mailer has answered.
 */
import { desc, eq } from 'drizzle-orm';
import {
  MAIL_EVENTS_LIMIT,
  MAIL_KINDS_WITH_SECRETS,
  MAIL_TOOL_MESSAGES,
  mailDocumentPath,
  outboxIdOf,
  resendEmailSchema,
  verifyEmailSchema,
  type MailEventsResponse,
  type ResendEmailResponse,
  type SupportActionResponse,
} from '../../domain/support';
import { mailEvents, mailOutbox } from '../db/schema';
import { verificationMail } from '../mail/templates';
import { sameRecipient } from '../integrations/mail/events';
import type { MailMessage } from '../mail/mailer';
import type { Services } from '../services';
import { writeAudit } from './audit';
import { ApiError } from './errors';
import { defineSlug, mutationContext, type MutationContext } from './registry';

/** Sends through the mailer and records who asked, whatever the outcome. */
async function sendAudited(services: Services, m: MutationContext, message: MailMessage, before: unknown) {
  const result = await services.mailer.send(message);
  await services.db.transaction((tx) =>
    writeAudit(tx, {
      adminId: m.adminId,
      slug: m.slug,
      recordType: 'mail',
      recordId: result.id,
      before,
      after: { to: message.to, subject: message.subject, kind: message.kind, status: result.status },
      at: m.now,
    }),
  );
  return result;
}

/** Sends `email` a short message asking to confirm it arrives (template verificationMail). */
export const sendVerificationEmail = defineSlug({
  slug: 'admin/sendVerificationEmail',
  method: 'POST',
  effect: 'write',
  access: { permission: 'ALLOW_VERIFY_EMAIL', action: 'edit' },
  input: verifyEmailSchema,
  async handler(ctx): Promise<SupportActionResponse> {
    const result = await sendAudited(ctx.services, mutationContext(ctx), verificationMail(ctx.input.email), null);
    if (result.status === 'failed') throw new ApiError(502, 'MAIL_NOT_SENT', MAIL_TOOL_MESSAGES.sendFailed);
    return { success: true, message: result.status === 'sent' ? MAIL_TOOL_MESSAGES.verificationSent : MAIL_TOOL_MESSAGES.verificationKept };
  },
});

/** The address's mail events, newest first, at most 100; none is an empty list. */
export const getMailgunEvents = defineSlug({
  slug: 'admin/getMailgunEvents',
  method: 'POST',
  effect: 'read',
  access: { permission: 'ALLOW_VERIFY_EMAIL', action: 'view' },
  input: verifyEmailSchema,
  async handler({ services, input }): Promise<MailEventsResponse> {
    return { success: true, events: await services.mailEvents.forRecipient(input.email, MAIL_EVENTS_LIMIT) };
  },
});

/**
 * Resends a stored e-mail (same subject and bodies) to its address or a new one. Only the most
 * recent e-mail of its address (the newest event's document path) can be resent. Messages that
 * carried a live secret are refused rather than resent: until delivery their outbox text still
 * holds the passcode or link, and after it a redacted copy is of no use to the recipient. Messages
 * with attachments are refused too, since the outbox keeps only the attachments' names.
 */
export const resendEmail = defineSlug({
  slug: 'email/resendEmail',
  method: 'POST',
  effect: 'write',
  access: { permission: 'ALLOW_VERIFY_EMAIL', action: 'edit' },
  input: resendEmailSchema,
  async handler(ctx): Promise<ResendEmailResponse> {
    const { services, input } = ctx;
    const noDocument = () => new ApiError(404, 'NO_DOCUMENT_PATH', MAIL_TOOL_MESSAGES.noDocumentPath);
    const outboxId = outboxIdOf(input.emailQueueDocPath);
    if (!outboxId) throw noDocument();
    const [stored] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    if (!stored) throw noDocument();
    const [latest] = await services.db
      .select({ documentPath: mailEvents.documentPath })
      .from(mailEvents)
      .where(sameRecipient(stored.to))
      .orderBy(desc(mailEvents.at), desc(mailEvents.id))
      .limit(1);
    if (latest?.documentPath !== mailDocumentPath(stored.id)) throw new ApiError(409, 'NOT_LATEST', MAIL_TOOL_MESSAGES.notLatest);
    if (MAIL_KINDS_WITH_SECRETS.includes(stored.kind)) throw new ApiError(400, 'REFUSED', MAIL_TOOL_MESSAGES.carriesSecret);
    if (Array.isArray(stored.attachments) && stored.attachments.length > 0) throw new ApiError(400, 'REFUSED', MAIL_TOOL_MESSAGES.hadAttachments);

    const to = input.isNewEmail && input.newEmailId ? input.newEmailId : stored.to;
    const message: MailMessage = { to, subject: stored.subject, text: stored.text, html: stored.html ?? undefined, kind: stored.kind };
    const result = await sendAudited(services, mutationContext(ctx), message, { resentFrom: mailDocumentPath(stored.id), to: stored.to });
    if (result.status === 'failed') throw new ApiError(502, 'MAIL_NOT_SENT', MAIL_TOOL_MESSAGES.resendFailed);
    return { resendEmail: { success: true, message: `${MAIL_TOOL_MESSAGES.resent} to ${to}` } };
  },
});

export const supportMailSlugs = [sendVerificationEmail, getMailgunEvents, resendEmail];
