/**
 * Subscriptions from the local billing ledger (billing_customers, billing_subscriptions,
 * billing_subscription_items), which stands in for the billing provider: spec 1 §2 Subscriptions
 * drawer, §7 "chargebee-style subscription list". in_product / in_provider say which side knows
 * each subscription; the console marks the ones the other side lacks.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { isRecordId } from '../../domain/common';
import { can } from '../../domain/permissions';
import { isNotApplicable, subscriptionListSchema, type Subscription, type SubscriptionListResponse } from '../../domain/subscriptions';
import { billingCustomers, billingSubscriptionItems, billingSubscriptions, leaseCompanies, suppliers } from '../db/schema';
import type { Tx } from '../db/client';
import { ApiError, forbidden, notFound } from './errors';
import { defineSlug } from './registry';

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
 * without it (or whose billing customer the ledger does not hold) has no subscriptions: empty
 * lists, and the drawer says so. Reading needs the view of the record's menu.
 */
export const customerSubscriptionList = defineSlug({
  slug: 'chargebee/customerSubscriptionList/customerId/:customerId/serviceUnitId/:serviceUnitId/accountId/:accountId',
  method: 'GET',
  effect: 'read',
  access: 'signed-in',
  input: subscriptionListSchema,
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
    const [billing] = await db.select({ id: billingCustomers.id, company: billingCustomers.company }).from(billingCustomers).where(eq(billingCustomers.id, record.billingRefId));
    if (!billing) return { customer: { company: record.name, id: record.billingRefId }, ...empty };
    return { customer: { company: billing.company, id: billing.id }, ...(await ledgerOf(db, billing.id)) };
  },
});

export const subscriptionSlugs = [customerSubscriptionList];
