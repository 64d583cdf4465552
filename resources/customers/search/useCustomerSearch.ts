import { useGetList, type RaRecord } from 'react-admin';
import type { Locale } from '../../../domain/common';
import type { FacetCount } from '../../../dataProvider/search';
import type { SearchState } from './searchState';
import { customerResource } from '../../../domain/resources/customer';

export const PAGE_SIZE = 25;

/** A hit of the leaseCompanyIndex collection, as the result cards read it. */
export interface CustomerHit extends RaRecord {
  name: string;
  addressNumber?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  county?: string | null;
  postCode?: string | null;
  locale?: Locale;
  status: string;
  customerType?: string | null;
  companyRegistrationNumber?: string | null;
  vatNumber?: string | null;
  diCustomerId?: string | null;
}

const keepPrevious = <T,>(previous: T) => previous;

/**
 * The result page for the search in the URL, and the status facet counts for the same text without
 * the status filter (so every status keeps its count while some are unticked).
 */
export function useCustomerSearch(state: SearchState) {
  const none = state.statuses !== null && state.statuses.length === 0;
  const results = useGetList<CustomerHit>(
    customerResource.name,
    {
      pagination: { page: state.page, perPage: PAGE_SIZE },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: state.q, ...(state.statuses ? { status: state.statuses } : {}) },
      meta: { facets: [] },
    },
    { enabled: !none, placeholderData: keepPrevious },
  );
  const facets = useGetList(customerResource.name, { pagination: { page: 1, perPage: 1 }, filter: { q: state.q }, meta: { facets: ['status'] } }, { placeholderData: keepPrevious });
  const statusFacet = (facets.meta?.facets as FacetCount[] | undefined)?.find((f) => f.field_name === 'status');
  const counts: Record<string, number> = {};
  for (const c of statusFacet?.counts ?? []) counts[c.value] = c.count;
  return {
    hits: none ? [] : (results.data ?? []),
    total: none ? 0 : (results.total ?? 0),
    counts,
    isPending: !none && results.isPending,
    isFetching: results.isFetching || facets.isFetching,
    error: results.error ?? facets.error,
  };
}
