/**
 * The server of a benchmark in a process of its own (`node --import tsx server/main.ts`, so the pid
 * measured is the server's own), on a new PGlite database in a temporary directory or on
 * DATABASE_URL, with the demo data. `call` sends a slug as a browser would (cookies, CSRF token);
 * `signIn` signs the demo super admin in, the passcode read from the server's log.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { CSRF_HEADER } from '../../domain/auth';

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

/** `env` adds to or overrides the server's environment (PGLITE_THREAD, CONSOLE_DIR, limits…). */
export async function startServerProcess(name: string, env: Record<string, string> = {}) {
  const dataDir = process.env.DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development', SEED_DEMO: 'true', CONSOLE_DIR: '/nonexistent', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const passcodes: string[] = [];
  let passcodeWaiter: (() => void) | null = null;
  /** Passcodes by recipient, for benchmarks that sign many sessions in. */
  const byEmail = new Map<string, string[]>();
  const emailWaiters = new Map<string, () => void>();
  const ready = new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    readline.createInterface({ input: server.stdout! }).on('line', (line) => {
      const [, to, code] = line.match(/One-time passcode for ([^:]+): (\d{6})/) ?? [];
      if (code) {
        passcodes.push(code);
        passcodeWaiter?.();
        byEmail.set(to, [...(byEmail.get(to) ?? []), code]);
        emailWaiters.get(to)?.();
      }
      if (line.includes('Fleet Network Console on http')) resolve();
    });
  });

  /** The server's resident memory in MB, from /proc. */
  const rssMb = (): number => Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;

  const cookies = new Map<string, string>();
  let csrf = '';
  /** A GET without a body; a POST of JSON (an object, or a string already JSON) or of a form. */
  async function call(slug: string, body?: string | object | FormData): Promise<{ status: number; json: Record<string, any> }> {
    const isForm = body instanceof FormData;
    const res = await fetch(`${base}/api/v1/${slug}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      },
      body: body === undefined ? undefined : isForm || typeof body === 'string' ? body : JSON.stringify(body),
    });
    // Refused as busy (server/admission.ts): nothing was done, so it is sent again when asked to.
    if (res.status === 503 && res.headers.has('retry-after')) {
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
      return call(slug, body);
    }
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

  /** The next passcode mailed to `email` (call before the login that sends it). */
  function nextPasscode(email: string): Promise<string> {
    const seen = byEmail.get(email)?.length ?? 0;
    return new Promise((resolve) => {
      const check = () => {
        const codes = byEmail.get(email) ?? [];
        if (codes.length > seen) {
          emailWaiters.delete(email);
          resolve(codes[seen]);
        }
      };
      emailWaiters.set(email, check);
    });
  }

  /** Stops the server and removes its temporary database. */
  async function stop(): Promise<void> {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { base, dataDir, server, ready, rssMb, call, signIn, nextPasscode, stop };
}
