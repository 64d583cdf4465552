import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { batchingBackend, MULTI_SEARCH_MAX, searchAhead, searchList, SearchError, sendMultiSearch, type MultiSearchItem, type MultiSearchResult } from '../../dataProvider/search';
import { clearSearchKey, getSearchKey } from '../../dataProvider/searchKey';
import { MESSAGES } from '../../domain/messages';

const answer = (found: number) => ({ found, hits: [], facet_counts: [] });

/** A multi_search that answers each search with `found` = its per_page, recording every request. */
function recordingSend(answerOf: (item: MultiSearchItem) => MultiSearchResult = (item) => answer(Number(item.per_page))) {
  const requests: { searches: MultiSearchItem[]; signal: AbortSignal }[] = [];
  const send = vi.fn(async (searches: MultiSearchItem[], signal: AbortSignal) => {
    requests.push({ searches, signal });
    return searches.map(answerOf);
  });
  return { send, requests };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  clearSearchKey();
});

describe('batched searches', () => {
  it('sends the searches asked for in the same task as one multi_search, and answers each its own', async () => {
    const { send, requests } = recordingSend();
    const backend = batchingBackend(send);
    const [list, facets] = await Promise.all([backend.search('suppliers', { q: 'auto', per_page: 25 }), backend.search('suppliers', { q: 'auto', per_page: 1, facet_by: 'status' })]);
    expect(requests).toHaveLength(1);
    expect(requests[0].searches).toEqual([
      { collection: 'suppliers', q: 'auto', per_page: 25 },
      { collection: 'suppliers', q: 'auto', per_page: 1, facet_by: 'status' },
    ]);
    expect(list.found).toBe(25);
    expect(facets.found).toBe(1);
  });

  it("batches searches that reach it a few promise callbacks apart, as a render's queries do", async () => {
    const { send, requests } = recordingSend();
    const backend = batchingBackend(send);
    const later = async (hops: number, perPage: number) => {
      for (let i = 0; i < hops; i++) await Promise.resolve();
      return backend.search('suppliers', { per_page: perPage });
    };
    await Promise.all([later(0, 25), later(2, 1)]);
    expect(requests.map((r) => r.searches.length)).toEqual([2]);
  });

  it('sends searches of different tasks apart', async () => {
    const { send, requests } = recordingSend();
    const backend = batchingBackend(send);
    await backend.search('suppliers', { per_page: 1 });
    await tick();
    await backend.search('groups', { per_page: 2 });
    expect(requests.map((r) => r.searches.map((s) => s.collection))).toEqual([['suppliers'], ['groups']]);
  });

  it('splits a batch beyond what one request may carry', async () => {
    const { send, requests } = recordingSend();
    const backend = batchingBackend(send);
    const all = await Promise.all(Array.from({ length: MULTI_SEARCH_MAX + 3 }, (_, i) => backend.search('suppliers', { per_page: i + 1 })));
    expect(requests.map((r) => r.searches.length)).toEqual([MULTI_SEARCH_MAX, 3]);
    expect(all.map((r) => r.found)).toEqual(Array.from({ length: MULTI_SEARCH_MAX + 3 }, (_, i) => i + 1));
  });

  it("fails only the search whose answer is an error, with that search's status", async () => {
    const { send } = recordingSend((item) => (item.collection === 'nothing' ? { error: 'Not found.', code: 404 } : answer(3)));
    const backend = batchingBackend(send);
    const [ok, failed] = await Promise.allSettled([backend.search('suppliers', {}), backend.search('nothing', {})]);
    expect(ok).toEqual({ status: 'fulfilled', value: answer(3) });
    expect(failed.status).toBe('rejected');
    expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(SearchError);
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ message: 'Not found.', httpStatus: 404 });
  });

  it('fails every search of a request that fails', async () => {
    const backend = batchingBackend(async () => {
      throw new SearchError('Forbidden', 401);
    });
    const results = await Promise.allSettled([backend.search('a', {}), backend.search('b', {})]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it("cancels one caller's search without the others', and the request once nobody waits", async () => {
    let release: (results: MultiSearchResult[]) => void = () => undefined;
    let requestSignal: AbortSignal | undefined;
    const backend = batchingBackend((_searches, signal) => {
      requestSignal = signal;
      return new Promise((resolve) => (release = resolve));
    });
    const first = new AbortController();
    const second = new AbortController();
    const a = backend.search('a', {}, first.signal);
    const b = backend.search('b', {}, second.signal);
    await tick();
    first.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(requestSignal?.aborted).toBe(false);
    second.abort();
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    expect(requestSignal?.aborted).toBe(true);
    release([answer(1), answer(2)]);
  });

  it('leaves out a search cancelled before its request goes', async () => {
    const { send, requests } = recordingSend();
    const backend = batchingBackend(send);
    const cancelled = new AbortController();
    const gone = backend.search('a', {}, cancelled.signal);
    const kept = backend.search('b', { per_page: 4 });
    cancelled.abort();
    await expect(gone).rejects.toMatchObject({ name: 'AbortError' });
    expect((await kept).found).toBe(4);
    expect(requests[0].searches.map((s) => s.collection)).toEqual(['b']);
  });
});

describe('the multi_search request', () => {
  /** fetch answering the search key, then `searches` in turn for each multi_search. */
  function server(...searches: (() => Response)[]) {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        if (url.includes('session/getSessionToken')) return Response.json({ key: 'scoped-key', expiresAt: Date.now() / 1000 + 3600 });
        const next = searches.shift();
        if (!next) throw new Error('no more answers');
        return next();
      }),
    );
    return calls;
  }

  it('posts the searches with the scoped key and returns their results', async () => {
    const calls = server(() => Response.json({ results: [answer(7)] }));
    const results = await sendMultiSearch([{ collection: 'suppliers', q: 'auto' }], new AbortController().signal);
    expect(results).toEqual([answer(7)]);
    const request = calls.find((c) => c.url.endsWith('/search/multi_search'))!;
    expect(request.url).toBe('/api/v1/search/multi_search');
    expect(request.init.method).toBe('POST');
    expect((request.init.headers as Record<string, string>)['x-typesense-api-key']).toBe('scoped-key');
    expect(JSON.parse(String(request.init.body))).toEqual({ searches: [{ collection: 'suppliers', q: 'auto' }] });
  });

  it('tries once more after a 5xx, and says busy when the endpoint is still overloaded', async () => {
    const busy = () => Response.json({ message: 'busy' }, { status: 503 });
    const calls = server(busy, busy);
    const def = { collection: 'suppliers', queryBy: ['name'], guards: [] };
    const error = await searchList(def, { filter: {} }, async () => batchingBackend(sendMultiSearch)).catch((e: unknown) => e);
    expect(calls.filter((c) => c.url.endsWith('/multi_search'))).toHaveLength(2);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(MESSAGES.serverBusy);
  });

  it('does not try again after a 4xx', async () => {
    const calls = server(() => Response.json({ message: 'Forbidden' }, { status: 401 }));
    await expect(sendMultiSearch([{ collection: 'suppliers' }], new AbortController().signal)).rejects.toMatchObject({ httpStatus: 401, message: 'Forbidden' });
    expect(calls.filter((c) => c.url.endsWith('/multi_search'))).toHaveLength(1);
  });

  it('sends searches ahead at once with a key at hand, and the screen takes their answers without a request of its own', async () => {
    const calls = server(() => Response.json({ results: [answer(25), answer(1)] }));
    await getSearchKey();
    const def = { collection: 'suppliers', queryBy: ['name'], guards: [], facets: ['status'] };
    const list = { pagination: { page: 1, perPage: 25 }, filter: { q: 'auto' }, meta: { facets: [] } };
    const counts = { pagination: { page: 1, perPage: 1 }, filter: { q: 'auto' }, meta: { facets: ['status'] } };
    searchAhead(def, [list, counts]);
    // Sent before anything else runs: no await in between.
    expect(calls.filter((c) => c.url.endsWith('/multi_search'))).toHaveLength(1);
    const [rows, facets] = await Promise.all([searchList(def, { ...list, sort: { field: 'id', order: 'ASC' } }), searchList(def, { ...counts, sort: { field: 'id', order: 'DESC' } })]);
    expect(rows.total).toBe(25);
    expect(facets.total).toBe(1);
    expect(calls.filter((c) => c.url.endsWith('/multi_search'))).toHaveLength(1);
  });
});
