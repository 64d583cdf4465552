/** Enquiries in every status, the archive, and the invoices and credit notes of invoiced ones. */
import { BulkWriter } from './bulk';
import { Rng, idFor, KIND, DAY, isoDate } from './random';
import type { SeedContext } from './context';
import { DIRECT_PAYBILL_RATE_CARD_TYPES } from '../../../domain/customers';
import type { EnquiryStatus, EnquirySource } from '../../../domain/enquiries';
import type { JobType } from '../../../domain/finance';
import type { ServiceType } from '../../../domain/suppliers';

const LIVE_STATUS: [EnquiryStatus, number][] = [
  ['NEW', 6], ['BID_COMPLETED', 6], ['BID_ACCEPTED', 9], ['CHECK_IN_COMPLETE', 5], ['CHECKED_IN_BY_DRIVER', 2], ['DECLINED_TO_BID', 3],
  ['CANCELLED', 5], ['COMPLETED', 12], ['PAYMENT_TAKEN', 5], ['BID_NOT_SELECTED', 4], ['INVOICED', 43],
];
const ARCHIVE_STATUS: [EnquiryStatus, number][] = [['INVOICED', 40], ['DECLINED_TO_BID', 20], ['CANCELLED', 25], ['BID_NOT_SELECTED', 15]];
const SOURCES: [EnquirySource, number][] = [['BOOK_IN', 40], ['LEASE', 25], ['WALK_IN', 10], ['MANUAL_VOR', 10], ['WEB_LINK', 15]];
const SERVICES: [ServiceType, number, number, number, JobType, string][] = [
  // type, weight, min and max value in minor units, job type, description
  ['SERVICE', 30, 12000, 45000, 'STANDARD', 'Scheduled service'],
  ['SMR', 12, 8000, 90000, 'STANDARD', 'Service, maintenance and repair'],
  ['MOT', 14, 4000, 5485, 'MOT', 'MOT test'],
  ['TYRE', 18, 6000, 60000, 'TYRES', 'Tyre replacement'],
  ['REPAIR', 12, 9000, 150000, 'STANDARD', 'Mechanical repair'],
  ['GLASS', 4, 5000, 45000, 'GLASS', 'Windscreen replacement'],
  ['BODYSHOP', 5, 20000, 300000, 'BODYSHOP', 'Accident damage repair'],
  ['BREAKDOWN', 3, 8000, 35000, 'BREAKDOWN', 'Roadside recovery'],
  ['ALLOY_WHEELS', 2, 6000, 25000, 'STANDARD', 'Alloy wheel refurbishment'],
];
const CANCEL_REASONS = ['Driver no longer available on the booked date', 'Vehicle off the road, booked elsewhere', 'Duplicate booking', 'Work covered under manufacturer warranty', 'Customer requested cancellation'];
const GENERATORS = [{ firstname: 'Invoice', lastname: 'Service' }, { firstname: 'Priya', lastname: 'Shah' }, { firstname: 'Tom', lastname: 'Hughes' }];
const SAVERS = [{ firstname: 'Fay', lastname: 'Finance' }, { firstname: 'Niamh', lastname: 'Byrne' }];

const ENQUIRY_COLUMNS = [
  ['id', 'uuid'], ['enquiry_number', 'text'], ['status', 'text'], ['source', 'text'], ['service_type', 'text'], ['lease_company_id', 'uuid'],
  ['sub_customer_id', 'uuid'], ['group_id', 'uuid'], ['supplier_id', 'uuid'], ['vehicle_id', 'uuid'], ['driver_id', 'uuid'], ['vrm', 'text'], ['make', 'text'],
  ['model', 'text'], ['managed', 'bool'], ['contract_status', 'text'], ['region1', 'text'], ['rate_card_type', 'text'], ['paybill', 'bool'], ['currency', 'text'],
  ['description', 'text'], ['quoted_amount', 'int'], ['booked_for', 'timestamptz'], ['completed_at', 'timestamptz'], ['cancelled_at', 'timestamptz'],
  ['cancel_reason', 'text'], ['invoiced_at', 'timestamptz'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'], ['status_before_completion', 'text'],
] as const;

const INVOICE_COLUMNS = [
  ['id', 'uuid'], ['invoice_number', 'text'], ['type', 'text'], ['credit_of_invoice_id', 'uuid'], ['enquiry_id', 'uuid'], ['enquiry_number', 'text'],
  ['lease_company_id', 'uuid'], ['group_id', 'uuid'], ['supplier_id', 'uuid'], ['vrm', 'text'], ['tax_point_date', 'date'], ['currency', 'text'],
  ['job_type', 'text'], ['line_tax_code', 'text'], ['total_nett', 'int'], ['total_vat', 'int'], ['total_gross', 'int'], ['credit_value', 'int'],
  ['paybill', 'bool'], ['finance_supplier_id', 'text'], ['lease_quickbooks_category_id', 'text'], ['saved_to_quickbooks', 'bool'], ['saved_by', 'jsonb'],
  ['saved_to_quickbooks_on', 'timestamptz'], ['generated_by', 'jsonb'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
] as const;

const AGE_DAYS: Record<EnquiryStatus, [number, number]> = {
  NEW: [0, 6], BID_COMPLETED: [1, 20], BID_ACCEPTED: [1, 30], CHECK_IN_COMPLETE: [1, 14], CHECKED_IN_BY_DRIVER: [1, 10], DECLINED_TO_BID: [1, 200],
  CANCELLED: [1, 300], COMPLETED: [3, 60], PAYMENT_TAKEN: [3, 90], BID_NOT_SELECTED: [1, 200], INVOICED: [12, 540],
};

export async function seedEnquiries(ctx: SeedContext): Promise<void> {
  const { database, seed, today, size } = ctx;
  const rng = new Rng(seed, 6);
  const live = new BulkWriter(database, 'enquiries', ENQUIRY_COLUMNS);
  const archived = new BulkWriter(database, 'archived_enquiries', [...ENQUIRY_COLUMNS, ['archived_at', 'timestamptz'], ['archive_reason', 'text']] as const);
  const inv = new BulkWriter(database, 'invoices', INVOICE_COLUMNS);
  const credits = new BulkWriter(database, 'invoices', INVOICE_COLUMNS).after(inv);
  const msgs = new BulkWriter(database, 'enquiry_messages', [
    ['id', 'uuid'], ['enquiry_id', 'uuid'], ['message', 'text'], ['my_message', 'bool'], ['message_to', 'text'], ['message_from', 'text'], ['user', 'jsonb'],
    ['enquiry_status', 'text'], ['sent_at', 'timestamptz'],
  ] as const);
  const liveW = LIVE_STATUS.map(([, w]) => w);
  const archW = ARCHIVE_STATUS.map(([, w]) => w);
  const srcW = SOURCES.map(([, w]) => w);
  const svcW = SERVICES.map(([, w]) => w);
  let invoiceNo = 0;
  let creditNo = 0;
  let messageNo = 0;
  const A = size.archivedEnquiries;
  const V = ctx.vehicles.length;

  const one = async (i: number, isArchive: boolean) => {
    let vi = rng.int(0, V - 1);
    // The first few live enquiries, one per status, go to active customers.
    while (!isArchive && i < LIVE_STATUS.length && ctx.leases[ctx.vehicles[vi].leaseIdx].status !== 'ACTIVE') vi = rng.int(0, V - 1);
    const veh = ctx.vehicles[vi];
    const lease = ctx.leases[veh.leaseIdx];
    let status = isArchive ? ARCHIVE_STATUS[rng.weighted(archW, 100)][0] : LIVE_STATUS[rng.weighted(liveW, 100)][0];
    // A terminated customer has only closed bookings left.
    if (!isArchive && lease.status === 'TERMINATED' && status !== 'INVOICED' && status !== 'CANCELLED') status = rng.bool(0.7) ? 'INVOICED' : 'CANCELLED';
    // Make sure even the smallest data set shows every status.
    if (!isArchive && i < LIVE_STATUS.length) status = LIVE_STATUS[i][0];
    const sIdx = lease.supplierPool[rng.int(0, lease.supplierPool.length - 1)];
    const sup = ctx.suppliers[sIdx];
    const group = ctx.groups[sup.groupIdx];
    const [svc, , lo, hi, jobType, description] = SERVICES[rng.weighted(svcW, 100)];
    const [minAge, maxAge] = AGE_DAYS[status];
    const created = isArchive ? today - rng.int(420, 1100) * DAY - rng.int(0, 86_399) * 1000 : today - rng.int(minAge, maxAge) * DAY - rng.int(0, 86_399) * 1000;
    const quoted = rng.int(lo / 100, hi / 100) * 100 + rng.pick([0, 0, 50, 99]);
    const afterBid = !['NEW', 'BID_COMPLETED', 'DECLINED_TO_BID', 'BID_NOT_SELECTED'].includes(status);
    const booked = afterBid || status === 'CANCELLED' ? created + rng.int(1, 8) * DAY : null;
    const done = status === 'COMPLETED' || status === 'PAYMENT_TAKEN' || status === 'INVOICED';
    const completed = done ? Math.min(today - DAY, (booked ?? created) + rng.int(0, 2) * DAY) : null;
    const invoiced = status === 'INVOICED' ? Math.min(today - DAY, (completed as number) + rng.int(1, 10) * DAY) : null;
    const cancelled = status === 'CANCELLED' ? Math.min(today, created + rng.int(0, 5) * DAY) : null;
    const paybill = DIRECT_PAYBILL_RATE_CARD_TYPES.includes(lease.rateCardType) && rng.bool(0.7);
    const id = idFor(seed, isArchive ? KIND.archived : KIND.enquiry, i);
    const number = `E${10_000_000 + (isArchive ? i : A + i)}`;
    const modified = invoiced ?? cancelled ?? completed ?? booked ?? created;
    const driverId = veh.driverIdx === null ? null : idFor(seed, KIND.driver, veh.driverIdx);
    const cancelReason = cancelled ? rng.pick(CANCEL_REASONS) : null;
    const row: unknown[] = [
      id, number, status, SOURCES[rng.weighted(srcW, 100)][0], svc, lease.id, veh.subCustomerId, group.id, sIdx === undefined ? null : sup.id,
      idFor(seed, KIND.vehicle, vi), driverId, veh.vrm, veh.make, veh.model, veh.managed, veh.contractStatus, sup.region, lease.rateCardType, paybill,
      lease.currency, description, afterBid || status === 'BID_COMPLETED' ? quoted : null, booked && new Date(booked), completed && new Date(completed),
      cancelled && new Date(cancelled), cancelReason, invoiced && new Date(invoiced), new Date(created), new Date(Math.min(modified, today)),
      // Without drawing from rng, so the rest of the data set stays as it was: a third checked in by their driver.
      done ? (i % 3 === 0 ? 'CHECKED_IN_BY_DRIVER' : 'CHECK_IN_COMPLETE') : null,
    ];
    if (isArchive) {
      const archivedAt = Math.min(today - DAY, modified + rng.int(180, 365) * DAY);
      const reason = status === 'INVOICED' ? 'INVOICED' : status === 'CANCELLED' ? (rng.bool(0.3) ? 'NO_SHOW' : 'CANCELLED') : rng.bool(0.2) ? 'AUTHORISATION_DECLINED' : 'DECLINED';
      await archived.add([...row, new Date(archivedAt), reason]);
    } else await live.add(row);
    if (cancelled) {
      await msgs.add([idFor(seed, KIND.message, messageNo++), id, `Booking ${number} has been cancelled: ${cancelReason}`, false, 'SUPPLIER', 'CUSTOMER', { firstname: 'Fleet', lastname: 'Desk' }, 'CANCELLED', new Date(cancelled)]);
    }
    if (invoiced) {
      const ie = lease.locale === 'en_IE';
      const rate = ie ? 2300 : 2000;
      const nett = quoted + rng.int(-20, 40) * 100;
      const vat = Math.round((nett * rate) / 10_000);
      const invoiceId = idFor(seed, KIND.invoice, invoiceNo);
      const taxPoint = isoDate(invoiced);
      const saved = paybill && sup.financeSupplierId !== null && invoiced < today - 5 * DAY && rng.bool(0.75);
      const savedOn = saved ? invoiced + rng.int(1, 5) * DAY : null;
      await inv.add([
        invoiceId, `INV${String(++invoiceNo).padStart(8, '0')}`, 'Invoice', null, id, number, lease.id, group.id, sup.id, veh.vrm, taxPoint, lease.currency,
        jobType, ie ? 'IE23' : 'S', nett, vat, nett + vat, null, paybill, sup.financeSupplierId, lease.categoryId, saved, saved ? rng.pick(SAVERS) : null,
        savedOn && new Date(savedOn), rng.pick(GENERATORS), new Date(invoiced), new Date(savedOn ?? invoiced),
      ]);
      if (rng.bool(size.creditNoteRate)) {
        const credit = Math.max(1, Math.floor((nett * rng.int(10, 100)) / 100 / 100) * 100);
        const cvat = Math.round((credit * rate) / 10_000);
        const creditAt = Math.min(today - DAY, invoiced + rng.int(1, 30) * DAY);
        await credits.add([
          idFor(seed, KIND.invoice, 5_000_000 + creditNo), `CRN${String(++creditNo).padStart(8, '0')}`, 'Credit', invoiceId, id, number, lease.id, group.id, sup.id,
          veh.vrm, isoDate(creditAt), lease.currency, jobType, ie ? 'IE23' : 'S', credit, cvat, credit + cvat, credit, paybill, sup.financeSupplierId,
          lease.categoryId, false, null, null, rng.pick(GENERATORS), new Date(creditAt), new Date(creditAt),
        ]);
      }
    }
  };
  for (let i = 0; i < A; i++) await one(i, true);
  ctx.counts.archived_enquiries = await archived.close();
  for (let i = 0; i < size.enquiries; i++) {
    await one(i, false);
    if (i > 0 && i % 200_000 === 0) ctx.log(`enquiries: ${i}`);
  }
  ctx.counts.enquiries = await live.close();
  ctx.counts.invoices = (await inv.close()) + (await credits.close());
  ctx.counts.enquiry_messages = await msgs.close();
}
