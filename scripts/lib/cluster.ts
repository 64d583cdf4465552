/**
 * A small cluster on this machine, loopback only (`npm run cluster`, `npm run cluster:test`):
 * a PostgreSQL 15 primary, one streaming replica (pg_basebackup, hot standby), N API nodes
 * (JOBS_RUN_WORKERS=false), one job worker (server/worker.ts) and HAProxy in front, checking
 * /healthz. Everything lives in one temporary directory and its own ports (55xxx), so it never
 * meets the test cluster on 5432. PostgreSQL refuses to run as root: as root, its commands run as
 * the `postgres` user.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const HAPROXY = '/usr/sbin/haproxy';

export interface ClusterOptions {
  nodes: number;
  /** First of the cluster's ports: +0 HAProxy, +1 primary, +2 replica, +10… API nodes. */
  basePort?: number;
  /** Environment added to every API node and the worker. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/** One Node process of the cluster, which can be killed and started again. */
export class Proc {
  child: ChildProcess | null = null;
  exited: Promise<void> = Promise.resolve();
  constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {}

  start(): void {
    const out = fs.openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', ...this.args], { env: { ...process.env, ...this.env }, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}

/** Installs HAProxy and PostgreSQL 15 with apt where they are missing (as scripts/prepare-tests.mjs does Chromium). */
export function ensurePackages(log: (line: string) => void): void {
  const missing = [
    ...(fs.existsSync(HAPROXY) ? [] : ['haproxy']),
    ...(fs.existsSync(path.join(PG_BIN, 'initdb')) ? [] : ['postgresql-15']),
  ];
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`missing ${missing.join(' and ')}: run apt-get install -y ${missing.join(' ')} as root`);
  log(`Installing ${missing.join(' and ')} with apt…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

const asRoot = process.getuid?.() === 0;

/** A PostgreSQL command, as the postgres user when we are root. */
function pgCommand(cmd: string, args: string[]): void {
  const [bin, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args] : [path.join(PG_BIN, cmd), ...args];
  const r = spawnSync(bin, rest, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}${r.stdout}`);
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const healthy = (url: string) => async () => (await fetch(url)).ok;

export class Cluster {
  readonly dir: string;
  readonly base: number;
  readonly url: string;
  readonly databaseUrl: string;
  readonly readUrl: string;
  readonly nodes: Proc[] = [];
  worker!: Proc;
  private haproxy: ChildProcess | null = null;
  private readonly log: (line: string) => void;
  private readonly primaryDir: string;
  private readonly replicaDir: string;

  constructor(private readonly opts: ClusterOptions) {
    this.base = opts.basePort ?? 55400;
    this.log = opts.log ?? ((line) => console.log(line));
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fnc-cluster-'));
    // The postgres user writes its data directories and sockets here.
    if (asRoot) spawnSync('chown', ['postgres', this.dir]);
    fs.chmodSync(this.dir, 0o755);
    this.primaryDir = path.join(this.dir, 'primary');
    this.replicaDir = path.join(this.dir, 'replica');
    this.url = `http://127.0.0.1:${this.base}`;
    this.databaseUrl = `postgres://postgres@127.0.0.1:${this.base + 1}/fleet`;
    this.readUrl = `postgres://postgres@127.0.0.1:${this.base + 2}/fleet`;
  }

  nodePort(i: number): number {
    return this.base + 10 + i;
  }

  /** Brings every piece up in order; the database is migrated and seeded with the small demo network. */
  async start(): Promise<void> {
    ensurePackages(this.log);
    await this.startPrimary();
    await this.runOnce('seed', ['scripts/seed.ts', '--size', 'small'], { DATABASE_URL: this.databaseUrl });
    await this.startReplica();
    const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATABASE_URL: this.databaseUrl, ...this.opts.env };
    for (let i = 0; i < this.opts.nodes; i++) {
      const node = new Proc(`api${i + 1}`, ['server/main.ts'], { ...env, HOST: '127.0.0.1', PORT: String(this.nodePort(i)), DATABASE_READ_URL: this.readUrl, JOBS_RUN_WORKERS: 'false', TRUST_PROXY: 'true' }, path.join(this.dir, `api${i + 1}.log`));
      this.nodes.push(node);
      node.start();
    }
    this.worker = new Proc('worker', ['server/worker.ts'], env, path.join(this.dir, 'worker.log'));
    this.worker.start();
    await Promise.all(this.nodes.map((n, i) => waitFor(`${n.name} healthy`, healthy(`http://127.0.0.1:${this.nodePort(i)}/healthz`), 120_000)));
    this.startHaproxy();
    await waitFor('HAProxy answering', healthy(`${this.url}/healthz`));
  }

  private async startPrimary(): Promise<void> {
    pgCommand('initdb', ['-D', this.primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    // Loopback only, trust: a throwaway cluster on this machine (production: passwords, TLS, a real host).
    fs.appendFileSync(
      path.join(this.primaryDir, 'postgresql.conf'),
      ["listen_addresses = '127.0.0.1'", `unix_socket_directories = '${this.dir}'`, 'wal_level = replica', 'max_wal_senders = 5', 'hot_standby = on', 'max_connections = 200', ''].join('\n'),
    );
    this.pgCtlStart(this.primaryDir, this.base + 1);
    const c = new pg.Client({ connectionString: this.databaseUrl.replace(/\/fleet$/, '/postgres') });
    await c.connect();
    await c.query('CREATE DATABASE fleet');
    await c.end();
  }

  private async startReplica(): Promise<void> {
    pgCommand('pg_basebackup', ['-h', '127.0.0.1', '-p', String(this.base + 1), '-U', 'postgres', '-D', this.replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
    this.pgCtlStart(this.replicaDir, this.base + 2);
    await waitFor('replica answering', async () => {
      const c = new pg.Client({ connectionString: this.readUrl });
      await c.connect();
      const r = await c.query('SELECT pg_is_in_recovery() AS standby');
      await c.end();
      return r.rows[0].standby === true;
    });
  }

  private pgCtlStart(dir: string, port: number): void {
    pgCommand('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port}`, 'start']);
  }

  /** Stops the replica (fast shutdown) and starts it again; searches meanwhile use the primary. */
  stopReplica(): void {
    pgCommand('pg_ctl', ['-D', this.replicaDir, '-m', 'fast', '-w', 'stop']);
  }

  startReplicaAgain(): void {
    this.pgCtlStart(this.replicaDir, this.base + 2);
  }

  private async runOnce(name: string, args: string[], env: Record<string, string>): Promise<void> {
    const p = new Proc(name, args, env, path.join(this.dir, `${name}.log`));
    p.start();
    await p.exited;
    if (p.child!.exitCode !== 0) throw new Error(`${name} failed: see ${path.join(this.dir, `${name}.log`)}`);
  }

  private startHaproxy(): void {
    const servers = this.nodes.map((n, i) => `  server ${n.name} 127.0.0.1:${this.nodePort(i)} check`).join('\n');
    const cfg = `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  # Live updates (SSE) stay open for minutes; the server sends a heartbeat well within this.
  timeout client 10m
  timeout server 10m
  # A connection refused by a dead node is retried once on another (never a request it may have read).
  retries 1
  option redispatch
frontend console
  bind 127.0.0.1:${this.base}
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  # Which node answered: the test kills the node holding a live stream.
  http-response set-header x-served-by %s
${servers}
`;
    const file = path.join(this.dir, 'haproxy.cfg');
    fs.writeFileSync(file, cfg);
    const out = fs.openSync(path.join(this.dir, 'haproxy.log'), 'a');
    // Checked before it starts: a configuration error is told at once, not as a time-out.
    const checked = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`haproxy.cfg: ${checked.stderr}${checked.stdout}`);
    this.haproxy = spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', out, out] });
    fs.closeSync(out);
  }

  /** Stops everything it started and removes its directory (kept, with its logs, after a failure). */
  async stop(keep = false): Promise<void> {
    this.haproxy?.kill('SIGTERM');
    await Promise.all([...this.nodes, this.worker].filter(Boolean).map((p) => p.kill('SIGTERM')));
    for (const dir of [this.replicaDir, this.primaryDir]) {
      if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
        try {
          pgCommand('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
        } catch (err) {
          this.log(String(err));
        }
      }
    }
    if (keep) this.log(`logs kept in ${this.dir}`);
    else fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
