/**
 * Reads a stored network file row by row, in batches: parses the CSV as it streams from the
 * chunked store, checks every row against the format and then, one query per batch, against the
 * database. Validation logs what it reports; persisting applies the rows (and refuses any error).
 */
import {
  FORMAT_MESSAGES,
  isBlankRecord,
  parseRow,
  readHeader,
  type CellError,
  type HeaderMap,
  type NetworkFormat,
  type NetworkRow,
} from '../../../domain/network';
import type { Tx } from '../../db/client';
import { CsvReadError, readCsvRecords } from '../../files/csvReader';
import { readFileStream, type FileStore } from '../../files/storage';
import { csvReadProblem, LOG_PROBLEMS_MAX, orderedBatches, ProblemLimit } from '../batches';
import { JobSlices } from '../slices';
import { BATCH_ROWS, LOOKUP_MESSAGES, lookupSuppliers, type NetworkScope, type SupplierRef } from './lookup';

export interface CheckedRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  supplier: SupplierRef;
  values: NetworkRow;
  /** DI: every terms cell empty, for a supplier without DI terms: nothing to apply. */
  noTerms: boolean;
}

export interface ReadBatch {
  rows: CheckedRow[];
  /** In row order. */
  errors: CellError[];
}

export interface ReadSummary {
  rowCount: number;
  errorCount: number;
}

export class MissingFileError extends Error {}

interface Pending {
  row: number;
  code: string;
  group: string;
  values: NetworkRow;
  noTerms: boolean;
  requiredErrors: CellError[];
  errors: CellError[];
}

/**
 * Streams the file and calls `onBatch` for every batch of rows (valid rows and the errors found),
 * in file order. Header and CSV syntax problems are reported as errors too; a record the CSV
 * reader cannot read (syntax, limits) is the last error, after those of the rows before it, and
 * so is the LOG_PROBLEMS_MAX-th error.
 * `slices`: the job's time slices (the reader pauses in them for the event loop).
 */
export async function readNetworkFile(
  store: FileStore,
  tx: Tx,
  fileId: string,
  format: NetworkFormat,
  scope: NetworkScope,
  today: string,
  onBatch: (batch: ReadBatch) => Promise<void>,
  slices = new JobSlices(),
): Promise<ReadSummary> {
  const file = await readFileStream(store, tx, fileId);
  if (!file) throw new MissingFileError('The uploaded file is missing');
  let header: string[] | null = null;
  let map: HeaderMap | null = null;
  let recordNo = 0;
  let rowCount = 0;
  let errorCount = 0;
  const firstRowOf = new Map<string, number>();
  let pending: Pending[] = [];
  const limit = new ProblemLimit();
  /** Hands a batch on, its problems counted; nothing more once the log is full (reading stops then). */
  const emit = async (batch: ReadBatch) => {
    if (limit.reached) return;
    const errors = limit.take(batch.errors);
    errorCount += errors.length;
    await onBatch({ rows: batch.rows, errors });
  };
  const settle = async (batch: Pending[]) => {
    const refs = await lookupSuppliers(tx, scope, [...new Set(batch.map((p) => p.code))]);
    const out: ReadBatch = { rows: [], errors: [] };
    for (const p of batch) {
      const errors = p.errors;
      const ref = refs.get(p.code);
      if (p.code) {
        if (!ref) errors.push({ row: p.row, column: 'Supplier Id', message: LOOKUP_MESSAGES.unknownSupplier(p.code) });
        else if (p.group && ref.groupCode !== p.group) errors.push({ row: p.row, column: 'Group Id', message: LOOKUP_MESSAGES.wrongGroup(p.code, ref.groupCode, p.group) });
        else if (!ref.allowed) errors.push({ row: p.row, column: 'Group Id', message: scope.isDi ? LOOKUP_MESSAGES.notDi : LOOKUP_MESSAGES.notLinked(ref.groupCode) });
      }
      // A DI supplier that has terms cannot have them emptied by a file: its required cells count.
      if (p.noTerms && ref?.hasTerms) errors.push(...p.requiredErrors);
      if (errors.length) out.errors.push(...errors);
      else out.rows.push({ row: p.row, supplier: ref!, values: p.values, noTerms: p.noTerms && !ref!.hasTerms });
    }
    await emit(out);
  };
  const batches = orderedBatches(settle);
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    await batches.add(batch);
  };
  const drain = async () => {
    await flush();
    await batches.drain();
  };

  // The rows' own problems so far: past the limit, reading stops (the database checks' count at the next batch).
  let rowProblems = 0;

  try {
    read: for await (const records of readCsvRecords(file.stream, slices)) {
      for (const record of records) {
        recordNo++;
        if (!map) {
          header = record;
          const read = readHeader(format, record);
          if ('errors' in read) {
            await emit({ rows: [], errors: read.errors });
            return { rowCount, errorCount };
          }
          map = read.map;
          continue;
        }
        if (isBlankRecord(record)) continue;
        const row = recordNo;
        rowCount++;
        const parsed = parseRow(format, map, record, row, today);
        const code = String(parsed.values.supplierId ?? '');
        const group = String(parsed.values.groupId ?? '');
        const errors = parsed.errors;
        if (code) {
          const first = firstRowOf.get(code);
          if (first !== undefined) errors.push({ row, column: 'Supplier Id', message: FORMAT_MESSAGES.duplicateRow(code, first) });
          else firstRowOf.set(code, row);
        }
        rowProblems += errors.length;
        pending.push({ row, code, group, values: parsed.values, noTerms: parsed.noTerms, requiredErrors: parsed.requiredErrors, errors });
        if (pending.length >= BATCH_ROWS) await flush();
        if (limit.reached || rowProblems > LOG_PROBLEMS_MAX) break read;
      }
    }
  } catch (err) {
    if (!(err instanceof CsvReadError)) {
      // Let a batch still at work finish before the caller rolls its transaction back.
      await batches.quiesce();
      throw err;
    }
    await drain();
    await emit({ rows: [], errors: [csvReadProblem(err, header)] });
    return { rowCount, errorCount };
  }
  await drain();
  if (!map || rowCount === 0) await emit({ rows: [], errors: [{ row: map ? 2 : 1, column: '', message: LOOKUP_MESSAGES.noRows }] });
  return { rowCount, errorCount };
}
