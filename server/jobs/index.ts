/** Background jobs: the queues, and the workers that serve them (in the API process or `npm run worker`). */
import type { Services } from '../services';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createJobs, type Jobs } from './boss';
import { SCHEDULED_JOBS } from '../../domain/backgroundJobs';
import { QUEUES, QUEUE_DEFS } from './queues';
import type { JobHooks, NetworkJobContext, NetworkJobData } from './network/context';
import { validateImport } from './network/validate';
import { persistImport } from './network/persist';
import { mailExport, runExport } from './network/export';
import { recordFailedJob } from './network/failed';
import { cleanUpFiles } from './files/cleanup';
import { cleanUpIdempotencyKeys } from './idempotency/cleanup';
import { refreshBroadPrefixes } from '../search/prefixCounts';
import { PRODUCT_COLLECTIONS } from '../search/productCollections';
import { runCreditLimitExport } from './savi/creditLimit';
import { recordFailedValidation, validateUploadedFile, type FileValidationJob } from './fileValidation/validate';
import { runWeeklyStatement, type StatementWeek } from './savi/statements';
import { NIGHTLY_JOBS } from './nightly';
import { runNightly, type NightlyRunData } from './nightly/runner';

export { QUEUES } from './queues';
export type { Jobs, JobInfo } from './boss';
export type { JobHooks } from './network/context';

export function openJobs(database: Database, config: Config, log: FastifyBaseLogger): Promise<Jobs> {
  return createJobs({ database, config: config.jobs, log, queues: QUEUE_DEFS });
}

/**
 * Jobs that were never started (pg-boss not running): for an app that is known to need none, such
 * as a test of calls that enqueue nothing. Enqueuing fails loudly rather than losing the job.
 */
export function jobsNotStarted(): Jobs {
  const refuse = (): never => {
    throw new Error('Background jobs are not started in this app (built with jobs: false); build it with jobs to enqueue or work.');
  };
  return {
    send: async () => refuse(),
    retry: async () => refuse(),
    wake: () => undefined,
    work: async () => refuse(),
    stop: async () => undefined,
    get boss() {
      return refuse();
    },
  };
}

/** Starts one worker per queue in this process, and records the schedules (once across processes: an upsert). */
export async function startWorkers(services: Services, hooks: JobHooks = {}): Promise<void> {
  const ctx: NetworkJobContext = { services, hooks };
  const { jobs } = services;
  await jobs.work<NetworkJobData & { kind: 'validate' }>(QUEUES.networkValidate, (data, job) => validateImport(ctx, data, job));
  await jobs.work<NetworkJobData & { kind: 'persist' }>(QUEUES.networkPersist, (data, job) => persistImport(ctx, data, job));
  await jobs.work<NetworkJobData & { kind: 'export' }>(QUEUES.networkExport, (data) => runExport(ctx, data));
  await jobs.work<{ exportId: string; adminId: string }>(QUEUES.networkExportMail, (data) => mailExport(ctx, data));
  await jobs.work<NetworkJobData>(QUEUES.networkFailed, (data) => recordFailedJob(ctx, data));
  await jobs.work(QUEUES.filesCleanup, async () => void (await cleanUpFiles(services)));
  await jobs.work(QUEUES.idempotencyKeysCleanup, async () => void (await cleanUpIdempotencyKeys(services)));
  await jobs.work(QUEUES.searchPrefixes, async () => void (await refreshBroadPrefixes(services.database, PRODUCT_COLLECTIONS)));
  await jobs.work<FileValidationJob>(QUEUES.fileValidation, (data, job) => validateUploadedFile(services, hooks, data, job));
  await jobs.work<FileValidationJob>(QUEUES.fileValidationFailed, (data) => recordFailedValidation(services, data));
  await jobs.work<{ requestId: string; adminId: string }>(QUEUES.creditLimitExport, (data) => runCreditLimitExport(services, data));
  await jobs.work<Partial<StatementWeek>>(QUEUES.saviStatement, (data) => runWeeklyStatement(services, data ?? {}));
  for (const job of NIGHTLY_JOBS) await jobs.work<NightlyRunData>(job.queue, (data, info) => runNightly(services, job, data ?? {}, hooks, info));
  if (!services.config.jobs.scheduled) return;
  const crons = services.config.jobs.schedules;
  for (const job of Object.values(SCHEDULED_JOBS)) await jobs.boss.schedule(job.queue, crons[job.queue] ?? job.cron, {}, { tz: 'UTC' });
}
