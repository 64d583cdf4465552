/** The Add and Approve Supplier form's labels, text rules and messages (spec 2 §5.5, §9). */
import { isCompanyNumber, isEmail, isPhone, isPostcode, normalizePhone, normalizePostcode, PERSON_NAME, stripSpaces } from '../../formats';
import type { LengthCap } from '../../lengthCap';
import type { Locale } from '../../common';

export interface TextRule extends LengthCap {
  required: boolean;
  valid?: (value: string) => boolean;
}

/** Ids of the network: letters, digits, hyphens and underscores (ours: the spec names no pattern). */
const NETWORK_ID = /^[A-Za-z0-9_-]+$/;
const NAME_TEXT = /^[\p{L}\p{M}\p{N} &.,'’()/+@!:#-]+$/u;
const VAT_TEXT = /^[A-Za-z0-9 ]+$/;
const test = (re: RegExp) => (v: string) => re.test(v);

export const ADDRESS_LABELS = { number: 'Building Name/Number', address1: 'Street Name', address2: 'District', address3: 'Town', county: 'County', postCode: 'Postcode' } as const;
export const CONTACT_LABELS = { title: 'Title', firstName: 'First Name', lastName: 'Last Name', contactNumber1: 'Phone Number', bookingPhoneNumber: 'Booking Phone Number', faxNumber: 'Fax Number', email: 'Email' } as const;
export const PERSON_LABELS = { name: 'Name', phoneNumber: 'Phone Number', email: 'Email' } as const;

export const APPROVAL_LABELS = {
  supplierId: 'Supplier Id',
  companyName: 'Company name',
  companyRegistrationNumber: 'Company registration number',
  vatRegistrationNumber: 'VAT number',
  'servingRadius.radius': 'Serving proximity',
  'servingRadius.mobileRadius': 'Mobile radius',
  manufacturers: 'Manufacturer Name',
  isBillingAddressSameAsAddress: 'Same as company address',
  isBillingContactSameAsContact: 'Same as company contact',
  independent: 'Independent',
  franchise: 'Franchise',
} as const;

export const APPROVAL_SECTIONS = {
  company: 'Company Details',
  address: 'Address',
  contact: 'Contact',
  billingAddress: 'Billing Address',
  billingContact: 'Billing Contact',
  openingHours: 'Opening Hours',
  operations: 'Supplier Type and Serving Area',
  vehicleTypes: 'Vehicle Categories',
  services: 'Services Provided',
  ancillaries: 'Ancillaries',
  supplementaryServices: 'Optional Services',
  facilities: 'Facilities',
  directorContact: 'Director Contact',
  afterSalesContact: 'After Sales Contact',
  financeContact: 'Finance Contact',
} as const;

/** Spec 2 §5.5's own messages (the rest are '{label} is required' / '{label} is not valid'). */
export const APPROVAL_MESSAGES = {
  vehicleTypeRequired: 'Selection of vehicle category is required',
  serviceRequired: 'Service selection is required',
  supplierTypeRequired: 'Selection of Independent or Franchise is required',
  manufacturerRequired: 'Manufacturer Name is required',
} as const;

/** Radius fields: 1 to 3 digits (spec 2 §5.5). */
export const RADIUS_DIGITS = 3;
/** Director, after-sales and finance contact fields: at most 20 each. */
export const PERSON_FIELD_MAX = 20;

/** The text rules by form path, for the company and (unless same as it) the billing blocks. */
export function approvalTextRules(locale: Locale): Record<string, TextRule> {
  const phone = (v: string) => isPhone(v, locale);
  const rules: Record<string, TextRule> = {
    supplierId: { required: true, max: 20, valid: test(NETWORK_ID) },
    companyName: { required: true, max: 250, valid: test(NAME_TEXT) },
    companyRegistrationNumber: { required: true, max: 20, valid: (v) => isCompanyNumber(v, locale) },
    vatRegistrationNumber: { required: true, max: 20, valid: test(VAT_TEXT) },
  };
  for (const block of ['address', 'billingAddress']) {
    rules[`${block}.number`] = { required: true, max: 20, valid: test(NAME_TEXT) };
    rules[`${block}.address1`] = { required: true, max: 50, valid: test(NAME_TEXT) };
    rules[`${block}.address2`] = { required: false, max: 50, valid: test(NAME_TEXT) };
    rules[`${block}.address3`] = { required: false, max: 50, valid: test(NAME_TEXT) };
    rules[`${block}.county`] = { required: false, max: 50, valid: test(NAME_TEXT) };
    rules[`${block}.postCode`] = { required: true, max: 10, valid: (v) => isPostcode(v, locale), normalize: normalizePostcode };
  }
  for (const block of ['contact', 'billingContact']) {
    rules[`${block}.title`] = { required: true, max: 20, valid: test(PERSON_NAME) };
    rules[`${block}.firstName`] = { required: true, max: 20, valid: test(PERSON_NAME) };
    rules[`${block}.lastName`] = { required: true, max: 20, valid: test(PERSON_NAME) };
    rules[`${block}.contactNumber1`] = { required: true, max: 11, valid: phone, normalize: normalizePhone };
    rules[`${block}.bookingPhoneNumber`] = { required: false, max: 11, valid: phone, normalize: normalizePhone };
    rules[`${block}.faxNumber`] = { required: false, max: 11, valid: phone, normalize: normalizePhone };
    rules[`${block}.email`] = { required: true, max: 50, valid: isEmail, normalize: stripSpaces };
  }
  for (const block of ['directorContact', 'afterSalesContact', 'financeContact']) {
    rules[`${block}.name`] = { required: false, max: PERSON_FIELD_MAX, valid: test(PERSON_NAME) };
    rules[`${block}.phoneNumber`] = { required: false, max: PERSON_FIELD_MAX, valid: phone, normalize: normalizePhone };
    rules[`${block}.email`] = { required: false, max: PERSON_FIELD_MAX, valid: isEmail, normalize: stripSpaces };
  }
  return rules;
}

/** The label a path's messages name. */
export function approvalLabel(path: string): string {
  const [block, field] = path.split('.');
  if (field && block.toLowerCase().endsWith('address')) return ADDRESS_LABELS[field as keyof typeof ADDRESS_LABELS] ?? field;
  if (field && (block === 'contact' || block === 'billingContact')) return CONTACT_LABELS[field as keyof typeof CONTACT_LABELS] ?? field;
  if (field && block.endsWith('Contact')) return PERSON_LABELS[field as keyof typeof PERSON_LABELS] ?? field;
  return (APPROVAL_LABELS as Record<string, string>)[path] ?? path;
}

/** The typed caps by form path. */
export function approvalLengthCaps(locale: Locale): Record<string, LengthCap> {
  const caps: Record<string, LengthCap> = {};
  for (const [path, rule] of Object.entries(approvalTextRules(locale))) caps[path] = { max: rule.max, normalize: rule.normalize };
  caps['servingRadius.radius'] = { max: RADIUS_DIGITS };
  caps['servingRadius.mobileRadius'] = { max: RADIUS_DIGITS };
  return caps;
}
