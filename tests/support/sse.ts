import crypto from 'node:crypto';
import http from 'node:http';
import type { Database } from '../../server/db/client';
import { LIVE_CHANNEL } from '../../server/live/notify';

export interface SseEvent {
  event: string;
  data: string;
  /** performance.now() when the event was parsed. */
  at: number;
}

/**
 * A minimal Server-Sent Events reader over node:http for tests: it sends cookies (EventSource in a
 * browser does too), records every event, and lets a test wait for one by condition.
 */
export class SseStream {
  readonly events: SseEvent[] = [];
  comments = 0;
  ended = false;
  private buffer = '';
  private waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  private endWaiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    private readonly req: http.ClientRequest,
    res: http.IncomingMessage,
  ) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.feed(chunk));
    const finish = () => {
      if (this.ended) return;
      this.ended = true;
      for (const w of this.endWaiters.splice(0)) w();
    };
    res.on('end', finish);
    res.on('close', finish);
    res.on('error', finish);
  }

  /** Opens `url`; resolves with the response status and, for 200, a live stream. Body of errors in `errorBody`. */
  static open(url: string, cookie: string): Promise<SseStream & { errorBody?: string }> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
        const stream = new SseStream(res.statusCode ?? 0, res.headers, req, res) as SseStream & { errorBody?: string };
        if (res.statusCode !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.removeAllListeners('data');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => {
            stream.errorBody = body;
            resolve(stream);
          });
          return;
        }
        resolve(stream);
      });
      req.on('error', reject);
    });
  }

  private feed(chunk: string) {
    this.buffer += chunk;
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      let event = 'message';
      const data: string[] = [];
      let isEvent = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments++;
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) {
          data.push(line.slice(5).replace(/^ /, ''));
          isEvent = true;
        }
      }
      if (!isEvent) continue;
      const e = { event, data: data.join('\n'), at: performance.now() };
      this.events.push(e);
      for (const w of [...this.waiters]) {
        if (w.match(e)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    }
  }

  /** The first event (already received or still to come) that matches; fails after timeoutMs. */
  next(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching SSE event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  /** The next `message` event for `topic`. */
  message(topic: string, timeoutMs?: number): Promise<SseEvent> {
    return this.next((e) => e.event === 'message' && JSON.parse(e.data).topic === topic, timeoutMs);
  }

  /**
   * Starts a freshly opened stream clean. The notification of a change committed just before the
   * stream opened (the record a test has just created) may still be on its way through the node's
   * LISTEN connection, and would then reach the stream after 'ready'. A marker notified on `topic`
   * now is delivered after every earlier commit's notifications; once it has arrived it is dropped
   * together with everything received before it, so what the stream holds from then on is new.
   */
  async settle(database: Database, topic: string, timeoutMs?: number): Promise<void> {
    const marker = `settle-${crypto.randomUUID()}`;
    await database.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ topic, payload: { op: 'marker', id: marker } })]);
    const arrived = await this.next((e) => e.event === 'message' && JSON.parse(e.data).payload?.id === marker, timeoutMs);
    this.events.splice(0, this.events.indexOf(arrived) + 1);
  }

  /** Messages (default event) received so far, parsed. */
  messages(): { topic: string; payload: Record<string, unknown> }[] {
    return this.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data));
  }

  /** Resolves when the server has closed the stream; fails after timeoutMs. */
  closed(timeoutMs = 5000): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stream still open after ${timeoutMs} ms`)), timeoutMs);
      this.endWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close() {
    this.req.destroy();
  }
}
