/**
 * The nightly contract and stock import (process log type STOCK_IMPORT): applies each lease
 * company's newest validated contract, stock and termination files (import/files.ts) to its
 * vehicles, by the rules of domain/contractImport.ts, writing one process log entry per company.
 *
 * - The companies: ACTIVE ones that supply import files (config.stock.isImportFileSupplied), and any
 *   other ACTIVE company a new validated file holds rows of (an upload is an explicit request).
 * - A company expecting files with none new gets a failed entry, 'Stock file not received from the
 *   customer': red on the process logs page, for support to chase, and run again by a later Run now
 *   of the same day once the file has arrived (a successful entry would not be).
 * - Rows are applied BATCH_ROWS at a time, each batch in one transaction with the checkpoint (file
 *   and row reached) and the figures so far; the file is marked applied in the transaction of its
 *   last rows. A run killed or paused goes on from there: no row is applied or counted twice.
 * - Skipped rows make the entry a warning (orange), so that they are looked at.
 */
import type { FileStore } from '../../integrations/files';
import { eq } from 'drizzle-orm';
import { emptyFileCounts, emptyImportStats, IMPORT_MESSAGES, MAINTAINED_ONLY_FLAG } from '../../../domain/contractImport';
import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import { validationTypeById } from '../../../domain/fileValidation';
import type { ExportFileCounts, ImportStats } from '../../../domain/logs';
import type { Db } from '../../db/client';
import { leaseCompanies } from '../../db/schema';
import { BATCH_ROWS } from '../network/lookup';
import { todayOf } from '../network/context';
import { applyBatch, contractKeysOf, subCustomersOf, type CompanyScope } from './import/apply';
import { companiesWithNewFiles, filesToApply, indexNewFiles, markApplied, type PlannedFile } from './import/files';
import { companyRowsOf, type CompanyRow } from './import/rows';
import type { LeaseRef, NightlyJob, NightlyRunContext, RunOutcome } from './runner';

/** Where a company's run has got to: its files (chosen at its start) and the last row applied of `files[file]`. */
export interface ImportCheckpoint {
  files: PlannedFile[];
  file: number;
  row: number;
}

export const IMPORT_BATCH_POINT = 'nightly:STOCK_IMPORT:batch';

async function leaseCompaniesOf(db: Db, day: string, files: FileStore): Promise<LeaseRef[]> {
  await indexNewFiles(files, db, day);
  const withFiles = await companiesWithNewFiles(db, day);
  const rows = await db
    .select({ id: leaseCompanies.id, name: leaseCompanies.name, diCustomerId: leaseCompanies.diCustomerId, config: leaseCompanies.config })
    .from(leaseCompanies)
    .where(eq(leaseCompanies.status, 'ACTIVE'))
    .orderBy(leaseCompanies.seq);
  return rows
    .filter((l) => l.config?.stock?.isImportFileSupplied === true || withFiles.has(l.diCustomerId.toLowerCase()))
    .map(({ id, name, diCustomerId }) => ({ id, name, diCustomerId }));
}

/** The registrations and stock ids of the company's rows in the run's contract file (stock rows repeating them are skipped). */
async function contractKeys(ctx: NightlyRunContext<ImportCheckpoint>, files: PlannedFile[], today: string): Promise<Set<string>> {
  const keys = new Set<string>();
  const contract = files.find((f) => f.kind === 'contract');
  if (!contract) return keys;
  for await (const r of companyRowsOf(ctx.services.files, ctx.services.db, contract.fileId, contract.fileName, validationTypeById(contract.validationType)!, ctx.lease.diCustomerId, today)) {
    if (r.values) for (const k of contractKeysOf(r.values)) keys.add(k);
  }
  return keys;
}

async function run(ctx: NightlyRunContext<ImportCheckpoint>): Promise<RunOutcome> {
  const { services, lease, day } = ctx;
  const db = services.db;
  const today = todayOf(services);
  const stats: ImportStats = { ...emptyImportStats(), ...(ctx.saved.stats as Partial<ImportStats> | null | undefined) };
  const counts: ExportFileCounts = { ...emptyFileCounts(), ...(ctx.saved.data as Partial<ExportFileCounts> | null | undefined) };
  let cp = ctx.checkpoint;
  if (!cp) {
    const planned = await filesToApply(db, lease.diCustomerId, day);
    if (planned.length === 0) {
      return { isSuccess: false, message: `${IMPORT_MESSAGES.notReceived}\n${IMPORT_MESSAGES.notReceivedHint}`, stats: { ...stats }, data: { ...counts } };
    }
    counts.totalRecordsCount = planned.reduce((n, f) => n + f.rowCount, 0);
    const start: ImportCheckpoint = { files: planned, file: 0, row: 0 };
    // The chosen files are kept first, so a run killed before its first batch applies the same ones.
    await db.transaction((tx) => ctx.progress(tx, start, { stats: { ...stats }, data: { ...counts } }));
    cp = start;
  }
  const [company] = await db.select({ config: leaseCompanies.config }).from(leaseCompanies).where(eq(leaseCompanies.id, lease.id));
  const scope: CompanyScope = {
    leaseCompanyId: lease.id,
    policy: { day, maintainedOnly: company?.config?.featureFlags?.[MAINTAINED_ONLY_FLAG] === true },
    subCustomers: await subCustomersOf(db, lease.id),
    contractKeys: null,
    now: services.clock.now(),
  };

  const { files } = cp;
  for (let i = cp.file; i < files.length; i++) {
    const file = files[i];
    scope.contractKeys = file.kind === 'stock' ? await contractKeys(ctx, files, today) : null;
    // The last row applied of this file: where a resumed run picks it up.
    let reached = i === cp.file ? cp.row : 0;
    let batch: CompanyRow[] = [];
    /** Applies the rows held and saves where the run is; `done` also marks the file applied and moves on to the next. */
    const commit = async (done: boolean) => {
      const rows = batch;
      batch = [];
      reached = rows.at(-1)?.row ?? reached;
      const next: ImportCheckpoint = done ? { files, file: i + 1, row: 0 } : { files, file: i, row: reached };
      await db.transaction(async (tx) => {
        await applyBatch(tx, file.kind, rows, scope, stats, counts);
        if (done) await markApplied(tx, file, lease.diCustomerId, ctx.entryId, services.clock.now());
        await ctx.progress(tx, next, { stats: { ...stats }, data: { ...counts } });
      });
    };
    for await (const r of companyRowsOf(services.files, db, file.fileId, file.fileName, validationTypeById(file.validationType)!, lease.diCustomerId, today, reached)) {
      batch.push(r);
      if (batch.length >= BATCH_ROWS) {
        await commit(false);
        await ctx.reached(IMPORT_BATCH_POINT);
        await ctx.stopIfPaused();
      }
    }
    await commit(true);
  }
  return {
    isSuccess: true,
    isWarning: stats.skipped > 0,
    message: IMPORT_MESSAGES.done(counts, stats),
    stats: { ...stats },
    data: { ...counts },
  };
}

export const contractImportJob: NightlyJob<ImportCheckpoint> = {
  queue: SCHEDULED_JOBS.contractImport.queue,
  type: 'STOCK_IMPORT',
  name: SCHEDULED_JOBS.contractImport.label,
  leaseCompanies: leaseCompaniesOf,
  run,
};
