/**
 * Reading a validated contract, stock or termination file for the nightly import: streamed from the
 * file store through the network files' CSV reader, the rows of one lease company picked by their
 * DI Customer Id cell before the rest of the row is parsed (a file may hold many companies).
 */
import { formatOf, type ValidationType } from '../../../../domain/fileValidation';
import { isBlankRecord, parseRow, readHeader, unescapeCell, type HeaderMap, type NetworkRow } from '../../../../domain/network';
import type { Tx } from '../../../db/client';
import { CsvReadError, readCsvRecords } from '../../../files/csvReader';
import { readFileStream, type FileStore } from '../../../files/storage';

export const IMPORT_FILE_MESSAGES = {
  missingFile: (name: string) => `The validated file ${name} is missing`,
  notReadable: (name: string) => `The validated file ${name} can no longer be read`,
} as const;

/** A validated file that is gone or can no longer be read. */
export class ImportFileError extends Error {}

/** The DI Customer Id of a record, lower case (DI Customer Ids match in any case, as validation checks them). */
function companyOf(map: HeaderMap, at: number, cells: readonly string[]): string {
  const i = map.index[at];
  return i >= 0 && i < cells.length ? unescapeCell(cells[i]).trim().toLowerCase() : '';
}

export interface FileRecord {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  /** The lease company's DI Customer Id, lower case. */
  company: string;
  cells: readonly string[];
  map: HeaderMap;
}

/** Every data record of the stored file, in order, with its company. */
export async function* recordsOf(store: FileStore, db: Tx, fileId: string, fileName: string, type: ValidationType): AsyncGenerator<FileRecord> {
  const file = await readFileStream(store, db, fileId);
  if (!file) throw new ImportFileError(IMPORT_FILE_MESSAGES.missingFile(fileName));
  const format = formatOf(type);
  let map: HeaderMap | null = null;
  let at = -1;
  let recordNo = 0;
  try {
    for await (const records of readCsvRecords(file.stream)) {
      for (const record of records) {
        recordNo++;
        if (!map) {
          const header = readHeader(format, record);
          if ('errors' in header) throw new ImportFileError(IMPORT_FILE_MESSAGES.notReadable(fileName));
          map = header.map;
          at = map.columns.findIndex((c) => c.key === 'customerId');
          continue;
        }
        if (isBlankRecord(record)) continue;
        yield { row: recordNo, company: companyOf(map, at, record), cells: record, map };
      }
    }
  } catch (err) {
    if (err instanceof CsvReadError) throw new ImportFileError(IMPORT_FILE_MESSAGES.notReadable(fileName));
    throw err;
  }
}

export interface CompanyRow {
  row: number;
  /** The parsed row, or null when a cell no longer parses (counted as skipped). */
  values: NetworkRow | null;
}

/** The rows of one company (DI Customer Id, any case), parsed; `after` skips the rows up to that row number (a resumed run). */
export async function* companyRowsOf(store: FileStore, db: Tx, fileId: string, fileName: string, type: ValidationType, diCustomerId: string, today: string, after = 0): AsyncGenerator<CompanyRow> {
  const format = formatOf(type);
  const company = diCustomerId.toLowerCase();
  for await (const r of recordsOf(store, db, fileId, fileName, type)) {
    if (r.company !== company || r.row <= after) continue;
    const parsed = parseRow(format, r.map, r.cells, r.row, today);
    yield { row: r.row, values: parsed.errors.length ? null : parsed.values };
  }
}
