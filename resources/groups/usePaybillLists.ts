import { useMemo } from 'react';
import { useGetManyReference } from 'react-admin';
import { DIRECT_PAYBILL_RATE_CARD_TYPES } from '../../domain/customers/enums';
import type { GroupLeaseCompany } from '../../domain/groups';
import { groupResource } from '../../domain/resources/group';
import { groupDirectPaybillCustomerResource as directResource, groupPaybillCustomerResource as eligibleResource } from '../../domain/resources/groupPaybill';
import { useLiveTopic } from '../../src/ui/useLiveTopic';

type Company = GroupLeaseCompany & { id: string };

/**
 * The paybill configuration's two lists of a group: its linked customers of the direct-paybill
 * rate card types, and those on 'Direct', each a sub-collection of the group. Read again on any
 * change to the group (a paybill save, an unlink), from this console or another.
 */
export function usePaybillLists(accountId: string, active = true) {
  const options = { enabled: active, staleTime: 0, retry: false };
  const eligible = useGetManyReference<Company>(
    eligibleResource.name,
    { target: eligibleResource.parent.target, id: accountId, filter: { rateCardTypes: DIRECT_PAYBILL_RATE_CARD_TYPES } },
    options,
  );
  const direct = useGetManyReference<Company>(directResource.name, { target: directResource.parent.target, id: accountId }, options);
  useLiveTopic(active ? groupResource.live!(accountId) : null, () => {
    void eligible.refetch();
    void direct.refetch();
  });
  // One value while both reads stand, so the drawer starts again from what is saved only on a new read.
  const data = useMemo(() => (eligible.data && direct.data ? { eligible: eligible.data, direct: direct.data } : undefined), [eligible.data, direct.data]);
  return { data, error: eligible.error ?? direct.error, isPending: eligible.isPending || direct.isPending };
}
