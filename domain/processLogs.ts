/**
 * The process logs page (spec 3 §2.2, §3 "Process log", §7 "Process logs by date"): the outcome and
 * colour of an entry, the four counters and their toggles, the request of one day, and the
 * consecutive check of the daily invoice export files. Shared by the console and the server.
 */
import { z } from 'zod';
import { isRecordId } from './common';
import { FUTURE_DATE_MESSAGE } from './messages';
import { invoiceRangeOf, PROCESS_LOG_OUTCOMES, type InvoiceExportData, type ProcessLogState, type ProcessLogType } from './logs';

export type ProcessLogOutcome = (typeof PROCESS_LOG_OUTCOMES)[number];

export const PROCESS_LOGS_TITLE = 'Process Logs';

export const PROCESS_LOG_LABELS = {
  leaseCompany: 'Lease Company',
  all: 'All',
  view: 'View',
  date: 'Date',
  show: 'SHOW',
  loadMore: 'Load More',
  paused: 'Paused',
  executedAt: 'Executed',
  outcome: { success: 'Success', failed: 'Failed', warning: 'Warning', pending: 'Pending' } as Readonly<Record<ProcessLogOutcome, string>>,
} as const;

/** Spec 3 §2.2: the view selector. */
export const PROCESS_LOG_VIEWS = { all: 'Show all', invoiceExports: 'Daily Invoice exports' } as const;
export type ProcessLogView = keyof typeof PROCESS_LOG_VIEWS;

export const PROCESS_LOG_MESSAGES = {
  /** Spec 3 §8. */
  noResults: 'No results found for your search criteria',
  futureDate: FUTURE_DATE_MESSAGE,
  /** Ours. */
  invalidDate: 'Select a valid date',
  loadFailed: 'The process logs could not be loaded.',
  companiesFailed: 'The lease companies could not be loaded.',
} as const;

/** Entries per page (ours: a busy day has thousands; Load More reads the next page). */
export const PROCESS_LOGS_PAGE_SIZE = 100;
/** Spec 3 §9: a lease company search answers 250 at most. */
export const PROCESS_LOG_COMPANIES_PAGE = 250;
/** Lease companies per page of the Daily Invoice exports view (ours: 1,000 companies would be one long page). */
export const INVOICE_COMPANIES_PAGE_SIZE = 100;
/** Spec 3 §2.2: the Daily Invoice exports view shows the selected day and the two before it. */
export const INVOICE_WINDOW_DAYS = 3;

// ---------------------------------------------------------------------------------------------
// Outcome, colour, counters and toggles.

export interface OutcomeFlags {
  isSuccess: boolean;
  isWarning: boolean;
  isPending: boolean;
}

/**
 * An entry's outcome: pending while it has no result yet (running or paused), whatever the other
 * flags still say; then warning (a success with something to look at); then success or failed.
 */
export function outcomeOf(e: OutcomeFlags): ProcessLogOutcome {
  if (e.isPending) return 'pending';
  if (e.isWarning) return 'warning';
  return e.isSuccess ? 'success' : 'failed';
}

/** Spec 3 §2.2 colour rules, by name; the console maps them onto its palette. */
export const OUTCOME_COLOURS: Readonly<Record<ProcessLogOutcome, 'green' | 'orange' | 'red' | 'grey'>> = {
  success: 'green',
  warning: 'orange',
  failed: 'red',
  pending: 'grey',
};
export const colourOf = (e: OutcomeFlags) => OUTCOME_COLOURS[outcomeOf(e)];

export type OutcomeCounts = Record<ProcessLogOutcome, number>;
export const NO_COUNTS: OutcomeCounts = { success: 0, failed: 0, warning: 0, pending: 0 };

export function countOutcomes(entries: readonly OutcomeFlags[]): OutcomeCounts {
  const counts = { ...NO_COUNTS };
  for (const e of entries) counts[outcomeOf(e)]++;
  return counts;
}

/** Which counters are switched on. The page starts with all four on (everything shown). */
export type OutcomeToggles = Record<ProcessLogOutcome, boolean>;
export const ALL_TOGGLES_ON: OutcomeToggles = { success: true, failed: true, warning: true, pending: true };

/** The outcomes the toggles let through; all off lets nothing through (ours: toggles only hide, they never invert). */
export const outcomesOn = (toggles: OutcomeToggles): ProcessLogOutcome[] => PROCESS_LOG_OUTCOMES.filter((o) => toggles[o]);

/** Spec 3 §2.2: the toggles combine (an entry shows when its outcome's toggle is on). */
export function filterByToggles<T extends OutcomeFlags>(entries: readonly T[], toggles: OutcomeToggles): T[] {
  return entries.filter((e) => toggles[outcomeOf(e)]);
}

// ---------------------------------------------------------------------------------------------
// Days. A process log day is a UTC day: the day the nightly jobs run for.

export interface LogDate {
  year: number;
  /** Zero-based, as spec 3 §7 sends it. */
  month: number;
  day: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** YYYY-MM-DD of a LogDate. */
export const isoDay = (d: LogDate) => `${pad(d.year, 4)}-${pad(d.month + 1)}-${pad(d.day)}`;
export const logDateOf = (iso: string): LogDate => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1, day: Number(iso.slice(8, 10)) });
export const isRealDate = (d: LogDate) => {
  const t = new Date(Date.UTC(d.year, d.month, d.day));
  return t.getUTCFullYear() === d.year && t.getUTCMonth() === d.month && t.getUTCDate() === d.day;
};
/** Today as a UTC day (YYYY-MM-DD). */
export const utcToday = (now: Date) => now.toISOString().slice(0, 10);
export const isFutureDay = (d: LogDate, now: Date) => isoDay(d) > utcToday(now);
/** `iso` moved by `days` (YYYY-MM-DD). */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
/** The three days of the invoice view, oldest first: date − 2, date − 1, date. */
export const invoiceWindow = (iso: string): string[] => Array.from({ length: INVOICE_WINDOW_DAYS }, (_, k) => addDays(iso, k - (INVOICE_WINDOW_DAYS - 1)));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Spec 3 §9: DD-MMM-YYYY (25-Nov-2026) of a YYYY-MM-DD day. */
export function formatLogDay(iso: string): string {
  const d = logDateOf(iso);
  return `${pad(d.day)}-${MONTHS[d.month] ?? '???'}-${pad(d.year, 4)}`;
}

// ---------------------------------------------------------------------------------------------
// The request (spec 3 §7 "Process logs by date").

const int = (label: string) => z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`);

export const logDateSchema = z
  .object({
    year: int('year').min(2000, PROCESS_LOG_MESSAGES.invalidDate).max(9999, PROCESS_LOG_MESSAGES.invalidDate),
    month: int('month').min(0, 'month is zero-based: 0 to 11').max(11, 'month is zero-based: 0 to 11'),
    day: int('day').min(1, PROCESS_LOG_MESSAGES.invalidDate).max(31, PROCESS_LOG_MESSAGES.invalidDate),
  })
  .strict()
  // 31 February and the like: the field that makes it unreal is the day.
  .refine(isRealDate, { message: PROCESS_LOG_MESSAGES.invalidDate, path: ['day'], when: (p) => p.issues.length === 0 });

/** Where the next page of entries starts: the last entry shown (newest first). */
export const executionsCursorSchema = z.object({ executedAt: z.iso.datetime({ offset: true }), id: z.string().refine(isRecordId, 'Not a record id') }).strict();
export type ExecutionsCursor = z.infer<typeof executionsCursorSchema>;
/** Where the next page of the invoice view starts: the last company shown (by name). */
export const companiesCursorSchema = z.object({ name: z.string().max(500), id: z.string().refine(isRecordId, 'Not a record id') }).strict();
export type CompaniesCursor = z.infer<typeof companiesCursorSchema>;

/**
 * POST processLogs/getByDate. `outcomes` are the counters switched on (all when absent), applied by
 * the server so that pages stay full; `after` asks for the next page of entries and
 * `invoiceAfter` for the next page of the invoice view; `view` leaves out the list the other view
 * shows. Not in the future: checked by
 * the server against its own clock (processLogsRequestSchema), as the console's clock may differ.
 */
export const processLogsByDateSchema = z
  .object({
    date: logDateSchema,
    leaseCompanyId: z.string().refine(isRecordId, 'Not a lease company id').nullable().optional(),
    outcomes: z.array(z.enum(PROCESS_LOG_OUTCOMES)).max(PROCESS_LOG_OUTCOMES.length).optional(),
    /** Only what one view shows (the other list comes back empty); both when absent. */
    view: z.enum(['all', 'invoiceExports']).optional(),
    after: executionsCursorSchema.nullable().optional(),
    invoiceAfter: companiesCursorSchema.nullable().optional(),
  })
  .strict();
export type ProcessLogsQuery = z.input<typeof processLogsByDateSchema>;

/** The request with its date not later than today (UTC) by `now`. */
export const processLogsRequestSchema = (now: () => Date) =>
  processLogsByDateSchema.refine((q) => !isFutureDay(q.date, now()), { message: PROCESS_LOG_MESSAGES.futureDate, path: ['date'], when: (p) => p.issues.length === 0 });

/** POST processLogs/getLeaseCompanies: active lease companies by name. */
export const processLogCompaniesSchema = z.object({ q: z.string().max(100).optional() }).strict();

// ---------------------------------------------------------------------------------------------
// The answer.

/** Spec 3 §3 "Process log", one entry as the page shows it. */
export interface ProcessLogEntry {
  id: string;
  type: ProcessLogType;
  name: string;
  message: string | null;
  isSuccess: boolean;
  isWarning: boolean;
  isPending: boolean;
  state: ProcessLogState;
  executedAt: string;
  exportedAt: string | null;
  leaseId: string | null;
  leaseCompanyName: string | null;
  fileName: string | null;
  stats: Record<string, unknown> | null;
  data: Record<string, unknown> | null;
}

export interface InvoiceExportDay {
  /** YYYY-MM-DD. */
  day: string;
  fileName: string | null;
  isSuccess: boolean;
  executedAt: string | null;
}

export interface InvoiceExportLog {
  leaseId: string;
  leaseCompanyName: string;
  /** date − 2, date − 1, date. */
  days: InvoiceExportDay[];
  check: ConsecutiveCheck;
}

export interface ProcessLogsResponse {
  success: true;
  data: {
    /** One page, newest first. */
    executions: ProcessLogEntry[];
    /** Null on the last page. */
    next: ExecutionsCursor | null;
    /** Null on the last page of the invoice view (and when it was not asked for). */
    invoiceNext: CompaniesCursor | null;
    /** Over the whole day (and lease company), whatever the toggles. */
    counts: OutcomeCounts;
    /** One page of companies, by name. */
    invoiceExportLogs: InvoiceExportLog[];
  };
}

export interface LeaseCompanyOption {
  id: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// The consecutive check (spec 3 §2.2: "reads invoice numbers out of the file names").

/**
 * How one day's file stands against the files before it. Export numbers run on per lease company,
 * one per invoice or credit block, so a day continues when its first number is the last one seen
 * plus one.
 * - first: the first readable file of the window; nothing before it to compare with.
 * - continues: first = previous last + 1.
 * - gap: numbers between the previous last and this first were never exported (`missing`).
 * - reset: the numbering started again at 1: shown, not counted as a problem.
 * - overlap: it starts at or below the previous last (but not at 1): numbers exported twice.
 * - empty: a 'none' file, nothing to export that day; the previous last carries over.
 * - missing: no file (the export failed or did not run, or the name is not one): the day cannot be
 *   checked, and the next day is compared with the last number seen before it, so a gap across
 *   it is still found.
 */
export type DayCheckStatus = 'first' | 'continues' | 'gap' | 'reset' | 'overlap' | 'empty' | 'missing';

export interface DayCheck {
  status: DayCheckStatus;
  range: { first: number; last: number } | null;
  /** The numbers never exported before this file (status gap). */
  missing: { from: number; to: number } | null;
}

export interface ConsecutiveCheck {
  days: DayCheck[];
  /** True when no day is a gap, an overlap or missing. */
  consecutive: boolean;
}

const PROBLEMS: ReadonlySet<DayCheckStatus> = new Set(['gap', 'overlap', 'missing']);

/** Checks a lease company's file names of consecutive days, oldest first (null: no file that day). */
export function consecutiveCheck(fileNames: readonly (string | null)[]): ConsecutiveCheck {
  let last: number | null = null;
  const days = fileNames.map((name): DayCheck => {
    const range = name ? invoiceRangeOf(name) : null;
    if (range === null) return { status: 'missing', range: null, missing: null };
    if (range === 'none') return { status: 'empty', range: null, missing: null };
    const previous = last;
    last = range.last;
    if (previous === null) return { status: 'first', range, missing: null };
    if (range.first === previous + 1) return { status: 'continues', range, missing: null };
    if (range.first > previous + 1) return { status: 'gap', range, missing: { from: previous + 1, to: range.first - 1 } };
    return { status: range.first === 1 ? 'reset' : 'overlap', range, missing: null };
  });
  return { days, consecutive: !days.some((d) => PROBLEMS.has(d.status)) };
}

/** A file's range holds exactly its invoice and credit blocks (they share the numbering). */
export function rangeMatchesBlocks(fileName: string, data: Pick<InvoiceExportData, 'invoiceBlockCount' | 'creditBlockCount'>): boolean {
  const range = invoiceRangeOf(fileName);
  const blocks = data.invoiceBlockCount + data.creditBlockCount;
  if (range === 'none') return blocks === 0;
  return range !== null && range.last - range.first + 1 === blocks;
}

const numbers = (m: { from: number; to: number }) => (m.from === m.to ? `${m.from}` : `${m.from}–${m.to}`);

/** What the page says of a day's check. */
export function dayCheckText(c: DayCheck): string {
  switch (c.status) {
    case 'first':
      return 'First file of these days';
    case 'continues':
      return 'Continues the previous file';
    case 'gap':
      return `Missing invoice number${c.missing!.from === c.missing!.to ? '' : 's'} ${numbers(c.missing!)}`;
    case 'reset':
      return 'Numbering restarted at 1';
    case 'overlap':
      return 'Starts at or below the previous file’s last number';
    case 'empty':
      return 'Nothing to export';
    case 'missing':
      return 'No export file';
  }
}
