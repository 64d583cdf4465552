import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemoAdmins, DEMO_PASSWORD, demoEmail } from './db/seed/admins';
import { hasNetworkData, seedDemo } from './db/seed/index';

const started = performance.now();
const config = loadConfig();
// Until the app's logger exists, a failure of the embedded database goes to stderr.
let onFailure = (err: Error) => console.error('the embedded database stopped', err);
const database = await openDatabase({ databaseUrl: config.databaseUrl, readUrl: config.databaseReadUrl, dataDir: config.dataDir, pgliteThread: config.pgliteThread, onFailure: (err) => onFailure(err) });
await database.migrate();
const { app } = await buildApp({ config, database });
onFailure = (err) => app.log.fatal({ err }, 'the embedded database stopped; every call that needs it fails until a restart');
app.addHook('onClose', async () => database.close());

if (config.seedDemo) {
  const created = await seedDemoAdmins(database.db);
  if (created > 0) app.log.info(`Seeded ${created} demo admins, e.g. ${demoEmail('SUPER_ADMIN')} / ${DEMO_PASSWORD}`);
  // Only a database without network data is seeded, so a restart never adds a second network.
  if (!(await hasNetworkData(database))) {
    const seeded = await seedDemo(database, { size: 'small' });
    app.log.info({ seedMs: seeded.ms, counts: seeded.counts }, `Seeded the small demo network in ${(seeded.ms / 1000).toFixed(1)} s`);
  }
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, smtp: Boolean(config.smtpUrl), startupMs: Math.round(performance.now() - started) },
  `Fleet Network Console on http://${config.host}:${config.port}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
