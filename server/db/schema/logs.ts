import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, boolean, jsonb, index, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { leaseCompanies } from './customers';
import type { ProcessLogState, ProcessLogType } from '../../../domain/logs';
import type { PersonRef } from '../../../domain/common';

/** Executions of nightly jobs and daily invoice exports (spec 3 §3 "Process log"). */
export const processLogs = pgTable(
  'process_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<ProcessLogType>().notNull(),
    name: text('name').notNull(),
    message: text('message'),
    isSuccess: boolean('is_success').notNull().default(false),
    isWarning: boolean('is_warning').notNull().default(false),
    isPending: boolean('is_pending').notNull().default(false),
    state: text('state').$type<ProcessLogState>().notNull().default('COMPLETED'),
    executedAt: tz('executed_at').notNull(),
    exportedAt: tz('exported_at'),
    leaseCompanyId: uuid('lease_company_id').references(() => leaseCompanies.id),
    /** Daily invoice exports: the export file's name (holds the invoice number range). */
    fileName: text('file_name'),
    stats: jsonb('stats').$type<Record<string, unknown>>(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /**
     * A scheduled job's run: the day it runs for (UTC). One entry per job type, lease company and
     * day, so a second run of the day finds the first (idempotent) and a run after a crash or a
     * pause goes on from `checkpoint`. Null for entries no job wrote.
     */
    runDay: date('run_day', { mode: 'string' }),
    /** Where the run got to (the job's own cursor), kept while it is RUNNING or PAUSED. */
    checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>(),
    /**
     * The run working on the entry. A run the queue took for expired may still be at work when its
     * retry takes the entry over; its next batch then finds another run here and stops.
     */
    runId: uuid('run_id'),
    updatedAt: tz('updated_at'),
  },
  (t) => [
    uniqueIndex('process_logs_run_key').on(t.type, t.leaseCompanyId, t.runDay).where(sql`run_day IS NOT NULL`),
    index('process_logs_executed_idx').on(t.executedAt),
    index('process_logs_lease_idx').on(t.leaseCompanyId, t.executedAt),
    index('process_logs_type_idx').on(t.type, t.executedAt),
    // Process Logs' daily invoice exports (server/rpc/processLogs.ts): the entries of a window of
    // days by the day they count for, read from the index alone (every column the view reads is in it).
    index('process_logs_invoice_export_idx')
      .on(sql`coalesce(run_day, (executed_at AT TIME ZONE 'UTC')::date)`, t.leaseCompanyId, t.runDay, t.executedAt, t.fileName, t.isSuccess, t.isPending)
      .where(sql`type = 'DAILY_INVOICE_EXPORT'`),
  ],
);

/** Scheduled jobs paused from the background jobs screen: a run finds its queue here and stops. */
export const pausedJobs = pgTable('paused_jobs', {
  queue: text('queue').primaryKey(),
  pausedAt: tz('paused_at').notNull(),
  pausedBy: jsonb('paused_by').$type<PersonRef>(),
});
