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
    const parsed = parseRow(this.format, this.map, cells, row, this.today);
    const errors = [...parsed.errors];
    const ok = errors.length === 0;
    if (ok) {
      for (const rule of this.type.rowRules ?? []) if (!rule.holds(parsed.values)) errors.push({ row, column: rule.column, message: rule.message });
    }
    (this.type.unique ?? []).forEach((keys, i) => {
      const parts = keys.map((k) => parsed.values[k]);
      // A key with a missing or failed cell is not compared (that cell has its own error).
      if (parts.some((p) => p === null || p === undefined)) return;
      const key = parts.map((p) => String(p).toLowerCase()).join('\u0000');
      const first = this.seen[i].get(key);
      if (first === undefined) this.seen[i].set(key, row);
      else errors.push({ row, column: headerOf(this.type, keys[0]), message: FILE_CHECK_MESSAGES.duplicate(headerOf(this.type, keys[0]), parts.map(String).join(' / '), first) });
    });
    return { row, values: ok ? parsed.values : null, errors };
  }
}
