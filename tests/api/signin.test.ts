import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, latestOtp, TEST_PASSWORD, type TestApp } from '../support/app';
import { administrators } from '../../server/db/schema';

const MINUTE = 60_000;
const GENERIC_401 = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t, 'EDITOR', 'erin@test.example');
  const disabled = await createAdmin(t, 'EDITOR', 'dora@test.example');
  await t.services.db.update(administrators).set({ disabled: true }).where(eq(administrators.id, disabled.id));
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('answers a wrong password, an unknown user and a disabled admin with the same 401', async () => {
    const wrong = await new Browser(t).login('erin@test.example', 'not the password');
    const unknown = await new Browser(t).login('nobody@test.example', TEST_PASSWORD);
    const disabled = await new Browser(t).login('dora@test.example', TEST_PASSWORD);
    for (const res of [wrong, unknown, disabled]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(GENERIC_401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(disabled.body).toBe(unknown.body);
  });

  it('matches the e-mail without regard to case or surrounding spaces', async () => {
    const res = await new Browser(t).login('  ERIN@Test.Example ');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'erin@test.example', firstname: 'Test', lastname: 'EDITOR' });
    expect(res.json().csrfToken).toMatch(/^[\w-]{43}$/);
  });

  it('does not match a password that differs only in case or trailing space', async () => {
    expect((await new Browser(t).login('erin@test.example', TEST_PASSWORD.toUpperCase())).statusCode).toBe(401);
    expect((await new Browser(t).login('erin@test.example', `${TEST_PASSWORD} `)).statusCode).toBe(401);
  });

  it.each([
    [{}, { userName: 'User Name is required', password: 'Password is required' }],
    [{ userName: '', password: '' }, { userName: 'User Name is required', password: 'Password is required' }],
    [{ userName: '  ', password: 'x' }, { userName: 'User Name is required' }],
    [{ userName: 'erin@test.example' }, { password: 'Password is required' }],
  ])('refuses %j with field errors', async (body, fields) => {
    const res = await new Browser(t).post('auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION', message: Object.values(fields)[0], fields } });
  });

  it.each([
    [{}, 'OTP is required'],
    [{ otp: '' }, 'OTP is required'],
    [{ otp: '12345' }, 'OTP should be 6 digits'],
    [{ otp: '1234567' }, 'OTP should be 6 digits'],
    [{ otp: 'abcdef' }, 'OTP should be 6 digits'],
  ])('refuses passcode %j with a field error', async (body, message) => {
    const b = new Browser(t);
    await b.login('erin@test.example');
    const res = await b.post('auth/validateOtp', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION', message, fields: { otp: message } } });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: 'userName=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', message: 'Unsupported Media Type' } });
  });
});

describe('rate limits', () => {
  it('limits auth/login and auth/validateOtp per IP address (429 past the maximum)', async () => {
    const small = await createTestApp({ authRateLimit: { max: 3, windowMs: 5 * MINUTE } }, { shareDatabaseWith: t });
    try {
      const ip = '192.0.2.10';
      for (let i = 0; i < 3; i++) expect((await new Browser(small, { ip }).login('nobody@test.example')).statusCode).toBe(401);
      const limited = await new Browser(small, { ip }).login('erin@test.example');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(limited.json().error.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      // Another address is not affected.
      expect((await new Browser(small, { ip: '192.0.2.11' }).login('erin@test.example')).statusCode).toBe(200);

      const b = new Browser(small, { ip: '192.0.2.12' });
      await b.login('erin@test.example');
      const code = await latestOtp(small, 'erin@test.example');
      const other = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i++) expect((await b.otp(other)).statusCode).toBe(200);
      const res = await b.otp(code);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await small.close();
    }
  });

  it('limits sign-in attempts per account: past the limit even the right password gets the generic 401', async () => {
    const strict = await createTestApp({ accountRateLimit: { max: 3, windowMs: 15 * MINUTE } }, { shareDatabaseWith: t });
    try {
      await createAdmin(strict, 'VIEWER', 'vic@test.example');
      for (let i = 0; i < 3; i++) expect((await new Browser(strict).login('vic@test.example', 'guess number one')).statusCode).toBe(401);
      const refused = await new Browser(strict).login('vic@test.example');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(GENERIC_401);
      // Counted by name, so unknown names are limited alike (no hint that the account exists).
      for (let i = 0; i < 4; i++) expect((await new Browser(strict).login('ghost@test.example')).json()).toEqual(GENERIC_401);
      // Three failures do not lock the account (10 do): once the window has passed, it signs in.
      t.clock.advance(15 * MINUTE + 1000);
      expect((await new Browser(strict).login('vic@test.example')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
