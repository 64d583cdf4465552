import type { CustomerDetails } from '../../../domain/customers';

/** API Integrations, Webhook Subscriptions, retailer configuration and Show Weblink URL for a customer. */
export function IntegrationActions(_props: { customer: CustomerDetails }) {
  return null;
}
