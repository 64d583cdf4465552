import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, latestOtp, type TestApp } from '../support/app';
import { administrators, otpCodes, sessions } from '../../server/db/schema';
import { allSlugs } from '../../server/rpc';
import { MESSAGES } from '../../domain/messages';

const MINUTE = 60_000;
const SECOND = 1_000;
let t: TestApp;
let n = 0;

/** A fresh admin per test, so account failure counts never leak between tests. */
async function admin(role = 'EDITOR') {
  return createAdmin(t, role, `otp-${++n}@test.example`);
}

function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function pending(email: string) {
  const b = new Browser(t);
  const res = await b.login(email);
  expect(res.statusCode).toBe(200);
  expect(res.json().claims).toEqual({ mfaVerificationRequired: true, mfaOtpVerified: false });
  return { b, code: await latestOtp(t, email) };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the passcode', () => {
  it('is six digits, e-mailed, and stored only as a keyed hash', async () => {
    const a = await admin();
    const { code } = await pending(a.email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.services.db.select().from(otpCodes).where(eq(otpCodes.adminId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBe(10 * MINUTE);
  });

  it('signs in once: the cookie changes, the pending cookie dies, and the code cannot be reused', async () => {
    const a = await admin();
    const { b, code } = await pending(a.email);
    const pendingCopy = b.clone();
    const pendingCookie = b.cookies.get('fnc_session');
    const ok = await b.otp(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().claims).toEqual({ mfaVerificationRequired: false, mfaOtpVerified: true });
    expect(ok.json().otpValidationResult).toEqual({ hasRemainingAttempts: true, remainingAttempts: 5, isOtpExpired: false });
    expect(b.cookies.get('fnc_session')).toBeTruthy();
    expect(b.cookies.get('fnc_session')).not.toBe(pendingCookie);
    expect((await b.get('auth/session')).statusCode).toBe(200);

    // The old pending cookie: replaying the code, or anything else, is refused.
    expect((await pendingCopy.otp(code)).statusCode).toBe(401);
    expect((await pendingCopy.get('auth/session')).statusCode).toBe(401);
    expect((await pendingCopy.post('auth/logout')).statusCode).toBe(401);
    // The signed-in browser cannot use it again either.
    expect((await b.otp(code)).statusCode).toBe(401);
    // Nor can a new sign-in of the same admin.
    const again = await pending(a.email);
    const replay = await again.b.otp(code === again.code ? wrong(code) : code);
    expect(replay.json().claims.mfaOtpVerified).toBe(false);
    expect(replay.json().otpValidationResult.remainingAttempts).toBe(4);
  });

  it('is valid at TTL - 1 s and expired at TTL + 1 s', async () => {
    const a = await admin();
    const early = await pending(a.email);
    t.clock.advance(10 * MINUTE - SECOND);
    expect((await early.b.otp(early.code)).json().claims.mfaOtpVerified).toBe(true);

    const late = await pending(a.email);
    t.clock.advance(10 * MINUTE + SECOND);
    const res = await late.b.otp(late.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      otpValidationResult: { hasRemainingAttempts: false, remainingAttempts: 0, isOtpExpired: true },
      claims: { mfaVerificationRequired: true, mfaOtpVerified: false },
    });
    // The expired sign-in is over.
    expect((await late.b.otp(late.code)).statusCode).toBe(401);
  });

  it('counts down 4, 3, 2, 1, 0 and ends the pending session after five wrong tries', async () => {
    const a = await admin();
    const { b, code } = await pending(a.email);
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const res = await b.otp(wrong(code));
      expect(res.statusCode).toBe(200);
      expect(res.json().claims.mfaOtpVerified).toBe(false);
      seen.push(res.json().otpValidationResult);
    }
    expect(seen).toEqual([4, 3, 2, 1, 0].map((r) => ({ hasRemainingAttempts: r > 0, remainingAttempts: r, isOtpExpired: false })));
    expect(MESSAGES.otpAttemptsLeft(seen[0].remainingAttempts)).toBe('You have 4 attempt(s) left. Please try again.');
    // Exhausted: even the right code is refused, because the pending session has ended.
    expect((await b.otp(code)).statusCode).toBe(401);
    const [row] = await t.services.db.select().from(otpCodes).where(eq(otpCodes.adminId, a.id));
    expect(row.attempts).toBe(5);
    expect(row.usedAt).toBeNull();
  });

  it('does not count badly formed codes as tries', async () => {
    const a = await admin();
    const { b, code } = await pending(a.email);
    expect((await b.otp('12345')).statusCode).toBe(400);
    expect((await b.otp('')).statusCode).toBe(400);
    expect((await b.otp(wrong(code))).json().otpValidationResult.remainingAttempts).toBe(4);
  });

  it('accepts a trimmed code', async () => {
    const a = await admin();
    const { b, code } = await pending(a.email);
    expect((await b.otp(` ${code} `)).json().claims.mfaOtpVerified).toBe(true);
  });
});

describe('binding and account failures', () => {
  it('binds a code to the sign-in that asked for it (two browsers of one admin, and two admins)', async () => {
    const a = await admin();
    const one = await pending(a.email);
    const two = await pending(a.email);
    if (one.code !== two.code) {
      expect((await two.b.otp(one.code)).json().claims.mfaOtpVerified).toBe(false);
      expect((await one.b.otp(two.code)).json().claims.mfaOtpVerified).toBe(false);
    }
    expect((await one.b.otp(one.code)).json().claims.mfaOtpVerified).toBe(true);
    expect((await two.b.otp(two.code)).json().claims.mfaOtpVerified).toBe(true);

    const other = await admin();
    const mine = await pending(a.email);
    const theirs = await pending(other.email);
    if (mine.code !== theirs.code) expect((await theirs.b.otp(mine.code)).json().claims.mfaOtpVerified).toBe(false);
    expect((await mine.b.otp(mine.code)).json().claims.mfaOtpVerified).toBe(true);
  });

  it('keeps the failure count across new codes and locks the account at 10 failures for 15 minutes', async () => {
    const a = await admin();
    const first = await pending(a.email);
    for (let i = 0; i < 5; i++) await first.b.otp(wrong(first.code));
    // A new code (signing in again) does not reset the account's count.
    const second = await pending(a.email);
    const remaining = [];
    for (let i = 0; i < 5; i++) remaining.push((await second.b.otp(wrong(second.code))).json().otpValidationResult.remainingAttempts);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const [row] = await t.services.db.select().from(administrators).where(eq(administrators.id, a.id));
    expect(row.lockedUntil?.getTime()).toBe(t.clock.now().getTime() + 15 * MINUTE);

    const unknown = await new Browser(t).login('nobody@test.example');
    const locked = await new Browser(t).login(a.email);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } });
    expect(locked.json()).toEqual(unknown.json());
    t.clock.advance(15 * MINUTE - SECOND);
    expect((await new Browser(t).login(a.email)).statusCode).toBe(401);
    t.clock.advance(2 * SECOND);
    const back = await pending(a.email);
    expect((await back.b.otp(back.code)).json().claims.mfaOtpVerified).toBe(true);
  });

  it('counts password and passcode failures together; the 10th ends the sign-in even with tries left on the code', async () => {
    const a = await admin();
    for (let i = 0; i < 6; i++) expect((await new Browser(t).login(a.email, 'wrong password!')).statusCode).toBe(401);
    const p = await pending(a.email);
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await p.b.otp(wrong(p.code))).json().otpValidationResult);
    expect(results.map((r) => r.remainingAttempts)).toEqual([4, 3, 2, 0]);
    expect(results[3].hasRemainingAttempts).toBe(false);
    expect((await p.b.otp(p.code)).statusCode).toBe(401);
    expect((await new Browser(t).login(a.email)).statusCode).toBe(401);
    t.clock.advance(15 * MINUTE + SECOND);
  });

  it('clears the failure count after a completed sign-in', async () => {
    const a = await admin();
    for (let i = 0; i < 9; i++) await new Browser(t).login(a.email, 'wrong password!');
    const p = await pending(a.email);
    expect((await p.b.otp(p.code)).json().claims.mfaOtpVerified).toBe(true);
    const [row] = await t.services.db.select().from(administrators).where(eq(administrators.id, a.id));
    expect(row.failedAttempts).toBe(0);
    t.clock.advance(16 * MINUTE); // out of the per-account attempt window
    for (let i = 0; i < 9; i++) await new Browser(t).login(a.email, 'wrong password!');
    expect((await new Browser(t).login(a.email)).statusCode).toBe(200);
  });

  it('counts concurrent wrong guesses one by one and accepts a right code sent twice at once only once', async () => {
    const a = await admin();
    const p = await pending(a.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => p.b.clone().otp(wrong(p.code))));
    const remaining = answers.filter((r) => r.statusCode === 200).map((r) => r.json().otpValidationResult.remainingAttempts);
    for (const r of [4, 3, 2, 1]) expect(remaining.filter((x: number) => x === r)).toHaveLength(1);
    const [code] = await t.services.db.select().from(otpCodes).where(eq(otpCodes.adminId, a.id));
    expect(code.attempts).toBe(5);

    const b = await admin();
    const q = await pending(b.email);
    const both = await Promise.all([q.b.clone().otp(q.code), q.b.clone().otp(q.code)]);
    expect(both.filter((r) => r.statusCode === 200 && r.json().claims.mfaOtpVerified)).toHaveLength(1);
    const active = await t.services.db.select().from(sessions).where(eq(sessions.adminId, b.id));
    expect(active.filter((s) => s.stage === 'active')).toHaveLength(1);
  });
});

describe('the pending (pre-passcode) session', () => {
  it('can call nothing but auth/validateOtp and auth/logout', async () => {
    const a = await admin('SUPER_ADMIN');
    const { b } = await pending(a.email);
    expect((await b.get('auth/session')).statusCode).toBe(401);
    expect((await b.post('auth/refresh')).statusCode).toBe(401);
    expect((await b.get('session/getSessionToken')).statusCode).toBe(401);
    for (const slug of allSlugs.filter((s) => !['public', 'pending-otp', 'any-session'].includes(s.access as string))) {
      const res = slug.method === 'GET' ? await b.get(slug.slug) : await b.post(slug.slug, {});
      expect(res.statusCode, slug.slug).toBe(401);
    }
    expect((await b.post('auth/logout')).statusCode).toBe(200);
    expect((await b.otp('123456')).statusCode).toBe(401);
  });
});

describe('the trusted device', () => {
  it('skips the passcode for 7 days, for that admin on that browser only', async () => {
    const a = await admin();
    const other = await admin();
    const b = new Browser(t);
    await b.login(a.email);
    const ok = await b.otp(await latestOtp(t, a.email), true);
    expect(ok.json().claims.mfaOtpVerified).toBe(true);
    const trusted = ok.headers['set-cookie'] as string[];
    const cookie = trusted.find((c) => c.startsWith('fnc_trusted='));
    expect(cookie).toMatch(/; Max-Age=604800/);
    expect(cookie).toMatch(/; Path=\/api\/v1\/auth\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(b.cookies.has('fnc_trusted')).toBe(true);
    await b.post('auth/logout');

    const skip = await b.login(a.email);
    expect(skip.json().claims).toEqual({ mfaVerificationRequired: false, mfaOtpVerified: true });
    expect((await b.get('auth/session')).statusCode).toBe(200);
    b.csrf = skip.json().csrfToken;
    await b.post('auth/logout');

    // Another admin on the same browser, and the same admin on another browser, are asked.
    expect((await b.login(other.email)).json().claims.mfaVerificationRequired).toBe(true);
    await b.post('auth/logout');
    expect((await new Browser(t).login(a.email)).json().claims.mfaVerificationRequired).toBe(true);

    t.clock.advance(7 * 24 * 60 * MINUTE - SECOND);
    const last = await b.login(a.email);
    expect(last.json().claims.mfaVerificationRequired).toBe(false);
    b.csrf = last.json().csrfToken;
    await b.post('auth/logout');
    t.clock.advance(2 * SECOND);
    expect((await b.login(a.email)).json().claims.mfaVerificationRequired).toBe(true);
  });

  it('is not set unless asked for', async () => {
    const a = await admin();
    const { b, code } = await pending(a.email);
    await b.otp(code, false);
    expect(b.cookies.has('fnc_trusted')).toBe(false);
  });
});
