import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { clearDependents, emptyGroupAddress, emptyGroupContact, type Block, type GroupForm } from '../../../domain/groups';

const BLOCKS: readonly string[] = ['address', 'billingAddress', 'payingAddress', 'contact', 'billingContact', 'payingContact'];
const EMPTY = { address: emptyGroupAddress, contact: emptyGroupContact };

/**
 * Spec 2 §4: editing a field of a block clears and un-ticks every "same as" block that depends on
 * it, down the chain. Only the user's own edits count (react-hook-form's 'change' events), not the copies a
 * ticked checkbox writes.
 */
export function SameAsChains() {
  const { watch, setValue } = useFormContext<GroupForm>();
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change' || !name) return;
      const block = name.split('.')[0];
      if (!BLOCKS.includes(block)) return;
      const patch = clearDependents(values as GroupForm, block as Block, EMPTY);
      for (const [field, value] of Object.entries(patch)) setValue(field as keyof typeof patch, value, { shouldDirty: true });
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue]);
  return null;
}
