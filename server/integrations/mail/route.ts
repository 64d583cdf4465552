import type { FastifyInstance } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { mailEvents, mailWebhookTokens } from '../../db/schema';
import type { Services } from '../../services';
import { recordMailEvent, sameRecipient } from './events';
import { checkMailgunSignature, mailEventFromMailgun, WEBHOOK_WINDOW_MS } from './webhook';

/**
 * Where Mailgun posts its events (set it as the webhook URL of each event kind in Mailgun). No
 * session: the signature is the credential (NON_SLUG_ROUTES says so). Under /api/, so admission
 * control and the app's body limit apply as to every call.
 */
export const MAILGUN_WEBHOOK_PATH = '/api/v1/webhooks/mailgun';

const unauthorized = { error: { code: 'UNAUTHORIZED', message: 'The webhook signature is missing, wrong, stale or already used' } };

/** Mounted always, so every node lists the same routes; without Mailgun (no signing key) it is not found. */
export function registerMailgunWebhook(app: FastifyInstance, services: Services, signingKey: string | null): void {
  app.post(MAILGUN_WEBHOOK_PATH, async (request, reply) => {
    if (!signingKey) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const now = services.clock.now();
    const check = checkMailgunSignature(signingKey, request.body, now);
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, 'mail webhook refused');
      return reply.status(401).send(unauthorized);
    }
    const event = mailEventFromMailgun(request.body, check.signedAt);
    // 406 tells Mailgun not to post it again: a signed post without a recipient never will have one.
    if (event === 'malformed') return reply.status(406).send({ error: { code: 'NOT_ACCEPTABLE', message: 'The event has no recipient' } });
    const taken = await services.db.transaction(async (tx) => {
      // A token signed before the window can no longer pass the clock check: forget it (twice the
      // window, so API nodes whose clocks differ a little still agree).
      await tx.delete(mailWebhookTokens).where(lt(mailWebhookTokens.signedAt, new Date(now.getTime() - 2 * WEBHOOK_WINDOW_MS)));
      const [fresh] = await tx.insert(mailWebhookTokens).values({ token: check.token, signedAt: check.signedAt }).onConflictDoNothing().returning({ token: mailWebhookTokens.token });
      if (!fresh || event === 'ignored') return Boolean(fresh);
      // Mailgun posts an event again when our answer is lost: an event id already kept is not kept twice.
      const known = event.eventId
        ? await tx.select({ id: mailEvents.id }).from(mailEvents).where(and(sameRecipient(event.recipient), eq(mailEvents.eventId, event.eventId))).limit(1)
        : [];
      if (known.length === 0) await recordMailEvent(tx, event);
      return true;
    });
    if (!taken) {
      request.log.warn({ reason: 'replayed' }, 'mail webhook refused');
      return reply.status(401).send(unauthorized);
    }
    return { ok: true };
  });
}
