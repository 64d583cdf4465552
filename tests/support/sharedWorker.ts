import { afterAll, vi } from 'vitest';

/**
 * The api, api-pg and e2e projects run their files one after another in a few long-lived workers
 * (isolate: false): the server code is loaded once per worker instead of once per file. Module
 * state therefore outlives a file; whatever a file changes in vitest's own state is undone here
 * after it, so the next file in the worker starts clean.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
