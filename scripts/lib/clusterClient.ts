/**
 * The clients of `npm run cluster:test`: an admin's browser talking to the cluster through HAProxy,
 * and a live-updates (SSE) reader that reconnects as EventSource does. A call that meets a dead
 * node (connection reset, 502/503 from the proxy) is sent again; a write goes again with the same
 * Idempotency-Key, so it is applied once whatever answer was lost.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type pg from 'pg';
import { CSRF_HEADER } from '../../domain/auth';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/idempotency';

export interface Answer {
  status: number;
  body: any;
  ms: number;
  /** How many times it was sent again after a failure on the way. */
  retries: number;
}

const RETRIES = 8;

export class ClusterBrowser {
  private cookies = new Map<string, string>();
  private csrf = '';
  retries = 0;

  constructor(private base: string) {}

  /** Where the next calls go: HAProxy, or one node directly (the one-node measurement). */
  setBase(base: string): void {
    this.base = base;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }

  /** Sends until a node answers: a refused or cut connection and the proxy's 502/503 are sent again. */
  async send(path: string, init: { method: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer> {
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${this.base}${path}`, {
          method: init.method,
          headers: { cookie: this.cookieHeader(), ...init.headers },
          body: typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if ((res.status === 502 || res.status === 503) && attempt < RETRIES) throw new Error(`proxy ${res.status}`);
        this.keep(res);
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: kept as text
        }
        this.retries += attempt;
        return { status: res.status, body, ms: performance.now() - started, retries: attempt };
      } catch (err) {
        if (attempt >= RETRIES) throw err;
        await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      }
    }
  }

  /** A slug, as the console calls it; a POST carries the CSRF token and, with `key`, an Idempotency-Key. */
  call(method: 'GET' | 'POST', slug: string, body?: unknown, key?: string): Promise<Answer> {
    const headers: Record<string, string> = method === 'POST' ? { 'content-type': 'application/json', [CSRF_HEADER]: this.csrf } : {};
    if (key) headers[IDEMPOTENCY_KEY_HEADER] = key;
    return this.send(`/api/v1/${slug}`, { method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined });
  }

  /** A multipart upload (a file validation): one file and text fields. */
  upload(slug: string, fields: Record<string, string>, file: { name: string; content: Buffer }, key: string): Promise<Answer> {
    const boundary = `----fnc${crypto.randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`), file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
    return this.send(`/api/v1/${slug}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [CSRF_HEADER]: this.csrf, [IDEMPOTENCY_KEY_HEADER]: key },
      body: Buffer.concat(parts),
    });
  }

  /** Password, then the passcode mailed to the outbox (read from the primary). */
  async signIn(email: string, password: string, primary: pg.Pool): Promise<void> {
    const login = await this.call('POST', 'auth/login', { userName: email, password });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    this.csrf = login.body.csrfToken;
    if (login.body.claims.mfaVerificationRequired) {
      const { rows } = await primary.query<{ text: string }>('SELECT text FROM mail_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1', [email]);
      const code = rows[0]?.text.match(/(\d{6})/)?.[1];
      const otp = await this.call('POST', 'auth/validateOtp', { otp: code, doNotAskOtpForSevenDays: false });
      if (otp.status !== 200) throw new Error(`passcode: ${otp.status} ${JSON.stringify(otp.body)}`);
    }
    this.csrf = (await this.call('GET', 'auth/session')).body.csrfToken;
  }

  /** A scoped search key for the Typesense-style endpoint, as the console's search client gets one. */
  async searchKey(): Promise<string> {
    return (await this.call('GET', 'session/getSessionToken')).body.key;
  }

  search(key: string, collection: string, params: Record<string, string>): Promise<Answer> {
    const qs = new URLSearchParams(params).toString();
    return this.send(`/api/v1/search/collections/${collection}/documents/search?${qs}`, { method: 'GET', headers: { 'x-typesense-api-key': key } });
  }
}

/** A live-updates stream that opens again when its node goes away, as a browser's EventSource does. */
export class LiveReader {
  reconnects = 0;
  /** The API node holding the stream now (HAProxy's x-served-by header). */
  servedBy = '';
  private messages: { data: any; at: number }[] = [];
  private waiters: (() => void)[] = [];
  private req: http.ClientRequest | null = null;
  private closed = false;
  /** Resolved when the current connection has said `ready`. */
  ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly cookie: () => string,
  ) {}

  open(): Promise<void> {
    this.ready = new Promise((resolve) => {
      const attempt = () => {
        if (this.closed) return;
        const retry = () => {
          if (this.closed) return;
          this.reconnects++;
          setTimeout(attempt, 200);
        };
        const req = http.get(this.url, { headers: { cookie: this.cookie(), accept: 'text/event-stream' } }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return retry();
          }
          this.servedBy = String(res.headers['x-served-by'] ?? '');
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const event = block.match(/^event: ?(.*)$/m)?.[1] ?? 'message';
              const data = block.match(/^data: ?(.*)$/m)?.[1];
              if (event === 'ready') resolve();
              if (event === 'message' && data) {
                this.messages.push({ data: JSON.parse(data), at: performance.now() });
                for (const w of this.waiters.splice(0)) w();
              }
            }
          });
          res.on('close', () => {
            // The stream ended (its node was killed): open it again, and wait for ready again.
            this.ready = new Promise((r) => (resolve = r));
            retry();
          });
        });
        req.on('error', () => retry());
        this.req = req;
      };
      attempt();
    });
    return this.ready;
  }

  /** Waits for a message matching `match`, up to `timeoutMs`; null if none came. */
  async waitFor(match: (data: any) => boolean, timeoutMs: number): Promise<{ data: any; at: number } | null> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => match(m.data));
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.closed = true;
    this.req?.destroy();
  }
}
