import { beforeEach, describe, expect, it } from 'vitest';
import { createLiveClient, type EventSourceLike, type LiveClient } from '../../dataProvider/live';
import type { LiveMessage } from '../../domain/live';

/** An EventSource the test drives by hand. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  private listeners = new Map<string, ((ev: { data: string }) => void)[]>();
  constructor(readonly url: string) {}
  get topics() {
    return decodeURIComponent(this.url.split('topics=')[1]).split(',');
  }
  addEventListener(type: string, l: (ev: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown = {}) {
    const ev = { data: JSON.stringify(data) };
    if (type === 'message') this.onmessage?.(ev);
    else for (const l of this.listeners.get(type) ?? []) l(ev);
  }
  ready() {
    this.readyState = 1;
    this.emit('ready', { topics: this.topics });
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.({});
  }
}

/** Timers that run only when the test says so. */
class Timers {
  queue: { fn: () => void; ms: number; id: number }[] = [];
  private id = 0;
  set = (fn: () => void, ms: number) => {
    const id = ++this.id;
    this.queue.push({ fn, ms, id });
    return id;
  };
  clear = (id: unknown) => {
    this.queue = this.queue.filter((t) => t.id !== id);
  };
  /** Runs every due timer (those of `ms` or less), including ones they schedule. */
  run(ms = 0) {
    for (;;) {
      const t = this.queue.find((x) => x.ms <= ms);
      if (!t) return;
      this.queue.splice(this.queue.indexOf(t), 1);
      t.fn();
    }
  }
  pendingDelays() {
    return this.queue.map((t) => t.ms);
  }
}

let sources: FakeSource[];
let timers: Timers;
let live: LiveClient;
const open = () => sources.filter((s) => !s.closed);

beforeEach(() => {
  sources = [];
  timers = new Timers();
  live = createLiveClient({ open: (url) => (sources.push(new FakeSource(url)), sources.at(-1)!), timers, backoffMs: 1000, maxBackoffMs: 8000 });
});

describe('live client', () => {
  it('shares one stream for all topics, opened once for the calls of one render', async () => {
    const got: LiveMessage[] = [];
    await live.subscribe('leaseCompany:b', (m) => got.push(m));
    await live.subscribe('leaseCompany:a', (m) => got.push(m));
    await live.subscribe('leaseCompany:a', (m) => got.push(m));
    timers.run();
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toBe(`/api/v1/live?topics=${encodeURIComponent('leaseCompany:a,leaseCompany:b')}`);
    sources[0].ready();
    sources[0].emit('message', { topic: 'leaseCompany:a', payload: { id: 'a', version: 2 } });
    sources[0].emit('message', { topic: 'fileValidation', payload: {} });
    expect(got).toEqual([
      { topic: 'leaseCompany:a', payload: { id: 'a', version: 2 } },
      { topic: 'leaseCompany:a', payload: { id: 'a', version: 2 } },
    ]);
  });

  it('switches to a new topic list without a gap: the old stream closes once the new one is ready', async () => {
    const got: string[] = [];
    const onA = (m: LiveMessage) => got.push(m.topic);
    await live.subscribe('leaseCompany:a', onA);
    timers.run();
    sources[0].ready();
    await live.subscribe('fileValidation', (m) => got.push(m.topic));
    timers.run();
    expect(sources).toHaveLength(2);
    expect(sources[1].topics).toEqual(['fileValidation', 'leaseCompany:a']);
    // Until the new stream is ready the old one still delivers.
    sources[0].emit('message', { topic: 'leaseCompany:a', payload: {} });
    expect(sources[0].closed).toBe(false);
    sources[1].ready();
    expect(sources[0].closed).toBe(true);
    sources[1].emit('message', { topic: 'fileValidation', payload: {} });
    expect(got).toEqual(['leaseCompany:a', 'fileValidation']);

    await live.unsubscribe('leaseCompany:a', onA);
    timers.run();
    expect(sources[2].topics).toEqual(['fileValidation']);
  });

  it('closes the stream when the last subscription goes', async () => {
    const cb = () => undefined;
    await live.subscribe('fileValidation', cb);
    timers.run();
    sources[0].ready();
    await live.unsubscribe('fileValidation', cb);
    timers.run();
    expect(open()).toHaveLength(0);
    expect(live.topics).toEqual([]);
  });

  it('reconnects with growing backoff when refused or dropped, and asks callbacks to refetch after a gap', async () => {
    const got: LiveMessage[] = [];
    await live.subscribe('leaseCompany:a', (m) => got.push(m));
    timers.run();
    sources[0].ready();
    sources[0].fail(2); // dropped for good
    expect(timers.pendingDelays()).toEqual([1000]);
    timers.run(1000);
    sources[1].fail(2); // refused
    expect(timers.pendingDelays()).toEqual([2000]);
    timers.run(2000);
    sources[2].fail(2);
    timers.run(4000);
    sources[3].fail(2);
    timers.run(8000);
    sources[4].fail(2);
    expect(timers.pendingDelays()).toEqual([8000]); // capped
    timers.run(8000);
    sources[5].ready();
    expect(got).toEqual([{ topic: 'leaseCompany:a', payload: { op: 'resync' } }]);
    // Backoff starts again after a success.
    sources[5].fail(2);
    expect(timers.pendingDelays()).toEqual([1000]);
  });

  it('lets the browser retry a stream that is still connecting, then resyncs', async () => {
    const got: LiveMessage[] = [];
    await live.subscribe('fileValidation', (m) => got.push(m));
    timers.run();
    sources[0].ready();
    sources[0].fail(0);
    expect(timers.pendingDelays()).toEqual([]);
    sources[0].ready();
    expect(sources).toHaveLength(1);
    expect(got).toEqual([{ topic: 'fileValidation', payload: { op: 'resync' } }]);
  });

  it('passes on a server resync', async () => {
    const got: LiveMessage[] = [];
    await live.subscribe('fileValidation', (m) => got.push(m));
    timers.run();
    sources[0].ready();
    sources[0].emit('resync');
    expect(got).toEqual([{ topic: 'fileValidation', payload: { op: 'resync' } }]);
  });

  it('stops when the server ends the stream for the session, until the next subscribe', async () => {
    await live.subscribe('fileValidation', () => undefined);
    timers.run();
    sources[0].ready();
    sources[0].emit('end', { reason: 'session' });
    expect(sources[0].closed).toBe(true);
    expect(timers.pendingDelays()).toEqual([]);
    await live.subscribe('leaseCompany:a', () => undefined);
    timers.run();
    expect(open()).toHaveLength(1);
    expect(open()[0].topics).toEqual(['fileValidation', 'leaseCompany:a']);
  });

  it('reconnects after a server shutdown', async () => {
    await live.subscribe('fileValidation', () => undefined);
    timers.run();
    sources[0].ready();
    sources[0].emit('end', { reason: 'shutdown' });
    expect(timers.pendingDelays()).toEqual([1000]);
    timers.run(1000);
    expect(open()).toHaveLength(1);
  });

  it('forgets everything on disconnect', async () => {
    await live.subscribe('fileValidation', () => undefined);
    timers.run();
    live.disconnect();
    expect(open()).toHaveLength(0);
    timers.run(60_000);
    expect(sources).toHaveLength(1);
  });
});
