import { useMemo } from 'react';
import { useCanAccess, useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { LeaseAccount } from '../../domain/network';
import { groupResource } from '../../domain/resources/group';
import { saviResource } from '../../domain/resources/savi';
import { NetworkExportPage } from '../../src/network/NetworkExportPage';
import { NetworkImportPage } from '../../src/network/NetworkImportPage';
import { diNetwork, type NetworkVariant } from '../../src/network/variant';
import { SAVI_BACK } from './back';


/** Most groups offered per search (ours; the customer's list is short too). */
const GROUP_SUGGESTIONS = 25;

/**
 * The DI network's variant of the network pages. Its groups come from the groups search
 * collection: DI-network members that are not blocked (spec 2 §4), by name.
 */
function useDiNetwork(): NetworkVariant {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useMemo(() => {
    const searchGroups = async (text: string, signal: AbortSignal): Promise<LeaseAccount[]> => {
      const { data } = await dataProvider.getList<LeaseAccount>(groupResource.name, {
        filter: { q: text, belongsToDiNetwork: true, blocked: false },
        pagination: { page: 1, perPage: GROUP_SUGGESTIONS },
        sort: { field: 'name', order: 'ASC' },
        meta: { facets: [] },
        signal,
      });
      return data.map((g) => ({ id: String(g.id), name: g.name }));
    };
    return diNetwork(dataProvider, SAVI_BACK, searchGroups);
  }, [dataProvider]);
}

/**
 * The route lets in whoever holds the network permission's view (domain/resources/savi.ts);
 * uploading, importing and exporting need its edit (the area's editNetwork), as on a customer's
 * network pages; until the answer is known they are disabled.
 */
function useCanEditNetwork(): boolean {
  return useCanAccess({ resource: saviResource.name, action: 'editNetwork' }).canAccess === true;
}

export function DiNetworkImportPage() {
  const variant = useDiNetwork();
  return <NetworkImportPage title="DI Network Import" variant={variant} canEdit={useCanEditNetwork()} />;
}

export function DiNetworkExportPage() {
  const variant = useDiNetwork();
  return <NetworkExportPage title="DI Network Export" variant={variant} canEdit={useCanEditNetwork()} />;
}
