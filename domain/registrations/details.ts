/** A registration as eOnBoarding/getERegistrationDetails answers it (spec 2 §3.7 "Details (eOnBoardingDetails)"). */
import type { OpeningHours } from '../common';
import type { SupplierService } from '../suppliers/enums';
import type { RegistrationContact, RegistrationStatus } from './enums';
import type { ApprovedSupplier } from './approval/values';

export interface RegistrationAddress {
  number: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  county: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
}

export interface RegistrationDetails {
  id: string;
  inviteId: string;
  version: number;
  status: RegistrationStatus;
  email: string;
  services: SupplierService[];
  companyDetails: {
    name: string;
    regNumber: string | null;
    VATNumber: string | null;
    address: RegistrationAddress;
    contactDetails: RegistrationContact;
    openingHours: OpeningHours;
  };
  billingDetails: {
    address: (RegistrationAddress & { isSameHeadOfficeAddress: boolean }) | null;
    contactDetails: (RegistrationContact & { isSameHeadOfficeContactDetails: boolean }) | null;
  };
  lastUpdated: string;
  reasonForRejection: string | null;
  /** Once approved: the supplier it became, and what was approved. */
  approvedSupplier: { serviceUnitId: string; accountObjectId: string } | null;
  approval: ApprovedSupplier | null;
}

/** The e-registration area's texts (spec 2 §8; wording the spec leaves open is ours). */
export const REGISTRATION_MESSAGES = {
  rejected: 'The supplier registration has been rejected',
  activated: 'The supplier has been approved and activated in the network',
  rejectFailed: 'The registration could not be rejected.',
  approveFailed: 'The supplier could not be approved.',
  alreadyDecided: (status: string) => `This registration is already ${status.toLowerCase()}: it cannot be approved or rejected again.`,
  reasonRequired: 'Reason is required',
  reasonNotValid: 'Reason is not valid',
  supplierIdExists: 'Supplier ID already exists',
} as const;

/** Spec 2 §9: the reject reason is at most 200 characters; the Reject drawer is 600 wide. */
export const REJECT_REASON_MAX = 200;
export const REJECT_DRAWER_WIDTH = 600;
