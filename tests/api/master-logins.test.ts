import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertGroup, insertLeaseCompany } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { auditLog, users } from '../../server/db/schema';
import { MASTER_LOGIN_MESSAGES, type MasterUser, type MasterUsersCursor, type MasterUsersResponse, type MasterUserType } from '../../domain/masterLogins';

/**
 * Master logins (server/rpc/masterLogins.ts): the list of a tab a page at a time, and moving a
 * login to another lease company or supplier group at the version the list showed.
 */
let t: TestApp;
const ROLES = ['SUPER_ADMIN', 'EDITOR', 'VIEWER', 'SUPPORT', 'FINANCE'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;
const adminIds = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t?.close());

const db = () => t.services.db;
let n = 0;
type UserInsert = typeof users.$inferInsert;

/** A user written directly: a registered master login unless told. */
async function insertUser(over: Partial<UserInsert> & Pick<UserInsert, 'kind'>) {
  n += 1;
  const [row] = await db()
    .insert(users)
    .values({ firstname: 'Master', lastname: `Login ${n}`, email: `master${n}@test.example`, status: 'REGISTERED', masterLogin: true, ...over })
    .returning();
  return row;
}
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.recordId, id)).orderBy(asc(auditLog.id));

async function list(type: MasterUserType, after: MasterUsersCursor | null = null, pageSize?: number, b = as.VIEWER): Promise<MasterUsersResponse> {
  const res = await b.post('admin/getMasterUsers', { type, after, ...(pageSize ? { pageSize } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Every page of a tab, by following the cursor. */
async function all(type: MasterUserType, pageSize = 50): Promise<MasterUser[]> {
  const out: MasterUser[] = [];
  let after: MasterUsersCursor | null = null;
  for (let i = 0; i < 100; i++) {
    const page = await list(type, after, pageSize);
    out.push(...page.users);
    if (!page.next) return out;
    after = page.next;
  }
  throw new Error('the cursor never ended');
}
const update = (body: unknown, b = as.EDITOR) => b.post('admin/updateUserDetails', body);

// A small network: two active lease companies, a terminated one, two groups and a supplier.
let acme: Awaited<ReturnType<typeof insertLeaseCompany>>;
let beta: Awaited<ReturnType<typeof insertLeaseCompany>>;
let gone: Awaited<ReturnType<typeof insertLeaseCompany>>;
let harbour: Awaited<ReturnType<typeof insertGroup>>;
let quay: Awaited<ReturnType<typeof insertGroup>>;
let garage: Awaited<ReturnType<typeof insertSupplier>>;

beforeAll(async () => {
  acme = await insertLeaseCompany(db(), { name: 'Acme Leasing' });
  beta = await insertLeaseCompany(db(), { name: 'Beta Leasing' });
  gone = await insertLeaseCompany(db(), { name: 'Gone Leasing', status: 'TERMINATED' });
  harbour = await insertGroup(db(), { name: 'Harbour Motor Group' });
  quay = await insertGroup(db(), { name: 'Quay Motor Group' });
  garage = await insertSupplier(db());
});

describe('admin/getMasterUsers', () => {
  it('lists the master logins of each tab by name, with the company’s name and DI id; others are left out', async () => {
    const lease = await insertUser({ kind: 'lease', lastname: 'Adams', leaseCompanyId: acme.id });
    const group = await insertUser({ kind: 'group', lastname: 'Baker', groupId: harbour.id });
    const supplier = await insertUser({ kind: 'supplier', lastname: 'Clark', groupId: garage.group.id, supplierId: garage.supplier.id });
    await insertUser({ kind: 'lease', lastname: 'Aaron', leaseCompanyId: acme.id, masterLogin: false });
    await insertUser({ kind: 'lease', lastname: 'Abbot', leaseCompanyId: acme.id, status: 'DELETED' });
    await insertUser({ kind: 'group', lastname: 'Able', groupId: harbour.id, masterLogin: false });

    const customers = await list('CUSTOMER');
    expect(customers).toEqual({
      success: true,
      next: null,
      users: [{ id: lease.id, firstname: 'Master', lastname: 'Adams', contact: { email: lease.email }, company: 'Acme Leasing', companyId: acme.id, diCustomerId: acme.diCustomerId, version: 1 }],
    });
    const suppliers = await list('SUPPLIER');
    expect(suppliers.users).toEqual([
      { id: group.id, firstname: 'Master', lastname: 'Baker', contact: { email: group.email }, company: 'Harbour Motor Group', accountObjectID: harbour.id, diGroupId: harbour.groupId, version: 1 },
      { id: supplier.id, firstname: 'Master', lastname: 'Clark', contact: { email: supplier.email }, company: garage.group.name, accountObjectID: garage.group.id, diGroupId: garage.group.groupId, version: 1 },
    ]);
    expect(suppliers.next).toBeNull();
    // Cleaned up so the paging test counts only its own rows.
    await db().delete(users);
  });

  it('pages by last name, first name and id: Load More never repeats or skips a row', async () => {
    const made = [];
    // Ties on the last name, and on the whole name, so the keyset has to use every part.
    for (const [firstname, lastname] of [['Ann', 'Evans'], ['Bob', 'Evans'], ['Ann', 'Evans'], ['Cat', 'Davies'], ['Dan', 'Fox'], ['Eve', 'Evans'], ['Ann', 'Evans']]) {
      made.push(await insertUser({ kind: 'lease', firstname, lastname, leaseCompanyId: acme.id }));
    }
    const whole = await list('CUSTOMER');
    expect(whole.users).toHaveLength(7);
    expect(whole.next).toBeNull();
    const key = (u: { lastname: string; firstname: string; id: string }) => [u.lastname, u.firstname, u.id];
    // The database's order is the list's (collations differ between servers; these names sort alike in all).
    expect(whole.users.map((u) => u.lastname)).toEqual(['Davies', 'Evans', 'Evans', 'Evans', 'Evans', 'Evans', 'Fox']);
    expect(whole.users.map((u) => u.firstname)).toEqual(['Cat', 'Ann', 'Ann', 'Ann', 'Bob', 'Eve', 'Dan']);
    const anns = whole.users.filter((u) => u.firstname === 'Ann').map((u) => u.id);
    expect(anns).toEqual([...anns].sort());

    const first = await list('CUSTOMER', null, 3);
    expect(first.users.map(key)).toEqual(whole.users.slice(0, 3).map(key));
    expect(first.next).toEqual({ lastname: 'Evans', firstname: 'Ann', id: whole.users[2].id });
    const second = await list('CUSTOMER', first.next, 3);
    expect(second.users.map((u) => u.id)).toEqual(whole.users.slice(3, 6).map((u) => u.id));
    const third = await list('CUSTOMER', second.next, 3);
    expect(third.users.map((u) => u.id)).toEqual([whole.users[6].id]);
    expect(third.next).toBeNull();
    // A page that ends exactly on the last row says there is no more.
    expect((await list('CUSTOMER', null, 7)).next).toBeNull();
    expect((await all('CUSTOMER', 2)).map((u) => u.id)).toEqual(whole.users.map((u) => u.id));
    expect(made).toHaveLength(7);
  });

  it('refuses a bad type or cursor (400), and a caller without the masterLogins view (403)', async () => {
    const bad = await as.VIEWER.post('admin/getMasterUsers', { type: 'GROUP' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ type: 'type must be CUSTOMER or SUPPLIER' });
    const cursor = await as.VIEWER.post('admin/getMasterUsers', { type: 'CUSTOMER', after: { lastname: 'x', firstname: 'y', id: "'; DROP TABLE users; --" } });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.fields).toEqual({ 'after.id': 'after.id is not valid' });
    expect((await as.VIEWER.post('admin/getMasterUsers', { type: 'CUSTOMER', pageSize: 1000 })).statusCode).toBe(400);
    expect((await as.FINANCE.post('admin/getMasterUsers', { type: 'CUSTOMER' })).statusCode).toBe(403);
    for (const role of ['SUPER_ADMIN', 'EDITOR', 'SUPPORT'] as const) expect((await as[role].post('admin/getMasterUsers', { type: 'SUPPLIER' })).statusCode, role).toBe(200);
  });
});

describe('admin/updateUserDetails', () => {
  it('moves a lease login to another ACTIVE company at its version; the name is the database’s; audited', async () => {
    const user = await insertUser({ kind: 'lease', lastname: 'Mover', leaseCompanyId: acme.id });
    const res = await update({ userId: user.id, version: 1, userDetails: { company: 'Not the real name', companyId: beta.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await userRow(user.id);
    expect(after).toMatchObject({ leaseCompanyId: beta.id, version: 2, modifiedBy: adminIds.EDITOR, kind: 'lease', masterLogin: true });
    const row = (await all('CUSTOMER')).find((u) => u.id === user.id);
    expect(row).toMatchObject({ company: 'Beta Leasing', companyId: beta.id, diCustomerId: beta.diCustomerId, version: 2 });

    const audit = await auditOf(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/updateUserDetails', adminId: adminIds.EDITOR, recordType: 'leaseUser' });
    expect(audit[0].before).toMatchObject({ leaseCompanyId: acme.id, version: 1 });
    expect(audit[0].after).toMatchObject({ leaseCompanyId: beta.id, version: 2 });
  });

  it('moves a group login to another group, and a supplier login out of its garage’s group as a group login', async () => {
    const group = await insertUser({ kind: 'group', lastname: 'Grouper', groupId: harbour.id });
    expect((await update({ userId: group.id, version: 1, userDetails: { company: 'Quay Motor Group', accountObjectID: quay.id } }, as.SUPPORT)).statusCode).toBe(200);
    expect(await userRow(group.id)).toMatchObject({ groupId: quay.id, kind: 'group', version: 2 });

    const supplier = await insertUser({ kind: 'supplier', lastname: 'Garagist', groupId: garage.group.id, supplierId: garage.supplier.id });
    // Within its own group the garage stays its own.
    expect((await update({ userId: supplier.id, version: 1, userDetails: { company: 'x', accountObjectID: garage.group.id } })).statusCode).toBe(200);
    expect(await userRow(supplier.id)).toMatchObject({ groupId: garage.group.id, supplierId: garage.supplier.id, kind: 'supplier', version: 2 });
    // In another group it is not: the login becomes the group's.
    expect((await update({ userId: supplier.id, version: 2, userDetails: { company: 'x', accountObjectID: harbour.id } })).statusCode).toBe(200);
    expect(await userRow(supplier.id)).toMatchObject({ groupId: harbour.id, supplierId: null, kind: 'group', version: 3 });
    const audit = await auditOf(supplier.id);
    expect(audit.map((a) => a.recordType)).toEqual(['supplierUser', 'supplierUser']);
    expect(audit[1].after).toMatchObject({ supplierId: null, kind: 'group' });
    const row = (await all('SUPPLIER')).find((u) => u.id === supplier.id);
    expect(row).toMatchObject({ company: 'Harbour Motor Group', accountObjectID: harbour.id, diGroupId: harbour.groupId });
  });

  it('refuses a missing, malformed or other kind of company with the field’s message (400), writing nothing', async () => {
    const lease = await insertUser({ kind: 'lease', leaseCompanyId: acme.id });
    const group = await insertUser({ kind: 'group', groupId: harbour.id });
    const cases: [string, unknown, Record<string, string>][] = [
      [lease.id, { company: 'Acme' }, { 'userDetails.companyId': 'Lease Company Name is required' }],
      [lease.id, { company: 'Acme', companyId: '' }, { 'userDetails.companyId': 'Lease Company Name is required' }],
      [lease.id, { company: 'Acme', companyId: 'acme' }, { 'userDetails.companyId': 'Lease Company Name is not valid' }],
      [lease.id, { company: 'Quay', accountObjectID: quay.id }, { 'userDetails.accountObjectID': MASTER_LOGIN_MESSAGES.wrongKind.CUSTOMER }],
      [lease.id, { companyId: beta.id, accountObjectID: quay.id }, { userDetails: MASTER_LOGIN_MESSAGES.bothKinds }],
      [group.id, { company: 'Quay' }, { 'userDetails.accountObjectID': 'Supplier Group Name is required' }],
      [group.id, { company: 'Beta', companyId: beta.id }, { 'userDetails.companyId': MASTER_LOGIN_MESSAGES.wrongKind.SUPPLIER }],
      [group.id, { company: 'Quay', accountObjectID: 'G10001' }, { 'userDetails.accountObjectID': 'Supplier Group Name is not valid' }],
    ];
    for (const [userId, userDetails, fields] of cases) {
      const res = await update({ userId, version: 1, userDetails });
      expect(res.statusCode, JSON.stringify(userDetails)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(userDetails)).toEqual(fields);
    }
    expect(await userRow(lease.id)).toMatchObject({ leaseCompanyId: acme.id, version: 1 });
    expect(await userRow(group.id)).toMatchObject({ groupId: harbour.id, version: 1 });
    expect([...(await auditOf(lease.id)), ...(await auditOf(group.id))]).toEqual([]);
  });

  it('refuses a company that is not ACTIVE or does not exist, and a group that does not exist (400)', async () => {
    const lease = await insertUser({ kind: 'lease', leaseCompanyId: acme.id });
    const group = await insertUser({ kind: 'group', groupId: harbour.id });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const companyId of [gone.id, missing]) {
      const res = await update({ userId: lease.id, version: 1, userDetails: { company: 'Gone Leasing', companyId } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Lease Company Name is not valid', fields: { 'userDetails.companyId': 'Lease Company Name is not valid' } });
    }
    const res = await update({ userId: group.id, version: 1, userDetails: { company: 'Nowhere', accountObjectID: missing } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'userDetails.accountObjectID': 'Supplier Group Name is not valid' });
    expect(await userRow(lease.id)).toMatchObject({ leaseCompanyId: acme.id, version: 1 });
    expect(await auditOf(lease.id)).toEqual([]);
  });

  it("refuses a user that is not a master login, a deleted one, or none: 404 'User not found'", async () => {
    const plain = await insertUser({ kind: 'lease', leaseCompanyId: acme.id, masterLogin: false });
    const deleted = await insertUser({ kind: 'lease', leaseCompanyId: acme.id, status: 'DELETED' });
    for (const userId of [plain.id, deleted.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await update({ userId, version: 1, userDetails: { company: 'Beta', companyId: beta.id } });
      expect(res.statusCode, userId).toBe(404);
      expect(res.json().error.message).toBe('User not found');
    }
    expect(await userRow(plain.id)).toMatchObject({ leaseCompanyId: acme.id, version: 1 });
    expect(await auditOf(plain.id)).toEqual([]);
  });

  it('refuses a stale version with 409 CONFLICT carrying the row as the list shows it now; nothing is written', async () => {
    const user = await insertUser({ kind: 'lease', lastname: 'Contested', leaseCompanyId: acme.id });
    expect((await update({ userId: user.id, version: 1, userDetails: { company: 'Beta', companyId: beta.id } }, as.SUPPORT)).statusCode).toBe(200);
    const res = await update({ userId: user.id, version: 1, userDetails: { company: 'Acme', companyId: acme.id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', current: { id: user.id, company: 'Beta Leasing', companyId: beta.id, version: 2 } });
    expect(await userRow(user.id)).toMatchObject({ leaseCompanyId: beta.id, version: 2 });
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it('needs the masterLogins edit: VIEWER and FINANCE are refused (403) and nothing is written', async () => {
    const user = await insertUser({ kind: 'lease', leaseCompanyId: acme.id });
    for (const role of ['VIEWER', 'FINANCE'] as const) {
      const res = await update({ userId: user.id, version: 1, userDetails: { company: 'Beta', companyId: beta.id } }, as[role]);
      expect(res.statusCode, role).toBe(403);
    }
    expect(await userRow(user.id)).toMatchObject({ leaseCompanyId: acme.id, version: 1 });
    expect(await auditOf(user.id)).toEqual([]);
    expect((await update({ userId: user.id, version: 1, userDetails: { company: 'Beta', companyId: beta.id } }, as.SUPER_ADMIN)).statusCode).toBe(200);
  });
});
