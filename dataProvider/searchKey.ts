import type { SearchKeyResponse } from '../domain/session';
import { SEARCH_KEY_REFRESH_THRESHOLD_MS, SEARCH_TIMEOUT_MS } from '../domain/constants';
import { callApi } from '../api/client';
import { onSessionEnd } from '../api/sessionEnd';

/** The scoped search key (spec 1 §7): reused while more than 2 s remain, cleared on sign-out. */
let cached: SearchKeyResponse | null = null;
let inFlight: Promise<SearchKeyResponse> | null = null;

/**
 * A new key, or the failure of a server that did not answer within SEARCH_TIMEOUT_MS: without a
 * time-out a list would show its progress bar for ever. A time-out is not a cancellation, so it
 * fails as a network failure does (the banner, then the screen's own message).
 */
function fetchKey(): Promise<SearchKeyResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The search key did not come in time.', 'TimeoutError')), SEARCH_TIMEOUT_MS);
  return callApi<SearchKeyResponse>('session/getSessionToken', { method: 'GET', signal: controller.signal }).finally(() => clearTimeout(timer));
}

export async function getSearchKey(): Promise<string> {
  if (cached && cached.expiresAt * 1000 - Date.now() > SEARCH_KEY_REFRESH_THRESHOLD_MS) return cached.key;
  inFlight ??= fetchKey().finally(() => {
    inFlight = null;
  });
  cached = await inFlight;
  return cached.key;
}

export function clearSearchKey(): void {
  cached = null;
  inFlight = null;
}

// A key belongs to the session it was given for: a sign-out, or a session that ended, drops it.
onSessionEnd(clearSearchKey);
