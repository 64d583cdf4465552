/**
 * Upload memory benchmark: `npm run bench:uploads` (Linux: reads /proc for the server's memory).
 *   npm run bench:uploads                                  (a new PGlite database in a temporary directory)
 *   DATABASE_URL=postgres://…/db npm run bench:uploads     (a PostgreSQL server; its uploads stay until the clean-up job)
 * Starts the real server as a separate process (so the client's own buffers are not counted),
 * signs in a demo admin through the API (passcode read from the server log), then sends:
 *   one 10 MB image   the largest image enquiry/uploadImage takes (10 MB less one byte);
 *   3 × 5 MB          as many images at once as one admin may send (MAX_CONCURRENT_UPLOADS_PER_ADMIN);
 *   50 × 5 MB         fifty images at once by the same admin (past the per-admin limit: 429).
 * For each it prints the server's resident memory before, its peak while the uploads ran (sampled
 * every 10 ms), the growth, the answers by status and the time taken.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { DOCUMENT_IMAGE_MAX_BYTES, MB } from '../domain/documents';
import { CSRF_HEADER } from '../domain/auth';

const EMAIL = 'super.admin@fleet-network.example';
const PASSWORD = 'Fleet-Demo-2026!';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const dataDir = process.env.DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// `node --import tsx` rather than the tsx CLI, so the pid measured is the server's own.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development', SEED_DEMO: 'true', CONSOLE_DIR: '/nonexistent', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const passcodes: string[] = [];
let passcodeWaiter: (() => void) | null = null;
const ready = new Promise<void>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  readline.createInterface({ input: server.stdout! }).on('line', (line) => {
    const code = line.match(/One-time passcode for [^:]+: (\d{6})/)?.[1];
    if (code) {
      passcodes.push(code);
      passcodeWaiter?.();
    }
    if (line.includes('Fleet Network Console on http')) resolve();
  });
});

/** The server's resident memory in MB, from /proc. */
function rssMb(): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

const cookies = new Map<string, string>();
let csrf = '';
async function call(slug: string, body?: string | object): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${base}/api/v1/${slug}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const text = await res.text();
  return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : {} };
}

async function signIn(): Promise<void> {
  const gotPasscode = new Promise<void>((resolve) => (passcodeWaiter = resolve));
  const login = await call('auth/login', { userName: EMAIL, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
  csrf = login.json.csrfToken as string;
  await gotPasscode;
  const otp = await call('auth/validateOtp', { otp: passcodes.at(-1), doNotAskOtpForSevenDays: false });
  if (otp.status !== 200) throw new Error(`passcode: ${otp.status}`);
  csrf = (await call('auth/session')).json.csrfToken as string;
}

/** The JSON body of an image upload of `size` bytes (a PNG signature, then a pattern). */
function uploadBody(size: number): string {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31) & 0xff;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return JSON.stringify({ file: bytes.toString('base64'), fileId: null, savedFilename: 'bench.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
}

interface Figures {
  scenario: string;
  beforeMb: number;
  peakMb: number;
  growthMb: number;
  statuses: string;
  seconds: number;
}

async function measure(scenario: string, count: number, body: string): Promise<Figures> {
  const beforeMb = rssMb();
  let peakMb = beforeMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 10);
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: count }, () => call('enquiry/uploadImage', body)));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakMb = Math.max(peakMb, rssMb());
  const byStatus = new Map<number, number>();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${n}×${s}`).join(', ');
  return { scenario, beforeMb, peakMb, growthMb: peakMb - beforeMb, statuses, seconds };
}

try {
  await ready;
  await signIn();
  // Warm-up: the upload path is loaded and compiled before anything is measured.
  const warm = await call('enquiry/uploadImage', uploadBody(64 * 1024));
  if (warm.status !== 200) throw new Error(`warm-up upload: ${warm.status} ${JSON.stringify(warm.json)}`);
  const rows = [
    await measure('one 10 MB image', 1, uploadBody(DOCUMENT_IMAGE_MAX_BYTES - 1)),
    await measure('3 × 5 MB at once', 3, uploadBody(5 * MB)),
    await measure('50 × 5 MB at once', 50, uploadBody(5 * MB)),
  ];
  const mb = (n: number) => `${n.toFixed(0)} MB`.padStart(8);
  console.log(`\nServer memory (resident) on ${dataDir ? 'PGlite' : 'PostgreSQL'}, Node ${process.version}`);
  console.log(`${'scenario'.padEnd(20)}${'before'.padStart(8)}${'peak'.padStart(8)}${'growth'.padStart(8)}  ${'time'.padStart(7)}  answers`);
  for (const r of rows) console.log(`${r.scenario.padEnd(20)}${mb(r.beforeMb)}${mb(r.peakMb)}${mb(r.growthMb)}  ${`${r.seconds.toFixed(1)} s`.padStart(7)}  ${r.statuses}`);
} finally {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
