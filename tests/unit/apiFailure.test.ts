import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, failureText, onServerBusy, onServerFailure } from '../../api/client';
import { BILLING_UNAVAILABLE, MESSAGES } from '../../domain/messages';

/** callApi's answer when fetch answers `status` with `body`, or throws when `status` is null. */
async function failure(status: number | null, body: unknown = {}, background = false): Promise<unknown> {
  vi.stubGlobal('fetch', async () => {
    if (status === null) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return callApi('admin/saveLeaseCompanyDetails', { body: {}, background }).then(
    () => expect.unreachable(),
    (err: unknown) => err,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'Error occurred from api.' is said once per failure", () => {
  it('a server or network failure raises the banner, and a screen then says what failed instead of repeating it', async () => {
    const banner = vi.fn();
    const stop = onServerFailure(banner);
    for (const status of [500, 503, null]) {
      const err = await failure(status, { error: { code: 'INTERNAL', message: 'boom' } });
      expect((err as Error).message).toBe(MESSAGES.apiError);
      expect(failureText(err, 'The customer could not be saved.')).toBe('The customer could not be saved.');
    }
    expect(banner).toHaveBeenCalledTimes(3);
    stop();
  });

  it('a refusal keeps the server\'s own words, and the banner stays away', async () => {
    const banner = vi.fn();
    const stop = onServerFailure(banner);
    const err = await failure(403, { error: { code: 'FORBIDDEN', message: 'You do not have permission to edit platform fees.' } });
    expect(failureText(err, 'The customer could not be saved.')).toBe('You do not have permission to edit platform fees.');
    expect(banner).not.toHaveBeenCalled();
    stop();
  });

  it("a billing provider outage (503 BILLING_UNAVAILABLE) keeps the server's words, and the banner stays away", async () => {
    const banner = vi.fn();
    const stop = onServerFailure(banner);
    const err = await failure(503, { error: { code: BILLING_UNAVAILABLE, message: MESSAGES.billingUnavailable } });
    expect((err as Error).message).toBe(MESSAGES.billingUnavailable);
    expect((err as { body: { code: string } }).body.code).toBe(BILLING_UNAVAILABLE);
    expect(failureText(err, 'fallback')).toBe(MESSAGES.billingUnavailable);
    expect(banner).not.toHaveBeenCalled();
    stop();
  });

  it('a background call raises no banner, so its own message stands', async () => {
    const err = await failure(500, {}, true);
    expect(failureText(err, 'fallback')).toBe(MESSAGES.apiError);
    expect(failureText(new Error(''), 'fallback')).toBe('fallback');
    expect(failureText(null, 'fallback')).toBe('fallback');
  });
});

describe('a call the server refused as busy (503 BUSY)', () => {
  it('raises the busy notice, not the error banner, and a screen then says what failed', async () => {
    const banner = vi.fn();
    const busy = vi.fn();
    const stops = [onServerFailure(banner), onServerBusy(busy)];
    const err = await failure(503, { error: { code: 'BUSY', message: MESSAGES.serverBusy } });
    expect((err as Error).message).toBe(MESSAGES.serverBusy);
    expect((err as { status: number }).status).toBe(503);
    expect(failureText(err, 'The customer could not be saved.')).toBe('The customer could not be saved.');
    expect(busy).toHaveBeenCalledTimes(1);
    expect(banner).not.toHaveBeenCalled();
    // A background call is refused quietly, in its own words.
    const quiet = await failure(503, { error: { code: 'BUSY', message: MESSAGES.serverBusy } }, true);
    expect(failureText(quiet, 'fallback')).toBe(MESSAGES.serverBusy);
    expect(busy).toHaveBeenCalledTimes(1);
    for (const stop of stops) stop();
  });
});
