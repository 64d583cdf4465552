/**
 * The daily invoice export file (ours; spec 3 §2.2 names it by its export numbers): for one lease
 * company, the invoices and credit notes with the previous day's tax point date, as a CSV its
 * finance system imports. The file has one column header row, then one block per document: an
 * H (header) record carrying the document's export number and totals, then its L (line) records.
 * Both records share the columns below; a record leaves blank what is not its own. Amounts are
 * positive with two decimals: a credit note is told apart by its document type, as finance
 * systems book credit notes. Invoices come first, then credit notes, each by document number.
 */
import { escapeCell } from './network/cells';
import { invoiceExportFileName, invoiceRangeOf, type InvoiceExportData } from './logs';
import { JOB_TYPE_LABELS, type InvoiceType, type JobType } from './finance';

export const INVOICE_EXPORT_COLUMNS = [
  'Record Type',
  'Export Number',
  'Document Type',
  'Document Number',
  'Original Invoice Number',
  'Tax Point Date',
  'Enquiry Number',
  'VRM',
  'Supplier',
  'Supplier Account',
  'Currency',
  'Line',
  'Job Type',
  'Tax Code',
  'Net',
  'VAT',
  'Gross',
] as const;

export const RECORD_TYPES = { header: 'H', line: 'L' } as const;
export const DOCUMENT_TYPES: Record<InvoiceType, string> = { Invoice: 'INVOICE', Credit: 'CREDIT NOTE' };

/** One document of the day as the export reads it (amounts in minor units). */
export interface ExportDocument {
  type: InvoiceType;
  invoiceNumber: string;
  /** A credit note's original invoice. */
  originalInvoiceNumber: string | null;
  taxPointDate: string;
  enquiryNumber: string;
  vrm: string;
  supplierName: string;
  financeSupplierId: string | null;
  currency: string;
  jobType: JobType | string;
  lineTaxCode: string;
  totalNett: number;
  totalVat: number;
  totalGross: number;
}

const money = (minor: number) => (Number(minor) / 100).toFixed(2);
const text = (v: string | null) => escapeCell(v ?? '');

/**
 * A document's block under its export number. Our invoices hold one line (their job type, VAT
 * code and totals), so a block is its H record and one L record.
 */
export function documentBlock(doc: ExportDocument, exportNumber: number): string[][] {
  const n = String(exportNumber);
  const amounts = [money(doc.totalNett), money(doc.totalVat), money(doc.totalGross)];
  const jobType = JOB_TYPE_LABELS[doc.jobType as JobType] ?? doc.jobType;
  return [
    [
      RECORD_TYPES.header, n, DOCUMENT_TYPES[doc.type], text(doc.invoiceNumber), text(doc.originalInvoiceNumber), doc.taxPointDate, text(doc.enquiryNumber),
      text(doc.vrm), text(doc.supplierName), text(doc.financeSupplierId), doc.currency, '', '', '', ...amounts,
    ],
    [RECORD_TYPES.line, n, DOCUMENT_TYPES[doc.type], text(doc.invoiceNumber), '', '', '', '', '', '', doc.currency, '1', jobType, text(doc.lineTaxCode), ...amounts],
  ];
}

/**
 * The last export number a company has used, from the names of its earlier export files: numbers
 * run on from the highest, so a file never reuses one, whatever order days are run in. 0 when
 * there is none (the first block is then number 1).
 */
export function lastExportNumber(fileNames: readonly (string | null)[]): number {
  let last = 0;
  for (const name of fileNames) {
    const range = name ? invoiceRangeOf(name) : null;
    if (range && range !== 'none' && range.last > last) last = range.last;
  }
  return last;
}

/** The figures of a day's export, counted as its documents are written. */
export class ExportTally {
  private readonly invoicedEnquiries = new Set<string>();
  private readonly creditedEnquiries = new Set<string>();
  invoices = 0;
  credits = 0;

  add(doc: Pick<ExportDocument, 'type' | 'enquiryNumber'>): void {
    if (doc.type === 'Credit') {
      this.credits++;
      this.creditedEnquiries.add(doc.enquiryNumber);
    } else {
      this.invoices++;
      this.invoicedEnquiries.add(doc.enquiryNumber);
    }
  }

  get blocks(): number {
    return this.invoices + this.credits;
  }

  data(): InvoiceExportData {
    return {
      numberOfEnquiriesInvoiced: this.invoicedEnquiries.size,
      numberOfInvoicesInExport: this.invoices,
      numberOfEnquiriesCredited: this.creditedEnquiries.size,
      creditBlockCount: this.credits,
      invoiceBlockCount: this.invoices,
    };
  }
}

/** The file of a day whose blocks took numbers after `previousLast`. */
export function exportFileName(diCustomerId: string, day: string, previousLast: number, blocks: number): string {
  return invoiceExportFileName(diCustomerId, day, blocks > 0 ? { first: previousLast + 1, last: previousLast + blocks } : null);
}

/** The entry's message (ours). */
export function invoiceExportMessage(data: InvoiceExportData): string {
  if (data.invoiceBlockCount + data.creditBlockCount === 0) return 'No invoices or credit notes to export';
  return `Exported ${data.numberOfInvoicesInExport} invoice(s) and ${data.creditBlockCount} credit note(s)`;
}

/** The day before `day` (YYYY-MM-DD, UTC): a run exports the documents of the day before its run day, by tax point date. */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
