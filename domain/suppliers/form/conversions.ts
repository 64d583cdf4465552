/**
 * Between the supplier record (spec 2 §3.1), the form, and the columns a save writes. The save
 * sends the form's values (`supplierDetails`); the server checks them with supplierFormSchema and
 * stores supplierColumns of the normalised form, so both ends agree on every rule.
 */
import type { OpeningHours } from '../../common';
import { normalizePhone, normalizePostcode, stripSpaces } from '../../formats';
import {
  FACILITIES,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
  SUPPLEMENTARY_SERVICES,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
  type Facility,
  type Restrictions,
  type SupplementaryService,
  type SupplierService,
  type SupplierVehicleType,
  type VehicleServices,
} from '../enums';
import { SPECIALIST_SERVICES, specialistServiceOn, type SupplierDetails } from '../details';
import { accountReferenceInput } from './limits';
import { emptySupplierForm, FORM_OPTIONAL_SERVICES } from './defaults';
import type { SupplierForm } from './values';
import { countryOfLocale } from '../../country';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: unknown) => text(v) || null;
const specialistKey = (s: (typeof SPECIALIST_SERVICES)[number]) => `${s.group}.${s.key}`;

/** The form of an existing supplier: every value as the inputs show it. */
export function toSupplierForm(d: SupplierDetails): SupplierForm {
  const empty = emptySupplierForm(countryOfLocale(d.locale));
  const offered = (key: string) => d.supplementaryServices.find((s) => s.type === key);
  return {
    ...empty,
    id: d.id,
    version: d.version,
    locale: d.locale,
    accountObjectId: d.accountObjectId,
    groupId: d.groupId,
    groupName: d.supplierGroupName,
    supplierId: d.supplierId,
    name: d.name,
    companyRegistrationNumber: d.companyRegistrationNumber ?? '',
    vatRegistrationNumber: d.vatRegistrationNumber ?? '',
    address: { number: d.address.number ?? '', address1: d.address.address1 ?? '', address2: d.address.address2 ?? '', address3: d.address.address3 ?? '', county: d.address.county ?? '', postcode: d.address.postcode ?? '' },
    contact: { primaryPhoneNumber: d.contact.primaryPhoneNumber ?? '', bookingPhoneNumber: d.contact.bookingPhoneNumber ?? '', faxNumber: d.contact.faxNumber ?? '', email: d.contact.email ?? '' },
    openingHours: d.openingHours ?? empty.openingHours,
    mandatoryTyreReadings: d.featureFlags.mandatoryTyreReadings,
    useHeadOfficeNameAndAddress: d.useHeadOfficeNameAndAddress,
    servingRadius: { radius: String(d.servingRadius.radius), mobileRadius: String(d.servingRadius.mobileRadius) },
    vehicleTypes: d.vehicleTypes.filter((v) => v.isAvailable).map((v) => v.type),
    specialistServices: SPECIALIST_SERVICES.filter((s) => specialistServiceOn(d.vehicleServices, s)).map(specialistKey),
    services: d.services.filter((s) => s.isEnabled).map((s) => s.type),
    restrictions: { maxHeight: d.restrictions?.maxHeight ?? '', maxLength: d.restrictions?.maxLength ?? '', maxWeight: d.restrictions?.maxWeight ?? '' },
    supplementaryServices: FORM_OPTIONAL_SERVICES.map((def) => {
      const s = offered(def.key);
      return { type: def.key, isOffered: Boolean(s?.isOffered), leadTime: s?.leadTime ?? '', radius: s?.radius == null ? '' : String(s.radius), notes: s?.notes ?? '' };
    }),
    facilities: [
      ...d.facilities.filter((f) => f.isAvailable).map((f) => f.value),
      ...(offered('WASH_AND_VAC')?.isOffered && !d.facilities.some((f) => f.value === 'WASH_AND_VAC' && f.isAvailable) ? ['WASH_AND_VAC'] : []),
    ],
    accountSystemReference: d.accountSystemReference ?? '',
  };
}

/** What a save writes to the supplier's own columns (the group, id, status and stamps are the server's). */
export interface SupplierColumns {
  supplierId: string;
  name: string;
  companyRegistrationNumber: string | null;
  vatRegistrationNumber: string | null;
  addressNumber: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  county: string | null;
  postCode: string | null;
  primaryPhoneNumber: string | null;
  bookingPhoneNumber: string | null;
  faxNumber: string | null;
  email: string | null;
  servingRadius: number;
  mobileRadius: number;
  services: SupplierService[];
  vehicleTypes: SupplierVehicleType[];
  vehicleServices: VehicleServices;
  useHeadOfficeNameAndAddress: boolean;
  mandatoryTyreReadings: boolean;
  /** Edit only (spec 2 §2.1): absent on create, where the defaults stand. */
  openingHours?: OpeningHours;
  restrictions?: Restrictions;
  facilities?: Facility[];
  supplementaryServices?: SupplementaryService[];
  accountSystemReference?: string | null;
}

/** The columns of a checked form; `isNew` leaves out the edit-only parts. */
export function supplierColumns(f: SupplierForm, isNew: boolean): SupplierColumns {
  const vehicleServices = Object.fromEntries(
    [...new Set(SPECIALIST_SERVICES.map((s) => s.group))].map((group) => [group, Object.fromEntries(SPECIALIST_SERVICES.filter((s) => s.group === group).map((s) => [s.key, f.specialistServices.includes(specialistKey(s))]))]),
  ) as unknown as VehicleServices;
  const base: SupplierColumns = {
    supplierId: text(f.supplierId),
    name: text(f.name),
    companyRegistrationNumber: orNull(f.companyRegistrationNumber),
    vatRegistrationNumber: orNull(stripSpaces(f.vatRegistrationNumber)),
    addressNumber: orNull(f.address.number),
    address1: orNull(f.address.address1),
    address2: orNull(f.address.address2),
    address3: orNull(f.address.address3),
    county: orNull(f.address.county),
    postCode: orNull(normalizePostcode(f.address.postcode)),
    primaryPhoneNumber: orNull(normalizePhone(f.contact.primaryPhoneNumber)),
    bookingPhoneNumber: orNull(normalizePhone(f.contact.bookingPhoneNumber)),
    faxNumber: orNull(normalizePhone(f.contact.faxNumber)),
    email: orNull(stripSpaces(f.contact.email)),
    servingRadius: Number(text(f.servingRadius.radius)),
    mobileRadius: Number(text(f.servingRadius.mobileRadius) || 0),
    services: SERVICE_TYPES.map((type) => ({ type, isEnabled: f.services.includes(type), label: SERVICE_TYPE_LABELS[type] })),
    vehicleTypes: VEHICLE_TYPES.map((type, typeValue) => ({ type, label: VEHICLE_TYPE_LABELS[type], typeValue, isAvailable: f.vehicleTypes.includes(type) })),
    vehicleServices,
    useHeadOfficeNameAndAddress: f.useHeadOfficeNameAndAddress,
    mandatoryTyreReadings: f.mandatoryTyreReadings,
  };
  if (isNew) return base;
  const washAndVac = f.facilities.includes('WASH_AND_VAC');
  return {
    ...base,
    openingHours: f.openingHours.sunday.isOpen ? f.openingHours : { ...f.openingHours, sunday: { customOpening: null, customClosing: null, isOpen: false } },
    restrictions: { maxHeight: f.restrictions.maxHeight === '' ? null : f.restrictions.maxHeight, maxLength: f.restrictions.maxLength === '' ? null : f.restrictions.maxLength, maxWeight: f.restrictions.maxWeight === '' ? null : f.restrictions.maxWeight },
    facilities: FACILITIES.map((x) => ({ value: x.value, label: x.label, isAvailable: f.facilities.includes(x.value) })),
    // Wash & Vac is kept as an optional service too, as spec 2 §3.1 stores it.
    supplementaryServices: SUPPLEMENTARY_SERVICES.map((def) => {
      const s = f.supplementaryServices.find((x) => x.type === def.key);
      const offered = def.key === 'WASH_AND_VAC' ? washAndVac : Boolean(s?.isOffered);
      return {
        type: def.key,
        typeValue: def.value,
        isOffered: offered,
        leadTime: offered && def.leadTime && s && s.leadTime !== '' ? s.leadTime : null,
        radius: offered && def.radius && s && text(s.radius) ? Number(text(s.radius)) : null,
        notes: offered && def.notes && s ? orNull(s.notes) : null,
        NTD: false,
      };
    }),
    accountSystemReference: orNull(accountReferenceInput(f.accountSystemReference)),
  };
}
