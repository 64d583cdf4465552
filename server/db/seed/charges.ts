/**
 * The billing ledger's usage charges (billing_charges): the network apps, which complete bookings,
 * charge each completed booking's platform fees; the demo writes those charges for the bookings
 * completed in the last two months (the nightly billing validation reads month to date). A few
 * recent ones are left uncharged on purpose, so the demo's billing validation shows a failure.
 */
import { BulkWriter } from './bulk';
import { idFor, DAY, isoDate } from './random';
import type { SeedContext } from './context';
import { assigneeOf, bookingFeeTypes } from '../../../domain/billingValidation';
import type { CustomerKind, CustomerPlatformFees } from '../../../domain/customers';

/** Id kind of the charges (random.ts KIND holds the others). */
const KIND_CHARGE = 31;
/** How far back charges are written. */
const CHARGED_DAYS = 62;
/** Bookings completed in the last few days whose number ends so are left uncharged (the demo's failures). */
const UNCHARGED_SUFFIX = '7';
const UNCHARGED_DAYS = 3;

interface CompletedRow {
  id: string;
  enquiry_number: string;
  lease_company_id: string;
  sub_customer_id: string | null;
  source: string;
  currency: string;
  completed_on: string;
  billing_customer_id: string;
  assignee: CustomerKind | null;
  platform_fees: CustomerPlatformFees | null;
}

export async function seedBillingCharges(ctx: SeedContext): Promise<void> {
  const { database, seed, today } = ctx;
  const from = isoDate(today - CHARGED_DAYS * DAY);
  const unchargedFrom = isoDate(today - UNCHARGED_DAYS * DAY);
  const select = (table: string) => `
    SELECT e.id, e.enquiry_number, e.lease_company_id, e.sub_customer_id, e.source, e.currency, to_char(e.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS completed_on,
           b.id AS billing_customer_id, coalesce(l.platform_fee_assignee, l.platform_fees->>'platformFeeAssignee') AS assignee, l.platform_fees
      FROM ${table} e
      JOIN lease_companies l ON l.id = e.lease_company_id
      JOIN billing_customers b ON b.lease_company_id = l.id AND b.group_id IS NULL AND b.supplier_id IS NULL
     WHERE e.completed_at >= $1::timestamptz`;
  const rows = await database.query<CompletedRow>(`${select('enquiries')} UNION ALL ${select('archived_enquiries')} ORDER BY enquiry_number`, [`${from}T00:00:00Z`]);
  const w = new BulkWriter(database, 'billing_charges', [
    ['id', 'uuid'], ['billing_customer_id', 'text'], ['lease_company_id', 'uuid'], ['sub_customer_id', 'uuid'], ['enquiry_id', 'uuid'], ['enquiry_number', 'text'],
    ['fee_type', 'text'], ['platform_fee_assignee', 'text'], ['amount', 'int'], ['currency', 'text'], ['charged_on', 'date'], ['created_at', 'timestamptz'],
  ] as const);
  let n = 0;
  for (const r of rows) {
    if (r.completed_on >= unchargedFrom && r.enquiry_number.endsWith(UNCHARGED_SUFFIX)) continue;
    const assignee = assigneeOf(r.assignee, r.sub_customer_id !== null);
    for (const feeType of bookingFeeTypes(r.source)) {
      const amount = Number(r.platform_fees?.[feeType] ?? 0);
      await w.add([
        idFor(seed, KIND_CHARGE, n++), r.billing_customer_id, r.lease_company_id, assignee === 'SUB_CUSTOMER' ? r.sub_customer_id : null, r.id, r.enquiry_number,
        feeType, assignee, amount, r.currency, r.completed_on, new Date(`${r.completed_on}T23:00:00Z`),
      ]);
    }
  }
  ctx.counts.billing_charges = await w.close();
}
