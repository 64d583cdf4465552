import { useEffect, useState } from 'react';
import type { AccountingCategory } from '../../domain/finance';
import { getAccountingCategories } from '../../dataProvider/customers';

let cached: Promise<AccountingCategory[]> | null = null;

/** The accounting system's customer categories, fetched once per page load (null while loading). */
export function useAccountingCategories(): { categories: AccountingCategory[] | null; error: boolean } {
  const [categories, setCategories] = useState<AccountingCategory[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    cached ??= getAccountingCategories().then((r) => r.customerCategories);
    cached.then(
      (list) => live && setCategories(list),
      () => {
        // The next form or page asks again.
        cached = null;
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return { categories, error };
}

/** A category's name for display; its id while the list loads or when the accounting system has no such category. */
export function categoryName(categories: AccountingCategory[] | null, id: string | null | undefined): string | null {
  if (!id) return null;
  return categories?.find((c) => c.id === id)?.name ?? id;
}
