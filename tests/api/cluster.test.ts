/**
 * Two API processes on one PostgreSQL database, as behind a load balancer: what one node does, the
 * other sees — the session, a save in the next search, a change on a live stream, the per-IP rate
 * limit, and a job that runs once. Only in the api-pg project (vitest.config.ts): PGlite lives
 * inside one process, so there is no second node to start.
 */
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, PASSCODE_IN_MAIL, type TestApp } from '../support/app';
import { HttpBrowser, startNode, type ApiNode } from '../support/nodes';
import { SseStream } from '../support/sse';
import { validGroupForm } from '../fixtures/groups';
import { mailOutbox } from '../../server/db/schema';
import { LIVE_URL } from '../../server/live/route';
import { QUEUES } from '../../server/jobs/queues';
import { topics } from '../../domain/live';

let t: TestApp;
let a: ApiNode;
let b: ApiNode;
let admin: HttpBrowser;
const RATE_LIMIT = 4;

async function outboxPasscode(email: string): Promise<string> {
  const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const code = mail?.text.match(PASSCODE_IN_MAIL)?.[1];
  if (!code) throw new Error(`no passcode mailed to ${email}`);
  return code;
}

async function search(node: ApiNode, browser: HttpBrowser, q: string) {
  const key = (await browser.call(node.base, 'GET', 'session/getSessionToken')).body.key;
  const res = await fetch(`${node.base}/api/v1/search/collections/groups/documents/search?q=${q}&query_by=name`, { headers: { 'x-typesense-api-key': key, cookie: browser.cookieHeader() } });
  expect(res.status).toBe(200);
  return (await res.json()) as { found: number };
}

const saveGroup = (node: ApiNode, form: Record<string, unknown>) =>
  admin.call(node.base, 'POST', 'admin/saveSupplierGroupDetails', { groupDetails: form, user: { name: 'ignored' } });

beforeAll(async () => {
  t = await createTestApp({}, { jobs: false });
  await createAdmin(t, 'SUPER_ADMIN', 'cluster@test.example');
  const [{ name }] = await t.services.database.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  // Both nodes run job workers, as two full API processes would; the limit is low to reach it.
  [a, b] = await Promise.all([0, 1].map(() => startNode(url.toString(), 60_000, { AUTH_RATE_LIMIT_PER_IP: String(RATE_LIMIT), JOBS_POLL_SECONDS: '1' })));
  admin = new HttpBrowser();
  await admin.signIn(a.base, 'cluster@test.example', outboxPasscode);
});
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((n) => n.stop()));
  await t.close();
});

describe('two API nodes on one database', () => {
  it('takes a session signed in on one node on the other', async () => {
    const res = await admin.call(b.base, 'GET', 'auth/session');
    expect(res.status).toBe(200);
    expect(res.body.csrfToken).toBe(admin.csrf);
  });

  it('finds a group saved on node A in the next search on node B', async () => {
    const token = `clu${crypto.randomBytes(4).toString('hex')}`;
    const saved = await saveGroup(a, { ...validGroupForm('UK'), name: `Cluster ${token} Motor Group` });
    expect(saved.status).toBe(200);
    expect((await search(b, admin, token)).found).toBe(1);
  });

  it('streams a change saved on node A to a live stream on node B', async () => {
    const form = { ...validGroupForm('UK'), name: 'Streamed Motor Group' };
    const created = await saveGroup(a, form);
    const topic = topics.group(created.body.accountId);
    const s = await SseStream.open(`${b.base}${LIVE_URL}?topics=${topic}`, admin.cookieHeader());
    expect(s.status).toBe(200);
    await s.next((e) => e.event === 'ready');
    const updated = await saveGroup(a, { ...form, id: created.body.accountId, version: created.body.version, name: 'Streamed Motor Group Ltd' });
    expect(updated.status).toBe(200);
    const e = await s.next((ev) => ev.event === 'message' && JSON.parse(ev.data).payload.version === updated.body.version, 5000);
    expect(JSON.parse(e.data).topic).toBe(topic);
    s.close();
  });

  it('counts the per-IP sign-in limit across both nodes', async () => {
    // The admin's own sign-in came from the same address: start from a clean count.
    await t.services.database.query('DELETE FROM rate_limit_hits');
    const stranger = new HttpBrowser();
    const answers: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 1; i++) answers.push((await stranger.call(i % 2 ? b.base : a.base, 'POST', 'auth/login', { userName: 'nobody@test.example', password: 'wrong' })).status);
    // Each node alone saw at most 3 attempts: only a count shared by the nodes refuses the fifth.
    expect(answers).toEqual([401, 401, 401, 401, 429]);
  });

  it('runs a job sent through node A once, on whichever node takes it', async () => {
    const res = await admin.call(a.base, 'POST', 'backgroundJobs/runScheduled', { queue: QUEUES.filesCleanup });
    expect(res.status).toBe(200);
    const id = res.body.data.id as string;
    const state = async () => (await t.services.database.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]))[0]?.state;
    await expect.poll(state, { timeout: 20_000, interval: 100 }).toBe('completed');
    const runs = await t.services.database.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.job WHERE id = $1', [id]);
    expect(runs[0].n).toBe(1);
  });
});
