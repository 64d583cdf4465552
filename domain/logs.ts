/** Process log values of spec 3 §2.2 and §3. */

export const PROCESS_LOG_TYPES = [
  'STOCK_IMPORT',
  'CONTRACT_TERMINATION',
  'DAILY_INVOICE_EXPORT',
  'BILLING_VALIDATION',
  'ENQUIRY_ARCHIVE',
  'SAVI_EXPORT',
  'NETWORK_IMPORT',
  'CREDIT_LIMIT_EXPORT',
] as const;
export type ProcessLogType = (typeof PROCESS_LOG_TYPES)[number];
export const PROCESS_LOG_STATES = ['RUNNING', 'COMPLETED', 'PAUSED'] as const;
export type ProcessLogState = (typeof PROCESS_LOG_STATES)[number];
/** The four counters of the process logs page. */
export const PROCESS_LOG_OUTCOMES = ['success', 'failed', 'warning', 'pending'] as const;

/** The day a nightly run is for: YYYY-MM-DD (UTC). */
export const RUN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Ours: the message of an entry while its job runs, and when it was paused from the background jobs screen. */
export const RUN_MESSAGES = {
  running: 'Running',
  paused: 'Paused from the Background Jobs screen; Resume continues where it stopped',
} as const;

/**
 * The daily invoice export's file name (ours; spec 3 §2.2 reads invoice numbers out of it): the DI
 * Customer Id, the day exported (YYYYMMDD) and the first and last export numbers the file holds;
 * `none` when the day had nothing to export. Export numbers run on per lease company, one per
 * invoice or credit block, so consecutive files continue each other.
 */
export function invoiceExportFileName(diCustomerId: string, day: string, range: { first: number; last: number } | null): string {
  const d = day.replace(/-/g, '');
  return range ? `${diCustomerId}_invoices_${d}_${range.first}-${range.last}.csv` : `${diCustomerId}_invoices_${d}_none.csv`;
}

/** The export numbers a daily invoice export file holds, read from its name; 'none' for an empty day, null when the name is not one. */
export function invoiceRangeOf(fileName: string): { first: number; last: number } | 'none' | null {
  const m = /_invoices_\d{8}_(?:(\d{1,12})-(\d{1,12})|(none))\.csv$/.exec(fileName);
  if (!m) return null;
  if (m[3]) return 'none';
  const first = Number(m[1]);
  const last = Number(m[2]);
  return last >= first ? { first, last } : null;
}

// ---------------------------------------------------------------------------------------------
// What each nightly job writes into its entry's stats and data (spec 3 §3 "Process log").

/** Contract and stock import (type STOCK_IMPORT): stats, per vehicle row applied. */
export interface ImportStats {
  /** Rows that created or changed a vehicle (or ended its contract). */
  success: number;
  /** Rows not applied (why: the counters below, or a row the import cannot place). */
  skipped: number;
  /** Rows that matched a vehicle already as the file says. */
  noChange: number;
  /** Vehicles put to awaiting termination (a termination dated after the run day). */
  awaitingTermination: number;
  /** Rows naming a stock id, sub customer or driver the company does not have. */
  isIdUnavailable: number;
  /** Rows of vehicles the file marks as not maintained (Maintained / Managed = No) for a company that only takes maintained ones. */
  skippedAccountsWithMaintainedAsN: number;
  /** Rows whose registration or stock id an earlier file of the same run already applied. */
  skippedRepeatedAccountNumber: number;
}

/** Export-file counts (data of STOCK_IMPORT and DAILY_INVOICE_EXPORT). */
export interface ExportFileCounts {
  totalRecordsCount: number;
  processedRecordCount: number;
  validRecordCount: number;
  invalidRecordCount: number;
}

/** Daily invoice export (type DAILY_INVOICE_EXPORT): data. */
export interface InvoiceExportData {
  numberOfEnquiriesInvoiced: number;
  numberOfInvoicesInExport: number;
  numberOfEnquiriesCredited: number;
  creditBlockCount: number;
  invoiceBlockCount: number;
}

export type PassFail = 'pass' | 'fail';
/** One period's comparison: what the billing ledger charged, what the bookings report counts, and whether they agree. */
export interface BillingBlock {
  billing: number;
  report: number;
  status: PassFail;
}
/** Billing validation (type BILLING_VALIDATION): data. `period` is YYYY-MM (month to date). */
export interface BillingValidationData {
  overallStatus: PassFail;
  period: string;
  processedAt: string;
  rows: { platformFeeAssignee: string; type: string; monthly: BillingBlock; yesterday: BillingBlock }[];
}

/** The kinds the archive counts apart, each with its own threshold (spec 3 §2.2). */
export const ARCHIVE_KINDS = ['declined', 'cancelled', 'noShow', 'authorisationDeclined', 'invoiced'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

/** Enquiry archiving (type ENQUIRY_ARCHIVE): stats. Threshold dates are YYYY-MM-DD; timestamps ISO. */
export interface ArchiveStats {
  isArchivingEnquiriesCompleted: boolean;
  totalEnquiriesToArchiveCount: number;
  totalInvoicedEnquiriesToArchiveCount: number;
  archivedEnquiriesCount: number;
  firstRunTimestamp: string;
  lastRunTimestamp: string;
  /** Archived so far, per kind. */
  archivedByKind: Record<ArchiveKind, number>;
  invoicedThresholdDate: string;
  declinedThresholdDate: string;
  cancelledThresholdDate: string;
  noShowThresholdDate: string;
  authorisationDeclinedThresholdDate: string;
}
