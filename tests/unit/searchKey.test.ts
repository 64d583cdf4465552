import { afterEach, describe, expect, it, vi } from 'vitest';
import { onServerFailure } from '../../api/client';
import { clearSearchKey, getSearchKey } from '../../dataProvider/searchKey';
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
});
