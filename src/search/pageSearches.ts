import { createContext, useContext, useEffect } from 'react';
import type { FilterPayload, GetListParams } from 'react-admin';

/** Where a card search is going: the filter and page a change asks for. */
export interface NextSearch {
  filter: FilterPayload;
  page: number;
}

/** One search a card search's page runs (its list, a facet's counts): its getList params for the next search. */
export type PageSearch = (next: NextSearch) => Partial<GetListParams>;

/**
 * The searches of a card search's page, each registered by the widget that runs it, so that a
 * change can send them all ahead of the page's render (NewestSearch).
 */
export const PageSearches = createContext<Set<PageSearch> | null>(null);

/** Registers `search` (a stable function) with the page while mounted. */
export function usePageSearch(search: PageSearch): void {
  const searches = useContext(PageSearches);
  useEffect(() => {
    if (!searches) return;
    searches.add(search);
    return () => void searches.delete(search);
  }, [searches, search]);
}
