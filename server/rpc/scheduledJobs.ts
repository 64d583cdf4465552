/**
 * The scheduled jobs on the background jobs screen: when each runs, and Pause and Resume of the
 * nightly ones (the process logs' jobs). A paused job's runs stop at their next step, leaving their
 * entries PAUSED; Resume runs those days again, from where they stopped.
 */
import { and, eq, sql } from 'drizzle-orm';
import { JOB_MESSAGES, jobQueuesListSchema, pauseJobSchema, SCHEDULED_JOBS, type ScheduledJobRow } from '../../domain/backgroundJobs';
import type { ListAnswer } from '../../domain/lists';
import { pausedJobs, processLogs } from '../db/schema';
import { NIGHTLY_JOBS } from '../jobs/nightly';
import { writeAudit } from './audit';
import { defineSlug, mutationContext, sessionPerson } from './registry';

const VIEW = { permission: 'BACKGROUND_JOBS', action: 'view' } as const;
const EDIT = { permission: 'BACKGROUND_JOBS', action: 'edit' } as const;

const jobOf = (queue: string) => Object.values(SCHEDULED_JOBS).find((j) => j.queue === queue)!;

export const getScheduledJobs = defineSlug({
  slug: 'backgroundJobs/getScheduled',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: jobQueuesListSchema,
  async handler({ services }): Promise<ListAnswer<ScheduledJobRow>> {
    const paused = new Map((await services.db.select().from(pausedJobs)).map((p) => [p.queue, p]));
    const crons = services.config.jobs.schedules;
    const data = Object.values(SCHEDULED_JOBS).map((j): ScheduledJobRow => {
      const p = paused.get(j.queue);
      return {
        id: j.queue,
        queue: j.queue,
        label: j.label,
        cron: crons[j.queue] ?? j.cron,
        nightly: j.nightly,
        paused: Boolean(p),
        pausedAt: p ? p.pausedAt.toISOString() : null,
        pausedBy: p?.pausedBy ? `${p.pausedBy.firstname} ${p.pausedBy.lastname}` : null,
      };
    });
    return { data, total: data.length };
  },
});

export const pauseScheduledJob = defineSlug({
  slug: 'backgroundJobs/pause',
  method: 'POST',
  effect: 'write',
  access: EDIT,
  input: pauseJobSchema,
  async handler(c): Promise<{ message: string }> {
    const { services, input } = c;
    const ctx = mutationContext(c);
    await services.db.transaction(async (tx) => {
      const [row] = await tx.insert(pausedJobs).values({ queue: input.queue, pausedAt: ctx.now, pausedBy: sessionPerson(c) }).onConflictDoNothing().returning();
      if (row) await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'scheduledJob', recordId: input.queue, before: { paused: false }, after: { paused: true }, at: ctx.now });
    });
    return { message: JOB_MESSAGES.paused(jobOf(input.queue).label) };
  },
});

/** Resume: the pause goes, and each day with entries left PAUSED is run again (their checkpoints carry on). */
export const resumeScheduledJob = defineSlug({
  slug: 'backgroundJobs/resume',
  method: 'POST',
  effect: 'write',
  access: EDIT,
  input: pauseJobSchema,
  async handler(c): Promise<{ message: string; days: string[] }> {
    const { services, input } = c;
    const ctx = mutationContext(c);
    const type = NIGHTLY_JOBS.find((j) => j.queue === input.queue)!.type;
    const days = await services.db.transaction(async (tx) => {
      const [row] = await tx.delete(pausedJobs).where(eq(pausedJobs.queue, input.queue)).returning();
      if (!row) return [];
      await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'scheduledJob', recordId: input.queue, before: { paused: true }, after: { paused: false }, at: ctx.now });
      const paused = await tx
        .selectDistinct({ day: processLogs.runDay })
        .from(processLogs)
        .where(and(eq(processLogs.type, type), eq(processLogs.state, 'PAUSED'), sql`${processLogs.runDay} IS NOT NULL`))
        .orderBy(processLogs.runDay);
      const list = paused.map((p) => p.day!);
      for (const day of list) await services.jobs.send(tx, input.queue, { day });
      return list;
    });
    if (days.length) services.jobs.wake(input.queue);
    return { message: JOB_MESSAGES.resumed(jobOf(input.queue).label), days };
  },
});

export const scheduledJobSlugs = [getScheduledJobs, pauseScheduledJob, resumeScheduledJob];
