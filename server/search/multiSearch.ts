import type { Services } from '../services';
import { getCollection } from './collections';
import { applyEmbedded, mergeParams, paramString } from './embedded';
import type { SearchEngine } from './engine';
import { errors, TypesenseError } from './errors';
import { authenticate, type EmbeddedParams } from './keys';
import type { RawParams } from './types';

/**
 * Searches one request may carry. Typesense lets the caller raise its default of 50 by a query
 * parameter; here the caller (or its key) may only lower it, so one request's work stays bounded.
 */
export const MAX_MULTI_SEARCHES = 50;
const KEY_PARAM = 'x-typesense-api-key';

/**
 * POST /multi_search (reference §6): every search is authorised before any runs (one failure is a
 * 401 for the whole request); each result is a full search response or `{error, code}` in place.
 * Returns the response's JSON text.
 */
export async function multiSearch(
  services: Services,
  engine: SearchEngine,
  common: RawParams,
  headerKey: string | undefined,
  body: unknown,
): Promise<string> {
  let parsed: unknown;
  try {
    parsed = typeof body === 'string' ? JSON.parse(body) : body;
  } catch {
    throw errors.badJson();
  }
  if (parsed === undefined || parsed === null || typeof parsed !== 'object') throw errors.badJson();
  const { searches, union } = parsed as { searches?: unknown; union?: unknown };
  if (!Array.isArray(searches)) throw errors.missingSearches();
  if (searches.some((s) => !s || typeof s !== 'object' || Array.isArray(s))) throw errors.searchesNotObjects();
  if (union === true) throw errors.unionUnsupported();
  const items = searches as Record<string, unknown>[];
  if (items.length > MAX_MULTI_SEARCHES) throw errors.tooManySearches();
  if (items.some((s) => Object.values(s).some((v) => paramString(v) === null))) throw errors.malformedSearchParams();

  const requestKey = headerKey ?? common[KEY_PARAM];
  const verified = new Map<string, Promise<EmbeddedParams>>();
  const auth = (key: string | undefined, collection: string) => {
    const id = `${collection}\u0000${key ?? ''}`;
    if (!verified.has(id)) verified.set(id, authenticate(services, key, collection));
    return verified.get(id)!;
  };
  const plans = items.map((item) => {
    const key = typeof item[KEY_PARAM] === 'string' ? (item[KEY_PARAM] as string) : requestKey;
    const collection = paramString(item.collection) ?? common.collection ?? '';
    return { item, key, collection };
  });
  const embedded = await Promise.all(plans.map((s) => auth(s.key, s.collection)));

  // The limit may come from the query string or the request's key; the key wins.
  const fromKey = requestKey ? (await auth(requestKey, plans[0]?.collection ?? '').catch(() => ({}) as EmbeddedParams)).limit_multi_searches : undefined;
  const limitText = paramString(fromKey) ?? common.limit_multi_searches;
  const limit = limitText !== undefined && /^\d+$/.test(limitText) ? Math.min(Number(limitText), MAX_MULTI_SEARCHES) : MAX_MULTI_SEARCHES;
  if (items.length > limit) throw errors.tooManySearches();

  const results = await Promise.all(
    plans.map(async (s, i) => {
      try {
        const c = getCollection(s.collection);
        if (!c) throw errors.collectionNotFound();
        const params = applyEmbedded(mergeParams(common, s.item, false, errors.malformedSearchParams), embedded[i]);
        return await engine.searchJson(c, params);
      } catch (err) {
        // A timeout fails the whole request, as Typesense does with its 408 (reference §6.3).
        if (err instanceof TypesenseError && err.status !== 408) return JSON.stringify({ error: err.message, code: err.status });
        throw err;
      }
    }),
  );
  // Each result is already JSON text; joined rather than parsed and serialised again.
  return `{"results":[${results.join(',')}]}`;
}
