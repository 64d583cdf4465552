/**
 * Subscriptions of a customer or supplier (spec 1 §2 Subscriptions drawer, §7 "chargebee-style
 * subscription list"): the product's own records (billing_subscriptions flagged in_product) beside
 * the billing provider's, read through services.billing (the local ledger or Chargebee). The
 * console marks the ones the other side lacks.
 */
import { eq } from 'drizzle-orm';
import { isRecordId } from '../../domain/common';
import { BILLING_UNAVAILABLE, MESSAGES } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { isNotApplicable, subscriptionListSchema, type Subscription, type SubscriptionListResponse } from '../../domain/subscriptions';
import { leaseCompanies, suppliers } from '../db/schema';
import { BillingSystemError, type BillingCustomer } from '../integrations/billing';
import { ledgerSubscriptions } from '../integrations/billing/local';
import { ApiError, forbidden, notFound } from './errors';
import { defineSlug } from './registry';

const BILLING_PROVIDER_DOWN = { code: BILLING_UNAVAILABLE, message: MESSAGES.billingUnavailable };

/** The record a list is for: its name, billing reference and the menu that may read it. */
interface BillingOwner {
  menu: 'customer' | 'supplier';
  label: string;
  table: typeof leaseCompanies | typeof suppliers;
}
const OWNERS = {
  customerId: { menu: 'customer', label: 'Customer', table: leaseCompanies },
  serviceUnitId: { menu: 'supplier', label: 'Supplier', table: suppliers },
} as const satisfies Record<string, BillingOwner>;

/**
 * GET chargebee/customerSubscriptionList/customerId/{customerId}/serviceUnitId/{serviceUnitId}/accountId/{accountId}.
 * The customer area passes the lease company's id as customerId, the supplier area the supplier's
 * as serviceUnitId, '-' for the others; the record's billingRefId names the billing customer. One
 * without it has no subscriptions: empty lists, and the drawer says so; one the provider does not
 * know has none of the provider's. Reading needs the view of the record's menu. When the provider
 * cannot be reached the answer is 503 BILLING_UNAVAILABLE (ours: the spec names no such error).
 */
export const customerSubscriptionList = defineSlug({
  slug: 'chargebee/customerSubscriptionList/customerId/:customerId/serviceUnitId/:serviceUnitId/accountId/:accountId',
  method: 'GET',
  effect: 'read',
  access: 'signed-in',
  input: subscriptionListSchema,
  unavailable: BILLING_PROVIDER_DOWN,
  async handler(c): Promise<SubscriptionListResponse> {
    // Groups (accountId) have no subscriptions in the spec's screens.
    const key = (['customerId', 'serviceUnitId'] as const).find((k) => !isNotApplicable(c.input[k]));
    if (!key) throw new ApiError(400, 'VALIDATION', 'Only customer and supplier subscriptions can be listed here', { customerId: 'customerId is required' });
    const owner = OWNERS[key];
    if (!can(c.session.roles, owner.menu, 'view')) throw forbidden();
    const id = c.input[key];
    if (!isRecordId(id)) throw notFound(owner.label);
    const db = c.services.db;
    const [record] = await db.select({ name: owner.table.name, billingRefId: owner.table.billingRefId }).from(owner.table).where(eq(owner.table.id, id));
    if (!record) throw notFound(owner.label);
    const empty = { productSubscriptions: [], providerSubscriptions: [] };
    if (!record.billingRefId) return { customer: { company: record.name, id: null }, ...empty };
    const ref = record.billingRefId;
    let billing: BillingCustomer | null;
    let provider: Subscription[];
    try {
      // Both provider calls at once: a console request waits for the slower only.
      [billing, provider] = await Promise.all([c.services.billing.customer(ref), c.services.billing.subscriptions(ref)]);
    } catch (err) {
      // A provider outage is not ours: a 503 the drawer shows with a retry, never a 500.
      if (!(err instanceof BillingSystemError)) throw err;
      c.services.log.warn({ err, billingRefId: ref }, 'billing provider: subscriptions failed');
      throw new ApiError(503, BILLING_PROVIDER_DOWN.code, BILLING_PROVIDER_DOWN.message);
    }
    // Our own records are shown even when the provider does not know the customer (all crosses).
    const productSubscriptions = await ledgerSubscriptions(db, ref, 'product');
    return { customer: billing ? { company: billing.company, id: billing.id } : { company: record.name, id: ref }, productSubscriptions, providerSubscriptions: billing ? provider : [] };
  },
});

export const subscriptionSlugs = [customerSubscriptionList];
