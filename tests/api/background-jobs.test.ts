import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { loadConfig } from '../../server/config';
import { QUEUES } from '../../server/jobs/queues';
import { auditLog } from '../../server/db/schema';
import type { BackgroundJobEntry, BackgroundJobRow } from '../../domain/backgroundJobs';

/**
 * The background jobs' slugs on both databases, over pg-boss's own table. Workers run in this app;
 * a failed job is not retried by itself (retry limit 0), so only Retry runs it again.
 */
let t: TestApp;
let admin: Browser;
let editor: Browser;

beforeAll(async () => {
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, retryLimit: 0 } }, { jobs: true });
  await createAdmin(t, 'SUPER_ADMIN');
  await createAdmin(t, 'EDITOR');
  admin = new Browser(t);
  await admin.signIn('super_admin@test.example');
  editor = new Browser(t);
  await editor.signIn('editor@test.example');
});
afterAll(() => t.close());

/** A finished job as pg-boss leaves it, in a queue of the product (or already moved to its archive). */
async function finishedJob(queue: string, state: 'completed' | 'failed' | 'cancelled', createdOn: string, extra: { data?: object; output?: object; table?: 'job' | 'archive' } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await t.services.database.query(
    // Every column named: the archive has the job table's columns but not its defaults.
    `INSERT INTO pgboss.${extra.table ?? 'job'} (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, expire_in, keep_until, created_on, started_on, completed_on, output)
     VALUES ($1, $2, 0, $3::jsonb, $4::pgboss.job_state, 0, 0, 0, false, $5::timestamptz, interval '15 minutes', $5::timestamptz, $5::timestamptz, $5::timestamptz, $5::timestamptz + interval '2 seconds', $6::jsonb)`,
    [id, queue, JSON.stringify(extra.data ?? {}), state, createdOn, extra.output ? JSON.stringify(extra.output) : null],
  );
  return id;
}

const job = async (id: string) => (await admin.post('backgroundJobs/getOne', { id })).json().data as BackgroundJobEntry;
const list = async (body: object) => {
  const res = await admin.post('backgroundJobs/getList', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: BackgroundJobRow[]; total: number };
};

describe('backgroundJobs/getList and getQueues', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) {
      ids.push(await finishedJob(i % 2 ? QUEUES.networkExport : QUEUES.networkValidate, i % 4 === 3 ? 'failed' : 'completed', `2026-05-0${1 + (i % 3)}T10:${String(i).padStart(2, '0')}:00Z`, i % 4 === 3 ? { output: { name: 'Error', message: `Export ${i} failed` } } : {}));
    }
  });
  const mine = { createdOn_gte: '2026-05-01', createdOn_lte: '2026-05-03' };

  it('lists jobs newest first with queue, state, timings and the error of a failed one', async () => {
    const all = await list({ filter: mine, pagination: { page: 1, perPage: 5 } });
    expect(all.total).toBe(12);
    expect(all.data).toHaveLength(5);
    expect(all.data[0]).toEqual({
      id: ids[11],
      queue: QUEUES.networkExport,
      state: 'failed',
      archived: false,
      retryCount: 0,
      retryLimit: 0,
      createdOn: '2026-05-03T10:11:00.000Z',
      startedOn: '2026-05-03T10:11:00.000Z',
      completedOn: '2026-05-03T10:11:02.000Z',
      error: 'Export 11 failed',
    });
    const rest = [...(await list({ filter: mine, pagination: { page: 2, perPage: 5 } })).data, ...(await list({ filter: mine, pagination: { page: 3, perPage: 5 } })).data];
    expect(new Set([...all.data, ...rest].map((r) => r.id))).toEqual(new Set(ids));
  });

  it('filters by queue, state and creation day, and sorts by queue or state', async () => {
    expect((await list({ filter: { ...mine, queue: QUEUES.networkExport }, pagination: { page: 1, perPage: 25 } })).total).toBe(6);
    const failed = await list({ filter: { ...mine, state: 'failed' }, pagination: { page: 1, perPage: 25 } });
    expect(failed.data.map((r) => r.error).sort()).toEqual(['Export 11 failed', 'Export 3 failed', 'Export 7 failed']);
    expect((await list({ filter: { createdOn_gte: '2026-05-02', createdOn_lte: '2026-05-02' }, pagination: { page: 1, perPage: 25 } })).total).toBe(4);
    const byState = await list({ filter: mine, sort: { field: 'state', order: 'DESC' }, pagination: { page: 1, perPage: 3 } });
    expect(byState.data.map((r) => r.state)).toEqual(['failed', 'failed', 'failed']);
    const byQueue = await list({ filter: mine, sort: { field: 'queue', order: 'ASC' }, pagination: { page: 1, perPage: 6 } });
    expect(new Set(byQueue.data.map((r) => r.queue))).toEqual(new Set([QUEUES.networkExport]));
  });

  it('names every queue for the queue filter', async () => {
    const res = await admin.post('backgroundJobs/getQueues', { pagination: { page: 1, perPage: 25 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((q: { id: string }) => q.id).sort()).toEqual(Object.values(QUEUES).sort());
  });

  it.each([
    [{ filter: { state: 'lost' } }, 'filter.state'],
    [{ filter: { queue: 'a queue; drop' } }, 'filter.queue'],
    [{ sort: { field: 'data', order: 'ASC' } }, 'sort.field'],
    [{ pagination: { page: 10_001, perPage: 25 } }, 'pagination.page'],
  ])('refuses %j naming the field', async (body, field) => {
    const res = await admin.post('backgroundJobs/getList', body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)[0]).toBe(field);
  });
});

describe('backgroundJobs/retry', () => {
  it('runs a job that failed for real again, and it fails again with the same error', async () => {
    const id = await t.services.db.transaction((tx) => t.services.jobs.send(tx, QUEUES.networkExportMail, { exportId: 'not-an-id', adminId: crypto.randomUUID() }));
    t.services.jobs.wake(QUEUES.networkExportMail);
    await expect.poll(async () => (await job(id)).state, { timeout: 20_000 }).toBe('failed');
    const failed = await job(id);
    expect(failed.error).toContain('not-an-id');
    expect(failed.data).toMatchObject({ exportId: 'not-an-id' });

    const res = await admin.post('backgroundJobs/retry', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, state: 'retry', retryLimit: 1 });
    await expect.poll(async () => (await job(id)).state, { timeout: 20_000 }).toBe('failed');
    expect(await job(id)).toMatchObject({ retryCount: 1, retryLimit: 1, error: failed.error });
  });

  it('runs a failed job again to completion once its cause is gone, and audits the retry', async () => {
    // A mail job whose export no longer needs mailing: it ends at once when it runs.
    const id = await finishedJob(QUEUES.networkExportMail, 'failed', new Date().toISOString(), { data: { exportId: crypto.randomUUID(), adminId: crypto.randomUUID() }, output: { message: 'Connection refused' } });
    const res = await admin.post('backgroundJobs/retry', { id });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await job(id)).state, { timeout: 20_000 }).toBe('completed');
    expect((await job(id)).error).toBeNull();
    const [audit] = await t.services.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'backgroundJob'), eq(auditLog.recordId, id)));
    expect(audit).toMatchObject({ slug: 'backgroundJobs/retry', before: { state: 'failed', retryLimit: 0 }, after: { state: 'retry', retryLimit: 1 } });
  });

  it('shows a job pg-boss has archived, and refuses to retry it', async () => {
    const id = await finishedJob(QUEUES.networkExport, 'failed', '2026-04-20T08:00:00Z', { table: 'archive', output: { message: 'Out of memory' } });
    const archived = await list({ filter: { createdOn_gte: '2026-04-20', createdOn_lte: '2026-04-20' }, pagination: { page: 1, perPage: 25 } });
    expect(archived.data).toEqual([expect.objectContaining({ id, state: 'failed', archived: true, error: 'Out of memory' })]);
    expect(await job(id)).toMatchObject({ id, archived: true });
    const res = await admin.post('backgroundJobs/retry', { id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This job has been archived and can no longer be retried.');
  });

  it('refuses a job that has not failed (409, with the job as it is), an unknown one (404) and a malformed id (400)', async () => {
    const done = await finishedJob(QUEUES.networkExport, 'completed', new Date().toISOString());
    const res = await admin.post('backgroundJobs/retry', { id: done });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INVALID_STATUS', message: 'Only a failed job can be retried.', current: { id: done, state: 'completed' } });
    expect((await job(done)).state).toBe('completed');
    expect((await admin.post('backgroundJobs/retry', { id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await admin.post('backgroundJobs/retry', { id: 'x' })).statusCode).toBe(400);
  });
});

describe('who may see and retry jobs', () => {
  it.each([
    ['backgroundJobs/getList', { pagination: { page: 1, perPage: 25 } }],
    ['backgroundJobs/getOne', { id: crypto.randomUUID() }],
    ['backgroundJobs/getQueues', {}],
    ['backgroundJobs/retry', { id: crypto.randomUUID() }],
  ])('refuses %s to an admin without BACKGROUND_JOBS, and to no session', async (slug, body) => {
    expect((await editor.post(slug, body)).statusCode).toBe(403);
    expect((await new Browser(t).post(slug, body)).statusCode).toBe(401);
  });
});
