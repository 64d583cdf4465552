/**
 * `npm run cluster:test`: a cluster of two API nodes (scripts/lib/cluster.ts) under a realistic
 * load through HAProxy — searches, saves (new supplier groups, each with an Idempotency-Key), a
 * live-updates reader and a file validation (an upload whose job runs on the worker) — while it:
 *   1. SIGKILLs an API node: clients send again through the other node, the live stream reconnects;
 *   2. SIGKILLs the job worker in the middle of the validation job, and starts it again;
 *   3. stops the replica: searches fall back to the primary.
 * Before that it measures CPU per request on one node and on two. It prints what it did and what
 * it checked, and exits non-zero on any lost or doubled write, failed search or stuck job.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { Cluster, waitFor } from './lib/cluster';
import { ClusterBrowser, LiveReader } from './lib/clusterClient';
import { DEMO_PASSWORD, demoEmail } from '../server/db/seed/admins';
import { validGroupForm } from '../tests/fixtures/groups';
import { topics } from '../domain/live';
import { LIVE_URL } from '../server/live/route';

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]) : 0;
};

/** CPU seconds used so far by a process and, for a postmaster, its backends. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  const wanted = new Set(pids);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    if (wanted.has(Number(entry)) || wanted.has(ppid)) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}
/** A GSF contract file shaped as tests/fixtures/fileValidation's of `rows` rows, each vehicle and agreement its own: long enough to be caught running. */
function validationFile(rows: number): Buffer {
  const letters = (n: number, len: number) => Array.from({ length: len }, (_, k) => String.fromCharCode(65 + (Math.floor(n / 26 ** k) % 26))).join('');
  const lines = ['Account Number,Customer Name,Agreement No,Reg No,Chassis No,Manufacturer,Model,Vehicle Category,Service Plan,Agreement Start,Agreement End,Contract Mileage,Maintenance Included,Driver Email'];
  for (let i = 0; i < rows; i++) {
    const vrm = `${letters(Math.floor(i / 100), 2)}${String(i % 100).padStart(2, '0')} ${letters(Math.floor(i / 7), 3)}`;
    lines.push(`C01004,Brightwell Logistics Ltd,GSF-CL-${i},${vrm},,Ford,Transit Custom,COMMERCIAL_UNDER_3_5,SERVICE_4_FLEET,01/10/2023,30/09/2026,80000,Yes,`);
  }
  return Buffer.from(lines.join('\n'));
}

const postmaster = (dir: string) => Number(fs.readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]);

const cluster = new Cluster({
  nodes: 2,
  basePort: 55600,
  log: (line) => console.log(line),
  // A killed worker's job is handed out again once it expires: 20 s here, looked for every 5 s.
  env: { JOBS_EXPIRE_SECONDS: '20', JOBS_MAINTENANCE_SECONDS: '5', JOBS_POLL_SECONDS: '1' },
});
process.once('SIGINT', () => void cluster.stop().then(() => process.exit(130)));

const runId = crypto.randomBytes(3).toString('hex');
let primary: pg.Pool | null = null;

try {
  console.log(`cluster:test — starting 2 API nodes, a worker, a primary, a replica and HAProxy (${cluster.dir})`);
  const t0 = performance.now();
  await cluster.start();
  console.log(`  up in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${cluster.url}`);
  primary = new pg.Pool({ connectionString: cluster.databaseUrl, max: 3 });
  const replicaStats = async () => {
    const c = new pg.Client({ connectionString: cluster.readUrl });
    await c.connect();
    const r = await c.query<{ n: string }>("SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = 'fleet'");
    await c.end();
    return Number(r.rows[0].n);
  };

  const email = demoEmail('SUPER_ADMIN');
  const writer = new ClusterBrowser(cluster.url);
  const reader = new ClusterBrowser(cluster.url);
  await writer.signIn(email, DEMO_PASSWORD, primary);
  await reader.signIn(email, DEMO_PASSWORD, primary);
  const writerKey = await writer.searchKey();
  const readerKey = await reader.searchKey();

  // ---- Saves: each a new group named with a unique word, then searched for at once (read-your-writes).
  let saveSeq = 0;
  const acked: { name: string; token: string }[] = [];
  const attempted: string[] = [];
  const saveMs: number[] = [];
  let rywChecked = 0;
  const rywMisses: string[] = [];
  async function saveOne(browser: ClusterBrowser, searchKey: string, checkRyw: boolean) {
    const token = `cg${runId}n${++saveSeq}`;
    const form = { ...validGroupForm('UK'), name: `Cluster ${token} Motor Group`, groupId: `GC${runId}${saveSeq}`.toUpperCase() };
    attempted.push(form.name);
    const res = await browser.call('POST', 'admin/saveSupplierGroupDetails', { groupDetails: form, user: { name: 'cluster' } }, crypto.randomUUID());
    if (res.status !== 200) throw new Error(`save answered ${res.status}: ${JSON.stringify(res.body)}`);
    saveMs.push(res.ms);
    acked.push({ name: form.name, token });
    if (!checkRyw) return;
    const found = await browser.search(searchKey, 'groups', { q: token, query_by: 'name' });
    rywChecked++;
    if (found.status !== 200 || found.body.found !== 1) rywMisses.push(`${token}: ${found.status} found ${found.body?.found}`);
  }

  // ---- Searches: words of the demo network, a few collections.
  const WORDS = ['auto', 'motor', 'garage', 'service', 'tyre', 'ltd', 'centre', 'group', '*'];
  let searchSeq = 0;
  const searchMs: number[] = [];
  const searchErrors: string[] = [];
  async function searchOne(browser: ClusterBrowser, key: string) {
    const i = searchSeq++;
    const [collection, queryBy] = i % 3 === 0 ? ['groups', 'name'] : ['suppliers', 'name'];
    const res = await browser.search(key, collection, { q: WORDS[i % WORDS.length], query_by: queryBy, per_page: '25', page: String(1 + (i % 4)) });
    if (res.status !== 200) searchErrors.push(`${collection} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    else searchMs.push(res.ms);
  }

  // ---- CPU per request: the same mix (4 searches : 1 save) on one node, then on two behind HAProxy.
  async function measure(label: string, base: string, pids: number[], requests: number) {
    writer.setBase(base);
    reader.setBase(base);
    const pgPids = [postmaster(`${cluster.dir}/primary`), postmaster(`${cluster.dir}/replica`)];
    const before = cpuSeconds(pids);
    const pgBefore = cpuSeconds(pgPids);
    const started = performance.now();
    let sent = 0;
    const lane = async () => {
      while (sent < requests) {
        const n = sent++;
        if (n % 5 === 4) await saveOne(writer, writerKey, false);
        else await searchOne(reader, readerKey);
      }
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    const wall = (performance.now() - started) / 1000;
    const api = cpuSeconds(pids) - before;
    const db = cpuSeconds(pgPids) - pgBefore;
    console.log(`  ${label}: ${requests} requests in ${wall.toFixed(1)} s (${(requests / wall).toFixed(0)}/s); API CPU ${((api / requests) * 1000).toFixed(2)} ms/request, PostgreSQL CPU ${((db / requests) * 1000).toFixed(2)} ms/request`);
    writer.setBase(cluster.url);
    reader.setBase(cluster.url);
    return { api: (api / requests) * 1000, db: (db / requests) * 1000 };
  }
  console.log('\nCPU per request (4 searches : 1 save, 4 clients at once):');
  const nodePid = (i: number) => cluster.nodes[i].child!.pid!;
  await measure('warm-up, one node', `http://127.0.0.1:${cluster.nodePort(0)}`, [nodePid(0)], 200);
  const one = await measure('one node      ', `http://127.0.0.1:${cluster.nodePort(0)}`, [nodePid(0)], 600);
  const two = await measure('two nodes     ', cluster.url, [nodePid(0), nodePid(1)], 600);

  // ---- The load, running while the faults happen.
  console.log('\nLoad through HAProxy while faults happen:');
  const watched = await writer.call('POST', 'admin/saveSupplierGroupDetails', { groupDetails: { ...validGroupForm('UK'), name: `Watched ${runId} Motor Group`, groupId: `GW${runId}`.toUpperCase() }, user: { name: 'cluster' } }, crypto.randomUUID());
  let watchedVersion: number = watched.body.version;
  const live = new LiveReader(`${cluster.url}${LIVE_URL}?topics=${topics.group(watched.body.accountId)}`, () => writer.cookieHeader());
  await live.open();
  let liveSent = 0;
  let liveDelivered = 0;
  const liveMs: number[] = [];
  const liveMissed: string[] = [];
  let running = true;
  const loops = [
    (async () => {
      while (running) await saveOne(writer, writerKey, true);
    })(),
    (async () => {
      while (running) await searchOne(reader, readerKey);
    })(),
    (async () => {
      while (running) await searchOne(reader, readerKey);
    })(),
    // Live updates: the watched group saved once a second (alternately through each node, by the
    // proxy's round robin); each change must reach the stream, which reconnects after a kill.
    (async () => {
      while (running) {
        await live.ready;
        const started = performance.now();
        const form = { ...validGroupForm('UK'), id: watched.body.accountId, version: watchedVersion, name: `Watched ${runId} Motor Group`, groupId: `GW${runId}`.toUpperCase(), number: String(watchedVersion) };
        const res = await writer.call('POST', 'admin/saveSupplierGroupDetails', { groupDetails: form, user: { name: 'cluster' } }, crypto.randomUUID());
        if (res.status !== 200) {
          liveMissed.push(`save ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          break;
        }
        watchedVersion = res.body.version;
        liveSent++;
        const reconnectsBefore = live.reconnects;
        const got = await live.waitFor((d) => d.payload?.version === watchedVersion, 5000);
        if (got) {
          liveDelivered++;
          liveMs.push(got.at - started);
        } else if (live.reconnects === reconnectsBefore) liveMissed.push(`version ${watchedVersion}`);
        else liveSent--; // sent while the stream was down: a reconnecting client refetches on ready
        await sleep(1000);
      }
    })(),
  ];
  const loopError = Promise.all(loops).catch((err: Error) => {
    failures.push(`load stopped: ${err.message}`);
    running = false;
  });

  await sleep(3000);
  // 1. The API node holding the live stream dies.
  const savesBeforeKill = acked.length;
  const victim = Math.max(0, cluster.nodes.findIndex((n) => n.name === live.servedBy));
  const name = cluster.nodes[victim].name;
  console.log(`  t+3 s   SIGKILL ${name} (pid ${nodePid(victim)}), the node holding the live stream`);
  await cluster.nodes[victim].kill('SIGKILL');
  await sleep(4000);
  console.log(`  t+7 s   ${name} started again (${acked.length - savesBeforeKill} saves acknowledged meanwhile, ${writer.retries + reader.retries} requests sent again so far; live stream now on ${live.servedBy})`);
  cluster.nodes[victim].start();
  await waitFor(`${name} back`, async () => (await fetch(`http://127.0.0.1:${cluster.nodePort(victim)}/healthz`)).ok, 60_000);

  // 2. The worker dies in the middle of a file validation job.
  const rows = 150_000;
  const csv = validationFile(rows);
  const fileName = `cluster-${runId}.csv`;
  const up = await writer.upload('fileValidation/upload', { validationType: 'GSF_CONTRACT' }, { name: fileName, content: csv }, crypto.randomUUID());
  check(up.status === 200, `file validation upload accepted (${up.status}${up.status === 200 ? '' : ` ${JSON.stringify(up.body)}`})`);
  const jobOf = async () =>
    (await primary!.query<{ id: string; state: string; retry_count: number }>(
      "SELECT j.id, j.state, j.retry_count FROM pgboss.job j JOIN file_validation_reports r ON r.id::text = j.data->>'reportId' WHERE j.name = 'file-validation' AND r.file_name = $1",
      [fileName],
    )).rows;
  let sawActive = false;
  await waitFor('validation job active', async () => {
    const [job] = await jobOf();
    sawActive = job?.state === 'active';
    return sawActive || job?.state === 'completed';
  }, 60_000);
  check(sawActive, 'the validation job was caught running');
  console.log(`  SIGKILL the worker (pid ${cluster.worker.child!.pid}) while the job runs`);
  await cluster.worker.kill('SIGKILL');
  await sleep(1000);
  cluster.worker.start();
  console.log('  worker started again; the job is handed out again when it expires (20 s)');
  const report = async () =>
    (await primary!.query<{ process_indicator: string; row_count: number | null; error_count: number | null; log_file_id: string | null; n: string }>(
      'SELECT process_indicator, row_count, error_count, log_file_id, count(*) OVER ()::text AS n FROM file_validation_reports WHERE file_name = $1',
      [fileName],
    )).rows;

  // 3. The replica stops while the load goes on; searches use the primary.
  const errorsBefore = searchErrors.length;
  const searchesBefore = searchSeq;
  console.log('  stop the replica (pg_ctl stop -m fast)');
  cluster.stopReplica();
  const replicaState = async () => ((await (await fetch(`${cluster.url}/healthz`)).json()) as { replica?: { state: string } }).replica;
  const reported = await waitFor('/healthz reporting the replica down', async () => (await replicaState())?.state === 'down', 10_000).then(() => true, () => false);
  check(reported, `/healthz reports the replica down (${JSON.stringify(await replicaState())})`);
  await sleep(4000); // the load runs on with the replica down
  const duringStop = searchSeq - searchesBefore;
  check(searchErrors.length === errorsBefore && duringStop > 0, `${duringStop} searches while the replica was down, ${searchErrors.length - errorsBefore} failed`);
  cluster.startReplicaAgain();
  await waitFor('replica back', async () => (await replicaState())?.state === 'replaying', 30_000);
  const replicaBefore = await replicaStats();
  console.log('  replica started again');

  await waitFor('validation report done', async () => ['SUCCESS', 'FAILED', 'ERROR', 'Error'].includes((await report())[0]?.process_indicator ?? ''), 120_000).catch(() => undefined);
  await sleep(3000);
  running = false;
  // The live prober ends after its last change has arrived; the stream closes after that.
  await loopError;
  live.close();
  const replicaAfter = await replicaStats();

  // ---- What was checked.
  console.log('\nChecks:');
  const counted = await primary.query<{ name: string; n: string }>("SELECT name, count(*)::text AS n FROM supplier_groups WHERE name LIKE $1 GROUP BY name", [`Cluster cg${runId}n%`]);
  const byName = new Map(counted.rows.map((r) => [r.name, Number(r.n)]));
  const lost = acked.filter((a) => byName.get(a.name) !== 1);
  const doubled = [...byName].filter(([, n]) => n > 1);
  const stray = [...byName.keys()].filter((n) => !attempted.includes(n));
  check(lost.length === 0, `${acked.length} acknowledged saves, each stored exactly once (${lost.length} lost or doubled)`);
  check(doubled.length === 0 && stray.length === 0, `no save applied twice (${doubled.length}), none from nowhere (${stray.length}); ${attempted.length - acked.length} unacknowledged at the end`);
  check(rywMisses.length === 0, `read-your-writes: ${rywChecked} searches right after a save found it (${rywMisses.length} missed${rywMisses.length ? `: ${rywMisses.slice(0, 3).join('; ')}` : ''})`);
  check(searchErrors.length === 0, `${searchMs.length} searches answered, ${searchErrors.length} failed${searchErrors.length ? `: ${searchErrors.slice(0, 3).join('; ')}` : ''}`);
  check(liveMissed.length === 0 && liveDelivered > 0 && live.reconnects > 0, `live updates: ${liveDelivered}/${liveSent} changes reached the stream (reconnected ${live.reconnects}×), p50 ${pct(liveMs, 50)} ms${liveMissed.length ? `; missed ${liveMissed.join(', ')}` : ''}`);
  const [rep] = await report();
  const [job] = await jobOf();
  // Rows read: up to where the log reached its 100,000 problems (README "Background jobs"), as in a run never killed.
  check(
    rep?.process_indicator === 'SUCCESS' && rep.n === '1' && !!rep.log_file_id && (rep.row_count ?? 0) > 0,
    `file validation: one report, ${rep?.process_indicator}, ${rep?.row_count} rows read of ${rows}, ${rep?.error_count} problems, one log linked`,
  );
  check(job?.state === 'completed' && job.retry_count >= 1, `its job completed once, after the kill (state ${job?.state}, retried ${job?.retry_count}×)`);
  check(replicaAfter > replicaBefore, `searches read from the replica again after its restart (${replicaAfter - replicaBefore} transactions there)`);
  const leftover = await primary.query<{ n: string }>('SELECT count(*)::text AS n FROM upload_slots WHERE expires_at > now()');
  check(leftover.rows[0].n === '0', `no upload slot left taken (${leftover.rows[0].n})`);

  console.log('\nFigures:');
  console.log(`  searches ${searchMs.length} (p50 ${pct(searchMs, 50)} ms, p95 ${pct(searchMs, 95)} ms, p99 ${pct(searchMs, 99)} ms); saves ${acked.length} (p50 ${pct(saveMs, 50)} ms, p95 ${pct(saveMs, 95)} ms)`);
  console.log(`  requests sent again after a failure on the way: ${writer.retries + reader.retries}`);
  console.log(`  CPU per request, API: one node ${one.api.toFixed(2)} ms, two nodes ${two.api.toFixed(2)} ms; PostgreSQL (primary + replica): ${one.db.toFixed(2)} / ${two.db.toFixed(2)} ms`);
} catch (err) {
  failures.push(`error: ${(err as Error).stack ?? err}`);
  console.error(err);
} finally {
  await primary?.end();
  await cluster.stop(failures.length > 0);
}
console.log(failures.length ? `\ncluster:test FAILED (${failures.length}): ${failures.join('; ')}` : '\ncluster:test passed');
process.exit(failures.length ? 1 : 0);
