import { useCallback } from 'react';
import { parseQueryFromLocation, queryReducer, removeEmpty, SET_FILTER, SET_PAGE, type FilterPayload, type ListParams } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';

/** One change to a card search: its filter, computed from the newest filter, or its page. */
export type SearchChange = { filter(current: FilterPayload): FilterPayload } | { page: number };

/**
 * The address a change has asked for and the router has not yet put in the window's address. The
 * address is one per window, and so is this.
 */
let pending: { pathname: string; search: string } | null = null;

/** The search part of the address as it is now, pending changes included. */
function newestSearch(pathname: string): string {
  return pending?.pathname === pathname ? pending.search : window.location.search;
}

/** react-admin's list query as an address (?filter={…}&page=…), the format parseQueryFromLocation reads. */
function toSearch(query: Partial<ListParams>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return `?${params}`;
}

/**
 * Changes a card search's text, facets or page on top of the newest search, not the rendered one.
 *
 * react-admin's setFilters and setPage start from the query of the render that holds them. The
 * router commits an address change in a transition, so for a moment after Enter the address holds
 * the new text while the rendered list, and so a facet's setFilters, still holds the old one; and
 * two changes in one tick each start from the same render. Either way a status tick right after a
 * search replaced the filter with one read before the text, and the text was dropped. Here each
 * change is react-admin's own queryReducer applied to the address as it is now (pending changes
 * included), and a filter change is a function of the newest filter. `ahead` is told the new query
 * before the page renders it.
 */
export function useSearchChange(ahead?: (next: ListParams) => void): (change: SearchChange) => void {
  const navigate = useNavigate();
  // The list's own path and its navigation state (a group's name on Supplier Search) are kept.
  const { pathname, state } = useLocation();
  return useCallback(
    (change: SearchChange) => {
      const current = parseQueryFromLocation({ search: newestSearch(pathname) }) as ListParams;
      const next =
        'filter' in change
          ? queryReducer(current, { type: SET_FILTER, payload: { filter: removeEmpty(change.filter(current.filter ?? {})) } })
          : queryReducer(current, { type: SET_PAGE, payload: change.page });
      ahead?.(next);
      const search = toSearch(next);
      const asked = { pathname, search };
      pending = asked;
      // Rendered at once rather than in a transition: the list's search leaves with that render's
      // effects, not after the scheduler's later turns.
      void Promise.resolve(navigate({ pathname, search }, { state, flushSync: true })).finally(() => {
        // The router has put it (or a later change) in the address.
        if (pending === asked) pending = null;
      });
    },
    [navigate, pathname, state, ahead],
  );
}
