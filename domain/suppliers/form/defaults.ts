/** Defaults and state rules of the supplier form (spec 2 §4, §5.1). */
import { DEFAULT_OPENING_HOURS, SUNDAY_OPEN_DEFAULT, type OpeningHours } from '../../common';
import { type Country, LOCALE_BY_COUNTRY } from '../../country';
import { SUPPLEMENTARY_SERVICES } from '../enums';
import type { SupplierForm } from './values';

/** Spec 2 §9: 48 half-hour slots, 00:00 to 23:30. */
export const OPENING_SLOTS: readonly string[] = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/**
 * Spec 2 §4: turning Sunday on sets 09:00 to 12:30; turning it off clears both times (and the
 * form disables the pickers).
 */
export function withSunday(hours: OpeningHours, open: boolean): OpeningHours {
  return { ...hours, sunday: open ? { ...SUNDAY_OPEN_DEFAULT, isOpen: true } : { customOpening: null, customClosing: null, isOpen: false } };
}

/** The optional services a form lists (Wash & Vac is chosen among the facilities, spec 2 §3.1). */
export const FORM_OPTIONAL_SERVICES = SUPPLEMENTARY_SERVICES.filter((s) => s.key !== 'WASH_AND_VAC');

/** A new supplier (spec 2 §4): live, Mandatory Tyre Readings on, the default hours, nothing chosen. */
export function emptySupplierForm(country: Country): SupplierForm {
  return {
    id: null,
    version: null,
    locale: LOCALE_BY_COUNTRY[country],
    accountObjectId: '',
    groupId: '',
    groupName: '',
    supplierId: '',
    name: '',
    companyRegistrationNumber: '',
    vatRegistrationNumber: '',
    address: { number: '', address1: '', address2: '', address3: '', county: '', postcode: '' },
    contact: { primaryPhoneNumber: '', bookingPhoneNumber: '', faxNumber: '', email: '' },
    openingHours: DEFAULT_OPENING_HOURS,
    mandatoryTyreReadings: true,
    useHeadOfficeNameAndAddress: false,
    servingRadius: { radius: '', mobileRadius: '0' },
    vehicleTypes: [],
    specialistServices: [],
    services: [],
    restrictions: { maxHeight: '', maxLength: '', maxWeight: '' },
    supplementaryServices: FORM_OPTIONAL_SERVICES.map((s) => ({ type: s.key, isOffered: false, leadTime: '', radius: '', notes: '' })),
    facilities: [],
    accountSystemReference: '',
  };
}
