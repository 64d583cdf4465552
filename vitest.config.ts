import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Five projects: domain/server unit tests, the console's forms rendered in jsdom (component), API
 * tests on PGlite, the same API tests on a PostgreSQL server (TEST_DATABASE_URL), and browser tests
 * in Chromium. scripts/test.mjs runs them all.
 *
 * Every project runs its files in long-lived workers (isolate: false): the code under test is
 * loaded once per worker, not once per file. Each API and browser file still builds its own app
 * on its own database; tests/support/sharedWorker.ts resets vitest's own state (timers, mocks,
 * stubs) after each file.
 */
const shared = {
  isolate: false,
  setupFiles: ['tests/support/sharedWorker.ts'],
  // expect.poll waits for a condition (a job done, a page updated); 1 s, vitest's default, is too
  // short when both cores are busy. A condition that holds is still seen within its interval.
  expect: { poll: { timeout: 10_000 } },
};

/**
 * API tests that start API nodes as processes of their own on one database: a PostgreSQL server
 * only (PGlite lives inside one process), so they run in api-pg and not in api.
 */
const PG_ONLY = ['tests/api/cluster.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], ...shared, testTimeout: 30_000 } },
      // The real forms inside react-admin's context, without a server (tests/component/support).
      { extends: true, test: { name: 'component', include: ['tests/component/**/*.test.tsx'], environment: 'jsdom', ...shared, setupFiles: [...shared.setupFiles, 'tests/component/support/setup.ts'], testTimeout: 120_000 } },
      // Two workers each (vitest's default is one on two cores): the PGlite run would otherwise be
      // the longest single chain of the suite, and the PostgreSQL run waits on the server a lot.
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: [...configDefaults.exclude, ...PG_ONLY], globalSetup: ['tests/support/globalSetup.ts'], ...shared, maxWorkers: 2, env: { TEST_DB_KIND: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      { extends: true, test: { name: 'api-pg', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/support/globalSetup.ts'], ...shared, maxWorkers: 2, env: { TEST_DB_KIND: 'pg' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      // Two workers, each with its own Chromium; every file starts its own server on its own database.
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/support/globalSetup.ts'], ...shared, maxWorkers: 2, testTimeout: 60_000, hookTimeout: 120_000 } },
    ],
  },
});
