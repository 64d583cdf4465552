import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { auditLog } from '../../server/db/schema';
import type { AdministratorRow, AuditLogEntry, AuditLogRow } from '../../domain/auditLog';

/** The audit log's slugs on both databases: who may read it, what input it takes, and what it answers. */
let t: TestApp;
let admin: Browser;
let editor: Browser;
let superId: string;
let editorId: string;
const customerId = crypto.randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  superId = (await createAdmin(t, 'SUPER_ADMIN')).id;
  editorId = (await createAdmin(t, 'EDITOR')).id;
  admin = new Browser(t);
  await admin.signIn('super_admin@test.example');
  editor = new Browser(t);
  await editor.signIn('editor@test.example');
  // 30 changes over three days: a customer saved by the editor, users and documents by the super admin, one by a job.
  const rows = Array.from({ length: 30 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 10), 9, i)),
    adminId: i === 29 ? null : i % 3 === 0 ? editorId : superId,
    slug: i % 3 === 0 ? 'admin/saveLeaseCompanyDetails' : i % 3 === 1 ? 'admin/createLeaseUserInvite' : 'admin/addDocument',
    recordType: i % 3 === 0 ? 'leaseCompany' : i % 3 === 1 ? 'leaseUser' : 'document',
    recordId: i % 3 === 0 ? customerId : crypto.randomUUID(),
    before: i % 3 === 0 ? { name: `Acme ${i}`, address: { postCode: 'NN71AX' }, version: i } : null,
    after: i % 3 === 0 ? { name: `Acme ${i + 1}`, address: { postCode: 'NN7 1AX' }, version: i + 1 } : { id: i },
  }));
  await t.services.db.insert(auditLog).values(rows);
});
afterAll(() => t.close());

const list = (b: Browser, body: object) => b.post('auditLog/getList', body);
const page = (p: number, perPage = 25) => ({ pagination: { page: p, perPage } });

describe('auditLog/getList', () => {
  it('answers the newest first, a page at a time, with the total', async () => {
    const first = await list(admin, page(1, 10));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as { data: AuditLogRow[]; total: number };
    expect(body.total).toBe(30);
    expect(body.data).toHaveLength(10);
    const times = body.data.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.data[0]).toEqual({ id: expect.any(String), at: '2026-03-03T09:29:00.000Z', adminId: null, slug: 'admin/addDocument', recordType: 'document', recordId: expect.any(String) });
    const third = (await list(admin, page(3, 10))).json() as { data: AuditLogRow[] };
    expect(third.data.at(-1)!.at).toBe('2026-03-01T09:00:00.000Z');
    expect((await list(admin, page(4, 10))).json()).toEqual({ data: [], total: 30 });
  });

  it('filters by entity, record id, admin and day range, together', async () => {
    const byRecord = (await list(admin, { filter: { recordType: 'leaseCompany', recordId: customerId }, ...page(1) })).json() as { data: AuditLogRow[]; total: number };
    expect(byRecord.total).toBe(10);
    expect(new Set(byRecord.data.map((r) => r.adminId))).toEqual(new Set([editorId]));
    const byAdmin = (await list(admin, { filter: { adminId: superId }, ...page(1) })).json() as { total: number };
    expect(byAdmin.total).toBe(19);
    const oneDay = (await list(admin, { filter: { at_gte: '2026-03-02', at_lte: '2026-03-02' }, ...page(1) })).json() as { data: AuditLogRow[]; total: number };
    expect(oneDay.total).toBe(10);
    expect(oneDay.data.every((r) => r.at.startsWith('2026-03-02'))).toBe(true);
    const fromDay3 = (await list(admin, { filter: { at_gte: '2026-03-03', recordType: 'document' }, ...page(1) })).json() as { total: number };
    expect(fromDay3.total).toBe(4);
  });

  it('sorts by entity and by change, ties in one stable order across pages', async () => {
    const asc = (await list(admin, { sort: { field: 'recordType', order: 'ASC' }, ...page(1, 30) })).json() as { data: AuditLogRow[] };
    expect(asc.data.map((r) => r.recordType)).toEqual([...Array(10).fill('document'), ...Array(10).fill('leaseCompany'), ...Array(10).fill('leaseUser')]);
    const pages = [];
    for (const p of [1, 2, 3]) pages.push(...((await list(admin, { sort: { field: 'slug', order: 'DESC' }, ...page(p, 10) })).json() as { data: AuditLogRow[] }).data.map((r) => r.id));
    expect(new Set(pages).size).toBe(30);
  });

  it.each([
    [{ sort: { field: 'before', order: 'ASC' } }, 'sort.field'],
    [{ sort: { field: 'at', order: 'asc' } }, 'sort.order'],
    [{ pagination: { page: 1, perPage: 101 } }, 'pagination.perPage'],
    [{ pagination: { page: 0, perPage: 25 } }, 'pagination.page'],
    [{ filter: { at_gte: '2026-13-45' } }, 'filter.at_gte'],
    [{ filter: { adminId: 'not-an-id' } }, 'filter.adminId'],
    [{ filter: { recordType: "leaseCompany' OR 1=1" } }, 'filter.recordType'],
    [{ filter: { before: 'x' } }, 'filter'],
    [{ extra: true }, '_'],
  ])('refuses %j naming the field', async (body, field) => {
    const res = await list(admin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(Object.keys(res.json().error.fields ?? { _: '' })[0]).toBe(field);
  });
});

describe('auditLog/getOne', () => {
  it('answers one entry with its images and the difference field by field', async () => {
    const [row] = ((await list(admin, { filter: { recordId: customerId }, sort: { field: 'at', order: 'ASC' }, ...page(1, 1) })).json() as { data: AuditLogRow[] }).data;
    const res = await admin.post('auditLog/getOne', { id: row.id });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().data as AuditLogEntry;
    expect(entry).toMatchObject({ id: row.id, recordType: 'leaseCompany', recordId: customerId, adminId: editorId, before: { name: 'Acme 0' }, after: { name: 'Acme 1' } });
    expect(entry.changes).toEqual([
      { field: 'address.postCode', before: 'NN71AX', after: 'NN7 1AX' },
      { field: 'name', before: 'Acme 0', after: 'Acme 1' },
      { field: 'version', before: '0', after: '1' },
    ]);
  });

  it('answers 404 for an entry that does not exist and 400 for an id that cannot be one', async () => {
    expect((await admin.post('auditLog/getOne', { id: '999999' })).statusCode).toBe(404);
    expect((await admin.post('auditLog/getOne', { id: 'abc' })).statusCode).toBe(400);
    expect((await admin.post('auditLog/getOne', {})).statusCode).toBe(400);
  });
});

describe('administrators/getList and getMany', () => {
  it('name the admins of the log, searchable by name or e-mail', async () => {
    const all = (await admin.post('administrators/getList', page(1))).json() as { data: AdministratorRow[]; total: number };
    expect(all.data.map((a) => a.email).sort()).toEqual(['editor@test.example', 'super_admin@test.example']);
    const found = (await admin.post('administrators/getList', { filter: { q: 'EDIT' }, ...page(1) })).json() as { data: AdministratorRow[] };
    expect(found.data).toEqual([{ id: editorId, name: 'Test EDITOR', email: 'editor@test.example' }]);
    const wildcard = (await admin.post('administrators/getList', { filter: { q: '%' }, ...page(1) })).json() as { total: number };
    expect(wildcard.total).toBe(0);
    const many = (await admin.post('administrators/getMany', { ids: [superId, crypto.randomUUID()] })).json() as { data: AdministratorRow[] };
    expect(many.data.map((a) => a.id)).toEqual([superId]);
    expect((await admin.post('administrators/getMany', { ids: ['x'] })).statusCode).toBe(400);
  });
});

describe('who may read the audit log', () => {
  it.each(['auditLog/getList', 'auditLog/getOne', 'administrators/getList', 'administrators/getMany'])('refuses %s to an admin without AUDIT_LOG, and to no session', async (slug) => {
    const body = slug.endsWith('getOne') ? { id: '1' } : slug.endsWith('getMany') ? { ids: [] } : page(1);
    expect((await editor.post(slug, body)).statusCode).toBe(403);
    expect((await new Browser(t).post(slug, body)).statusCode).toBe(401);
  });
});
