import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { chargebeeClient } from './chargebee';
import { localBillingLedger } from './local';
import type { BillingSystem } from './system';

export type { BillingCustomer, BillingSystem, SubscriptionFilter } from './system';
export { BillingSystemError } from './system';

/** The billing provider the configuration names (README "Configuration", BILLING_SYSTEM): the local ledger unless BILLING_SYSTEM=chargebee. */
export function createBillingSystem(config: Config, db: Db): BillingSystem {
  return config.billing.system === 'chargebee' && config.billing.chargebee ? chargebeeClient(config.billing.chargebee) : localBillingLedger(db);
}
