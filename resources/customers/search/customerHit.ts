import type { RaRecord } from 'react-admin';
import type { Locale } from '../../../domain/common';

/** A hit of the leaseCompanyIndex collection, as the result cards read it. */
export interface CustomerHit extends RaRecord {
  name: string;
  addressNumber?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  county?: string | null;
  postCode?: string | null;
  locale?: Locale;
  status: string;
  customerType?: string | null;
  companyRegistrationNumber?: string | null;
  vatNumber?: string | null;
  diCustomerId?: string | null;
  /** Documents of the customer (page rows only). */
  documentCount?: number;
}
