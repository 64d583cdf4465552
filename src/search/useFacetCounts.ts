import { useCallback } from 'react';
import { useGetList, useListContext, type FilterPayload, type GetListParams } from 'react-admin';
import type { FacetCount } from '../../dataProvider/search';
import { usePageSearch } from './pageSearches';

const keepPrevious = <T,>(previous: T) => previous;

/** The counts search of facet `field`: the list's filter without the facet's own. */
function facetSearch(field: string, filter: FilterPayload): Partial<GetListParams> {
  const { [field]: _own, ...others } = filter;
  return { pagination: { page: 1, perPage: 1 }, filter: others, meta: { facets: [field] } };
}

/**
 * The counts of one facet for the list's text without that facet's own filter, so every value
 * keeps its count while some are unticked (Typesense counts after filter_by).
 */
export function useFacetCounts(field: string): Record<string, number> {
  const { resource, filterValues } = useListContext();
  usePageSearch(useCallback((next) => facetSearch(field, next.filter), [field]));
  const { meta } = useGetList(resource, facetSearch(field, filterValues), { placeholderData: keepPrevious });
  const counts: Record<string, number> = {};
  for (const c of (meta?.facets as FacetCount[] | undefined)?.find((f) => f.field_name === field)?.counts ?? []) counts[c.value] = c.count;
  return counts;
}
