import { callApi } from '../../../dataProvider/api';
import { subscriptionListPath, type SubscriptionListResponse } from '../../../domain/subscriptions';

/** The customer menu's subscription list: the lease company's id, '-' for the supplier and group ids. */
export function getCustomerSubscriptions(leaseCompanyId: string, signal?: AbortSignal): Promise<SubscriptionListResponse> {
  return callApi(subscriptionListPath({ customerId: leaseCompanyId }), { method: 'GET', signal });
}
