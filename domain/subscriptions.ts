/**
 * Subscriptions of a billing customer (spec 1 §2 "Subscriptions drawer", §3 "Subscription", §7,
 * §8): the product's own records beside the billing provider's, each marked by whether the other
 * side knows it.
 */
import { z } from 'zod';
import { NOT_APPLICABLE_ID } from './subscriptionPaths';

/** Spec 1 §9: the Subscriptions drawer is 950 wide. */
export const SUBSCRIPTIONS_DRAWER_WIDTH = 950;

// The call's path lives apart, so the console's first screen loads no schema.
export { NOT_APPLICABLE_ID, subscriptionListPath } from './subscriptionPaths';

export interface SubscriptionItem {
  item_price_id: string;
}
export interface Subscription {
  id: string;
  status: string;
  itemPriceId: string;
  subscription_items: SubscriptionItem[];
}
export interface SubscriptionListResponse {
  /** The billing customer: its company name and id (the record's billingRefId; null when it has none). */
  customer: { company: string; id: string | null };
  /** What the product's own records hold. */
  productSubscriptions: Subscription[];
  /** What the billing provider holds. */
  providerSubscriptions: Subscription[];
}

/** Column titles (ours: the spec does not show them). */
export const SUBSCRIPTION_COLUMNS = {
  product: 'Fleet Network records',
  provider: 'Billing provider records',
} as const;

/** Whose subscriptions: a customer (lease company) or a supplier (service unit). */
export interface SubscriptionOwner {
  kind: 'customer' | 'supplier';
  id: string;
}

/** Spec 1 §8 words them for a customer ('customer-{id}'); a supplier's say 'supplier-{id}' (ours). */
export const SUBSCRIPTION_MESSAGES = {
  none: (id: string, kind: SubscriptionOwner['kind'] = 'customer') => `No Subscriptions found ${kind}-${id}`,
  error: (id: string, kind: SubscriptionOwner['kind'] = 'customer') => `Error receiving Subscriptions for ${kind}-${id}`,
  // Accessible text of the tick and the cross (ours): the colour alone says nothing to some users.
  matched: 'Also held by the other side',
  unmatched: 'Missing on the other side',
} as const;

const pathId = z.string().trim().min(1).max(64);
/** The GET's path parameters; exactly one names a record, the others are NOT_APPLICABLE_ID or 'null'. */
export const subscriptionListSchema = z
  .object({ customerId: pathId, serviceUnitId: pathId, accountId: pathId })
  .superRefine((v, ctx) => {
    const given = (['customerId', 'serviceUnitId', 'accountId'] as const).filter((k) => !isNotApplicable(v[k]));
    if (given.length !== 1) ctx.addIssue({ code: 'custom', path: given[1] ? [given[1]] : ['customerId'], message: 'Exactly one of customerId, serviceUnitId and accountId is required' });
  });
export type SubscriptionListInput = z.infer<typeof subscriptionListSchema>;

export function isNotApplicable(id: string | null | undefined): boolean {
  return !id || id === NOT_APPLICABLE_ID || id === 'null';
}


export interface ComparedSubscription extends Subscription {
  /** Its id is in the other list: a green tick; otherwise a red cross. */
  matched: boolean;
  /** The status as the drawer shows it: upper case. */
  statusLabel: string;
}

/** Each side's subscriptions marked by whether the other side has one with the same id. */
export function compareSubscriptions(r: Pick<SubscriptionListResponse, 'productSubscriptions' | 'providerSubscriptions'>): {
  product: ComparedSubscription[];
  provider: ComparedSubscription[];
} {
  const productIds = new Set(r.productSubscriptions.map((s) => s.id));
  const providerIds = new Set(r.providerSubscriptions.map((s) => s.id));
  const mark = (list: Subscription[], other: Set<string>) => list.map((s) => ({ ...s, matched: other.has(s.id), statusLabel: s.status.toUpperCase() }));
  return { product: mark(r.productSubscriptions, providerIds), provider: mark(r.providerSubscriptions, productIds) };
}

/** True when neither side has any subscription: the drawer shows the 'No Subscriptions found' message. */
export function hasNoSubscriptions(r: Pick<SubscriptionListResponse, 'productSubscriptions' | 'providerSubscriptions'>): boolean {
  return r.productSubscriptions.length === 0 && r.providerSubscriptions.length === 0;
}
