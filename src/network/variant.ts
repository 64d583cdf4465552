import type { BackLink } from '../layout/PageFrame';
import type { LeaseAccount, TriggerNetworkExportResponse } from '../../domain/network';
import type { ExportFilters, NetworkCalls } from '../../dataProvider/networkCalls';

/**
 * What differs between a customer's network pages and the DI network's (spec 3): whose network,
 * where Back goes, how groups are found and which export call runs. The pages take one of these.
 */
export interface NetworkVariant {
  /** The customer, or null for the DI network. */
  leaseId: string | null;
  back: BackLink;
  /** Whose network, for headings (the customer name; null while it loads). */
  ownerName: string | null;
  /** The network an import changes, as a sentence names it: 'the network of Acme Fleet', 'the DI Network'. */
  networkPhrase: string;
  searchGroups(text: string, signal: AbortSignal): Promise<LeaseAccount[]>;
  /** Starts the export through `calls` (the Export click's, carrying its Idempotency-Key). */
  triggerExport(calls: NetworkCalls, groupId: string | null, filters: ExportFilters): Promise<TriggerNetworkExportResponse>;
  /** A customer export needs a group; the DI export may cover the whole DI network. */
  groupRequired: boolean;
}

export function customerNetwork(calls: NetworkCalls, leaseId: string, ownerName: string | null, back: BackLink): NetworkVariant {
  return {
    leaseId,
    back,
    ownerName,
    networkPhrase: `the network of ${ownerName ?? 'this customer'}`,
    searchGroups: (text, signal) => calls.leaseAccounts(leaseId, text, signal),
    triggerExport: (acting, groupId, filters) => acting.triggerLeaseNetworkExport(leaseId, groupId ?? '', filters),
    groupRequired: true,
  };
}

/** The DI network (back to the SAVi export page); its group search comes from the groups area. */
export function diNetwork(calls: NetworkCalls, back: BackLink, searchGroups: NetworkVariant['searchGroups']): NetworkVariant {
  return {
    leaseId: null,
    back,
    ownerName: 'DI Network',
    // Not 'the network of DI Network': the DI Network is the network itself (spec 3 §2.1).
    networkPhrase: 'the DI Network',
    searchGroups,
    triggerExport: (acting, groupId, filters) => acting.triggerDiNetworkExport(groupId, filters),
    groupRequired: false,
  };
}
