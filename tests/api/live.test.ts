import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, PASSCODE_IN_MAIL, type TestApp } from '../support/app';
import { SseStream } from '../support/sse';
import { createFixtureTable, fixtureSlugs } from '../support/fixtureRecords';
import { HttpBrowser, startNode, type ApiNode } from '../support/nodes';
import { notify } from '../../server/live/notify';
import { registerLive, LIVE_URL } from '../../server/live/route';
import { NON_SLUG_ROUTES } from '../../server/rpc/registry';
import { administrators, mailOutbox } from '../../server/db/schema';
import { topics } from '../../domain/live';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({}, { extraSlugs: fixtureSlugs });
  await createFixtureTable(t.services.database);
  for (const role of ['EDITOR', 'VIEWER', 'FINANCE', 'SUPPORT']) await createAdmin(t, role);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The newest passcode in the outbox: mail sent by the API processes, read from the shared database. */
async function outboxPasscode(email: string): Promise<string> {
  const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const code = mail?.text.match(PASSCODE_IN_MAIL)?.[1];
  if (!code) throw new Error(`no passcode mailed to ${email}`);
  return code;
}

async function signedIn(role: string): Promise<Browser> {
  const b = new Browser(t);
  await b.signIn(`${role.toLowerCase()}@test.example`);
  return b;
}

function stream(b: Browser | null, topicList: string[], at = base) {
  return SseStream.open(`${at}${LIVE_URL}?topics=${encodeURIComponent(topicList.join(','))}`, b ? b.cookieHeader() : '');
}

/** A stream that is ready and holds nothing of changes committed before it opened (see settle). */
async function openReady(b: Browser, topicList: string[]) {
  const s = await stream(b, topicList);
  expect(s.status).toBe(200);
  await s.next((e) => e.event === 'ready');
  await s.settle(t.services.database, topicList[0]);
  return s;
}

async function createRecord(b: Browser, name: string) {
  const res = await b.post('test/fixture/create', { name });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; version: number };
}

describe('live updates on one node', () => {
  it('is declared among the /api/v1 routes outside the slug guard, and mounted', () => {
    expect(NON_SLUG_ROUTES.some((r) => r.method === 'GET' && r.url === LIVE_URL)).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: LIVE_URL })).toBe(true);
  });

  it('streams a committed change to the streams following its topic, and to no other', async () => {
    const editor = await signedIn('EDITOR');
    const a = await createRecord(editor, 'Alpha Leasing');
    const other = await createRecord(editor, 'Beta Leasing');
    const s = await openReady(editor, [topics.leaseCompany(a.id)]);
    const sOther = await openReady(editor, [topics.leaseCompany(other.id)]);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toContain('no-cache');

    const res = await editor.post('test/fixture/update', { id: a.id, version: 1, data: { name: 'Alpha Leasing Ltd' } });
    expect(res.statusCode).toBe(200);
    const e = await s.message(topics.leaseCompany(a.id));
    expect(JSON.parse(e.data)).toEqual({ topic: topics.leaseCompany(a.id), payload: { op: 'update', type: 'fixtureRecord', id: a.id, version: 2 } });

    // Delivery follows commit order on one channel: once the later change to `other` has arrived,
    // the stream of `other` would already hold the change to `a` had it been sent there.
    await editor.post('test/fixture/update', { id: other.id, version: 1, data: { name: 'Beta Leasing Ltd' } });
    await sOther.message(topics.leaseCompany(other.id));
    expect(sOther.messages().map((m) => m.topic)).toEqual([topics.leaseCompany(other.id)]);
    s.close();
    sOther.close();
  });

  it('sends nothing for a change that rolls back', async () => {
    const editor = await signedIn('EDITOR');
    const rec = await createRecord(editor, 'Gamma Fleet');
    const topic = topics.leaseCompany(rec.id);
    const s = await openReady(editor, [topic]);

    // Through the contract: the save, its audit row and its notification fail together.
    const failed = await editor.post('test/fixture/updateThenFail', { id: rec.id, version: 1, data: { name: 'Never' } });
    expect(failed.statusCode).toBe(422);
    // Through the helper directly.
    await expect(
      t.services.db.transaction(async (tx) => {
        await notify(tx, topic, { id: rec.id, version: 99 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    await editor.post('test/fixture/update', { id: rec.id, version: 1, data: { name: 'Gamma Fleet Ltd' } });
    await editor.post('test/fixture/update', { id: rec.id, version: 2, data: { name: 'Gamma Fleet plc' } });
    await s.next((e) => e.event === 'message' && JSON.parse(e.data).payload.version === 3);
    expect(s.messages().map((m) => m.payload.version)).toEqual([2, 3]);
    s.close();
  });

  it('refuses a request without a full session (401)', async () => {
    const none = await stream(null, [topics.fileValidation()]);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.errorBody!).error.code).toBe('UNAUTHENTICATED');

    // Password step done, passcode not yet: not a full session.
    const pending = new Browser(t);
    const login = await pending.login('viewer@test.example');
    expect(login.json().claims.mfaVerificationRequired).toBe(true);
    expect((await stream(pending, [topics.fileValidation()])).status).toBe(401);
  });

  it('allows a topic only with the permission domain/live.ts declares for it, and denies unknown topics (403)', async () => {
    const viewer = await signedIn('VIEWER');
    const finance = await signedIn('FINANCE');
    const support = await signedIn('SUPPORT');

    const allowed = await openReady(viewer, [topics.leaseCompany('abc'), topics.fileValidation()]);
    allowed.close();
    const expectDenied = async (b: Browser, list: string[]) => {
      const s = await stream(b, list);
      expect(s.status, list.join(',')).toBe(403);
      expect(JSON.parse(s.errorBody!).error.code).toBe('FORBIDDEN');
    };
    await expectDenied(viewer, [topics.networkImport('imp1')]); // needs manageNetwork
    await expectDenied(viewer, [topics.leaseCompany('abc'), topics.networkImport('imp1')]); // one bad topic spoils the list
    await expectDenied(support, [topics.fileValidation()]);
    await expectDenied(viewer, ['invoices']); // unknown kind
    await expectDenied(viewer, ['leaseCompany']); // id required
    await expectDenied(viewer, ['fileValidation:1']); // no id expected
    await expectDenied(viewer, ['leaseCompany:../x']);
    (await openReady(finance, [topics.networkImport('imp1')])).close();

    const empty = await stream(viewer, []);
    expect(empty.status).toBe(400);
    const tooMany = await stream(viewer, Array.from({ length: 51 }, (_, i) => topics.leaseCompany(`c${i}`)));
    expect(tooMany.status).toBe(400);
  });

  it('ends the stream once its session has ended (sign-out, expiry) or lost the permission', async () => {
    const editor = await signedIn('EDITOR');
    const s = await openReady(editor, [topics.fileValidation()]);
    await t.app.live.checkSessions();
    expect(s.ended).toBe(false);
    expect((await editor.post('auth/logout')).statusCode).toBe(200);
    await t.app.live.checkSessions();
    const end = await s.next((e) => e.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
    await s.closed();

    // A role change that removes the topic's permission.
    await createAdmin(t, 'EDITOR', 'demoted@test.example');
    const demoted = new Browser(t);
    await demoted.signIn('demoted@test.example');
    const s2 = await openReady(demoted, [topics.fileValidation()]);
    await t.services.db.update(administrators).set({ role: 'SUPPORT' }).where(eq(administrators.email, 'demoted@test.example'));
    await t.app.live.checkSessions();
    expect(JSON.parse((await s2.next((e) => e.event === 'end')).data)).toEqual({ reason: 'forbidden' });
    await s2.closed();

    // Idle timeout: the stream itself does not count as activity.
    const idle = await signedIn('VIEWER');
    const s3 = await openReady(idle, [topics.fileValidation()]);
    t.clock.advance(t.services.config.session.idleMs + 1000);
    await t.app.live.checkSessions();
    expect(JSON.parse((await s3.next((e) => e.event === 'end')).data)).toEqual({ reason: 'session' });
    await s3.closed();
    t.clock.advance(-(t.services.config.session.idleMs + 1000));
  });

  it('sends heartbeats and re-checks sessions on its own timers', async () => {
    // A second hub on the same services with short timers, so the test waits on events, not minutes.
    const app2: FastifyInstance = Fastify();
    await app2.register(cookie);
    await registerLive(app2, t.services, { heartbeatMs: 20, sessionCheckMs: 50 });
    await app2.listen({ port: 0, host: '127.0.0.1' });
    try {
      const at = `http://127.0.0.1:${(app2.server.address() as AddressInfo).port}`;
      const viewer = await signedIn('VIEWER');
      const s = await stream(viewer, [topics.fileValidation()], at);
      await s.next((e) => e.event === 'ready');
      await expect.poll(() => s.comments, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      await viewer.post('auth/logout');
      await s.closed();
      expect(s.events.at(-1)).toMatchObject({ event: 'end', data: JSON.stringify({ reason: 'session' }) });
      expect(app2.live.size).toBe(0);
    } finally {
      await app2.close();
    }
  });

  it('closes open streams when the server shuts down', async () => {
    const app2: FastifyInstance = Fastify();
    await app2.register(cookie);
    await registerLive(app2, t.services);
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const viewer = await signedIn('VIEWER');
    const s = await stream(viewer, [topics.fileValidation()], `http://127.0.0.1:${(app2.server.address() as AddressInfo).port}`);
    await s.next((e) => e.event === 'ready');
    await app2.close();
    await s.closed();
    expect(JSON.parse(s.events.at(-1)!.data)).toEqual({ reason: 'shutdown' });
  });
});

// Two API processes on one PostgreSQL database: only meaningful with a server (PGlite is in-process).
if (process.env.TEST_DB_KIND === 'pg') {
  describe('live updates across API nodes (PostgreSQL)', () => {
    let nodes: ApiNode[] = [];
    let databaseUrl: string;

    beforeAll(async () => {
      const [{ name }] = await t.services.database.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      nodes = await Promise.all([startNode(databaseUrl), startNode(databaseUrl)]);
    });
    afterAll(async () => {
      await Promise.all(nodes.map((n) => n.stop()));
    });

    it('a change saved through one node reaches a stream on the other within a second', async () => {
      const [a, b] = nodes;
      // Its own admin: the passcode mails of this node (system clock) and of the in-process app
      // (manual clock) would not sort by time together.
      await createAdmin(t, 'EDITOR', 'nodes@test.example');
      const editor = new HttpBrowser();
      await editor.signIn(a.base, 'nodes@test.example', outboxPasscode);
      const created = await editor.call(a.base, 'POST', 'test/fixture/create', { name: 'Delta Vehicle Leasing' });
      expect(created.status).toBe(200);
      const topic = topics.leaseCompany(created.body.id);

      // The same session cookie works on both nodes: sessions live in PostgreSQL.
      const onB = await SseStream.open(`${b.base}${LIVE_URL}?topics=${topic}`, editor.cookieHeader());
      const onA = await SseStream.open(`${a.base}${LIVE_URL}?topics=${topic}`, editor.cookieHeader());
      expect([onA.status, onB.status]).toEqual([200, 200]);
      await Promise.all([onA.next((e) => e.event === 'ready'), onB.next((e) => e.event === 'ready')]);

      const latencies: number[] = [];
      for (let version = 1; version <= 5; version++) {
        const writer = version % 2 ? a : b;
        const reader = version % 2 ? onB : onA;
        const started = performance.now();
        const res = await editor.call(writer.base, 'POST', 'test/fixture/update', { id: created.body.id, version, data: { name: `Delta ${version}` } });
        expect(res.status).toBe(200);
        const e = await reader.next((ev) => ev.event === 'message' && JSON.parse(ev.data).payload.version === version + 1, 5000);
        latencies.push(Math.round(e.at - started));
      }
      console.info(`cross-node live latency, save request start to delivery on the other node (ms): ${latencies.join(', ')}`);
      for (const ms of latencies) expect(ms).toBeLessThan(1000);
      onA.close();
      onB.close();
    });

    it('listens again after losing its database connection, and tells open streams to refetch', async () => {
      const editor = await signedIn('EDITOR');
      const rec = await createRecord(editor, 'Omicron Leasing');
      const topic = topics.leaseCompany(rec.id);
      const s = await openReady(editor, [topic]);
      const killed = await t.services.database.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
      );
      expect(killed[0].n).toBeGreaterThan(0);
      await s.next((e) => e.event === 'resync', 10_000);
      await editor.post('test/fixture/update', { id: rec.id, version: 1, data: { name: 'Omicron Leasing Ltd' } });
      expect(JSON.parse((await s.message(topic)).data).payload.version).toBe(2);
      s.close();
    });
  });
}
