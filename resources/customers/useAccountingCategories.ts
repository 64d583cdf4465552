import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { AccountingCategory } from '../../domain/finance';

/** The accounting system's customer categories, read once per page load (null while loading); a failure is asked again by the next form or page. */
export function useAccountingCategories(): { categories: AccountingCategory[] | null; error: boolean } {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const query = useQuery({ queryKey: ['customer', 'accountingCategories'], queryFn: ({ signal }) => dataProvider.accountingCategories(signal), staleTime: Infinity, retry: false });
  return { categories: query.data ?? null, error: query.isError };
}

/** A category's name for display; its id while the list loads or when the accounting system has no such category. */
export function categoryName(categories: AccountingCategory[] | null, id: string | null | undefined): string | null {
  if (!id) return null;
  return categories?.find((c) => c.id === id)?.name ?? id;
}
