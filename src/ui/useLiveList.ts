import { useGetManyReference, type RaRecord } from 'react-admin';
import { useLiveTopic } from './useLiveTopic';

export interface LiveListState<T> {
  /** null until the first answer. */
  items: T[] | null;
  error: boolean;
  reload(): void;
}

export interface LiveListOptions {
  /** The sub-collection's declared resource, e.g. 'customerUser' (domain/resources). */
  resource: string;
  /** The field naming the parent ('customerId') and the parent's id. */
  target: string;
  id: string;
  /** Read only while true (the drawer is open). */
  active: boolean;
  /** The owner's live topic, or null where the owner has none. */
  topic: string | null;
  /** The op of the owner's live messages that says this list changed ('documents', 'users'). */
  op: string;
}

/**
 * A sub-collection under one record (a customer's documents or users) while its drawer is open,
 * read with react-admin's getManyReference when the drawer opens, and read again whenever the
 * owner's live topic says that list changed or the stream had a gap ('resync').
 */
export function useLiveList<T extends RaRecord>({ resource, target, id, active, topic, op }: LiveListOptions): LiveListState<T> {
  const query = useGetManyReference<T>(
    resource,
    { target, id },
    // Every opening reads the list again; a failure shows at once (the drawer offers a retry).
    { enabled: active, staleTime: 0, retry: false },
  );
  const reload = () => void query.refetch();

  useLiveTopic(active ? topic : null, (message) => {
    if (message.payload.op === op || message.payload.op === 'resync') reload();
  });

  return { items: query.data ?? null, error: query.isError, reload };
}
