import type { AdminUser } from '../session';
import type { SupplierDetails } from './details';

/**
 * The body of admin/terminateSupplierUnit as spec 2 §7 lists it: `user` is the supplier terminated
 * (its contact plus name, supplierGroupName and supplierId), `userDetails` the admin terminating it.
 */
export function terminateSupplierBody(
  supplier: Pick<SupplierDetails, 'id' | 'accountObjectId' | 'version' | 'contact' | 'name' | 'supplierGroupName' | 'supplierId'>,
  by: AdminUser | null | undefined,
) {
  return {
    serviceUnitId: supplier.id,
    accountId: supplier.accountObjectId,
    version: supplier.version,
    user: { ...supplier.contact, name: supplier.name, supplierGroupName: supplier.supplierGroupName, supplierId: supplier.supplierId },
    userDetails: by ?? null,
  };
}
