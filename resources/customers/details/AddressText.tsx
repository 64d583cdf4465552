import { formatCustomerAddress, type CustomerAddress } from '../../../domain/customers';

/** The address display rule of spec 1 §2, from the domain. */
export function AddressText({ address }: { address: CustomerAddress | null | undefined }) {
  return <>{formatCustomerAddress(address)}</>;
}
