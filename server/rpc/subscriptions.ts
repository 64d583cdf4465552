/**
 * Subscriptions from the local billing ledger (billing_customers, billing_subscriptions,
 * billing_subscription_items), which stands in for the billing provider: spec 1 §2 Subscriptions
 * drawer, §7 "chargebee-style subscription list". in_product / in_provider say which side knows
 * each subscription; the console marks the ones the other side lacks.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { isRecordId } from '../../domain/customers';
import { isNotApplicable, subscriptionListSchema, type Subscription, type SubscriptionListResponse } from '../../domain/subscriptions';
import { billingCustomers, billingSubscriptionItems, billingSubscriptions, leaseCompanies } from '../db/schema';
import type { Tx } from '../db/client';
import { ApiError, notFound } from './errors';
import { defineSlug } from './registry';

const VIEW_CUSTOMER = { permission: 'customer', action: 'view' } as const;

/** Both sides' subscriptions of one billing customer, items in a stable order. */
async function ledgerOf(db: Tx, billingCustomerId: string): Promise<Pick<SubscriptionListResponse, 'productSubscriptions' | 'providerSubscriptions'>> {
  const subs = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.billingCustomerId, billingCustomerId)).orderBy(asc(billingSubscriptions.id));
  const items = subs.length
    ? await db
        .select({ subscriptionId: billingSubscriptionItems.subscriptionId, itemPriceId: billingSubscriptionItems.itemPriceId })
        .from(billingSubscriptionItems)
        .where(inArray(billingSubscriptionItems.subscriptionId, subs.map((s) => s.id)))
        .orderBy(asc(billingSubscriptionItems.itemPriceId))
    : [];
  const view = (s: (typeof subs)[number]): Subscription => ({
    id: s.id,
    status: s.status,
    itemPriceId: s.itemPriceId,
    subscription_items: items.filter((i) => i.subscriptionId === s.id).map((i) => ({ item_price_id: i.itemPriceId })),
  });
  return { productSubscriptions: subs.filter((s) => s.inProduct).map(view), providerSubscriptions: subs.filter((s) => s.inProvider).map(view) };
}

/**
 * GET chargebee/customerSubscriptionList/customerId/{customerId}/serviceUnitId/{serviceUnitId}/accountId/{accountId}.
 * The customer menu passes the lease company's id as customerId and '-' for the other two; its
 * billingRefId names the billing customer. A customer without one (or whose billing customer the
 * ledger does not hold) has no subscriptions: empty lists, and the drawer says so.
 */
export const customerSubscriptionList = defineSlug({
  slug: 'chargebee/customerSubscriptionList/customerId/:customerId/serviceUnitId/:serviceUnitId/accountId/:accountId',
  method: 'GET',
  access: VIEW_CUSTOMER,
  input: subscriptionListSchema,
  async handler(c): Promise<SubscriptionListResponse> {
    // Suppliers (serviceUnitId) and groups (accountId) get their lookups with their own screens.
    if (isNotApplicable(c.input.customerId)) {
      throw new ApiError(400, 'VALIDATION', 'Only customer subscriptions can be listed here', { customerId: 'customerId is required' });
    }
    const id = c.input.customerId;
    if (!isRecordId(id)) throw notFound('Customer');
    const db = c.services.db;
    const [lease] = await db.select({ name: leaseCompanies.name, billingRefId: leaseCompanies.billingRefId }).from(leaseCompanies).where(eq(leaseCompanies.id, id));
    if (!lease) throw notFound('Customer');
    const empty = { productSubscriptions: [], providerSubscriptions: [] };
    if (!lease.billingRefId) return { customer: { company: lease.name, id: null }, ...empty };
    const [billing] = await db.select({ id: billingCustomers.id, company: billingCustomers.company }).from(billingCustomers).where(eq(billingCustomers.id, lease.billingRefId));
    if (!billing) return { customer: { company: lease.name, id: lease.billingRefId }, ...empty };
    return { customer: { company: billing.company, id: billing.id }, ...(await ledgerOf(db, billing.id)) };
  },
});

export const subscriptionSlugs = [customerSubscriptionList];
