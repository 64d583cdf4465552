/**
 * A process that only runs background jobs (`npm run worker`), beside API nodes started with
 * JOBS_RUN_WORKERS=false. It builds the same services as the API but listens on no port.
 */
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';

const base = loadConfig();
const config = { ...base, jobs: { ...base.jobs, runWorkers: true } };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteThread: config.pgliteThread });
await database.migrate();
const { app } = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());
await app.ready();
app.log.info({ database: database.kind }, 'Background job worker started');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'worker stopping: running jobs finish first');
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
