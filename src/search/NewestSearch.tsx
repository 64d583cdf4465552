import { useCallback, useMemo, type ReactNode } from 'react';
import { ListContextProvider, useListContext, type FilterPayload } from 'react-admin';
import { useSearchChange } from './useSearchChange';

/** A filter for the list: a whole filter, or one computed from the newest filter. */
export type FilterUpdate = FilterPayload | ((current: FilterPayload) => FilterPayload);

/**
 * The list's context for the search's own widgets (react-admin's pager, search input and filter
 * list), whose setFilters and setPage change the newest search at once (useSearchChange) rather
 * than the rendered one after ListBase's debounce. setFilters also takes a function of the newest
 * filter, so a change made in the same moment as another keeps both.
 */
export function NewestSearch({ children }: { children: ReactNode }) {
  const list = useListContext();
  const change = useSearchChange();
  const setFilters = useCallback((filter: FilterUpdate) => change({ filter: typeof filter === 'function' ? (filter as (current: FilterPayload) => FilterPayload) : () => filter }), [change]);
  const setPage = useCallback((page: number) => change({ page }), [change]);
  const value = useMemo(() => ({ ...list, setFilters, setPage }), [list, setFilters, setPage]);
  return <ListContextProvider value={value}>{children}</ListContextProvider>;
}
