import { and, asc, eq } from 'drizzle-orm';
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { ok, refusalCheck } from '../support/answers';
import { insertGroup, insertLeaseCompany, linkLeaseCompany } from '../fixtures/groups';
import { auditLog, driverMandateLinks, drivers, leaseGroupLinks, mailOutbox } from '../../server/db/schema';
import { verifyMandateToken } from '../../server/rpc/driverMandate';
import { DRIVER_MESSAGES, GROUP_LINK_MESSAGES, MANDATE_LINK_CODES, MANDATE_LINK_DAYS, MANDATE_LINK_MESSAGES, type DriverDetails, type GroupLink, type MandateLinkRefusal } from '../../domain/support';

/**
 * The support dashboard's Compliance calls (server/rpc/supportDrivers.ts: the driver lookup,
 * Restore Employment, Resend Driver Web Mandate) and Unlink Group (server/rpc/supportGroups.ts,
 * through the group area's own unlink). Drivers and links are written directly.
 */
let t: TestApp;
const ROLES = ['SUPPORT', 'VIEWER', 'FINANCE'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t?.close());

const db = () => t.services.db;
let drivers_ = 0;

async function insertDriver(over: Partial<typeof drivers.$inferInsert> = {}) {
  const lease = over.leaseCompanyId ? null : await insertLeaseCompany(db(), { name: `Lease ${++drivers_}` });
  const [row] = await db()
    .insert(drivers)
    .values({
      leaseCompanyId: lease?.id ?? (over.leaseCompanyId as string),
      firstname: 'Dana',
      lastname: 'Reid',
      email: `driver${drivers_}@alpha.example`,
      employeeId: `EMP${drivers_}`,
      startDate: '2024-01-15',
      enableLicenseCheck: true,
      ...over,
    })
    .returning();
  return row;
}

type DriverRow = typeof drivers.$inferSelect;

async function state() {
  return {
    drivers: await db().select().from(drivers).orderBy(drivers.id),
    links: await db().select().from(leaseGroupLinks).orderBy(leaseGroupLinks.id),
    audit: (await db().select({ id: auditLog.id }).from(auditLog)).length,
    mail: (await db().select({ id: mailOutbox.id }).from(mailOutbox)).length,
  };
}

const refused = refusalCheck(state);

const details = (email: unknown, b = as.SUPPORT) => b.post('admin/getDriverDetails', { email });
const restore = (d: DriverRow, b = as.SUPPORT) => b.post('admin/restoreDriverEmployment', { leaseId: d.leaseCompanyId, driverId: d.id });
const resend = (d: DriverRow, b = as.SUPPORT) => b.post('admin/resendDriverMandate', { leaseId: d.leaseCompanyId, driverId: d.id });
const driverRow = async (id: string) => (await db().select().from(drivers).where(eq(drivers.id, id)))[0];

describe('the driver lookup', () => {
  it('finds every driver with the e-mail, whatever its case, with the spec fields', async () => {
    const d = await insertDriver({ email: 'Same.Person@alpha.example', endDate: '2025-06-30', mandateSignDate: '2024-02-01' });
    await insertDriver({ email: 'same.person@alpha.example' });
    const body = ok(await details('  SAME.PERSON@alpha.example '));
    expect(body.drivers).toHaveLength(2);
    const found = (body.drivers as DriverDetails[]).find((x) => x.driverId === d.id);
    expect(found).toMatchObject({
      leaseId: d.leaseCompanyId,
      driverName: 'Dana Reid',
      email: 'Same.Person@alpha.example',
      employeeId: d.employeeId,
      startDate: '2024-01-15',
      endDate: '2025-06-30',
      mandateSignDate: '2024-02-01',
      manualMandate: false,
      enableLicenseCheck: true,
      disqualification: false,
      subCustomerName: null,
    });
  });

  it("refuses a missing or malformed e-mail with the spec's messages, and an unknown one with 'Driver not found'", async () => {
    await refused(() => details(''), 400, DRIVER_MESSAGES.emailRequired);
    await refused(() => details('not-an-email'), 400, DRIVER_MESSAGES.emailNotValid);
    await refused(() => details('nobody@nowhere.example'), 404, DRIVER_MESSAGES.notFound);
  });

  it('is refused to admins with neither Compliance permission', async () => {
    const d = await insertDriver();
    await refused(() => details(d.email, as.VIEWER), 403);
    await refused(() => details(d.email, as.FINANCE), 403);
  });
});

describe('Restore Employment', () => {
  it('clears the end date, audited; refused without one, and to admins without the permission', async () => {
    const d = await insertDriver({ endDate: '2026-01-31' });
    await refused(() => restore(d, as.VIEWER), 403);
    await refused(() => restore(d, as.FINANCE), 403);
    expect(ok(await restore(d)).message).toBe(DRIVER_MESSAGES.restored);
    expect((await driverRow(d.id)).endDate).toBeNull();
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.recordType, 'driver'), eq(auditLog.recordId, d.id)));
    expect(audit).toHaveLength(1);
    await refused(() => restore(d), 400, DRIVER_MESSAGES.noEndDate);
  });

  it('answers Driver not found for a driver of another lease company', async () => {
    const d = await insertDriver({ endDate: '2026-01-31' });
    const other = await insertLeaseCompany(db(), { name: 'Elsewhere Leasing' });
    await refused(() => as.SUPPORT.post('admin/restoreDriverEmployment', { leaseId: other.id, driverId: d.id }), 404, DRIVER_MESSAGES.notFound);
  });
});

describe('Resend Driver Web Mandate', () => {
  it.each([
    ['a completed mandate', { mandateSignDate: '2025-03-01' }, DRIVER_MESSAGES.mandateCompleted],
    ['a driver who has left', { endDate: '2025-01-31' }, DRIVER_MESSAGES.driverLeft],
    ['a manual mandate', { manualMandate: true }, DRIVER_MESSAGES.manualMandate],
    ['licence checking off', { enableLicenseCheck: false }, DRIVER_MESSAGES.licenceCheckOff],
    ['a disqualified driver', { disqualification: true }, DRIVER_MESSAGES.disqualified],
  ])('refuses %s with its message, sending nothing', async (_name, over, message) => {
    const d = await insertDriver(over);
    await refused(() => resend(d), 400, message);
  });

  it('e-mails the driver a signed mandate link that expires, audited; refused to admins without the permission', async () => {
    const d = await insertDriver({ endDate: '2099-12-31' });
    await refused(() => resend(d, as.VIEWER), 403);
    expect(ok(await resend(d)).message).toBe(DRIVER_MESSAGES.mandateResent);
    const token = await lastToken(d);
    expect(verifyMandateToken(t.services.secrets.otpPepper, token)).toMatchObject({ driverId: d.id, expiresAt: t.services.clock.now().getTime() + MANDATE_LINK_DAYS * 86_400_000 });
    expect(verifyMandateToken(t.services.secrets.otpPepper, token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBeNull();
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.recordType, 'driver'), eq(auditLog.recordId, d.id)));
    expect(audit.map((a) => (a.after as { mail: string }).mail)).toEqual(['outbox']);
  });

  it('keeps the earlier link working when the e-mail cannot be handed over', async () => {
    const d = await insertDriver();
    ok(await resend(d));
    const first = await lastToken(d);
    const send = t.services.mailer.send;
    t.services.mailer.send = async () => ({ id: 'none', status: 'failed' });
    try {
      expect((await resend(d)).statusCode).toBe(502);
    } finally {
      t.services.mailer.send = send;
    }
    ok(await verify(first, new Browser(t)));
  });
});

/** The token of the newest mandate e-mail to `d`. */
async function lastToken(d: DriverRow): Promise<string> {
  const mails = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, d.email), eq(mailOutbox.kind, 'driverMandate'))).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  const byOrder = t.mails.filter((m) => m.kind === 'driverMandate' && m.to === d.email).map((m) => m.id);
  const newest = mails.find((m) => m.id === byOrder.at(-1)) ?? mails.at(-1)!;
  return decodeURIComponent(/driver-mandate\?token=(\S+)/.exec(newest.text)?.[1] ?? '');
}

// The customer app's driver-mandate page, as a caller of its own (no session, its own address).
let driverPage: Browser;
const verify = (token: unknown, b = driverPage) => b.post('driverMandate/verify', { token });
const accept = (token: unknown, b = driverPage) => b.post('driverMandate/accept', { token });
const mandateState = async () => ({ ...(await state()), links: await db().select().from(driverMandateLinks).orderBy(driverMandateLinks.driverId) });
const refusedLink = refusalCheck(mandateState);
async function refusedAs(call: () => ReturnType<typeof verify>, refusal: MandateLinkRefusal) {
  const res = await refusedLink(call, refusal === 'invalid' ? 400 : refusal === 'notNeeded' ? 409 : 410, MANDATE_LINK_MESSAGES[refusal]);
  expect(res.json().error.code).toBe(MANDATE_LINK_CODES[refusal]);
}

describe('the driver mandate link (driverMandate/verify and driverMandate/accept)', () => {
  beforeEach(() => {
    driverPage = new Browser(t);
  });

  it('shows whose link it is, and signs the mandate once: a used link is refused as used', async () => {
    const d = await insertDriver();
    ok(await resend(d));
    const token = await lastToken(d);
    const shown = ok(await verify(token));
    expect(shown).toEqual({ success: true, driverName: 'Dana Reid', leaseCompanyName: expect.any(String), expiresAt: new Date(t.services.clock.now().getTime() + MANDATE_LINK_DAYS * 86_400_000).toISOString() });
    const today = t.services.clock.now().toISOString().slice(0, 10);
    expect(ok(await accept(token))).toEqual({ success: true, message: MANDATE_LINK_MESSAGES.accepted, mandateSignDate: today });
    const after = await driverRow(d.id);
    expect(after.mandateSignDate).toBe(today);
    expect(Number(after.version)).toBe(Number(d.version) + 1);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.slug, 'driverMandate/accept'), eq(auditLog.recordId, d.id)));
    expect(audit.adminId).toBeNull();
    await refusedAs(() => verify(token), 'used');
    await refusedAs(() => accept(token), 'used');
    // The mandate is complete, so no new link can be sent either.
    await refused(() => resend(after), 400, DRIVER_MESSAGES.mandateCompleted);
  });

  it('refuses a link once a newer one has been sent, which works', async () => {
    const d = await insertDriver();
    ok(await resend(d));
    const first = await lastToken(d);
    t.clock.advance(60_000);
    ok(await resend(d));
    const second = await lastToken(d);
    expect(second).not.toBe(first);
    await refusedAs(() => verify(first), 'replaced');
    await refusedAs(() => accept(first), 'replaced');
    ok(await verify(second));
    ok(await accept(second));
  });

  it('refuses a link past its seven days as expired', async () => {
    const d = await insertDriver();
    ok(await resend(d));
    const token = await lastToken(d);
    t.clock.advance(MANDATE_LINK_DAYS * 86_400_000 - 1000);
    ok(await verify(token));
    t.clock.advance(1000);
    await refusedAs(() => verify(token), 'expired');
    await refusedAs(() => accept(token), 'expired');
    // A week on, the admins' sessions have ended too.
    for (const role of ROLES) await as[role].signIn(`${role.toLowerCase()}@test.example`);
  });

  it('refuses a link of a driver who may no longer be sent a mandate', async () => {
    const d = await insertDriver();
    ok(await resend(d));
    const token = await lastToken(d);
    await db().update(drivers).set({ disqualification: true }).where(eq(drivers.id, d.id));
    await refusedAs(() => verify(token), 'notNeeded');
    await refusedAs(() => accept(token), 'notNeeded');
  });

  it('accepts only the token exactly as sent: any altered form is refused as not valid, and the link still works', async () => {
    const d = await insertDriver();
    ok(await resend(d));
    const token = await lastToken(d);
    const [id, nonce, expiry, mac] = token.split('.');
    const pepper = t.services.secrets.otpPepper;
    // The earlier form (three segments) signed as links were signed before.
    const v1Key = crypto.createHmac('sha256', pepper).update('fnc:driver-mandate:v1').digest();
    const v1 = `${id}.${expiry}.${crypto.createHmac('sha256', v1Key).update(`${id}.${expiry}`).digest('base64url')}`;
    // The same 32 bytes in another spelling: the last character's unused low bits set.
    const lastIndex = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(mac.at(-1)!);
    const sameBytes = mac.slice(0, -1) + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[lastIndex | 3];
    expect(Buffer.from(sameBytes, 'base64url').equals(Buffer.from(mac, 'base64url'))).toBe(true);
    const altered = [
      `${token}.x`,
      `${token}.`,
      `x.${token}`,
      [id, nonce, `0${expiry}`, mac].join('.'),
      [id, nonce, `+${expiry}`, mac].join('.'),
      [id, nonce, `${expiry}.0`, mac].join('.'),
      [id, nonce, expiry, `${mac}=`].join('.'),
      [id, nonce, expiry, sameBytes].join('.'),
      [id.toUpperCase(), nonce, expiry, mac].join('.'),
      [id, `${nonce}==`, expiry, mac].join('.'),
      [id, nonce, String(Number(expiry) + 1), mac].join('.'),
      [id, nonce, expiry, mac.slice(0, -1)].join('.'),
      [id, nonce, expiry].join('.'),
      v1,
      ` ${token}`,
      encodeURIComponent(`${token}\n`),
      '',
      'x'.repeat(5000),
    ].filter((a) => a !== token);
    for (const a of altered) await refusedAs(() => verify(a), 'invalid');
    await refusedAs(() => accept(`${token}.x`), 'invalid');
    await refusedAs(() => accept([id, nonce, `0${expiry}`, mac].join('.')), 'invalid');
    ok(await verify(token));
  });

  it('signs once when the link is used twice at the same moment', async () => {
    const d = await insertDriver();
    ok(await resend(d));
    const token = await lastToken(d);
    const answers = await Promise.all([accept(token), accept(token, new Browser(t))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(answers.find((r) => r.statusCode === 410)!.json().error.code).toBe(MANDATE_LINK_CODES.used);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.slug, 'driverMandate/accept'), eq(auditLog.recordId, d.id)))).toHaveLength(1);
  });

  it('limits each caller address as the sign-in calls are', async () => {
    const max = t.services.config.authRateLimit.max;
    for (let i = 0; i < max; i++) expect((await verify('nope')).statusCode).toBe(400);
    expect((await verify('nope')).statusCode).toBe(429);
    expect((await verify('nope', new Browser(t))).statusCode).toBe(400);
  });
});

describe('Unlink Group', () => {
  const findLink = (leaseId: string, groupName: string, b = as.SUPPORT) => b.post('admin/getLeaseGroupLink', { leaseId, groupName });
  const unlink = (link: Pick<GroupLink, 'id' | 'version'>, b = as.SUPPORT) => b.post('admin/unlinkLeaseFromGroup', { id: link.id, version: link.version });

  it("finds the lease company's one active link and unlinks it to TERMINATED, audited, through the group area's unlink", async () => {
    const lease = await insertLeaseCompany(db(), { name: 'Gamma Leasing' });
    const group = await insertGroup(db(), { name: 'Gamma Garages' });
    await linkLeaseCompany(db(), lease.id, group.id);
    const link: GroupLink = ok(await findLink(lease.id, 'gamma GARAGES')).link;
    expect(link).toMatchObject({ accountId: group.id, status: 'ACTIVE', leaseId: lease.id });
    await refused(() => unlink(link, as.VIEWER), 403);
    await refused(() => unlink(link, as.FINANCE), 403);
    expect(ok(await unlink(link)).message).toBe(GROUP_LINK_MESSAGES.unlinked);
    const [row] = await db().select().from(leaseGroupLinks).where(eq(leaseGroupLinks.id, link.id));
    expect(row.status).toBe('TERMINATED');
    expect(row.directPaybill).toBe(false);
    const audit = await db().select().from(auditLog).where(eq(auditLog.recordId, link.id)).orderBy(asc(auditLog.id));
    expect(audit.at(-1)?.slug).toBe('admin/unlinkLeaseFromGroup');
    await refused(() => findLink(lease.id, 'Gamma Garages'), 404, GROUP_LINK_MESSAGES.noGroup);
    // Unlinking again at the new version is the group area's refusal.
    const res = await unlink({ id: link.id, version: Number(row.version) });
    expect(res.statusCode).toBe(409);
  });

  it('answers the stale version with 409 and changes nothing', async () => {
    const lease = await insertLeaseCompany(db(), { name: 'Delta Leasing' });
    const group = await insertGroup(db(), { name: 'Delta Garages' });
    await linkLeaseCompany(db(), lease.id, group.id);
    const link: GroupLink = ok(await findLink(lease.id, 'Delta')).link;
    await refused(() => unlink({ id: link.id, version: link.version + 1 }), 409);
  });

  it("refuses a name no active link has, or one that several hold, with the spec's messages; an exact name wins", async () => {
    const lone = await insertLeaseCompany(db(), { name: 'Epsilon Leasing' });
    await refused(() => findLink(lone.id, 'Anything'), 404, GROUP_LINK_MESSAGES.noGroup);
    const busy = await insertLeaseCompany(db(), { name: 'Zeta Leasing' });
    for (const name of ['Zeta Motors', 'Zeta Motors North', 'Zeta_Tyres']) await linkLeaseCompany(db(), busy.id, (await insertGroup(db(), { name })).id);
    await refused(() => findLink(busy.id, 'zeta'), 409, GROUP_LINK_MESSAGES.moreThanOne);
    expect(ok(await findLink(busy.id, 'Zeta Motors')).link.serviceGroupName).toBe('Zeta Motors');
    expect(ok(await findLink(busy.id, 'north')).link.serviceGroupName).toBe('Zeta Motors North');
    // LIKE's wildcards are only characters here: '_' matches the underscore, not any letter.
    expect(ok(await findLink(busy.id, 'a_t')).link.serviceGroupName).toBe('Zeta_Tyres');
    await refused(() => findLink(busy.id, 'a_m'), 404, GROUP_LINK_MESSAGES.noGroup);
    await refused(() => findLink(busy.id, '%'), 404, GROUP_LINK_MESSAGES.noGroup);
    await refused(() => findLink(busy.id, '  '), 400, GROUP_LINK_MESSAGES.groupNameRequired);
    await refused(() => findLink(busy.id, 'Zeta Motors', as.VIEWER), 403);
  });
});
