import { describe, expect, it } from 'vitest';
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
