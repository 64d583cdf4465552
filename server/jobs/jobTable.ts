import { pgSchema, uuid, text, integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import { JOBS_SCHEMA } from './boss';

/**
 * pg-boss 10's tables, the columns the background jobs screen reads. pg-boss creates and migrates
 * them; this module is outside server/db/schema.ts so drizzle-kit never generates them.
 */
const pgboss = pgSchema(JOBS_SCHEMA);

const at = (name: string) => timestamp(name, { withTimezone: true });
const jobColumns = () => ({
  id: uuid('id').notNull(),
  /** The queue. */
  name: text('name').notNull(),
  data: jsonb('data'),
  /** The enum pgboss.job_state. */
  state: text('state').notNull(),
  retryLimit: integer('retry_limit').notNull(),
  retryCount: integer('retry_count').notNull(),
  startedOn: at('started_on'),
  createdOn: at('created_on').notNull(),
  completedOn: at('completed_on'),
  output: jsonb('output'),
});

/** Jobs to run, running, and finished ones until maintenance archives them (12 hours after they end). */
export const bossJobs = pgboss.table('job', jobColumns());
/** Finished jobs moved out of `job`, kept for 7 days; pg-boss no longer retries them. */
export const bossArchive = pgboss.table('archive', jobColumns());

/** pg-boss 10's queue table: one row per queue. */
export const bossQueues = pgboss.table('queue', {
  name: text('name').notNull(),
});
