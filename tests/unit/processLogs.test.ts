import { describe, expect, it } from 'vitest';
import { invoiceExportFileName } from '../../domain/logs';
import {
  ALL_TOGGLES_ON,
  colourOf,
  consecutiveCheck,
  countOutcomes,
  dayCheckText,
  filterByToggles,
  formatLogDay,
  invoiceWindow,
  isoDay,
  outcomeOf,
  outcomesOn,
  processLogsByDateSchema,
  processLogsRequestSchema,
  rangeMatchesBlocks,
  type OutcomeFlags,
} from '../../domain/processLogs';

const f = (isSuccess: boolean, isWarning = false, isPending = false): OutcomeFlags => ({ isSuccess, isWarning, isPending });
const SUCCESS = f(true);
const WARNING = f(true, true);
const FAILED = f(false);
const PENDING = f(false, false, true);

describe('outcome and colour of an entry (spec 3 §2.2)', () => {
  it('reads the four outcomes from the flags', () => {
    expect([SUCCESS, WARNING, FAILED, PENDING].map(outcomeOf)).toEqual(['success', 'warning', 'failed', 'pending']);
  });

  it('is pending while pending, whatever the other flags still say', () => {
    expect(outcomeOf(f(true, true, true))).toBe('pending');
    expect(outcomeOf(f(true, false, true))).toBe('pending');
  });

  it('colours success without warning or pending green, warning orange, failed red, pending grey', () => {
    expect([SUCCESS, WARNING, FAILED, PENDING, f(true, true, true), f(false, true)].map(colourOf)).toEqual(['green', 'orange', 'red', 'grey', 'grey', 'orange']);
  });
});

describe('counters and toggles', () => {
  const day = [SUCCESS, SUCCESS, SUCCESS, WARNING, FAILED, FAILED, PENDING];

  it('counts each outcome once', () => {
    expect(countOutcomes(day)).toEqual({ success: 3, failed: 2, warning: 1, pending: 1 });
    expect(countOutcomes([])).toEqual({ success: 0, failed: 0, warning: 0, pending: 0 });
  });

  it('shows everything with all four on', () => {
    expect(filterByToggles(day, ALL_TOGGLES_ON)).toEqual(day);
    expect(outcomesOn(ALL_TOGGLES_ON)).toEqual(['success', 'failed', 'warning', 'pending']);
  });

  it('combines the toggles that are on', () => {
    const toggles = { success: false, failed: true, warning: true, pending: false };
    expect(filterByToggles(day, toggles)).toEqual([WARNING, FAILED, FAILED]);
    expect(outcomesOn(toggles)).toEqual(['failed', 'warning']);
    expect(filterByToggles(day, { ...toggles, warning: false })).toEqual([FAILED, FAILED]);
  });

  it('shows nothing with all four off', () => {
    const off = { success: false, failed: false, warning: false, pending: false };
    expect(filterByToggles(day, off)).toEqual([]);
    expect(outcomesOn(off)).toEqual([]);
  });
});

describe('the request of one day', () => {
  const now = new Date('2026-11-25T23:30:00Z');
  const schema = processLogsRequestSchema(() => now);
  const errors = (body: unknown) => {
    const r = schema.safeParse(body);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a real day up to today (UTC), with a zero-based month', () => {
    expect(errors({ date: { year: 2026, month: 10, day: 25 } })).toBeNull();
    expect(errors({ date: { year: 2024, month: 1, day: 29 }, leaseCompanyId: '3f0c6f0e-6d0b-4a6b-9a55-0a0a0a0a0a0a' })).toBeNull();
    expect(isoDay({ year: 2026, month: 0, day: 5 })).toBe('2026-01-05');
  });

  it('refuses month 12, 31 February, 29 February of a common year and day 0', () => {
    expect(errors({ date: { year: 2026, month: 12, day: 1 } })).toEqual(['date.month: month is zero-based: 0 to 11']);
    expect(errors({ date: { year: 2026, month: 1, day: 31 } })).toEqual(['date.day: Select a valid date']);
    expect(errors({ date: { year: 2025, month: 1, day: 29 } })).toEqual(['date.day: Select a valid date']);
    expect(errors({ date: { year: 2026, month: 1, day: 0 } })).toEqual(['date.day: Select a valid date']);
  });

  it('refuses tomorrow by the UTC clock', () => {
    expect(errors({ date: { year: 2026, month: 10, day: 26 } })).toEqual(['date: Future dates are not allowed']);
    // The structural schema alone (the server checks the future against its own clock).
    expect(processLogsByDateSchema.safeParse({ date: { year: 2026, month: 10, day: 26 } }).success).toBe(true);
  });

  it('refuses wrong types, fractions, unknown members and a lease company that is not an id', () => {
    expect(errors({ date: { year: '2026', month: 10, day: 1 } })).toEqual(['date.year: year must be a whole number']);
    expect(errors({ date: { year: 2026, month: 10.5, day: 1 } })).toEqual(['date.month: month must be a whole number']);
    expect(errors({ date: { year: 2026, month: 10, day: 1 }, extra: 1 })).not.toBeNull();
    expect(errors({ date: { year: 2026, month: 10, day: 1 }, leaseCompanyId: 'acme\u0000' })).toEqual(['leaseCompanyId: Not a lease company id']);
    expect(errors({})).not.toBeNull();
  });
});

describe('days', () => {
  it('formats DD-MMM-YYYY', () => {
    expect(formatLogDay('2026-11-05')).toBe('05-Nov-2026');
    expect(formatLogDay('2027-01-31')).toBe('31-Jan-2027');
  });

  it('makes the invoice window date − 2, date − 1, date across a month and a year end', () => {
    expect(invoiceWindow('2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(invoiceWindow('2027-01-01')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});

describe('the consecutive check of the daily invoice export files', () => {
  const file = (day: string, range: { first: number; last: number } | null) => invoiceExportFileName('DI100', day, range);

  it('finds consecutive files', () => {
    const check = consecutiveCheck([file('2026-11-23', { first: 1001, last: 1020 }), file('2026-11-24', { first: 1021, last: 1050 }), file('2026-11-25', { first: 1051, last: 1051 })]);
    expect(check.days.map((d) => d.status)).toEqual(['first', 'continues', 'continues']);
    expect(check.consecutive).toBe(true);
  });

  it('lists the missing numbers of a gap', () => {
    const check = consecutiveCheck([file('2026-11-23', { first: 1001, last: 1050 }), file('2026-11-24', { first: 1053, last: 1060 }), file('2026-11-25', { first: 1062, last: 1070 })]);
    expect(check.days.map((d) => [d.status, d.missing])).toEqual([
      ['first', null],
      ['gap', { from: 1051, to: 1052 }],
      ['gap', { from: 1061, to: 1061 }],
    ]);
    expect(check.consecutive).toBe(false);
    expect(check.days.map(dayCheckText)).toEqual(['First file of these days', 'Missing invoice numbers 1051–1052', 'Missing invoice number 1061']);
  });

  it('carries the previous last over an empty day', () => {
    const check = consecutiveCheck([file('2026-11-23', { first: 1001, last: 1050 }), file('2026-11-24', null), file('2026-11-25', { first: 1051, last: 1060 })]);
    expect(check.days.map((d) => d.status)).toEqual(['first', 'empty', 'continues']);
    expect(check.consecutive).toBe(true);
    expect(consecutiveCheck([file('2026-11-23', { first: 1, last: 4 }), file('2026-11-24', null), file('2026-11-25', { first: 7, last: 9 })]).days[2].missing).toEqual({ from: 5, to: 6 });
  });

  it('marks a missing or failed day and still finds a gap across it', () => {
    const check = consecutiveCheck([file('2026-11-23', { first: 1001, last: 1050 }), null, file('2026-11-25', { first: 1061, last: 1070 })]);
    expect(check.days.map((d) => d.status)).toEqual(['first', 'missing', 'gap']);
    expect(check.days[2].missing).toEqual({ from: 1051, to: 1060 });
    expect(check.consecutive).toBe(false);
    // A name that is not an export file's reads as no file.
    expect(consecutiveCheck(['report.csv']).days[0].status).toBe('missing');
  });

  it('tells a numbering reset to 1 from an overlap', () => {
    const reset = consecutiveCheck([file('2026-12-31', { first: 9001, last: 9050 }), file('2027-01-01', { first: 1, last: 12 }), file('2027-01-02', { first: 13, last: 20 })]);
    expect(reset.days.map((d) => d.status)).toEqual(['first', 'reset', 'continues']);
    expect(reset.consecutive).toBe(true);
    const overlap = consecutiveCheck([file('2026-11-24', { first: 1001, last: 1050 }), file('2026-11-25', { first: 1040, last: 1060 })]);
    expect(overlap.days.map((d) => d.status)).toEqual(['first', 'overlap']);
    expect(overlap.consecutive).toBe(false);
  });

  it('starts with the first readable file when the window opens on empty days', () => {
    const check = consecutiveCheck([file('2026-11-23', null), file('2026-11-24', { first: 5, last: 9 }), file('2026-11-25', { first: 10, last: 10 })]);
    expect(check.days.map((d) => d.status)).toEqual(['empty', 'first', 'continues']);
  });

  it('numbers credit blocks with the invoices: a file with credits continues like any other', () => {
    // 3 invoice blocks and 2 credit blocks: 1001–1005; the next day's file starts at 1006.
    const withCredits = file('2026-11-24', { first: 1001, last: 1005 });
    expect(rangeMatchesBlocks(withCredits, { invoiceBlockCount: 3, creditBlockCount: 2 })).toBe(true);
    expect(rangeMatchesBlocks(withCredits, { invoiceBlockCount: 3, creditBlockCount: 0 })).toBe(false);
    expect(rangeMatchesBlocks(file('2026-11-25', null), { invoiceBlockCount: 0, creditBlockCount: 0 })).toBe(true);
    expect(consecutiveCheck([withCredits, file('2026-11-25', { first: 1006, last: 1006 })]).consecutive).toBe(true);
    // Counting only the invoices would leave a false gap of the two credit numbers.
    expect(consecutiveCheck([file('2026-11-24', { first: 1001, last: 1003 }), file('2026-11-25', { first: 1006, last: 1006 })]).days[1].missing).toEqual({ from: 1004, to: 1005 });
  });
});
