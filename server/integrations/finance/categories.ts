/**
 * The accounting system's customer categories (spec 3 "Show Categories"; a PayBill customer needs
 * one, spec 1 §3). For now the local ledger's table answers. When the FinanceSystem adapter
 * arrives with the supplier area, these functions ask it instead and their callers stay as they are.
 */
import { asc, eq } from 'drizzle-orm';
import type { AccountingCategory } from '../../../domain/finance';
import type { Tx } from '../../db/client';
import { accountingCategories } from '../../db/schema';

/** Every category, by name. */
export function listAccountingCategories(db: Tx): Promise<AccountingCategory[]> {
  return db.select({ id: accountingCategories.id, name: accountingCategories.name }).from(accountingCategories).orderBy(asc(accountingCategories.name), asc(accountingCategories.id));
}

/** The category with this id, or null when the accounting system has none. */
export async function findAccountingCategory(db: Tx, id: string): Promise<AccountingCategory | null> {
  const [row] = await db.select({ id: accountingCategories.id, name: accountingCategories.name }).from(accountingCategories).where(eq(accountingCategories.id, id));
  return row ?? null;
}
