/**
 * The finance (accounting) system behind one interface (ARCHITECTURE.md "External systems are
 * adapters"): the local ledger in our own database by default, QuickBooks Online when
 * FINANCE_SYSTEM=quickbooks. One contract test suite runs against both (tests/api/finance-system.test.ts).
 */
import type { AccountingCategory } from '../../../domain/finance';
import type { FinanceSupplier } from '../../../domain/suppliers';
import type { Tx } from '../../db/client';

/** What a mapping is resolved from: the supplier as the product holds it. */
export interface SupplierIdentity {
  name: string;
  companyRegistrationNumber: string | null;
  vatRegistrationNumber: string | null;
  accountSystemReference: string | null;
}

/** A bill to add for a supplier (pay bill export, spec 3): amounts in minor units. */
export interface NewBill {
  vendorId: string;
  docNumber: string;
  /** YYYY-MM-DD. */
  txnDate: string;
  currency: 'GBP' | 'EURO';
  lines: { description: string; amount: number; accountRef: string | null; taxCodeRef: string | null }[];
  /** Free text the finance system keeps with the bill (the lease company and enquiry). */
  memo: string;
}

/** The finance system failed (unreachable, refused, or an answer we cannot read): never a 5xx of ours unexplained. */
export class FinanceSystemError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FinanceSystemError';
  }
}

export interface FinanceSystem {
  readonly name: 'local' | 'quickbooks';
  /** The supplier (vendor) with this id, or null when the finance system has none. */
  supplier(id: string): Promise<FinanceSupplier | null>;
  /** The id of the finance system's record of this supplier, or null when none can be found. */
  resolveSupplier(identity: SupplierIdentity): Promise<string | null>;
  /**
   * The customer categories (spec 3 "Show Categories"), by name. `within`: the caller's open
   * transaction, which a ledger kept in our own database reads through (the embedded database has
   * one connection, so a read beside the transaction would wait for it); a remote system ignores it.
   */
  customerCategories(within?: Tx): Promise<AccountingCategory[]>;
  /**
   * The id of the finance system's tax code of this name (our VAT code's financeName), or null when
   * it has none: spec 3 §8 'Vat Rates are not yet configured'.
   */
  taxCode(name: string): Promise<string | null>;
  /** The bill already added under this document number (the invoice number), or null. */
  findBill(docNumber: string): Promise<{ id: string } | null>;
  /** Adds a bill; answers the finance system's id for it. */
  addBill(bill: NewBill): Promise<{ id: string }>;
}
