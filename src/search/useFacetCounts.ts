import { useGetList, useListContext } from 'react-admin';
import type { FacetCount } from '../../dataProvider/search';

const keepPrevious = <T,>(previous: T) => previous;

/**
 * The counts of one facet for the list's text without that facet's own filter, so every value
 * keeps its count while some are unticked (Typesense counts after filter_by).
 */
export function useFacetCounts(field: string): Record<string, number> {
  const { resource, filterValues } = useListContext();
  const { [field]: _own, ...others } = filterValues;
  const { meta } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter: others, meta: { facets: [field] } }, { placeholderData: keepPrevious });
  const counts: Record<string, number> = {};
  for (const c of (meta?.facets as FacetCount[] | undefined)?.find((f) => f.field_name === field)?.counts ?? []) counts[c.value] = c.count;
  return counts;
}
