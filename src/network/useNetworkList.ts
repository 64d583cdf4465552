import { useCallback, useEffect, useRef, useState } from 'react';

export interface NetworkList<T> {
  rows: T[] | null;
  error: Error | null;
  loading: boolean;
  refetch(): void;
}

/**
 * A list read with one call, kept fresh by refetch(): the newest call wins, older answers are
 * dropped, and a refetch keeps the rows on screen instead of flashing the loading state.
 */
export function useNetworkList<T>(load: ((signal: AbortSignal) => Promise<T[]>) | null): NetworkList<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const enabled = load !== null;

  useEffect(() => {
    const run = loadRef.current;
    if (!run) return;
    const controller = new AbortController();
    run(controller.signal).then(
      (next) => {
        if (controller.signal.aborted) return;
        setRows(next);
        setError(null);
      },
      (err: Error) => {
        if (controller.signal.aborted) return;
        setError(err);
      },
    );
    return () => controller.abort();
  }, [tick, enabled]);

  const refetch = useCallback(() => setTick((t) => t + 1), []);
  return { rows, error, loading: enabled && rows === null && error === null, refetch };
}
