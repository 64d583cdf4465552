import { spawn, type ChildProcess } from 'node:child_process';
import { CSRF_HEADER } from '../../domain/auth';
import { TEST_PASSWORD } from './app';

/** One API node running in its own process (tests/support/liveNode.ts). */
export interface ApiNode {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts an API process on `databaseUrl` (with `env` added); resolves once it listens. */
export function startNode(databaseUrl: string, timeoutMs = 30_000, env: Record<string, string> = {}): Promise<ApiNode> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/liveNode.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API node did not start within ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    const onEarlyExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`API node exited with ${code}: ${err}`));
    };
    child.once('exit', onEarlyExit);
    child.stdout!.on('data', (c) => {
      out += c;
      const port = out.match(/LISTENING (\d+)/)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      resolve({
        base: `http://127.0.0.1:${port}`,
        process: child,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/** A browser talking to API nodes over real HTTP; its cookie works on every node. */
export class HttpBrowser {
  cookies = new Map<string, string>();
  csrf = '';

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(base: string, method: 'GET' | 'POST', slug: string, body?: unknown) {
    const res = await fetch(`${base}/api/v1/${slug}`, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(method === 'POST' ? { 'content-type': 'application/json', ...(this.csrf ? { [CSRF_HEADER]: this.csrf } : {}) } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** Password, then the passcode read by `otpFor`, then the session's CSRF token. */
  async signIn(base: string, email: string, otpFor: (email: string) => Promise<string>) {
    const login = await this.call(base, 'POST', 'auth/login', { userName: email, password: TEST_PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    this.csrf = login.body.csrfToken;
    if (login.body.claims.mfaVerificationRequired) {
      const otp = await this.call(base, 'POST', 'auth/validateOtp', { otp: await otpFor(email), doNotAskOtpForSevenDays: false });
      if (!otp.body?.claims?.mfaOtpVerified) throw new Error(`otp failed: ${JSON.stringify(otp.body)}`);
    }
    const session = await this.call(base, 'GET', 'auth/session');
    this.csrf = session.body.csrfToken;
  }
}
