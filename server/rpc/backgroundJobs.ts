import { and, asc, count, eq, notLike, sql, type SQL } from 'drizzle-orm';
import {
  backgroundJobOneSchema,
  backgroundJobsListSchema,
  jobErrorText,
  jobQueuesListSchema,
  JOB_MESSAGES,
  retryJobSchema,
  runScheduledJobSchema,
  SCHEDULED_JOBS,
  type BackgroundJobEntry,
  type BackgroundJobRow,
  type BackgroundJobsListQuery,
  type JobState,
} from '../../domain/backgroundJobs';
import type { ListAnswer } from '../../domain/lists';
import { bossArchive, bossJobs, bossQueues } from '../jobs/jobTable';
import type { Tx } from '../db/client';
import { ApiError, notFound } from './errors';
import { writeAudit } from './audit';
import { dayRange, listAnswer, orderOf, pageOf } from './lists';
import { mutationContext } from './records';
import { defineSlug } from './registry';

/** pg-boss's jobs: those in its queues, and the finished ones it has archived. */
const VIEW = { permission: 'BACKGROUND_JOBS', action: 'view' } as const;
const RETRY = { permission: 'BACKGROUND_JOBS', action: 'edit' } as const;

/** One table's rows as the screen reads them; the state (an enum) as text, so both drivers compare it alike. */
const columnsOf = (t: typeof bossJobs | typeof bossArchive, archived: boolean) => ({
  id: t.id,
  name: t.name,
  data: t.data,
  state: sql<string>`${t.state}::text`.as('state'),
  retryLimit: t.retryLimit,
  retryCount: t.retryCount,
  createdOn: t.createdOn,
  startedOn: t.startedOn,
  completedOn: t.completedOn,
  output: t.output,
  archived: sql<boolean>`${sql.raw(String(archived))}`.as('archived'),
});

/** Every job, live or archived, as one relation. */
const everyJob = (db: Tx) => db.select(columnsOf(bossJobs, false)).from(bossJobs).unionAll(db.select(columnsOf(bossArchive, true)).from(bossArchive)).as('jobs');

interface JobRow {
  id: string;
  name: string;
  data: unknown;
  state: string;
  retryLimit: number;
  retryCount: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  output: unknown;
  archived: boolean;
}

function toRow(r: JobRow): BackgroundJobRow {
  return {
    id: r.id,
    queue: r.name,
    state: r.state as JobState,
    archived: r.archived,
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

/** pg-boss's own queues (its scheduler's '__pgboss__send-it'): machinery, not the product's jobs. */
const PRODUCT_QUEUE = (name: Parameters<typeof notLike>[0]) => notLike(name, '\\_\\_pgboss\\_\\_%');

function whereOf(jobs: ReturnType<typeof everyJob>, filter: BackgroundJobsListQuery['filter']): SQL | undefined {
  return and(
    PRODUCT_QUEUE(jobs.name),
    ...(filter.queue ? [eq(jobs.name, filter.queue)] : []),
    ...(filter.state ? [eq(jobs.state, filter.state)] : []),
    ...dayRange(jobs.createdOn, filter.createdOn_gte, filter.createdOn_lte),
  );
}

/** A job live or archived (live first: a job is archived only once it is finished), or 404. */
async function findJob(db: Tx, id: string): Promise<JobRow> {
  const jobs = everyJob(db);
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).orderBy(asc(jobs.archived)).limit(1);
  if (!row) throw notFound('Job');
  return row as JobRow;
}

export const getBackgroundJobsList = defineSlug({
  slug: 'backgroundJobs/getList',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: backgroundJobsListSchema,
  async handler({ input, services }): Promise<ListAnswer<BackgroundJobRow>> {
    const jobs = everyJob(services.db);
    const where = whereOf(jobs, input.filter);
    const { limit, offset } = pageOf(input.pagination);
    const columns = { createdOn: jobs.createdOn, startedOn: jobs.startedOn, completedOn: jobs.completedOn, queue: jobs.name, state: jobs.state, id: jobs.id };
    return listAnswer(
      services.db.select().from(jobs).where(where).orderBy(...orderOf(input.sort, columns, { field: 'createdOn', order: 'DESC' }, jobs.id)).limit(limit).offset(offset),
      services.db.select({ total: count() }).from(jobs).where(where),
      (r) => toRow(r as JobRow),
    );
  },
});

export const getBackgroundJob = defineSlug({
  slug: 'backgroundJobs/getOne',
  method: 'POST',
  effect: 'read',
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
  effect: 'write',
  access: RETRY,
  input: retryJobSchema,
  async handler(c): Promise<{ data: BackgroundJobEntry }> {
    const { services } = c;
    const ctx = mutationContext(c);
    const after = await services.db.transaction(async (tx) => {
      const before = await findJob(tx, c.input.id);
      if (before.archived) throw new ApiError(409, 'INVALID_STATUS', JOB_MESSAGES.archived, undefined, { current: toEntry(before) });
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
  effect: 'read',
  access: VIEW,
  input: jobQueuesListSchema,
  async handler({ services }): Promise<ListAnswer<{ id: string; name: string }>> {
    const rows = await services.db.select({ name: bossQueues.name }).from(bossQueues).where(PRODUCT_QUEUE(bossQueues.name)).orderBy(asc(bossQueues.name));
    return { data: rows.map((r) => ({ id: r.name, name: r.name })), total: rows.length };
  },
});

/**
 * Runs a scheduled job now (the weekly statement, the clean-up), as its schedule would: the job is
 * enqueued with no data, so it works on the period it would have at its next run. Audited.
 */
export const runScheduledJob = defineSlug({
  slug: 'backgroundJobs/runScheduled',
  method: 'POST',
  effect: 'write',
  access: RETRY,
  input: runScheduledJobSchema,
  async handler(c): Promise<{ data: BackgroundJobEntry }> {
    const { services, input } = c;
    const ctx = mutationContext(c);
    const label = Object.values(SCHEDULED_JOBS).find((j) => j.queue === input.queue)!.label;
    const job = await services.db.transaction(async (tx) => {
      const id = await services.jobs.send(tx, input.queue, {});
      await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'backgroundJob', recordId: id, before: null, after: { queue: input.queue, label }, at: ctx.now });
      return findJob(tx, id);
    });
    services.jobs.wake(input.queue);
    return { data: toEntry(job) };
  },
});

export const backgroundJobSlugs = [getBackgroundJobsList, getBackgroundJob, retryBackgroundJob, getJobQueues, runScheduledJob];
