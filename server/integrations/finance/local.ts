import { asc, eq } from 'drizzle-orm';
import type { FinanceSupplier } from '../../../domain/suppliers';
import type { Tx } from '../../db/client';
import { accountingCategories, financeBills, financeSuppliers, financeTaxCodes } from '../../db/schema';
import type { FinanceSystem } from './system';

type Row = typeof financeSuppliers.$inferSelect;

export function toFinanceSupplier(r: Row): FinanceSupplier {
  return {
    Id: r.id,
    DisplayName: r.displayName,
    CompanyName: r.companyName,
    PrimaryEmailAddr: r.email ? { Address: r.email } : null,
    PrimaryPhone: r.phone ? { FreeFormNumber: r.phone } : null,
    AcctNum: r.acctNum,
    PrintOnCheckName: r.printOnCheckName,
    BillAddr: r.billAddr ?? null,
  };
}

/**
 * The local finance ledger (finance_suppliers, accounting_categories, finance_tax_codes,
 * finance_bills): the default,
 * so the console needs no account anywhere. A mapping is found by company number, else by VAT number.
 */
export function localLedger(db: Tx): FinanceSystem {
  return {
    name: 'local',
    async supplier(id) {
      const [row] = await db.select().from(financeSuppliers).where(eq(financeSuppliers.id, id));
      return row ? toFinanceSupplier(row) : null;
    },
    async resolveSupplier(identity) {
      // Exact values, as both sides keep them (no spaces), so the indexes answer.
      const company = identity.companyRegistrationNumber?.trim() || null;
      const vat = identity.vatRegistrationNumber?.trim() || null;
      for (const [column, value] of [[financeSuppliers.companyNumber, company], [financeSuppliers.vatNumber, vat]] as const) {
        if (!value) continue;
        const [row] = await db.select({ id: financeSuppliers.id }).from(financeSuppliers).where(eq(column, value)).orderBy(asc(financeSuppliers.id)).limit(1);
        if (row) return row.id;
      }
      return null;
    },
    customerCategories: (within = db) => within.select({ id: accountingCategories.id, name: accountingCategories.name }).from(accountingCategories).orderBy(asc(accountingCategories.name), asc(accountingCategories.id)),
    async taxCode(name) {
      const [row] = await db.select({ id: financeTaxCodes.id }).from(financeTaxCodes).where(eq(financeTaxCodes.name, name));
      return row?.id ?? null;
    },
    async findBill(docNumber) {
      const [row] = await db.select({ id: financeBills.id }).from(financeBills).where(eq(financeBills.docNumber, docNumber));
      return row ?? null;
    },
    async addBill(bill) {
      const total = bill.lines.reduce((sum, l) => sum + l.amount, 0);
      // The document number is unique: a second bill for one invoice is refused, never added.
      const [row] = await db
        .insert(financeBills)
        .values({ vendorId: bill.vendorId, docNumber: bill.docNumber, txnDate: bill.txnDate, currency: bill.currency, total, lines: bill.lines, memo: bill.memo })
        .returning({ id: financeBills.id });
      return { id: row.id };
    },
  };
}
