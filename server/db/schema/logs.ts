import { pgTable, uuid, text, boolean, jsonb, index } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { leaseCompanies } from './customers';
import type { ProcessLogState, ProcessLogType } from '../../../domain/logs';

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
  },
  (t) => [
    index('process_logs_executed_idx').on(t.executedAt),
    index('process_logs_lease_idx').on(t.leaseCompanyId, t.executedAt),
    index('process_logs_type_idx').on(t.type, t.executedAt),
  ],
);
