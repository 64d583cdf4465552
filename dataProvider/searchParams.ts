import type { GetListParams } from 'react-admin';
import type { SearchDecl } from '../domain/resources/types';

/** Typesense search parameters for a react-admin list request. Pure, so it is unit-tested. */
export interface SearchParams {
  q: string;
  query_by: string;
  page: number;
  per_page: number;
  filter_by?: string;
  sort_by?: string;
  facet_by?: string;
  max_facet_values?: number;
}

/** Values go inside backticks, so commas, spaces and operators in them are taken literally. */
function literal(value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return `\`${String(value).replace(/`/g, '')}\``;
}

/**
 * Filters of a list: `q` is the free text; an array means any of these values; a {min,max} object
 * a numeric range; anything else an exact match. Empty values and empty arrays mean no filter.
 */
export function filterBy(filter: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (field === 'q' || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) parts.push(`${field}:=[${value.map(literal).join(',')}]`);
    } else if (typeof value === 'object') {
      const { min, max } = value as { min?: number; max?: number };
      if (min !== undefined && max !== undefined) parts.push(`${field}:[${min}..${max}]`);
      else if (min !== undefined) parts.push(`${field}:>=${min}`);
      else if (max !== undefined) parts.push(`${field}:<=${max}`);
    } else {
      parts.push(`${field}:=${literal(value)}`);
    }
  }
  return parts.length ? parts.join(' && ') : undefined;
}

export function searchParams(resource: SearchDecl, params: Partial<GetListParams>): SearchParams {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  const text = typeof filter.q === 'string' ? filter.q.trim() : '';
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 25;
  const sortField = params.sort?.field;
  const sort = sortField && sortField !== 'id' ? `${sortField}:${params.sort!.order === 'DESC' ? 'desc' : 'asc'}` : resource.defaultSort;
  const facets = (params.meta?.facets as string[] | undefined) ?? resource.facets;
  return {
    q: text || '*',
    query_by: resource.queryBy.join(','),
    page,
    per_page: perPage,
    ...(filterBy(filter) ? { filter_by: filterBy(filter) } : {}),
    ...(sort ? { sort_by: sort } : {}),
    ...(facets?.length ? { facet_by: facets.join(','), max_facet_values: 50 } : {}),
  };
}
