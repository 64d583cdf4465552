import type { RaRecord } from 'react-admin';
import type { Locale } from '../../../domain/common';
import type { ServiceType, UnitStatus } from '../../../domain/suppliers';

/** A hit of the suppliers collection, as the result cards read it. `id` is the serviceUnitId. */
export interface SupplierHit extends RaRecord {
  name: string;
  supplierId: string;
  /** The group's record id (accountObjectId) and its DI Group Id and name. */
  groupId: string;
  diGroupId?: string | null;
  groupName?: string | null;
  status: UnitStatus;
  addressNumber?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  county?: string | null;
  postCode?: string | null;
  locale?: Locale;
  manufacturers?: string[];
  /** Enabled service types. */
  services?: ServiceType[];
  documentCount?: number;
}
