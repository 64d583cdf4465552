import type { CustomerHit } from './useCustomerSearch';

/** The subscriptions action of a customer card: opens the Subscriptions drawer. */
export function SubscriptionsAction(_props: { hit: CustomerHit }) {
  return null;
}
