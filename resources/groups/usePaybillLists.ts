import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { groupResource } from '../../domain/resources/group';
import { useLiveTopic } from '../../src/ui/useLiveTopic';

/**
 * The paybill configuration's two lists of a group: its linked customers of the direct-paybill
 * rate card types, and those on 'Direct'. Read again on any change to the group (a paybill save,
 * an unlink), from this console or another.
 */
export function usePaybillLists(accountId: string, active = true) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const query = useQuery({
    queryKey: ['group', accountId, 'paybill'],
    queryFn: ({ signal }) => dataProvider.paybillLists(accountId, signal),
    enabled: active,
    staleTime: 0,
    retry: false,
  });
  useLiveTopic(active ? groupResource.live!(accountId) : null, () => void query.refetch());
  return query;
}
