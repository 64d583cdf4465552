/**
 * Money inputs of the customer and group forms (spec 1 §3, §5, §9; spec 2 §5.3): each fee is held as masked text ('1,234.50'), a raw
 * number (1234.5) and a value in minor units (123450 = raw × 100). Fees allow up to 6 integer
 * digits and 2 decimals and no negatives. Minor units are computed from the decimal text, never
 * by multiplying a float, so 1.15 is 115 and not 114.99999999999999.
 */
import type { Minor } from './common';

export const FEE_MAX_INTEGER_DIGITS = 6;
export const FEE_MAX_DECIMALS = 2;
/** The largest fee in minor units: 999,999.99. */
export const FEE_MAX_MINOR = 99_999_999;

/** One fee as the form holds it. raw and value are null while the input is empty. */
export interface FeeField {
  masked: string;
  raw: number | null;
  value: Minor | null;
}
export const EMPTY_FEE: FeeField = { masked: '', raw: null, value: null };

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * What the input shows for what was typed: digits and one decimal point only (a minus sign,
 * letters and a second point are dropped), at most 6 integer digits and 2 decimals, leading
 * zeros removed, thousands separated by commas. A trailing point is kept so '12.' can be typed.
 */
export function maskFeeInput(input: unknown, maxIntegerDigits = FEE_MAX_INTEGER_DIGITS): string {
  const s = typeof input === 'string' ? input : typeof input === 'number' && Number.isFinite(input) ? String(input) : '';
  const cleaned = s.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let intPart = dot < 0 ? cleaned : cleaned.slice(0, dot);
  const decPart = dot < 0 ? null : cleaned.slice(dot + 1).replace(/\./g, '').slice(0, FEE_MAX_DECIMALS);
  intPart = intPart.slice(0, maxIntegerDigits).replace(/^0+(?=\d)/, '');
  if (intPart === '' && decPart !== null) intPart = '0';
  return decPart === null ? groupThousands(intPart) : `${groupThousands(intPart)}.${decPart}`;
}

/** Minor units of a plain decimal text ('1234.5' → 123450); null when it is not a valid fee. */
function decimalToMinor(text: string): Minor | null {
  const m = /^(\d{1,6})(?:\.(\d{0,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Masked text → minor units; null when empty or not a valid fee. */
export function maskedToMinor(masked: unknown): Minor | null {
  if (typeof masked !== 'string') return null;
  const text = masked.replace(/,/g, '').trim();
  return text === '' ? null : decimalToMinor(text);
}

/** Masked text → raw number (1234.5); null when empty or not valid. */
export function maskedToRaw(masked: unknown): number | null {
  const minor = maskedToMinor(masked);
  return minor === null ? null : minorToRaw(minor);
}

/**
 * Raw number → minor units through its decimal text; null for negatives, more than 2 decimals,
 * more than 6 integer digits, NaN or anything that is not a number.
 */
export function rawToMinor(raw: unknown): Minor | null {
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0) return null;
  // String(1e21) is exponential; such numbers are out of range anyway.
  return decimalToMinor(String(raw));
}

export function minorToRaw(minor: Minor): number {
  // Dividing an integer by 100 gives the nearest double to the decimal, whose String() is that decimal.
  return minor / 100;
}

/** Minor units → masked text with two decimals ('1,234.50'); '' for null or a value out of range. */
export function minorToMasked(minor: Minor | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isSafeInteger(minor) || minor < 0 || minor > FEE_MAX_MINOR) return '';
  const int = Math.floor(minor / 100);
  const dec = String(minor % 100).padStart(2, '0');
  return `${groupThousands(String(int))}.${dec}`;
}

/** The form's fee for what was typed: masked text, raw number and minor units together. */
export function feeFromInput(input: unknown, maxIntegerDigits = FEE_MAX_INTEGER_DIGITS): FeeField {
  const masked = maskFeeInput(input, maxIntegerDigits);
  const value = maskedToMinor(masked);
  return { masked, raw: value === null ? null : minorToRaw(value), value };
}

/** The form's fee for a stored value. */
export function feeFromMinor(minor: Minor | null | undefined): FeeField {
  const masked = minorToMasked(minor);
  const value = maskedToMinor(masked);
  return { masked, raw: value === null ? null : minorToRaw(value), value };
}

/** The currency's symbol (spec 2 §1: GBP for the UK, EURO for Ireland). */
export const currencySymbol = (currency: string | null | undefined): string => (currency === 'EURO' ? '€' : '£');

/** A stored amount as the details pages show it ('£1,234.50'); null when there is none. */
export function formatMoney(minor: Minor | null | undefined, currency: string | null | undefined): string | null {
  const text = minorToMasked(minor ?? null);
  return text ? `${currencySymbol(currency)}${text}` : null;
}
