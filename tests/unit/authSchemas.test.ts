import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loginSchema, otpSchema, initials } from '../../domain/auth';
import { MESSAGES } from '../../domain/messages';

/** First message per field, as the server's VALIDATION answer reports it. */
function fieldMessages(schema: typeof loginSchema | typeof otpSchema, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('sign-in schema (spec 1 §5)', () => {
  it.each([
    [{}, { userName: MESSAGES.userNameRequired, password: MESSAGES.passwordRequired }],
    [{ userName: '', password: '' }, { userName: 'User Name is required', password: 'Password is required' }],
    [{ userName: '   ', password: 'x' }, { userName: 'User Name is required' }],
    [{ userName: 42, password: null }, { userName: 'User Name is required', password: 'Password is required' }],
    [{ userName: 'a@b.c', password: 'x'.repeat(1025) }, { password: expect.any(String) }],
  ])('%j -> %j', (input, expected) => {
    expect(fieldMessages(loginSchema, input)).toEqual(expected);
  });

  it('trims the user name and keeps the password exactly as typed', () => {
    expect(loginSchema.parse({ userName: '  Sam@Example.com ', password: '  spaced  ' })).toEqual({ userName: 'Sam@Example.com', password: '  spaced  ' });
  });

  it('accepts a 1024-character password (long passphrases are allowed)', () => {
    expect(loginSchema.safeParse({ userName: 'a', password: 'p'.repeat(1024) }).success).toBe(true);
  });
});

describe('passcode schema (spec 1 §5)', () => {
  it.each([
    [{}, 'OTP is required'],
    [{ otp: '' }, 'OTP is required'],
    [{ otp: '    ' }, 'OTP is required'],
    [{ otp: 123456 }, 'OTP is required'],
    [{ otp: '12345' }, 'OTP should be 6 digits'],
    [{ otp: '1234567' }, 'OTP should be 6 digits'],
    [{ otp: '12a456' }, 'OTP should be 6 digits'],
    [{ otp: '１２３４５６' }, 'OTP should be 6 digits'],
  ])('%j -> %s', (input, message) => {
    expect(fieldMessages(otpSchema, input)).toEqual({ otp: message });
  });

  it('trims the code and defaults the seven-day flag to false', () => {
    expect(otpSchema.parse({ otp: ' 012345 ' })).toEqual({ otp: '012345', doNotAskOtpForSevenDays: false });
    expect(otpSchema.parse({ otp: '999999', doNotAskOtpForSevenDays: true }).doNotAskOtpForSevenDays).toBe(true);
  });

  it('refuses a non-boolean seven-day flag', () => {
    expect(otpSchema.safeParse({ otp: '123456', doNotAskOtpForSevenDays: 'yes' }).success).toBe(false);
  });
});

describe('schema properties', () => {
  it('never throw, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }), (input) => {
        loginSchema.safeParse(input);
        otpSchema.safeParse(input);
        loginSchema.safeParse({ userName: input, password: input });
        otpSchema.safeParse({ otp: input, doNotAskOtpForSevenDays: input });
      }),
      { numRuns: 2000 },
    );
  });

  it('accept exactly the six-digit codes (after trimming)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (otp) => {
        const ok = otpSchema.safeParse({ otp }).success;
        expect(ok).toBe(/^[0-9]{6}$/.test(otp.trim()));
      }),
      { numRuns: 3000 },
    );
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => otpSchema.safeParse({ otp: String(n).padStart(6, '0') }).success));
  });

  it('reject over-length input', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 255, maxLength: 400 }).filter((s) => s.trim().length > 254), (userName) => !loginSchema.safeParse({ userName, password: 'x' }).success),
    );
    fc.assert(fc.property(fc.string({ minLength: 1025, maxLength: 1100 }), (password) => !loginSchema.safeParse({ userName: 'a', password }).success));
  });
});

describe('initials', () => {
  it('takes the first letters of first and last name, upper-cased', () => {
    expect(initials({ firstname: ' sam', lastname: 'super ' })).toBe('SS');
  });
});
