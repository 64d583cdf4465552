import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signMandateToken, verifyMandateToken } from '../../server/rpc/driverMandate';
import { canRestoreEmployment, DRIVER_MESSAGES, driverEmailSchema, mandateResendRefusal } from '../../domain/support';

/** The Compliance tools' rules (spec 3 §5), with the spec's exact messages. */
const TODAY = '2026-11-25';
const ready = { endDate: null, mandateSignDate: null, manualMandate: false, enableLicenseCheck: true, disqualification: false };

describe('mandateResendRefusal', () => {
  it.each([
    ['a driver with nothing against the resend', {}, null],
    ['an end date in the future', { endDate: '2026-11-26' }, null],
    ['a completed mandate', { mandateSignDate: '2025-01-01' }, 'Mandate has already been completed.'],
    ['an end date today', { endDate: TODAY }, 'Mandate cannot be resent as the driver has already left.'],
    ['an end date past', { endDate: '2026-01-31' }, 'Mandate cannot be resent as the driver has already left.'],
    ['a manual mandate', { manualMandate: true }, 'Manual mandate is enabled for this driver.'],
    ['licence checking off', { enableLicenseCheck: false }, 'Licence checking is not enabled.'],
    ['a disqualified driver', { disqualification: true }, 'Mandate cannot be resent as the driver is disqualified.'],
    // Several rules failing: the first of the spec's order speaks.
    ['completed and disqualified', { mandateSignDate: '2025-01-01', disqualification: true }, 'Mandate has already been completed.'],
    ['left and manual', { endDate: '2026-01-31', manualMandate: true }, 'Mandate cannot be resent as the driver has already left.'],
  ])('%s', (_name, over, expected) => {
    expect(mandateResendRefusal({ ...ready, ...over }, TODAY)).toBe(expected);
  });
});

describe('the driver e-mail and Restore Employment', () => {
  it.each([
    ['', DRIVER_MESSAGES.emailRequired],
    ['   ', 'Driver Email Id is required'],
    ['driver@', 'Driver Email Id is not valid'],
    ['a'.repeat(250) + '@x.example', 'Driver Email Id is not valid'],
  ])('refuses %j', (text, message) => {
    const parsed = driverEmailSchema.safeParse(text);
    expect(parsed.success ? null : parsed.error.issues[0].message).toBe(message);
  });

  it('trims a valid address', () => {
    expect(driverEmailSchema.parse('  dana@alpha.example ')).toBe('dana@alpha.example');
  });

  it('offers Restore Employment only with an end date', () => {
    expect(canRestoreEmployment({ endDate: '2026-01-31' })).toBe(true);
    expect(canRestoreEmployment({ endDate: null })).toBe(false);
  });
});

describe('the driver mandate token', () => {
  const pepper = Buffer.alloc(32, 7);
  const token = signMandateToken(pepper, { driverId: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', nonce: 'AAECAwQFBgcICQoLDA0ODw', expiresAt: 1_780_000_000_000 });

  it('reads back what it was signed with', () => {
    expect(token.split('.')).toHaveLength(4);
    expect(verifyMandateToken(pepper, token)).toEqual({ driverId: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', nonce: 'AAECAwQFBgcICQoLDA0ODw', expiresAt: 1_780_000_000_000 });
    expect(verifyMandateToken(Buffer.alloc(32, 8), token)).toBeNull();
  });

  it('refuses every other string: one form only, whatever was changed, added or taken away', () => {
    const alphabet = fc.constantFrom(...'0123456789abcdefABCDEF-_.=+/ x');
    const edit = fc.oneof(
      fc.tuple(fc.nat(token.length - 1), alphabet).map(([i, c]) => token.slice(0, i) + c + token.slice(i + 1)),
      fc.tuple(fc.nat(token.length), fc.string({ unit: alphabet, minLength: 1, maxLength: 4 })).map(([i, s]) => token.slice(0, i) + s + token.slice(i)),
      fc.tuple(fc.nat(token.length - 1), fc.integer({ min: 1, max: 4 })).map(([i, n]) => token.slice(0, i) + token.slice(i + n)),
    );
    fc.assert(
      fc.property(edit, (altered) => {
        if (altered !== token) expect(verifyMandateToken(pepper, altered)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses the altered forms the earlier reader let through: a segment more, a zero-padded expiry, another spelling of the same MAC', () => {
    const [id, nonce, expiry, mac] = token.split('.');
    const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = mac.slice(0, -1) + b64[b64.indexOf(mac.at(-1)!) ^ 1];
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    for (const altered of [`${token}.x`, [id, nonce, `0${expiry}`, mac].join('.'), [id, nonce, expiry, sameBytes].join('.'), [id, nonce, expiry, `${mac}=`].join('.')]) {
      expect(verifyMandateToken(pepper, altered), altered).toBeNull();
    }
  });
});
