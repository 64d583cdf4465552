/**
 * Shape rules for UK and Irish identifiers: postcodes and Eircodes, phone numbers, VAT numbers,
 * company registration numbers and vehicle registrations. Forms call these through their zod
 * schemas, the server checks them again and the demo data generator must satisfy them.
 *
 * Every function takes any string (or anything) and never throws; `normalize*` helpers strip
 * what forms strip while typing (spaces, and hyphens for registrations) and upper-case.
 */
import type { Locale } from './common';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const compact = (v: unknown): string => str(v).replace(/\s+/g, '').toUpperCase();

// ---------------------------------------------------------------------------------------------
// Postcodes (UK) and Eircodes (Ireland)

/**
 * UK postcode (Royal Mail format, BS 7666): outward code A9, A99, AA9, AA99, A9A or AA9A, inward
 * code 9AA. Letter positions exclude the letters Royal Mail never uses there; GIR 0AA is the one
 * non-geographic exception. One optional space between the parts.
 */
const UK_POSTCODE =
  /^(?:GIR ?0AA|(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** Eircode: routing key (a letter and two digits, or D6W) and a four-character unique identifier. */
const EIRCODE = /^(?:[AC-FHKNPRTV-Y][0-9]{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/;

export function normalizePostcode(v: unknown): string {
  return compact(v);
}
export function isUkPostcode(v: unknown): boolean {
  return UK_POSTCODE.test(str(v).trim().toUpperCase());
}
export function isEircode(v: unknown): boolean {
  return EIRCODE.test(str(v).trim().toUpperCase());
}
export function isPostcode(v: unknown, locale: Locale): boolean {
  return locale === 'en_IE' ? isEircode(v) : isUkPostcode(v);
}
/**
 * How a postcode is shown, whether stored with or without its space (spec 1 §5 stores it without):
 * 'SW1A1AA' → 'SW1A 1AA', 'd02x285' → 'D02 X285'. Text that is not a postcode of the locale is
 * shown as it is, trimmed, rather than dressed up as one.
 */
export function formatPostcode(v: unknown, locale: Locale): string {
  const c = compact(v);
  if (!isPostcode(c, locale)) return str(v).trim();
  return locale === 'en_IE' ? `${c.slice(0, 3)} ${c.slice(3)}` : `${c.slice(0, -3)} ${c.slice(-3)}`;
}

/** A UK postcode or an Eircode, whichever it is, in its usual spaced form ('LS115QS' → 'LS11 5QS'). */
export function spacedPostcode(v: unknown): string {
  return formatPostcode(v, isEircode(compact(v)) ? 'en_IE' : 'en_GB');
}

export const ADDRESS_NOT_AVAILABLE = 'Address is not available';

/** An address's parts as customers, suppliers and groups hold them. */
export interface AddressParts {
  number?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  county?: string | null;
  postCode?: string | null;
}

/**
 * number, address1-3, county, postCode joined by ', ', the postcode or Eircode in its usual spaced
 * form for the locale, with a no-break space so a wrapped address keeps it on one line; 'Address is
 * not available' when none is set (spec 1 §2).
 */
export function formatAddress(address: AddressParts | null | undefined, locale: Locale): string {
  if (!address) return ADDRESS_NOT_AVAILABLE;
  const postCode = formatPostcode(address.postCode, locale).replace(/ /g, '\u00a0');
  const parts = [address.number, address.address1, address.address2, address.address3, address.county, postCode]
    .map((p) => (typeof p === 'string' ? p.trim() : ''))
    .filter(Boolean);
  return parts.length ? parts.join(', ') : ADDRESS_NOT_AVAILABLE;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers, stored as digits in national format (spaces stripped; +44 / +353 accepted)

function nationalDigits(v: unknown, countryCode: '44' | '353'): string | null {
  const s = str(v).replace(/[\s()-]/g, '');
  if (s.startsWith(`+${countryCode}`)) return /^\d+$/.test(s.slice(countryCode.length + 1)) ? `0${s.slice(countryCode.length + 1)}` : null;
  if (s.startsWith(`00${countryCode}`)) return /^\d+$/.test(s.slice(countryCode.length + 2)) ? `0${s.slice(countryCode.length + 2)}` : null;
  return /^0\d+$/.test(s) ? s : null;
}

/**
 * UK numbers under the Ofcom numbering plan: geographic 01 (10 or 11 digits) and 02 (11), non-
 * geographic 03 and 05x (11), mobiles and pagers 07 (11; not 070 personal numbers or 076 pagers
 * for mobile), freephone and special rate 08 (10 or 11), premium 09 (11).
 */
export function isUkPhone(v: unknown): boolean {
  const d = nationalDigits(v, '44');
  if (!d) return false;
  // 011x and 01x1 areas have 7-digit local numbers; only other 01 areas have 10-digit numbers.
  if (/^01(?:1\d|\d1)\d{7}$/.test(d)) return true;
  if (/^01(?:[02-9][02-9])\d{6,7}$/.test(d)) return true;
  return /^0(?:2\d|3[03789]|5[56]|7\d|8\d|9\d)\d{8}$/.test(d) || /^080\d{7}$/.test(d);
}
/** UK mobile: 071-075 and 077-079, eleven digits. */
export function isUkMobile(v: unknown): boolean {
  const d = nationalDigits(v, '44');
  return d !== null && /^07[1-57-9]\d{8}$/.test(d);
}

/**
 * Irish numbers: geographic 01 (Dublin, 7 digit subscriber) and 02x-09x area codes with 5 to 7
 * digit subscribers, mobiles 083, 085-087 and 089 (7 digit subscriber), freephone 1800 and
 * shared cost 1850/1890 are not dialled with a leading 0 and are left out.
 */
export function isIePhone(v: unknown): boolean {
  const d = nationalDigits(v, '353');
  if (!d) return false;
  if (isIeMobile(d)) return true;
  if (/^01\d{7}$/.test(d)) return true;
  return /^0(?:[2-7]\d|9\d)\d{5,7}$/.test(d);
}
export function isIeMobile(v: unknown): boolean {
  const d = nationalDigits(v, '353');
  return d !== null && /^08[35-79]\d{7}$/.test(d);
}
export function isPhone(v: unknown, locale: Locale): boolean {
  return locale === 'en_IE' ? isIePhone(v) : isUkPhone(v);
}
export function normalizePhone(v: unknown): string {
  return str(v).replace(/[\s()-]/g, '');
}

// ---------------------------------------------------------------------------------------------
// VAT numbers

/**
 * UK VAT registration number: 9 digits (optionally a 3-digit branch suffix) with HMRC's modulus
 * 97 check: weights 8..2 on the first seven digits, plus the last two, must be divisible by 97
 * (numbers issued before 2010) or give 42 under the newer 'modulus 9755' scheme. Government
 * departments (GD000-499) and health authorities (HA500-999) have their own ranges. 'GB' prefix
 * optional; spaces ignored.
 */
export function isUkVat(v: unknown): boolean {
  let s = compact(v);
  if (s.startsWith('GB')) s = s.slice(2);
  if (/^GD[0-4]\d{2}$/.test(s) || /^HA[5-9]\d{2}$/.test(s)) return true;
  if (!/^\d{9}(?:\d{3})?$/.test(s)) return false;
  return ukVatCheck(s.slice(0, 9));
}
function ukVatCheck(nine: string): boolean {
  if (nine === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(nine[i]) * (8 - i);
  const check = Number(nine.slice(7));
  return (sum + check) % 97 === 0 || (sum + check + 55) % 97 === 0;
}
/** The two check digits that make seven digits a valid UK VAT number (modulus 97 scheme). */
export function ukVatCheckDigits(seven: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(seven[i]) * (8 - i);
  const check = (97 - (sum % 97)) % 97;
  return String(check).padStart(2, '0');
}

const IE_CHECK = 'WABCDEFGHIJKLMNOPQRSTUV';
/**
 * Irish VAT number: 'IE' optional, then seven digits and a check letter with an optional second
 * letter (A-I, or W), or the pre-2013 form digit, letter/+/*, five digits, check letter. The
 * check letter is the weighted sum (8..2, second letter × 9) modulo 23.
 */
export function isIeVat(v: unknown): boolean {
  let s = compact(v);
  if (s.startsWith('IE')) s = s.slice(2);
  let m = /^(\d{7})([A-W])([A-IW]?)$/.exec(s);
  if (m) return ieVatCheckLetter(m[1], m[3]) === m[2];
  m = /^(\d)([A-Z+*])(\d{5})([A-W])$/.exec(s);
  if (m) return ieVatCheckLetter(`0${m[3]}${m[1]}`, '') === m[4];
  return false;
}
export function ieVatCheckLetter(seven: string, second: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(seven[i]) * (8 - i);
  if (second) sum += (second === 'W' ? 0 : second.charCodeAt(0) - 64) * 9;
  return IE_CHECK[sum % 23];
}
export function isVat(v: unknown, locale: Locale): boolean {
  return locale === 'en_IE' ? isIeVat(v) : isUkVat(v);
}

// ---------------------------------------------------------------------------------------------
// Company registration numbers

/**
 * Companies House number: eight characters, either eight digits (England and Wales) or a
 * two-letter register prefix and six digits (SC Scotland, NI Northern Ireland, OC/SO/NC LLPs, LP/SL/NL
 * limited partnerships, FC/SF/NF overseas companies, R0 old NI, IP/SP/RC/SR/NP/NO/IC/SI/SE/GE/ES/CE/CS
 * other registers).
 */
const UK_CRN = /^(?:\d{8}|(?:SC|NI|OC|SO|NC|LP|SL|NL|FC|SF|NF|R0|IP|SP|RC|SR|NP|NO|IC|SI|SE|GE|GS|ES|CE|CS|ZC|SZ|NZ)\d{6})$/;
export function isUkCompanyNumber(v: unknown): boolean {
  return UK_CRN.test(compact(v));
}
/** Irish CRO company number: up to six digits, no leading zero. */
export function isIeCompanyNumber(v: unknown): boolean {
  return /^[1-9]\d{0,5}$/.test(compact(v));
}
export function isCompanyNumber(v: unknown, locale: Locale): boolean {
  return locale === 'en_IE' ? isIeCompanyNumber(v) : isUkCompanyNumber(v);
}

// ---------------------------------------------------------------------------------------------
// Vehicle registration marks

/** Upper-cased with spaces and hyphens removed: how registrations are searched and stored. */
export function normalizeVrm(v: unknown): string {
  return str(v).replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The newest UK age identifier issued by a date: March 'YY', September 'YY + 50'. On 2026-11-21
 * that is 76 (September 2026).
 */
export function latestUkAgeIdentifier(today: Date): number {
  const y = today.getUTCFullYear() % 100;
  const m = today.getUTCMonth();
  return m >= 8 ? y + 50 : m >= 2 ? y : y + 49;
}

/** Age identifiers 02-49 are issued each March, 51-99 each September; 00, 01 and 50 never. */
function ukAgeIdentifierIssued(age: number, today: Date): boolean {
  let issued: number;
  if (age >= 2 && age <= 49) issued = Date.UTC(2000 + age, 2, 1);
  else if (age >= 51 && age <= 99) issued = Date.UTC(1950 + age, 8, 1);
  else return false;
  return issued <= today.getTime();
}

/**
 * UK registrations (DVLA formats; Northern Ireland uses the dateless form):
 * - current (2001-): two letters (area; not I, Q, Z first, not I, Q second), age identifier, three letters (no I, Q);
 * - prefix (1983-2001): year letter (A-Y except I, O, Q, U, Z), 1-3 digits, three letters;
 * - suffix (1963-1983): three letters, 1-3 digits, year letter;
 * - dateless: 1-3 letters and 1-4 digits, either way round (includes cherished and NI marks).
 */
export function isUkVrm(v: unknown, today: Date = new Date()): boolean {
  const s = normalizeVrm(v);
  if (s.length < 2 || s.length > 7) return false;
  const current = /^([A-HJ-PR-Y][A-HJ-PR-Z])(\d{2})([A-HJ-PR-Z]{3})$/.exec(s);
  if (current) return ukAgeIdentifierIssued(Number(current[2]), today);
  if (/^[A-HJ-NPR-TV-Y][1-9]\d{0,2}[A-Z]{3}$/.test(s)) return true;
  if (/^[A-Z]{3}[1-9]\d{0,2}[A-HJ-NPR-TV-Y]$/.test(s)) return true;
  if (/^[A-Z]{1,3}[1-9]\d{0,3}$/.test(s)) return true;
  if (/^[1-9]\d{0,3}[A-Z]{1,3}$/.test(s)) return true;
  return false;
}

/** Irish county and city index marks (current, and those retired in 2014 that remain on older cars). */
export const IE_COUNTY_CODES = [
  'C', 'CE', 'CN', 'CW', 'D', 'DL', 'G', 'KE', 'KK', 'KY', 'L', 'LD', 'LH', 'LK', 'LM', 'LS', 'MH', 'MN', 'MO',
  'OY', 'RN', 'SO', 'T', 'TN', 'TS', 'W', 'WD', 'WH', 'WW', 'WX',
] as const;
const IE_COUNTIES = new Set<string>(IE_COUNTY_CODES);
/** Counties that exist only up to 2013 (split/merged in 2014) and only from 2014. */
const IE_RETIRED_2014 = new Set(['LK', 'TN', 'TS', 'WD']);
const IE_FROM_2014 = new Set(['L', 'T', 'W']);

/**
 * Irish registrations: year (two digits 87-99 or 00-12; three digits 131/132 ... for the half
 * year from 2013), county index mark, sequence of 1-6 digits. Written '241-D-12345'; stored
 * without hyphens.
 */
export function isIeVrm(v: unknown, today: Date = new Date()): boolean {
  const raw = str(v).trim().toUpperCase();
  if (!/^[0-9A-Z -]+$/.test(raw)) return false;
  const m = /^(\d{2,3})([A-Z]{1,2})([1-9]\d{0,5})$/.exec(normalizeVrm(raw));
  if (!m) return false;
  const [, year, county] = m;
  if (!IE_COUNTIES.has(county)) return false;
  const thisYear = today.getUTCFullYear() % 100;
  const secondHalf = today.getUTCMonth() >= 6;
  let fullYear: number;
  if (year.length === 2) {
    const y = Number(year);
    if (!(y >= 87 || y <= 12)) return false;
    fullYear = y >= 87 ? 1900 + y : 2000 + y;
  } else {
    const y = Number(year.slice(0, 2));
    const half = Number(year[2]);
    if (y < 13 || (half !== 1 && half !== 2)) return false;
    if (y > thisYear || (y === thisYear && half === 2 && !secondHalf)) return false;
    fullYear = 2000 + y;
  }
  if (IE_RETIRED_2014.has(county) && fullYear >= 2014) return false;
  if (IE_FROM_2014.has(county) && fullYear < 2014) return false;
  return true;
}
export function isVrm(v: unknown, today: Date = new Date()): boolean {
  return isUkVrm(v, today) || isIeVrm(v, today);
}

// ---------------------------------------------------------------------------------------------
// E-mail

/** A practical address check: local part, @, a dotted domain with a 2+ letter top level. */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export function isEmail(v: unknown): boolean {
  const s = str(v);
  return s.length <= 254 && EMAIL.test(s) && !s.split('@')[0].startsWith('.') && !s.split('@')[0].endsWith('.') && !s.includes('..');
}

// ---------------------------------------------------------------------------------------------
// People's names and texts kept without spaces

/** Letters of any script, spaces, apostrophes, hyphens and dots: what people's names are made of. */
export const PERSON_NAME = /^[\p{L}\p{M} .'’-]+$/u;

/** E-mail addresses are kept without any spaces (spec 1 §5, spec 2 §5.1), also while typing. */
export const stripSpaces = (v: unknown): string => (typeof v === 'string' ? v.replace(/\s+/g, '') : '');
