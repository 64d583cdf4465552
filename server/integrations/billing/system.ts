/**
 * The billing provider behind one interface (ARCHITECTURE.md "External systems are adapters"): the
 * local billing ledger in our own database by default, Chargebee when BILLING_SYSTEM=chargebee. One
 * contract test suite runs against both (tests/api/billing-system.test.ts).
 */
import type { BillingSubscriptionStatus } from '../../../domain/finance';
import type { Subscription } from '../../../domain/subscriptions';

/** A billing customer as the provider holds it: its id (our records' billingRefId) and company name. */
export interface BillingCustomer {
  id: string;
  company: string;
}

/** List filters of a customer's subscriptions; none given lists them all. */
export interface SubscriptionFilter {
  status?: readonly BillingSubscriptionStatus[];
}

/**
 * The billing provider failed: unreachable, too slow, rate limited, refused, or an answer we
 * cannot read. `code` is the provider's api_error_code where it gave one.
 */
export class BillingSystemError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BillingSystemError';
  }
}

export interface BillingSystem {
  readonly name: 'local' | 'chargebee';
  /** The billing customer with this id, or null when the provider has none. */
  customer(id: string): Promise<BillingCustomer | null>;
  /**
   * The provider's subscriptions of one billing customer, every page of them, by id; each with its
   * plan's item price and its items by item price id (the order the drawer shows).
   */
  subscriptions(customerId: string, filter?: SubscriptionFilter): Promise<Subscription[]>;
}
