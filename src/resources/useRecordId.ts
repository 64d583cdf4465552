import { useResourceContext } from 'react-admin';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { RecordIdKeys } from './view';
import { viewOf } from '.';

export interface RecordIdResult {
  /** null when the page was opened without a record (an address typed by hand). */
  id: string | null;
  /** The further ids the declaration names (a supplier's group), for getOne's meta; all present when id is. */
  meta: Record<string, string>;
  /** The search (path + query) the record was opened from, to go back to. */
  searchUrl: string | undefined;
}

const NO_KEYS: RecordIdKeys = { state: 'id' };

/**
 * The record a show, edit or sub-page is about, whichever route opened it: react-admin's :id,
 * else the spec's navigation state, else the query string (a reload), with the keys the
 * entity's view declares (resources/<area>/index.ts).
 */
export function useRecordId(resource?: string): RecordIdResult {
  const name = useResourceContext({ resource });
  const keys = (name ? viewOf(name)?.recordId : undefined) ?? NO_KEYS;
  const state = (useLocation().state ?? null) as Record<string, unknown> | null;
  const [params] = useSearchParams();
  const route = useParams<{ id?: string }>().id;
  const read = (stateKey: string, queryKey: string): string | null => {
    const fromState = state?.[stateKey];
    return typeof fromState === 'string' && fromState ? fromState : params.get(queryKey);
  };
  const searchUrl = typeof state?.searchUrl === 'string' ? state.searchUrl : undefined;
  const id = route ?? read(keys.state, keys.query ?? 'id');
  const meta: Record<string, string> = {};
  for (const [key, where] of Object.entries(keys.meta ?? {})) {
    const value = read(where.state, where.query);
    if (!value) return { id: null, meta: {}, searchUrl };
    meta[key] = value;
  }
  return { id: id || null, meta, searchUrl };
}
