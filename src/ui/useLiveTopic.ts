import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { LiveMessage } from '../../domain/live';

/** Calls `onMessage` for each change on `topic` (null: nothing to watch) while mounted. */
export function useLiveTopic(topic: string | null, onMessage: (message: LiveMessage) => void): void {
  const dataProvider = useDataProvider();
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
