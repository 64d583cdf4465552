/**
 * Writes one lease company's daily invoice export file (domain/invoiceExport.ts) into the file
 * store, reading the day's invoices, then its credit notes, a batch at a time: memory holds one
 * batch. Runs inside the caller's transaction, so the file and the numbers it takes commit
 * together, or not at all.
 */
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { documentBlock, exportFileName, ExportTally, INVOICE_EXPORT_COLUMNS, type ExportDocument } from '../../../domain/invoiceExport';
import type { InvoiceType } from '../../../domain/finance';
import type { Tx } from '../../db/client';
import { FileWriter, type FileStore, type StoredFile } from '../../files/storage';
import { rowsOf } from '../network/lookup';

/** Documents read per round trip. */
export const EXPORT_BATCH = 2000;

interface DocumentRow {
  type: InvoiceType;
  invoice_number: string;
  original_invoice_number: string | null;
  tax_point_date: string;
  enquiry_number: string;
  vrm: string;
  supplier_name: string;
  finance_supplier_id: string | null;
  currency: string;
  job_type: string;
  line_tax_code: string;
  total_nett: number;
  total_vat: number;
  total_gross: number;
}

function batch(leaseCompanyId: string, day: string, type: InvoiceType, after: string | null) {
  return sql`SELECT i.type, i.invoice_number, o.invoice_number AS original_invoice_number, to_char(i.tax_point_date, 'YYYY-MM-DD') AS tax_point_date,
                    i.enquiry_number, i.vrm, s.name AS supplier_name, i.finance_supplier_id, i.currency, i.job_type, i.line_tax_code,
                    i.total_nett, i.total_vat, i.total_gross
               FROM invoices i
               JOIN suppliers s ON s.id = i.supplier_id
               LEFT JOIN invoices o ON o.id = i.credit_of_invoice_id
              WHERE i.lease_company_id = ${leaseCompanyId} AND i.tax_point_date = ${day} AND i.type = ${type}
                    ${after === null ? sql`` : sql`AND i.invoice_number > ${after}`}
              ORDER BY i.invoice_number
              LIMIT ${EXPORT_BATCH}`;
}

const documentOf = (r: DocumentRow): ExportDocument => ({
  type: r.type,
  invoiceNumber: r.invoice_number,
  originalInvoiceNumber: r.original_invoice_number,
  taxPointDate: r.tax_point_date,
  enquiryNumber: r.enquiry_number,
  vrm: r.vrm,
  supplierName: r.supplier_name,
  financeSupplierId: r.finance_supplier_id,
  currency: r.currency,
  jobType: r.job_type,
  lineTaxCode: r.line_tax_code,
  totalNett: Number(r.total_nett),
  totalVat: Number(r.total_vat),
  totalGross: Number(r.total_gross),
});

export interface ExportRequest {
  leaseCompanyId: string;
  diCustomerId: string;
  /** The day exported (tax point date). */
  day: string;
  /** The company's last export number before this file. */
  previousLast: number;
  createdAt: Date;
  /** Called after each batch is written (the crash tests' named point). */
  afterBatch?: () => Promise<void>;
}

/** Writes the file; answers it and the day's figures. */
export async function writeInvoiceExport(store: FileStore, tx: Tx, req: ExportRequest): Promise<{ file: StoredFile; tally: ExportTally }> {
  // The name holds the last number, known at the end: the file is named when finished.
  const writer = await FileWriter.open(store, tx, { name: exportFileName(req.diCustomerId, req.day, req.previousLast, 0), contentType: 'text/csv', createdBy: null, createdAt: req.createdAt });
  await writer.write(stringify([[...INVOICE_EXPORT_COLUMNS]]));
  const tally = new ExportTally();
  for (const type of ['Invoice', 'Credit'] as const) {
    let after: string | null = null;
    for (;;) {
      const rows: DocumentRow[] = await rowsOf<DocumentRow>(tx, batch(req.leaseCompanyId, req.day, type, after));
      const out: string[][] = [];
      for (const r of rows) {
        tally.add({ type: r.type, enquiryNumber: r.enquiry_number });
        out.push(...documentBlock(documentOf(r), req.previousLast + tally.blocks));
      }
      if (out.length) await writer.write(stringify(out));
      await req.afterBatch?.();
      if (rows.length < EXPORT_BATCH) break;
      after = rows[rows.length - 1].invoice_number;
    }
  }
  const file = await writer.finish({ name: exportFileName(req.diCustomerId, req.day, req.previousLast, tally.blocks) });
  return { file, tally };
}
