import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { flagsClearedByEditing, type Block, type GroupForm } from '../../../domain/groups';

const BLOCKS: readonly string[] = ['address', 'billingAddress', 'payingAddress', 'contact', 'billingContact', 'payingContact'];

/**
 * Spec 2 §4: editing a field of a block un-ticks every "same as" flag that depends on it, down the
 * chain. Only the user's own edits count (react-hook-form's 'change' events), not the copies a
 * ticked checkbox writes.
 */
export function SameAsChains() {
  const { watch, setValue } = useFormContext<GroupForm>();
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change' || !name) return;
      const block = name.split('.')[0];
      if (!BLOCKS.includes(block)) return;
      for (const flag of flagsClearedByEditing(values as GroupForm, block as Block)) setValue(flag, false, { shouldDirty: true });
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue]);
  return null;
}
