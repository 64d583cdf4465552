import { describe, expect, it } from 'vitest';
import { dayBefore, documentBlock, exportFileName, ExportTally, invoiceExportMessage, lastExportNumber, type ExportDocument } from '../../domain/invoiceExport';
import { invoiceRangeOf } from '../../domain/logs';

const invoice: ExportDocument = {
  type: 'Invoice',
  invoiceNumber: 'INV-1',
  originalInvoiceNumber: null,
  taxPointDate: '2026-01-05',
  enquiryNumber: 'E1',
  vrm: 'AB12CDE',
  supplierName: 'Harbour Motors',
  financeSupplierId: null,
  currency: 'EURO',
  jobType: 'GLASS',
  lineTaxCode: 'IE23',
  totalNett: 10_001,
  totalVat: 2_300,
  totalGross: 12_301,
};

describe('daily invoice export numbering', () => {
  it('runs on from the highest number in earlier file names, skipping none files and names that are not exports', () => {
    expect(lastExportNumber([])).toBe(0);
    expect(lastExportNumber([null, 'C1_invoices_20260104_none.csv', 'something.csv'])).toBe(0);
    expect(lastExportNumber(['C1_invoices_20260104_41-57.csv', 'C1_invoices_20260103_30-40.csv', 'C1_invoices_20260105_none.csv'])).toBe(57);
    // A day run late took numbers after a later day's: the highest counts, not the latest day.
    expect(lastExportNumber(['C1_invoices_20260106_58-60.csv', 'C1_invoices_20260102_61-61.csv'])).toBe(61);
  });

  it('names the file with the first and last numbers of its blocks, or none; the page reads them back', () => {
    expect(exportFileName('C1', '2026-01-05', 57, 5)).toBe('C1_invoices_20260105_58-62.csv');
    expect(invoiceRangeOf(exportFileName('C1', '2026-01-05', 57, 5))).toEqual({ first: 58, last: 62 });
    expect(exportFileName('C1', '2026-01-05', 57, 0)).toBe('C1_invoices_20260105_none.csv');
    expect(exportFileName('C1', '2026-01-05', 0, 1)).toBe('C1_invoices_20260105_1-1.csv');
  });

  it('exports the day before the run day, across months and years', () => {
    expect(dayBefore('2026-01-06')).toBe('2026-01-05');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
});

describe('daily invoice export file content', () => {
  it('writes a block: the H record with the document and its totals, then its L record', () => {
    expect(documentBlock(invoice, 7)).toEqual([
      ['H', '7', 'INVOICE', 'INV-1', '', '2026-01-05', 'E1', 'AB12CDE', 'Harbour Motors', '', 'EURO', '', '', '', '100.01', '23.00', '123.01'],
      ['L', '7', 'INVOICE', 'INV-1', '', '', '', '', '', '', 'EURO', '1', 'GLASS', 'IE23', '100.01', '23.00', '123.01'],
    ]);
  });

  it('writes a credit note with positive amounts, its original invoice, and text cells that cannot start a formula', () => {
    const credit: ExportDocument = { ...invoice, type: 'Credit', invoiceNumber: 'CRN-1', originalInvoiceNumber: 'INV-1', supplierName: '@Motors', jobType: 'STANDARD', totalNett: 5, totalVat: 1, totalGross: 6 };
    expect(documentBlock(credit, 12)).toEqual([
      ['H', '12', 'CREDIT NOTE', 'CRN-1', 'INV-1', '2026-01-05', 'E1', 'AB12CDE', "'@Motors", '', 'EURO', '', '', '', '0.05', '0.01', '0.06'],
      ['L', '12', 'CREDIT NOTE', 'CRN-1', '', '', '', '', '', '', 'EURO', '1', 'MAINTENANCE REPAIR', 'IE23', '0.05', '0.01', '0.06'],
    ]);
  });

  it('counts documents and distinct enquiries per kind', () => {
    const tally = new ExportTally();
    for (const [type, enquiryNumber] of [['Invoice', 'E1'], ['Invoice', 'E1'], ['Invoice', 'E2'], ['Credit', 'E1'], ['Credit', 'E3'], ['Credit', 'E3']] as const) tally.add({ type, enquiryNumber });
    expect(tally.blocks).toBe(6);
    expect(tally.data()).toEqual({ numberOfEnquiriesInvoiced: 2, numberOfInvoicesInExport: 3, numberOfEnquiriesCredited: 2, creditBlockCount: 3, invoiceBlockCount: 3 });
    expect(invoiceExportMessage(tally.data())).toBe('Exported 3 invoice(s) and 3 credit note(s)');
    expect(invoiceExportMessage(new ExportTally().data())).toBe('No invoices or credit notes to export');
  });
});
