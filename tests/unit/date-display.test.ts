import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/network/format';
import { formatAuditDate } from '../../domain/suppliers/networkTerms/format';

describe('one way of writing a day', () => {
  it("writes a timestamp's day as the console's days are written: two-digit day, three-letter month", () => {
    // Midday UTC: the same day in any time zone the console is used in.
    expect(formatDateTime('2026-11-09T12:05:00Z')).toMatch(/^09 Nov 2026, \d{2}:\d{2}$/);
    expect(formatDateTime('2026-09-28T12:05:00Z')).toMatch(/^28 Sep 2026, \d{2}:\d{2}$/);
    expect(formatDateTime('2026-09-28T12:05:00Z').startsWith(formatAuditDate('2026-09-28'))).toBe(true);
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
