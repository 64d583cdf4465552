/**
 * What a person waits for on the search screens: `npm run bench:felt` (after `npx vite build`; the
 * console is served from CONSOLE_DIR, else dist/). Starts the real server on the configured
 * database (DATABASE_URL, e.g. the `large` data), signs a bench SUPER_ADMIN in through the sign-in
 * pages in Chromium and times, in the page, BENCH_FELT_RUNS (default 20) times each:
 *   - Supplier Search: a word and Enter → the new results and counts on screen (p95 ≤ 200 ms);
 *   - the Support dashboard's Enquiry Search: a number and Enter → its card (p95 ≤ 200 ms);
 *   - opening Supplier Search after sign-in, from the landing page and as a fresh load (p95 ≤ 500 ms);
 * with the requests each sends and the JavaScript a signed-in list downloads (scripts/lib/feltSpeed.ts).
 */
import os from 'node:os';
import { benchApp } from './lib/benchSession';
import { feltReport, feltSpeed } from './lib/feltSpeed';

const runs = Number(process.env.BENCH_FELT_RUNS ?? 20);
const { app, services, db } = await benchApp();
let failed = false;
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const baseURL = `http://127.0.0.1:${address.port}`;
  console.log(`bench:felt on ${db.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}, console from ${services.config.consoleDir}, ${runs} runs each; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const figures = await feltSpeed({ baseURL, services, database: db, runs, log: (line) => console.log(`  … ${line}`) });
  for (const line of feltReport(figures)) console.log(line);
  console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await app.close();
}
process.exit(failed ? 1 : 0);
