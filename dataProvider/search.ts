import type { GetListParams, GetListResult } from 'react-admin';
import type { SearchDecl } from '../domain/resources/types';
import { searchParams } from './searchParams';
import { SEARCH_TIMEOUT_MS } from '../domain/constants';
import { getSearchKey } from './searchKey';
import { serverBusyError } from './api';

/** Facet counts as the search returns them, passed to screens in `meta.facets`. */
export interface FacetCount {
  field_name: string;
  counts: { value: string; count: number }[];
}

interface SearchResponse {
  found: number;
  hits?: { document: Record<string, unknown> & { id: string } }[];
  facet_counts?: FacetCount[];
}

/** The collection search surface this module needs; the typesense Client provides it. */
export interface SearchBackend {
  search(collection: string, params: Record<string, unknown>): Promise<SearchResponse>;
}

/**
 * The typesense client against our own origin, loaded on first use so the shell stays small.
 * A new client is made when the scoped key changes (it is renewed when 2 s or less remain).
 */
let current: { key: string; backend: SearchBackend } | null = null;

async function browserBackend(): Promise<SearchBackend> {
  const key = await getSearchKey();
  if (current?.key === key) return current.backend;
  const { Client } = await import('typesense');
  const https = window.location.protocol === 'https:';
  const client = new Client({
    nodes: [{ host: window.location.hostname, port: Number(window.location.port || (https ? 443 : 80)), protocol: https ? 'https' : 'http', path: '/api/v1/search' }],
    apiKey: key,
    connectionTimeoutSeconds: SEARCH_TIMEOUT_MS / 1000,
    numRetries: 1,
    logLevel: 'silent',
  });
  const backend: SearchBackend = {
    search: (collection, params) => client.collections(collection).documents().search(params) as Promise<SearchResponse>,
  };
  current = { key, backend };
  return backend;
}

/** dataProvider.getList of a searched entity (spec 1 §7: lists are searches). */
export async function searchList(
  def: SearchDecl,
  params: Partial<GetListParams>,
  backend: () => Promise<SearchBackend> = browserBackend,
): Promise<GetListResult> {
  const search = await backend();
  const result = await search.search(def.collection, { ...searchParams(def, params) }).catch((err: unknown) => {
    // The search endpoint refused at once as overloaded (server/admission.ts), after the client's one retry.
    throw (err as { httpStatus?: number } | null)?.httpStatus === 503 ? serverBusyError() : err;
  });
  return {
    data: (result.hits ?? []).map((h) => h.document),
    total: result.found,
    meta: { facets: result.facet_counts ?? [] },
  };
}
