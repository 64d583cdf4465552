import type { LiveMessage } from '../domain/live';

/**
 * Live updates for the console: subscribe(topic, callback) / unsubscribe(topic, callback) over ONE
 * shared EventSource on GET /api/v1/live?topics=… (browsers allow few connections per origin).
 *
 * Changing the topic set opens a new stream with the new list and closes the old one once the new
 * one is ready, so no change falls in between (an EventSource cannot send after it opens, and a
 * separate subscribe call might reach another API node). Messages are hints to refetch: `payload`
 * holds ids and versions. After a gap (reconnect, server 'resync') every callback gets
 * `{ topic, payload: { op: 'resync' } }` and should refetch what it shows.
 */

export type LiveCallback = (message: LiveMessage) => void;

/** The parts of EventSource this module uses, so tests can pass a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: string }) => void) | null;
  addEventListener(type: string, listener: (ev: { data: string }) => void): void;
  close(): void;
}

export interface LiveClientOptions {
  /** Creates the stream; the browser's EventSource by default. */
  open?: (url: string) => EventSourceLike;
  /** Base of the reconnect backoff (doubles up to maxBackoffMs). */
  backoffMs?: number;
  maxBackoffMs?: number;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}

const CLOSED = 2;

export interface LiveClient {
  subscribe(topic: string, callback: LiveCallback): Promise<{ data: null }>;
  unsubscribe(topic: string, callback: LiveCallback): Promise<{ data: null }>;
  /** Closes the stream and forgets every subscription (sign-out). */
  disconnect(): void;
  /** Topics of the open (or opening) stream, for diagnostics and tests. */
  readonly topics: string[];
}

export function createLiveClient(options: LiveClientOptions = {}): LiveClient {
  const open = options.open ?? ((url: string) => new EventSource(url, { withCredentials: true }) as unknown as EventSourceLike);
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const timers = options.timers ?? { set: (fn: () => void, ms: number) => setTimeout(fn, ms), clear: (h: unknown) => clearTimeout(h as number) };

  const subscriptions = new Map<string, Set<LiveCallback>>();
  let current: { source: EventSourceLike; key: string } | null = null;
  /** A stream opened for a new topic list, not yet ready; replaces `current` when it is. */
  let next: { source: EventSourceLike; key: string } | null = null;
  let applyTimer: unknown = null;
  let retryTimer: unknown = null;
  let failures = 0;
  /** Set when the server ended the stream for good (session over, permission gone). */
  let halted = false;
  /** A stream dropped: changes may have been missed until the next one is ready. */
  let missed = false;

  const wantedKey = () => [...subscriptions.keys()].sort().join(',');

  const deliver = (message: LiveMessage) => {
    for (const cb of [...(subscriptions.get(message.topic) ?? [])]) {
      try {
        cb(message);
      } catch (err) {
        console.error('live update callback failed', err);
      }
    }
  };
  const resyncAll = () => {
    for (const topic of [...subscriptions.keys()]) deliver({ topic, payload: { op: 'resync' } });
  };

  const closeAll = () => {
    current?.source.close();
    next?.source.close();
    current = next = null;
  };

  const scheduleRetry = () => {
    if (retryTimer !== null || halted) return;
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** failures);
    failures++;
    retryTimer = timers.set(() => {
      retryTimer = null;
      apply();
    }, delay);
  };

  const connect = (key: string) => {
    const source = open(`/api/v1/live?topics=${encodeURIComponent(key)}`);
    const entry = { source, key };
    source.addEventListener('ready', () => {
      if (next === entry) {
        current?.source.close();
        current = entry;
        next = null;
      }
      if (missed) resyncAll();
      missed = false;
      failures = 0;
    });
    source.onmessage = (ev) => {
      if (current !== entry && next !== entry) return;
      let message: LiveMessage;
      try {
        message = JSON.parse(ev.data);
      } catch {
        return;
      }
      deliver(message);
    };
    source.addEventListener('resync', () => resyncAll());
    source.addEventListener('end', (ev) => {
      let reason = '';
      try {
        reason = JSON.parse(ev.data).reason;
      } catch {
        // keep ''
      }
      source.close();
      if (current === entry) current = null;
      if (next === entry) next = null;
      // Reconnecting cannot help once the session or the permission is gone; a later subscribe
      // (after signing in again) starts afresh.
      if (reason === 'session' || reason === 'forbidden') halted = true;
      else {
        missed = true;
        scheduleRetry();
      }
    });
    source.onerror = () => {
      // Whether the browser retries or we do, the stream had a gap.
      if (current === entry) missed = true;
      // CONNECTING: the browser retries by itself. CLOSED: refused (401/403) or gone; retry with backoff.
      if (source.readyState !== CLOSED) return;
      source.close();
      if (current === entry) current = null;
      if (next === entry) next = null;
      scheduleRetry();
    };
    return entry;
  };

  function apply() {
    applyTimer = null;
    if (halted) return;
    const key = wantedKey();
    if (!key) return closeAll();
    if ((next ?? current)?.key === key) return;
    next?.source.close();
    next = connect(key);
    // Nothing to overlap with: the new stream stands alone.
    if (!current) {
      current = next;
      next = null;
    }
  }

  /** Coalesces the subscribe/unsubscribe calls of one render into one reconnect. */
  const schedule = () => {
    if (applyTimer === null) applyTimer = timers.set(apply, 0);
  };

  return {
    async subscribe(topic, callback) {
      let set = subscriptions.get(topic);
      if (!set) subscriptions.set(topic, (set = new Set()));
      set.add(callback);
      halted = false;
      schedule();
      return { data: null };
    },
    async unsubscribe(topic, callback) {
      const set = subscriptions.get(topic);
      set?.delete(callback);
      if (set && set.size === 0) subscriptions.delete(topic);
      schedule();
      return { data: null };
    },
    disconnect() {
      subscriptions.clear();
      if (applyTimer !== null) timers.clear(applyTimer);
      if (retryTimer !== null) timers.clear(retryTimer);
      applyTimer = retryTimer = null;
      failures = 0;
      closeAll();
    },
    get topics() {
      return (next ?? current)?.key.split(',') ?? [];
    },
  };
}

// The EventSource is created on first subscribe, so importing this module outside a browser is safe.
const shared = createLiveClient();

/** Calls `callback` with every change to `topic` (see domain/live.ts for topics). */
export const subscribe = (topic: string, callback: LiveCallback) => shared.subscribe(topic, callback);
export const unsubscribe = (topic: string, callback: LiveCallback) => shared.unsubscribe(topic, callback);
/** For sign-out: closes the stream and drops every subscription. */
export const disconnectLive = () => shared.disconnect();
