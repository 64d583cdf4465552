import type { Locale } from '../../../domain/common';
import { formatCustomerAddress, type CustomerAddress } from '../../../domain/customers';

/** The address display rule of spec 1 §2, from the domain. */
export function AddressText({ address, locale }: { address: CustomerAddress | null | undefined; locale: Locale }) {
  return <>{formatCustomerAddress(address, locale)}</>;
}
