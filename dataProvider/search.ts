import type { GetListParams, GetListResult } from 'react-admin';
import type { SearchDecl } from '../domain/resources/types';
import { searchParams, type SearchParams } from './searchParams';
import { SEARCH_TIMEOUT_MS } from '../domain/constants';
import { getSearchKey, heldSearchKey } from './searchKey';
import { serverBusyError } from '../api/client';

/** Facet counts as the search returns them, passed to screens in `meta.facets`. */
export interface FacetCount {
  field_name: string;
  counts: { value: string; count: number }[];
}

export interface SearchResponse {
  found: number;
  hits?: { document: Record<string, unknown> & { id: string } }[];
  facet_counts?: FacetCount[];
}

/** The collection search surface this module needs (the typesense Client provides it too). */
export interface SearchBackend {
  search(collection: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<SearchResponse>;
}

/** A failed search, with the status the endpoint answered (0: no answer), as the typesense client's errors carry it. */
export class SearchError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

/** One search of a multi_search request: its collection and parameters. */
export type MultiSearchItem = { collection: string } & Record<string, unknown>;
/** Each search's answer, in order: a response, or its own failure. */
export type MultiSearchResult = SearchResponse | { error: string; code: number };
/** Sends one multi_search request; `signal` aborts it when nobody waits for its answers any more. */
export type MultiSearchSend = (searches: MultiSearchItem[], signal: AbortSignal) => Promise<MultiSearchResult[]>;

/** The most searches one multi_search request carries (the endpoint's own limit: server/search/multiSearch.ts). */
export const MULTI_SEARCH_MAX = 50;

const aborted = (signal: AbortSignal) => signal.reason ?? new DOMException('The search was cancelled.', 'AbortError');

interface Waiting {
  item: MultiSearchItem;
  signal?: AbortSignal;
  resolve(response: SearchResponse): void;
  reject(error: unknown): void;
  settled: boolean;
  cancel?(): void;
}

/**
 * Runs `flush` once the promise callbacks already queued, and a few rounds of those they queue,
 * have run: the searches a render's effects start reach the backend a few callbacks apart, and all
 * of them before this. Unlike a timer it waits for no other task (a busy page would delay it).
 */
function afterPendingMicrotasks(flush: () => void, rounds = 4): void {
  queueMicrotask(() => (rounds > 1 ? afterPendingMicrotasks(flush, rounds - 1) : flush()));
}

/**
 * Searches batched: every search asked for in the same turn (a screen's list and its facet
 * counts, the counts of a dashboard's cards, rendered together) goes out as one multi_search
 * request at the end of that turn, and each caller gets its own answer. A caller's signal cancels its
 * own search; the request is aborted once no caller waits for it.
 */
export function batchingBackend(send: MultiSearchSend, schedule: (flush: () => void) => void = afterPendingMicrotasks): SearchBackend {
  let queue: Waiting[] = [];
  const flush = () => {
    const batch = queue.filter((w) => !w.settled);
    queue = [];
    for (let i = 0; i < batch.length; i += MULTI_SEARCH_MAX) void run(batch.slice(i, i + MULTI_SEARCH_MAX));
  };
  const run = async (batch: Waiting[]) => {
    const controller = new AbortController();
    const settle = (w: Waiting, outcome: () => void) => {
      if (w.settled) return;
      w.settled = true;
      outcome();
      if (batch.every((b) => b.settled)) controller.abort();
    };
    // From now on a caller's cancelling settles it here, and aborts the request with the last one.
    for (const w of batch) w.cancel = () => settle(w, () => w.reject(aborted(w.signal!)));
    try {
      const results = await send(
        batch.map((w) => w.item),
        controller.signal,
      );
      batch.forEach((w, i) => {
        const result = results[i];
        if (!result) settle(w, () => w.reject(new SearchError('The search answered without this search.', 500)));
        else if ('error' in result) settle(w, () => w.reject(new SearchError(result.error, result.code)));
        else settle(w, () => w.resolve(result));
      });
    } catch (error) {
      for (const w of batch) settle(w, () => w.reject(error));
    }
  };
  return {
    search(collection, params, signal) {
      if (signal?.aborted) return Promise.reject(aborted(signal));
      return new Promise<SearchResponse>((resolve, reject) => {
        if (queue.length === 0) schedule(flush);
        const waiting: Waiting = { item: { ...params, collection }, signal, resolve, reject, settled: false };
        // Cancelled while queued: left out of the request.
        waiting.cancel = () => {
          waiting.settled = true;
          reject(aborted(signal!));
        };
        signal?.addEventListener('abort', () => waiting.cancel?.(), { once: true });
        queue.push(waiting);
      });
    },
  };
}

const RETRY_PAUSE_MS = 100;

/**
 * One multi_search request to our own origin with the scoped search key, as the typesense client
 * sent searches: a time-out of SEARCH_TIMEOUT_MS, and one retry after a network failure or a 5xx.
 */
export async function sendMultiSearch(searches: MultiSearchItem[], signal: AbortSignal): Promise<MultiSearchResult[]> {
  // With a key at hand the request leaves before this returns (searchAhead counts on it).
  const key = heldSearchKey() ?? (await getSearchKey());
  for (let attempt = 1; ; attempt++) {
    const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
    let failure: SearchError;
    try {
      const response = await fetch('/api/v1/search/multi_search', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-typesense-api-key': key },
        credentials: 'same-origin',
        body: JSON.stringify({ searches }),
        signal: AbortSignal.any([signal, timeout]),
      });
      const body = (await response.json().catch(() => null)) as { results?: MultiSearchResult[]; message?: string } | null;
      if (response.ok && Array.isArray(body?.results)) return body.results;
      failure = new SearchError(body?.message ?? response.statusText, response.status);
    } catch (error) {
      if (signal.aborted) throw aborted(signal);
      failure = new SearchError(timeout.aborted ? 'The search did not answer in time.' : 'The search could not be reached.', 0);
    }
    if (attempt > 1 || (failure.httpStatus !== 0 && failure.httpStatus < 500)) throw failure;
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    if (signal.aborted) throw aborted(signal);
  }
}

/** The browser's searches: batched into multi_search requests to our own origin. */
const browser = batchingBackend(sendMultiSearch);
const browserBackend = async (): Promise<SearchBackend> => browser;

/**
 * Searches sent ahead of the screen that will ask for them, by what they ask (collection and
 * parameters), each taken once; forgotten after AHEAD_KEEP_MS if no screen asks.
 */
const ahead = new Map<string, Promise<SearchResponse>>();
const AHEAD_KEEP_MS = 5000;
const aheadKey = (collection: string, params: SearchParams) => JSON.stringify([collection, params]);
let flushAhead: (() => void) | undefined;
/** Sent when searchAhead says, not at the end of the turn: before the screen renders. */
const aheadBackend = batchingBackend(sendMultiSearch, (flush) => void (flushAhead = flush));

/**
 * Sends `lists` of a searched entity now, in one request, for the screen about to ask for them
 * (a card search at Enter: its next results and facet counts). The screen's own getList then
 * takes the answer already on its way instead of sending its request after rendering.
 */
export function searchAhead(def: SearchDecl, lists: Partial<GetListParams>[]): void {
  for (const list of lists) {
    const params = searchParams(def, list);
    const key = aheadKey(def.collection, params);
    if (ahead.has(key)) continue;
    const answer = aheadBackend.search(def.collection, { ...params });
    ahead.set(key, answer);
    const forget = () => void (ahead.get(key) === answer && ahead.delete(key));
    answer.catch(forget);
    setTimeout(forget, AHEAD_KEEP_MS);
  }
  const flush = flushAhead;
  flushAhead = undefined;
  flush?.();
}

/** The answer sent ahead for this search, once; a failed one is asked again by `search`. */
function takeAhead(collection: string, params: SearchParams, signal: AbortSignal | undefined, search: () => Promise<SearchResponse>): Promise<SearchResponse> | undefined {
  const key = aheadKey(collection, params);
  const answer = ahead.get(key);
  if (!answer) return undefined;
  ahead.delete(key);
  const taken = answer.catch(search);
  if (!signal) return taken;
  return new Promise<SearchResponse>((resolve, reject) => {
    if (signal.aborted) return reject(aborted(signal));
    signal.addEventListener('abort', () => reject(aborted(signal)), { once: true });
    taken.then(resolve, reject);
  });
}

/** dataProvider.getList of a searched entity (spec 1 §7: lists are searches). */
export async function searchList(
  def: SearchDecl,
  params: Partial<GetListParams>,
  backend: () => Promise<SearchBackend> = browserBackend,
): Promise<GetListResult> {
  const query = searchParams(def, params);
  const send = async () => (await backend()).search(def.collection, { ...query }, params.signal);
  const result = await (takeAhead(def.collection, query, params.signal, send) ?? send()).catch((err: unknown) => {
    // The search endpoint refused at once as overloaded (server/admission.ts), after the one retry.
    throw (err as { httpStatus?: number } | null)?.httpStatus === 503 ? serverBusyError() : err;
  });
  return {
    data: (result.hits ?? []).map((h) => h.document),
    total: result.found,
    meta: { facets: result.facet_counts ?? [] },
  };
}
