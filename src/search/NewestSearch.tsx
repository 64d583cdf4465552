import { useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DataProviderContext, ListContextProvider, useListContext, type FilterPayload, type ListParams } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { PageSearches, type PageSearch } from './pageSearches';
import { useSearchChange } from './useSearchChange';

/** A filter for the list: a whole filter, or one computed from the newest filter. */
export type FilterUpdate = FilterPayload | ((current: FilterPayload) => FilterPayload);

/**
 * The list's context for the search's own widgets (react-admin's pager, search input and filter
 * list), whose setFilters and setPage change the newest search at once (useSearchChange) rather
 * than the rendered one after ListBase's debounce. setFilters also takes a function of the newest
 * filter, so a change made in the same moment as another keeps both.
 *
 * A change sends the page's searches (the list, with `listMeta`, and each facet's counts) at once,
 * before the page renders the new address: rendering the whole page first held them back.
 */
export function NewestSearch({ listMeta, children }: { listMeta?: unknown; children: ReactNode }) {
  const list = useListContext();
  const [searches] = useState(() => new Set<PageSearch>());
  // The provider itself: useDataProvider follows the address, and this renders with every search anyway.
  const dataProvider = useContext(DataProviderContext) as ConsoleDataProvider | null;
  const { resource, perPage, sort, filterValues, page } = list;
  // The list's own search, as ListBase will ask for it.
  const listSearch = useCallback<PageSearch>((next) => ({ pagination: { page: next.page, perPage }, sort, filter: next.filter, meta: listMeta }), [perPage, sort, listMeta]);
  const ahead = useCallback(
    (next: ListParams) => {
      const target = { filter: next.filter ?? {}, page: Number(next.page ?? 1) };
      const now = { filter: filterValues, page };
      // Only the searches the change alters: the others' answers are on screen already (a facet's counts on a new page).
      const changed = [listSearch, ...searches]
        .map((search) => [search(target), search(now)] as const)
        .filter(([after, before]) => JSON.stringify(after) !== JSON.stringify(before))
        .map(([after]) => after);
      if (changed.length) dataProvider?.searchAhead?.(resource, changed);
    },
    [dataProvider, resource, listSearch, searches, filterValues, page],
  );
  const change = useSearchChange(ahead);
  const setFilters = useCallback((filter: FilterUpdate) => change({ filter: typeof filter === 'function' ? (filter as (current: FilterPayload) => FilterPayload) : () => filter }), [change]);
  const setPage = useCallback((page: number) => change({ page }), [change]);
  const value = useMemo(() => ({ ...list, setFilters, setPage }), [list, setFilters, setPage]);
  return (
    <PageSearches.Provider value={searches}>
      <ListContextProvider value={value}>{children}</ListContextProvider>
    </PageSearches.Provider>
  );
}
