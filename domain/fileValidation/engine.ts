/**
 * Checking the rows of a file against its validation type, without the database: the header, each
 * cell (the network engine's parseRow), the rules of a row and the keys that must not repeat.
 * Streaming: one row at a time, holding only the keys seen. The database checks of the type run on
 * the server for batches of the rows this answers (server/jobs/fileValidation).
 */
import { parseRow, readHeader, type CellError, type HeaderMap, type NetworkFormat, type NetworkRow } from '../network/format';
import { formatOf, type DbCheck, type ValidationType } from './types';

export const FILE_CHECK_MESSAGES = {
  duplicate: (header: string, value: string, firstRow: number) => `${header} ${value} is already in row ${firstRow}`,
  noRows: 'The file has no data rows',
} as const;

/** What a database check says of a value it refuses, under the check's column. */
export const DB_CHECK_MESSAGES: Record<DbCheck['kind'], (header: string, value: string) => string> = {
  leaseCompany: (h, v) => `${h} ${v} is not a customer`,
  subCustomer: (h, v) => `${h} ${v} is not a sub customer of this customer`,
  vehicleOfCompany: (h, v) => `${h} ${v} is not a vehicle of this customer`,
  driverOfCompany: (h, v) => `${h} ${v} is not a driver of this customer`,
  supplier: (h, v) => `${h} ${v} is not a supplier`,
  group: (h, v) => `${h} ${v} is not a supplier group`,
  jobCode: (h, v) => `${h} ${v} is not a known job code`,
  newUser: (h, v) => `${h} ${v} is already a user`,
};

/** The header a column key is reported under. */
export function headerOf(type: ValidationType, key: string): string {
  return type.columns.find((c) => c.key === key)?.header ?? key;
}

export interface CheckedRecord {
  row: number;
  /** The parsed values, or null when a cell of the row failed (its database checks are skipped). */
  values: NetworkRow | null;
  errors: CellError[];
}

export class RowChecker {
  private readonly seen: Map<string, number>[];
  /** Made once: the engine caches per format object what it works out from the columns. */
  private readonly format: NetworkFormat;
  private constructor(
    readonly type: ValidationType,
    private readonly map: HeaderMap,
    private readonly today: string,
  ) {
    this.seen = (type.unique ?? []).map(() => new Map());
    this.format = formatOf(type);
  }

  /** A checker for a file whose header row is `cells`, or the header's problems. */
  static forHeader(type: ValidationType, cells: readonly string[], today: string): RowChecker | { errors: CellError[] } {
    const header = readHeader(formatOf(type), cells);
    return 'errors' in header ? header : new RowChecker(type, header.map, today);
  }

  /** One data record; `row` is its spreadsheet row number (the header is row 1). */
  check(cells: readonly string[], row: number): CheckedRecord {
    // Runs once per row of a 100,000-row file: plain loops, no copies.
    const parsed = parseRow(this.format, this.map, cells, row, this.today);
    const errors = parsed.errors;
    const ok = errors.length === 0;
    if (ok && this.type.rowRules) {
      for (const rule of this.type.rowRules) if (!rule.holds(parsed.values)) errors.push({ row, column: rule.column, message: rule.message });
    }
    const unique = this.type.unique;
    if (unique) {
      for (let i = 0; i < unique.length; i++) {
        const keys = unique[i];
        let key = '';
        let complete = true;
        for (let j = 0; j < keys.length; j++) {
          const part = parsed.values[keys[j]];
          // A key with a missing or failed cell is not compared (that cell has its own error).
          if (part === null || part === undefined) {
            complete = false;
            break;
          }
          key = j === 0 ? String(part).toLowerCase() : `${key}\u0000${String(part).toLowerCase()}`;
        }
        if (!complete) continue;
        const first = this.seen[i].get(key);
        if (first === undefined) this.seen[i].set(key, row);
        else {
          const header = headerOf(this.type, keys[0]);
          errors.push({ row, column: header, message: FILE_CHECK_MESSAGES.duplicate(header, keys.map((k) => String(parsed.values[k])).join(' / '), first) });
        }
      }
    }
    return { row, values: ok ? parsed.values : null, errors };
  }
}
