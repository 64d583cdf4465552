/** Shapes and reference values shared by every area (spec 1 §1, spec 2 §1, spec 3 §9). */

export const LOCALES = ['en_GB', 'en_IE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_GB';

/** The spec spells the euro 'EURO'. */
export const CURRENCIES = ['GBP', 'EURO'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_BY_LOCALE: Record<Locale, Currency> = { en_GB: 'GBP', en_IE: 'EURO' };
export const COUNTRY_BY_LOCALE: Record<Locale, 'UK' | 'Ireland'> = { en_GB: 'UK', en_IE: 'Ireland' };
export const POSTCODE_LABEL_BY_LOCALE: Record<Locale, 'Postcode' | 'Eircode'> = { en_GB: 'Postcode', en_IE: 'Eircode' };

export const PAYMENT_METHODS = ['DIRECT_DEBIT', 'BACS'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Upload types of documents (spec 1 §9, spec 3 §9). */
export const UPLOAD_TYPES = ['ADMIN', 'CUSTOMER', 'SUPPLIER', 'GROUP'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** Background jobs that report through a processIndicator (imports, validations). */
export const PROCESS_INDICATORS = ['LOADING', 'SUCCESS', 'FAILED'] as const;
export type ProcessIndicator = (typeof PROCESS_INDICATORS)[number];

/** A postal address as the forms hold it; postCode is a UK postcode or an Irish Eircode. */
export interface Address {
  number: string;
  address1: string;
  address2?: string | null;
  address3: string;
  county?: string | null;
  postCode: string;
}

/** A contact block of groups and registrations. */
export interface Contact {
  title?: string | null;
  firstName: string;
  lastName: string;
  contactNumber1?: string | null;
  bookingPhoneNumber?: string | null;
  faxNumber?: string | null;
  email: string;
}

/** Someone named on a record (uploads, exports, pay bill saves). */
export interface PersonRef {
  firstname: string;
  lastname: string;
  email?: string | null;
}

/** A person's name as screens show it ('' for nobody). */
export function personName(p: PersonRef | null | undefined): string {
  return p ? `${p.firstname} ${p.lastname}`.trim() : '';
}

/** One entry of the opening hours, HH:mm on 30-minute steps. */
export interface OpeningSlot {
  customOpening: string | null;
  customClosing: string | null;
}
export interface OpeningHours {
  weekday: OpeningSlot;
  saturday: OpeningSlot;
  sunday: OpeningSlot & { isOpen: boolean };
}
/** Defaults of spec 2 §5.1 for forms; spec 3 §9 says Sunday is closed by default. */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  weekday: { customOpening: '09:00', customClosing: '17:30' },
  saturday: { customOpening: '09:00', customClosing: '12:30' },
  sunday: { customOpening: null, customClosing: null, isOpen: false },
};
export const SUNDAY_OPEN_DEFAULT: OpeningSlot = { customOpening: '09:00', customClosing: '12:30' };

/** Fees, rates and limits are integer minor units (pence, cent): the form's raw value × 100. */
export type Minor = number;
export const toMinor = (raw: number): Minor => Math.round(raw * 100);
export const fromMinor = (minor: Minor): number => minor / 100;

/** Record ids as the database keeps them (uuid); an id that is not one names no record. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRecordId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
