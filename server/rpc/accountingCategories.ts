import type { AccountingCategoriesResponse } from '../../domain/finance';
import { listAccountingCategories } from '../integrations/finance/categories';
import { defineSlug } from './registry';
import { noInputSchema } from '../../domain/lists';

/**
 * The categories the customer form offers for Accounting Category, and the details page names
 * (ours: spec 3's admin/getQuickBooksCustomerCategories is the support screen's, behind its own
 * permission). Anyone who may view customers may read them.
 */
export const getAccountingCategories = defineSlug({
  slug: 'admin/getAccountingCategories',
  method: 'GET',
  effect: 'read',
  access: { permission: 'customer', action: 'view' },
  input: noInputSchema,
  async handler(c): Promise<AccountingCategoriesResponse> {
    return { customerCategories: await listAccountingCategories(c.services.finance) };
  },
});

export const accountingCategorySlugs = [getAccountingCategories];
