import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface NetworkList<T> {
  rows: T[] | null;
  error: Error | null;
  loading: boolean;
  refetch(): void;
}

/**
 * A list read with one call as a TanStack query (`key` names it): a newer read cancels an older
 * one through the query's abort signal, and a refetch keeps the rows on screen instead of
 * flashing the loading state.
 */
export function useNetworkList<T>(key: readonly unknown[], load: (signal: AbortSignal) => Promise<T[]>): NetworkList<T> {
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => load(signal), staleTime: 0, retry: false, placeholderData: keepPreviousData });
  const { refetch } = query;
  return {
    rows: query.data ?? null,
    error: query.error,
    loading: query.isPending,
    refetch: useCallback(() => void refetch({ cancelRefetch: true }), [refetch]),
  };
}
