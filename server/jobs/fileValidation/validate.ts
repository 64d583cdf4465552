/**
 * The validation job of an uploaded file (spec 3 §2.5): streams the stored file through the CSV
 * parser, checks every row against its validation type (domain/fileValidation: cells, row rules,
 * keys that must not repeat) and, a batch at a time, against the database; writes the log file
 * (Row, Column, Message, like the network import's) and records the outcome on the report, live.
 * Memory holds one batch and the keys seen. Safe to run again after a crash: the outcome is
 * recorded only while the report still waits for it, and a log written by a dead run is never
 * linked (the files clean-up removes it).
 */
import { eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { topics } from '../../../domain/live';
import { FILE_CHECK_MESSAGES, FILE_VALIDATION_MESSAGES, RowChecker, validationTypeById, type ValidationType } from '../../../domain/fileValidation';
import { isBlankRecord, LOG_HEADER, logSummary, type CellError } from '../../../domain/network/format';
import type { Tx } from '../../db/client';
import { fileValidationReports } from '../../db/schema';
import { CsvReadError, readCsvRecords } from '../../files/csvReader';
import { FileWriter, deleteFile, readFileStream, type FileStore } from '../../files/storage';
import { notify } from '../../live/notify';
import type { Services } from '../../services';
import type { JobInfo } from '../boss';
import { logFileName, todayOf, type JobHooks } from '../network/context';
import { csvReadProblem, LOG_PROBLEMS_MAX, orderedBatches, ProblemLimit, writeLogRows } from '../batches';
import { BATCH_ROWS } from '../network/lookup';
import { JobSlices } from '../slices';
import { runDbChecks, type BatchRow } from './dbChecks';

export interface FileValidationJob {
  reportId: string;
  adminId: string | null;
}

export interface ValidationSummary {
  rowCount: number;
  errorCount: number;
}

/**
 * Checks the stored file `fileId` as `type`, handing each batch's problems to `onErrors` in file
 * order. A record the CSV reader cannot read (syntax, limits) is the last problem: the file is
 * checked up to it; so is the LOG_PROBLEMS_MAX-th problem. `slices`: the job's time slices. The
 * benchmark calls it too.
 */
export async function checkFile(
  store: FileStore,
  db: Tx,
  fileId: string,
  type: ValidationType,
  today: string,
  onErrors: (errors: CellError[]) => Promise<void>,
  slices = new JobSlices(),
): Promise<ValidationSummary> {
  const file = await readFileStream(store, db, fileId);
  if (!file) throw new Error(FILE_VALIDATION_MESSAGES.missingFile);
  let headerCells: string[] | null = null;
  let checker: RowChecker | null = null;
  let recordNo = 0;
  let rowCount = 0;
  let errorCount = 0;
  const limit = new ProblemLimit();
  const report = async (errors: CellError[]) => {
    const listed = limit.take(errors);
    if (listed.length === 0) return;
    errorCount += listed.length;
    await onErrors(listed);
  };
  // A batch: its rows' own problems and the rows whose cells all parsed (for the database checks).
  let pending: { errors: CellError[]; rows: BatchRow[] } = { errors: [], rows: [] };
  // Each batch's database checks run while the next is parsed; problems reach onErrors in file order.
  const batches = orderedBatches(async (batch: typeof pending) => {
    const found = batch.rows.length ? await runDbChecks(db, type, batch.rows) : [];
    await report([...batch.errors, ...found].sort((a, b) => a.row - b.row));
  });
  const flush = async () => {
    const batch = pending;
    pending = { errors: [], rows: [] };
    await batches.add(batch);
  };
  // The rows' own problems so far: past the limit, reading stops (the database checks' count at the next batch).
  let rowProblems = 0;

  try {
    read: for await (const records of readCsvRecords(file.stream, slices)) {
      for (const record of records) {
        recordNo++;
        if (!checker) {
          headerCells = record;
          const header = RowChecker.forHeader(type, record, today);
          if ('errors' in header) {
            await report(header.errors);
            return { rowCount, errorCount };
          }
          checker = header;
          continue;
        }
        if (isBlankRecord(record)) continue;
        rowCount++;
        const checked = checker.check(record, recordNo);
        rowProblems += checked.errors.length;
        pending.errors.push(...checked.errors);
        if (checked.values && checked.errors.length === 0) pending.rows.push({ row: checked.row, values: checked.values });
        if (rowCount % BATCH_ROWS === 0) await flush();
        if (limit.reached || rowProblems > LOG_PROBLEMS_MAX) break read;
      }
    }
  } catch (err) {
    if (!(err instanceof CsvReadError)) {
      await batches.quiesce();
      throw err;
    }
    await flush();
    await batches.drain();
    await report([csvReadProblem(err, headerCells)]);
    return { rowCount, errorCount };
  }
  await flush();
  await batches.drain();
  if (!checker || rowCount === 0) await report([{ row: checker ? 2 : 1, column: '', message: FILE_CHECK_MESSAGES.noRows }]);
  return { rowCount, errorCount };
}

async function finish(services: Services, reportId: string, patch: Partial<typeof fileValidationReports.$inferInsert>, logFileId: string | null): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(fileValidationReports).where(eq(fileValidationReports.id, reportId)).for('update');
    if (!current?.isProcessing) {
      // Recorded by another run meanwhile: this run's log is not the report's.
      if (logFileId) await deleteFile(tx, logFileId);
      return;
    }
    await tx.update(fileValidationReports).set({ ...patch, isProcessing: false, completedAt: services.clock.now() }).where(eq(fileValidationReports.id, reportId));
    await notify(tx, topics.fileValidation(), { op: 'done', type: 'fileValidationReport', id: reportId });
  });
}

export async function validateUploadedFile(services: Services, hooks: JobHooks, data: FileValidationJob, job: JobInfo): Promise<void> {
  const db = services.db;
  const [row] = await db.select().from(fileValidationReports).where(eq(fileValidationReports.id, data.reportId));
  if (!row?.isProcessing) return;
  const type = validationTypeById(row.validationType);
  if (!type || !row.fileId) {
    await finish(services, row.id, { processIndicator: 'FAILED', error: type ? FILE_VALIDATION_MESSAGES.missingFile : FILE_VALIDATION_MESSAGES.unknownType }, null);
    return;
  }
  const log = await FileWriter.open(services.files, db, { name: logFileName(row.fileName), contentType: 'text/csv', createdBy: data.adminId });
  await log.write(stringify([[...LOG_HEADER]]));
  let summary: ValidationSummary;
  const slices = new JobSlices();
  try {
    summary = await checkFile(
      services.files,
      db,
      row.fileId,
      type,
      todayOf(services),
      async (errors) => {
        await writeLogRows(log, errors, slices);
        await hooks.checkpoint?.('fileValidation:batch', job);
      },
      slices,
    );
  } catch (err) {
    if ((err as Error).message === FILE_VALIDATION_MESSAGES.missingFile) {
      await log.abort();
      await finish(services, row.id, { processIndicator: 'FAILED', error: FILE_VALIDATION_MESSAGES.missingFile }, null);
      return;
    }
    throw err;
  }
  const valid = summary.errorCount === 0;
  await log.write(stringify([['', '', logSummary(summary.rowCount, summary.errorCount, 'problem')]]));
  const file = await log.finish();
  await finish(services, row.id, { processIndicator: 'SUCCESS', validationStatus: valid, logFileId: file.id, rowCount: summary.rowCount, errorCount: summary.errorCount, error: null }, file.id);
}

/** The dead-letter side: a validation that failed for good is recorded as the process failing ('Error'). */
export async function recordFailedValidation(services: Services, data: FileValidationJob): Promise<void> {
  await finish(services, data.reportId, { processIndicator: 'FAILED', error: 'The validation failed repeatedly. Please upload the file again.' }, null);
}
