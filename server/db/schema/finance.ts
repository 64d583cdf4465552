import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, boolean, jsonb, index, uniqueIndex, date, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { editable, addressColumns, tz } from './columns';
import { files } from './files';
import { leaseCompanies } from './customers';
import { supplierGroups } from './groups';
import { suppliers } from './suppliers';
import type { Currency, PersonRef } from '../../../domain/common';
import type { InvoiceType, JobType } from '../../../domain/finance';

/**
 * Invoices and credit notes: the pay bill records of spec 3 §3. Amounts are minor units.
 * enquiry_id has no foreign key because the enquiry may have moved to archived_enquiries.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceNumber: text('invoice_number').notNull(),
    type: text('type').$type<InvoiceType>().notNull(),
    /** A credit note's original invoice. */
    creditOfInvoiceId: uuid('credit_of_invoice_id').references((): AnyPgColumn => invoices.id),
    enquiryId: uuid('enquiry_id').notNull(),
    enquiryNumber: text('enquiry_number').notNull(),
    leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
    groupId: uuid('group_id').notNull().references(() => supplierGroups.id),
    supplierId: uuid('supplier_id').notNull().references(() => suppliers.id),
    vrm: text('vrm').notNull(),
    taxPointDate: date('tax_point_date', { mode: 'string' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    jobType: text('job_type').$type<JobType>().notNull(),
    lineTaxCode: text('line_tax_code').notNull(),
    totalNett: integer('total_nett').notNull(),
    totalVat: integer('total_vat').notNull(),
    totalGross: integer('total_gross').notNull(),
    /** Credit notes: the credited amount (positive). */
    creditValue: integer('credit_value'),
    /** Direct paybill record (supplier paid through the network). */
    paybill: boolean('paybill').notNull().default(false),
    /** Copied from the supplier when raised; export needs it. */
    financeSupplierId: text('finance_supplier_id'),
    leaseQuickBooksCategoryId: text('lease_quickbooks_category_id'),
    savedToQuickBooks: boolean('saved_to_quickbooks').notNull().default(false),
    savedBy: jsonb('saved_by').$type<PersonRef>(),
    savedToQuickBooksOn: tz('saved_to_quickbooks_on'),
    /**
     * Set while one request exports the invoice to the finance system: a second request (a double
     * click, another admin) finds it claimed and adds no second bill. A claim older than the
     * export's time-out is stale (its request died) and may be taken over.
     */
    exportClaimedAt: tz('export_claimed_at'),
    generatedBy: jsonb('generated_by').$type<PersonRef>(),
    pdfFileId: uuid('pdf_file_id').references(() => files.id),
    /** When the stored PDF was made (the invoice view's invoice date, spec 3 §2.4); null before the first. */
    pdfGeneratedAt: tz('pdf_generated_at'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.invoiceNumber),
    index('invoices_enquiry_idx').on(t.enquiryId),
    index('invoices_lease_date_idx').on(t.leaseCompanyId, t.taxPointDate),
    index('invoices_date_idx').on(t.taxPointDate, t.type),
    index('invoices_supplier_idx').on(t.supplierId),
    index('invoices_group_idx').on(t.groupId),
    index('invoices_credit_of_idx').on(t.creditOfInvoiceId),
    // The pay bill search (spec 3 §2.1): one day's pay bill records, invoices then credits, by
    // number, for all customers or one; each Load More reads the next 25 entries of one of these.
    index('invoices_paybill_day_idx').on(t.taxPointDate, t.savedToQuickBooks, t.type, t.invoiceNumber).where(sql`paybill`),
    index('invoices_paybill_lease_day_idx').on(t.leaseCompanyId, t.taxPointDate, t.savedToQuickBooks, t.type, t.invoiceNumber).where(sql`paybill`),
  ],
);

/** Weekly SAVi statement exports (spec 3 §3 "SAVi export"). */
export const saviExports = pgTable(
  'savi_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    isSuccess: boolean('is_success').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    generatedAt: tz('generated_at').notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    /** Null when the run failed or the file is gone ('File not available'). */
    fileId: uuid('file_id').references(() => files.id),
    error: text('error'),
  },
  (t) => [index('savi_exports_generated_idx').on(t.generatedAt)],
);

/** Pay bill address and footer printed on invoices: one row (spec 3 "Paybill details"). */
export const paybillSettings = pgTable('paybill_settings', {
  id: text('id').primaryKey().default('default'),
  ...addressColumns(),
  companyName: text('company_name').notNull(),
  footerBlurb: text('footer_blurb').notNull(),
  ...editable(),
});

/**
 * The local finance ledger's suppliers (vendors): what the default FinanceSystem adapter answers
 * in place of QuickBooks Online (server/integrations/finance). Ids are the finance system's,
 * referenced by suppliers.finance_supplier_id. Company and VAT numbers let a mapping be resolved.
 */
export const financeSuppliers = pgTable(
  'finance_suppliers',
  {
    id: text('id').primaryKey(),
    displayName: text('display_name').notNull(),
    companyName: text('company_name'),
    email: text('email'),
    phone: text('phone'),
    acctNum: text('acct_num'),
    printOnCheckName: text('print_on_check_name'),
    billAddr: jsonb('bill_addr').$type<{ City: string | null; Country: string | null; Line1: string | null; Line2: string | null; Line3: string | null; PostalCode: string | null }>(),
    companyNumber: text('company_number'),
    vatNumber: text('vat_number'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('finance_suppliers_company_number_idx').on(t.companyNumber), index('finance_suppliers_vat_number_idx').on(t.vatNumber)],
);

/** Bills the product adds to the local finance ledger (pay bill export): one per invoice exported. */
export const financeBills = pgTable(
  'finance_bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: text('vendor_id').notNull().references(() => financeSuppliers.id),
    docNumber: text('doc_number').notNull(),
    txnDate: date('txn_date', { mode: 'string' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** Minor units. */
    total: integer('total').notNull(),
    lines: jsonb('lines').$type<{ description: string; amount: number; accountRef: string | null; taxCodeRef?: string | null }[]>().notNull().default([]),
    memo: text('memo'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('finance_bills_doc_number_key').on(t.docNumber)],
);

/**
 * The local finance ledger's tax codes, by name (our VAT codes' financeName in domain/finance.ts):
 * an invoice whose VAT code has none here cannot be exported ('Vat Rates are not yet configured').
 */
export const financeTaxCodes = pgTable('finance_tax_codes', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
});
