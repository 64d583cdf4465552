/**
 * The accounting system's customer categories (spec 3 "Show Categories"; a PayBill customer needs
 * one, spec 1 §3), as the configured finance system answers them.
 */
import type { AccountingCategory } from '../../../domain/finance';
import type { Tx } from '../../db/client';
import type { FinanceSystem } from './system';

/** Every category, by name. */
export function listAccountingCategories(finance: FinanceSystem): Promise<AccountingCategory[]> {
  return finance.customerCategories();
}

/** The category with this id, or null when the accounting system has none; `within` as FinanceSystem.customerCategories. */
export async function findAccountingCategory(finance: FinanceSystem, id: string, within?: Tx): Promise<AccountingCategory | null> {
  return (await finance.customerCategories(within)).find((c) => c.id === id) ?? null;
}
