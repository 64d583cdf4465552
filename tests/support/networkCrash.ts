/**
 * The crash test's database (a PGlite data directory on disk, or a database of its own on the
 * PostgreSQL server) and its worker child process, which the test kills with SIGKILL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { createServerDatabase, pgliteTemplate } from './db';

export interface CrashTarget {
  url?: string;
  dataDir?: string;
}

/** Jobs that expire after 3 s and are looked for every second, so a killed worker's job runs again quickly. */
export function crashConfig(target: CrashTarget, runWorkers: boolean): Config {
  const base = loadConfig({ NODE_ENV: 'test' });
  return {
    ...base,
    databaseUrl: target.url ?? '',
    dataDir: target.dataDir ?? 'memory://',
    consoleDir: '/nonexistent',
    jobs: { ...base.jobs, runWorkers, pollingIntervalSeconds: 0.5, expireSeconds: 3, nightlyExpireSeconds: 3, maintenanceIntervalSeconds: 1, retryDelaySeconds: 1, stopTimeoutMs: 5000 },
  };
}

/** A database that a child process can open too: a data directory (PGlite) or a server database. */
export async function createCrashTarget(): Promise<{ target: CrashTarget; open(): Promise<Database>; drop(): Promise<void> }> {
  if (process.env.TEST_DB_KIND !== 'pg') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fnc-crash-'));
    const first = await openDatabase({ dataDir, loadDataDir: pgliteTemplate() });
    await first.migrate();
    await first.close();
    return {
      target: { dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const server = await createServerDatabase('fnc_crash', { from: 'template' });
  const first = await openDatabase({ databaseUrl: server.url, poolSize: 3 });
  await first.migrate();
  await first.close();
  return {
    target: { url: server.url },
    open: () => openDatabase({ databaseUrl: server.url, poolSize: 5 }),
    drop: server.drop,
  };
}

/** Opens the database and the app on it; `workers` decides whether this process runs the jobs. */
export async function startCrashApp(open: () => Promise<Database>, target: CrashTarget, workers: boolean) {
  const database = await open();
  const { app, services } = await buildApp({ config: crashConfig(target, workers), database });
  let stopped = false;
  return {
    services,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await database.close();
    },
  };
}

/**
 * Starts the worker child on the target, waits until it reports reaching `point` (inside a job),
 * kills it with SIGKILL and waits for it to be gone. Resolves with its stdout; a worker that never
 * reaches `point` in time is killed too.
 */
export async function killWorkerAt(target: CrashTarget, point: string, timeoutMs = 60_000): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/support/networkCrashWorker.ts')], {
    env: { ...process.env, CRASH_POINT: point, CRASH_DB_URL: target.url ?? '', CRASH_DATA_DIR: target.dataDir ?? '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker never reached ${point}:\n${out}\n${err}`)), timeoutMs);
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes(`AT ${point}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}) before ${point}:\n${out}\n${err}`));
    });
  }).catch((error: unknown) => {
    // Never left running: it would go on polling for jobs after the test.
    child.kill('SIGKILL');
    throw error;
  });
  child.kill('SIGKILL');
  await exited;
  return out;
}

// ---------------------------------------------------------------- what the slugs would have done

import { eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Services } from '../../server/services';
import { networkImports } from '../../server/db/schema';
import { writeFileStream } from '../../server/files/storage';
import { QUEUES } from '../../server/jobs/queues';
import { CUSTOMER_NETWORK_FORMAT, headerRow, serialiseRow } from '../../domain/network';
import type { NetworkFixture } from './network';

/** A customer network file for the linked groups' suppliers with the given labour rate (minor units). */
export function networkCsv(fx: NetworkFixture, labourRate: number): string {
  const rows = fx.suppliers
    .filter((s) => s.group <= 1)
    .map((s) => serialiseRow(CUSTOMER_NETWORK_FORMAT, { supplierId: s.code, groupId: fx.groups[s.group].code, inNetwork: true, preferred: false, labourRate }));
  return stringify([headerRow(CUSTOMER_NETWORK_FORMAT), ...rows]);
}

/** Stores the file, inserts the import and enqueues its validation, as admin/validateNetworkImport does. */
export async function enqueueValidation(services: Services, leaseId: string, csv: string): Promise<string> {
  const file = await writeFileStream(services.files, services.db, { name: 'network.csv', contentType: 'text/csv' }, [Buffer.from(csv)]);
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(networkImports)
      .values({ leaseCompanyId: leaseId, fileName: 'network.csv', archiveFileId: file.id, uploadedBy: { firstname: 'Crash', lastname: 'Test' } })
      .returning();
    await services.jobs.send(tx, QUEUES.networkValidate, { kind: 'validate', importId: row.id, adminId: null });
    return row.id;
  });
}

/** Marks the import processing and enqueues its persist job, as admin/persistNetworkImport does. */
export async function enqueuePersist(services: Services, importId: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    await tx.update(networkImports).set({ isProcessing: true, processIndicator: 'LOADING' }).where(eq(networkImports.id, importId));
    await services.jobs.send(tx, QUEUES.networkPersist, { kind: 'persist', importId, adminId: null, person: { firstname: 'Crash', lastname: 'Test' } });
  });
}
