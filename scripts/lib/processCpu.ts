/**
 * CPU used by the benchmark's server and by its PostgreSQL cluster, and nothing else on the machine.
 *
 * - The server is this process: process.cpuUsage() (every thread, PGlite's worker included).
 * - The cluster is the postmaster of the database's data directory (`SHOW data_directory`, the
 *   first line of its postmaster.pid) and its descendants, read from /proc (Linux; the cluster on
 *   this machine and /proc readable, as root). A live process is counted by its on-CPU time
 *   (/proc/<pid>/schedstat, in nanoseconds; utime + stime of /proc/<pid>/stat where there is
 *   none); one that ended meanwhile through its parent's cutime + cstime (a reaped child's whole
 *   life), so connections, parallel workers and autovacuum workers that come and go are counted.
 * - Other clients of the same cluster (other databases, other people's connections) are work that
 *   is not ours. Their connections are found in pg_stat_activity by application_name (ours is set
 *   through PGAPPNAME before the server connects), with the autovacuum workers of other databases,
 *   and sampled once a second; what they used while seen is taken off the cluster's total. The
 *   cluster's own processes (checkpointer, WAL writer, autovacuum of our database) stay in ours. One that starts and ends between two samples cannot be
 *   told from ours and stays in it, so the figure is at most ours, never less.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from '../../server/db/client';

const TICK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Proc {
  ppid: number;
  /** On-CPU seconds of the process itself. */
  cpu: number;
  /** Seconds of its children that ended and were waited for. */
  reaped: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let cpu = (Number(f[11]) + Number(f[12])) / TICK;
    try {
      cpu = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
    } catch {
      // no schedstat: ticks it is
    }
    return { ppid: Number(f[1]), cpu, reaped: (Number(f[13]) + Number(f[14])) / TICK };
  } catch {
    return null; // ended meanwhile
  }
}

/** Every process's parent, for the walk from the postmaster. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      out.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** Seconds used so far by the postmaster `root` and its descendants, those that ended included. */
function clusterSeconds(root: number): number {
  const ppid = parents();
  const children = new Map<number, number[]>();
  for (const [pid, parent] of ppid) children.set(parent, [...(children.get(parent) ?? []), pid]);
  let total = 0;
  const walk = [root];
  while (walk.length) {
    const pid = walk.pop()!;
    const p = readProc(pid);
    if (!p) continue;
    total += p.cpu + p.reaped;
    walk.push(...(children.get(pid) ?? []));
  }
  return total;
}

export interface CpuFigures {
  /** Seconds of wall time measured. */
  wall: number;
  /** The server process's CPU seconds. */
  server: number;
  /** The cluster's CPU seconds less other clients' (null: not counted). */
  postgres: number | null;
  /** The whole cluster's, and what other clients were seen using of it. */
  cluster: number | null;
  others: number | null;
}

export interface CpuMeter {
  /** How the database's CPU is counted, for the report. */
  readonly describe: string;
  readonly counted: boolean;
  start(): Promise<() => Promise<CpuFigures>>;
}

/** The application_name our server's connections carry: set before the app opens its pools. */
export function markOurConnections(): string {
  const name = `bench-search-${process.pid}`;
  process.env.PGAPPNAME = name;
  return name;
}

export async function cpuMeter(db: Database, appName: string): Promise<CpuMeter> {
  const serverOnly = (describe: string): CpuMeter => ({
    describe,
    counted: false,
    async start() {
      const [t0, c0] = [performance.now(), process.cpuUsage()];
      return async () => {
        const c = process.cpuUsage(c0);
        return { wall: (performance.now() - t0) / 1000, server: (c.user + c.system) / 1e6, postgres: null, cluster: null, others: null };
      };
    },
  });
  if (db.kind === 'pglite') return serverOnly('PGlite: the database runs inside the server process, so its CPU is in the server figure');
  let postmaster: number;
  let dataDir: string;
  try {
    [{ data_directory: dataDir }] = await db.query<{ data_directory: string }>('SHOW data_directory');
    postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    if (!readFileSync(`/proc/${postmaster}/cmdline`, 'utf8').includes('postgres')) throw new Error(`process ${postmaster} is not a postgres`);
  } catch (err) {
    return serverOnly(`PostgreSQL CPU not counted (${(err as Error).message}): server figures only`);
  }

  /** Other clients' connections (and their parallel workers): pid → CPU seconds now. */
  const otherConnections = async (): Promise<Map<number, number>> => {
    const rows = await db.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE (backend_type IN ('client backend', 'parallel worker', 'walsender') AND application_name IS DISTINCT FROM $1)
           OR (backend_type = 'autovacuum worker' AND datname IS DISTINCT FROM current_database())`,
      [appName],
    );
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      const p = readProc(pid);
      if (p) out.set(pid, p.cpu);
    }
    return out;
  };

  return {
    describe: `PostgreSQL: the cluster of ${dataDir} (postmaster ${postmaster}) and its processes, less what other clients' connections were seen using`,
    counted: true,
    async start() {
      // The server's window opens after the bookkeeping's queries and /proc reads and closes before
      // them; the cluster's holds the samples of other clients, so no more is taken off than it saw.
      const cluster0 = clusterSeconds(postmaster);
      const first = await otherConnections();
      const last = new Map(first);
      const [t0, c0] = [performance.now(), process.cpuUsage()];
      let sampling = Promise.resolve();
      const sample = () =>
        (sampling = sampling.then(async () => {
          for (const [pid, cpu] of await otherConnections().catch(() => new Map<number, number>())) last.set(pid, cpu);
        }));
      const timer = setInterval(() => void sample(), 1000);
      return async () => {
        const c = process.cpuUsage(c0);
        const wall = (performance.now() - t0) / 1000;
        clearInterval(timer);
        await sample();
        const cluster = clusterSeconds(postmaster) - cluster0;
        let others = 0;
        for (const [pid, cpu] of last) others += cpu - (first.get(pid) ?? 0);
        return { wall, server: (c.user + c.system) / 1e6, postgres: Math.max(0, cluster - others), cluster, others };
      };
    },
  };
}
