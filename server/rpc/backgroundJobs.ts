import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  backgroundJobOneSchema,
  backgroundJobsListSchema,
  jobErrorText,
  jobQueuesListSchema,
  JOB_MESSAGES,
  retryJobSchema,
  type BackgroundJobEntry,
  type BackgroundJobRow,
  type BackgroundJobsListQuery,
  type JobState,
} from '../../domain/backgroundJobs';
import type { ListAnswer } from '../../domain/lists';
import { bossJobs, bossQueues } from '../jobs/jobTable';
import type { Tx } from '../db/client';
import { ApiError, notFound } from './errors';
import { writeAudit } from './audit';
import { dayRange, listAnswer, orderOf, pageOf } from './lists';
import { mutationContext } from './records';
import { defineSlug } from './registry';

/** pg-boss's jobs (live table; archived ones are gone from here as they are from Retry). */
const VIEW = { permission: 'BACKGROUND_JOBS', action: 'view' } as const;
const RETRY = { permission: 'BACKGROUND_JOBS', action: 'edit' } as const;

// The state is the enum pgboss.job_state: compared as text, so both drivers bind the value alike.
const stateText = sql<string>`${bossJobs.state}::text`;

type JobRow = typeof bossJobs.$inferSelect;

function toRow(r: JobRow): BackgroundJobRow {
  return {
    id: r.id,
    queue: r.name,
    state: r.state as JobState,
    retryCount: r.retryCount,
    retryLimit: r.retryLimit,
    createdOn: r.createdOn.toISOString(),
    startedOn: r.startedOn ? r.startedOn.toISOString() : null,
    completedOn: r.completedOn ? r.completedOn.toISOString() : null,
    error: jobErrorText(r.state, r.output),
  };
}

const toEntry = (r: JobRow): BackgroundJobEntry => ({ ...toRow(r), data: r.data, output: r.output });
/** What the audit keeps of a job: where it stands, not its data. */
const auditImageOf = (r: JobRow) => ({ queue: r.name, state: r.state, retryCount: r.retryCount, retryLimit: r.retryLimit });

function whereOf(filter: BackgroundJobsListQuery['filter']): SQL | undefined {
  return and(
    ...(filter.queue ? [eq(bossJobs.name, filter.queue)] : []),
    ...(filter.state ? [eq(stateText, filter.state)] : []),
    ...dayRange(bossJobs.createdOn, filter.createdOn_gte, filter.createdOn_lte),
  );
}

async function findJob(db: Tx, id: string): Promise<JobRow> {
  const [row] = await db.select().from(bossJobs).where(eq(bossJobs.id, id));
  if (!row) throw notFound('Job');
  return row;
}

export const getBackgroundJobsList = defineSlug({
  slug: 'backgroundJobs/getList',
  method: 'POST',
  access: VIEW,
  input: backgroundJobsListSchema,
  async handler({ input, services }): Promise<ListAnswer<BackgroundJobRow>> {
    const where = whereOf(input.filter);
    const { limit, offset } = pageOf(input.pagination);
    const columns = { createdOn: bossJobs.createdOn, startedOn: bossJobs.startedOn, completedOn: bossJobs.completedOn, queue: bossJobs.name, state: bossJobs.state };
    return listAnswer(
      services.db.select().from(bossJobs).where(where).orderBy(...orderOf(input.sort, columns, { field: 'createdOn', order: 'DESC' }, bossJobs.id)).limit(limit).offset(offset),
      services.db.select({ total: count() }).from(bossJobs).where(where),
      toRow,
    );
  },
});

export const getBackgroundJob = defineSlug({
  slug: 'backgroundJobs/getOne',
  method: 'POST',
  access: VIEW,
  input: backgroundJobOneSchema,
  async handler({ input, services }): Promise<{ data: BackgroundJobEntry }> {
    return { data: toEntry(await findJob(services.db, input.id)) };
  },
});

/**
 * Runs a failed job again: pg-boss puts it back in the retry state with one more try allowed, and
 * a worker of this process starts it at once (others at their next poll). Audited like any change.
 */
export const retryBackgroundJob = defineSlug({
  slug: 'backgroundJobs/retry',
  method: 'POST',
  access: RETRY,
  input: retryJobSchema,
  async handler(c): Promise<{ data: BackgroundJobEntry }> {
    const { services } = c;
    const ctx = mutationContext(c);
    const after = await services.db.transaction(async (tx) => {
      const before = await findJob(tx, c.input.id);
      // pg-boss retries only a failed job; a job that moved on (or another Retry) is left as it is.
      if (!(await services.jobs.retry(tx, before.name, before.id))) throw new ApiError(409, 'INVALID_STATUS', JOB_MESSAGES.notFailed, undefined, { current: toEntry(before) });
      const retried = await findJob(tx, before.id);
      await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'backgroundJob', recordId: before.id, before: auditImageOf(before), after: auditImageOf(retried), at: ctx.now });
      return retried;
    });
    services.jobs.wake(after.name);
    return { data: toEntry(after) };
  },
});

export const getJobQueues = defineSlug({
  slug: 'backgroundJobs/getQueues',
  method: 'POST',
  access: VIEW,
  input: jobQueuesListSchema,
  async handler({ services }): Promise<ListAnswer<{ id: string; name: string }>> {
    const rows = await services.db.select({ name: bossQueues.name }).from(bossQueues).orderBy(asc(bossQueues.name));
    return { data: rows.map((r) => ({ id: r.name, name: r.name })), total: rows.length };
  },
});

export const backgroundJobSlugs = [getBackgroundJobsList, getBackgroundJob, retryBackgroundJob, getJobQueues];
