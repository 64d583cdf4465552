import type { CustomerDetails } from '../../../domain/customers';

/** Network Export and Network Import buttons of a customer. */
export function NetworkActions(_props: { customer: CustomerDetails }) {
  return null;
}
