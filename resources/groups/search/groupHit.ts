import type { AddressHit } from '../../../src/search/addressHit';

/** A hit of the groups collection, as the result cards read it. `id` is the group's record id (accountId). */
export interface GroupHit extends AddressHit {
  name: string;
  /** The DI Group Id. */
  groupId: string;
  blocked?: boolean;
  supplierCreationType?: string | null;
  documentCount?: number;
}
