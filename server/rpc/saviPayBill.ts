/**
 * Pay Bill (spec 3 §2.1, §3, §6, §7): the pay bill customers, one day's pay bill records paged by
 * keyset, and the export of an invoice to the finance system as a bill, exactly once.
 */
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { DIRECT_PAYBILL_RATE_CARD_TYPES } from '../../domain/customers';
import { noInputSchema } from '../../domain/lists';
import { utcToday } from '../../domain/processLogs';
import { INVOICE_TYPES, taxCodeOf, type InvoiceType, type JobType } from '../../domain/finance';
import {
  EXPORT_TO_QUICKBOOKS_GUARD,
  exportInvoiceSchema,
  exportPreCheck,
  jobTypeLabel,
  PAY_BILL_GUARD,
  PAY_BILL_MESSAGES,
  payBillSearchSchema,
  type ExportInvoiceResponse,
  type PaybillCustomersResponse,
  type PaybillRecord,
  type PayBillSearchResponse,
} from '../../domain/savi';
import type { Currency, PersonRef } from '../../domain/common';
import type { Tx } from '../db/client';
import { invoices } from '../db/schema';
import { FinanceSystemError } from '../integrations/finance';
import { rowsOf } from '../jobs/network/lookup';
import { writeAudit } from './audit';
import { ApiError, fieldError, isUniqueViolation } from './errors';
import { mutationContext } from './records';
import { defineSlug } from './registry';

/** How long one request may hold an invoice's export; a claim older than this belongs to a request that died. */
export const EXPORT_CLAIM_MS = 120_000;

export const getPaybillCustomersList = defineSlug({
  slug: 'admin/getPaybillCustomersList',
  method: 'GET',
  effect: 'read',
  access: PAY_BILL_GUARD,
  input: noInputSchema,
  async handler({ services }): Promise<PaybillCustomersResponse> {
    const rows = await rowsOf<{ id: string; name: string }>(
      services.db,
      sql`SELECT id, name FROM lease_companies WHERE rate_card_type IN (${sql.join(
        DIRECT_PAYBILL_RATE_CARD_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )}) ORDER BY lower(name), id`,
    );
    return { success: true, customers: rows.map((r) => ({ label: r.name, value: r.id })) };
  },
});

interface RecordRow {
  id: string;
  invoice_number: string;
  type: InvoiceType;
  tax_point_date: string;
  enquiry_number: string;
  vrm: string;
  currency: Currency;
  job_type: JobType;
  line_tax_code: string;
  total_nett: number;
  credit_value: number | null;
  finance_supplier_id: string | null;
  saved_to_quickbooks: boolean;
  saved_by: PersonRef | null;
  saved_to_quickbooks_on: Date | string | null;
  category_id: string | null;
  lease_name: string;
  supplier_name: string;
  export_claimed_at: Date | string | null;
}

/**
 * The record's columns. The accounting category is the lease company's as it is now (one set after
 * the invoice was raised counts), else the one copied onto the invoice.
 */
const RECORD_COLUMNS = `i.id, i.invoice_number, i.type, to_char(i.tax_point_date, 'YYYY-MM-DD') AS tax_point_date, i.enquiry_number, i.vrm, i.currency,
  i.job_type, i.line_tax_code, i.total_nett, i.credit_value, i.finance_supplier_id, i.saved_to_quickbooks, i.saved_by, i.saved_to_quickbooks_on,
  coalesce(l.category_id, i.lease_quickbooks_category_id) AS category_id, l.name AS lease_name, s.name AS supplier_name, i.export_claimed_at`;
const RECORD_FROM = 'invoices i JOIN lease_companies l ON l.id = i.lease_company_id JOIN suppliers s ON s.id = i.supplier_id';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRecord(r: RecordRow): PaybillRecord {
  const [year, month] = r.tax_point_date.split('-').map(Number);
  return {
    docId: r.id,
    year,
    month,
    leaseCompanyName: r.lease_name,
    invoiceNumber: r.invoice_number,
    taxPointDate: r.tax_point_date,
    enquiryNumber: r.enquiry_number,
    vrm: r.vrm,
    supplierName: r.supplier_name,
    type: r.type,
    currency: r.currency,
    jobLineData: { jobType: r.job_type, lineTaxCode: { label: taxCodeOf(r.line_tax_code)?.label ?? r.line_tax_code } },
    totalNettLineCost: Number(r.total_nett) / 100,
    creditValue: { value: r.credit_value === null ? null : Number(r.credit_value) / 100 },
    financeSupplierId: r.finance_supplier_id,
    savedToQuickBooks: r.saved_to_quickbooks,
    savedBy: r.saved_by,
    savedToQuickBooksOn: iso(r.saved_to_quickbooks_on),
    leaseQuickBooksCategoryId: r.category_id,
  };
}

/**
 * One day's pay bill records: invoices, then credit notes, each by invoice number, from where the
 * cursor stands; a page that empties the invoices goes on into the credits. Each query is one
 * range of invoices_paybill_day_idx (or its per-customer twin), so its cost is the page's.
 */
export const getPaybillRecords = defineSlug({
  slug: 'admin/getPaybillRecords',
  method: 'POST',
  effect: 'read',
  access: PAY_BILL_GUARD,
  input: payBillSearchSchema,
  async handler({ services, input }): Promise<PayBillSearchResponse> {
    // By the server's clock, as Process Logs does: the console's clock may differ.
    if (input.date > utcToday(services.clock.now())) throw fieldError('date', PAY_BILL_MESSAGES.futureDate);
    const records: PaybillRecord[] = [];
    // The first page starts at the first invoice whatever the cursor says.
    let type: InvoiceType = input.isInitialLoad ? 'Invoice' : input.recordType;
    let after = input.isInitialLoad ? null : input.lastRecordReferenceId;
    let more = false;
    for (;;) {
      const want = input.pageSize - records.length;
      const values: unknown[] = [input.date, input.quickbooks, type];
      const filters = ['i.paybill', 'i.tax_point_date = $1', 'i.saved_to_quickbooks = $2', 'i.type = $3'];
      const bind = (filter: string, value: unknown) => filters.push(filter.replace('?', `$${values.push(value)}`));
      if (input.leaseCompanyId) bind('i.lease_company_id = ?', input.leaseCompanyId);
      if (after) bind('i.invoice_number > ?', after);
      // A few statements in all (with or without a customer, from the start or after a number, and
      // the page's size, a validated integer, written in so that a generic plan knows it), each
      // planned once per connection: planning cost twice what running a page does.
      const text = `SELECT ${RECORD_COLUMNS} FROM ${RECORD_FROM} WHERE ${filters.join(' AND ')} ORDER BY i.invoice_number LIMIT ${Math.trunc(want) + 1}`;
      const rows = await services.database.preparedQuery<RecordRow>(text, values);
      records.push(...rows.slice(0, want).map(toRecord));
      if (rows.length > want) {
        more = true;
        break;
      }
      const next = INVOICE_TYPES[INVOICE_TYPES.indexOf(type) + 1];
      if (!next) break;
      // A page full where the invoices end still asks the credits for one row (LIMIT 1), so
      // endOfRecord is true only when nothing follows.
      type = next;
      after = null;
    }
    const last = records.at(-1);
    return {
      success: true,
      invoicedRecords: records,
      cursor: {
        lastRecordReferenceId: last && last.type === type ? last.invoiceNumber : after,
        recordType: type,
        date: input.date,
        leaseCompanyId: input.leaseCompanyId,
        quickbooks: input.quickbooks,
        endOfRecord: !more,
      },
    };
  },
});

async function findRecord(db: Tx, id: string): Promise<RecordRow | undefined> {
  const [row] = await rowsOf<RecordRow>(db, sql`SELECT ${sql.raw(RECORD_COLUMNS)} FROM ${sql.raw(RECORD_FROM)} WHERE i.id = ${id}`);
  return row;
}

const refused = (code: string, message: string, record: PaybillRecord) => new ApiError(409, code, message, undefined, { current: record });

/**
 * Exports an invoice to the finance system as a bill (spec 3 §7 admin/addInvoiceToQuickBooksBill).
 * One request claims the invoice (export_claimed_at) before calling out, so a double click or a
 * second admin adds no second bill; the bill's document number is the invoice number, and a bill
 * already there under it (a request that died after adding it) is taken rather than added again.
 * The saved mark names the signed-in admin (the call's firstname and lastname are not trusted).
 */
export const addInvoiceToQuickBooksBill = defineSlug({
  slug: 'admin/addInvoiceToQuickBooksBill',
  method: 'POST',
  effect: 'write',
  access: EXPORT_TO_QUICKBOOKS_GUARD,
  input: exportInvoiceSchema,
  async handler(c): Promise<ExportInvoiceResponse> {
    const { services, input } = c;
    const { finance, db } = services;
    const ctx = mutationContext(c);
    const row = await findRecord(db, input.docId);
    const record = row && toRecord(row);
    if (!row || !record || record.year !== input.year || record.month !== input.month) throw new ApiError(404, 'RECORD_NOT_FOUND', PAY_BILL_MESSAGES.notFound);
    const done = (r: PaybillRecord): ExportInvoiceResponse => ({ success: true, supplierFound: true, missingVatRate: false, record: r });
    if (record.savedToQuickBooks) return done(record);
    if (record.type === 'Credit') throw refused('IS_CREDIT', PAY_BILL_MESSAGES.isCredit, record);
    if (!record.financeSupplierId) throw refused('NO_FINANCE_SUPPLIER_ID', PAY_BILL_MESSAGES.noFinanceSupplierId, record);
    const preCheck = exportPreCheck(record);
    if (preCheck) throw refused('CATEGORY_MISSING', preCheck, record);

    const now = services.clock.now();
    const claimed = await db
      .update(invoices)
      .set({ exportClaimedAt: now })
      .where(and(eq(invoices.id, row.id), eq(invoices.savedToQuickBooks, false), or(isNull(invoices.exportClaimedAt), lt(invoices.exportClaimedAt, new Date(now.getTime() - EXPORT_CLAIM_MS)))))
      .returning({ id: invoices.id });
    if (claimed.length === 0) {
      const current = toRecord((await findRecord(db, row.id))!);
      if (current.savedToQuickBooks) return done(current);
      throw refused('EXPORT_IN_PROGRESS', PAY_BILL_MESSAGES.inProgress, current);
    }
    const release = () => db.update(invoices).set({ exportClaimedAt: null }).where(eq(invoices.id, row.id));
    try {
      const vendor = await finance.supplier(record.financeSupplierId);
      if (!vendor) {
        await release();
        return { success: false, supplierFound: false, missingVatRate: false, record };
      }
      const taxCode = taxCodeOf(row.line_tax_code);
      const taxCodeRef = taxCode ? await finance.taxCode(taxCode.financeName) : null;
      if (!taxCodeRef) {
        await release();
        return { success: false, supplierFound: true, missingVatRate: true, record };
      }
      const bill = {
        vendorId: record.financeSupplierId,
        docNumber: record.invoiceNumber,
        txnDate: record.taxPointDate,
        currency: record.currency,
        lines: [{ description: `${jobTypeLabel(record.jobLineData.jobType)} — enquiry ${record.enquiryNumber}, ${record.vrm}`, amount: Number(row.total_nett), accountRef: null, taxCodeRef }],
        memo: `${record.leaseCompanyName} (category ${record.leaseQuickBooksCategoryId})`,
      };
      let added = await finance.findBill(bill.docNumber);
      if (!added) {
        try {
          added = await finance.addBill(bill);
        } catch (err) {
          // The ledger's unique document number: the bill is there already.
          added = isUniqueViolation(err) ? await finance.findBill(bill.docNumber) : null;
          if (!added) throw err;
        }
      }
      const savedBy: PersonRef = { firstname: c.session.admin.firstname, lastname: c.session.admin.lastname };
      const billId = added.id;
      await db.transaction(async (tx) => {
        await tx.update(invoices).set({ savedToQuickBooks: true, savedBy, savedToQuickBooksOn: now, exportClaimedAt: null, modifiedAt: now, modifiedBy: ctx.adminId }).where(eq(invoices.id, row.id));
        await writeAudit(tx, {
          adminId: ctx.adminId,
          slug: ctx.slug,
          recordType: 'invoice',
          recordId: row.id,
          before: { savedToQuickBooks: false },
          after: { savedToQuickBooks: true, billId, finance: finance.name },
          at: now,
        });
      });
      return done(toRecord((await findRecord(db, row.id))!));
    } catch (err) {
      await release();
      if (err instanceof FinanceSystemError) {
        services.log.warn({ err: err.message, invoice: record.invoiceNumber }, 'pay bill export: the finance system failed');
        throw new ApiError(502, 'FINANCE_SYSTEM_FAILED', PAY_BILL_MESSAGES.exportFailed);
      }
      throw err;
    }
  },
});

export const payBillSlugs = [getPaybillCustomersList, getPaybillRecords, addInvoiceToQuickBooksBill];
