/**
 * Billing validation (nightly, spec 3 §3 "Process log"): per lease company, what the billing
 * ledger charged per booking (billing_charges) against the report of completed bookings (live and
 * archived enquiries by completed_at, UTC), month to date and yesterday, per platform fee assignee
 * and fee type (domain/billingValidation.ts). A difference is a warning on a successful entry: the
 * run itself worked, and finance staff have a mismatch to look into.
 */
import { sql } from 'drizzle-orm';
import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import {
  assigneeOf,
  BILLING_VALIDATION_MESSAGES,
  billingPeriod,
  billingValidationData,
  BOOKING_FEE_TYPES,
  bookingFeeTypes,
  usageKey,
  type UsageCounts,
} from '../../../domain/billingValidation';
import type { CustomerKind } from '../../../domain/customers';
import type { Db } from '../../db/client';
import { rowsOf } from '../network/lookup';
import type { LeaseRef, NightlyJob, NightlyRunContext, RunOutcome } from './runner';

/** Midnight UTC of a day, whatever the session's time zone. */
const startOf = (day: string) => `${day}T00:00:00Z`;

/**
 * ACTIVE companies that are billed (a billing reference or platform fees), and one terminated
 * during the month checked, whose last month's charges still need checking.
 */
async function leaseCompanies(db: Db, runDay: string): Promise<LeaseRef[]> {
  const { monthStart } = billingPeriod(runDay);
  return rowsOf<LeaseRef>(
    db,
    sql`SELECT l.id, l.name, l.di_customer_id AS "diCustomerId"
          FROM lease_companies l
         WHERE (l.billing_ref_id IS NOT NULL OR l.platform_fees IS NOT NULL)
           AND (l.status = 'ACTIVE' OR l.terminated_at >= ${startOf(monthStart)}::timestamptz)
         ORDER BY lower(l.name), l.id`,
  );
}

type Side = { billing: UsageCounts; report: UsageCounts };
const side = (): Side => ({ billing: new Map(), report: new Map() });
const bump = (m: UsageCounts, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);

async function run(ctx: NightlyRunContext<never>): Promise<RunOutcome> {
  const { services, lease } = ctx;
  const db = services.db;
  const { period, monthStart, yesterday } = billingPeriod(ctx.day);
  const [company] = await rowsOf<{ assignee: CustomerKind | null }>(
    db,
    sql`SELECT coalesce(platform_fee_assignee, platform_fees->>'platformFeeAssignee') AS assignee FROM lease_companies WHERE id = ${lease.id}`,
  );
  const monthly = side();
  const lastDay = side();

  const completed = (table: string) =>
    sql`SELECT source, sub_customer_id IS NOT NULL AS has_sub, completed_at >= ${startOf(yesterday)}::timestamptz AS is_yesterday
          FROM ${sql.raw(table)}
         WHERE lease_company_id = ${lease.id} AND completed_at >= ${startOf(monthStart)}::timestamptz AND completed_at < ${startOf(ctx.day)}::timestamptz`;
  const report = await rowsOf<{ source: string; has_sub: boolean; is_yesterday: boolean; n: number | string }>(
    db,
    sql`SELECT source, has_sub, is_yesterday, count(*) AS n FROM (${completed('enquiries')} UNION ALL ${completed('archived_enquiries')}) e GROUP BY 1, 2, 3`,
  );
  for (const r of report) {
    const assignee = assigneeOf(company?.assignee, Boolean(r.has_sub));
    for (const type of bookingFeeTypes(r.source)) {
      bump(monthly.report, usageKey(assignee, type), Number(r.n));
      if (r.is_yesterday) bump(lastDay.report, usageKey(assignee, type), Number(r.n));
    }
  }

  const billed = await rowsOf<{ assignee: string; fee_type: string; is_yesterday: boolean; n: number | string }>(
    db,
    sql`SELECT platform_fee_assignee AS assignee, fee_type, charged_on = ${yesterday}::date AS is_yesterday, count(*) AS n
          FROM billing_charges
         WHERE lease_company_id = ${lease.id} AND charged_on BETWEEN ${monthStart}::date AND ${yesterday}::date
           AND fee_type IN (${sql.join(BOOKING_FEE_TYPES.map((t) => sql`${t}`), sql`, `)})
         GROUP BY 1, 2, 3`,
  );
  for (const b of billed) {
    bump(monthly.billing, usageKey(b.assignee, b.fee_type), Number(b.n));
    if (b.is_yesterday) bump(lastDay.billing, usageKey(b.assignee, b.fee_type), Number(b.n));
  }

  const data = billingValidationData({ period, processedAt: services.clock.now().toISOString(), companyAssignee: company?.assignee ?? null }, monthly, lastDay);
  const fails = data.overallStatus === 'fail';
  return { isSuccess: true, isWarning: fails, message: fails ? BILLING_VALIDATION_MESSAGES.fail : BILLING_VALIDATION_MESSAGES.pass, data: { ...data } };
}

export const billingValidationJob: NightlyJob<never> = {
  queue: SCHEDULED_JOBS.billingValidation.queue,
  type: 'BILLING_VALIDATION',
  name: SCHEDULED_JOBS.billingValidation.label,
  leaseCompanies,
  run,
};
