/**
 * The CSV reader of every uploaded file (network imports, file validation, the nightly contract
 * import, the upload's header check). RFC 4180: cells separated by commas, records by CRLF, LF or
 * CR; a cell may be quoted, a quote inside it doubled; a UTF-8 byte order mark at the start is
 * dropped; records may differ in their number of cells.
 *
 * Bounded: a record, a cell and the number of columns have limits (below) that no file of our
 * formats reaches, so a hostile file (one line of commas, one cell of 24 MB) is never held whole: it
 * stops at its first record past a limit, with a problem naming its row and column. A syntax error (a quote inside an unquoted cell, a quote never
 * closed) stops it the same way. The records before the problem are read as usual, whatever the
 * chunks the file arrives in.
 *
 * Cooperative: the streaming reader hands records over in small batches and lets the event loop
 * run (requests, timers) after every JOB_SLICE_MS of work, its caller's work on the records
 * included (see jobs/slices.ts).
 */
import { JobSlices } from '../jobs/slices';

/**
 * The widest file of our formats has 15 columns (the network files; every file validation type has
 * 5 to 15). 100 leaves room for a spreadsheet's stray extra columns and notes, and keeps a record's
 * cells (and the work of checking them) small.
 */
export const CSV_MAX_COLUMNS = 100;
/** The longest cell any of our columns takes is 500 characters (a network file's Notes); 20 times that. */
export const CSV_MAX_CELL_CHARS = 10_000;
/**
 * A record of our widest format with every cell at its longest, quoted and its quotes doubled, is
 * under 8,000 characters; 64 Ki characters (quotes, commas and line breaks counted) is 8 times that.
 */
export const CSV_MAX_RECORD_CHARS = 64 * 1024;

export type CsvProblem = 'quoteInUnquotedCell' | 'textAfterClosingQuote' | 'quoteNotClosed' | 'tooManyColumns' | 'cellTooLong' | 'recordTooLong';

const thousands = (n: number) => n.toLocaleString('en-GB');

/** What each problem says (ours: the spec has no wording for these). */
export const CSV_PROBLEMS: Record<CsvProblem, string> = {
  quoteInUnquotedCell: 'a quote inside an unquoted cell (a cell holding a quote must be quoted as a whole, its quotes doubled)',
  textAfterClosingQuote: 'text after the closing quote of a quoted cell',
  quoteNotClosed: 'a quoted cell whose quote is never closed',
  tooManyColumns: `more than ${CSV_MAX_COLUMNS} columns`,
  cellTooLong: `a cell longer than ${thousands(CSV_MAX_CELL_CHARS)} characters`,
  recordTooLong: `a row longer than ${thousands(CSV_MAX_RECORD_CHARS)} characters`,
};

/** Where and why a file stops being readable. `row` counts records from 1 (the header); `column` cells from 1. */
export class CsvReadError extends Error {
  constructor(
    readonly problem: CsvProblem,
    readonly row: number,
    readonly column: number,
  ) {
    super(`Row ${row}, column ${column}: ${CSV_PROBLEMS[problem]}`);
    this.name = 'CsvReadError';
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const BOM = 0xfeff;

/**
 * The parser: text in (push, end), complete records out (next). It holds the text pushed last and
 * what was left unread of the text before (the start of one record, within the limits): every
 * limit is checked as the text arrives, not once a record is complete.
 */
export class CsvParser {
  private text = '';
  private pos = 0;
  private records = 0;
  private ended = false;
  private started = false;

  push(text: string): void {
    if (text.length === 0) return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === BOM) text = text.slice(1);
    }
    this.text = this.pos < this.text.length ? this.text.slice(this.pos) + text : text;
    this.pos = 0;
  }

  /** No more text will come: a record cut by the end of the text is complete. */
  end(): void {
    this.ended = true;
  }

  /** The problem of the record being read, at the cell after `cells`. */
  private problem(problem: CsvProblem, cells: readonly string[]): CsvReadError {
    return new CsvReadError(problem, this.records + 1, cells.length + 1);
  }

  /**
   * The text ends inside the record that starts at `start`, its last cell `cellChars` long so far:
   * null (wait for more text), unless a limit is passed already.
   */
  private incomplete(start: number, cells: readonly string[], cellChars: number): null {
    if (cellChars > CSV_MAX_CELL_CHARS) throw this.problem('cellTooLong', cells);
    if (this.text.length - start > CSV_MAX_RECORD_CHARS) throw this.problem('recordTooLong', cells);
    return null;
  }

  /** The next complete record, or null when it needs more text (or, after end(), none is left). Throws CsvReadError. */
  next(): string[] | null {
    const text = this.text;
    const len = text.length;
    const start = this.pos;
    if (start >= len) return null;
    const cells: string[] = [];
    let i = start;
    for (;;) {
      // i is where a cell starts.
      if (cells.length === CSV_MAX_COLUMNS) throw this.problem('tooManyColumns', cells);
      let cell: string;
      if (i < len && text.charCodeAt(i) === QUOTE) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) {
            if (!this.ended) return this.incomplete(start, cells, value.length + len - from);
            if (value.length + len - from > CSV_MAX_CELL_CHARS) throw this.problem('cellTooLong', cells);
            throw this.problem('quoteNotClosed', cells);
          }
          value += text.slice(from, q);
          if (value.length > CSV_MAX_CELL_CHARS) throw this.problem('cellTooLong', cells);
          // A quote at the end of the text: the next piece says whether it closes the cell or is doubled.
          if (q + 1 >= len && !this.ended) return this.incomplete(start, cells, value.length);
          if (q + 1 < len && text.charCodeAt(q + 1) === QUOTE) {
            value += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        cell = value;
        if (i < len) {
          const c = text.charCodeAt(i);
          if (c !== COMMA && c !== CR && c !== LF) throw this.problem('textAfterClosingQuote', cells);
        }
      } else {
        const cellStart = i;
        let k = i;
        let c = 0;
        for (; k < len; k++) {
          c = text.charCodeAt(k);
          if (c === COMMA || c === CR || c === LF || c === QUOTE) break;
        }
        if (k < len && c === QUOTE) {
          if (k - cellStart > CSV_MAX_CELL_CHARS) throw this.problem('cellTooLong', cells);
          throw this.problem('quoteInUnquotedCell', cells);
        }
        if (k - cellStart > CSV_MAX_CELL_CHARS) throw this.problem('cellTooLong', cells);
        if (k >= len && !this.ended) return this.incomplete(start, cells, k - cellStart);
        cell = text.slice(cellStart, k);
        i = k;
      }
      // i is at a comma, a line break or the end of the text.
      if (i - start > CSV_MAX_RECORD_CHARS) throw this.problem('recordTooLong', cells);
      cells.push(cell);
      if (i < len && text.charCodeAt(i) === COMMA) {
        i++;
        if (i >= len && !this.ended) return this.incomplete(start, cells, 0);
        continue;
      }
      let end: number;
      if (i >= len) end = len;
      else if (text.charCodeAt(i) === LF) end = i + 1;
      else if (i + 1 < len) end = text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
      else if (this.ended) end = i + 1;
      // A CR at the end of the text: an LF may follow in the next piece.
      else return this.incomplete(start, cells, 0);
      this.pos = end;
      this.records++;
      if (end >= len) {
        // Let go of the text read (a piece of a large string would keep it alive).
        this.text = '';
        this.pos = 0;
      }
      return cells;
    }
  }
}

/** Every record of `text` (the whole of a file, or a start cut at a line break); throws CsvReadError. */
export function parseCsv(text: string, maxRecords = Infinity): string[][] {
  const parser = new CsvParser();
  parser.push(text);
  parser.end();
  const records: string[][] = [];
  for (let r: string[] | null; records.length < maxRecords && (r = parser.next()); ) records.push(r);
  return records;
}

/** Bytes decoded at a time: a large chunk is parsed piece by piece, never turned into one large string. */
const DECODE_BYTES = 256 * 1024;
/**
 * Records handed over at a time: few enough that the caller's work on them is a small part of a
 * slice, many enough that the hand-over costs nothing next to reading them.
 */
const RECORDS_AT_ONCE = 128;

/**
 * The records of a stream of UTF-8 bytes (a stored file's chunks), in order, in small batches.
 * Throws CsvReadError at the first record that cannot be read, after yielding every record before
 * it. Between batches it lets the event loop run once `slices` says its time is up, so the
 * caller's work on each batch counts too.
 */
export async function* readCsvRecords(source: AsyncIterable<Buffer | Uint8Array | string>, slices = new JobSlices()): AsyncGenerator<string[][]> {
  // The parser drops the byte order mark: the decoder keeps it so a second one is not lost.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parser = new CsvParser();
  /** Hands over every complete record the parser holds, in batches. */
  async function* drain() {
    for (let more = true; more; ) {
      const batch: string[][] = [];
      let problem: unknown = null;
      try {
        // Up to RECORDS_AT_ONCE, fewer when they are wide and the slice is used up.
        while (batch.length < RECORDS_AT_ONCE && (batch.length % 16 !== 15 || !slices.due())) {
          const record = parser.next();
          if (!record) {
            more = false;
            break;
          }
          batch.push(record);
        }
      } catch (err) {
        problem = err;
      }
      // The records before a problem first.
      if (batch.length > 0) yield batch;
      if (problem) throw problem;
      if (slices.due()) await slices.pause();
    }
  }
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let at = 0; at < bytes.length; at += DECODE_BYTES) {
      // Reading the chunk may have used the slice up (PGlite works on this thread).
      if (slices.due()) await slices.pause();
      parser.push(decoder.decode(bytes.subarray(at, at + DECODE_BYTES), { stream: true }));
      yield* drain();
    }
  }
  parser.push(decoder.decode());
  parser.end();
  yield* drain();
}
