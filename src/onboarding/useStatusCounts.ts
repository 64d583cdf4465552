import { useGetList } from 'react-admin';
import type { FacetCount } from '../../dataProvider/search';

export interface StatusCounts {
  counts: Record<string, number>;
  isPending: boolean;
  error: unknown;
}

/** Counts per status of a search collection, from its status facet (spec 1 §7: dashboard counts). */
export function useStatusCounts(resource: string): StatusCounts {
  // One hit is enough: only the facet counts are read.
  const { meta, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter: {}, meta: { facets: ['status'] } });
  const facet = (meta?.facets as FacetCount[] | undefined)?.find((f) => f.field_name === 'status');
  const counts: Record<string, number> = {};
  for (const c of facet?.counts ?? []) counts[c.value] = c.count;
  return { counts, isPending, error };
}
