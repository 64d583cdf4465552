import { CURRENCY_BY_LOCALE } from '../../common';
import { LOCALE_BY_COUNTRY, type Country } from '../../country';
import { EMPTY_FEE } from '../../fees';
import type { GroupAddressForm, GroupContactForm, GroupForm } from './values';

export const emptyGroupAddress = (): GroupAddressForm => ({ number: '', address1: '', address2: '', address3: '', county: '', postcode: '' });
export const emptyGroupContact = (): GroupContactForm => ({ title: '', firstName: '', lastName: '', contactNumber1: '', faxNumber: '', email: '' });

/**
 * A new group of a country. The "same as" flags start un-ticked (ours): ticked, the first letter
 * typed into the address would un-tick them again (spec 2 §4), so they are ticked once the parent
 * block is filled. Enforce MFA starts at Yes, the currency at the country's.
 */
export function emptyGroupForm(country: Country): GroupForm {
  const locale = LOCALE_BY_COUNTRY[country];
  return {
    locale,
    groupId: '',
    name: '',
    companyRegistrationNumber: '',
    vatRegistrationNumber: '',
    visnAccountNumber: '',
    enforceMfa: true,
    address: emptyGroupAddress(),
    billingAddress: emptyGroupAddress(),
    payingAddress: emptyGroupAddress(),
    contact: emptyGroupContact(),
    billingContact: emptyGroupContact(),
    payingContact: emptyGroupContact(),
    isBillingAddressSameAsAddress: false,
    isPayingAddressSameAsBillingAddress: false,
    isBillingContactSameAsContact: false,
    isPayingContactSameAsBillingContact: false,
    useHeadOfficeNameAndAddress: false,
    useDirectPaybillName: false,
    status: 'live',
    platformFees: { currency: CURRENCY_BY_LOCALE[locale], paymentMethod: '', feesSchedule: null, acceptedBookingFee: EMPTY_FEE, transactionFee: EMPTY_FEE, reportingLicenceFee: EMPTY_FEE, merchantFee: EMPTY_FEE },
    creditLimit: { agreedCreditLimit: EMPTY_FEE, updatedBy: null },
    config: { enableChatSupport: false, skipVehicleReturnConfirmation: false },
    exportConfig: { authorisedTransactionExport: false },
  };
}
