import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import type { AccountingCategory } from '../../../domain/finance';
import { useAccountingCategories } from '../useAccountingCategories';
import { ChoiceInput, type Option } from '../../../src/ui/inputs';

const NOT_LOADED = 'The accounting categories could not be loaded. Reload the page to try again.';

/**
 * The choices: the accounting system's categories by name, 'None' when the category is optional,
 * and a stored id the system does not list (kept visible; the save then says it is not valid).
 */
export function categoryOptions(categories: AccountingCategory[] | null, current: string, required: boolean): Option[] {
  const options: Option[] = (categories ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: categories ? `${current} (not in the accounting system)` : current });
  if (!required) options.unshift({ value: '', label: 'None' });
  return options;
}

/** Accounting Category (spec 1 §3 categoryId): a choice of the accounting system's categories, required for PayBill customers. */
export const AccountingCategoryInput = memo(function AccountingCategoryInput({ label, required }: { label: string; required: boolean }) {
  const { categories, error } = useAccountingCategories();
  const current = (useWatch({ name: 'categoryId' }) as string | null | undefined) ?? '';
  return <ChoiceInput source="categoryId" label={label} required={required} options={categoryOptions(categories, current, required)} helperText={error ? NOT_LOADED : undefined} />;
});
