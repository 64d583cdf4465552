import type { SearchKeyResponse } from '../domain/session';
import { SEARCH_KEY_REFRESH_THRESHOLD_MS, SEARCH_TIMEOUT_MS } from '../domain/constants';
import { callApi } from '../api/client';
import { onSessionEnd } from '../api/sessionEnd';

/** The scoped search key (spec 1 §7): reused while more than 2 s remain, cleared on sign-out. */
let cached: SearchKeyResponse | null = null;
let inFlight: Promise<SearchKeyResponse> | null = null;
/** A key asked for at load, before anyone searches (fetchSearchKeyEarly): null when it was refused. */
let early: Promise<SearchKeyResponse | null> | null = null;

/**
 * A new key, or the failure of a server that did not answer within SEARCH_TIMEOUT_MS: without a
 * time-out a list would show its progress bar for ever. A time-out is not a cancellation, so it
 * fails as a network failure does (the banner, then the screen's own message).
 */
function fetchKey(quiet = false): Promise<SearchKeyResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The search key did not come in time.', 'TimeoutError')), SEARCH_TIMEOUT_MS);
  return callApi<SearchKeyResponse>('session/getSessionToken', { method: 'GET', signal: controller.signal, ...(quiet ? { background: true, expectUnauthenticated: true } : {}) }).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * Asks for the key now, alongside the session check of a page load at a signed-in address, rather
 * than once the page's first search needs it. Quietly: a signed-out visitor's refusal is no error
 * and ends nothing; the first search then asks for a key as usual.
 */
export function fetchSearchKeyEarly(): void {
  if (cached || inFlight || early) return;
  early = fetchKey(true).catch(() => null);
}

/** The key held now, if it is still good for a while: a search sent with it leaves in the same task. */
export function heldSearchKey(): string | null {
  return cached && cached.expiresAt * 1000 - Date.now() > SEARCH_KEY_REFRESH_THRESHOLD_MS ? cached.key : null;
}

export async function getSearchKey(): Promise<string> {
  const held = heldSearchKey();
  if (held) return held;
  if (early) {
    const asked = early;
    const key = await asked;
    // Unless the session ended while it came (clearSearchKey).
    if (early === asked) {
      early = null;
      if (key) cached = key;
    }
    const now = heldSearchKey();
    if (now) return now;
  }
  inFlight ??= fetchKey().finally(() => {
    inFlight = null;
  });
  cached = await inFlight;
  return cached.key;
}

export function clearSearchKey(): void {
  cached = null;
  inFlight = null;
  early = null;
}

// A key belongs to the session it was given for: a sign-out, or a session that ended, drops it.
onSessionEnd(clearSearchKey);
