import { useCallback, useEffect, useRef, useState } from 'react';
import { topics } from '../../domain/live';
import { useLiveTopic } from '../../src/ui/useLiveTopic';

export interface CustomerListState<T> {
  /** null until the first answer. */
  items: T[] | null;
  error: boolean;
  reload(): void;
}

/**
 * One of a customer's lists (documents, users) while `active` (its drawer is open): read with
 * `load`, a newer read cancelling the one still under way, and read again whenever the customer's
 * live topic says that list changed (`op`, which also names the list in the console) or the stream
 * had a gap ('resync'). `load` must be a stable function (a module-level one).
 */
export function useCustomerList<T>(
  leaseCompanyId: string,
  active: boolean,
  op: string,
  load: (leaseCompanyId: string, signal: AbortSignal) => Promise<T[]>,
): CustomerListState<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState(false);
  const latest = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    load(leaseCompanyId, controller.signal).then(
      (list) => {
        if (latest.current !== controller) return;
        setItems(list);
        setError(false);
      },
      (err) => {
        if (latest.current !== controller || controller.signal.aborted) return;
        console.error(`${op} could not be loaded`, err);
        setError(true);
      },
    );
  }, [leaseCompanyId, load, op]);

  useEffect(() => {
    if (!active) return;
    reload();
    return () => {
      latest.current?.abort();
      latest.current = null;
    };
  }, [active, reload]);

  useLiveTopic(active ? topics.leaseCompany(leaseCompanyId) : null, (message) => {
    if (message.payload.op === op || message.payload.op === 'resync') reload();
  });

  return { items, error, reload };
}
