import type { CustomerDetails } from '../../../domain/customers';

/** Users and Invite User buttons of a customer, with their drawers. */
export function UserActions(_props: { customer: CustomerDetails }) {
  return null;
}
