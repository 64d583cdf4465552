import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t, 'SUPER_ADMIN', 'sam@test.example');
});
afterAll(() => t.close());

describe('sign-in smoke', () => {
  it('signs in with password and passcode and reads the session', async () => {
    const b = new Browser(t);
    const s = await b.signIn('sam@test.example');
    expect(s.user.email).toBe('sam@test.example');
    expect(s.claims).toEqual({ mfaVerificationRequired: false, mfaOtpVerified: true });
  });
});
