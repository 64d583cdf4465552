/** The customer form's length caps and text rules per country (spec 1 §5; the spec gives none for street, district and town: 100, ours). */
import { z } from 'zod';
import {
  isCompanyNumber,
  isEmail,
  isIeMobile,
  isPhone,
  isPostcode,
  isUkMobile,
  isVat,
  normalizePhone,
  normalizePostcode,
  PERSON_NAME,
} from '../../formats';
import type { LengthCap } from '../../lengthCap';
import { type Country, LOCALE_BY_COUNTRY } from '../../country';

/** `max` and `normalize` are also the input's typed cap: postcodes and phones are checked, and counted, as stored (spaces removed). */
export interface TextRule extends LengthCap {
  required: boolean;
  min?: number;
  /** Checked on the normalised value when it is not empty. */
  valid?: (value: string) => boolean;
}

/** Letters (any script), digits, spaces and the punctuation of company names. */
const COMPANY_NAME = /^[\p{L}\p{M}\p{N} &.,'’()/+@!:-]+$/u;
const ADDRESS_LINE = /^[\p{L}\p{M}\p{N} &.,'’()/#-]+$/u;
const REFERENCE = /^[A-Za-z0-9 _/-]+$/;
const test = (re: RegExp) => (v: string) => re.test(v);

export function customerTextRules(country: Country): Record<string, TextRule> {
  const locale = LOCALE_BY_COUNTRY[country];
  const ie = country === 'IE';
  const phone = (v: string) => isPhone(v, locale);
  return {
    customerName: { required: true, max: 100, valid: test(COMPANY_NAME) },
    companyRegistrationNumber: { required: true, max: 20, valid: (v) => isCompanyNumber(v, locale) },
    vatNumber: { required: true, max: ie ? 10 : 20, valid: (v) => isVat(v, locale) },
    billingRefId: { required: false, max: 50, valid: test(REFERENCE) },
    categoryId: { required: false, max: 50, valid: test(REFERENCE) },
    customerNameForDirectPaybill: { required: false, max: 100, valid: test(COMPANY_NAME) },
    'leaseDetails.accountManager': { required: true, max: 50, valid: test(PERSON_NAME) },
    'leaseDetails.accountNumber': { required: false, max: 20, valid: test(REFERENCE) },
    'address.number': { required: true, max: 50, valid: test(ADDRESS_LINE) },
    'address.address1': { required: true, max: 100, valid: test(ADDRESS_LINE) },
    'address.address2': { required: false, max: 100, valid: test(ADDRESS_LINE) },
    'address.address3': { required: true, max: 100, valid: test(ADDRESS_LINE) },
    'address.county': { required: false, max: 50, valid: test(ADDRESS_LINE) },
    'address.postCode': { required: true, max: ie ? 7 : 10, valid: (v) => isPostcode(v, locale), normalize: normalizePostcode },
    phoneNumber: ie
      ? { required: true, min: 6, max: 13, valid: phone, normalize: normalizePhone }
      : { required: true, max: 20, valid: phone, normalize: normalizePhone },
    contactName: { required: true, max: 50, valid: test(PERSON_NAME) },
    mobileNumber: ie
      ? { required: false, max: 10, valid: isIeMobile, normalize: normalizePhone }
      : { required: true, max: 50, valid: isUkMobile, normalize: normalizePhone },
    email: { required: true, max: 50, valid: isEmail },
    infoEmail: { required: false, max: 50, valid: isEmail },
    landLineNumber: { required: false, max: ie ? 13 : 12, valid: phone, normalize: normalizePhone },
    whatsappNumber: { required: false, max: 50, valid: phone, normalize: normalizePhone },
  };
}

/** Limits of the free texts in the config block (spec 1 §5 customer info, §9 instructions). */
export const CUSTOMER_CONFIG_TEXT_MAX = { title: 75, description: 500, instructions: 500 } as const;
const CUSTOMER_INFO_PHONE_MAX = { UK: 20, IE: 13 } as const;

/** The typed cap of every free-text input of the customer form, by form path. */
export function customerLengthCaps(country: Country): Record<string, LengthCap> {
  const caps: Record<string, LengthCap> = {};
  for (const [path, rule] of Object.entries(customerTextRules(country))) caps[path] = { max: rule.max, normalize: rule.normalize };
  caps['config.customerInfo.title'] = { max: CUSTOMER_CONFIG_TEXT_MAX.title };
  caps['config.customerInfo.description'] = { max: CUSTOMER_CONFIG_TEXT_MAX.description };
  caps['config.customerInfo.phoneNumber'] = { max: CUSTOMER_INFO_PHONE_MAX[country], normalize: normalizePhone };
  caps['config.webLink.instructions'] = { max: CUSTOMER_CONFIG_TEXT_MAX.instructions };
  return caps;
}

/** http(s) URL with a dotted host name (or localhost) and no spaces. */
export function isUrl(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 2048 || /\s/.test(v)) return false;
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(u.hostname) || u.hostname === 'localhost');
  } catch {
    return false;
  }
}

/** Customer info phone: the country's phone format, at most its cap; in the Irish form also at least 6 characters. */
export function customerInfoPhoneValid(v: string, country: Country): boolean {
  const n = normalizePhone(v);
  if ((country === 'IE' && n.length < 6) || n.length > CUSTOMER_INFO_PHONE_MAX[country]) return false;
  return isPhone(n, LOCALE_BY_COUNTRY[country]);
}
