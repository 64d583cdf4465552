/** The customer form's values, as the form holds them (strings while typed; fees as typed). */
import { type Currency, type Locale, type PaymentMethod } from '../../common';
import {
  CUSTOMER_FEE_KEYS,
  type CustomerConfig,
  type CustomerKind,
  type CustomerPlatformFees,
  type CustomerType,
  type FleetLevel,
  type RateCardType,
  type Webhooks,
} from '../enums';
import { type FeeField } from '../../fees';

export interface CustomerAddressForm {
  number: string;
  address1: string;
  address2: string;
  address3: string;
  county: string;
  postCode: string;
}

export type FeeKey = (typeof CUSTOMER_FEE_KEYS)[number];

export interface PlatformFeesForm extends Record<FeeKey, FeeField> {
  currency: Currency;
  paymentMethod: PaymentMethod | '';
  feesSchedule: number | null;
  /** 'Apply Platform Fee to'. */
  platformFeeAssignee: CustomerKind | '';
}

export interface CustomerForm {
  /** null while creating. */
  id: string | null;
  version: number | null;
  locale: Locale;
  customerName: string;
  companyRegistrationNumber: string;
  vatNumber: string;
  customerType: CustomerType | '';
  rateCardType: RateCardType | '';
  fleetLevel: FleetLevel | '';
  currency: Currency | '';
  billingRefId: string;
  categoryId: string;
  customerNameForDirectPaybill: string;
  leaseDetails: { accountManager: string; accountNumber: string };
  address: CustomerAddressForm;
  /** The main phone number (mainphoneNumber of the details). */
  phoneNumber: string;
  contactName: string;
  mobileNumber: string;
  email: string;
  infoEmail: string;
  landLineNumber: string;
  whatsappNumber: string;
  enforceMfa: boolean | null;
  /** A number, or the text of the input while it is typed. */
  supplierProximity: number | string | null;
  maxSubCustomerAssignmentsAllowed: number;
  exportsSettings: { invoiceSupplementFileEnabled: boolean };
  config: CustomerConfig;
  platformFees: PlatformFeesForm;
  /** The fees as loaded (minor units), sent back on edit as prevPlatformFees. */
  prevPlatformFees: CustomerPlatformFees | null;
  webhooks: Webhooks;
}
