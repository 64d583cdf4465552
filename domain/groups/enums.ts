/** Supplier group values of spec 2 §3.4 and §5.3. */
import type { Currency, Minor, PaymentMethod } from '../common';

export const GROUP_STATUSES = ['live'] as const;
export const SUPPLIER_CREATION_TYPES = ['ADMIN', 'E_REGISTRATION', 'IMPORT'] as const;
export const LINK_STATUSES = ['ACTIVE', 'TERMINATED'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
/** Agreement states of a lease-group link (ours: not listed in the spec). */
export const AGREEMENT_STATUSES = ['PENDING', 'SIGNED', 'EXPIRED'] as const;

/** Group platform fees (spec 2 §3.4); money in minor units, merchantFee in minor units as well. */
export interface GroupPlatformFees {
  currency: Currency;
  paymentMethod: PaymentMethod | null;
  feesSchedule: number;
  acceptedBookingFee: Minor;
  transactionFee: Minor;
  reportingLicenceFee: Minor;
  merchantFee: Minor;
}
export interface GroupConfig {
  enableChatSupport: boolean;
  skipVehicleReturnConfirmation: boolean;
}
export interface GroupExportConfig {
  authorisedTransactionExport: boolean;
}
