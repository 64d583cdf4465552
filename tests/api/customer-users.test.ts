import type { AddressInfo } from 'node:net';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { SseStream } from '../support/sse';
import { fullForm } from '../fixtures/customerForms';
import { LIVE_URL } from '../../server/live/route';
import { accountingCategories, auditLog, mailOutbox, users } from '../../server/db/schema';
import { inviteTokenUserId, verifyInviteToken } from '../../server/rpc/customerUsers';
import { topics } from '../../domain/live';
import { INVITE_VALID_DAYS, REACTIVATION_WINDOW_MS, toSaveInput, userDisplay, type LeaseUser } from '../../domain/customers';

let t: TestApp;
let base: string;
const as: Record<string, Browser> = {};
const adminIds: Record<string, string> = {};
let customerId: string;
let terminatedId: string;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const LINK = /https:\/\/app\.fleet-network\.example\/register\?token=([A-Za-z0-9._%-]+)/;

async function createCustomer(name: string): Promise<string> {
  const form = { ...fullForm('UK'), customerName: name };
  const res = await as.SUPER_ADMIN.post('admin/saveLeaseCompanyDetails', toSaveInput(form, 'UK', { canEditFees: true }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().leaseCompanyId;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.services.db.insert(accountingCategories).values([{ id: '1001', name: 'Leasing UK' }]);
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER']) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  customerId = await createCustomer('Northern Fleet Leasing Ltd');
  terminatedId = await createCustomer('Closed Fleet Leasing Ltd');
  expect((await as.SUPER_ADMIN.post('admin/terminateCustomer', { leaseCompanyId: terminatedId, version: 1 })).statusCode).toBe(200);
});
afterAll(() => t.close());

const invite = (b: Browser, body: Record<string, unknown>) =>
  b.post('admin/createLeaseUserInvite', {
    company: 'Northern Fleet Leasing Ltd',
    leaseId: customerId,
    invitedById: 'ignored',
    isSuperAdmin: true,
    ...body,
  });

async function list(companyId = customerId, b = as.VIEWER): Promise<LeaseUser[]> {
  const res = await b.post('admin/getLeaseUsersList', { companyId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().users;
}
async function userRow(email: string) {
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return row;
}
async function userCount() {
  const [r] = await t.services.db.select({ n: count() }).from(users);
  return Number(r.n);
}
async function audits(recordId: string) {
  return t.services.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(asc(auditLog.id));
}
/** The newest invitation e-mailed to `email`: its outbox row and the token of its link. */
async function lastInvite(email: string) {
  const sent = t.mails.filter((m) => m.to === email && m.kind === 'invite').at(-1);
  if (!sent) throw new Error(`no invitation mailed to ${email}`);
  const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
  const token = decodeURIComponent(mail.text.match(LINK)?.[1] ?? '');
  return { mail, token, count: t.mails.filter((m) => m.to === email && m.kind === 'invite').length };
}
/** A user made directly in the table, as the customers' app would leave it. */
async function insertUser(values: Partial<typeof users.$inferInsert> & { email: string }) {
  const [row] = await t.services.db
    .insert(users)
    .values({ kind: 'lease', firstname: 'Seeded', lastname: 'User', status: 'REGISTERED', isInvite: false, leaseCompanyId: customerId, ...values })
    .returning();
  return row;
}

describe('admin/createLeaseUserInvite', () => {
  it('is refused without the customer-edit permission, and creates nothing', async () => {
    const before = await userCount();
    const res = await invite(as.VIEWER, { firstname: 'Vera', lastname: 'Viewer', email: 'vera@example.com' });
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
    expect((await new Browser(t).post('admin/createLeaseUserInvite', {})).statusCode).toBe(401);
  });

  it('answers 400 with the spec messages on each field', async () => {
    let res = await as.EDITOR.post('admin/createLeaseUserInvite', { leaseId: customerId, isSuperAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ firstname: 'First Name is required', lastname: 'Last Name is required', email: 'Email is required' });
    res = await invite(as.EDITOR, { firstname: 'J0hn', lastname: 'Smith!', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ firstname: 'First Name is not valid', lastname: 'Last Name is not valid', email: 'Email is not valid' });
    res = await invite(as.EDITOR, { firstname: 'A'.repeat(21), lastname: 'B'.repeat(20), email: `${'c'.repeat(39)}@example.com` });
    expect(res.json().error.fields).toEqual({ firstname: 'First Name is not valid', email: 'Email is not valid' });
    res = await invite(as.EDITOR, { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.com', isSuperAdmin: undefined });
    expect(res.json().error.fields).toEqual({ isSuperAdmin: 'isSuperAdmin is required' });
  });

  it('creates the invited super user, audits it and e-mails a working link', async () => {
    const before = t.mails.length;
    const res = await invite(as.EDITOR, { firstname: ' Jane ', lastname: "O'Hara", email: ' jane. ohara@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inviteSent: true });

    const row = await userRow('jane.ohara@Example.com');
    const now = t.clock.now();
    expect(row).toMatchObject({
      kind: 'lease',
      firstname: 'Jane',
      lastname: "O'Hara",
      status: 'INVITE_SENT',
      isAdmin: true,
      isInvite: true,
      enabled: false,
      leaseCompanyId: customerId,
      invitedById: adminIds.EDITOR,
      createdBy: adminIds.EDITOR,
      version: 1,
    });
    expect(row.invitedAt).toEqual(now);
    expect(row.inviteExpiresAt).toEqual(new Date(now.getTime() + INVITE_VALID_DAYS * DAY));
    const [audit] = await audits(row.id);
    expect(audit).toMatchObject({ slug: 'admin/createLeaseUserInvite', recordType: 'leaseUser', adminId: adminIds.EDITOR, before: null });
    expect(audit.after).toMatchObject({ email: 'jane.ohara@Example.com', status: 'INVITE_SENT' });

    // The e-mail went out in the same request, with a link to the customers' app.
    expect(t.mails.slice(before)).toEqual([{ id: expect.any(String), to: 'jane.ohara@Example.com', kind: 'invite' }]);
    const { mail, token } = await lastInvite('jane.ohara@Example.com');
    expect(mail).toMatchObject({ status: 'outbox', subject: 'Your invitation to Northern Fleet Leasing Ltd on the Fleet Network' });
    expect(mail.text).toContain('Hello Jane,');
    expect(mail.text).toContain('as a super user');
    expect(inviteTokenUserId(token)).toBe(row.id);
    expect(verifyInviteToken(t.services.secrets.otpPepper, token, row, now)).toBe(true);
    // Tampered, or past its expiry: refused.
    expect(verifyInviteToken(t.services.secrets.otpPepper, `${token.slice(0, -2)}xx`, row, now)).toBe(false);
    expect(verifyInviteToken(t.services.secrets.otpPepper, token, row, new Date(now.getTime() + INVITE_VALID_DAYS * DAY))).toBe(false);

    const listed = (await list()).find((u) => u.id === row.id);
    expect(listed).toEqual({
      id: row.id,
      firstname: 'Jane',
      lastname: "O'Hara",
      email: 'jane.ohara@Example.com',
      status: { label: 'Invite sent' },
      isAdmin: true,
      isInvite: true,
      suspendTimestampAfterEpoch: null,
    });
  });

  it("answers 409 'Email Id already exists' on the e-mail field for any live user's address, any case and kind", async () => {
    await invite(as.EDITOR, { firstname: 'Sam', lastname: 'Taken', email: 'sam.taken@example.com' });
    const before = await userCount();
    let res = await invite(as.EDITOR, { firstname: 'Sam', lastname: 'Again', email: 'SAM.Taken@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'EMAIL_EXISTS', message: 'Email Id already exists', fields: { email: 'Email Id already exists' } });
    await insertUser({ kind: 'group', leaseCompanyId: null, email: 'group.user@example.com' });
    res = await invite(as.EDITOR, { firstname: 'Gia', lastname: 'Group', email: 'Group.User@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ email: 'Email Id already exists' });
    expect(await userCount()).toBe(before + 1);
  });

  it('lets only one of two simultaneous invites of one address through', async () => {
    const results = await Promise.all([
      invite(as.EDITOR, { firstname: 'Ray', lastname: 'One', email: 'race@example.com' }),
      invite(as.SUPER_ADMIN, { firstname: 'Ray', lastname: 'Two', email: 'RACE@example.com' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.fields).toEqual({ email: 'Email Id already exists' });
    const [r] = await t.services.db.select({ n: count() }).from(users).where(sql`lower(${users.email}) = 'race@example.com'`);
    expect(Number(r.n)).toBe(1);
  });

  it('refuses a terminated or unknown customer', async () => {
    const before = await userCount();
    let res = await invite(as.EDITOR, { leaseId: terminatedId, firstname: 'Tom', lastname: 'Late', email: 'tom.late@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CUSTOMER_TERMINATED', message: 'This customer is terminated: no invitations can be sent.' });
    res = await invite(as.EDITOR, { leaseId: '00000000-0000-4000-8000-000000000000', firstname: 'Tom', lastname: 'Late', email: 'tom.late@example.com' });
    expect(res.statusCode).toBe(404);
    expect(await userCount()).toBe(before);
    expect(t.mails.some((m) => m.to === 'tom.late@example.com')).toBe(false);
  });

  it("notifies the customer's live topic with { op: 'users' }", async () => {
    const topic = topics.leaseCompany(customerId);
    const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topic)}`, as.VIEWER.cookieHeader());
    try {
      expect(s.status).toBe(200);
      await s.next((e) => e.event === 'ready');
      expect((await invite(as.EDITOR, { firstname: 'Lee', lastname: 'Live', email: 'lee.live@example.com' })).statusCode).toBe(200);
      const id = (await userRow('lee.live@example.com')).id;
      expect(JSON.parse((await s.message(topic)).data)).toEqual({ topic, payload: { op: 'users', id } });
    } finally {
      s.close();
    }
  });
});

describe('admin/getLeaseUsersList', () => {
  it('lists the lease users of one customer by name, deleted ones labelled Deleted', async () => {
    const other = await createCustomer('Southern Fleet Leasing Ltd');
    await insertUser({ leaseCompanyId: other, firstname: 'Zoe', lastname: 'Zed', email: 'zoe@south.example.com', isAdmin: true });
    await insertUser({ leaseCompanyId: other, firstname: 'adam', lastname: 'Able', email: 'adam@south.example.com', status: 'DELETED' });
    await insertUser({ leaseCompanyId: other, firstname: 'Mia', lastname: 'Mid', email: 'mia@south.example.com', suspendAt: new Date(t.clock.now().getTime() - DAY) });
    const listed = await list(other);
    expect(listed.map((u) => [u.firstname, u.status.label, u.isAdmin])).toEqual([
      ['adam', 'Deleted', false],
      ['Mia', 'Registered', false],
      ['Zoe', 'Registered', true],
    ]);
    expect(listed[1].suspendTimestampAfterEpoch).toBe(t.clock.now().getTime() - DAY);
    expect(await list(terminatedId)).toEqual([]);
  });

  it('answers 400, 404 and 401 as it should', async () => {
    const res = await as.VIEWER.post('admin/getLeaseUsersList', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ companyId: 'companyId is required' });
    expect((await as.VIEWER.post('admin/getLeaseUsersList', { companyId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await new Browser(t).post('admin/getLeaseUsersList', { companyId: customerId })).statusCode).toBe(401);
  });
});

describe('admin/deleteLeaseUser', () => {
  it('sets DELETED, keeps the row, audits, and frees the address for a new invite', async () => {
    await invite(as.EDITOR, { firstname: 'Dan', lastname: 'Gone', email: 'dan.gone@example.com' });
    const row = await userRow('dan.gone@example.com');
    expect((await as.VIEWER.post('admin/deleteLeaseUser', { leaseUserId: row.id })).statusCode).toBe(403);
    expect((await as.EDITOR.post('admin/deleteLeaseUser', {})).json().error.fields).toEqual({ leaseUserId: 'leaseUserId is required' });

    const res = await as.EDITOR.post('admin/deleteLeaseUser', { leaseUserId: row.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await userRow('dan.gone@example.com');
    expect(after).toMatchObject({ id: row.id, status: 'DELETED', enabled: false, version: 2, modifiedBy: adminIds.EDITOR });
    const trail = await audits(row.id);
    expect(trail.at(-1)).toMatchObject({ slug: 'admin/deleteLeaseUser', recordType: 'leaseUser', before: { status: 'INVITE_SENT' }, after: { status: 'DELETED' } });
    expect((await list()).find((u) => u.id === row.id)?.status).toEqual({ label: 'Deleted' });

    // Twice: refused. The address can be invited again.
    expect((await as.EDITOR.post('admin/deleteLeaseUser', { leaseUserId: row.id })).statusCode).toBe(409);
    expect((await invite(as.EDITOR, { firstname: 'Dan', lastname: 'Back', email: 'dan.gone@example.com' })).statusCode).toBe(200);
    const rows = await t.services.db.select().from(users).where(eq(users.email, 'dan.gone@example.com'));
    expect(rows.map((r) => r.status).sort()).toEqual(['DELETED', 'INVITE_SENT']);
  });

  it('finds only lease users', async () => {
    const group = await insertUser({ kind: 'group', leaseCompanyId: null, email: 'not.lease@example.com' });
    expect((await as.EDITOR.post('admin/deleteLeaseUser', { leaseUserId: group.id })).statusCode).toBe(404);
    expect((await as.EDITOR.post('admin/deleteLeaseUser', { leaseUserId: 'nope' })).statusCode).toBe(404);
    expect((await userRow('not.lease@example.com')).status).toBe('REGISTERED');
  });
});

describe('admin/resendLeaseUserInvite', () => {
  it('renews the invitation of an invited user; the older link stops working', async () => {
    await invite(as.EDITOR, { firstname: 'Rita', lastname: 'Resend', email: 'rita@example.com', isSuperAdmin: false });
    const first = await userRow('rita@example.com');
    const firstMail = await lastInvite('rita@example.com');
    expect(firstMail.mail.text).not.toContain('super user');
    const body = { id: first.id, firstname: 'Rita', lastname: 'Resend', email: 'rita@example.com', company: 'x', invitedById: 'x', isAdmin: false, isInvite: true, user: {} };
    expect((await as.VIEWER.post('admin/resendLeaseUserInvite', body)).statusCode).toBe(403);

    t.clock.advance(60_000);
    const res = await as.SUPER_ADMIN.post('admin/resendLeaseUserInvite', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, inviteSent: true });
    const now = t.clock.now();
    const after = await userRow('rita@example.com');
    expect(after).toMatchObject({ status: 'INVITE_RESENT', isInvite: true, invitedById: adminIds.SUPER_ADMIN, version: 2 });
    expect(after.invitedAt).toEqual(now);
    expect(after.inviteExpiresAt).toEqual(new Date(now.getTime() + INVITE_VALID_DAYS * DAY));
    expect((await audits(first.id)).at(-1)).toMatchObject({ slug: 'admin/resendLeaseUserInvite', recordType: 'leaseUser' });

    const second = await lastInvite('rita@example.com');
    expect(second.count).toBe(2);
    expect(second.mail.subject).toBe('Reminder: your invitation to Northern Fleet Leasing Ltd on the Fleet Network');
    expect(verifyInviteToken(t.services.secrets.otpPepper, second.token, after, now)).toBe(true);
    expect(verifyInviteToken(t.services.secrets.otpPepper, firstMail.token, after, now)).toBe(false);
    expect((await list()).find((u) => u.id === first.id)?.status).toEqual({ label: 'Resent invite' });
  });

  it('is only for invited lease users', async () => {
    const registered = await insertUser({ email: 'reg.user@example.com' });
    let res = await as.EDITOR.post('admin/resendLeaseUserInvite', { id: registered.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INVALID_STATUS', message: 'This user has already registered: there is no invitation to resend.' });
    const gone = await insertUser({ email: 'gone.invite@example.com', status: 'DELETED', isInvite: true });
    expect((await as.EDITOR.post('admin/resendLeaseUserInvite', { id: gone.id })).statusCode).toBe(409);
    const supplier = await insertUser({ kind: 'supplier', leaseCompanyId: null, email: 'sup@example.com', status: 'INVITE_SENT', isInvite: true });
    expect((await as.EDITOR.post('admin/resendLeaseUserInvite', { id: supplier.id })).statusCode).toBe(404);
    res = await as.EDITOR.post('admin/resendLeaseUserInvite', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ id: 'id is required' });
    // A terminated customer's invited users get no new invitation.
    const late = await insertUser({ leaseCompanyId: terminatedId, email: 'late.invite@example.com', status: 'INVITE_SENT', isInvite: true });
    expect((await as.EDITOR.post('admin/resendLeaseUserInvite', { id: late.id })).json().error.code).toBe('CUSTOMER_TERMINATED');
    expect(t.mails.some((m) => ['reg.user@example.com', 'gone.invite@example.com', 'late.invite@example.com'].includes(m.to))).toBe(false);
  });
});

describe('admin/reactivateUser', () => {
  it('reactivates a suspended login for 24 hours and logs the event', async () => {
    const suspendedSince = new Date(t.clock.now().getTime() - 3 * DAY);
    const user = await insertUser({ firstname: 'Sue', lastname: 'Spended', email: 'sue@example.com', suspendAt: suspendedSince });
    const eventLogData = {
      reactivatedBy: { id: adminIds.EDITOR, firstname: 'Test', lastname: 'EDITOR', email: 'editor@test.example' },
      reactivatedUser: { id: user.id, firstname: 'Sue', lastname: 'Spended', email: 'sue@example.com' },
    };
    const shown = (await list()).find((u) => u.id === user.id)!;
    expect(userDisplay(shown, { now: t.clock.now().getTime() })).toMatchObject({ label: 'Suspended', suspended: true, actions: { reactivate: true } });
    expect((await as.VIEWER.post('admin/reactivateUser', { userId: user.id, eventLogData })).statusCode).toBe(403);
    expect((await as.EDITOR.post('admin/reactivateUser', { eventLogData })).json().error.fields).toEqual({ userId: 'userId is required' });

    const res = await as.EDITOR.post('admin/reactivateUser', { userId: user.id, eventLogData });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const now = t.clock.now();
    const after = await userRow('sue@example.com');
    expect(after.reactivatedAt).toEqual(now);
    expect(after.suspendAt).toEqual(new Date(now.getTime() + REACTIVATION_WINDOW_MS));
    expect(after.suspendAt!.getTime() - now.getTime()).toBe(24 * HOUR);
    const [change, event] = await audits(user.id);
    expect(change).toMatchObject({ slug: 'admin/reactivateUser', recordType: 'leaseUser', after: { reactivatedAt: now.toISOString() } });
    expect(event).toMatchObject({
      slug: 'admin/reactivateUser',
      recordType: 'userEventLog',
      adminId: adminIds.EDITOR,
      after: { event: 'REACTIVATE_LOGIN', userId: user.id, eventLogData, suspendAt: after.suspendAt!.toISOString() },
    });

    // Active for the next 24 hours, suspended again after that unless the user signs in.
    const listed = (await list()).find((u) => u.id === user.id)!;
    expect(userDisplay(listed, { now: now.getTime() })).toMatchObject({ label: 'Registered', suspended: false });
    expect(userDisplay(listed, { now: now.getTime() + 24 * HOUR + 1 })).toMatchObject({ label: 'Suspended', suspended: true });
    // Not suspended now: a second reactivation is refused.
    const again = await as.EDITOR.post('admin/reactivateUser', { userId: user.id, eventLogData });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This login is not suspended.');
  });

  it('is only for suspended lease users that are not deleted', async () => {
    const past = new Date(t.clock.now().getTime() - DAY);
    const deleted = await insertUser({ email: 'deleted.susp@example.com', status: 'DELETED', suspendAt: past });
    expect((await as.EDITOR.post('admin/reactivateUser', { userId: deleted.id })).statusCode).toBe(409);
    const never = await insertUser({ email: 'never.susp@example.com' });
    expect((await as.EDITOR.post('admin/reactivateUser', { userId: never.id })).statusCode).toBe(409);
    const group = await insertUser({ kind: 'group', leaseCompanyId: null, email: 'group.susp@example.com', suspendAt: past });
    expect((await as.EDITOR.post('admin/reactivateUser', { userId: group.id })).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(users).where(and(eq(users.email, 'group.susp@example.com')));
    expect(row.reactivatedAt).toBeNull();
  });
});
