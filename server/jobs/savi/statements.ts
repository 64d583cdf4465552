/**
 * The weekly SAVi statement (spec 3 §2.1): every invoice and credit note of a week (Monday to
 * Sunday, by tax point date), grouped by lease company and supplier with their totals, written as
 * CSV into the file store and recorded as a SAVi export (success or error). One successful
 * statement per week: a run for a week that has one does nothing, so the schedule, a retry and an
 * on-demand run never make two.
 */
import { and, eq, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { escapeCell } from '../../../domain/network/cells';
import { jobTypeLabel, STATEMENT_COLUMNS, statementFileName, statementIssuerRows, statementWeekBefore } from '../../../domain/savi';
import { paybillDetails } from '../../rpc/savi';
import type { Tx } from '../../db/client';
import { saviExports } from '../../db/schema';
import { FileWriter, type FileStore } from '../../files/storage';
import type { Services } from '../../services';
import { rowsOf } from '../network/lookup';

/** Rows read per round trip. */
const BATCH = 2000;

export interface StatementWeek {
  startDate: string;
  endDate: string;
}

interface LineRow {
  lease_key: string;
  lease_id: string;
  lease_name: string;
  supplier_key: string;
  supplier_id: string;
  supplier_name: string;
  finance_supplier_id: string | null;
  type: 'Invoice' | 'Credit';
  invoice_number: string;
  tax_point_date: string;
  enquiry_number: string;
  vrm: string;
  job_type: string;
  currency: string;
  total_nett: number;
  total_vat: number;
  total_gross: number;
}

type Sums = { net: number; vat: number; gross: number };
const zero = (): Sums => ({ net: 0, vat: 0, gross: 0 });
const money = (minor: number) => (minor / 100).toFixed(2);

/** A credit note takes its amounts off the totals. */
function signed(r: LineRow): Sums {
  const k = r.type === 'Credit' ? -1 : 1;
  return { net: k * Number(r.total_nett), vat: k * Number(r.total_vat), gross: k * Number(r.total_gross) };
}

function add(into: Sums, s: Sums) {
  into.net += s.net;
  into.vat += s.vat;
  into.gross += s.gross;
}

function batch(week: StatementWeek, after: LineRow | null) {
  const from = after
    ? sql`AND (lower(l.name), l.id, lower(s.name), s.id, i.invoice_number) > (${after.lease_key}, ${after.lease_id}::uuid, ${after.supplier_key}, ${after.supplier_id}::uuid, ${after.invoice_number})`
    : sql``;
  return sql`SELECT lower(l.name) AS lease_key, l.id::text AS lease_id, l.name AS lease_name, lower(s.name) AS supplier_key, s.id::text AS supplier_id, s.name AS supplier_name,
                    i.finance_supplier_id, i.type, i.invoice_number, to_char(i.tax_point_date, 'YYYY-MM-DD') AS tax_point_date, i.enquiry_number, i.vrm, i.job_type,
                    i.currency, i.total_nett, i.total_vat, i.total_gross
               FROM invoices i JOIN lease_companies l ON l.id = i.lease_company_id JOIN suppliers s ON s.id = i.supplier_id
              WHERE i.tax_point_date BETWEEN ${week.startDate} AND ${week.endDate} ${from}
              ORDER BY lower(l.name), l.id, lower(s.name), s.id, i.invoice_number
              LIMIT ${BATCH}`;
}

const text = (v: string | null) => escapeCell(v ?? '');

/**
 * Writes the week's statement; memory holds one batch and the running totals. Answers the file,
 * the number of documents, and the week's totals per currency (minor units, credits taken off).
 * The statement ends with who issues it: the paybill address and footer (statementIssuerRows).
 */
export async function writeStatement(store: FileStore, db: Tx, week: StatementWeek) {
  const issuer = await paybillDetails(db);
  const writer = await FileWriter.open(store, db, { name: statementFileName(week), contentType: 'text/csv', createdBy: null });
  await writer.write(stringify([[...STATEMENT_COLUMNS]]));
  const weekTotals = new Map<string, Sums>();
  type Open = { id: string; name: string; currency: string; sums: Sums };
  let lease = null as Open | null;
  let supplier = null as Open | null;
  let documents = 0;
  const out: string[][] = [];
  const totalRow = (kind: string, leaseName: string, supplierName: string, currency: string, s: Sums) => [kind, text(leaseName), text(supplierName), '', '', '', '', '', '', '', currency, money(s.net), money(s.vat), money(s.gross)];
  const closeSupplier = () => {
    if (supplier && lease) out.push(totalRow('Supplier Total', lease.name, supplier.name, supplier.currency, supplier.sums));
    supplier = null;
  };
  const closeLease = () => {
    closeSupplier();
    if (lease) out.push(totalRow('Lease Company Total', lease.name, '', lease.currency, lease.sums));
    lease = null;
  };
  let after: LineRow | null = null;
  for (;;) {
    const rows: LineRow[] = await rowsOf<LineRow>(db, batch(week, after));
    for (const r of rows) {
      if (lease?.id !== r.lease_id) {
        closeLease();
        lease = { id: r.lease_id, name: r.lease_name, currency: r.currency, sums: zero() };
      }
      if (supplier?.id !== r.supplier_id) {
        closeSupplier();
        supplier = { id: r.supplier_id, name: r.supplier_name, currency: r.currency, sums: zero() };
      }
      const s = signed(r);
      add(lease.sums, s);
      add(supplier.sums, s);
      add(weekTotals.get(r.currency) ?? weekTotals.set(r.currency, zero()).get(r.currency)!, s);
      documents += 1;
      out.push([
        'Line', text(r.lease_name), text(r.supplier_name), text(r.finance_supplier_id), r.type, text(r.invoice_number), r.tax_point_date,
        text(r.enquiry_number), text(r.vrm), jobTypeLabel(r.job_type), r.currency, money(s.net), money(s.vat), money(s.gross),
      ]);
    }
    if (out.length) await writer.write(stringify(out.splice(0)));
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1];
  }
  closeLease();
  for (const [currency, s] of [...weekTotals].sort(([a], [b]) => a.localeCompare(b))) out.push(totalRow('Week Total', '', '', currency, s));
  out.push(...statementIssuerRows(issuer));
  await writer.write(stringify(out));
  return { file: await writer.finish(), documents, totals: Object.fromEntries(weekTotals) as Record<string, Sums> };
}

/**
 * Produces the statement of `week` (by default the week before today) unless it has one; records
 * a failed run with its reason. Answers what it did, for the job's output.
 */
export async function runWeeklyStatement(services: Services, data: Partial<StatementWeek> = {}): Promise<{ week: StatementWeek; exportId: string | null; documents: number; skipped: boolean }> {
  const db = services.db;
  const week = data.startDate && data.endDate ? { startDate: data.startDate, endDate: data.endDate } : statementWeekBefore(services.clock.now().toISOString().slice(0, 10));
  const statementOf = (tx: Tx) =>
    tx
      .select({ id: saviExports.id })
      .from(saviExports)
      .where(and(eq(saviExports.startDate, week.startDate), eq(saviExports.endDate, week.endDate), eq(saviExports.isSuccess, true)));
  const [existing] = await statementOf(db);
  if (existing) return { week, exportId: existing.id, documents: 0, skipped: true };
  try {
    // Runs of one week at once (the schedule on one node, Run now on another, a retry of a job that
    // expired while running) take turns: the later one then finds the statement and does nothing.
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`savi-statement:${week.startDate}:${week.endDate}`}))`);
      const [written] = await statementOf(tx);
      if (written) return { exportId: written.id, documents: 0, skipped: true };
      const { file, documents } = await writeStatement(services.files, tx, week);
      const [row] = await tx
        .insert(saviExports)
        .values({ isSuccess: true, ...week, generatedAt: services.clock.now(), fileName: file.name, fileId: file.id })
        .returning({ id: saviExports.id });
      return { exportId: row.id, documents, skipped: false };
    });
    return { week, ...done };
  } catch (err) {
    services.log.error({ err, week }, 'the weekly SAVi statement failed');
    const [row] = await db
      .insert(saviExports)
      .values({ isSuccess: false, ...week, generatedAt: services.clock.now(), fileName: statementFileName(week), fileId: null, error: (err as Error).message.slice(0, 500) })
      .returning({ id: saviExports.id });
    return { week, exportId: row.id, documents: 0, skipped: false };
  }
}
