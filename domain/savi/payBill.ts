import { z } from 'zod';
import { daySchema, uuidSchema } from '../lists';
import { INVOICE_TYPES, JOB_TYPE_LABELS, type InvoiceType, type JobType } from '../finance';
import type { Currency, PersonRef } from '../common';
import { FUTURE_DATE_MESSAGE } from '../messages';

/** Spec 3 §9: pay bill page size 25. */
export const PAY_BILL_PAGE_SIZE = 25;
/** Spec 3 §9: display names are cut at 100 characters. */
export const DISPLAY_NAME_MAX = 100;

export const PAY_BILL_LABELS = {
  date: 'Date',
  customer: 'Customer Name',
  quickbooks: 'Sent to Quickbooks?',
  allCustomers: 'All pay bill customers',
  search: 'SEARCH',
  loadMore: 'Load More',
  export: 'Export',
} as const;

export const PAY_BILL_MESSAGES = {
  /** Spec 3 §5. */
  dateRequired: 'Select Date',
  /** A date typed by hand past today (the picker disables them), or sent to the API. */
  futureDate: FUTURE_DATE_MESSAGE,
  /** Spec 3 §8, wording kept as given. */
  noFinanceSupplierId: 'Finance Supplier ID is not present in VISN',
  categoryMissing: 'Invoice export failed. Lease company’s QuickBooks category is not yet configured',
  supplierNotFound: (supplier: string) => `We could not export this invoice. ${supplier} was not found in Quickbooks`,
  vatRatesMissing: 'Invoice export failed. Vat Rates are not yet configured for Quickbooks',
  /** Ours: the spec's "generic failure notice". */
  exportFailed: 'The invoice could not be exported. Please try again.',
  /** Ours: the success notice of an export. */
  exported: (invoiceNumber: string) => `Invoice ${invoiceNumber} has been exported to Quickbooks`,
  /** Ours: refusals of the server for a row the button would not offer. */
  isCredit: 'A credit note cannot be exported',
  inProgress: 'This invoice is being exported by another request',
  notFound: 'Invoice not found',
  /** Ours: when the customers list fails (spec 3 §8: wording not shown). */
  customersFailed: 'The pay bill customers could not be loaded.',
  searchFailed: 'The pay bill records could not be loaded.',
  noResults: 'No pay bill records for this date.',
} as const;

/** Spec 3 §3 "Paybill record". docId, year and month name the record for the export call. */
export interface PaybillRecord {
  docId: string;
  year: number;
  /** 1–12 (ours: the record's tax point month). */
  month: number;
  leaseCompanyName: string;
  invoiceNumber: string;
  taxPointDate: string;
  enquiryNumber: string;
  vrm: string;
  supplierName: string;
  type: InvoiceType;
  currency: Currency;
  jobLineData: { jobType: JobType; lineTaxCode: { label: string } };
  /** Major units (pounds or euros), as the record carries them. */
  totalNettLineCost: number;
  creditValue: { value: number | null };
  financeSupplierId: string | null;
  savedToQuickBooks: boolean;
  savedBy: PersonRef | null;
  savedToQuickBooksOn: string | null;
  leaseQuickBooksCategoryId: string | null;
}

/** Where the next page starts (spec 3 §3 "Page cursor fields"). */
export interface PaybillCursor {
  lastRecordReferenceId: string | null;
  recordType: InvoiceType;
  date: string;
  leaseCompanyId: string | null;
  quickbooks: boolean;
  endOfRecord: boolean;
}

/**
 * The pay bill search (spec 3 §7: path not shown; ours admin/getPaybillRecords). Invoices come
 * first, then credit notes, each in invoice number order: `recordType` and `lastRecordReferenceId`
 * (the last invoice number sent) say where the next page starts, so Load More continues from the
 * last record (keyset) and never repeats or skips one while new invoices arrive.
 */
export const payBillSearchSchema = z.object({
  date: daySchema,
  leaseCompanyId: uuidSchema.nullable().default(null),
  quickbooks: z.boolean().default(false),
  pageSize: z.number().int().min(1).max(100).default(PAY_BILL_PAGE_SIZE),
  lastRecordReferenceId: z.string().trim().min(1).max(40).nullable().default(null),
  isInitialLoad: z.boolean().default(true),
  recordType: z.enum(INVOICE_TYPES).default('Invoice'),
});
export type PayBillSearch = z.input<typeof payBillSearchSchema>;

export interface PayBillSearchResponse {
  success: true;
  invoicedRecords: PaybillRecord[];
  cursor: PaybillCursor;
}

/** GET admin/getPaybillCustomersList: the lease companies of the direct-paybill rate cards. */
export interface PaybillCustomersResponse {
  success: true;
  customers: { label: string; value: string }[];
}

/** POST admin/addInvoiceToQuickBooksBill (spec 3 §7). firstname and lastname are sent; the server records the signed-in admin. */
export const exportInvoiceSchema = z.object({
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  docId: uuidSchema,
  firstname: z.string().trim().max(100).optional(),
  lastname: z.string().trim().max(100).optional(),
});
export type ExportInvoiceInput = z.infer<typeof exportInvoiceSchema>;

export interface ExportInvoiceResponse {
  success: boolean;
  supplierFound: boolean;
  missingVatRate: boolean;
  /** The record as it now stands (saved, when and by whom on success). */
  record: PaybillRecord;
}

/**
 * Spec 3 §2.1: Export only for a record that is not a credit, has a finance supplier id, is not yet
 * exported, for a holder of EXPORT_TO_QUICKBOOKS (`allowed`: the pay bill records' export action).
 */
export function canExport(record: Pick<PaybillRecord, 'type' | 'financeSupplierId' | 'savedToQuickBooks'>, allowed: boolean): boolean {
  return record.type !== 'Credit' && Boolean(record.financeSupplierId) && !record.savedToQuickBooks && allowed;
}

/** The pre-check before any call (spec 3 §8 "no call made"): the lease company's accounting category. */
export function exportPreCheck(record: Pick<PaybillRecord, 'leaseQuickBooksCategoryId'>): string | null {
  return record.leaseQuickBooksCategoryId ? null : PAY_BILL_MESSAGES.categoryMissing;
}

/** What an export answer that is not a success says (spec 3 §8). */
export function exportFailureMessage(answer: Pick<ExportInvoiceResponse, 'success' | 'supplierFound' | 'missingVatRate'>, supplierName: string): string | null {
  if (answer.success) return null;
  if (!answer.supplierFound) return PAY_BILL_MESSAGES.supplierNotFound(supplierName);
  if (answer.missingVatRate) return PAY_BILL_MESSAGES.vatRatesMissing;
  return PAY_BILL_MESSAGES.exportFailed;
}

// signDisplay 'negative': an amount that rounds to zero is '0.00', never '-0.00'.
const AMOUNT = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });

/** Spec 3 §2.1: two decimals with thousands separators, or '-' when not a number. */
export function formatAmount(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? AMOUNT.format(n) : '-';
}

/** Spec 3 §2.1: STANDARD is shown as MAINTENANCE REPAIR; other job types as they are. */
export function jobTypeLabel(jobType: string | null | undefined): string {
  if (!jobType) return '-';
  // Own keys only: an unknown type such as 'toString' is kept, not read from Object.prototype.
  return Object.prototype.hasOwnProperty.call(JOB_TYPE_LABELS, jobType) ? (JOB_TYPE_LABELS as Record<string, string>)[jobType] : jobType;
}

/** Spec 3 §2.1, §9: names are cut at 100 characters for display (whole characters, with an ellipsis). */
export function displayName(name: string | null | undefined, max = DISPLAY_NAME_MAX): string {
  const chars = Array.from(name ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}
