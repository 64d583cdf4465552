import { useCallback } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, type RaRecord } from 'react-admin';

export interface NetworkList<T> {
  rows: T[] | null;
  error: Error | null;
  loading: boolean;
  refetch(): void;
}

/**
 * A network list (networkImport, networkExport: domain/resources/network.ts) of a customer, or of
 * the DI network when `leaseId` is null, read with react-admin's getList filtered by its parent: a
 * newer read cancels an older one, and a refetch keeps the rows on screen instead of flashing the
 * loading state.
 */
export function useNetworkList<T extends RaRecord>(resource: string, leaseId: string | null): NetworkList<T> {
  const query = useGetList<T>(resource, { filter: { customerId: leaseId } }, { staleTime: 0, retry: false, placeholderData: keepPreviousData });
  const { refetch } = query;
  return {
    rows: query.data ?? null,
    error: query.error,
    loading: query.isPending,
    refetch: useCallback(() => void refetch({ cancelRefetch: true }), [refetch]),
  };
}
