import { categoryName, useAccountingCategories } from '../useAccountingCategories';

/** The accounting category by its name in the accounting system (by its id while the names load). */
export function CategoryName({ id }: { id: string | null }) {
  const { categories } = useAccountingCategories();
  return <>{categoryName(categories, id)}</>;
}
