import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CUSTOMER_STATUSES } from '../../../domain/customers';

/**
 * The customer search lives in the URL (?q=…&status=…&page=…), so back/forward, reload and the
 * dashboard's View All all land on the same search. No `status` parameter means every status;
 * `status=` (empty) means none was left ticked.
 */
export interface SearchState {
  q: string;
  /** Ticked statuses; null when the facet is not narrowed (all ticked). */
  statuses: string[] | null;
  page: number;
}

export function parseSearch(params: URLSearchParams): SearchState {
  const raw = params.get('status');
  const statuses = raw === null ? null : raw.split(',').filter(Boolean);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { q: params.get('q') ?? '', statuses, page };
}

export function searchQuery(state: SearchState): string {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  const all = state.statuses && CUSTOMER_STATUSES.every((s) => state.statuses!.includes(s));
  if (state.statuses && !all) p.set('status', state.statuses.join(','));
  if (state.page > 1) p.set('page', String(state.page));
  return p.toString();
}

/** The query string of a search narrowed to these statuses (dashboard View All). */
export const statusQuery = (statuses: string[]) => searchQuery({ q: '', statuses, page: 1 });

export function useSearchState(): [SearchState, (next: Partial<SearchState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearch(params), [params]);
  const update = useCallback(
    (next: Partial<SearchState>) => {
      // A new text or facet choice starts again at page 1.
      const page = next.page ?? (next.q !== undefined || next.statuses !== undefined ? 1 : state.page);
      setParams(searchQuery({ ...state, ...next, page }));
    },
    [state, setParams],
  );
  return [state, update];
}
