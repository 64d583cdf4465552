import pg from 'pg';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { createFixtureTable, fixtureRecords, fixtureSlugs, leaseCompanyKind, type FixtureRecord } from '../support/fixtureRecords';
import { insertRecord } from '../../server/rpc/records';
import type { CustomerConfig } from '../../domain/customers';
import { auditLog } from '../../server/db/schema';
import { LIVE_CHANNEL } from '../../server/live/notify';
import type { Unlisten } from '../../server/db/listen';
import type { LiveMessage } from '../../domain/live';

let t: TestApp;
let editor: Browser;
let editorId: string;
/** Every live notification committed while the tests run, in commit order. */
const notified: LiveMessage[] = [];
let unlisten: Unlisten;

beforeAll(async () => {
  t = await createTestApp({}, { extraSlugs: fixtureSlugs });
  await createFixtureTable(t.services.database);
  editorId = (await createAdmin(t, 'EDITOR')).id;
  await createAdmin(t, 'VIEWER');
  unlisten = await t.services.database.listen(LIVE_CHANNEL, (raw) => notified.push(JSON.parse(raw)));
  editor = new Browser(t);
  await editor.signIn('editor@test.example');
});
afterAll(async () => {
  await unlisten();
  await t.close();
});

async function create(name: string, extra: Record<string, unknown> = {}): Promise<FixtureRecord> {
  const res = await editor.post('test/fixture/create', { name, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function stored(id: string) {
  const [row] = await t.services.db.select().from(fixtureRecords).where(eq(fixtureRecords.id, id));
  return row;
}

async function audits(id: string) {
  return t.services.db.select().from(auditLog).where(eq(auditLog.recordId, id)).orderBy(asc(auditLog.id));
}

/**
 * Commits a marker notification and waits for it: everything committed before it has then been
 * delivered, so the test can assert what was (not) notified without waiting on a timer.
 */
async function flushNotifications(): Promise<LiveMessage[]> {
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  await t.services.database.query(`SELECT pg_notify($1, $2)`, [LIVE_CHANNEL, JSON.stringify({ topic: 'fileValidation', payload: { id: marker } })]);
  await expect.poll(() => notified.some((m) => m.payload.id === marker), { timeout: 5000 }).toBe(true);
  return notified.splice(0).filter((m) => m.payload.id !== marker);
}

describe('record-editing contract', () => {
  it('creates at version 1, stamped, audited with no before image, and notified', async () => {
    await flushNotifications();
    const rec = await create('Epsilon Leasing', { email: 'ops@epsilon.example', secret: 's3cret' });
    expect(rec).toMatchObject({ name: 'Epsilon Leasing', version: 1, createdBy: editorId, modifiedBy: editorId, status: 'ACTIVE' });
    const [a] = await audits(rec.id);
    expect(a).toMatchObject({ adminId: editorId, slug: 'test/fixture/create', recordType: 'fixtureRecord', before: null });
    expect(a.after).toMatchObject({ id: rec.id, name: 'Epsilon Leasing', version: 1 });
    expect(a.after).not.toHaveProperty('secret');
    expect(await flushNotifications()).toEqual([
      { topic: `leaseCompany:${rec.id}`, payload: { op: 'insert', type: 'fixtureRecord', id: rec.id, version: 1 } },
    ]);
  });

  it('saves the version the user saw: bumps it, stamps who and when, audits before and after, notifies', async () => {
    const rec = await create('Zeta Fleet');
    await flushNotifications();
    t.clock.advance(60_000);
    const res = await editor.post('test/fixture/update', { id: rec.id, version: 1, data: { name: 'Zeta Fleet Ltd' } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ name: 'Zeta Fleet Ltd', version: 2, modifiedBy: editorId, createdAt: rec.createdAt });
    expect(new Date(saved.modifiedAt).getTime()).toBe(t.clock.now().getTime());
    const rows = await audits(rec.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ slug: 'test/fixture/update', adminId: editorId, recordType: 'fixtureRecord' });
    expect(rows[1].before).toMatchObject({ name: 'Zeta Fleet', version: 1 });
    expect(rows[1].after).toMatchObject({ name: 'Zeta Fleet Ltd', version: 2 });
    expect(await flushNotifications()).toEqual([
      { topic: `leaseCompany:${rec.id}`, payload: { op: 'update', type: 'fixtureRecord', id: rec.id, version: 2 } },
    ]);
  });

  it('refuses a stale version with 409 CONFLICT carrying the current record, and writes nothing', async () => {
    const rec = await create('Eta Vehicle Hire');
    await editor.post('test/fixture/update', { id: rec.id, version: 1, data: { name: 'Eta Vehicle Hire Ltd' } });
    await flushNotifications();
    const before = await stored(rec.id);
    const auditCount = (await audits(rec.id)).length;

    const res = await editor.post('test/fixture/update', { id: rec.id, version: 1, data: { name: 'Overwrite attempt' } });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.error.code).toBe('CONFLICT');
    expect(body.error.message).toMatch(/changed this record/);
    expect(body.error.current).toMatchObject({ id: rec.id, name: 'Eta Vehicle Hire Ltd', version: 2 });
    expect(body.error.current).not.toHaveProperty('fields');
    expect(await stored(rec.id)).toEqual(before);
    expect(await audits(rec.id)).toHaveLength(auditCount);
    expect(await flushNotifications()).toEqual([]);
  });

  it('answers 404 RECORD_NOT_FOUND for a record that does not exist', async () => {
    const res = await editor.post('test/fixture/update', { id: '00000000-0000-4000-8000-000000000000', version: 1, data: { name: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('RECORD_NOT_FOUND');
  });

  it('gives exactly one success and one 409 for two concurrent saves of one version', async () => {
    const rec = await create('Theta Leasing');
    const save = (name: string) => editor.post('test/fixture/update', { id: rec.id, version: 1, data: { name } });
    let results;
    if (t.services.database.kind === 'pg') {
      // Hold the row so both saves are provably in flight at once, each on its own pool connection,
      // then let them race for it.
      const blocker = new pg.Client({ connectionString: await databaseUrl() });
      await blocker.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM fixture_records WHERE id = $1 FOR UPDATE', [rec.id]);
        const racing = Promise.all([save('First writer'), save('Second writer')]);
        await expect
          .poll(async () => (await blocker.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n, { timeout: 10_000 })
          .toBe(2);
        await blocker.query('COMMIT');
        results = await racing;
      } finally {
        await blocker.end();
      }
    } else {
      // PGlite has one connection: the two transactions serialise, and still only one may win.
      results = await Promise.all([save('First writer'), save('Second writer')]);
    }
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const loser = results.find((r) => r.statusCode === 409)!.json();
    expect(loser.error.current).toMatchObject({ version: 2, name: winner.name });
    expect(await stored(rec.id)).toMatchObject({ version: 2, name: winner.name });
    expect((await audits(rec.id)).filter((a) => a.slug === 'test/fixture/update')).toHaveLength(1);
  });

  it('rolls the save, its audit row and its notification back together when a later step fails', async () => {
    const rec = await create('Iota Contract Hire');
    await flushNotifications();
    const before = await stored(rec.id);
    const res = await editor.post('test/fixture/updateThenFail', { id: rec.id, version: 1, data: { name: 'Half done' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('LATER_STEP_FAILED');
    expect(await stored(rec.id)).toEqual(before);
    expect(await audits(rec.id)).toHaveLength(1); // the create only
    expect(await flushNotifications()).toEqual([]);
  });

  it('returns zod field errors as { error: { fields } }', async () => {
    const rec = await create('Kappa Leasing');
    const res = await editor.post('test/fixture/update', { id: rec.id, version: 1, data: { name: '  ', email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { 'data.name': 'Name is required', 'data.email': 'Enter a valid e-mail address' },
    });
    const missing = await editor.post('test/fixture/create', {});
    expect(missing.json().error.fields).toEqual({ name: 'Name is required' });
    expect(await stored(rec.id)).toMatchObject({ name: 'Kappa Leasing', version: 1 });
  });

  it('changes status only from an allowed status, as a versioned, audited change', async () => {
    const rec = await create('Lambda Fleet');
    const res = await editor.post('test/fixture/terminate', { id: rec.id, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'TERMINATED', version: 2 });
    const rows = await audits(rec.id);
    expect(rows.at(-1)).toMatchObject({ slug: 'test/fixture/terminate' });
    expect(rows.at(-1)!.before).toMatchObject({ status: 'ACTIVE' });
    expect(rows.at(-1)!.after).toMatchObject({ status: 'TERMINATED' });

    const again = await editor.post('test/fixture/terminate', { id: rec.id, version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVALID_STATUS', current: { status: 'TERMINATED', version: 2 } });
  });

  it('does not audit reads, and keeps the guard in front of every change', async () => {
    const rec = await create('Mu Leasing');
    const [{ n: before }] = await t.services.db.select({ n: count() }).from(auditLog);
    const read = await editor.get(`test/fixture/get?id=${rec.id}`);
    expect(read.statusCode).toBe(200);
    const [{ n: after }] = await t.services.db.select({ n: count() }).from(auditLog);
    expect(after).toBe(before);

    const viewer = new Browser(t);
    await viewer.signIn('viewer@test.example');
    const denied = await viewer.post('test/fixture/update', { id: rec.id, version: 1, data: { name: 'Viewer edit' } });
    expect(denied.statusCode).toBe(403);
    expect(await stored(rec.id)).toMatchObject({ version: 1 });
  });
});

describe('the contract on the data model\'s lease_companies table', () => {
  it('creates, saves, refuses a stale or concurrent save, and terminates, with audit rows and notifications', async () => {
    await flushNotifications();
    const created = await t.services.db.transaction((tx) =>
      insertRecord(
        tx,
        leaseCompanyKind,
        { diCustomerId: 'DI-T-0001', name: 'Northern Fleet Leasing', customerType: 'DIRECT', rateCardType: 'COST_TYPE_HYBRID_VISN', currency: 'GBP', config: {} as CustomerConfig },
        { adminId: editorId, slug: 'test/direct', now: t.clock.now() },
      ),
    );
    expect(created).toMatchObject({ version: 1, status: 'ACTIVE', createdBy: editorId });
    expect(typeof created.seq).toBe('number');

    const save = (version: number, name: string) => editor.post('test/leaseCompany/update', { id: created.id, version, data: { name } });
    const [r1, r2] = await Promise.all([save(1, 'Northern Fleet Leasing Ltd'), save(1, 'Northern Fleet plc')]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const loser = [r1, r2].find((r) => r.statusCode === 409)!.json();
    expect(loser.error).toMatchObject({ code: 'CONFLICT', current: { id: created.id, version: 2, seq: created.seq } });

    const stale = await save(1, 'Stale');
    expect(stale.statusCode).toBe(409);

    const ended = await editor.post('test/leaseCompany/terminate', { id: created.id, version: 2 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'TERMINATED', version: 3, terminatedAt: t.clock.now().toISOString() });

    const rows = await audits(created.id);
    expect(rows.map((r) => [r.recordType, r.slug])).toEqual([
      ['leaseCompany', 'test/direct'],
      ['leaseCompany', 'test/leaseCompany/update'],
      ['leaseCompany', 'test/leaseCompany/terminate'],
    ]);
    expect((await flushNotifications()).map((m) => [m.topic, m.payload.op, m.payload.version])).toEqual([
      [`leaseCompany:${created.id}`, 'insert', 1],
      [`leaseCompany:${created.id}`, 'update', 2],
      [`leaseCompany:${created.id}`, 'status', 3],
    ]);
  });
});

async function databaseUrl(): Promise<string> {
  const [{ name }] = await t.services.database.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
