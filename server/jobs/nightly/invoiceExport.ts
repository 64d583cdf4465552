/**
 * The daily invoice export (nightly, spec 3 §2.2): for each lease company that has it switched on,
 * the invoices and credit notes with the previous day's tax point date, written into the company's
 * export file (invoiceExportFile.ts) and named after the export numbers it holds.
 *
 * Numbers: every block (document) takes the next number of the company's own sequence, which runs
 * on from the highest number in the company's earlier export file names. A day with nothing still
 * gets its (empty) `none` file, so the customer's finance system receives a file every day and an
 * absent one means a failure. The file, its name on the entry and the checkpoint commit in one
 * transaction, under a lock per company: a crash before it leaves no file and no number taken (the
 * rerun writes the same numbers); a crash after it resumes from the checkpoint and writes nothing.
 */
import { eq, and, isNotNull, ne, sql } from 'drizzle-orm';
import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import { dayBefore, invoiceExportMessage, lastExportNumber } from '../../../domain/invoiceExport';
import type { InvoiceExportData } from '../../../domain/logs';
import type { Db, Tx } from '../../db/client';
import { processLogs } from '../../db/schema';
import { rowsOf } from '../network/lookup';
import { writeInvoiceExport } from './invoiceExportFile';
import type { LeaseRef, NightlyJob, NightlyRunContext, RunOutcome } from './runner';

const TYPE = 'DAILY_INVOICE_EXPORT' as const;

/** Saved with the file: a resumed run answers it without writing again. */
export interface InvoiceExportCheckpoint {
  fileName: string;
  exportedAt: string;
  data: InvoiceExportData;
}

/**
 * Companies with the daily invoice export switched on: the ACTIVE ones, and a TERMINATED one that
 * still has documents dated the day exported (a credit note raised after termination still has to
 * reach its finance system).
 */
async function leaseCompanies(db: Db, runDay: string): Promise<LeaseRef[]> {
  const day = dayBefore(runDay);
  return rowsOf<LeaseRef>(
    db,
    sql`SELECT l.id, l.name, l.di_customer_id AS "diCustomerId"
          FROM lease_companies l
         WHERE l.config->'dailyInvoiceExport'->'isEnabled' = 'true'::jsonb
           AND (l.status = 'ACTIVE' OR EXISTS (SELECT 1 FROM invoices i WHERE i.lease_company_id = l.id AND i.tax_point_date = ${day}))
         ORDER BY lower(l.name), l.id`,
  );
}

/** The file names of the company's other export entries, which hold the numbers used so far. */
async function earlierFileNames(tx: Tx, leaseCompanyId: string, entryId: string): Promise<(string | null)[]> {
  const rows = await tx
    .select({ fileName: processLogs.fileName })
    .from(processLogs)
    .where(and(eq(processLogs.type, TYPE), eq(processLogs.leaseCompanyId, leaseCompanyId), isNotNull(processLogs.fileName), ne(processLogs.id, entryId)));
  return rows.map((r) => r.fileName);
}

const outcomeOf = (c: InvoiceExportCheckpoint): RunOutcome => ({
  isSuccess: true,
  message: invoiceExportMessage(c.data),
  data: { ...c.data },
  fileName: c.fileName,
  exportedAt: new Date(c.exportedAt),
});

async function run(ctx: NightlyRunContext<InvoiceExportCheckpoint>): Promise<RunOutcome> {
  if (ctx.checkpoint) return outcomeOf(ctx.checkpoint);
  const { services, lease, entryId } = ctx;
  const done = await services.db.transaction(async (tx) => {
    // Runs for one company take turns (numbers are the company's); a run that waited finds the
    // file the other wrote for this entry.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invoice-export:${lease.id}`}))`);
    const [entry] = await tx.select({ checkpoint: processLogs.checkpoint }).from(processLogs).where(eq(processLogs.id, entryId));
    const saved = entry?.checkpoint as InvoiceExportCheckpoint | null;
    if (saved?.fileName) return saved;
    const exportedAt = services.clock.now();
    const { file, tally } = await writeInvoiceExport(services.files, tx, {
      leaseCompanyId: lease.id,
      diCustomerId: lease.diCustomerId,
      day: dayBefore(ctx.day),
      previousLast: lastExportNumber(await earlierFileNames(tx, lease.id, entryId)),
      createdAt: exportedAt,
      afterBatch: () => ctx.reached(`nightly:${TYPE}:batch`),
    });
    const checkpoint: InvoiceExportCheckpoint = { fileName: file.name, exportedAt: exportedAt.toISOString(), data: tally.data() };
    // The name goes on the entry with the file, so the next day's numbers see it even if the
    // worker dies before the entry is marked complete.
    await tx.update(processLogs).set({ fileName: file.name, exportedAt }).where(eq(processLogs.id, entryId));
    await ctx.progress(tx, checkpoint, { data: { ...checkpoint.data } });
    return checkpoint;
  });
  return outcomeOf(done);
}

export const invoiceExportJob: NightlyJob<InvoiceExportCheckpoint> = {
  queue: SCHEDULED_JOBS.dailyInvoiceExport.queue,
  type: TYPE,
  name: SCHEDULED_JOBS.dailyInvoiceExport.label,
  leaseCompanies,
  run,
};
