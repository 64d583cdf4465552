import { z } from 'zod';
import { daySchema, listQuerySchema, recordIdSchema, uuidSchema } from './lists';

/** Background jobs as pg-boss 10 keeps them (schema pgboss, table job), by queue and state. */

/** pg-boss's job states, in its own order. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States after which a job does not change by itself. */
export const FINAL_JOB_STATES: readonly JobState[] = ['completed', 'cancelled', 'failed'];

/** A queue name as pg-boss allows it. */
const queueSchema = z.string().regex(/^[\w.\-/]{1,100}$/, 'Not a queue name');

export const JOB_SORT_FIELDS = ['createdOn', 'startedOn', 'completedOn', 'queue', 'state', 'id'] as const;

/** Queue, state and the day range of creation (UTC days, both ends included). */
export const backgroundJobsListSchema = listQuerySchema(
  {
    queue: queueSchema.optional(),
    state: z.enum(JOB_STATES).optional(),
    createdOn_gte: daySchema.optional(),
    createdOn_lte: daySchema.optional(),
  },
  JOB_SORT_FIELDS,
);
export type BackgroundJobsListQuery = z.infer<typeof backgroundJobsListSchema>;
export const backgroundJobOneSchema = recordIdSchema(uuidSchema);
/** Retry takes the job's id. */
export const retryJobSchema = backgroundJobOneSchema;
/** The queues list takes react-admin's getList params; there are few queues, so all come back. */
export const jobQueuesListSchema = listQuerySchema({}, ['id']);

/**
 * The product's scheduled jobs (pg-boss cron, UTC), which the background jobs screen can also run
 * on demand (backgroundJobs/runScheduled). Times are in README "Background jobs".
 */
export const SCHEDULED_JOBS = {
  filesCleanup: { queue: 'files-cleanup', label: 'Files clean-up', cron: '17 * * * *', when: 'every hour at 17 minutes past', nightly: false },
  idempotencyKeysCleanup: { queue: 'idempotency-keys-cleanup', label: 'Idempotency keys clean-up', cron: '47 * * * *', when: 'every hour at 47 minutes past', nightly: false },
  // Chooses the broad search prefixes anew and counts the new ones (server/search/prefixCounts.ts).
  searchPrefixes: { queue: 'search-prefixes-refresh', label: 'Search prefix counts', cron: '40 4 * * *', when: 'every day at 04:40', nightly: false },
  saviStatement: { queue: 'savi-weekly-statement', label: 'SAVi weekly statement', cron: '30 2 * * 1', when: 'Mondays at 02:30', nightly: false },
  // The nightly jobs of the process logs (spec 3 §2.2): one log entry per lease company per day.
  contractImport: { queue: 'contract-stock-import', label: 'Contract and stock import', cron: '0 1 * * *', when: 'every day at 01:00', nightly: true },
  dailyInvoiceExport: { queue: 'daily-invoice-export', label: 'Daily invoice export', cron: '0 2 * * *', when: 'every day at 02:00', nightly: true },
  enquiryArchive: { queue: 'enquiry-archive', label: 'Archive enquiries', cron: '15 3 * * *', when: 'every day at 03:15', nightly: true },
  billingValidation: { queue: 'billing-validation', label: 'Billing validation', cron: '30 5 * * *', when: 'every day at 05:30', nightly: true },
} as const;
export type ScheduledJobKey = keyof typeof SCHEDULED_JOBS;
export type ScheduledJob = (typeof SCHEDULED_JOBS)[ScheduledJobKey];
export const SCHEDULED_QUEUES = Object.values(SCHEDULED_JOBS).map((j) => j.queue) as [ScheduledJob['queue'], ...ScheduledJob['queue'][]];
/** The nightly jobs: they write process logs, and can be paused. */
export const NIGHTLY_QUEUES = Object.values(SCHEDULED_JOBS).filter((j) => j.nightly).map((j) => j.queue) as [ScheduledJob['queue'], ...ScheduledJob['queue'][]];

/** Run a scheduled job now: its queue. */
export const runScheduledJobSchema = z.object({ queue: z.enum(SCHEDULED_QUEUES) });
/** Pause or resume a nightly job: its queue. */
export const pauseJobSchema = z.object({ queue: z.enum(NIGHTLY_QUEUES) });

/** A scheduled job as the background jobs screen lists it: when it runs, and whether it is paused. */
export interface ScheduledJobRow {
  id: string;
  queue: string;
  label: string;
  cron: string;
  nightly: boolean;
  paused: boolean;
  pausedAt: string | null;
  pausedBy: string | null;
}

export const JOB_MESSAGES = {
  notFailed: 'Only a failed job can be retried.',
  archived: 'This job has been archived and can no longer be retried.',
  /** Ours: the notice after Run now. */
  started: (label: string) => `${label} has been started`,
  /** Ours: the notices after Pause and Resume. */
  paused: (label: string) => `${label} is paused: runs stop at their next step`,
  resumed: (label: string) => `${label} has been resumed`,
} as const;

export interface BackgroundJobRow {
  id: string;
  queue: string;
  state: JobState;
  /** Moved out of its queue by pg-boss once finished (after 12 hours): shown, never retried. */
  archived: boolean;
  retryCount: number;
  retryLimit: number;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  /** A failed job's error message. */
  error: string | null;
}

export interface BackgroundJobEntry extends BackgroundJobRow {
  data: unknown;
  output: unknown;
}

/**
 * The message of a failed job's output: pg-boss stores a thrown error serialised ({ message, stack })
 * and an expiry as { value: { message } }.
 */
export function jobErrorText(state: string, output: unknown): string | null {
  if (state !== 'failed' || !output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  const v = o.value as { message?: unknown } | string | undefined;
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof v.message === 'string') return v.message;
  return JSON.stringify(output);
}
