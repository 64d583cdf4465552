import type { Country } from '../../country';
import { notValidMessage, requiredMessage } from '../../messages';

export const ADDRESS_FIELDS = ['number', 'address1', 'address2', 'address3', 'county', 'postcode'] as const;
export const CONTACT_FIELDS = ['title', 'firstName', 'lastName', 'contactNumber1', 'faxNumber', 'email'] as const;

/** The labels of an address block; the spec's messages name them (spec 2 §5.3). */
export function groupAddressLabels(country: Country): Record<(typeof ADDRESS_FIELDS)[number], string> {
  return { number: 'Building Name/Number', address1: 'Street name', address2: 'Locality', address3: 'Town', county: 'County', postcode: country === 'IE' ? 'Eircode' : 'Postcode' };
}
export const GROUP_CONTACT_LABELS: Record<(typeof CONTACT_FIELDS)[number], string> = {
  title: 'Title',
  firstName: 'First Name',
  lastName: 'Last Name',
  contactNumber1: 'Phone Number',
  faxNumber: 'Fax Number',
  email: 'Email',
};

/** The labels of the form's other fields, by path. */
export const GROUP_FIELD_LABELS = {
  groupId: 'Group ID',
  name: 'Supplier Group Name',
  companyRegistrationNumber: 'Company registration number',
  vatRegistrationNumber: 'VAT Registration number',
  visnAccountNumber: 'Visn account number',
  enforceMfa: 'Enforce MFA',
  'platformFees.currency': 'Currency',
  'platformFees.paymentMethod': 'Payment Method',
  'platformFees.feesSchedule': 'Fees Schedule',
  'platformFees.acceptedBookingFee': 'Accepted Booking Fee',
  'platformFees.transactionFee': 'Transaction Fee',
  'platformFees.reportingLicenceFee': 'Reporting Licence Fee',
  'platformFees.merchantFee': 'Merchant Fee',
  'creditLimit.agreedCreditLimit': 'Agreed Credit Limit',
  useHeadOfficeNameAndAddress: 'Use Head Office Name and Address',
  useDirectPaybillName: 'Use Direct Paybill Name',
  'config.skipVehicleReturnConfirmation': 'Skip Vehicle Return Confirmation',
  'config.enableChatSupport': 'Enable Chat Support',
  'exportConfig.authorisedTransactionExport': 'Authorised Transaction Export',
  isBillingAddressSameAsAddress: 'Same as Address',
  isPayingAddressSameAsBillingAddress: 'Same as Billing Address',
  isBillingContactSameAsContact: 'Same as Contact',
  isPayingContactSameAsBillingContact: 'Same as Billing Contact',
} as const;

/** The form's section titles (spec 2 §2.2). */
export const GROUP_SECTIONS = {
  details: 'Group Details',
  address: 'Address',
  billingAddress: 'Billing Address',
  payingAddress: 'Paying Address',
  contact: 'Contact',
  billingContact: 'Billing Contact',
  payingContact: 'Paying Contact',
  platformFees: 'Platform Fees',
  invoiceConfig: 'Invoice Config',
  creditLimit: 'Credit Limit',
  enquiryProgression: 'Enquiry Progression',
  chatSupport: 'Chat Support',
  exportConfig: 'Export Config',
} as const;

/** Enforce MFA options (spec 2 §9). */
export const ENFORCE_MFA_OPTIONS = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No (Supplier has accepted non MFA risk)' },
] as const;

/** The messages of spec 2 §5.3 and §8 that are not '{label} is required' / '{label} is not valid'. */
export const GROUP_FORM_MESSAGES = {
  groupIdExists: 'Group Id already exists',
  /** Spec 2 §5.3: VAT over its length, either country. */
  vatInvalid: 'VAT Number is not valid',
  /** Ours: the spec caps the merchant fee at 100 without wording it. */
  merchantFeeOver: 'Merchant Fee must be between 0 and 100',
} as const;

export { notValidMessage, requiredMessage };
