import type { RaRecord } from 'react-admin';
import type { Locale } from '../../../domain/common';

/** A hit of the groups collection, as the result cards read it. `id` is the group's record id (accountId). */
export interface GroupHit extends RaRecord {
  name: string;
  /** The DI Group Id. */
  groupId: string;
  blocked?: boolean;
  addressNumber?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  county?: string | null;
  postCode?: string | null;
  locale?: Locale;
  supplierCreationType?: string | null;
  documentCount?: number;
}
