/**
 * A customer's webhook subscriptions and retailer payment-platform mapping (spec 1 §2, §4, §5).
 * Both are parts of the lease company record: each save checks the version the user saw (409 with
 * the current details otherwise), then goes through updateVersioned, which writes the audit row
 * and notifies leaseCompany:{id} in the same transaction.
 */
import {
  applyWebhookRules,
  saveRetailerConfigSchema,
  updateLeaseWebhooksSchema,
  type CustomerPartSaved,
  type Webhooks,
} from '../../domain/customers';
import { leaseCompanyKind } from './customers';
import { updateVersioned, type PatchOf } from './records';
import { defineMutation, type InTransaction } from './registry';
import type { leaseCompanies } from '../db/schema';

const EDIT_CUSTOMER = { permission: 'EDIT_CUSTOMER', action: 'edit' } as const;

/** One versioned change of a customer's columns, in the slug's transaction. */
async function saveCustomerPart(c: InTransaction, id: string, version: number, patch: PatchOf<typeof leaseCompanies>): Promise<CustomerPartSaved> {
  const row = await updateVersioned(c.tx, leaseCompanyKind, id, version, patch, c.mutation);
  return { success: true, version: Number(row.version) };
}

/** Webhook Subscriptions drawer (our slug): the webhooks block, topics forced off while webhooks are off. */
export const updateLeaseWebhooks = defineMutation({
  slug: 'admin/updateLeaseWebhooks',
  access: EDIT_CUSTOMER,
  input: updateLeaseWebhooksSchema,
  handler: (c): Promise<CustomerPartSaved> =>
    saveCustomerPart(c, c.input.leaseCompanyId, c.input.version, { webhooks: applyWebhookRules(c.input.webhooks as Webhooks) }),
});

/** Retailer Integration drawer (our slug): the customer name and mapping id at the payment platform. */
export const saveRetailerConfig = defineMutation({
  slug: 'admin/saveRetailerConfig',
  access: EDIT_CUSTOMER,
  input: saveRetailerConfigSchema,
  handler: (c): Promise<CustomerPartSaved> =>
    saveCustomerPart(c, c.input.leaseCompanyId, c.input.version, {
      retailerConfig: { custCust: c.input.retailerConfig.custCust.trim(), mappingId: c.input.retailerConfig.mappingId.trim() },
    }),
});

export const customerConnectionSlugs = [updateLeaseWebhooks, saveRetailerConfig];
