import { describe, expect, it } from 'vitest';
import {
  CLAIMS_RELOAD_DELAY_MS,
  claimsUpdateRefusal,
  removeUserSchema,
  SUPPORT_SECTIONS,
  supportTool,
  supportUserStatus,
  USER_TOOL_MESSAGES,
  userClaims,
  verifyUserSchema,
  type SupportUserStatusValue,
  type UserStatusFacts,
} from '../../domain/support';
import type { UserStatus } from '../../domain/support';

/** The Manage User tools' rules (domain/support/userTools.ts) against spec 3 §2.4, §4, §5, §9. */

const NOW = new Date('2026-11-21T12:00:00Z');
const PAST = '2026-11-20T12:00:00Z';
const FUTURE = '2026-11-22T12:00:00Z';

describe('supportUserStatus (spec 3 §4)', () => {
  const cases: [string, UserStatus, boolean, boolean, string | null, SupportUserStatusValue, string][] = [
    // why, stored status, enabled, registration complete, invite expiry, value, label
    ['enabled is Registered', 'REGISTERED', true, true, null, 'REGISTERED', 'Registered'],
    ['enabled wins over an expired invitation', 'REGISTERED', true, true, PAST, 'REGISTERED', 'Registered'],
    ['an expired invitation never taken up', 'INVITE_SENT', false, false, PAST, 'NON_REGISTERED', 'Non registered'],
    ['an expired resent invitation', 'INVITE_RESENT', false, false, PAST, 'NON_REGISTERED', 'Non registered'],
    ['expiry exactly now counts as expired', 'INVITE_SENT', false, false, NOW.toISOString(), 'NON_REGISTERED', 'Non registered'],
    ['registered but not enabled is Deleted', 'REGISTERED', false, true, PAST, 'DELETED', 'Deleted'],
    ['stored deleted is Deleted', 'DELETED', false, true, null, 'DELETED', 'Deleted'],
    ['a deleted invitee before expiry is Deleted', 'DELETED', false, false, FUTURE, 'DELETED', 'Deleted'],
    ['a deleted invitee after expiry is Non registered (that rule comes first)', 'DELETED', false, false, PAST, 'NON_REGISTERED', 'Non registered'],
    ['a resent invitation still open', 'INVITE_RESENT', false, false, FUTURE, 'INVITE_RESENT', 'Resent invite'],
    ['an invitation still open', 'INVITE_SENT', false, false, FUTURE, 'INVITE_SENT', 'Invite sent'],
    ['an invitation without an expiry', 'INVITE_SENT', false, false, null, 'INVITE_SENT', 'Invite sent'],
  ];
  it.each(cases)('%s', (_why, status, enabled, registrationComplete, inviteExpiresAt, value, label) => {
    const user: UserStatusFacts = { status, enabled, registrationComplete, inviteExpiresAt };
    expect(supportUserStatus(user, NOW)).toEqual({ value, label });
    expect(supportUserStatus({ ...user, inviteExpiresAt: inviteExpiresAt && new Date(inviteExpiresAt) }, NOW)).toEqual({ value, label });
  });
});

describe('the claims update', () => {
  it('is only for a registered user (shown Registered)', () => {
    expect(claimsUpdateRefusal({ status: 'REGISTERED', enabled: true, registrationComplete: true, inviteExpiresAt: null }, NOW)).toBeNull();
    for (const u of [
      { status: 'REGISTERED', enabled: false, registrationComplete: true, inviteExpiresAt: null },
      { status: 'INVITE_SENT', enabled: false, registrationComplete: false, inviteExpiresAt: FUTURE },
      { status: 'DELETED', enabled: false, registrationComplete: true, inviteExpiresAt: null },
    ] as UserStatusFacts[]) {
      expect(claimsUpdateRefusal(u, NOW)).toBe(USER_TOOL_MESSAGES.claimsOnlyRegistered);
    }
  });

  it('derives the claims from the row: role by kind, company, group, service unit, super user, enabled', () => {
    const ids = { leaseCompanyId: null, groupId: 'g1', supplierId: 's1', isAdmin: true, enabled: true };
    expect(userClaims({ kind: 'supplier', ...ids })).toEqual({ role: 'garage', companyId: null, accountObjectID: 'g1', serviceUnitObjectID: 's1', isAdmin: true, enabled: true });
    expect(userClaims({ kind: 'group', ...ids, supplierId: null }).role).toBe('garage');
    expect(userClaims({ kind: 'lease', leaseCompanyId: 'l1', groupId: null, supplierId: null, isAdmin: false, enabled: true })).toEqual({
      role: 'lease',
      companyId: 'l1',
      accountObjectID: null,
      serviceUnitObjectID: null,
      isAdmin: false,
      enabled: true,
    });
  });

  it('waits 2000 ms before reading the user again (spec 3 §9)', () => {
    expect(CLAIMS_RELOAD_DELAY_MS).toBe(2000);
  });
});

describe('the e-mail fields (spec 3 §5)', () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

  it('Remove User: required, trimmed', () => {
    expect(issue(removeUserSchema.safeParse({ emailId: '' }))).toBe('User Email Id is required');
    expect(issue(removeUserSchema.safeParse({ emailId: '   ' }))).toBe('User Email Id is required');
    expect(issue(removeUserSchema.safeParse({}))).toBe('User Email Id is required');
    expect(removeUserSchema.parse({ emailId: '  a.b@example.com ' }).emailId).toBe('a.b@example.com');
  });

  it("Verify User: 'Email is required' and 'Email is invalid'", () => {
    expect(issue(verifyUserSchema.safeParse({ emailId: ' ' }))).toBe('Email is required');
    expect(issue(verifyUserSchema.safeParse({}))).toBe('Email is required');
    expect(issue(verifyUserSchema.safeParse({ emailId: 'not-an-address' }))).toBe('Email is invalid');
    expect(verifyUserSchema.parse({ emailId: ' a.b@example.com ' }).emailId).toBe('a.b@example.com');
  });
});

describe('the Manage User section', () => {
  it('offers both tools, 500 wide, each with its permission', () => {
    const section = SUPPORT_SECTIONS.find((s) => s.title === 'Manage User')!;
    expect(section.tools.map((t) => [t.id, t.permission, t.width])).toEqual([
      ['removeUser', 'ALLOW_REMOVE_USER', 500],
      ['verifyUser', 'ALLOW_VERIFY_USER', 500],
    ]);
    expect(supportTool('removeUser').label).toBe('Remove User');
  });
});
