/**
 * The nightly jobs' frame (spec 3 §2.2, the process logs): a run is for one day and goes through
 * the job's lease companies one by one, writing one process log entry for each.
 * - Idempotent: an entry that completed successfully for its day is not run again.
 * - Resumable: an entry left RUNNING by a killed worker, or PAUSED, goes on from the checkpoint the
 *   job saved (in the same transaction as the batch it finished).
 * - Pausable: Pause on the background jobs screen (paused_jobs) is seen at the next step; the
 *   entry then carries state PAUSED, and Resume runs those days again.
 * - One run per entry: a run claims the entry (run_id); a run the queue took for expired while it was
 *   still at work finds the entry claimed by its retry at its next batch, and stops there.
 * - Live: every change of an entry is announced on the processLogs topic.
 * A failure of one lease company is recorded on its entry and the run goes on with the next.
 */
import type { FileStore } from '../../integrations/files';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ProcessLogType } from '../../../domain/logs';
import { RUN_MESSAGES } from '../../../domain/logs';
import { topics } from '../../../domain/live';
import type { Db, Tx } from '../../db/client';
import { pausedJobs, processLogs } from '../../db/schema';
import { notify } from '../../live/notify';
import type { Services } from '../../services';
import type { JobInfo } from '../boss';
import type { JobHooks } from '../network/context';

export interface LeaseRef {
  id: string;
  name: string;
  diCustomerId: string;
}

/** What a job's run for one lease company comes to: the entry's outcome and figures. */
export interface RunOutcome {
  isSuccess: boolean;
  isWarning?: boolean;
  message: string;
  stats?: Record<string, unknown> | null;
  data?: Record<string, unknown> | null;
  fileName?: string | null;
  exportedAt?: Date | null;
}

/** The figures so far, shown while the entry is RUNNING (and kept when it is PAUSED). */
export interface Progress {
  message?: string;
  stats?: Record<string, unknown> | null;
  data?: Record<string, unknown> | null;
}

export interface NightlyRunContext<C> {
  services: Services;
  /** The day the run is for (YYYY-MM-DD, UTC). */
  day: string;
  lease: LeaseRef;
  /** The process log entry of this lease company and day. */
  entryId: string;
  /** Where an interrupted run of this entry got to; null on a fresh start. */
  checkpoint: C | null;
  /** The figures an interrupted run had saved with its checkpoint. */
  saved: Progress;
  /**
   * Saves the cursor and the figures so far, inside `tx` (the batch's own transaction, so that a
   * crash loses neither or both), and tells the process logs page.
   */
  progress(tx: Tx, checkpoint: C, figures?: Progress): Promise<void>;
  /** Throws JobPaused when the job has been paused: call between batches, outside a transaction. */
  stopIfPaused(): Promise<void>;
  /** A named point for the crash tests (`nightly:{type}:batch`); nothing in the product. */
  reached(point: string): Promise<void>;
}

export interface NightlyJob<C = Record<string, unknown>> {
  queue: string;
  type: ProcessLogType;
  /** The entry's name on the process logs page. */
  name: string;
  /** The lease companies the job runs for on `day`, in a stable order. */
  leaseCompanies(db: Db, day: string, files: FileStore): Promise<LeaseRef[]>;
  run(ctx: NightlyRunContext<C>): Promise<RunOutcome>;
}

/** Thrown between batches when the job has been paused. */
export class JobPaused extends Error {
  constructor() {
    super('paused');
  }
}

/** Thrown by progress() when another run has taken the entry over: this run's batch rolls back. */
export class RunSuperseded extends Error {
  constructor() {
    super('another run has taken this entry over');
  }
}

export interface NightlyRunData {
  /** The day to run for; today (UTC) when not given (the schedule, Run now). */
  day?: string;
}

export interface NightlyRunSummary {
  day: string;
  ran: number;
  alreadyDone: number;
  failed: number;
  paused: boolean;
  /** Set when another run took an entry of this one over: this run stopped there. */
  superseded?: true;
}

export async function isPaused(db: Db | Tx, queue: string): Promise<boolean> {
  const rows = await db.select({ queue: pausedJobs.queue }).from(pausedJobs).where(eq(pausedJobs.queue, queue));
  return rows.length > 0;
}

type Entry = typeof processLogs.$inferSelect;

/** The entry of this job, lease company and day: created (as RUNNING) on the first run of the day. */
async function entryFor(services: Services, job: NightlyJob<unknown>, lease: LeaseRef, day: string): Promise<Entry> {
  const now = services.clock.now();
  await services.db
    .insert(processLogs)
    .values({ type: job.type, name: job.name, message: RUN_MESSAGES.running, isPending: true, state: 'RUNNING', executedAt: now, updatedAt: now, leaseCompanyId: lease.id, runDay: day })
    .onConflictDoNothing({ target: [processLogs.type, processLogs.leaseCompanyId, processLogs.runDay], where: sql`run_day IS NOT NULL` });
  const [entry] = await services.db
    .select()
    .from(processLogs)
    .where(and(eq(processLogs.type, job.type), eq(processLogs.leaseCompanyId, lease.id), eq(processLogs.runDay, day)));
  return entry;
}

/** Updates the entry if `runId` (when given) still holds it; answers the entry, or null when another run does. */
async function update(services: Services, id: string, values: Partial<Entry>, runId?: string): Promise<Entry | null> {
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(processLogs)
      .set({ ...values, updatedAt: services.clock.now() })
      .where(runId ? and(eq(processLogs.id, id), eq(processLogs.runId, runId)) : eq(processLogs.id, id))
      .returning();
    if (row) await notify(tx, topics.processLogs(), { op: 'update', id });
    return row ?? null;
  });
}

/** Runs `job` for its day, lease company by lease company. Answers what it did (the pg-boss job's output). */
export async function runNightly<C>(services: Services, job: NightlyJob<C>, data: NightlyRunData, hooks: JobHooks, info: JobInfo): Promise<NightlyRunSummary> {
  const day = data.day ?? services.clock.now().toISOString().slice(0, 10);
  const runId = randomUUID();
  const summary: NightlyRunSummary = { day, ran: 0, alreadyDone: 0, failed: 0, paused: false };
  const leases = await job.leaseCompanies(services.db, day, services.files);
  for (const lease of leases) {
    const entry = await entryFor(services, job as NightlyJob<unknown>, lease, day);
    if (entry.state === 'COMPLETED' && entry.isSuccess) {
      summary.alreadyDone++;
      continue;
    }
    if (summary.paused || (await isPaused(services.db, job.queue))) {
      summary.paused = true;
      await update(services, entry.id, { state: 'PAUSED', isPending: true, isSuccess: false, isWarning: false, message: RUN_MESSAGES.paused });
      continue;
    }
    // A run killed, paused or failed part-way left its cursor: go on from there. Claiming the entry
    // waits for a batch another run has in flight, so the cursor read here is the latest.
    const resumed = entry.state !== 'COMPLETED' || entry.checkpoint !== null;
    const claimed = (await update(services, entry.id, {
      runId,
      state: 'RUNNING',
      isPending: true,
      isSuccess: false,
      isWarning: false,
      message: RUN_MESSAGES.running,
      ...(resumed ? {} : { executedAt: services.clock.now(), checkpoint: null }),
    }))!;
    const ctx: NightlyRunContext<C> = {
      services,
      day,
      lease,
      entryId: entry.id,
      checkpoint: resumed ? ((claimed.checkpoint as C | null) ?? null) : null,
      saved: resumed ? { stats: claimed.stats, data: claimed.data } : {},
      async progress(tx, checkpoint, figures = {}) {
        const [held] = await tx
          .update(processLogs)
          .set({ checkpoint: checkpoint as Record<string, unknown>, updatedAt: services.clock.now(), ...(figures.message ? { message: figures.message } : {}), ...(figures.stats !== undefined ? { stats: figures.stats } : {}), ...(figures.data !== undefined ? { data: figures.data } : {}) })
          .where(and(eq(processLogs.id, entry.id), eq(processLogs.runId, runId)))
          .returning({ id: processLogs.id });
        if (!held) throw new RunSuperseded();
        await notify(tx, topics.processLogs(), { op: 'progress', id: entry.id });
      },
      async stopIfPaused() {
        if (await isPaused(services.db, job.queue)) throw new JobPaused();
      },
      reached: async (point) => hooks.checkpoint?.(point, info),
    };
    try {
      const outcome = await job.run(ctx);
      const done = await update(services, entry.id, {
        state: 'COMPLETED',
        isPending: false,
        isSuccess: outcome.isSuccess,
        isWarning: outcome.isSuccess && Boolean(outcome.isWarning),
        message: outcome.message,
        stats: outcome.stats ?? null,
        data: outcome.data ?? null,
        fileName: outcome.fileName ?? null,
        exportedAt: outcome.exportedAt ?? null,
        checkpoint: null,
      }, runId);
      if (!done) throw new RunSuperseded();
      summary.ran++;
      if (!outcome.isSuccess) summary.failed++;
    } catch (err) {
      if (err instanceof RunSuperseded) {
        // The run that took the entry over goes through the rest of the day's companies too.
        services.log.warn({ type: job.type, lease: lease.id, day }, 'a nightly run stopped: another run took its entry over');
        summary.superseded = true;
        return summary;
      }
      if (err instanceof JobPaused) {
        summary.paused = true;
        await update(services, entry.id, { state: 'PAUSED', isPending: true, message: RUN_MESSAGES.paused }, runId);
        continue;
      }
      // Recorded on the entry; a later run of the day (Run now, the retry) tries it again.
      services.log.error({ err, type: job.type, lease: lease.id, day }, 'a nightly job failed for a lease company');
      summary.ran++;
      summary.failed++;
      await update(services, entry.id, { state: 'COMPLETED', isPending: false, isSuccess: false, isWarning: false, message: (err as Error).message.slice(0, 500) }, runId);
    }
  }
  return summary;
}
