/**
 * Admission control through HTTP (server/admission.ts): past its bound an API node answers 503
 * with Retry-After at once, health checks are never counted, and a place is given back when its
 * call ends, even when the client went away.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { RETRY_AFTER_SECONDS } from '../../server/admission';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ admission: { maxInFlight: 1, maxQueued: 1, maxWaitMs: 300, maxLagMs: 60_000 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** A call whose body is only half sent: it holds its place until `finish` sends the rest. */
async function halfSent(): Promise<{ socket: net.Socket; finish(): Promise<string> }> {
  // A malformed mandate link: once its body is whole, it is refused in a few milliseconds.
  const body = JSON.stringify({ token: 'not-a-link' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST /api/v1/driverMandate/verify HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.slice(0, 5)}`);
  let answer = '';
  socket.on('data', (d) => (answer += d));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  await expect.poll(() => t.app.admission.running).toBe(1);
  return {
    socket,
    finish: async () => {
      socket.write(body.slice(5));
      return ended;
    },
  };
}

async function timed(path: string) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { res, ms: performance.now() - started, body: await res.json() };
}

describe('admission control', () => {
  it('queues the next call for a bounded time, refuses past the queue at once, and always answers /healthz', async () => {
    const held = await halfSent();
    // The one place is taken: the next call waits, and is refused when its wait runs out.
    const queued = timed('/api/v1/config/versions');
    await expect.poll(() => t.app.admission.waiting).toBe(1);
    // The queue is full: refused at once, with Retry-After and the console's text.
    const refused = await timed('/api/v1/config/versions');
    expect(refused.res.status).toBe(503);
    expect(refused.res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(refused.body).toEqual({ error: { code: 'BUSY', message: MESSAGES.serverBusy } });
    expect(refused.ms).toBeLessThan(50 * 4);
    // Search speaks Typesense's protocol, so its refusal does too.
    const search = await timed('/api/v1/search/health');
    expect(search.res.status).toBe(503);
    expect(search.body).toEqual({ message: 'Not Ready or Lagging' });
    // Not counted: health checks.
    const health = await timed('/healthz');
    expect(health.res.status).toBe(200);
    const waited = await queued;
    expect(waited.res.status).toBe(503);
    expect(waited.ms).toBeGreaterThanOrEqual(300 - 5);
    // The held call ends normally, and its place is free again.
    expect(await held.finish()).toMatch(/^HTTP\/1\.1 400/);
    await expect.poll(() => t.app.admission.running).toBe(0);
    expect((await timed('/api/v1/config/versions')).res.status).toBe(200);
  });

  it('gives the place of a call whose client went away back once the call has ended', async () => {
    const held = await halfSent();
    held.socket.destroy();
    await expect.poll(() => t.app.admission.running).toBe(0);
    expect((await timed('/api/v1/config/versions')).res.status).toBe(200);
  });

  it('hands a freed place to the call that waited for it', async () => {
    const held = await halfSent();
    const queued = timed('/api/v1/config/versions');
    await expect.poll(() => t.app.admission.waiting).toBe(1);
    await held.finish();
    expect((await queued).res.status).toBe(200);
  });
});
