/**
 * A worker process for the crash test: runs the background jobs on the database named in its
 * environment and, on reaching the checkpoint CRASH_POINT, says so on stdout and hangs there
 * (inside the job, inside its transaction for 'persist:applied') until the test kills it.
 */
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { crashConfig } from './networkCrash';

const point = process.env.CRASH_POINT ?? '';
const target = { url: process.env.CRASH_DB_URL || undefined, dataDir: process.env.CRASH_DATA_DIR || undefined };
const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
await buildApp({
  config: crashConfig(target, true),
  database,
  jobHooks: {
    async checkpoint(at) {
      if (at !== point) return;
      process.stdout.write(`AT ${at}\n`);
      await new Promise(() => undefined);
    },
  },
});
process.stdout.write('READY\n');
