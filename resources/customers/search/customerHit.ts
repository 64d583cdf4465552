import type { AddressHit } from '../../../src/search/addressHit';

/** A hit of the leaseCompanyIndex collection, as the result cards read it. */
export interface CustomerHit extends AddressHit {
  name: string;
  status: string;
  customerType?: string | null;
  companyRegistrationNumber?: string | null;
  vatNumber?: string | null;
  diCustomerId?: string | null;
  /** Documents of the customer (page rows only). */
  documentCount?: number;
}
