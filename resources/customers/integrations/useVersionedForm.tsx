import { useCallback } from 'react';
import { useRefresh } from 'react-admin';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { CustomerDetails } from '../../../domain/customers';
import { isHttpError } from '../../../dataProvider/api';
import { conflictFromError } from '../../../dataProvider/conflict';
import { useConflictHandler } from '../../../src/layout/ConflictDialog';
import { useToast } from '../../../src/layout/Toasts';

/**
 * Saving one part of a customer at the version the page shows. A 409 opens the console's conflict
 * dialog (Reload refetches the customer; the drawer's form keeps what was typed), field errors go
 * next to their fields, anything else is an error toast. Resolves true when saved.
 */
export function useVersionedSave<T extends FieldValues>(form: UseFormReturn<T>, customer: CustomerDetails, title: string) {
  const conflict = useConflictHandler();
  const toast = useToast();
  const refresh = useRefresh();
  const run = useCallback(
    async (save: () => Promise<unknown>, typed: T, success: string): Promise<boolean> => {
      try {
        await save();
        toast.success(title, success);
        // The page's live topic refetches too; this covers a missed message.
        refresh();
        return true;
      } catch (err) {
        if (conflictFromError(err)) {
          conflict.mutationOptions.onError(err, { data: typed, previousData: customer });
        } else if (isHttpError(err) && err.body?.errors && Object.keys(err.body.errors).length > 0) {
          for (const [path, message] of Object.entries(err.body.errors as Record<string, string>)) form.setError(path as Path<T>, { message }, { shouldFocus: true });
        } else {
          toast.error(title, (err as Error)?.message || 'Your changes could not be saved.');
        }
        return false;
      }
    },
    [conflict.mutationOptions, customer, form, refresh, title, toast],
  );
  return { run, conflictDialog: conflict.dialog };
}
