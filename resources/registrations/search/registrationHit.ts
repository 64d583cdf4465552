import type { RegistrationStatus } from '../../../domain/registrations';
import type { ServiceType } from '../../../domain/suppliers';
import type { AddressHit } from '../../../src/search/addressHit';

/** A hit of the eRegistrations collection, as the result cards read it. `id` is the inviteId. */
export interface RegistrationHit extends AddressHit {
  companyName: string;
  status: RegistrationStatus;
  email?: string | null;
  /** Services the applicant offers. */
  services?: ServiceType[];
}
