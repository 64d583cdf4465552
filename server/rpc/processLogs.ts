/**
 * Process logs (spec 3 §2.2, §7 "Process logs by date"): one UTC day's entries, a page at a time,
 * with the day's counters, and the daily invoice exports of the day and the two before it with
 * their consecutive check. No permission check: any signed-in admin may read them.
 */
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ProcessLogOutcome } from '../../domain/processLogs';
import {
  addDays,
  consecutiveCheck,
  INVOICE_COMPANIES_PAGE_SIZE,
  invoiceWindow,
  isFutureDay,
  isoDay,
  PROCESS_LOG_COMPANIES_PAGE,
  PROCESS_LOG_MESSAGES,
  PROCESS_LOGS_PAGE_SIZE,
  processLogCompaniesSchema,
  processLogsByDateSchema,
  type CompaniesCursor,
  type ExecutionsCursor,
  type InvoiceExportDay,
  type InvoiceExportLog,
  type LeaseCompanyOption,
  type OutcomeCounts,
  type ProcessLogEntry,
  type ProcessLogsResponse,
} from '../../domain/processLogs';
import { PROCESS_LOG_OUTCOMES } from '../../domain/logs';
import type { Db } from '../db/client';
import { leaseCompanies, processLogs } from '../db/schema';
import { fieldError, notFound } from './errors';
import { recordIdSchema, uuidSchema } from '../../domain/lists';
import { defineSlug } from './registry';

const pl = processLogs;

/** Each outcome as SQL, in the order domain/processLogs.ts outcomeOf decides it. */
const OUTCOME_SQL: Readonly<Record<ProcessLogOutcome, SQL>> = {
  pending: sql`${pl.isPending}`,
  warning: sql`(NOT ${pl.isPending} AND ${pl.isWarning})`,
  success: sql`(NOT ${pl.isPending} AND NOT ${pl.isWarning} AND ${pl.isSuccess})`,
  failed: sql`(NOT ${pl.isPending} AND NOT ${pl.isWarning} AND NOT ${pl.isSuccess})`,
};

const byName = new Intl.Collator('en').compare;
const dayStart = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

const entryColumns = {
  id: pl.id,
  type: pl.type,
  name: pl.name,
  message: pl.message,
  isSuccess: pl.isSuccess,
  isWarning: pl.isWarning,
  isPending: pl.isPending,
  state: pl.state,
  executedAt: pl.executedAt,
  exportedAt: pl.exportedAt,
  leaseId: pl.leaseCompanyId,
  leaseCompanyName: leaseCompanies.name,
  fileName: pl.fileName,
  stats: pl.stats,
  data: pl.data,
  // The cursor keeps the database's microseconds: a JavaScript date would round them away, and
  // the keyset would then skip entries of the same millisecond.
  cursorAt: sql<string>`to_char(${pl.executedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** One page of the day's entries, newest first (keyset on executed_at, id: served by process_logs_executed_idx or _lease_idx). */
function toEntry({ cursorAt: _cursor, ...r }: Awaited<ReturnType<typeof entryRows>>[number]): ProcessLogEntry {
  return { ...r, executedAt: r.executedAt.toISOString(), exportedAt: r.exportedAt?.toISOString() ?? null };
}

const entryRows = (db: Db) => db.select(entryColumns).from(pl).leftJoin(leaseCompanies, eq(leaseCompanies.id, pl.leaseCompanyId));

async function executions(db: Db, day: SQL, outcomes: readonly ProcessLogOutcome[], after: ExecutionsCursor | null | undefined) {
  if (outcomes.length === 0) return { executions: [], next: null };
  const keyset = after ? sql`(${pl.executedAt}, ${pl.id}) < (${after.executedAt}::timestamptz, ${after.id}::uuid)` : undefined;
  const only = outcomes.length === PROCESS_LOG_OUTCOMES.length ? undefined : or(...outcomes.map((o) => OUTCOME_SQL[o]));
  const rows = await entryRows(db)
    .where(and(day, only, keyset))
    .orderBy(desc(pl.executedAt), desc(pl.id))
    .limit(PROCESS_LOGS_PAGE_SIZE + 1);
  const page = rows.slice(0, PROCESS_LOGS_PAGE_SIZE);
  const last = page.at(-1);
  const entries = page.map(toEntry);
  return { executions: entries, next: rows.length > PROCESS_LOGS_PAGE_SIZE && last ? { executedAt: last.cursorAt, id: last.id } : null };
}

/** The day's counters in one aggregate, whatever the toggles. */
async function counts(db: Db, day: SQL): Promise<OutcomeCounts> {
  const [row] = await db
    .select(Object.fromEntries(PROCESS_LOG_OUTCOMES.map((o) => [o, sql<number>`count(*) FILTER (WHERE ${OUTCOME_SQL[o]})::int`])) as Record<ProcessLogOutcome, SQL<number>>)
    .from(pl)
    .where(day);
  return Object.fromEntries(PROCESS_LOG_OUTCOMES.map((o) => [o, Number(row?.[o] ?? 0)])) as OutcomeCounts;
}

/** An export entry of the window. */
interface WindowRow {
  leaseId: string | null;
  day: string;
  fileName: string | null;
  isSuccess: boolean;
  isPending: boolean;
  executedAt: string;
}

/**
 * How long the set of companies with the export switched on is reused (ours). Reading every
 * company's configuration costs more than the rest of the view on the large data, and a company
 * switched on shows in the view this much later at most (its own exports show at once).
 */
export const EXPORTING_COMPANIES_TTL_MS = 30_000;
const exporting = new WeakMap<Db, { at: number; companies: Promise<LeaseCompanyOption[]> }>();

/** The order of the view's companies: by name, then id (the companies cursor's order). */
const companyOrder = (a: CompaniesCursor, b: CompaniesCursor) => byName(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The active lease companies with the daily invoice export on, in companyOrder, from a cache of at most EXPORTING_COMPANIES_TTL_MS. */
function exportingCompanies(db: Db, now: number): Promise<LeaseCompanyOption[]> {
  const cached = exporting.get(db);
  if (cached && now >= cached.at && now - cached.at < EXPORTING_COMPANIES_TTL_MS) return cached.companies;
  // Read once here: a query builder would run again at every await. Sorted once here too, not per call.
  const companies: Promise<LeaseCompanyOption[]> = (async () =>
    (
      await db
        .select({ id: leaseCompanies.id, name: leaseCompanies.name })
        .from(leaseCompanies)
        .where(and(eq(leaseCompanies.status, 'ACTIVE'), sql`(${leaseCompanies.config} -> 'dailyInvoiceExport' ->> 'isEnabled') = 'true'`))
    ).sort(companyOrder))();
  exporting.set(db, { at: now, companies });
  // A failed read is not kept.
  companies.catch(() => exporting.delete(db));
  return companies;
}

/**
 * The day an export entry counts for: the day its run was for, or, for entries no job wrote, the
 * UTC day it ran. The first column of process_logs_invoice_export_idx (export entries only), whose
 * other columns are all the view reads of an entry: the view's queries read the index alone.
 */
const exportDay = sql`coalesce(${pl.runDay}, (${pl.executedAt} AT TIME ZONE 'UTC')::date)`;

/** A uuid[] parameter (one value, however many ids). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The daily invoice exports of the three days, per lease company: the active ones whose
 * configuration has the export on, and any other with an export entry in the window (it was on
 * then), a page of companies at a time. Only the page's companies' entries are read: the others
 * in the window are only looked for among companies not switched on (usually none).
 */
async function invoiceExportLogs(db: Db, now: Date, iso: string, leaseCompanyId: string | null, after: CompaniesCursor | null | undefined): Promise<{ logs: InvoiceExportLog[]; next: CompaniesCursor | null }> {
  const days = invoiceWindow(iso);
  const [from, to] = [days[0], days[days.length - 1]];
  const inWindow = and(eq(pl.type, 'DAILY_INVOICE_EXPORT'), sql`${exportDay} BETWEEN ${from}::date AND ${to}::date`, leaseCompanyId ? eq(pl.leaseCompanyId, leaseCompanyId) : undefined);
  const enabled = (await exportingCompanies(db, now.getTime())).filter((c) => !leaseCompanyId || c.id === leaseCompanyId);
  // A terminated company, or one whose export is off now, shows where it exported in the window.
  const others = await db
    .selectDistinct({ id: leaseCompanies.id, name: leaseCompanies.name })
    .from(pl)
    .innerJoin(leaseCompanies, eq(leaseCompanies.id, pl.leaseCompanyId))
    .where(and(inWindow, enabled.length ? sql`${pl.leaseCompanyId} <> ALL(${uuidArray(enabled.map((c) => c.id))})` : undefined));
  const sorted = others.length ? [...enabled, ...others].sort(companyOrder) : enabled;
  const start = after ? sorted.findIndex((c) => companyOrder(c, after) > 0) : 0;
  const companies = start < 0 ? [] : sorted.slice(start, start + INVOICE_COMPANIES_PAGE_SIZE);
  const last = companies.at(-1);
  const next = last && start + INVOICE_COMPANIES_PAGE_SIZE < sorted.length ? { name: last.name, id: last.id } : null;
  if (companies.length === 0) return { logs: [], next };
  // One JSON value rather than a row per entry: the driver's work per row costs more than the query.
  const executedAt = sql`to_char(${pl.executedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const [found] = await db
    .select({
      rows: sql<WindowRow[] | null>`json_agg(json_build_object('leaseId', ${pl.leaseCompanyId}, 'day', ${exportDay}::text, 'fileName', ${pl.fileName}, 'isSuccess', ${pl.isSuccess}, 'isPending', ${pl.isPending}, 'executedAt', ${executedAt}) ORDER BY ${pl.executedAt})`,
    })
    .from(pl)
    .where(and(inWindow, sql`${pl.leaseCompanyId} = ANY(${uuidArray(companies.map((c) => c.id))})`));
  // The latest entry of each company and day wins (rows come oldest first).
  const byKey = new Map<string, WindowRow>();
  for (const r of found?.rows ?? []) byKey.set(`${r.leaseId}|${r.day}`, r);
  const logs = companies.map((c) => {
    const columns: InvoiceExportDay[] = days.map((day) => {
      const r = byKey.get(`${c.id}|${day}`);
      // A running or paused export has no file yet: it counts as not exported.
      const done = r && !r.isPending;
      return { day, fileName: done ? r.fileName : null, isSuccess: Boolean(done && r.isSuccess), executedAt: r?.executedAt ?? null };
    });
    return { leaseId: c.id, leaseCompanyName: c.name, days: columns, check: consecutiveCheck(columns.map((d) => (d.isSuccess ? d.fileName : null))) };
  });
  return { logs, next };
}

/** POST processLogs/getByDate: answers `{ success, data: { executions, next, counts, invoiceExportLogs, invoiceNext } }`. */
export const getProcessLogsByDate = defineSlug({
  slug: 'processLogs/getByDate',
  method: 'POST',
  effect: 'read',
  access: 'signed-in',
  input: processLogsByDateSchema,
  async handler({ services, input }): Promise<ProcessLogsResponse> {
    if (isFutureDay(input.date, services.clock.now())) throw fieldError('date', PROCESS_LOG_MESSAGES.futureDate);
    const iso = isoDay(input.date);
    const lease = input.leaseCompanyId ?? null;
    const db = services.db;
    const day = and(gte(pl.executedAt, dayStart(iso)), lt(pl.executedAt, dayStart(addDays(iso, 1))), lease ? eq(pl.leaseCompanyId, lease) : undefined)!;
    const outcomes = input.outcomes ?? PROCESS_LOG_OUTCOMES;
    // A further page (Load More) belongs to one list; each view reads only its own.
    const entries = !input.invoiceAfter && (Boolean(input.after) || input.view !== 'invoiceExports');
    const invoices = !input.after && (Boolean(input.invoiceAfter) || input.view !== 'all');
    const [page, dayCounts, invoicePage] = await Promise.all([
      entries ? executions(db, day, outcomes, input.after) : { executions: [], next: null },
      counts(db, day),
      invoices ? invoiceExportLogs(db, services.clock.now(), iso, lease, input.invoiceAfter) : { logs: [], next: null },
    ]);
    return { success: true, data: { ...page, counts: dayCounts, invoiceExportLogs: invoicePage.logs, invoiceNext: invoicePage.next } };
  },
});

/** POST processLogs/getLeaseCompanies: the filter's active lease companies by name, 250 at most (spec 3 §9). */
export const getProcessLogCompanies = defineSlug({
  slug: 'processLogs/getLeaseCompanies',
  method: 'POST',
  effect: 'read',
  access: 'signed-in',
  input: processLogCompaniesSchema,
  async handler({ services, input }): Promise<{ success: true; data: LeaseCompanyOption[] }> {
    const q = input.q?.trim();
    const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const data = await services.db
      .select({ id: leaseCompanies.id, name: leaseCompanies.name })
      .from(leaseCompanies)
      .where(and(eq(leaseCompanies.status, 'ACTIVE'), pattern ? ilike(leaseCompanies.name, pattern) : undefined))
      .orderBy(asc(leaseCompanies.name), asc(leaseCompanies.id))
      .limit(PROCESS_LOG_COMPANIES_PAGE);
    return { success: true, data };
  },
});

/** POST processLogs/getOne: one entry with its details, for its own page (ours). */
export const getProcessLog = defineSlug({
  slug: 'processLogs/getOne',
  method: 'POST',
  effect: 'read',
  access: 'signed-in',
  input: recordIdSchema(uuidSchema),
  async handler({ services, input }): Promise<{ data: ProcessLogEntry }> {
    const [row] = await entryRows(services.db).where(eq(pl.id, input.id));
    if (!row) throw notFound('Process log');
    return { data: toEntry(row) };
  },
});

export const processLogSlugs = [getProcessLogsByDate, getProcessLogCompanies, getProcessLog];
