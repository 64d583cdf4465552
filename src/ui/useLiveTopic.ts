import { useContext, useEffect, useRef } from 'react';
import { DataProviderContext } from 'react-admin';
import type { LiveMessage } from '../../domain/live';

/** Calls `onMessage` for each change on `topic` (null: nothing to watch) while mounted. */
export function useLiveTopic(topic: string | null, onMessage: (message: LiveMessage) => void): void {
  // The provider itself: useDataProvider also follows the address (for its sign-out on 403), so
  // every card of a search would render again on each search.
  const dataProvider = useContext(DataProviderContext)!;
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => {
    if (!topic) return;
    const callback = (message: LiveMessage) => latest.current(message);
    dataProvider.subscribe(topic, callback);
    return () => {
      dataProvider.unsubscribe(topic, callback);
    };
  }, [dataProvider, topic]);
}
