import type { ServerResponse } from 'node:http';
import type { Services } from '../services';
import type { Unlisten } from '../db/listen';
import { canSubscribe, type LiveMessage } from '../../domain/live';
import type { Roles } from '../../domain/permissions';
import { LIVE_CHANNEL } from './notify';
import { liveSessions } from './session';

export interface LiveHubOptions {
  /** Comment lines that keep proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** How often the sessions behind open streams are checked again. */
  sessionCheckMs: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveHubOptions = { heartbeatMs: 15_000, sessionCheckMs: 30_000 };

/** Why the server ended a stream; sent to the console in an `end` event before closing. */
export type EndReason = 'session' | 'forbidden' | 'shutdown' | 'slow';

/** A slow reader that lets this much pile up is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One open SSE stream. */
export class LiveClient {
  private ended = false;
  constructor(
    readonly sessionId: string,
    readonly topics: readonly string[],
    private readonly res: ServerResponse,
    private readonly onEnd: (c: LiveClient) => void,
  ) {}

  get closed(): boolean {
    return this.ended;
  }

  write(chunk: string): void {
    if (this.ended) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) return this.end('slow');
    this.res.write(chunk);
  }

  send(event: string | null, data: unknown): void {
    this.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  }

  /** Says why, then closes. `end` tells the console not to reconnect blindly (see dataProvider/live.ts). */
  end(reason: EndReason): void {
    if (this.ended) return;
    if (!this.res.writableEnded) this.res.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.closedByPeer();
  }

  /** The browser went away. */
  closedByPeer(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd(this);
  }
}

/**
 * The live fan-out of one API node: one LISTEN on the database, and the open streams of this node
 * indexed by topic. Every node runs one; PostgreSQL delivers each NOTIFY to all of them.
 */
export class LiveHub {
  private readonly byTopic = new Map<string, Set<LiveClient>>();
  private readonly clients = new Set<LiveClient>();
  private unlisten: Unlisten | null = null;
  private timers: NodeJS.Timeout[] = [];
  private checking: Promise<void> | null = null;

  constructor(
    private readonly services: Services,
    readonly options: LiveHubOptions = DEFAULT_LIVE_OPTIONS,
  ) {}

  async start(): Promise<void> {
    const log = this.services.log;
    this.unlisten = await this.services.database.listen(LIVE_CHANNEL, (raw) => this.dispatch(raw), {
      // Changes made while the connection was down were not delivered: every console refetches.
      onReconnect: () => {
        log.warn('live: listening again after a lost connection');
        for (const c of this.clients) c.send('resync', {});
      },
      onError: (err) => log.warn({ err }, 'live: listening connection lost'),
    });
    const heartbeat = setInterval(() => {
      for (const c of this.clients) c.write(': hb\n\n');
    }, this.options.heartbeatMs);
    const check = setInterval(() => {
      this.checkSessions().catch((err) => log.error({ err }, 'live: session check failed'));
    }, this.options.sessionCheckMs);
    for (const t of [heartbeat, check]) t.unref();
    this.timers = [heartbeat, check];
  }

  /** Number of open streams on this node (readiness, tests). */
  get size(): number {
    return this.clients.size;
  }

  /** Opens a stream on an already-authorised response. Caller has written the headers. */
  add(sessionId: string, topics: readonly string[], res: ServerResponse): LiveClient {
    const client = new LiveClient(sessionId, topics, res, (c) => this.remove(c));
    this.clients.add(client);
    for (const t of topics) {
      let set = this.byTopic.get(t);
      if (!set) this.byTopic.set(t, (set = new Set()));
      set.add(client);
    }
    return client;
  }

  private remove(client: LiveClient): void {
    this.clients.delete(client);
    for (const t of client.topics) {
      const set = this.byTopic.get(t);
      set?.delete(client);
      if (set && set.size === 0) this.byTopic.delete(t);
    }
  }

  /** One NOTIFY payload in, one SSE message out to each stream following its topic. */
  dispatch(raw: string): void {
    let msg: LiveMessage;
    try {
      msg = JSON.parse(raw);
    } catch {
      this.services.log.warn('live: ignoring a notification that is not JSON');
      return;
    }
    if (!msg || typeof msg.topic !== 'string') return;
    const set = this.byTopic.get(msg.topic);
    if (!set) return;
    // Re-serialised rather than forwarded, so no stray newline can break the SSE framing.
    const data = { topic: msg.topic, payload: msg.payload ?? {} };
    for (const c of set) c.send(null, data);
  }

  /**
   * Ends streams whose session has ended, and streams following a topic their admin may no longer
   * see (a role change). Runs every sessionCheckMs; overlapping runs share one query.
   */
  checkSessions(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    const open = [...this.clients];
    if (open.length === 0) return;
    const live = await liveSessions(this.services, [...new Set(open.map((c) => c.sessionId))]);
    for (const c of open) {
      const roles: Roles | undefined = live.get(c.sessionId);
      if (!roles) c.end('session');
      else if (!c.topics.every((t) => canSubscribe(roles, t))) c.end('forbidden');
    }
  }

  /** Ends every stream (so the HTTP server can close) and stops listening. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const c of [...this.clients]) c.end('shutdown');
    const unlisten = this.unlisten;
    this.unlisten = null;
    await this.checking?.catch(() => undefined);
    if (unlisten) await unlisten();
  }
}
