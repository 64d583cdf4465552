import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import type { AdminRow } from '../../domain/resources/admins';

/** The Admins entity's slugs: SUPER_ADMIN alone reads them; last sign-in comes from the sessions. */
let t: TestApp;
let superAdmin: Browser;
let superId: string;
let editorId: string;

beforeAll(async () => {
  t = await createTestApp();
  superId = (await createAdmin(t, 'SUPER_ADMIN')).id;
  editorId = (await createAdmin(t, 'EDITOR')).id;
  await createAdmin(t, 'FINANCE');
  superAdmin = new Browser(t);
  await superAdmin.signIn('super_admin@test.example');
});
afterAll(() => t.close());

const page = (p: number, perPage = 25) => ({ pagination: { page: p, perPage } });
const list = async (body: object) => {
  const res = await superAdmin.post('admins/getList', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AdminRow[]; total: number };
};

describe('admins/getList', () => {
  it('lists every admin by e-mail with name, role and last sign-in (null: never signed in)', async () => {
    const { data, total } = await list(page(1));
    expect(total).toBe(3);
    expect(data.map((a) => a.email)).toEqual(['editor@test.example', 'finance@test.example', 'super_admin@test.example']);
    expect(data[0]).toEqual({ id: editorId, email: 'editor@test.example', name: 'Test EDITOR', role: 'EDITOR', lastSignInAt: null });
    const me = data[2];
    expect(me.role).toBe('SUPER_ADMIN');
    expect(me.lastSignInAt).toBe(t.services.clock.now().toISOString());
  });

  it('counts a sign-in only once its passcode is accepted', async () => {
    const editor = new Browser(t);
    expect((await editor.login('editor@test.example')).statusCode).toBe(200);
    const [pending] = (await list({ filter: { q: 'editor' }, ...page(1) })).data;
    expect(pending.lastSignInAt).toBeNull();
    await new Browser(t).signIn('editor@test.example');
    const [done] = (await list({ filter: { q: 'editor' }, ...page(1) })).data;
    expect(done.lastSignInAt).not.toBeNull();
  });

  it('filters by name or e-mail and by role, sorts and pages', async () => {
    expect((await list({ filter: { q: 'FINANCE' }, ...page(1) })).data.map((a) => a.role)).toEqual(['FINANCE']);
    expect((await list({ filter: { role: 'SUPER_ADMIN' }, ...page(1) })).data.map((a) => a.id)).toEqual([superId]);
    expect((await list({ filter: { q: '%' }, ...page(1) })).total).toBe(0);
    const byRole = await list({ sort: { field: 'role', order: 'DESC' }, ...page(1) });
    expect(byRole.data.map((a) => a.role)).toEqual(['SUPER_ADMIN', 'FINANCE', 'EDITOR']);
    const second = await list({ sort: { field: 'email', order: 'ASC' }, ...page(2, 2) });
    expect(second).toMatchObject({ total: 3, data: [{ email: 'super_admin@test.example' }] });
    const bySignIn = await list({ sort: { field: 'lastSignInAt', order: 'DESC' }, ...page(1) });
    expect(bySignIn.data).toHaveLength(3);
  });

  it('refuses a field it does not sort or filter by', async () => {
    expect((await superAdmin.post('admins/getList', { sort: { field: 'passwordHash', order: 'ASC' } })).statusCode).toBe(400);
    expect((await superAdmin.post('admins/getList', { filter: { passwordHash: 'x' } })).statusCode).toBe(400);
  });
});

describe('admins/getOne', () => {
  it('answers one admin, 404 for none and 400 for an id that cannot be one', async () => {
    const res = await superAdmin.post('admins/getOne', { id: superId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: superId, email: 'super_admin@test.example', name: 'Test SUPER_ADMIN', role: 'SUPER_ADMIN' });
    expect(res.json().data).not.toHaveProperty('passwordHash');
    expect((await superAdmin.post('admins/getOne', { id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await superAdmin.post('admins/getOne', { id: 'abc' })).statusCode).toBe(400);
  });
});

describe('who may read the admins', () => {
  it.each(['admins/getList', 'admins/getOne'])('refuses %s to every other preset, and to no session', async (slug) => {
    const body = slug.endsWith('getOne') ? { id: superId } : page(1);
    for (const role of ['EDITOR', 'FINANCE']) {
      const other = new Browser(t);
      await other.signIn(`${role.toLowerCase()}@test.example`);
      expect((await other.post(slug, body)).statusCode, role).toBe(403);
    }
    expect((await new Browser(t).post(slug, body)).statusCode).toBe(401);
  });
});
