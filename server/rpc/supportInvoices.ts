/**
 * The support dashboard's Regenerate Invoice tool (spec 3 §2.4, §7): the invoice view's data, the
 * PDF made again from the invoice record with the current paybill address and footer, and the
 * stored PDF to view. The enquiry may be live or archived.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  ENQUIRY_MESSAGES,
  invoicePdfSchema,
  invoiceSearchDataSchema,
  regenerateInvoiceSchema,
  regenerateRefusal,
  type InvoiceSearchData,
  type SupportActionResponse,
} from '../../domain/support';
import { JOB_TYPE_LABELS, taxCodeOf } from '../../domain/finance';
import { SERVICE_TYPE_LABELS } from '../../domain/suppliers';
import type { FileDownloadResponse } from '../../domain/network';
import { invoices, leaseCompanies, supplierGroups, suppliers } from '../db/schema';
import type { Tx } from '../db/client';
import { deleteFile, putFile } from '../files/storage';
import { invoiceIssuerOf, renderInvoicePdf } from '../invoices/invoicePdf';
import { auditImage, writeAudit } from './audit';
import { ApiError } from './errors';
import { fileDownload } from './fileDownload';
import { paybillDetails } from './savi';
import { defineMutation, defineSlug, sessionPerson } from './registry';
import { enquiryById, enquiryNotFound, namedBy, type EnquiryRef } from './supportEnquiries';

const SEARCH = { permission: 'ALLOW_REGENERATE_INVOICE', action: 'view' } as const;

/** The enquiry's invoice (not a credit note), newest first; null when it has none. */
async function invoiceOf(db: Tx, enquiryId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.enquiryId, enquiryId), eq(invoices.type, 'Invoice')))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row ?? null;
}

/** The enquiry named by the call, checked against the group and service unit sent with it. */
async function namedEnquiry(db: Tx, ref: EnquiryRef) {
  const row = await enquiryById(db, ref.enquiryId);
  if (!row || !namedBy(row, ref)) throw enquiryNotFound();
  return row;
}

/** Spec 3 §7: invoice number, when its PDF was made and by whom. */
export const getInvoiceSearchData = defineSlug({
  slug: 'enquiry/invoices/getInvoiceSearchData',
  method: 'POST',
  effect: 'read',
  access: SEARCH,
  input: invoiceSearchDataSchema,
  async handler({ services, input }): Promise<{ success: true; data: InvoiceSearchData | null }> {
    await namedEnquiry(services.db, input);
    const invoice = await invoiceOf(services.db, input.enquiryId);
    return {
      success: true,
      data: invoice && {
        invoiceNumber: invoice.invoiceNumber,
        // Before any regenerate, the PDF is the one made when the invoice was raised.
        invoiceSavedDate: (invoice.pdfGeneratedAt ?? invoice.createdAt).toISOString(),
        user: invoice.generatedBy,
        hasPdf: invoice.pdfFileId !== null,
      },
    };
  },
});

/**
 * Makes the invoice's PDF again (only for INVOICED enquiries) and stores it in place of the last
 * one, recording when and by whom; audited.
 */
export const regenerateInvoicePdf = defineMutation({
  slug: 'admin/regenerateInvoicePdf',
  access: { permission: 'ALLOW_REGENERATE_INVOICE', action: 'edit' },
  input: regenerateInvoiceSchema,
  async handler(c): Promise<SupportActionResponse> {
    const { tx, mutation: m, input } = c;
    const enquiry = await namedEnquiry(tx, { enquiryId: input.enquiryId, accountId: input.accountObjectID, serviceUnitId: input.serviceUnitObjectID, leaseId: input.leaseCompanyId });
    const refusal = regenerateRefusal({ enquiryStatus: enquiry.status, invoiced: enquiry.invoicedAt !== null });
    if (refusal) throw new ApiError(400, 'REFUSED', refusal);
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.enquiryId, enquiry.id), eq(invoices.type, 'Invoice')))
      .orderBy(desc(invoices.createdAt))
      .limit(1)
      .for('update');
    if (!invoice) throw new ApiError(404, 'INVOICE_NOT_FOUND', ENQUIRY_MESSAGES.invoiceMissing);
    const [parties] = await tx
      .select({ leaseCompanyName: leaseCompanies.name, supplierName: suppliers.name, supplierGroupName: supplierGroups.name })
      .from(invoices)
      .innerJoin(leaseCompanies, eq(leaseCompanies.id, invoices.leaseCompanyId))
      .innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
      .innerJoin(supplierGroups, eq(supplierGroups.id, invoices.groupId))
      .where(eq(invoices.id, invoice.id));
    const issuer = await paybillDetails(tx);
    const by = sessionPerson(c);
    const pdf = await renderInvoicePdf({
      issuer: invoiceIssuerOf(issuer),
      document: {
        type: invoice.type,
        invoiceNumber: invoice.invoiceNumber,
        taxPointDate: invoice.taxPointDate,
        enquiryNumber: invoice.enquiryNumber,
        vrm: invoice.vrm,
        make: enquiry.make,
        model: enquiry.model,
        serviceType: SERVICE_TYPE_LABELS[enquiry.serviceType],
        jobType: JOB_TYPE_LABELS[invoice.jobType],
        currency: invoice.currency,
        nett: invoice.totalNett,
        vat: invoice.totalVat,
        gross: invoice.totalGross,
        creditValue: invoice.creditValue,
        taxCode: taxCodeOf(invoice.lineTaxCode)?.label ?? invoice.lineTaxCode,
      },
      parties,
      generatedBy: by,
      generatedAt: m.now,
    });
    const file = await putFile(c.services.files, tx, { name: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf', data: Buffer.from(pdf), createdBy: m.adminId, createdAt: m.now });
    const [after] = await tx
      .update(invoices)
      .set({ pdfFileId: file.id, pdfGeneratedAt: m.now, generatedBy: by, modifiedAt: m.now, modifiedBy: m.adminId })
      .where(eq(invoices.id, invoice.id))
      .returning();
    // The PDF it replaces is of no use any more: nothing else refers to it.
    if (invoice.pdfFileId) await deleteFile(tx, invoice.pdfFileId);
    await writeAudit(tx, { adminId: m.adminId, slug: m.slug, recordType: 'invoice', recordId: invoice.id, before: auditImage(invoice), after: auditImage(after), at: m.now });
    return { success: true, message: ENQUIRY_MESSAGES.regenerated };
  },
});

/** The stored invoice PDF, to view (ours: the spec's invoice view shows it after a regenerate). */
export const getInvoicePdf = defineSlug({
  slug: 'enquiry/invoices/getInvoicePdf',
  method: 'POST',
  effect: 'read',
  access: SEARCH,
  input: invoicePdfSchema,
  async handler({ services, input }): Promise<FileDownloadResponse> {
    await namedEnquiry(services.db, input);
    const invoice = await invoiceOf(services.db, input.enquiryId);
    return fileDownload(services.files, services.db, invoice?.pdfFileId ?? null, { missing: () => new ApiError(404, 'PDF_NOT_FOUND', ENQUIRY_MESSAGES.pdfMissing) });
  },
});

export const supportInvoiceSlugs = [getInvoiceSearchData, regenerateInvoicePdf, getInvoicePdf];
