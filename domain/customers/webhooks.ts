/**
 * The Webhook Subscriptions drawer of a customer (spec 1 §2, §4, §5): its save request, the
 * dependency (topics forced off while the master switch is off) and which inputs are disabled.
 * The URL rules themselves are the customer form's (webhookIssues in form.ts), so the drawer and
 * the form can never disagree.
 */
import { z } from 'zod';
import { WEBHOOK_TOPICS, type Webhooks } from './enums';
import { webhookIssues, webhooksSchema } from './form';

/** The drawer's values, checked with the form's webhook rules; every topic at most once. */
export const webhooksDrawerSchema = webhooksSchema.superRefine((wh, ctx) => {
  for (const issue of webhookIssues(wh)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  const seen = new Set<string>();
  wh.topics.forEach((t, i) => {
    if (seen.has(t.type)) ctx.addIssue({ code: 'custom', path: ['topics', i, 'type'], message: 'Each topic may be listed once' });
    seen.add(t.type);
  });
});

const version = z.number({ error: 'version is required' }).int().positive();
const leaseCompanyId = z.string({ error: 'leaseCompanyId is required' }).trim().min(1, 'leaseCompanyId is required').max(64);

/** admin/updateLeaseWebhooks (ours): the webhooks block at the version the user saw. */
export const updateLeaseWebhooksSchema = z.object({
  leaseCompanyId,
  version,
  webhooks: webhooksDrawerSchema,
});
export type UpdateLeaseWebhooksInput = z.infer<typeof updateLeaseWebhooksSchema>;

/** What a versioned customer save answers: the new version. */
export interface CustomerPartSaved {
  success: true;
  version: number;
}

const trimOrNull = (v: string | null | undefined): string | null => {
  const t = typeof v === 'string' ? v.trim() : '';
  return t === '' ? null : t;
};

/**
 * The block as stored: every topic once in catalogue order, URLs trimmed (empty → null), and
 * every topic off while webhooks are off (spec 1 §4).
 */
export function applyWebhookRules(wh: Webhooks): Webhooks {
  return {
    enabled: wh.enabled,
    authorizationUrl: trimOrNull(wh.authorizationUrl),
    topics: WEBHOOK_TOPICS.map((type) => {
      const t = wh.topics.find((x) => x.type === type);
      return { type, enabled: wh.enabled && Boolean(t?.enabled), url: trimOrNull(t?.url) };
    }),
  };
}

/** Which drawer inputs are disabled: topic switches while webhooks are off; a topic URL unless its topic is on. */
export function webhookFieldState(wh: Webhooks): { authorizationUrl: boolean; topics: boolean; topicUrls: boolean[] } {
  return {
    authorizationUrl: !wh.enabled,
    topics: !wh.enabled,
    topicUrls: wh.topics.map((t) => !wh.enabled || !t.enabled),
  };
}
