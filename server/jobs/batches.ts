/**
 * Reading a stored file in batches: each batch's database work runs while the next batch is
 * parsed, and batches still settle in file order, at most two held at once. The network import
 * and file validation read files so, and write their logs' problems with the helpers below.
 */
import { stringify } from 'csv-stringify/sync';
import { logRow, type CellError } from '../../domain/network/format';
import { CSV_PROBLEMS, type CsvProblem, type CsvReadError } from '../files/csvReader';
import type { FileWriter } from '../files/storage';
import type { JobSlices } from './slices';

/** Batches settled one after the other, in the order added (the caller parses the next meanwhile). */
export function orderedBatches<B>(settle: (batch: B) => Promise<void>) {
  let previous: Promise<void> = Promise.resolve();
  return {
    /** Waits for the batch before, then starts this one. */
    async add(batch: B): Promise<void> {
      await previous;
      previous = settle(batch);
      // Awaited at the next add or at drain; until then a failure must not count as unhandled.
      previous.catch(() => undefined);
    },
    /** Waits for the last batch started (its failure is thrown here). */
    drain: (): Promise<void> => previous,
    /** Lets a batch still at work end, whatever its outcome (before the caller's transaction is rolled back). */
    quiesce: (): Promise<void> => previous.catch(() => undefined),
  };
}

/**
 * The most problems one log lists (ours). A file of 100,000 rows with a problem in each is still
 * listed whole (about 6 MB of log); past it the file is checked no further. Without it a 25 MB file
 * of millions of short rows would take minutes and leave a log of gigabytes (every row missing
 * every cell), and the keys kept to find repeats would grow with it.
 */
export const LOG_PROBLEMS_MAX = 100_000;

export const PROBLEM_LIMIT_MESSAGE = `More than ${LOG_PROBLEMS_MAX.toLocaleString('en-GB')} problems: the problems from this row on are not listed, and the rows after it are not checked.`;

/** Counts a log's problems up to LOG_PROBLEMS_MAX. */
export class ProblemLimit {
  private listed = 0;
  /** True once the limit is reached: the reader stops, and lists nothing more. */
  reached = false;

  /** The problems of the next batch the log lists: all of them, or those within the limit and the line saying where it stopped. */
  take(errors: CellError[]): CellError[] {
    if (this.reached) return [];
    if (this.listed + errors.length <= LOG_PROBLEMS_MAX) {
      this.listed += errors.length;
      return errors;
    }
    const kept = errors.slice(0, LOG_PROBLEMS_MAX - this.listed);
    this.listed = LOG_PROBLEMS_MAX;
    this.reached = true;
    return [...kept, { row: errors[kept.length].row, column: '', message: PROBLEM_LIMIT_MESSAGE }];
  }
}

/** Problems written to a log at a time, so that writing a batch's many problems leaves the event loop free in between. */
const LOG_ROWS_AT_ONCE = 250;

/** Appends problems to a log file (Row, Column, Message), in pieces. */
export async function writeLogRows(log: FileWriter, errors: readonly CellError[], slices: JobSlices): Promise<void> {
  for (let at = 0; at < errors.length; at += LOG_ROWS_AT_ONCE) {
    if (slices.due()) await slices.pause();
    await log.write(stringify(errors.slice(at, at + LOG_ROWS_AT_ONCE).map(logRow)));
  }
}

/** The problems a file stops at: its syntax, or a limit. */
const SYNTAX: ReadonlySet<CsvProblem> = new Set(['quoteInUnquotedCell', 'textAfterClosingQuote', 'quoteNotClosed']);

export const CSV_READ_MESSAGES = {
  notCsv: (detail: string) => `The file is not valid CSV: ${detail}. The rows after it are not checked.`,
  tooLarge: (detail: string) => `The row is too large to read (${detail}). The rows after it are not checked.`,
} as const;

/**
 * The log's problem for a file that stops being readable: at its row, under its column's header
 * (`header`: the file's first record, when read) or its number.
 */
export function csvReadProblem(err: CsvReadError, header: readonly string[] | null): CellError {
  const name = err.row > 1 ? header?.[err.column - 1]?.trim() : '';
  const detail = CSV_PROBLEMS[err.problem];
  return {
    row: err.row,
    column: name || `Column ${err.column}`,
    message: SYNTAX.has(err.problem) ? CSV_READ_MESSAGES.notCsv(detail) : CSV_READ_MESSAGES.tooLarge(detail),
  };
}
