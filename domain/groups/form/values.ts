import type { Currency, Locale, PaymentMethod } from '../../common';
import type { FeeField } from '../../fees';
import type { GroupPlatformFees } from '../enums';

/** An address block of the group form (spec 2 §3.4: number, address1-3, county, postcode). */
export interface GroupAddressForm {
  number: string;
  address1: string;
  address2: string;
  address3: string;
  county: string;
  postcode: string;
}
/** A contact block (spec 2 §3.4: title, firstName, lastName, contactNumber1, faxNumber, email). */
export interface GroupContactForm {
  title: string;
  firstName: string;
  lastName: string;
  contactNumber1: string;
  faxNumber: string;
  email: string;
}

export const GROUP_FEE_KEYS = ['acceptedBookingFee', 'transactionFee', 'reportingLicenceFee', 'merchantFee'] as const;
export type GroupFeeKey = (typeof GROUP_FEE_KEYS)[number];

export interface GroupPlatformFeesForm extends Record<GroupFeeKey, FeeField> {
  currency: Currency | '';
  paymentMethod: PaymentMethod | '';
  /** Days, 1 to 60 (spec 2 §5.3); null until chosen. */
  feesSchedule: number | null;
}

/** Who set the agreed credit limit last, and when (spec 2 §3.4 creditLimit.updatedBy). */
export interface CreditLimitUpdatedBy {
  lastUpdated: string;
  username: string;
}

/** The Create / Edit Group form (spec 2 §2.2, §3.4); `id` and `version` on edit only. */
export interface GroupForm {
  id?: string;
  version?: number;
  locale: Locale;
  groupId: string;
  name: string;
  companyRegistrationNumber: string;
  vatRegistrationNumber: string;
  visnAccountNumber: string;
  enforceMfa: boolean | null;
  address: GroupAddressForm;
  billingAddress: GroupAddressForm;
  payingAddress: GroupAddressForm;
  contact: GroupContactForm;
  billingContact: GroupContactForm;
  payingContact: GroupContactForm;
  isBillingAddressSameAsAddress: boolean;
  isPayingAddressSameAsBillingAddress: boolean;
  isBillingContactSameAsContact: boolean;
  isPayingContactSameAsBillingContact: boolean;
  useHeadOfficeNameAndAddress: boolean;
  useDirectPaybillName: boolean;
  /** Always live (spec 2 §4). */
  status: 'live';
  platformFees: GroupPlatformFeesForm;
  /** On edit: the fees as they were loaded (spec 2 §3.4). */
  prevPlatformFees?: GroupPlatformFees | null;
  creditLimit: { agreedCreditLimit: FeeField; updatedBy: CreditLimitUpdatedBy | null };
  config: { enableChatSupport: boolean; skipVehicleReturnConfirmation: boolean };
  exportConfig: { authorisedTransactionExport: boolean };
}
