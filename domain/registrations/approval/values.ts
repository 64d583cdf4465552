import type { OpeningHours } from '../../common';
import type { ServiceType, SupplementaryServiceKey, VehicleType } from '../../suppliers/enums';

export interface ApprovalAddress {
  number: string;
  address1: string;
  address2: string;
  address3: string;
  county: string;
  postCode: string;
}
export interface ApprovalContact {
  title: string;
  firstName: string;
  lastName: string;
  contactNumber1: string;
  bookingPhoneNumber: string;
  faxNumber: string;
  email: string;
}
/** Director, after-sales and finance contacts (spec 2 §3.7): each at most 20 characters. */
export interface PersonContact {
  name: string;
  phoneNumber: string;
  email: string;
}

/** Ancillary equipment a supplier may work with (ours: the spec's list is not shown). */
export const APPROVAL_ANCILLARIES = [
  { typeValue: 0, key: 'TAIL_LIFT', label: 'Tail lift' },
  { typeValue: 1, key: 'FRIDGE', label: 'Fridge units' },
  { typeValue: 2, key: 'CRANE', label: 'Crane' },
] as const;

/**
 * The Add and Approve Supplier form (spec 2 §2.3, §3.7, §5.5): texts as typed, choices as codes.
 * Independent and Franchise are two ticks that exclude each other.
 */
export interface ApprovalForm {
  supplierId: string;
  companyName: string;
  companyRegistrationNumber: string;
  vatRegistrationNumber: string;
  address: ApprovalAddress;
  billingAddress: ApprovalAddress;
  isBillingAddressSameAsAddress: boolean;
  contact: ApprovalContact;
  billingContact: ApprovalContact;
  isBillingContactSameAsContact: boolean;
  openingHours: OpeningHours;
  servingRadius: { radius: string; mobileRadius: string };
  independent: boolean;
  franchise: boolean;
  manufacturers: string[];
  services: ServiceType[];
  vehicleTypes: VehicleType[];
  ancillaries: string[];
  supplementaryServices: SupplementaryServiceKey[];
  facilities: string[];
  directorContact: PersonContact;
  afterSalesContact: PersonContact;
  financeContact: PersonContact;
}

/** The approved payload as stored with the registration (spec 2 §3.7 "Approved supplier payload"). */
export type ApprovedSupplier = ApprovalForm & { status: 'APPROVED'; unitStatus: { label: 'Live'; status: 'live' }; featureFlags: { mandatoryTyreReadings: true } };
