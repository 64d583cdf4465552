import { useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { failureText } from '../../api/client';

/**
 * The search at the top of a support drawer: what the last search found (null before one, or
 * after a failure), its refusal (the spec's not-found message, or `notFound` where the server gave
 * none), busy while it runs. `again` repeats the last search after an action changed what it finds;
 * `show` puts what an action answered (a saved record) in place of what was found.
 */
export function useToolSearch<Q, R>(find: (dataProvider: ConsoleDataProvider, query: Q) => Promise<R>, notFound: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [found, setFound] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const last = useRef<{ query: Q } | null>(null);
  const search = async (query: Q) => {
    last.current = { query };
    setBusy(true);
    setError(null);
    try {
      setFound(await find(dataProvider, query));
    } catch (err) {
      setFound(null);
      setError(failureText(err, notFound));
    } finally {
      setBusy(false);
    }
  };
  const again = () => {
    if (last.current) void search(last.current.query);
  };
  return { found, error, busy, search, again, show: setFound, clear: () => setFound(null), clearError: () => setError(null) };
}
