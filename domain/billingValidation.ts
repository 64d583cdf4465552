/**
 * Billing validation (spec 3 §3 "Process log", type BILLING_VALIDATION): what the billing ledger
 * charged per booking against the report of completed bookings, month to date and yesterday, per
 * platform fee assignee and fee type.
 */
import type { BillingBlock, BillingValidationData, PassFail } from './logs';
import { CUSTOMER_KINDS, type CustomerKind } from './customers/enums';
import type { EnquirySource } from './enquiries';
import { dayBefore } from './invoiceExport';

/**
 * The platform fees charged per completed booking (ours; the other platform fees are monthly and
 * billed by subscription): the booking fee on every booking, and the manual VOR fee on a booking
 * raised as a manual VOR. Each is one unit per booking, so billing and report are counts.
 */
export const BOOKING_FEE_TYPES = ['bookingFee', 'manualVorFee'] as const;
export type BookingFeeType = (typeof BOOKING_FEE_TYPES)[number];

/** The per-booking fees a completed booking of this source carries. */
export function bookingFeeTypes(source: EnquirySource | string): BookingFeeType[] {
  return source === 'MANUAL_VOR' ? ['bookingFee', 'manualVorFee'] : ['bookingFee'];
}

/**
 * Who a booking's platform fees are charged to: the sub customer when the company assigns its
 * fees to sub customers and the booking has one; otherwise the customer itself (a booking made
 * for the company's own vehicles has no sub customer to charge).
 */
export function assigneeOf(companyAssignee: CustomerKind | null | undefined, hasSubCustomer: boolean): CustomerKind {
  return companyAssignee === 'SUB_CUSTOMER' && hasSubCustomer ? 'SUB_CUSTOMER' : 'CUSTOMER';
}

export const BILLING_VALIDATION_MESSAGES = {
  pass: 'Billing matches reported usage',
  fail: 'Billing differs from reported usage',
} as const;

/** The days a run on `runDay` compares: month to date up to and including yesterday (run day − 1). */
export function billingPeriod(runDay: string): { period: string; monthStart: string; yesterday: string } {
  const yesterday = dayBefore(runDay);
  return { period: yesterday.slice(0, 7), monthStart: `${yesterday.slice(0, 7)}-01`, yesterday };
}

/** Counts keyed by assignee and fee type. */
export type UsageCounts = Map<string, number>;
export const usageKey = (assignee: string, type: string) => `${assignee}|${type}`;

const block = (billing: number, report: number): BillingBlock => ({ billing, report, status: billing === report ? 'pass' : 'fail' });

/**
 * The validation's data: one row per assignee and fee type that either side has this month, and
 * always the booking fee of the company's own assignee (so a quiet month still shows 0 = 0 pass).
 * Rows in assignee order (CUSTOMER, SUB_CUSTOMER), then fee type order.
 */
export function billingValidationData(
  input: { period: string; processedAt: string; companyAssignee: CustomerKind | null },
  monthly: { billing: UsageCounts; report: UsageCounts },
  yesterday: { billing: UsageCounts; report: UsageCounts },
): BillingValidationData {
  const keys = new Set([...monthly.billing.keys(), ...monthly.report.keys(), ...yesterday.billing.keys(), ...yesterday.report.keys()]);
  keys.add(usageKey(input.companyAssignee ?? 'CUSTOMER', 'bookingFee'));
  const rows: BillingValidationData['rows'] = [];
  for (const platformFeeAssignee of CUSTOMER_KINDS) {
    for (const type of BOOKING_FEE_TYPES) {
      const k = usageKey(platformFeeAssignee, type);
      if (!keys.has(k)) continue;
      rows.push({
        platformFeeAssignee,
        type,
        monthly: block(monthly.billing.get(k) ?? 0, monthly.report.get(k) ?? 0),
        yesterday: block(yesterday.billing.get(k) ?? 0, yesterday.report.get(k) ?? 0),
      });
    }
  }
  const overallStatus: PassFail = rows.every((r) => r.monthly.status === 'pass' && r.yesterday.status === 'pass') ? 'pass' : 'fail';
  return { overallStatus, period: input.period, processedAt: input.processedAt, rows };
}
