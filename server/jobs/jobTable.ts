import { pgSchema, uuid, text, integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import { JOBS_SCHEMA } from './boss';

/**
 * pg-boss 10's job table, the columns the background jobs screen reads. pg-boss creates and
 * migrates it; this module is outside server/db/schema.ts so drizzle-kit never generates it.
 */
const pgboss = pgSchema(JOBS_SCHEMA);

export const bossJobs = pgboss.table('job', {
  id: uuid('id').notNull(),
  /** The queue. */
  name: text('name').notNull(),
  data: jsonb('data'),
  /** The enum pgboss.job_state, read and compared as text. */
  state: text('state').notNull(),
  retryLimit: integer('retry_limit').notNull(),
  retryCount: integer('retry_count').notNull(),
  startAfter: timestamp('start_after', { withTimezone: true }).notNull(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  completedOn: timestamp('completed_on', { withTimezone: true }),
  output: jsonb('output'),
});

/** pg-boss 10's queue table: one row per queue. */
export const bossQueues = pgboss.table('queue', {
  name: text('name').notNull(),
});
