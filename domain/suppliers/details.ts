import { DEFAULT_OPENING_HOURS, type Locale, type OpeningHours, type OpeningSlot } from '../common';
import type { Facility, Restrictions, SupplementaryService, SupplierService, SupplierVehicleType, UnitStatus, VehicleServices } from './enums';
import { SERVICE_TYPE_LABELS, UNIT_STATUS_LABELS, type ServiceType, type SupplierExceptionType } from './enums';
import type { DiNetworkTerms } from './networkTerms/values';

/** A supplier's address; lat/lng 0 or missing means the postcode could not be placed. */
export interface SupplierAddress {
  number: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  county: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
}

export interface SupplierException {
  type: SupplierExceptionType;
  isResolved: boolean;
  /** ISO time it was raised. */
  timestamp: string;
}

/** Who made the record and who changed it last (spec 2 §3.1 log). */
export interface RecordLog {
  createdTimestamp: string;
  createdByUser: string | null;
  modifiedTimestamp: string;
  modifiedByUser: string | null;
}

/** The escalation contact of spec 2 §3.2, or null when none is recorded. */
export interface EscalationInformation {
  /** The contact's own version: a save names it (admin/saveEscalationInformation). */
  version: number;
  name: string;
  number: string;
  email: string | null;
  notes: string;
}

/** What supplier/getSupplierDetails answers in `data` (spec 2 §3.1). `id` is the serviceUnitId. */
export interface SupplierDetails {
  id: string;
  serviceUnitId: string;
  version: number;
  /** The owning group's record id. */
  accountObjectId: string;
  /** The group's 'DI Group Id'. */
  groupId: string;
  supplierGroupName: string;
  supplierId: string;
  name: string;
  companyRegistrationNumber: string | null;
  vatRegistrationNumber: string | null;
  locale: Locale;
  address: SupplierAddress;
  contact: { primaryPhoneNumber: string | null; bookingPhoneNumber: string | null; faxNumber: string | null; email: string | null };
  servingRadius: { radius: number; mobileRadius: number };
  services: SupplierService[];
  unitStatus: { label: string; status: UnitStatus };
  supplierType: string | null;
  manufacturers: string[];
  useHeadOfficeNameAndAddress: boolean;
  override: { isEnabled: boolean };
  featureFlags: { mandatoryTyreReadings: boolean };
  vehicleTypes: SupplierVehicleType[];
  vehicleServices: VehicleServices | null;
  openingHours: OpeningHours | null;
  restrictions: Restrictions | null;
  facilities: Facility[];
  supplementaryServices: SupplementaryService[];
  accountSystemReference: string | null;
  financeSupplierId: string | null;
  billingRefId: string | null;
  log: RecordLog;
  belongsToDINetwork: boolean;
  nominatedDealerName: string | null;
  /** The DI network terms (spec 2 §3.5); null when none were added. */
  diNetworkTerms: DiNetworkTerms | null;
  exceptions: SupplierException[];
  escalationInformation: EscalationInformation | null;
  documentCount: number;
}

export const unitStatusOf = (status: UnitStatus) => ({ label: UNIT_STATUS_LABELS[status], status });

/** Spec 2 §2.1: names are cut at 100 characters for display. */
export const DISPLAY_NAME_MAX = 100;
export function displayName(name: string): string {
  return name.length > DISPLAY_NAME_MAX ? `${name.slice(0, DISPLAY_NAME_MAX)}…` : name;
}

/** Spec 2 §2.1: 'Invalid Postcode' when the coordinates are zero or missing; else where Open in maps points. */
export function mapsLink(address: Pick<SupplierAddress, 'lat' | 'lng'>): string | null {
  const { lat, lng } = address;
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng) || lat === 0 || lng === 0) return null;
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/**
 * The service tiles of the details page and the search cards (spec 2 §2.1): REPAIR is shown as
 * SMR and the SMR key itself has no tile, so a supplier offering either shows one 'SMR'.
 */
export function serviceTiles(services: readonly Pick<SupplierService, 'type' | 'isEnabled'>[]): { type: ServiceType; label: string }[] {
  const enabled = new Set(services.filter((s) => s.isEnabled).map((s) => s.type));
  const tiles: { type: ServiceType; label: string }[] = [];
  for (const type of Object.keys(SERVICE_TYPE_LABELS) as ServiceType[]) {
    if (type === 'SMR' || !enabled.has(type)) continue;
    tiles.push(type === 'REPAIR' ? { type, label: 'SMR' } : { type, label: SERVICE_TYPE_LABELS[type] });
  }
  return tiles;
}

const slotText = (slot: OpeningSlot) => (slot.customOpening && slot.customClosing ? `${slot.customOpening} - ${slot.customClosing}` : '-');

/**
 * Opening hours as the details page shows them (spec 2 §2.1): the defaults when none exist, '-'
 * where a time is missing, and 'Closed' for a Sunday that is not open.
 */
export function openingHoursRows(hours: OpeningHours | null): { day: string; text: string }[] {
  const h = hours ?? DEFAULT_OPENING_HOURS;
  return [
    { day: 'Monday to Friday', text: slotText(h.weekday) },
    { day: 'Saturday', text: slotText(h.saturday) },
    { day: 'Sunday', text: h.sunday.isOpen ? slotText(h.sunday) : 'Closed' },
  ];
}

/** The finance-system mapping exception of spec 2 §4. */
export const FINANCE_MAPPING_MESSAGES = {
  exception: 'There is no mapping between the finance system and the product',
  notConfigured: 'The supplier has not been configured in QuickBooks',
  updateFailed: 'Unable to update the finance supplier ID.',
} as const;

/** Spec 2 §2.1 and §8: the texts of the details page. */
export const SUPPLIER_DETAILS_MESSAGES = {
  terminateQuestion: 'Are you sure you want to terminate this supplier record?',
  terminated: 'This Supplier has been Terminated',
  notInDiNetwork: 'The group is not part of DI Network, cannot manage DI Network Terms for this group.',
  noTerms: 'No DI Network Terms have been added for this supplier',
  invalidPostcode: 'Invalid Postcode',
  noTermsPermission: 'You do not have permission to edit (or add) DI Network Terms',
} as const;

/**
 * The specialist services of spec 2 §3.1 (vehicleServices), by path, with the labels the details
 * page and the form show (ours: the spec lists the keys only).
 */
export const SPECIALIST_SERVICES = [
  { group: 'ancillaryEquipment', key: 'servicingAndRepairs', label: 'Ancillary Equipment Servicing & Repairs' },
  { group: 'specialisedRepairs', key: 'misFueling', label: 'Mis-fuelling' },
  { group: 'specialisedRepairs', key: 'dpfFilters', label: 'DPF Filters' },
  { group: 'engine', key: 'rebuild', label: 'Engine Rebuild' },
  { group: 'lockAndKeys', key: 'replacementKeysAndDoorLocks', label: 'Replacement Keys & Door Locks' },
  { group: 'safetyAndCompliance', key: 'lolerWeightTesting', label: 'LOLER Weight Testing' },
  { group: 'bodywork', key: 'smartRepairs', label: 'SMART Repairs' },
] as const;

/** Whether a specialist service is on in a supplier's vehicleServices (absent: off). */
export function specialistServiceOn(services: VehicleServices | null, s: (typeof SPECIALIST_SERVICES)[number]): boolean {
  const group = services?.[s.group] as Record<string, boolean> | undefined;
  return Boolean(group?.[s.key]);
}
