/** The group form's text rules and typed caps per country (spec 2 §5.3, §9). */
import { LOCALE_BY_COUNTRY, type Country } from '../../country';
import { FEE_MAX_INTEGER_DIGITS } from '../../fees';
import { isCompanyNumber, isEmail, isPhone, isPostcode, normalizePhone, normalizePostcode, PERSON_NAME, stripSpaces } from '../../formats';
import type { LengthCap } from '../../lengthCap';
import { ADDRESS_FIELDS, CONTACT_FIELDS } from './labels';

export interface TextRule extends LengthCap {
  required: boolean;
  /** Checked on the normalised value when it is not empty. */
  valid?: (value: string) => boolean;
}

/** Spec 2 §5.3: the fees schedule is a choice of 1 to 60 days. */
export const FEES_SCHEDULE_DAYS = Array.from({ length: 60 }, (_, i) => i + 1);
/** Spec 2 §5.3: the merchant fee is 0 to 100 with up to 2 decimals (3 integer digits). */
export const MERCHANT_FEE_INTEGER_DIGITS = 3;
export const MERCHANT_FEE_MAX_MINOR = 100_00;
export const MONEY_INTEGER_DIGITS = FEE_MAX_INTEGER_DIGITS;

/** Ids of the network: letters, digits, hyphens and underscores (ours: the spec names no pattern). */
const NETWORK_ID = /^[A-Za-z0-9_-]+$/;
/** Letters (any script), digits, spaces and the punctuation of names and addresses. */
const NAME_TEXT = /^[\p{L}\p{M}\p{N} &.,'’()/+@!:#-]+$/u;
/** A VAT registration number as typed: letters, digits and spaces (spec 2 §5.3 gives lengths only). */
const VAT_TEXT = /^[A-Za-z0-9 ]+$/;
const test = (re: RegExp) => (v: string) => re.test(v);

export type AddressBlockName = 'address' | 'billingAddress' | 'payingAddress';
export type ContactBlockName = 'contact' | 'billingContact' | 'payingContact';

/** An address block's rules: UK needs Locality and County, Ireland does not; the postcode (spaces stripped) at most 7. */
function addressRules(country: Country): Record<(typeof ADDRESS_FIELDS)[number], TextRule> {
  const uk = country === 'UK';
  const locale = LOCALE_BY_COUNTRY[country];
  return {
    number: { required: true, max: 20, valid: test(NAME_TEXT) },
    address1: { required: true, max: 50, valid: test(NAME_TEXT) },
    address2: { required: uk, max: 50, valid: test(NAME_TEXT) },
    address3: { required: true, max: 50, valid: test(NAME_TEXT) },
    county: { required: uk, max: 50, valid: test(NAME_TEXT) },
    postcode: { required: true, max: 7, valid: (v) => isPostcode(v, locale), normalize: normalizePostcode },
  };
}

/**
 * A contact block's rules: the phone is required in Ireland (max 13) and optional in the UK (max
 * 11); fax max 13; e-mail required on the contact (50) and the paying contact (100), optional on
 * the billing contact (50). Names and title are optional (the spec does not require them).
 */
function contactRules(country: Country, block: ContactBlockName): Record<(typeof CONTACT_FIELDS)[number], TextRule> {
  const ie = country === 'IE';
  const phone = (v: string) => isPhone(v, LOCALE_BY_COUNTRY[country]);
  return {
    title: { required: false, max: 20, valid: test(PERSON_NAME) },
    firstName: { required: false, max: 50, valid: test(PERSON_NAME) },
    lastName: { required: false, max: 50, valid: test(PERSON_NAME) },
    contactNumber1: { required: ie, max: ie ? 13 : 11, valid: phone, normalize: normalizePhone },
    faxNumber: { required: false, max: 13, valid: phone, normalize: normalizePhone },
    email: { required: block !== 'billingContact', max: block === 'payingContact' ? 100 : 50, valid: isEmail, normalize: stripSpaces },
  };
}

/** Every free-text field's rule by form path: the group's own fields and the six blocks. */
export function groupTextRules(country: Country): Record<string, TextRule> {
  const locale = LOCALE_BY_COUNTRY[country];
  const rules: Record<string, TextRule> = {
    groupId: { required: true, max: 20, valid: test(NETWORK_ID) },
    name: { required: true, max: 250, valid: test(NAME_TEXT) },
    companyRegistrationNumber: { required: true, max: 20, valid: (v) => isCompanyNumber(v, locale) },
    vatRegistrationNumber: { required: true, max: country === 'IE' ? 10 : 20, valid: test(VAT_TEXT) },
    visnAccountNumber: { required: true, max: 30, valid: test(NETWORK_ID) },
  };
  for (const block of ['address', 'billingAddress', 'payingAddress'] as const) for (const [field, rule] of Object.entries(addressRules(country))) rules[`${block}.${field}`] = rule;
  for (const block of ['contact', 'billingContact', 'payingContact'] as const) for (const [field, rule] of Object.entries(contactRules(country, block))) rules[`${block}.${field}`] = rule;
  return rules;
}

/** The typed cap of every free-text input of the group form, by form path. */
export function groupLengthCaps(country: Country): Record<string, LengthCap> {
  const caps: Record<string, LengthCap> = {};
  for (const [path, rule] of Object.entries(groupTextRules(country))) caps[path] = { max: rule.max, normalize: rule.normalize };
  return caps;
}
