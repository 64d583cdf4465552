/**
 * Pay Bill clients for bench:pay-bill: `payBillPage` asks for one page of a day's pay bill records
 * and times it; run as a program (`node --import tsx scripts/lib/payBillClients.ts`, a job as JSON
 * on standard input), it is the benchmark's many clients at once, in a process apart from the
 * server's so that their own work does not hold the server's event loop, and writes their times
 * as JSON on standard output.
 */
import { pathToFileURL } from 'node:url';
import { jsonOf, sendSlug } from './slugCall';

export interface Cursor {
  lastRecordReferenceId: string | null;
  recordType: 'Invoice' | 'Credit';
  endOfRecord: boolean;
}

export type Call = (method: 'GET' | 'POST', slug: string, body?: unknown) => Promise<Record<string, any>>;

/** One page (25) of a day's records not yet saved to the finance system, the first or the one after `cursor`. */
export async function payBillPage(call: Call, date: string, leaseCompanyId: string | null, cursor: Cursor | null): Promise<{ ms: number; rows: number; cursor: Cursor }> {
  const t0 = performance.now();
  const answer = await call('POST', 'admin/getPaybillRecords', {
    date,
    leaseCompanyId,
    quickbooks: false,
    pageSize: 25,
    isInitialLoad: cursor === null,
    lastRecordReferenceId: cursor?.lastRecordReferenceId ?? null,
    recordType: cursor?.recordType ?? 'Invoice',
  });
  return { ms: performance.now() - t0, rows: answer.invoicedRecords.length, cursor: answer.cursor };
}

export interface ClientsJob {
  base: string;
  /** One signed-in session per client. */
  sessions: { cookie: string; csrf: string }[];
  /** The busy days (each with a pay bill customer of it) the rounds go through. */
  days: { day: string; lease: string }[];
  /** A day of `busyRows` records numbered BENCH00000001…, for Load More deep into it. */
  busyDay: string;
  busyRows: number;
  rounds: number;
  morePerRound: number;
}

export interface ClientsResult {
  /**
   * Each client's first request, all sent at the same instant to a server that has not yet opened
   * its database connections for them; reported apart, not among the timed rounds.
   */
  cold: number[];
  first: number[];
  more: number[];
  refused: number;
  seconds: number;
}

/**
 * Every client at once: first a request each (a busy day's first page), the cold start, then
 * `rounds` rounds each: a busy day's first page (all customers, or one on
 * odd rounds) and up to `morePerRound` Load More, then as many Load More from a random point of
 * the busy day.
 */
export async function runClients(job: ClientsJob): Promise<ClientsResult> {
  const cold: number[] = [];
  const first: number[] = [];
  const more: number[] = [];
  let refused = 0;
  // A call refused as busy is sent again when asked to, the wait counted in its time.
  const callOf =
    (session: { cookie: string; csrf: string }): Call =>
    async (method, slug, body) =>
      jsonOf(slug, await sendSlug(fetch, { base: job.base, method, slug, body, ...session }, () => refused++));
  const calls = job.sessions.map(callOf);
  await Promise.all(calls.map(async (call, c) => cold.push((await payBillPage(call, job.days[c % job.days.length].day, null, null)).ms)));
  const t0 = performance.now();
  await Promise.all(
    calls.map(async (call, c) => {
      for (let r = 0; r < job.rounds; r++) {
        const d = job.days[(c * 7 + r) % job.days.length];
        const lease = r % 2 ? d.lease : null;
        const page = await payBillPage(call, d.day, lease, null);
        first.push(page.ms);
        let cursor = page.cursor;
        for (let k = 0; k < job.morePerRound && !cursor.endOfRecord; k++) {
          const next = await payBillPage(call, d.day, lease, cursor);
          more.push(next.ms);
          cursor = next.cursor;
        }
        cursor = { lastRecordReferenceId: `BENCH${String(1 + Math.floor(Math.random() * (job.busyRows - 1))).padStart(8, '0')}`, recordType: 'Invoice', endOfRecord: false };
        for (let k = 0; k < job.morePerRound && !cursor.endOfRecord; k++) {
          const next = await payBillPage(call, job.busyDay, null, cursor);
          more.push(next.ms);
          cursor = next.cursor;
        }
      }
    }),
  );
  return { cold, first, more, refused, seconds: (performance.now() - t0) / 1000 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const result = await runClients(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ClientsJob);
  process.stdout.write(JSON.stringify(result));
}
