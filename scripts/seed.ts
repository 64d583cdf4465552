/**
 * Seeds the demo network into the configured database (DATABASE_URL, else DATA_DIR).
 *   npm run seed -- --size small|large [--seed N] [--force]
 * Refuses a database that already holds network data unless --force, which clears it first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemoAdmins } from '../server/db/seed/admins';
import { DEFAULT_SEED, SIZES, clearNetworkData, hasNetworkData, seedDemo, type SeedSize } from '../server/db/seed/index';

const { values } = parseArgs({
  options: { size: { type: 'string', default: 'small' }, seed: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const size = values.size as SeedSize;
if (!(size in SIZES)) {
  console.error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  process.exit(2);
}
const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
if (!Number.isInteger(seed)) {
  console.error('--seed must be an integer');
  process.exit(2);
}

const config = loadConfig();
// Every statement of the seed is re-runnable: a crash loses the database anyway, so no commit waits for its WAL flush.
process.env.PGOPTIONS = [process.env.PGOPTIONS, '-c synchronous_commit=off'].filter(Boolean).join(' ');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
try {
  await database.migrate();
  if (await hasNetworkData(database)) {
    if (!values.force) {
      console.error('The database already holds network data. Use --force to clear it and seed again.');
      process.exitCode = 1;
    } else {
      console.log('Clearing existing network data (--force)');
      await clearNetworkData(database);
    }
  }
  if (process.exitCode !== 1) {
    const admins = await seedDemoAdmins(database.db);
    const result = await seedDemo(database, { size, seed, log: (m) => console.log(`  ${m}`) });
    console.log(`Seeded ${size} network (seed ${seed}) on ${database.kind} in ${(result.ms / 1000).toFixed(1)} s${admins ? ` with ${admins} demo admins` : ''}:`);
    const sec = (ms: number) => (ms / 1000).toFixed(1).padStart(8);
    console.log(`  ${'table'.padEnd(28)} ${'rows'.padStart(9)} ${'load s'.padStart(8)} ${'db s'.padStart(8)} ${'index s'.padStart(8)}`);
    for (const t of result.tables) console.log(`  ${t.table.padEnd(28)} ${String(t.rows).padStart(9)} ${sec(t.loadMs)} ${sec(t.dbMs)} ${sec(t.restoreMs)}`);
    console.log(`  ${'total'.padEnd(28)} ${String(result.tables.reduce((n, t) => n + t.rows, 0)).padStart(9)} ${sec(result.ms)}`);
  }
} finally {
  await database.close();
}
