import { z } from 'zod';
import { spacedPostcode } from '../formats';
import { escapeCell } from '../network/cells';
import type { PaybillDetails } from './paybillRecord';

/** Spec 3 §9: the SAVi statements list shows the latest 25. */
export const SAVI_EXPORTS_LIMIT = 25;

export const STATEMENT_MESSAGES = {
  /** Spec 3 §8, wording kept as given. */
  listFailed: 'Failed to fetch Savi Exports List Details',
  fileNotAvailable: 'File not available',
  /** Ours: the note above the table (spec 3 §2.1 "A note says only the most recent 25 are shown"). */
  note: `Only the most recent ${SAVI_EXPORTS_LIMIT} SAVi statements are shown.`,
  /** Ours: a download that fails. */
  downloadFailed: 'The statement could not be downloaded.',
} as const;

/** Spec 3 §3 "SAVi export", as GET admin/getSaviExportsList answers it. */
export interface SaviExportRow {
  id: string;
  isSuccess: boolean;
  startDate: string;
  endDate: string;
  /** When it was generated (ISO). */
  timestamp: string;
  fileName: string;
  /** Names the stored file for admin/getSAViExportFile; null when the run failed or the file is gone. */
  filepath: string | null;
  /** A failed run's reason (ours). */
  error: string | null;
}

export interface SaviExportsListResponse {
  success: true;
  saviExportsList: SaviExportRow[];
}

/** POST admin/getSAViExportFile (spec 3 §7): the row's filepath; userName is sent and recorded in the audit. */
export const saviExportFileSchema = z.object({
  filepath: z.string().trim().min(1, 'filepath is required').max(200),
  userName: z.string().trim().max(200).optional(),
});

/** The file, as JSON carries it: base64 text (ours; spec 3 §7 names fileData.data). */
export interface SaviExportFileResponse {
  success: true;
  sAViReport: { fileData: { data: string }; contentType: string; fileName: string };
}

/** A statement's filepath: the export's record id under its own prefix (never a storage path). */
export const statementFilepath = (exportId: string) => `savi-exports/${exportId}`;
export const STATEMENT_FILEPATH = /^savi-exports\/([0-9a-f-]{36})$/;

/**
 * The week a statement covers: Monday to Sunday (UTC days). `day` is any day of the week after it;
 * the Monday job asks for the week that just ended.
 */
export function statementWeekBefore(day: string): { startDate: string; endDate: string } {
  const d = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  const monday = new Date(d.getTime() - (sinceMonday + 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { startDate: monday.toISOString().slice(0, 10), endDate: sunday.toISOString().slice(0, 10) };
}

export const statementFileName = (week: { startDate: string; endDate: string }) => `SAVi_statement_${week.startDate}_${week.endDate}.csv`;

/**
 * The statement file's columns (ours: the spec names the export, not its columns). Every invoice
 * and credit note of the week, grouped by lease company and supplier; a total row closes each
 * supplier and each lease company (per currency), and the file ends with the week's totals.
 */
export const STATEMENT_COLUMNS = [
  'Row Type',
  'Lease Company',
  'Supplier',
  'Finance Supplier ID',
  'Document Type',
  'Invoice Number',
  'Tax Point Date',
  'Enquiry Number',
  'VRM',
  'Job Type',
  'Currency',
  'Net',
  'VAT',
  'Gross',
] as const;

/**
 * The statement's last rows: who issues it, as the paybill address and footer say (spec 3 §3
 * "Paybill details", printed on invoices and statements): 'Issued By' with the company name and
 * the address, then 'Footer' with its text. None before the address has been saved.
 */
export function statementIssuerRows(issuer: PaybillDetails & { version: number | null }): string[][] {
  if (issuer.version === null) return [];
  const a = issuer.address;
  const address = [[a.number, a.address1].filter(Boolean).join(' '), a.address2, a.address3, a.county, a.postCode && spacedPostcode(a.postCode)].filter(Boolean).join(', ');
  const pad = (cells: string[]) => [...cells.map(escapeCell), ...Array<string>(STATEMENT_COLUMNS.length - cells.length).fill('')];
  return [pad(['Issued By', issuer.invoice.companyName, address]), pad(['Footer', issuer.invoice.footer.blurb])];
}
