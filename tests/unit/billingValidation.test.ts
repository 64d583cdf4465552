import { describe, expect, it } from 'vitest';
import { assigneeOf, billingPeriod, billingValidationData, bookingFeeTypes, usageKey, type UsageCounts } from '../../domain/billingValidation';

const counts = (entries: [string, string, number][]): UsageCounts => new Map(entries.map(([a, t, n]) => [usageKey(a, t), n]));
const none = () => ({ billing: counts([]), report: counts([]) });

describe('billing validation rules', () => {
  it('compares month to date up to yesterday: the period is the month of the day before the run', () => {
    expect(billingPeriod('2026-01-06')).toEqual({ period: '2026-01', monthStart: '2026-01-01', yesterday: '2026-01-05' });
    expect(billingPeriod('2026-03-01')).toEqual({ period: '2026-02', monthStart: '2026-02-01', yesterday: '2026-02-28' });
    expect(billingPeriod('2026-01-01')).toEqual({ period: '2025-12', monthStart: '2025-12-01', yesterday: '2025-12-31' });
  });

  it('charges a booking to its sub customer only when the company assigns fees to sub customers and the booking has one', () => {
    expect(assigneeOf('SUB_CUSTOMER', true)).toBe('SUB_CUSTOMER');
    expect(assigneeOf('SUB_CUSTOMER', false)).toBe('CUSTOMER');
    expect(assigneeOf('CUSTOMER', true)).toBe('CUSTOMER');
    expect(assigneeOf(null, true)).toBe('CUSTOMER');
  });

  it('charges the booking fee on every booking and the manual VOR fee on a manual VOR one', () => {
    expect(bookingFeeTypes('BOOK_IN')).toEqual(['bookingFee']);
    expect(bookingFeeTypes('MANUAL_VOR')).toEqual(['bookingFee', 'manualVorFee']);
  });

  it('passes rows that agree, fails the overall status when one block differs, and orders rows by assignee then fee type', () => {
    const monthly = { billing: counts([['SUB_CUSTOMER', 'bookingFee', 4], ['CUSTOMER', 'manualVorFee', 1]]), report: counts([['SUB_CUSTOMER', 'bookingFee', 5], ['CUSTOMER', 'manualVorFee', 1]]) };
    const yesterday = { billing: counts([['SUB_CUSTOMER', 'bookingFee', 1]]), report: counts([['SUB_CUSTOMER', 'bookingFee', 1]]) };
    expect(billingValidationData({ period: '2026-01', processedAt: 'at', companyAssignee: 'SUB_CUSTOMER' }, monthly, yesterday)).toEqual({
      overallStatus: 'fail',
      period: '2026-01',
      processedAt: 'at',
      rows: [
        { platformFeeAssignee: 'CUSTOMER', type: 'manualVorFee', monthly: { billing: 1, report: 1, status: 'pass' }, yesterday: { billing: 0, report: 0, status: 'pass' } },
        { platformFeeAssignee: 'SUB_CUSTOMER', type: 'bookingFee', monthly: { billing: 4, report: 5, status: 'fail' }, yesterday: { billing: 1, report: 1, status: 'pass' } },
      ],
    });
  });

  it("always shows the booking fee of the company's assignee, so a quiet month passes 0 against 0", () => {
    expect(billingValidationData({ period: '2026-01', processedAt: 'at', companyAssignee: null }, none(), none())).toEqual({
      overallStatus: 'pass',
      period: '2026-01',
      processedAt: 'at',
      rows: [{ platformFeeAssignee: 'CUSTOMER', type: 'bookingFee', monthly: { billing: 0, report: 0, status: 'pass' }, yesterday: { billing: 0, report: 0, status: 'pass' } }],
    });
  });
});
