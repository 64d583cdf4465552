import { useQuery } from '@tanstack/react-query';
import { useLiveTopic } from './useLiveTopic';

export interface LiveListState<T> {
  /** null until the first answer. */
  items: T[] | null;
  error: boolean;
  reload(): void;
}

export interface LiveListOptions<T> {
  /** The query's key: the owner and the list, e.g. ['customer', id, 'documents']. */
  key: readonly unknown[];
  /** Read only while true (the drawer is open). */
  active: boolean;
  /** The owner's live topic, or null where the owner has none. */
  topic: string | null;
  /** The op of the owner's live messages that says this list changed ('documents', 'users'). */
  op: string;
  load(signal: AbortSignal): Promise<T[]>;
}

/**
 * A list under one record (a customer's documents or users) while its drawer is open, as a
 * TanStack query: read with `load` (which gets the query's abort signal) when the drawer opens, a
 * newer read cancelling the one still under way, and read again whenever the owner's live topic
 * says that list changed or the stream had a gap ('resync').
 */
export function useLiveList<T>({ key, active, topic, op, load }: LiveListOptions<T>): LiveListState<T> {
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    enabled: active,
    // Every opening reads the list again; a failure shows at once (the drawer offers a retry).
    staleTime: 0,
    retry: false,
  });
  const reload = () => void query.refetch();

  useLiveTopic(active ? topic : null, (message) => {
    if (message.payload.op === op || message.payload.op === 'resync') reload();
  });

  return { items: query.data ?? null, error: query.isError, reload };
}
