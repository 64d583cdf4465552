import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { ok, refusalCheck } from '../support/answers';
import { SseStream } from '../support/sse';
import { insertLeaseCompany } from '../fixtures/groups';
import { insertSupplier } from '../fixtures/suppliers';
import { auditLog, leaseCompanies, users } from '../../server/db/schema';
import { LIVE_URL } from '../../server/live/route';
import { topics } from '../../domain/live';
import { USER_MESSAGES } from '../../domain/customers';
import { USER_TOOL_MESSAGES, type SupportUser } from '../../domain/support';

/**
 * The support dashboard's Manage User calls (server/rpc/supportUsers.ts): the search by e-mail,
 * Remove User (the customer area's delete rule), Verify User and the claims update with its live
 * notice. Users are written directly.
 */
let t: TestApp;
const ROLES = ['SUPPORT', 'VIEWER', 'FINANCE'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;
const adminIds = {} as Record<Role, string>;
let base: string;
let lease: typeof leaseCompanies.$inferSelect;
let garage: Awaited<ReturnType<typeof insertSupplier>>;

type User = typeof users.$inferSelect;
const db = () => t.services.db;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  lease = await insertLeaseCompany(db(), { name: 'Alpha Leasing' });
  garage = await insertSupplier(db());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

let seq = 0;
/** A lease user, registered and enabled unless told otherwise. */
async function insertUser(over: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  seq += 1;
  const [row] = await db()
    .insert(users)
    .values({
      kind: 'lease',
      firstname: 'Lena',
      lastname: `User${seq}`,
      email: `lena.user${seq}@alpha.example`,
      status: 'REGISTERED',
      enabled: true,
      registrationComplete: true,
      isInvite: false,
      leaseCompanyId: lease.id,
      invitedAt: new Date(t.clock.now().getTime() - 10 * DAY),
      inviteExpiresAt: new Date(t.clock.now().getTime() - 3 * DAY),
      createdAt: new Date(t.clock.now().getTime() - 10 * DAY),
      ...over,
    })
    .returning();
  return row;
}

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.recordId, id)).orderBy(asc(auditLog.id));

async function state() {
  return {
    users: await db().select().from(users).orderBy(users.id),
    audit: (await db().select({ id: auditLog.id }).from(auditLog)).length,
  };
}

/** The call is answered `status` (with `message`, when given) and writes nothing. */
const refused = refusalCheck(state);

const USER = { firstname: 'Console', lastname: 'Sender' };
const search = (emailId: unknown, b = as.SUPPORT) => b.post('admin/searchUser', { emailId });
const remove = (emailId: unknown, b = as.SUPPORT) => b.post('admin/removeUser', { emailId, user: USER });
const verify = (emailId: unknown, b = as.SUPPORT) => b.post('admin/verifyUser', { emailId });
const claims = (emailId: unknown, b = as.SUPPORT) => b.post('admin/triggerUserClaimsUpdate', { emailId });
const found = async (emailId: string): Promise<SupportUser> => ok(await search(emailId)).result.data;

describe('permissions', () => {
  for (const role of ['VIEWER', 'FINANCE'] as const) {
    it(`refuses a ${role} every Manage User call (403), writing nothing`, async () => {
      const u = await insertUser();
      await refused(() => search(u.email, as[role]), 403);
      await refused(() => remove(u.email, as[role]), 403);
      await refused(() => verify(u.email, as[role]), 403);
      await refused(() => claims(u.email, as[role]), 403);
    });

    it(`refuses a ${role} the user's claims topic`, async () => {
      const u = await insertUser();
      const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topics.userClaims(u.id))}`, as[role].cookieHeader());
      try {
        expect(s.status).toBe(403);
      } finally {
        s.close();
      }
    });
  }
});

describe('admin/searchUser', () => {
  it("validates the address: 'User Email Id is required', trimmed", async () => {
    for (const emailId of ['', '   ', undefined]) {
      const res = await refused(() => search(emailId), 400);
      expect(res.json().error.fields.emailId).toBe(USER_TOOL_MESSAGES.emailIdRequired);
    }
  });

  it("answers 'User not found' for an unknown address", async () => {
    await refused(() => search('nobody@alpha.example'), 404, USER_TOOL_MESSAGES.notFound);
  });

  it("finds a lease user (trimmed, any case) with the spec's fields", async () => {
    const u = await insertUser({ isAdmin: true });
    const data = await found(`  ${u.email.toUpperCase()} `);
    expect(data).toEqual({
      id: u.id,
      firstname: 'Lena',
      lastname: u.lastname,
      contact: { email: u.email },
      role: ['lease', 'admin'],
      company: 'Alpha Leasing',
      companyId: lease.id,
      accountName: null,
      accountObjectID: null,
      serviceUnitName: null,
      serviceUnitObjectID: null,
      createdTimestamp: u.createdAt.toISOString(),
      invitedAt: u.invitedAt!.toISOString(),
      expiryTimestamp: u.inviteExpiresAt!.toISOString(),
      status: { value: 'REGISTERED', label: 'Registered' },
      enabled: true,
      userRegistrationComplete: true,
      emailVerifiedAt: null,
      claimsUpdatedAt: null,
    });
  });

  it('finds a garage user with their group and service unit; an expired invitation is Non registered', async () => {
    const u = await insertUser({
      kind: 'supplier',
      leaseCompanyId: null,
      groupId: garage.group.id,
      supplierId: garage.supplier.id,
      status: 'INVITE_SENT',
      enabled: false,
      registrationComplete: false,
    });
    expect(await found(u.email)).toMatchObject({
      role: ['garage'],
      company: garage.supplier.name,
      companyId: null,
      accountName: garage.group.name,
      accountObjectID: garage.group.id,
      serviceUnitName: garage.supplier.name,
      serviceUnitObjectID: garage.supplier.id,
      status: { value: 'NON_REGISTERED', label: 'Non registered' },
    });
  });

  it('prefers the live user over a deleted one with the same address, else the newest deleted', async () => {
    const old = await insertUser({ status: 'DELETED', enabled: false, createdAt: new Date(t.clock.now().getTime() - 20 * DAY) });
    const newer = await insertUser({ email: old.email, status: 'DELETED', enabled: false, createdAt: new Date(t.clock.now().getTime() - 5 * DAY) });
    expect((await found(old.email)).id).toBe(newer.id);
    const live = await insertUser({ email: old.email.toUpperCase(), createdAt: new Date(t.clock.now().getTime() - 30 * DAY) });
    expect((await found(old.email)).id).toBe(live.id);
  });
});

describe('admin/removeUser', () => {
  it('deletes through the delete rule (DELETED, disabled), audited, and tells the customer; once', async () => {
    const u = await insertUser();
    const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topics.leaseCompany(lease.id))}`, as.SUPPORT.cookieHeader());
    expect(s.status).toBe(200);
    try {
      await s.next((ev) => ev.event === 'ready');
      await s.settle(t.services.database, topics.leaseCompany(lease.id));
      expect(ok(await remove(` ${u.email} `))).toEqual({ result: true, message: USER_TOOL_MESSAGES.removed });
      const live = await s.message(topics.leaseCompany(lease.id));
      expect(JSON.parse(live.data).payload).toEqual({ op: 'users', id: u.id });
    } finally {
      s.close();
    }
    expect(await userRow(u.id)).toMatchObject({ status: 'DELETED', enabled: false, version: u.version + 1, modifiedBy: adminIds.SUPPORT });
    const audit = await auditOf(u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/removeUser', recordType: 'leaseUser', adminId: adminIds.SUPPORT, before: { status: 'REGISTERED', enabled: true }, after: { status: 'DELETED', enabled: false } });
    expect((await found(u.email)).status).toEqual({ value: 'DELETED', label: 'Deleted' });

    await refused(() => remove(u.email), 409, USER_MESSAGES.alreadyDeleted);
  });

  it("validates and answers 'User not found'", async () => {
    const res = await refused(() => remove('  '), 400);
    expect(res.json().error.fields.emailId).toBe(USER_TOOL_MESSAGES.emailIdRequired);
    await refused(() => remove('nobody@alpha.example'), 404, USER_TOOL_MESSAGES.notFound);
  });

  it('audits a garage user under its own type', async () => {
    const u = await insertUser({ kind: 'supplier', leaseCompanyId: null, groupId: garage.group.id, supplierId: garage.supplier.id });
    ok(await remove(u.email));
    expect((await auditOf(u.id))[0]).toMatchObject({ recordType: 'supplierUser', slug: 'admin/removeUser' });
  });
});

describe('admin/verifyUser', () => {
  it('stamps the address verified, audited', async () => {
    const u = await insertUser({ status: 'INVITE_SENT', enabled: false, registrationComplete: false, inviteExpiresAt: new Date(t.clock.now().getTime() + DAY) });
    expect(ok(await verify(u.email.toUpperCase()))).toEqual({ success: true, message: USER_TOOL_MESSAGES.verified });
    expect(await userRow(u.id)).toMatchObject({ emailVerifiedAt: t.clock.now(), version: u.version + 1, status: 'INVITE_SENT' });
    const audit = await auditOf(u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/verifyUser', adminId: adminIds.SUPPORT, before: { emailVerifiedAt: null }, after: { emailVerifiedAt: t.clock.now().toISOString() } });
    expect((await found(u.email)).emailVerifiedAt).toBe(t.clock.now().toISOString());
  });

  it("validates: 'Email is required', 'Email is invalid'; unknown and deleted users are refused", async () => {
    expect((await refused(() => verify(' '), 400)).json().error.fields.emailId).toBe(USER_TOOL_MESSAGES.emailRequired);
    expect((await refused(() => verify('not-an-address'), 400)).json().error.fields.emailId).toBe(USER_TOOL_MESSAGES.emailInvalid);
    await refused(() => verify('nobody@alpha.example'), 404, USER_TOOL_MESSAGES.notFound);
    const gone = await insertUser({ status: 'DELETED', enabled: false });
    await refused(() => verify(gone.email), 409, USER_TOOL_MESSAGES.deletedNotVerifiable);
  });
});

describe('admin/triggerUserClaimsUpdate', () => {
  it('derives the claims from the row, audits them and tells the user’s open sessions at once', async () => {
    const u = await insertUser({ kind: 'supplier', leaseCompanyId: null, groupId: garage.group.id, supplierId: garage.supplier.id, isAdmin: true });
    const topic = topics.userClaims(u.id);
    const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topic)}`, as.SUPPORT.cookieHeader());
    expect(s.status).toBe(200);
    try {
      await s.next((ev) => ev.event === 'ready');
      await s.settle(t.services.database, topic);
      expect(ok(await claims(u.email))).toEqual({ success: true, message: USER_TOOL_MESSAGES.claimsUpdated });
      const live = await s.message(topic);
      expect(JSON.parse(live.data)).toEqual({ topic, payload: { op: 'claims', id: u.id, version: u.version + 1 } });
    } finally {
      s.close();
    }
    const claimsNow = { role: 'garage', companyId: null, accountObjectID: garage.group.id, serviceUnitObjectID: garage.supplier.id, isAdmin: true, enabled: true };
    expect(await userRow(u.id)).toMatchObject({ claims: claimsNow, claimsUpdatedAt: t.clock.now(), version: u.version + 1 });
    const audit = await auditOf(u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/triggerUserClaimsUpdate', recordType: 'supplierUser', before: { claims: null }, after: { claims: claimsNow } });
  });

  it('is only for a registered user: invited, disabled or deleted users are refused, writing nothing', async () => {
    const msg = USER_TOOL_MESSAGES.claimsOnlyRegistered;
    const invited = await insertUser({ status: 'INVITE_SENT', enabled: false, registrationComplete: false, inviteExpiresAt: new Date(t.clock.now().getTime() + DAY) });
    await refused(() => claims(invited.email), 409, msg);
    const disabled = await insertUser({ enabled: false });
    await refused(() => claims(disabled.email), 409, msg);
    const deleted = await insertUser({ status: 'DELETED', enabled: false });
    await refused(() => claims(deleted.email), 409, msg);
    await refused(() => claims('nobody@alpha.example'), 404, USER_TOOL_MESSAGES.notFound);
  });
});

describe('writes nothing else', () => {
  it('touches only the user found', async () => {
    const a = await insertUser();
    const b = await insertUser();
    ok(await verify(a.email));
    expect(await userRow(b.id)).toEqual(b);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.recordId, b.id)))).toHaveLength(0);
  });
});
