/**
 * Admission control (server/admission.ts): how many calls run, how many wait and for how long, and
 * which are refused at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Admission, LAG_SHEDS_FROM, type Ticket } from '../../server/admission';

const limits = { maxInFlight: 2, maxQueued: 2, maxWaitMs: 400, maxLagMs: 100 };

describe('admission control', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs up to its bound at once, then queues in arrival order', async () => {
    const a = new Admission(limits, Date.now);
    const first = a.enter() as Ticket;
    const second = a.enter() as Ticket;
    expect(typeof first).toBe('function');
    expect(typeof second).toBe('function');
    expect(a.running).toBe(2);
    const third = a.enter();
    const fourth = a.enter();
    expect(third).toBeInstanceOf(Promise);
    expect(a.waiting).toBe(2);
    const order: string[] = [];
    void (third as Promise<Ticket>).then(() => order.push('third'));
    void (fourth as Promise<Ticket>).then(() => order.push('fourth'));
    second();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['third']);
    first();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['third', 'fourth']);
    expect(a.running).toBe(2);
    expect(a.waiting).toBe(0);
  });

  it('refuses at once when the queue is full', () => {
    const a = new Admission(limits, Date.now);
    a.enter();
    a.enter();
    a.enter();
    a.enter();
    expect(a.enter()).toBeNull();
    expect(a.refused).toBe(1);
  });

  it('refuses a call that waited its whole bound, and the place it waited for goes to the next', async () => {
    const a = new Admission({ ...limits, maxQueued: 5 }, Date.now);
    const first = a.enter() as Ticket;
    a.enter();
    const waiting = a.enter() as Promise<Ticket | null>;
    await vi.advanceTimersByTimeAsync(limits.maxWaitMs / 2 - 1);
    const later = a.enter() as Promise<Ticket | null>;
    await vi.advanceTimersByTimeAsync(limits.maxWaitMs / 2 + 1);
    expect(await waiting).toBeNull();
    expect(a.waiting).toBe(1);
    first();
    expect(typeof (await later)).toBe('function');
  });

  it('refuses a newcomer at once while the oldest waiting call has waited half the bound', async () => {
    const a = new Admission({ ...limits, maxQueued: 5 }, Date.now);
    a.enter();
    a.enter();
    void a.enter();
    await vi.advanceTimersByTimeAsync(limits.maxWaitMs / 2 - 1);
    expect(a.enter()).toBeInstanceOf(Promise);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.enter()).toBeNull();
  });

  it('gives a place back once, however often its ticket is used', () => {
    const a = new Admission(limits, Date.now);
    const first = a.enter() as Ticket;
    a.enter();
    first();
    first();
    expect(a.running).toBe(1);
  });

  it('refuses every call at once while the event loop runs late and many calls arrive, and admits again once it catches up', () => {
    let lag = 0;
    const a = new Admission({ ...limits, maxInFlight: 100 }, Date.now, () => lag);
    lag = 101;
    // A late loop while fewer than LAG_SHEDS_FROM calls arrive is not this node's load.
    for (let i = 1; i < LAG_SHEDS_FROM; i++) expect(typeof a.enter()).toBe('function');
    expect(a.enter()).toBeNull();
    lag = 100;
    expect(typeof a.enter()).toBe('function');
    // Arrivals are counted over this second and the one before: two seconds later, few again.
    lag = 101;
    vi.advanceTimersByTime(2000);
    expect(typeof a.enter()).toBe('function');
  });

  it('refuses limits that would admit nothing', () => {
    expect(() => new Admission({ ...limits, maxInFlight: 0 })).toThrow(/ADMISSION_MAX_IN_FLIGHT/);
    expect(() => new Admission({ ...limits, maxWaitMs: -1 })).toThrow(/ADMISSION_MAX_WAIT_MS/);
    expect(() => new Admission({ ...limits, maxQueued: 1.5 })).toThrow(/ADMISSION_MAX_QUEUED/);
    expect(() => new Admission({ ...limits, maxLagMs: 0 })).toThrow(/ADMISSION_MAX_LAG_MS/);
  });
});
