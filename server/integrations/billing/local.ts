import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Subscription } from '../../../domain/subscriptions';
import type { Tx } from '../../db/client';
import { billingCustomers, billingSubscriptionItems, billingSubscriptions } from '../../db/schema';
import type { BillingSystem, SubscriptionFilter } from './system';

/**
 * One billing customer's subscriptions in the ledger that one side knows: the product's own
 * records (in_product) or those the ledger keeps for the provider (in_provider). By id, items by
 * item price id.
 */
export async function ledgerSubscriptions(db: Tx, billingCustomerId: string, side: 'product' | 'provider', filter: SubscriptionFilter = {}): Promise<Subscription[]> {
  const where: SQL[] = [eq(billingSubscriptions.billingCustomerId, billingCustomerId), eq(side === 'product' ? billingSubscriptions.inProduct : billingSubscriptions.inProvider, true)];
  if (filter.status) where.push(inArray(billingSubscriptions.status, [...filter.status]));
  const subs = await db
    .select({ id: billingSubscriptions.id, status: billingSubscriptions.status, itemPriceId: billingSubscriptions.itemPriceId })
    .from(billingSubscriptions)
    .where(and(...where))
    .orderBy(asc(billingSubscriptions.id));
  if (!subs.length) return [];
  const items = await db
    .select({ subscriptionId: billingSubscriptionItems.subscriptionId, itemPriceId: billingSubscriptionItems.itemPriceId })
    .from(billingSubscriptionItems)
    .where(inArray(billingSubscriptionItems.subscriptionId, subs.map((s) => s.id)))
    .orderBy(asc(billingSubscriptionItems.itemPriceId));
  return subs.map((s) => ({ ...s, subscription_items: items.filter((i) => i.subscriptionId === s.id).map((i) => ({ item_price_id: i.itemPriceId })) }));
}

/**
 * The local billing ledger (billing_customers, billing_subscriptions, billing_subscription_items):
 * the default, so the console needs no account anywhere. It answers as the provider the
 * subscriptions flagged in_provider.
 */
export function localBillingLedger(db: Tx): BillingSystem {
  return {
    name: 'local',
    async customer(id) {
      const [row] = await db.select({ id: billingCustomers.id, company: billingCustomers.company }).from(billingCustomers).where(eq(billingCustomers.id, id));
      return row ?? null;
    },
    subscriptions: (customerId, filter) => ledgerSubscriptions(db, customerId, 'provider', filter),
  };
}
