import { z } from 'zod';
import { SUPPLIER_EXCEPTION_TYPES } from './enums';
import { requiredId } from '../requestFields';
import type { SupplierDetails } from './details';

/**
 * The finance (accounting) system's record of a supplier (spec 2 §3.6), field names as the
 * finance system's API answers them (QuickBooks Online's Vendor).
 */
export interface FinanceSupplier {
  Id: string;
  DisplayName: string;
  CompanyName: string | null;
  PrimaryEmailAddr: { Address: string | null } | null;
  PrimaryPhone: { FreeFormNumber: string | null } | null;
  AcctNum: string | null;
  PrintOnCheckName: string | null;
  BillAddr: { City: string | null; Country: string | null; Line1: string | null; Line2: string | null; Line3: string | null; PostalCode: string | null } | null;
}

/**
 * What quickBooks/fetchQuickBooksSupplierDetails answers: success and message, and the record's
 * fields when found. The console counts it as found only with success and message 'OK' (spec 2 §4).
 */
export interface FinanceSupplierResponse {
  success: boolean;
  message: string;
  supplier: FinanceSupplier | null;
}
export const FINANCE_FETCH_OK = 'OK';
/** When the finance system has no supplier with the id (ours: the spec does not word the notice). */
export const FINANCE_NOT_FOUND = 'The finance system has no supplier with this id';

/** Spec 2 §9: the comparison drawer is 950 wide. */
export const FINANCE_DRAWER_WIDTH = 950;
export const FINANCE_DRAWER_TITLE = 'Finance System Details';

export const fetchFinanceSupplierSchema = z.object({
  financeSupplierId: requiredId('financeSupplierId'),
});

/** quickBooks/resolveQuickBooksSupplierException (spec 2 §7): answers result.financeSupplierId, null when none was found. */
export const resolveFinanceExceptionSchema = z.object({
  type: z.enum(SUPPLIER_EXCEPTION_TYPES, { error: `type must be one of ${SUPPLIER_EXCEPTION_TYPES.join(', ')}` }),
  serviceUnitId: requiredId('serviceUnitId'),
  accountId: requiredId('accountId'),
});
export interface ResolveFinanceExceptionResponse {
  result: { financeSupplierId: string | null };
}

/** One line of the comparison: our value beside the finance system's, and whether they agree. */
export interface FinanceComparisonRow {
  label: string;
  ours: string | null;
  theirs: string | null;
  match: boolean;
}

const COUNTRY_BY_LOCALE = { en_GB: 'United Kingdom', en_IE: 'Ireland' } as const;

const blank = (v: string | null | undefined) => (v ?? '').trim();
/** Equal ignoring case, surrounding space and runs of spaces; two blanks agree. */
const sameText = (a: string | null, b: string | null) => blank(a).replace(/\s+/g, ' ').toLowerCase() === blank(b).replace(/\s+/g, ' ').toLowerCase();
/** Postcodes and phone numbers agree when their letters and digits do. */
const sameCode = (a: string | null, b: string | null) => blank(a).replace(/[^0-9a-z]/gi, '').toUpperCase() === blank(b).replace(/[^0-9a-z]/gi, '').toUpperCase();
/** Countries agree by name or by ISO code (GB/UK, IE). */
const sameCountry = (ours: string, theirs: string | null) => {
  const t = blank(theirs).toUpperCase();
  return sameText(ours, theirs) || (ours === 'United Kingdom' && ['GB', 'GBR', 'UK'].includes(t)) || (ours === 'Ireland' && ['IE', 'IRL'].includes(t));
};

/**
 * Our supplier beside the finance system's record, field by field (spec 2 §3.6): what each of the
 * finance system's fields is compared with is ours (the spec lists the fields only). The printed
 * name is the head office's (group) name when invoices use it.
 */
export function compareWithFinance(s: SupplierDetails, f: FinanceSupplier): FinanceComparisonRow[] {
  const a = s.address;
  const country = COUNTRY_BY_LOCALE[s.locale] ?? COUNTRY_BY_LOCALE.en_GB;
  const printed = s.useHeadOfficeNameAndAddress ? s.supplierGroupName : s.name;
  const line1 = [a.number, a.address1].filter((x) => blank(x)).join(' ') || null;
  const row = (label: string, ours: string | null, theirs: string | null | undefined, same = sameText): FinanceComparisonRow => ({
    label,
    ours: ours || null,
    theirs: theirs ?? null,
    match: same(ours, theirs ?? null),
  });
  return [
    row('Display Name', s.name, f.DisplayName),
    row('Company Name', s.supplierGroupName, f.CompanyName),
    row('Email', s.contact.email, f.PrimaryEmailAddr?.Address),
    row('Phone', s.contact.primaryPhoneNumber, f.PrimaryPhone?.FreeFormNumber, sameCode),
    row('Account Number', s.accountSystemReference, f.AcctNum, sameCode),
    row('Print On Check Name', printed, f.PrintOnCheckName),
    row('Address Line 1', line1, f.BillAddr?.Line1),
    row('Address Line 2', a.address2, f.BillAddr?.Line2),
    row('Address Line 3', a.county, f.BillAddr?.Line3),
    row('City', a.address3, f.BillAddr?.City),
    row('Postal Code', a.postcode, f.BillAddr?.PostalCode, sameCode),
    { label: 'Country', ours: country, theirs: f.BillAddr?.Country ?? null, match: sameCountry(country, f.BillAddr?.Country ?? null) },
  ];
}
