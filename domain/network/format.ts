/**
 * The network file (spec 1 §5 "Network import file"): one CSV row per supplier, the same columns
 * for export and import, so an exported file edited in a spreadsheet and imported again changes
 * just what was edited. One engine runs a column catalogue per variant (customer network, DI
 * network); the catalogues are in columns.ts.
 */
import { counted } from '../plural';
import { escapeCell, formatCell, parseCell, unescapeCell, type CellKind, type CellValue } from './cells';

export interface ColumnDef {
  /** The column name in the file's header row. */
  header: string;
  /** The field of a network row it holds. */
  key: string;
  kind: CellKind;
  /** An empty cell is refused. */
  required?: boolean;
  /** The message for an empty required cell, when the spec quotes one. */
  requiredMessage?: string;
  /**
   * Written by the export so a reader knows the supplier; not imported (editing it changes
   * nothing) and may be left out of an imported file.
   */
  readOnly?: boolean;
  /** Read and checked against the database, but an import never changes it (the supplier's group). */
  checkOnly?: boolean;
  /** What the column means (README of the format, shown in docs and tests). */
  description: string;
}

export interface NetworkFormat {
  /** 'customer' and 'di' for the network files; a file validation type's id for those. */
  variant: string;
  /**
   * A row whose editable cells are all empty means "no terms" (a DI supplier without DI network
   * terms is exported so); its required cells are then not reported by parseRow.
   */
  emptyMeansNoTerms?: boolean;
  columns: readonly ColumnDef[];
  /** The key column: identifies the supplier of a row. */
  keyColumn: string;
}

/** A parsed row: column key → value. */
export type NetworkRow = Record<string, CellValue>;

export interface CellError {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  /** The column's header, or '' for the whole row or file. */
  column: string;
  message: string;
}

/** Where each catalogue column is in the file (index into a record), -1 when absent. */
export type HeaderMap = { columns: readonly ColumnDef[]; index: number[] };

export const FORMAT_MESSAGES = {
  missingColumn: (header: string) => `Column '${header}' is missing from the header row`,
  duplicateColumn: (header: string) => `Column '${header}' appears more than once`,
  duplicateRow: (key: string, firstRow: number) => `Supplier ${key} is already in row ${firstRow}`,
} as const;

/** The header row the export writes. */
export function headerRow(format: NetworkFormat): string[] {
  return format.columns.map((c) => escapeCell(c.header));
}

/** The cells the export writes for one row, escaped against formula injection. */
export function serialiseRow(format: NetworkFormat, row: NetworkRow): string[] {
  return format.columns.map((c) => escapeCell(formatCell(c.kind, row[c.key] ?? null)));
}

const norm = (s: string) => unescapeCell(s).trim().replace(/^\uFEFF/, '').toLowerCase();

/**
 * Reads the header row. Every editable column must be present (read-only ones may be left out);
 * columns the catalogue does not know are ignored. Returns the problems instead when it is not a
 * header of this format.
 */
export function readHeader(format: NetworkFormat, cells: readonly string[]): { map: HeaderMap } | { errors: CellError[] } {
  const seen = new Map<string, number>();
  const errors: CellError[] = [];
  cells.forEach((cell, i) => {
    const name = norm(cell);
    if (name === '') return;
    if (seen.has(name) && format.columns.some((c) => c.header.toLowerCase() === name)) {
      errors.push({ row: 1, column: cell.trim(), message: FORMAT_MESSAGES.duplicateColumn(cell.trim()) });
    }
    if (!seen.has(name)) seen.set(name, i);
  });
  const index = format.columns.map((c) => seen.get(c.header.toLowerCase()) ?? -1);
  format.columns.forEach((c, i) => {
    if (index[i] < 0 && !c.readOnly) errors.push({ row: 1, column: c.header, message: FORMAT_MESSAGES.missingColumn(c.header) });
  });
  return errors.length ? { errors } : { map: { columns: format.columns, index } };
}

/** True when the cells look like this format's header (the upload's "is it our CSV" check). */
export function isNetworkHeader(format: NetworkFormat, cells: readonly string[]): boolean {
  return 'map' in readHeader(format, cells);
}

/**
 * Parses one data record (unescaping each cell). Read-only columns are skipped. `row` is the
 * spreadsheet row number; `today` (YYYY-MM-DD) bounds dates that cannot be in the future.
 */
export interface ParsedRow {
  values: NetworkRow;
  errors: CellError[];
  /** Every terms cell is empty (see NetworkFormat.emptyMeansNoTerms). */
  noTerms: boolean;
  /** The required-cell errors left out because the row has no terms. */
  requiredErrors: CellError[];
}

export function parseRow(format: NetworkFormat, map: HeaderMap, cells: readonly string[], row: number, today: string): ParsedRow {
  const values: NetworkRow = {};
  const errors: CellError[] = [];
  const requiredErrors: CellError[] = [];
  let noTerms = true;
  // A plain loop over the prepared columns: this runs once per row of a 25 MB file.
  for (const { column: c, at, isTerm } of readableColumns(format, map)) {
    const raw = at >= 0 && at < cells.length ? unescapeCell(cells[at]) : '';
    const empty = raw.length === 0 || raw.trim() === '';
    if (isTerm && !empty) noTerms = false;
    const result = parseCell(c.kind, c.header, raw, Boolean(c.required), today);
    if ('error' in result) {
      const message = empty && c.requiredMessage ? c.requiredMessage : result.error;
      (empty && isTerm ? requiredErrors : errors).push({ row, column: c.header, message });
    } else values[c.key] = result.value;
  }
  const none = Boolean(format.emptyMeansNoTerms) && noTerms;
  if (none || requiredErrors.length === 0) return { values, errors, noTerms: none, requiredErrors };
  const all = [...errors, ...requiredErrors].sort((a, b) => colIndex(format, a.column) - colIndex(format, b.column));
  return { values, errors: all, noTerms: false, requiredErrors };
}

const colIndex = (format: NetworkFormat, header: string) => format.columns.findIndex((c) => c.header === header);

type Readable = { column: ColumnDef; at: number; isTerm: boolean };
const prepared = new WeakMap<HeaderMap, Readable[]>();
/** The columns an import reads (not read-only), with where each is in the file; computed once per file. */
function readableColumns(format: NetworkFormat, map: HeaderMap): Readable[] {
  let list = prepared.get(map);
  if (!list) {
    const terms = termsOf(format);
    list = map.columns.flatMap((column, i) => (column.readOnly ? [] : [{ column, at: map.index[i], isTerm: terms.has(column.key) }]));
    prepared.set(map, list);
  }
  return list;
}

const termSets = new WeakMap<NetworkFormat, Set<string>>();
function termsOf(format: NetworkFormat): Set<string> {
  let set = termSets.get(format);
  if (!set) termSets.set(format, (set = new Set(editableKeys(format))));
  return set;
}

/** True when the record has no content at all (a trailing blank line a spreadsheet left). */
export function isBlankRecord(cells: readonly string[]): boolean {
  for (const c of cells) if (c.length > 0 && c.trim() !== '') return false;
  return true;
}

/** The log file's header and one row, escaped like the export (messages quote user text). */
export const LOG_HEADER = ['Row', 'Column', 'Message'] as const;
/** A log's last line: 'All 3 rows are valid', or how many problems (the network import says errors) in how many rows. */
export function logSummary(rowCount: number, problemCount: number, problemNoun: 'problem' | 'error'): string {
  if (problemCount > 0) return `${counted(problemCount, problemNoun)} in ${counted(rowCount, 'row')}`;
  return rowCount === 1 ? 'The 1 row is valid' : `All ${rowCount} rows are valid`;
}
export function logRow(error: CellError): string[] {
  return [String(error.row), escapeCell(error.column), escapeCell(error.message)];
}

/** The editable columns' keys (what an import may change). */
export function editableKeys(format: NetworkFormat): string[] {
  return format.columns.filter((c) => !c.readOnly && !c.checkOnly && c.key !== format.keyColumn).map((c) => c.key);
}
