/**
 * Pay Bill benchmark: `npm run bench:pay-bill`.
 *   DATABASE_URL=postgres://…/fnc_large npm run bench:pay-bill    (target: the `large` data on PostgreSQL 15)
 *   DATA_DIR=./data npm run bench:pay-bill                         (PGlite; seeds the small data when empty)
 * Signs in a FINANCE admin through the real API, then times admin/getPaybillRecords over HTTP:
 *   1. the first page (25) of each of the busiest days, for all pay bill customers and for one;
 *   2. Load More through a busy day to its end: the natural busiest day, then a day the benchmark
 *      fills with BUSY_ROWS pay bill invoices (removed at the end), so "deep" means thousands of
 *      rows before the page;
 *   3. the same requests while invoices are being added to that day (5 a second);
 *   4. CLIENTS (default 10) clients at once, each a FINANCE admin of its own signed in from a
 *      loopback address of its own: one request each at the same instant (the cold start, when
 *      the server opens its database connections; reported apart), then rounds of a busy day's
 *      first page (all customers, or one) and a few Load More, then Load More from a point deep
 *      in the filled day.
 * Target: p95 ≤ 50 ms for the first page and for Load More deep into a busy day, with one client
 * and with CLIENTS at once. Changes nothing but the bench admins and the filled day (removed).
 */
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { benchApp, benchSession, percentile } from './lib/benchSession';
import { payBillPage, type ClientsJob, type ClientsResult, type Cursor } from './lib/payBillClients';

const BUSY_DAY = '2020-01-06';
const BUSY_ROWS = Number(process.env.BENCH_BUSY_ROWS ?? 20_000);
const DAYS = 40;
const TARGET_MS = 50;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
/** Rounds of each client in part 4, and the Load More of a round on a day and deep in the filled day. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const MORE_PER_ROUND = 5;

const { app, services, db } = await benchApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const { call, refused } = await benchSession(services, base, { email: process.env.BENCH_EMAIL ?? 'bench-pay-bill@bench.local', password: 'bench pay bill password 1', role: 'FINANCE', lastname: 'Pay Bill' });

const fmt = (xs: number[]) => `n ${String(xs.length).padStart(5)}  p50 ${percentile(xs, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(xs, 95).toFixed(1).padStart(6)} ms  max ${Math.max(...xs).toFixed(1).padStart(6)} ms`;

const page = (date: string, leaseCompanyId: string | null, cursor: Cursor | null) => payBillPage(call, date, leaseCompanyId, cursor);

/** Every page of a day; answers the times of the first page and of the later ones, and the rows seen. */
async function walk(date: string, leaseCompanyId: string | null) {
  const first = await page(date, leaseCompanyId, null);
  const later: number[] = [];
  let rows = first.rows;
  let cursor = first.cursor;
  while (!cursor.endOfRecord) {
    const next = await page(date, leaseCompanyId, cursor);
    later.push(next.ms);
    rows += next.rows;
    cursor = next.cursor;
  }
  return { first: first.ms, later, rows };
}

/** The clients of part 4 in a process of their own (see scripts/lib/payBillClients.ts). */
function runClientsApart(job: ClientsJob): Promise<ClientsResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/payBillClients.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as ClientsResult) : reject(new Error(`the clients' process exited with ${code}`))));
    child.stdin.end(JSON.stringify(job));
  });
}

const busiest = await db.query<{ day: string; lease: string }>(
  `SELECT to_char(tax_point_date, 'YYYY-MM-DD') AS day, (array_agg(lease_company_id::text ORDER BY lease_company_id))[1] AS lease
     FROM invoices WHERE paybill AND NOT saved_to_quickbooks GROUP BY tax_point_date ORDER BY count(*) DESC LIMIT ${DAYS}`,
);
if (busiest.length === 0) throw new Error('no pay bill invoices in this database');
const [{ n: invoices }] = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM invoices');
const [{ n: paybill }] = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM invoices WHERE paybill');
console.log(`database: ${db.kind}; invoices ${invoices}, of which pay bill ${paybill}`);

// Warm-up: connections, plans.
for (const d of busiest.slice(0, 5)) await page(d.day, null, null);

// 1. First pages.
const firstAll: number[] = [];
const firstOne: number[] = [];
for (let r = 0; r < 5; r++) {
  for (const d of busiest) {
    firstAll.push((await page(d.day, null, null)).ms);
    firstOne.push((await page(d.day, d.lease, null)).ms);
  }
}
console.log(`first page, all pay bill customers   ${fmt(firstAll)}`);
console.log(`first page, one customer             ${fmt(firstOne)}`);

// 2. Load More through the natural busiest day, then through a filled one.
const natural = await walk(busiest[0].day, null);
console.log(`busiest day ${busiest[0].day}: ${natural.rows} records, ${natural.later.length} Load More; Load More ${natural.later.length ? fmt(natural.later) : '(one page)'}`);

const [template] = await db.query<{ id: string }>('SELECT id::text FROM invoices WHERE paybill AND type = \'Invoice\' ORDER BY invoice_number LIMIT 1');
const fill = (from: number, count: number) =>
  db.query(
    `INSERT INTO invoices (invoice_number, type, enquiry_id, enquiry_number, lease_company_id, group_id, supplier_id, vrm, tax_point_date, currency, job_type,
                           line_tax_code, total_nett, total_vat, total_gross, paybill, finance_supplier_id, lease_quickbooks_category_id)
     SELECT 'BENCH' || lpad(g::text, 8, '0'), 'Invoice', i.enquiry_id, i.enquiry_number, i.lease_company_id, i.group_id, i.supplier_id, i.vrm, $1::date, i.currency,
            i.job_type, i.line_tax_code, i.total_nett, i.total_vat, i.total_gross, true, i.finance_supplier_id, i.lease_quickbooks_category_id
       FROM invoices i, generate_series($2::int, $3::int) g WHERE i.id = $4::uuid`,
    [BUSY_DAY, from, from + count - 1, template.id],
  );
try {
  await fill(1, BUSY_ROWS);
  await db.query('ANALYZE invoices');
  const busy = await walk(BUSY_DAY, null);
  console.log(`filled day ${BUSY_DAY}: ${busy.rows} records, ${busy.later.length} Load More; first ${busy.first.toFixed(1)} ms; Load More ${fmt(busy.later)}`);
  const deep = busy.later.slice(Math.floor(busy.later.length / 2));
  console.log(`  of which the deeper half (past ${Math.floor(busy.rows / 2)} rows) ${fmt(deep)}`);

  // 3. The same walk while invoices keep arriving on that day, 5 a second.
  let next = BUSY_ROWS + 1;
  let writes = 0;
  const writer = setInterval(() => {
    void fill(next, 1).then(() => writes++);
    next += 1;
  }, 200);
  const during = await walk(BUSY_DAY, null);
  clearInterval(writer);
  console.log(`filled day with 5 writes/s (${writes} written during the walk): ${during.rows} records; Load More ${fmt(during.later)}`);
  const all = [...firstAll, ...firstOne, ...natural.later, ...busy.later, ...during.later];
  console.log(`one client, all requests: ${fmt(all)}${refused() ? `  (${refused()} refused as busy and sent again)` : ''}`);

  // 4. CLIENTS at once.
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, (_, c) =>
      benchSession(
        services,
        base,
        { email: `bench-pay-bill-${String(c + 1).padStart(2, '0')}@bench.local`, password: 'bench pay bill password 1', role: 'FINANCE', lastname: `Pay Bill ${c + 1}` },
        { localAddress: `127.0.0.${11 + c}` },
      ),
    ),
  );
  const job: ClientsJob = {
    base,
    sessions: clients.map((c) => ({ cookie: c.cookie(), csrf: c.csrf() })),
    days: busiest,
    busyDay: BUSY_DAY,
    busyRows: BUSY_ROWS,
    rounds: ROUNDS,
    morePerRound: MORE_PER_ROUND,
  };
  const cpu0 = process.cpuUsage();
  const { cold, first: firstMany, more: moreMany, refused: refusedMany, seconds } = await runClientsApart(job);
  const cpu = process.cpuUsage(cpu0);
  console.log(`\n${CLIENTS} clients at once, ${ROUNDS} rounds each: ${firstMany.length + moreMany.length} requests in ${seconds.toFixed(1)} s (${((firstMany.length + moreMany.length) / seconds).toFixed(0)}/s)${refusedMany ? `, ${refusedMany} refused as busy and sent again` : ''}`);
  // The server's process runs only the server meanwhile: its CPU time per request, less noisy than the times.
  console.log(`  server CPU ${((cpu.user + cpu.system) / 1000 / (firstMany.length + moreMany.length)).toFixed(2)} ms per request`);
  console.log(`  cold start   ${fmt(cold)}  (each client's first request, all at once, before the rounds: not in the figures below)`);
  console.log(`  first page   ${fmt(firstMany)}`);
  console.log(`  Load More    ${fmt(moreMany)}`);

  const verdict = (xs: number[]) => `p95 ${percentile(xs, 95).toFixed(1)} ms: ${percentile(xs, 95) <= TARGET_MS ? 'OK' : 'MISSED'}`;
  console.log(`\ntargets (p95 ≤ ${TARGET_MS} ms):`);
  console.log(`  ${'one client, first page'.padEnd(38)}  ${verdict([...firstAll, ...firstOne])}`);
  console.log(`  ${'one client, Load More'.padEnd(38)}  ${verdict([...natural.later, ...busy.later, ...during.later])}`);
  console.log(`  ${`${CLIENTS} clients at once, first page`.padEnd(38)}  ${verdict(firstMany)}`);
  console.log(`  ${`${CLIENTS} clients at once, Load More`.padEnd(38)}  ${verdict(moreMany)}`);
} finally {
  await db.query("DELETE FROM invoices WHERE invoice_number LIKE 'BENCH%'");
  await app.close();
}
