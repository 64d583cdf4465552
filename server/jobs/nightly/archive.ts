/**
 * Enquiry archiving (nightly; spec 3 §2.2 "Archive logs", §3 archive stats): for each lease company
 * with enquiries past their threshold (domain/archive.ts), moves them to archived_enquiries in
 * batches of their own short transactions, each saving the figures with its checkpoint, so a run
 * killed or paused part-way goes on from there and the page shows live progress. The moved rows
 * keep their ids (invoices and messages refer to them by id, without foreign keys); the search
 * collections read the tables, so the archived enquiries search finds them at once.
 */
import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import { ARCHIVE_MESSAGES, archivedCount, archiveStatsOf, archiveThresholds, NO_ARCHIVED, type ArchiveProgress } from '../../../domain/archive';
import { ARCHIVE_KINDS } from '../../../domain/logs';
import type { NightlyJob, NightlyRunContext } from './runner';
import { companiesToArchive, countEligible, moveBatch } from './archive/sql';

/** Rows per batch transaction: short enough that no lock is held long (ours). */
export const ARCHIVE_BATCH_ROWS = 1000;
/**
 * After each batch the job rests this many times as long as the batch took (ours), leaving the
 * database to the searches and saves of the day: the night's archive takes longer, nobody waits.
 */
export const ARCHIVE_REST_RATIO = 1;

export interface ArchiveOptions {
  batchRows: number;
  restRatio: number;
}

/** The named point after each batch's commit (for the crash tests). */
export const ARCHIVE_BATCH_POINT = 'nightly:ENQUIRY_ARCHIVE:batch';

/** The figures at the start of a company's run: what there is to archive, nothing archived yet. */
async function startingProgress(ctx: NightlyRunContext<ArchiveProgress>, thresholds: ReturnType<typeof archiveThresholds>): Promise<ArchiveProgress> {
  const counts = await countEligible(ctx.services.db, ctx.lease.id, thresholds);
  return {
    totalEnquiriesToArchiveCount: archivedCount(counts),
    totalInvoicedEnquiriesToArchiveCount: counts.invoiced,
    archivedByKind: { ...NO_ARCHIVED },
    firstRunTimestamp: '',
    lastRunTimestamp: '',
  };
}

async function run(ctx: NightlyRunContext<ArchiveProgress>, { batchRows, restRatio }: ArchiveOptions) {
  const { db, clock } = ctx.services;
  const thresholds = archiveThresholds(ctx.day);
  let progress = ctx.checkpoint ?? (await startingProgress(ctx, thresholds));
  for (const kind of ARCHIVE_KINDS) {
    for (;;) {
      await ctx.stopIfPaused();
      const started = performance.now();
      const next = await db.transaction(async (tx) => {
        const now = clock.now();
        const moved = await moveBatch(tx, ctx.lease.id, kind, thresholds, batchRows, now);
        if (moved === 0) return null;
        const at = now.toISOString();
        const p: ArchiveProgress = {
          ...progress,
          archivedByKind: { ...progress.archivedByKind, [kind]: progress.archivedByKind[kind] + moved },
          firstRunTimestamp: progress.firstRunTimestamp || at,
          lastRunTimestamp: at,
        };
        await ctx.progress(tx, p, { message: ARCHIVE_MESSAGES.progress(archivedCount(p.archivedByKind), p.totalEnquiriesToArchiveCount), stats: { ...archiveStatsOf(p, ctx.day, false) } });
        return p;
      });
      if (!next) break;
      const took = performance.now() - started;
      progress = next;
      await ctx.reached(ARCHIVE_BATCH_POINT);
      await rest(took * restRatio);
    }
  }
  // Nothing to move (the rows changed since the companies were listed): the run is still dated.
  if (!progress.firstRunTimestamp) {
    const at = clock.now().toISOString();
    progress = { ...progress, firstRunTimestamp: at, lastRunTimestamp: at };
  }
  return { isSuccess: true, message: ARCHIVE_MESSAGES.done(archivedCount(progress.archivedByKind)), stats: { ...archiveStatsOf(progress, ctx.day, true) } };
}

const rest = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** The job with its batch size and rest; tests take small batches to see several. */
export function makeArchiveJob(options: Partial<ArchiveOptions> = {}): NightlyJob<ArchiveProgress> {
  const opts: ArchiveOptions = { batchRows: ARCHIVE_BATCH_ROWS, restRatio: ARCHIVE_REST_RATIO, ...options };
  return {
    queue: SCHEDULED_JOBS.enquiryArchive.queue,
    type: 'ENQUIRY_ARCHIVE',
    name: SCHEDULED_JOBS.enquiryArchive.label,
    leaseCompanies: (db, day) => companiesToArchive(db, day, archiveThresholds(day)),
    run: (ctx) => run(ctx, opts),
  };
}

export const archiveJob = makeArchiveJob();
