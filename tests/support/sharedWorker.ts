import { afterAll, vi } from 'vitest';

/**
 * Every project runs its files one after another in a few long-lived workers (isolate: false): the
 * code under test is loaded once per worker instead of once per file. Module
 * state therefore outlives a file; whatever a file changes in vitest's own state is undone here
 * after it, so the next file in the worker starts clean. (A file that mocks a module with vi.mock
 * would leak the mock to the files after it in the worker: give such a file a project of its own
 * with isolate: true.)
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
