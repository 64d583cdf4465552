import type { AddressHit } from '../../../src/search/addressHit';
import type { ServiceType, UnitStatus } from '../../../domain/suppliers';

/** A hit of the suppliers collection, as the result cards read it. `id` is the serviceUnitId. */
export interface SupplierHit extends AddressHit {
  name: string;
  supplierId: string;
  /** The group's record id (accountObjectId) and its DI Group Id and name. */
  groupId: string;
  diGroupId?: string | null;
  groupName?: string | null;
  status: UnitStatus;
  manufacturers?: string[];
  /** Enabled service types. */
  services?: ServiceType[];
  documentCount?: number;
}
