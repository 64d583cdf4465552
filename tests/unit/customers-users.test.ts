import { describe, expect, it } from 'vitest';
import {
  createLeaseUserInviteSchema,
  inviteUserFormSchema,
  userDisplay,
  type LeaseUser,
} from '../../domain/customers';

const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);
const user = (over: Partial<LeaseUser> = {}): LeaseUser => ({
  id: 'u1',
  firstname: 'Jane',
  lastname: 'Doe',
  email: 'jane@example.com',
  status: { label: 'Registered' },
  isAdmin: false,
  isInvite: false,
  suspendTimestampAfterEpoch: null,
  ...over,
});

describe('user display status (spec 1 §4)', () => {
  it('shows Suspended in red when the suspend time is earlier than now, offering Reactivate Login', () => {
    expect(userDisplay(user({ suspendTimestampAfterEpoch: NOW - 1 }), { now: NOW })).toEqual({
      label: 'Suspended',
      suspended: true,
      actions: { delete: true, resendInvite: false, reactivate: true },
    });
  });

  it('keeps the stored label when the suspend time is now, later or unset', () => {
    for (const at of [NOW, NOW + 1, null]) {
      expect(userDisplay(user({ suspendTimestampAfterEpoch: at }), { now: NOW })).toEqual({
        label: 'Registered',
        suspended: false,
        actions: { delete: true, resendInvite: false, reactivate: false },
      });
    }
  });

  it('is not Suspended once reactivated in this session', () => {
    const shown = userDisplay(user({ suspendTimestampAfterEpoch: NOW - 1 }), { now: NOW, reactivatedInSession: true });
    expect(shown).toMatchObject({ label: 'Registered', suspended: false, actions: { reactivate: false } });
  });

  it('is never Suspended when labelled Deleted, and a deleted user offers no action', () => {
    const shown = userDisplay(user({ status: { label: 'Deleted' }, isInvite: true, suspendTimestampAfterEpoch: NOW - 1 }), { now: NOW });
    expect(shown).toEqual({ label: 'Deleted', suspended: false, actions: { delete: false, resendInvite: false, reactivate: false } });
  });

  it('offers Resend Invite to invited users', () => {
    expect(userDisplay(user({ status: { label: 'Invite sent' }, isInvite: true }), { now: NOW })).toEqual({
      label: 'Invite sent',
      suspended: false,
      actions: { delete: true, resendInvite: true, reactivate: false },
    });
    expect(userDisplay(user({ status: { label: 'Resent invite' }, isInvite: true }), { now: NOW }).actions.resendInvite).toBe(true);
  });
});

const messages = (value: unknown) => {
  const r = inviteUserFormSchema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('Invite User form (spec 1 §5)', () => {
  it("says 'X is required' for each empty field", () => {
    expect(messages({ firstname: '', lastname: '  ', email: '' })).toEqual({
      firstname: 'First Name is required',
      lastname: 'Last Name is required',
      email: 'Email is required',
    });
    expect(messages({})).toEqual({ firstname: 'First Name is required', lastname: 'Last Name is required', email: 'Email is required' });
  });

  it("says 'X is not valid' for a value that does not match its pattern", () => {
    expect(messages({ firstname: 'J4ne', lastname: 'Doe<', email: 'jane@' })).toEqual({
      firstname: 'First Name is not valid',
      lastname: 'Last Name is not valid',
      email: 'Email is not valid',
    });
  });

  it('allows names of 20 and an e-mail of 50 characters, not more', () => {
    const email50 = `${'a'.repeat(38)}@example.com`;
    expect(email50).toHaveLength(50);
    expect(messages({ firstname: 'A'.repeat(20), lastname: 'B'.repeat(20), email: email50 })).toEqual({});
    expect(messages({ firstname: 'A'.repeat(21), lastname: 'B'.repeat(21), email: `a${email50}` })).toEqual({
      firstname: 'First Name is not valid',
      lastname: 'Last Name is not valid',
      email: 'Email is not valid',
    });
  });

  it('accepts real names and removes every space from the e-mail', () => {
    const parsed = inviteUserFormSchema.parse({ firstname: ' Zoë ', lastname: "O'Brien-Ní Mháille", email: ' jane .doe@ example.com ' });
    expect(parsed).toEqual({ firstname: 'Zoë', lastname: "O'Brien-Ní Mháille", email: 'jane.doe@example.com' });
  });

  it('the request carries the customer and the super-administrator flag', () => {
    const body = { leaseId: '6f1f7c1e-6d4c-4f53-9a55-2a3f1c0c8b10', company: 'Acme', invitedById: 'a1', isSuperAdmin: true, firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com' };
    expect(createLeaseUserInviteSchema.safeParse(body).success).toBe(true);
    const missing = createLeaseUserInviteSchema.safeParse({ ...body, leaseId: undefined, isSuperAdmin: undefined });
    expect(missing.success ? [] : missing.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['leaseId', 'leaseId is required'],
      ['isSuperAdmin', 'isSuperAdmin is required'],
    ]);
  });
});
