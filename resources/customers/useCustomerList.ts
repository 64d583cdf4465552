import { useQuery } from '@tanstack/react-query';
import { topics } from '../../domain/live';
import { useLiveTopic } from '../../src/ui/useLiveTopic';

export interface CustomerListState<T> {
  /** null until the first answer. */
  items: T[] | null;
  error: boolean;
  reload(): void;
}

/**
 * One of a customer's lists (documents, users) while `active` (its drawer is open), as a TanStack
 * query: read with `load` (which gets the query's abort signal) when the drawer opens, a newer read
 * cancelling the one still under way, and read again whenever the customer's live topic says that
 * list changed (`op`, which also names the list in the console) or the stream had a gap ('resync').
 */
export function useCustomerList<T>(
  leaseCompanyId: string,
  active: boolean,
  op: string,
  load: (leaseCompanyId: string, signal: AbortSignal) => Promise<T[]>,
): CustomerListState<T> {
  const query = useQuery({
    queryKey: ['customer', leaseCompanyId, op],
    queryFn: ({ signal }) => load(leaseCompanyId, signal),
    enabled: active,
    // Every opening reads the list again; a failure shows at once (the drawer offers a retry).
    staleTime: 0,
    retry: false,
  });
  const reload = () => void query.refetch();

  useLiveTopic(active ? topics.leaseCompany(leaseCompanyId) : null, (message) => {
    if (message.payload.op === op || message.payload.op === 'resync') reload();
  });

  return { items: query.data ?? null, error: query.isError, reload };
}
