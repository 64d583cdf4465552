import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { LeaseAccount } from '../../domain/network';
import { groupResource } from '../../domain/resources/group';
import { useCan } from '../../src/layout/useSession';
import { NetworkExportPage } from '../../src/network/NetworkExportPage';
import { NetworkImportPage } from '../../src/network/NetworkImportPage';
import { NETWORK_PERMISSION } from '../../src/network/paths';
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
 * uploading, importing and exporting need its edit, as on a customer's network pages.
 */
export function DiNetworkImportPage() {
  const variant = useDiNetwork();
  const can = useCan();
  return <NetworkImportPage title="DI Network Import" variant={variant} canEdit={can(NETWORK_PERMISSION, 'edit')} />;
}

export function DiNetworkExportPage() {
  const variant = useDiNetwork();
  const can = useCan();
  return <NetworkExportPage title="DI Network Export" variant={variant} canEdit={can(NETWORK_PERMISSION, 'edit')} />;
}
