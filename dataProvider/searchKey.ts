import type { SearchKeyResponse } from '../domain/session';
import { SEARCH_KEY_REFRESH_THRESHOLD_MS } from '../domain/constants';
import { callApi } from './api';

/** The scoped search key (spec 1 §7): reused while more than 2 s remain, cleared on sign-out. */
let cached: SearchKeyResponse | null = null;
let inFlight: Promise<SearchKeyResponse> | null = null;

export async function getSearchKey(): Promise<string> {
  if (cached && cached.expiresAt * 1000 - Date.now() > SEARCH_KEY_REFRESH_THRESHOLD_MS) return cached.key;
  inFlight ??= callApi<SearchKeyResponse>('session/getSessionToken', { method: 'GET' }).finally(() => {
    inFlight = null;
  });
  cached = await inFlight;
  return cached.key;
}

export function clearSearchKey(): void {
  cached = null;
  inFlight = null;
}
