import { afterEach, describe, expect, it, vi } from 'vitest';
import { onServerFailure, onUnauthorized } from '../../api/client';
import { clearSearchKey, fetchSearchKeyEarly, getSearchKey } from '../../dataProvider/searchKey';
import { SEARCH_TIMEOUT_MS } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';

/** A server that never answers: the request ends only when its signal aborts, with the signal's reason. */
const silentServer = vi.fn(
  (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
    }),
);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSearchKey();
});

describe('the search key', () => {
  it('fails as a network failure when the server does not answer in time, and is asked again on the next search', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', silentServer);
    const banner = vi.fn();
    const stop = onServerFailure(banner);
    const pending = getSearchKey().then(
      () => expect.unreachable(),
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(SEARCH_TIMEOUT_MS - 1);
    expect(banner).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = (await pending) as Error & { status: number };
    expect(err.message).toBe(MESSAGES.apiError);
    expect(err.status).toBe(0);
    expect(banner).toHaveBeenCalledTimes(1);
    stop();

    const key = { key: 'scoped', expiresAt: Math.floor(Date.now() / 1000) + 300 };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(key), { status: 200 }));
    expect(await getSearchKey()).toBe('scoped');
  });

  it('asked for early, is used by the first search; refused early (signed out), raises nothing and is asked again', async () => {
    const key = { key: 'early', expiresAt: Math.floor(Date.now() / 1000) + 300 };
    const answers = [Response.json(key)];
    const fetch = vi.fn(async () => answers.shift() ?? Response.json({ key: 'later', expiresAt: key.expiresAt }));
    vi.stubGlobal('fetch', fetch);
    fetchSearchKeyEarly();
    expect(await getSearchKey()).toBe('early');
    expect(fetch).toHaveBeenCalledTimes(1);

    clearSearchKey();
    answers.push(Response.json({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, { status: 401 }));
    const banner = vi.fn();
    const ended = vi.fn();
    const stops = [onServerFailure(banner), onUnauthorized(ended)];
    fetchSearchKeyEarly();
    expect(await getSearchKey()).toBe('later');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(banner).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });
});
