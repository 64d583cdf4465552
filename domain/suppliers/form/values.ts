import type { Locale, OpeningHours } from '../../common';
import type { ServiceType, SupplementaryServiceKey, VehicleType } from '../enums';

/** An optional service as the form holds it: the choice and texts as typed (spec 2 §5.1). */
export interface SupplementaryServiceForm {
  type: SupplementaryServiceKey;
  isOffered: boolean;
  /** Days, 1 to 30; '' when not chosen. */
  leadTime: number | '';
  /** Miles, digits as typed. */
  radius: string;
  notes: string;
}

/**
 * The Create / Edit Supplier form's values (spec 2 §2.1, §3.1): texts as typed (the domain's
 * mappers normalise on save), choices as their codes. Edit-only parts are present on create too,
 * holding their defaults, so one shape serves both.
 */
export interface SupplierForm {
  /** null for a new supplier. */
  id: string | null;
  version: number | null;
  locale: Locale;
  /** The group picked by name: its record id, its DI Group Id and its name. */
  accountObjectId: string;
  groupId: string;
  groupName: string;
  supplierId: string;
  name: string;
  companyRegistrationNumber: string;
  vatRegistrationNumber: string;
  address: { number: string; address1: string; address2: string; address3: string; county: string; postcode: string };
  contact: { primaryPhoneNumber: string; bookingPhoneNumber: string; faxNumber: string; email: string };
  openingHours: OpeningHours;
  mandatoryTyreReadings: boolean;
  useHeadOfficeNameAndAddress: boolean;
  servingRadius: { radius: string; mobileRadius: string };
  vehicleTypes: VehicleType[];
  /** Specialist services that are on, as 'group.key' (SPECIALIST_SERVICES). */
  specialistServices: string[];
  services: ServiceType[];
  restrictions: { maxHeight: number | ''; maxLength: number | ''; maxWeight: number | '' };
  supplementaryServices: SupplementaryServiceForm[];
  facilities: string[];
  accountSystemReference: string;
}
