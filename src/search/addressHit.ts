import type { RaRecord } from 'react-admin';
import { DEFAULT_LOCALE, type Locale } from '../../domain/common';
import { formatAddress } from '../../domain/formats';

/** A search hit carrying an address in parts (customers, suppliers, groups). */
export interface AddressHit extends RaRecord {
  addressNumber?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  county?: string | null;
  postCode?: string | null;
  locale?: Locale;
}

/** The card's address, formatted by the same domain rule as the details pages. */
export const hitAddress = (hit: AddressHit): string =>
  formatAddress({ number: hit.addressNumber, address1: hit.address1, address2: hit.address2, address3: hit.address3, county: hit.county, postCode: hit.postCode }, hit.locale ?? DEFAULT_LOCALE);
