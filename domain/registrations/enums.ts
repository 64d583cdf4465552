/** E-registration values of spec 2 §3.7 and §4. */
import type { Address, OpeningHours } from '../common';

export const REGISTRATION_STATUSES = ['NEW', 'REJECTED', 'APPROVED'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export interface RegistrationContact {
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  bookingPhoneNumber?: string | null;
  faxNumber?: string | null;
  email: string;
}
export interface RegistrationBilling {
  address: (Address & { isSameHeadOfficeAddress: boolean }) | null;
  contactDetails: (RegistrationContact & { isSameHeadOfficeContactDetails: boolean }) | null;
}
export interface RegistrationCompanyExtras {
  contactDetails: RegistrationContact;
  openingHours: OpeningHours;
}

/** How statuses read on cards and filters (ours: the spec shows the codes). */
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = { NEW: 'New', REJECTED: 'Rejected', APPROVED: 'Approved' };
