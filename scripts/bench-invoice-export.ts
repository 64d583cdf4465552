/**
 * Daily invoice export benchmark: `npm run bench:invoice-export`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:invoice-export   (target: the `large` data on PostgreSQL 15)
 *   DATA_DIR=./data npm run bench:invoice-export                        (PGlite; seeds the small data when empty)
 * Finds the busiest lease company-day by invoices and credit notes, and times the nightly export
 * of that company for that day through the nightly frame (runNightly), a few times; then the same
 * for a day the benchmark fills with BENCH_BUSY_ROWS documents of that company (removed at the
 * end), so the reads cross many batches. Each run's process log entry and file are removed
 * afterwards, so the database is left as it was.
 * Target (issue): the daily invoice export of the busiest lease company finishes in under 10 s.
 */
import { and, eq, sql } from 'drizzle-orm';
import { benchApp, percentile } from './lib/benchSession';
import { processLogs } from '../server/db/schema';
import { deleteFile } from '../server/files/storage';
import { invoiceExportJob } from '../server/jobs/nightly/invoiceExport';
import { runNightly } from '../server/jobs/nightly/runner';
import type { LeaseRef } from '../server/jobs/nightly/runner';
import { rowsOf } from '../server/jobs/network/lookup';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUSY_ROWS = Number(process.env.BENCH_BUSY_ROWS ?? 20_000);
/** A day with no documents in the demo data, filled by the benchmark. */
const BUSY_DAY = '2020-01-06';
const BENCH_PREFIX = 'BENCHIE';
const TARGET_MS = 10_000;

const { app, services, db } = await benchApp();
try {
  const [busiest] = await db.query<{ lease_company_id: string; day: string; n: string }>(
    `SELECT lease_company_id::text, to_char(tax_point_date, 'YYYY-MM-DD') AS day, count(*)::text AS n
       FROM invoices GROUP BY lease_company_id, tax_point_date ORDER BY count(*) DESC LIMIT 1`,
  );
  if (!busiest) throw new Error('no invoices in this database');
  const [lease] = await db.query<LeaseRef>('SELECT id::text, name, di_customer_id AS "diCustomerId" FROM lease_companies WHERE id = $1', [busiest.lease_company_id]);
  const [{ n: total }] = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM invoices');
  console.log(`database: ${db.kind}; invoices ${total}; busiest company-day: ${lease.name} (${lease.diCustomerId}) on ${busiest.day}, ${busiest.n} documents`);

  /** Times the export of `lease` for the documents of `day`, RUNS times; answers the times. */
  async function timeExport(day: string): Promise<number[]> {
    const runDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const entryWhere = and(eq(processLogs.type, invoiceExportJob.type), eq(processLogs.leaseCompanyId, lease.id), eq(processLogs.runDay, runDay));
    const [existing] = await services.db.select({ id: processLogs.id }).from(processLogs).where(entryWhere);
    if (existing) throw new Error(`an export entry for ${lease.name} on ${runDay} exists already; not touching it`);
    // The export of this one company, whether or not it has the export switched on.
    const job = { ...invoiceExportJob, leaseCompanies: async () => [lease] };
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const summary = await runNightly(services, job, { day: runDay }, {}, { id: 'bench', queue: job.queue, retryCount: 0, retryLimit: 0 });
      const ms = performance.now() - t0;
      const [entry] = await services.db.select().from(processLogs).where(entryWhere);
      const files = await rowsOf<{ id: string; size: number }>(services.db, sql`SELECT id, size FROM files WHERE name = ${entry?.fileName ?? ''}`);
      console.log(`  run ${r + 1}: ${ms.toFixed(0)} ms; file ${entry?.fileName} (${files[0]?.size ?? 0} bytes); data ${JSON.stringify(entry?.data)}`);
      // Leave nothing behind: the file, then the entry.
      for (const f of files) await deleteFile(services.db, f.id);
      await services.db.delete(processLogs).where(entryWhere);
      if (summary.ran !== 1 || summary.failed !== 0) throw new Error(`the export did not complete: ${entry?.message}`);
      times.push(ms);
    }
    return times;
  }

  console.log(`busiest day ${busiest.day}:`);
  const natural = await timeExport(busiest.day);
  const [template] = await db.query<{ id: string }>("SELECT id::text FROM invoices WHERE lease_company_id = $1 AND type = 'Invoice' ORDER BY invoice_number LIMIT 1", [lease.id]);
  let filled: number[] = [];
  try {
    await db.query(
      `INSERT INTO invoices (invoice_number, type, enquiry_id, enquiry_number, lease_company_id, group_id, supplier_id, vrm, tax_point_date, currency, job_type,
                             line_tax_code, total_nett, total_vat, total_gross, paybill, finance_supplier_id, lease_quickbooks_category_id)
       SELECT $1 || lpad(g::text, 8, '0'), 'Invoice', gen_random_uuid(), 'EB' || g, i.lease_company_id, i.group_id, i.supplier_id, i.vrm, $2::date, i.currency,
              i.job_type, i.line_tax_code, i.total_nett, i.total_vat, i.total_gross, i.paybill, i.finance_supplier_id, i.lease_quickbooks_category_id
         FROM invoices i, generate_series(1, $3::int) g WHERE i.id = $4::uuid`,
      [BENCH_PREFIX, BUSY_DAY, BUSY_ROWS, template.id],
    );
    await db.query('ANALYZE invoices');
    console.log(`filled day ${BUSY_DAY}, ${BUSY_ROWS} documents:`);
    filled = await timeExport(BUSY_DAY);
  } finally {
    await db.query('DELETE FROM invoices WHERE invoice_number LIKE $1', [`${BENCH_PREFIX}%`]);
  }
  const times = [...natural, ...filled];
  const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  console.log(`\nbusiest company-day (${busiest.n} documents): ${fmt(natural)}; filled day (${BUSY_ROWS} documents): ${fmt(filled)}`);
  console.log(`→ target < ${TARGET_MS / 1000} s: ${Math.max(...times) < TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  await app.close();
}
