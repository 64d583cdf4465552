/**
 * Process logs of the last 30 days, as the nightly jobs write them (domain/logs.ts): per lease
 * company a contract and stock import, a daily invoice export, an enquiry archive and a billing
 * validation, each with `run_day` set to the day it is for, so that a real run of a past day finds
 * it done. Today has none of these: a Run now (or the night's schedule) writes today's for real.
 * One active company's invoice numbering skips two numbers yesterday, which the consecutive check
 * of the process logs page shows. Global entries (contract terminations, the weekly SAVi
 * statement) have no run day.
 */
import { BulkWriter } from './bulk';
import { Rng, idFor, KIND, DAY, isoDate } from './random';
import type { LeaseInfo, SeedContext } from './context';
import { counted } from '../../../domain/plural';
import { ARCHIVE_KINDS, invoiceExportFileName, RUN_MESSAGES, type ArchiveKind, type ArchiveStats, type BillingValidationData, type ExportFileCounts, type ImportStats, type InvoiceExportData } from '../../../domain/logs';
import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import { IMPORT_MESSAGES } from '../../../domain/contractImport';
import { invoiceExportMessage } from '../../../domain/invoiceExport';
import { ARCHIVE_MESSAGES, archivedCount, archiveThresholds } from '../../../domain/archive';
import { BILLING_VALIDATION_MESSAGES, billingPeriod, billingValidationData, usageKey, type UsageCounts } from '../../../domain/billingValidation';

type Outcome = 'success' | 'warning' | 'failed' | 'paused';

interface Entry {
  type: string;
  name: string;
  at: Date;
  lease: string | null;
  runDay: string | null;
  outcome: Outcome;
  message: string;
  stats?: object | null;
  data?: object | null;
  fileName?: string | null;
}

/** Yesterday's skipped numbers of the first active company with the export on (the demo's gap). */
export const SEEDED_INVOICE_GAP = 2;

export async function seedProcessLogs(ctx: SeedContext): Promise<number> {
  const { database, seed, today } = ctx;
  const rng = new Rng(seed, 71);
  const pl = new BulkWriter(database, 'process_logs', [
    ['id', 'uuid'], ['type', 'text'], ['name', 'text'], ['message', 'text'], ['is_success', 'bool'], ['is_warning', 'bool'], ['is_pending', 'bool'], ['state', 'text'],
    ['executed_at', 'timestamptz'], ['exported_at', 'timestamptz'], ['lease_company_id', 'uuid'], ['file_name', 'text'], ['stats', 'jsonb'], ['data', 'jsonb'], ['run_day', 'date'], ['updated_at', 'timestamptz'],
  ] as const);
  let logNo = 0;
  const add = (e: Entry) => {
    const paused = e.outcome === 'paused';
    return pl.add([
      idFor(seed, KIND.processLog, logNo++), e.type, e.name, e.message, e.outcome === 'success' || e.outcome === 'warning', e.outcome === 'warning', paused, paused ? 'PAUSED' : 'COMPLETED',
      e.at, e.fileName ? e.at : null, e.lease, e.fileName ?? null, e.stats ?? null, e.data ?? null, e.runDay, e.at,
    ]);
  };
  const active = ctx.leases.filter((l) => l.status === 'ACTIVE');
  const gapCompany = active.find((l) => l.dailyInvoiceExport)?.id;
  const lastNumber = new Map<string, number>(active.map((l) => [l.id, rng.int(0, 40) * 1000]));

  for (let d = 29; d >= 0; d--) {
    const day = today - d * DAY;
    const runDay = isoDate(day);
    const at = (h: number, m: number, s = 0) => new Date(day + h * 3_600_000 + m * 60_000 + s * 1000);
    // Today's nightly entries are left to the jobs themselves.
    for (const [k, l] of d === 0 ? [] : active.entries()) {
      const spread = k % 60;
      if (l.stockImport) await add(stockImport(rng, l, runDay, at(1, spread, k % 60)));
      if (l.dailyInvoiceExport) await add(invoiceExport(rng, l, runDay, at(2, spread, k % 60), lastNumber, l.id === gapCompany && d === 1));
      // Two archives paused yesterday, so the page shows the badge.
      await add(archive(rng, l, runDay, at(3, 15 + (spread % 40), k % 60), d === 1 && k < 2));
      await add(billingValidation(rng, l, runDay, at(5, 30 + (spread % 30), k % 60)));
    }
    await add({ type: 'CONTRACT_TERMINATION', name: 'Contract terminations', at: at(0, 30), lease: null, runDay: null, outcome: 'success', message: `Terminated ${counted(rng.int(0, 120), 'vehicle contract')}`, stats: { success: rng.int(0, 120), skipped: rng.int(0, 5) } });
    if (new Date(day).getUTCDay() === 1) {
      await add({ type: 'SAVI_EXPORT', name: 'SAVi weekly statement', at: at(6, 0), lease: null, runDay: null, outcome: 'success', message: 'Weekly statement generated', data: { customers: ctx.leases.slice(0, 5).map((l) => ({ name: l.name, exportCount: rng.int(10, 400) })) } });
    }
  }
  return pl.close();
}

function stockImport(rng: Rng, l: LeaseInfo, runDay: string, at: Date): Entry {
  const base = { type: 'STOCK_IMPORT', name: SCHEDULED_JOBS.contractImport.label, at, lease: l.id, runDay };
  const r = rng.next();
  const zero: ImportStats = { success: 0, skipped: 0, noChange: 0, awaitingTermination: 0, isIdUnavailable: 0, skippedAccountsWithMaintainedAsN: 0, skippedRepeatedAccountNumber: 0 };
  if (r < 0.05) {
    const none: ExportFileCounts = { totalRecordsCount: 0, processedRecordCount: 0, validRecordCount: 0, invalidRecordCount: 0 };
    return { ...base, outcome: 'failed', message: `${IMPORT_MESSAGES.notReceived}\n${IMPORT_MESSAGES.notReceivedHint}`, stats: zero, data: none };
  }
  const total = rng.int(20, 900);
  const skippedBy = r < 0.15 ? { isIdUnavailable: rng.int(1, 6), skippedAccountsWithMaintainedAsN: rng.int(0, 4), skippedRepeatedAccountNumber: rng.int(0, 2) } : { isIdUnavailable: 0, skippedAccountsWithMaintainedAsN: 0, skippedRepeatedAccountNumber: 0 };
  const skipped = skippedBy.isIdUnavailable + skippedBy.skippedAccountsWithMaintainedAsN + skippedBy.skippedRepeatedAccountNumber;
  const noChange = rng.int(0, total - skipped);
  const stats: ImportStats = { ...skippedBy, skipped, noChange, success: total - skipped - noChange, awaitingTermination: rng.int(0, Math.min(5, total - skipped - noChange)) };
  const counts: ExportFileCounts = { totalRecordsCount: total, processedRecordCount: total, validRecordCount: total - skippedBy.isIdUnavailable, invalidRecordCount: skippedBy.isIdUnavailable };
  return { ...base, outcome: skipped > 0 ? 'warning' : 'success', message: IMPORT_MESSAGES.done(counts, stats), stats, data: counts };
}

/** The run of `runDay` exports the day before (as the job does); its blocks take the company's next numbers. */
function invoiceExport(rng: Rng, l: LeaseInfo, runDay: string, at: Date, lastNumber: Map<string, number>, gap: boolean): Entry {
  const base = { type: 'DAILY_INVOICE_EXPORT', name: SCHEDULED_JOBS.dailyInvoiceExport.label, at, lease: l.id, runDay };
  if (rng.next() < 0.03) return { ...base, outcome: 'failed', message: 'Export upload to the customer SFTP failed' };
  const invoices = rng.bool(0.15) ? 0 : rng.int(1, 40);
  const credits = invoices === 0 ? 0 : rng.int(0, 3);
  const previous = (lastNumber.get(l.id) ?? 0) + (gap ? SEEDED_INVOICE_GAP : 0);
  const blocks = invoices + credits;
  if (blocks > 0) lastNumber.set(l.id, previous + blocks);
  const data: InvoiceExportData = { numberOfEnquiriesInvoiced: invoices, numberOfInvoicesInExport: invoices, numberOfEnquiriesCredited: credits, creditBlockCount: credits, invoiceBlockCount: invoices };
  const exportedDay = isoDate(Date.parse(`${runDay}T00:00:00Z`) - DAY);
  const fileName = invoiceExportFileName(l.diCustomerId, exportedDay, blocks > 0 ? { first: previous + 1, last: previous + blocks } : null);
  return { ...base, outcome: 'success', message: invoiceExportMessage(data), data, fileName };
}

function archive(rng: Rng, l: LeaseInfo, runDay: string, at: Date, paused: boolean): Entry {
  const byKind = Object.fromEntries(ARCHIVE_KINDS.map((k) => [k, rng.int(0, k === 'invoiced' ? 80 : 15)])) as Record<ArchiveKind, number>;
  const total = archivedCount(byKind);
  const archivedByKind = paused ? (Object.fromEntries(ARCHIVE_KINDS.map((k) => [k, Math.floor(byKind[k] / 2)])) as Record<ArchiveKind, number>) : byKind;
  const t = archiveThresholds(runDay);
  const stats: ArchiveStats = {
    isArchivingEnquiriesCompleted: !paused,
    totalEnquiriesToArchiveCount: total,
    totalInvoicedEnquiriesToArchiveCount: byKind.invoiced,
    archivedEnquiriesCount: archivedCount(archivedByKind),
    firstRunTimestamp: at.toISOString(),
    lastRunTimestamp: new Date(at.getTime() + rng.int(5, 600) * 1000).toISOString(),
    archivedByKind,
    invoicedThresholdDate: t.invoiced,
    declinedThresholdDate: t.declined,
    cancelledThresholdDate: t.cancelled,
    noShowThresholdDate: t.noShow,
    authorisationDeclinedThresholdDate: t.authorisationDeclined,
  };
  return { type: 'ENQUIRY_ARCHIVE', name: SCHEDULED_JOBS.enquiryArchive.label, at, lease: l.id, runDay, outcome: paused ? 'paused' : 'success', message: paused ? RUN_MESSAGES.paused : ARCHIVE_MESSAGES.done(total), stats };
}

function billingValidation(rng: Rng, l: LeaseInfo, runDay: string, at: Date): Entry {
  const { period } = billingPeriod(runDay);
  const key = usageKey(l.subCustomerIds.length > 0 && rng.bool(0.3) ? 'SUB_CUSTOMER' : 'CUSTOMER', 'bookingFee');
  const dayOfMonth = Number(runDay.slice(8, 10));
  const yesterday = rng.int(0, 25);
  const monthly = yesterday + rng.int(0, 25 * (dayOfMonth - 1));
  // One run in ten finds the report a booking short of what was billed.
  const off = yesterday > 0 && rng.bool(0.1) ? 1 : 0;
  const counts = (n: number): UsageCounts => new Map([[key, n]]);
  const data: BillingValidationData = billingValidationData({ period, processedAt: at.toISOString(), companyAssignee: null }, { billing: counts(monthly), report: counts(monthly - off) }, { billing: counts(yesterday), report: counts(yesterday - off) });
  const fails = data.overallStatus === 'fail';
  return { type: 'BILLING_VALIDATION', name: SCHEDULED_JOBS.billingValidation.label, at, lease: l.id, runDay, outcome: fails ? 'warning' : 'success', message: fails ? BILLING_VALIDATION_MESSAGES.fail : BILLING_VALIDATION_MESSAGES.pass, data };
}
