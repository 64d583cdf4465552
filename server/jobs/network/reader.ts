/**
 * Reads a stored network file row by row, in batches: parses the CSV as it streams from the
 * chunked store, checks every row against the format and then, one query per batch, against the
 * database. Validation logs what it reports; persisting applies the rows (and refuses any error).
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
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
import { readFileStream } from '../../files/storage';
import { isCsvError, orderedBatches } from '../batches';
import { BATCH_ROWS, LOOKUP_MESSAGES, lookupSuppliers, type NetworkScope, type SupplierRef } from './lookup';

/** The csv-parse options of the network file; the benchmark's raw parse uses the same. */
export const CSV_OPTIONS = { bom: true, relax_column_count: true } as const;

/**
 * Parses a stored CSV stream. A parser that fails drops the records it still holds, so this one
 * does not fail: it skips the first record that is not CSV and notes how many came before it. The
 * reader checks those, then stops there (`stopsBefore`) and reports `notCsv.error`, whatever the
 * chunks the file arrived in. The network import and file validation read files so.
 */
export function readCsvStream(stream: Readable) {
  const notCsv: { error: Error | null; after: number } = { error: null, after: 0 };
  let parsed = 0;
  const parser = stream.pipe(
    parse({
      ...CSV_OPTIONS,
      skip_records_with_error: true,
      on_record: (record: string[]) => (parsed++, record),
      on_skip: (error) => {
        if (notCsv.error) return;
        notCsv.error = error ?? Object.assign(new Error('a record could not be read'), { code: 'CSV_RECORD' });
        notCsv.after = parsed;
      },
    }),
  );
  /** True once record number `recordNo` (counted from 1) is the one that is not CSV. */
  const stopsBefore = (recordNo: number) => notCsv.error !== null && recordNo > notCsv.after;
  return { parser, notCsv, stopsBefore };
}

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
 * in file order. Header and CSV syntax problems are reported as errors too.
 */
export async function readNetworkFile(
  tx: Tx,
  fileId: string,
  format: NetworkFormat,
  scope: NetworkScope,
  today: string,
  onBatch: (batch: ReadBatch) => Promise<void>,
): Promise<ReadSummary> {
  const file = await readFileStream(tx, fileId);
  if (!file) throw new MissingFileError('The uploaded file is missing');
  const { parser, notCsv, stopsBefore } = readCsvStream(file.stream);
  let map: HeaderMap | null = null;
  let recordNo = 0;
  let rowCount = 0;
  let errorCount = 0;
  const firstRowOf = new Map<string, number>();
  let pending: Pending[] = [];
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
      if (errors.length) {
        errorCount += errors.length;
        out.errors.push(...errors);
      } else out.rows.push({ row: p.row, supplier: ref!, values: p.values, noTerms: p.noTerms && !ref!.hasTerms });
    }
    await onBatch(out);
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

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (stopsBefore(recordNo + 1)) break;
      recordNo++;
      if (!map) {
        const header = readHeader(format, record);
        if ('errors' in header) {
          errorCount += header.errors.length;
          await onBatch({ rows: [], errors: header.errors });
          parser.destroy();
          return { rowCount, errorCount };
        }
        map = header.map;
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
      pending.push({ row, code, group, values: parsed.values, noTerms: parsed.noTerms, requiredErrors: parsed.requiredErrors, errors });
      if (pending.length >= BATCH_ROWS) await flush();
    }
    if (notCsv.error) throw notCsv.error;
  } catch (err) {
    if (!isCsvError(err)) {
      // Let a batch still at work finish before the caller rolls its transaction back.
      await batches.quiesce();
      throw err;
    }
    await drain();
    errorCount++;
    await onBatch({ rows: [], errors: [{ row: recordNo + 1, column: '', message: LOOKUP_MESSAGES.notCsv(err.message) }] });
    return { rowCount, errorCount };
  }
  await drain();
  if (!map || rowCount === 0) {
    errorCount++;
    await onBatch({ rows: [], errors: [{ row: map ? 2 : 1, column: '', message: LOOKUP_MESSAGES.noRows }] });
  }
  return { rowCount, errorCount };
}
