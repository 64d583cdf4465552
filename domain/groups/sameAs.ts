/**
 * The "same as" chains of the group form (spec 2 §4): address → billing address → paying address,
 * and contact → billing contact → paying contact. Ticking a flag copies the parent block into the
 * child (and on down the chain while the next flag is ticked); the child's inputs are then
 * disabled. Editing a block clears and un-ticks every flag that depends on it, down the chain
 * ("editing a parent field clears and un-ticks the dependent 'same as' flags"), stopping at the
 * first flag that is not ticked (a block typed by hand depends on nothing above it): the un-ticked
 * blocks are emptied, since their copies no longer match what they were copies of. Nothing the
 * user typed is lost: a ticked block holds only a copy.
 */

export type AddressBlock = 'address' | 'billingAddress' | 'payingAddress';
export type ContactBlock = 'contact' | 'billingContact' | 'payingContact';
export type Block = AddressBlock | ContactBlock;
export type SameAsFlag = 'isBillingAddressSameAsAddress' | 'isPayingAddressSameAsBillingAddress' | 'isBillingContactSameAsContact' | 'isPayingContactSameAsBillingContact';

/** Each child block: its parent and the flag that links them. */
export const SAME_AS: Record<Exclude<Block, 'address' | 'contact'>, { parent: Block; flag: SameAsFlag }> = {
  billingAddress: { parent: 'address', flag: 'isBillingAddressSameAsAddress' },
  payingAddress: { parent: 'billingAddress', flag: 'isPayingAddressSameAsBillingAddress' },
  billingContact: { parent: 'contact', flag: 'isBillingContactSameAsContact' },
  payingContact: { parent: 'billingContact', flag: 'isPayingContactSameAsBillingContact' },
};
export const CHILD_OF: Partial<Record<Block, Exclude<Block, 'address' | 'contact'>>> = {
  address: 'billingAddress',
  billingAddress: 'payingAddress',
  contact: 'billingContact',
  billingContact: 'payingContact',
};
export const BLOCK_OF_FLAG: Record<SameAsFlag, Exclude<Block, 'address' | 'contact'>> = {
  isBillingAddressSameAsAddress: 'billingAddress',
  isPayingAddressSameAsBillingAddress: 'payingAddress',
  isBillingContactSameAsContact: 'billingContact',
  isPayingContactSameAsBillingContact: 'payingContact',
};

/** The part of a form (or a saved group) the chains read and write. */
export type SameAsState<A, C> = Record<AddressBlock, A> & Record<ContactBlock, C> & Record<SameAsFlag, boolean>;

/** What changes when `flag` is set to `on`: the flag, and on ticking the copied blocks down the chain. */
export function tickSameAs<A, C>(state: SameAsState<A, C>, flag: SameAsFlag, on: boolean): Partial<SameAsState<A, C>> {
  const patch: Record<string, unknown> = { [flag]: on };
  if (!on) return patch as Partial<SameAsState<A, C>>;
  let block: Block | undefined = BLOCK_OF_FLAG[flag];
  let value = (state as Record<string, unknown>)[SAME_AS[block as keyof typeof SAME_AS].parent];
  while (block) {
    patch[block] = structuredClone(value);
    const child: Block | undefined = CHILD_OF[block];
    if (!child || !state[SAME_AS[child as keyof typeof SAME_AS].flag]) break;
    block = child;
    value = patch[SAME_AS[child as keyof typeof SAME_AS].parent];
  }
  return patch as Partial<SameAsState<A, C>>;
}

/** The flags un-ticked because a field of `block` was edited (empty when nothing depends on it). */
export function flagsClearedByEditing(state: Record<SameAsFlag, boolean>, block: Block): SameAsFlag[] {
  const cleared: SameAsFlag[] = [];
  for (let child = CHILD_OF[block]; child; child = CHILD_OF[child]) {
    const { flag } = SAME_AS[child];
    if (!state[flag]) break;
    cleared.push(flag);
  }
  return cleared;
}

/**
 * What editing a field of `block` changes: each dependent flag un-ticked and its block emptied
 * (`empty` makes an empty address or contact).
 */
export function clearDependents<A, C>(state: Record<SameAsFlag, boolean>, block: Block, empty: { address(): A; contact(): C }): Partial<SameAsState<A, C>> {
  const patch: Record<string, unknown> = {};
  for (const flag of flagsClearedByEditing(state, block)) {
    const child = BLOCK_OF_FLAG[flag];
    patch[flag] = false;
    patch[child] = child.endsWith('Address') ? empty.address() : empty.contact();
  }
  return patch as Partial<SameAsState<A, C>>;
}

/** The blocks as they are stored: each ticked child is its parent's copy (the server applies this on save). */
export function resolveSameAs<A, C, S extends SameAsState<A, C>>(state: S): S {
  const out = { ...state };
  for (const child of ['billingAddress', 'payingAddress', 'billingContact', 'payingContact'] as const) {
    const { parent, flag } = SAME_AS[child];
    if (out[flag]) (out as Record<string, unknown>)[child] = structuredClone((out as Record<string, unknown>)[parent]);
  }
  return out;
}
