import { z } from 'zod';

/** Spec 3 §2.1 "Credit Limit Export": one action, the file e-mailed to the admin who asked. */
export const CREDIT_LIMIT_MESSAGES = {
  /** Ours: the spec's success notice "says the export was emailed". */
  emailed: 'The credit limit export has been emailed to you',
  /** Ours: spec 3 §8 does not show the failure's wording. */
  failed: 'The credit limit export could not be requested.',
} as const;

/**
 * POST admin/exportCreditLimitDetails (spec 3 §7): the user's roles are sent with the request
 * (§6); the server checks them by shape and decides with the session's own roles.
 */
export const exportCreditLimitSchema = z.object({
  user: z.object({ roles: z.record(z.string().max(100), z.array(z.string().max(20)).max(10)).optional() }).optional(),
});

/** The credit-limit file's columns (ours: the spec names the export, not its columns). */
export const CREDIT_LIMIT_COLUMNS = ['Type', 'ID', 'Name', 'Group ID', 'Group Name', 'Agreed Credit Limit', 'Currency', 'Set By', 'Set On'] as const;
export const creditLimitFileName = (at: Date) => `credit-limits-${at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.csv`;
