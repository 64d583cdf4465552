/** The supplier form's text rules and typed caps per country (spec 2 §5.1, §9). */
import { isCompanyNumber, isEmail, isIeVat, isPhone, isPostcode, normalizePhone, normalizePostcode, stripSpaces } from '../../formats';
import type { LengthCap } from '../../lengthCap';
import { type Country, LOCALE_BY_COUNTRY } from '../../country';
import type { SupplierFieldPath } from './labels';

export interface TextRule extends LengthCap {
  required: boolean;
  min?: number;
  /** Checked on the normalised value when it is not empty. */
  valid?: (value: string) => boolean;
}

/** Ids of the network: letters, digits, hyphens and underscores (ours: the spec names no pattern). */
const NETWORK_ID = /^[A-Za-z0-9_-]+$/;
/** Letters (any script), digits, spaces and the punctuation of names and addresses. */
const NAME_TEXT = /^[\p{L}\p{M}\p{N} &.,'’()/+@!:#-]+$/u;
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const test = (re: RegExp) => (v: string) => re.test(v);

/** Spec 2 §5.1: the account system reference keeps 8 letters and digits; anything else is stripped. */
export const ACCOUNT_REFERENCE_MAX = 8;
export function accountReferenceInput(text: unknown): string {
  return (typeof text === 'string' ? text : '').replace(/[^A-Za-z0-9]/g, '').slice(0, ACCOUNT_REFERENCE_MAX);
}

/** Spec 2 §5.1: serving proximity 1 to 3 digits (required), mobile radius digits. */
export const RADIUS_MAX_DIGITS = 3;
/** Optional services: notes 30, radius 3 digits, lead time 1 to 30 days. */
export const OPTIONAL_SERVICE_LIMITS = { notesMax: 30, radiusDigits: 3, leadTimeMin: 1, leadTimeMax: 30 } as const;
/** Restriction choices: height 1 to 7 m, length 1 to 25 m, weight 1 to 15 t. */
export const RESTRICTION_CHOICES = { maxHeight: [1, 7], maxLength: [1, 25], maxWeight: [1, 15] } as const;

export function supplierTextRules(country: Country): Partial<Record<SupplierFieldPath, TextRule>> {
  const locale = LOCALE_BY_COUNTRY[country];
  const ie = country === 'IE';
  const phone = (v: string) => isPhone(v, locale);
  return {
    // The group is picked from the existing groups (GroupPicker), so its id cannot be typed and this
    // rule holds by construction; it stays for the server, which checks what any caller sends.
    groupId: { required: false, max: 20, valid: test(NETWORK_ID) },
    groupName: { required: true, max: 250 },
    supplierId: { required: false, max: 20, valid: test(NETWORK_ID) },
    // Spec 2 §5.1 caps the name at 250 and gives it no pattern: quotes and angle brackets are a
    // name's own (escaping belongs to output). Only control characters, which no name has, are refused.
    name: { required: true, max: 250, valid: test(NO_CONTROL) },
    companyRegistrationNumber: { required: false, max: 20, valid: (v) => isCompanyNumber(v, locale) },
    // UK: a cap only (spec 2 §5.1 gives no UK pattern); Irish: the VAT number's format and check letter.
    vatRegistrationNumber: ie ? { required: true, max: 10, valid: isIeVat } : { required: false, max: 20 },
    'address.number': { required: ie, max: 20, valid: test(NAME_TEXT) },
    'address.address1': { required: ie, max: 50, valid: test(NAME_TEXT) },
    'address.address2': { required: false, max: 50, valid: test(NAME_TEXT) },
    'address.address3': { required: ie, max: 50, valid: test(NAME_TEXT) },
    'address.county': { required: false, max: 50, valid: test(NAME_TEXT) },
    'address.postcode': { required: true, max: ie ? 7 : 10, valid: (v) => isPostcode(v, locale), normalize: normalizePostcode },
    'contact.primaryPhoneNumber': ie ? { required: true, min: 6, max: 13, valid: phone, normalize: normalizePhone } : { required: true, max: 11, valid: phone, normalize: normalizePhone },
    'contact.bookingPhoneNumber': ie ? { required: false, min: 6, max: 13, valid: phone, normalize: normalizePhone } : { required: false, max: 11, valid: phone, normalize: normalizePhone },
    'contact.faxNumber': { required: false, max: ie ? 10 : 13, valid: phone, normalize: normalizePhone },
    'contact.email': { required: false, max: 50, valid: isEmail, normalize: stripSpaces },
  };
}

/** The typed cap of every free-text input of the supplier form, by form path. */
export function supplierLengthCaps(country: Country): Record<string, LengthCap> {
  const caps: Record<string, LengthCap> = {};
  for (const [path, rule] of Object.entries(supplierTextRules(country))) if (rule) caps[path] = { max: rule.max, normalize: rule.normalize };
  caps['servingRadius.radius'] = { max: RADIUS_MAX_DIGITS };
  caps['servingRadius.mobileRadius'] = { max: RADIUS_MAX_DIGITS };
  caps.accountSystemReference = { max: ACCOUNT_REFERENCE_MAX };
  return caps;
}
