import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { count, eq } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, LogCapture, type TestApp } from '../support/app';
import { administrators, auditLog, authEvents, otpCodes, searchKeys, sessions } from '../../server/db/schema';
import { allSlugs } from '../../server/rpc';
import { defineMutation, defineSlug, NON_SLUG_ROUTES, type SlugDef } from '../../server/rpc/registry';
import { ACTIONS, PERMISSIONS, ROLE_PRESETS, type Action, type PermissionName } from '../../domain/permissions';
import { decodeScopedKey, verifyDigest } from '../../server/search/scopedKey';
import { COLLECTIONS, PERMISSION_MATRIX, PRESETS } from '../fixtures/permissionMatrix';

const permSlug = (permission: string, action: string) => `test/perm/${permission}/${action}`;

/** One POST slug per permission and action, so the real guard is checked for every cell. */
const permissionSlugs: SlugDef[] = Object.keys(PERMISSIONS).flatMap((permission) =>
  ACTIONS.map((action) =>
    defineSlug({ slug: permSlug(permission, action), method: 'POST', effect: 'read', access: { permission: permission as PermissionName, action: action as Action }, handler: async () => ({ ok: true }) }),
  ),
) as SlugDef[];

const writeSlug = defineSlug({
  slug: 'test/write',
  method: 'POST',
  effect: 'write',
  access: 'signed-in',
  input: z.object({ note: z.string() }),
  async handler({ input, services, session }) {
    await services.db.insert(auditLog).values({ slug: 'test/write', adminId: session.admin.id, after: input });
    return { written: true };
  },
});

const boomSlug = defineSlug({
  slug: 'test/boom',
  method: 'GET',
  effect: 'read',
  access: 'signed-in',
  async handler(): Promise<never> {
    throw new Error('kaboom: secret detail');
  },
});

/** A change in the guard's transaction: it writes, then fails when asked to. */
const mutationSlug = defineMutation({
  slug: 'test/mutation',
  access: 'signed-in',
  input: z.object({ note: z.string(), fail: z.boolean() }),
  async handler({ input, tx, mutation }) {
    await tx.insert(auditLog).values({ slug: mutation.slug, adminId: mutation.adminId, after: { note: input.note }, at: mutation.now });
    if (input.fail) throw new Error('after the write');
    return { written: true };
  },
});

const TEST_SLUGS = [...permissionSlugs, writeSlug, boomSlug, mutationSlug] as SlugDef[];

let t: TestApp;
const log = new LogCapture();
const browsers = {} as Record<(typeof PRESETS)[number], Browser>;

beforeAll(async () => {
  t = await createTestApp({}, { extraSlugs: TEST_SLUGS, logger: log.options() });
  await Promise.all(PRESETS.map((p) => createAdmin(t, p, `${p.toLowerCase()}@guard.example`)));
  for (const p of PRESETS) {
    browsers[p] = new Browser(t);
    await browsers[p].signIn(`${p.toLowerCase()}@guard.example`);
  }
});
afterAll(() => t.close());

/** Everything a forged request could have changed. */
async function snapshot() {
  const db = t.services.db;
  return JSON.stringify({
    sessions: await db.select().from(sessions).orderBy(sessions.id),
    otp: await db.select().from(otpCodes).orderBy(otpCodes.id),
    audit: await db.select({ n: count() }).from(auditLog),
    events: await db.select({ n: count() }).from(authEvents),
    keys: await db.select().from(searchKeys).orderBy(searchKeys.id),
  });
}

describe('CSRF', () => {
  it('refuses every non-public POST without or with a wrong x-csrf-token, and nothing changes', async () => {
    const admin = browsers.SUPER_ADMIN;
    const pending = new Browser(t);
    await pending.login('viewer@guard.example');
    const posts = [...allSlugs, writeSlug as SlugDef].filter((s) => s.method === 'POST' && s.access !== 'public');
    expect(posts.map((s) => s.slug)).toEqual(expect.arrayContaining(['auth/validateOtp', 'auth/refresh', 'auth/logout', 'test/write']));
    for (const slug of posts) {
      const b = slug.access === 'pending-otp' ? pending : admin;
      const body = slug.slug === 'auth/validateOtp' ? { otp: '123456' } : slug.slug === 'test/write' ? { note: 'x' } : {};
      t.clock.advance(1000);
      const before = await snapshot();
      for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'forged' }, { 'x-csrf-token': `${b.csrf.slice(0, -1)}${b.csrf.endsWith('A') ? 'B' : 'A'}` }]) {
        const res = await b.post(slug.slug, body, headers);
        expect(res.statusCode, slug.slug).toBe(403);
        expect(res.json().error.code).toBe('CSRF');
      }
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/${slug.slug}`, payload: body, headers: { cookie: b.cookieHeader() } });
      expect(res.statusCode).toBe(403);
      expect(await snapshot(), slug.slug).toBe(before);
    }
    // The sessions are still alive and the right token works.
    expect((await admin.post('test/write', { note: 'real' })).json()).toEqual({ written: true });
    expect((await pending.post('auth/logout')).statusCode).toBe(200);
  });

  it('refuses a POST from a foreign Origin, even with a valid token', async () => {
    const b = browsers.SUPER_ADMIN;
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null', 'file://', 'http://localhost:8080']) {
      const res = await b.post('test/write', { note: 'x' }, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.code).toBe('BAD_ORIGIN');
      const login = await new Browser(t).post('auth/login', { userName: 'viewer@guard.example', password: 'x' }, { origin });
      expect(login.statusCode).toBe(403);
    }
    // Same origin passes, with or without the default port written out.
    expect((await b.post('test/write', { note: 'x' }, { origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await b.post('test/write', { note: 'x' }, { origin: 'http://localhost' })).statusCode).toBe(200);
  });
});

describe('before the body is read', () => {
  it('refuses a caller who may not use the slug without parsing what it sent', async () => {
    const post = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/v1/test/write', payload, headers: { 'content-type': 'application/json', ...headers } });
    // Unparseable or oversize bodies would be a 400 or a 413 if they were read: signed out, they are a 401.
    expect((await post('{"note": ')).statusCode).toBe(401);
    expect((await post(`{"note": "${'x'.repeat(3 * 1024 * 1024)}"}`)).statusCode).toBe(401);
    const b = browsers.VIEWER;
    expect((await post('{"note": ', { cookie: b.cookieHeader() })).json().error.code).toBe('CSRF');
    expect((await post('{"note": ', { cookie: b.cookieHeader(), origin: 'https://evil.example', 'x-csrf-token': b.csrf })).json().error.code).toBe('BAD_ORIGIN');
    // A permission slug refuses a role without the permission before reading the body too.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${permSlug('AUDIT_LOG', 'view')}`,
      payload: '{"broken": ',
      headers: { 'content-type': 'application/json', cookie: b.cookieHeader(), 'x-csrf-token': b.csrf },
    });
    expect(refused.statusCode).toBe(403);
    // Once the caller passes, the body is read and checked.
    const read = await post('{"note": ', { cookie: b.cookieHeader(), 'x-csrf-token': b.csrf });
    expect(read.statusCode).toBe(400);
  });
});

describe('a mutation slug', () => {
  it('runs in one transaction the guard opens: committed with who and when, rolled back when it throws', async () => {
    const b = browsers.EDITOR;
    const [editor] = await t.services.db.select().from(administrators).where(eq(administrators.email, 'editor@guard.example'));
    const notes = async () =>
      (await t.services.db.select().from(auditLog).where(eq(auditLog.slug, 'test/mutation'))).map((r) => [(r.after as { note: string }).note, r.adminId === editor.id]);
    expect((await b.post('test/mutation', { note: 'kept', fail: false })).json()).toEqual({ written: true });
    expect((await b.post('test/mutation', { note: 'undone', fail: true })).statusCode).toBe(500);
    expect(await notes()).toEqual([['kept', true]]);
  });
});

describe('registry', () => {
  it('mounts nothing under /api outside the registry', async () => {
    const routes: string[] = [];
    const plain = await createTestApp({}, {
      shareDatabaseWith: t,
      onRoute: (r) => {
        for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push(`${m} ${r.url}`);
      },
    });
    try {
      const mounted = routes.filter((r) => r.split(' ')[1].startsWith('/api')).sort();
      const declared = [...allSlugs.map((s) => `${s.method} /api/v1/${s.slug}`), ...NON_SLUG_ROUTES.map((r) => `${r.method} ${r.url}`)].sort();
      expect(mounted).toEqual(declared);
      expect(mounted.length).toBeGreaterThan(5);
      // The rest is health checks (and the console's files when built).
      expect(routes.filter((r) => !r.split(' ')[1].startsWith('/api')).sort()).toEqual(['GET /healthz', 'GET /readyz']);
    } finally {
      await plain.close();
    }
  });
});

describe('permission matrix through the guard', () => {
  it.each(PRESETS)('%s: 200 where the matrix allows, 403 where it does not', async (preset) => {
    const b = browsers[preset];
    const got: string[] = [];
    const want: string[] = [];
    for (const row of PERMISSION_MATRIX.filter((r) => r.preset === preset)) {
      const res = await b.post(permSlug(row.permission, row.action));
      got.push(`${row.permission}/${row.action} ${res.statusCode}`);
      want.push(`${row.permission}/${row.action} ${row.expected ? 200 : 403}`);
    }
    expect(got).toEqual(want);
  });

  it('answers 401 to anonymous callers and to pending sessions on every permission slug', async () => {
    const pending = new Browser(t);
    await pending.login('editor@guard.example');
    for (const s of permissionSlugs) {
      expect((await new Browser(t).post(s.slug)).statusCode).toBe(401);
      expect((await pending.post(s.slug)).statusCode).toBe(401);
    }
  });

  it('records a refused call as authz_fail', async () => {
    const [{ n: before }] = await t.services.db.select({ n: count() }).from(authEvents).where(eq(authEvents.event, 'authz_fail'));
    expect((await browsers.VIEWER.post(permSlug('EDIT_CUSTOMER', 'edit'))).statusCode).toBe(403);
    const [{ n: after }] = await t.services.db.select({ n: count() }).from(authEvents).where(eq(authEvents.event, 'authz_fail'));
    expect(Number(after)).toBe(Number(before) + 1);
  });

  it.each(PRESETS)('%s gets a scoped search key for exactly its collections', async (preset) => {
    const res = await browsers[preset].get('session/getSessionToken');
    expect(res.statusCode).toBe(200);
    const { key, expiresAt } = res.json();
    const decoded = decodeScopedKey(key)!;
    const embedded = JSON.parse(decoded.payload);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(embedded.expires_at).toBe(expiresAt);
    expect(expiresAt).toBeGreaterThan(now);
    expect(expiresAt).toBeLessThanOrEqual(now + 5 * 60);
    const session = (await browsers[preset].get('auth/session')).json();
    const [parent] = await t.services.db
      .select({ k: searchKeys, s: sessions })
      .from(searchKeys)
      .innerJoin(sessions, eq(sessions.id, searchKeys.sessionId))
      .where(eq(sessions.adminId, session.user.uid));
    expect(decoded.prefix).toBe(parent.k.value.slice(0, 4));
    expect(verifyDigest(parent.k.value, decoded)).toBe(true);
    expect(parent.k.actions).toEqual(['documents:search']);
    expect([...parent.k.collections].sort()).toEqual([...COLLECTIONS[preset]].sort());
    // The key was issued to a session holding exactly this preset's permissions.
    expect(session.roles).toEqual(ROLE_PRESETS[preset]);
  });
});

describe('errors and health', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const [method, url] of [['GET', '/api/v1/nope'], ['POST', '/api/v1/auth/nope'], ['GET', '/api/v1/auth/login'], ['GET', '/api/other']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });

  it('answers an unexpected error with a generic 500 and logs the stack', async () => {
    log.clear();
    const res = await browsers.SUPER_ADMIN.get('test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    expect(res.body).not.toMatch(/kaboom|stack|at .*\.ts/);
    const line = log.lines.find((l) => l.msg === 'unexpected error') as { level: number; err: { message: string; stack: string } };
    expect(line.level).toBe(50);
    expect(line.err.message).toBe('kaboom: secret detail');
    expect(line.err.stack).toMatch(/guard\.test\.ts/);
  });

  it('serves /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: process.env.TEST_DB_KIND === 'pg' ? 'pg' : 'pglite' });
  });

  it('sends the hardening headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config/versions' });
    expect(res.json()).toEqual({ diAdmin: t.services.config.consoleVersion });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
