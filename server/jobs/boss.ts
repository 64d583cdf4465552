/**
 * Durable background jobs: pg-boss 10 on the application's own database, PostgreSQL or PGlite.
 * A job is enqueued in the same transaction as the record it works on, so either both exist or
 * neither does; a job whose worker dies is failed when it expires and runs again (retries with
 * backoff); one that fails for good goes to its queue's dead-letter queue, whose worker records
 * the failure on the record.
 */
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, Tx } from '../db/client';
import type { JobsConfig } from '../config';

/** pg-boss keeps its tables in this schema (it creates and migrates it itself on start). */
export const JOBS_SCHEMA = 'pgboss';

/** What a handler learns about the job it runs. */
export interface JobInfo {
  id: string;
  queue: string;
  /** 0 on the first run; a run after a crash or a failure counts up. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<D> = (data: D, job: JobInfo) => Promise<unknown>;

export interface QueueDef {
  name: string;
  /** Queue receiving this queue's jobs that failed for good (retries used up or expired on the last try). */
  deadLetter?: string;
  /** Overrides config.jobs.expireSeconds for long jobs. */
  expireSeconds?: number;
  /** A nightly job: expires after config.jobs.nightlyExpireSeconds, and runs one at a time (pg-boss's singleton policy). */
  nightly?: boolean;
  /** Overrides config.jobs.retryLimit (a dead-letter queue's own jobs, say). */
  retryLimit?: number;
}

export interface Jobs {
  /** Enqueues a job inside `tx`: it exists only if the transaction commits. Returns the job id. */
  send(tx: Tx, queue: string, data: object): Promise<string>;
  /** Puts a failed job back in its queue inside `tx`, with one more try allowed; false when it was not failed. */
  retry(tx: Tx, queue: string, id: string): Promise<boolean>;
  /** After the commit: a worker of this process starts the job now instead of at its next poll. */
  wake(queue: string): void;
  /** Starts a worker for `queue` in this process. */
  work<D>(queue: string, handler: JobHandler<D>): Promise<void>;
  /** Stops the workers, waiting for running jobs up to config.stopTimeoutMs; then stops pg-boss. */
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Counts pg-boss's statements in flight. pg-boss does not await marking a finished job complete,
 * so stop() waits for this to reach zero before the database may be closed. After that (close()),
 * a job that outlived stop()'s time-out finishes with nothing written: its "complete" would meet a
 * closed pool in a promise pg-boss never awaits. The job stays active, so pg-boss hands it back for
 * a retry once it expires, as after a crash.
 */
function tracked(executor: Executor): Executor & { idle(): Promise<void>; close(): void } {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  let closed = false;
  return {
    async executeSql(text, values) {
      // Only a late complete() or fail() gets here (stop() has ended every fetch and timer); pg-boss
      // reads their answer's first row's count, so it is told that nothing was affected.
      if (closed) return { rows: [{ count: 0 }] };
      inFlight++;
      try {
        return await executor.executeSql(text, values);
      } finally {
        if (--inFlight === 0) {
          for (const w of waiters) w();
          waiters = [];
        }
      }
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    close: () => void (closed = true),
  };
}

/** Turns `$1`-numbered SQL into a Drizzle statement, so pg-boss can write through a transaction. */
function drizzleStatement(text: string, values: unknown[] = []) {
  const parts = text.split(/\$(\d+)/);
  const statement = sql.empty();
  parts.forEach((part, i) => {
    if (i % 2 === 0) statement.append(sql.raw(part));
    else {
      // Drizzle drops an undefined parameter from the text; SQL means NULL.
      const v = values[Number(part) - 1] ?? null;
      // Job data goes to a jsonb parameter; both drivers accept JSON text for it. An array (ids for
      // retry) is one array parameter, which Drizzle would otherwise spread into a list.
      if (Array.isArray(v)) statement.append(sql`${sql.param(v)}`);
      else statement.append(sql`${v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v}`);
    }
  });
  return statement;
}

function transactionExecutor(tx: Tx): Executor {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(drizzleStatement(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss over PGlite's single connection. Parameterised statements go to query(); scripts
 * without parameters (schema creation, the maintenance steps wrapped in BEGIN…COMMIT) need exec().
 * PGlite has LISTEN but pg-boss 10 does not use it: workers poll.
 */
function pgliteExecutor(client: PGlite): Executor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const r = await client.query(text, values);
        return { rows: r.rows };
      }
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (err) {
        // A failed BEGIN…COMMIT script would leave the one connection in an aborted transaction.
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}

/**
 * pg-boss over the application's pool. A script without parameters runs as one simple query
 * (node-postgres then answers with one result per statement, none of which pg-boss reads).
 */
function poolExecutor(database: Database): Executor {
  return {
    async executeSql(text, values) {
      const rows = await database.query(text, values);
      return { rows: Array.isArray(rows) ? rows : [] };
    },
  };
}

export interface CreateJobsOptions {
  database: Database;
  config: JobsConfig;
  log: FastifyBaseLogger;
  queues: readonly QueueDef[];
}

/** Tries at queue creation when it deadlocks with another process starting at the same moment. */
const QUEUE_CREATION_ATTEMPTS = 10;

export async function createJobs(opts: CreateJobsOptions): Promise<Jobs> {
  const { config, log } = opts;
  const common = {
    schema: JOBS_SCHEMA,
    // The timekeeper sends scheduled jobs (the files clean-up); it runs where the workers run.
    schedule: config.runWorkers,
    supervise: true,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
    pollingIntervalSeconds: config.pollingIntervalSeconds,
  };
  const executor = tracked(opts.database.kind === 'pg' ? poolExecutor(opts.database) : pgliteExecutor((opts.database.db as unknown as { $client: PGlite }).$client));
  const boss = new PgBoss({ ...common, db: executor });
  boss.on('error', (err) => log.error({ err }, 'background jobs error'));
  await boss.start();

  // Processes started together (API nodes and a worker) create the queues at the same moment, and
  // pg-boss's create_queue can then deadlock against another's; PostgreSQL cancels one of them,
  // which goes again after a random pause (going again at once, processes started in step kept
  // colliding) and finds the queues made.
  for (let attempt = 1; ; attempt++) {
    try {
      for (const q of opts.queues) {
        const options = {
          name: q.name,
          retryLimit: q.retryLimit ?? config.retryLimit,
          retryDelay: config.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: q.expireSeconds ?? (q.nightly ? config.nightlyExpireSeconds : config.expireSeconds),
          ...(q.nightly ? { policy: 'singleton' as const } : {}),
          ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
        };
        // Dead-letter queues first (the list is ordered so); a queue names its dead letter on creation.
        if (await boss.getQueue(q.name)) await boss.updateQueue(q.name, options);
        else await boss.createQueue(q.name, options);
      }
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= QUEUE_CREATION_ATTEMPTS) throw err;
      log.warn({ attempt }, 'background jobs: queue creation deadlocked with another process; trying again');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 250 * attempt));
    }
  }

  const workerIds = new Map<string, string[]>();
  let stopping: Promise<void> | null = null;

  return {
    boss,
    async send(tx, queue, data) {
      const id = await boss.send(queue, data, { db: transactionExecutor(tx) } as PgBoss.SendOptions);
      if (!id) throw new Error(`Job for ${queue} was not created`);
      return id;
    },
    async retry(tx, queue, id) {
      // pg-boss 10 answers { affected } here, though its types say void.
      const result = (await boss.retry(queue, id, { db: transactionExecutor(tx) } as PgBoss.ConnectionOptions)) as unknown as { affected: number };
      return result.affected === 1;
    },
    wake(queue) {
      for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
    },
    async work<D>(queue: string, handler: JobHandler<D>) {
      const id = await boss.work<D>(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: config.pollingIntervalSeconds }, async ([job]) => {
        const info: JobInfo = { id: job.id, queue, retryCount: job.retryCount, retryLimit: job.retryLimit };
        const started = performance.now();
        try {
          // What the handler answers is kept as the job's output (the background jobs screen shows it).
          const output = await handler(job.data, info);
          log.info({ job: job.id, queue, retry: job.retryCount, ms: Math.round(performance.now() - started) }, 'job done');
          return output;
        } catch (err) {
          log.error({ err, job: job.id, queue, retry: job.retryCount }, 'job failed');
          throw err;
        }
      });
      workerIds.set(queue, [...(workerIds.get(queue) ?? []), id]);
    },
    stop() {
      stopping ??= (async () => {
        await boss.stop({ graceful: true, wait: true, timeout: config.stopTimeoutMs });
        // The last "complete" of a finished job may still be on its way.
        await Promise.race([executor.idle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
        executor.close();
      })();
      return stopping;
    },
  };
}
