import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, latestOtp, type TestApp } from '../support/app';
import { administrators } from '../../server/db/schema';
import { setRole } from '../../server/admin/commands';
import { SESSION_TOUCH_INTERVAL_MS } from '../../server/auth/sessions';
import { ROLE_PRESETS } from '../../domain/permissions';

const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let t: TestApp;
let n = 0;

async function signedIn(role = 'EDITOR') {
  const a = await createAdmin(t, role, `session-${++n}@test.example`);
  const b = new Browser(t);
  await b.signIn(a.email);
  return { a, b };
}

function sessionCookie(res: { headers: Record<string, unknown> }, name = 'fnc_session'): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return all.find((c: string) => c.startsWith(`${name}=`));
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/, without Max-Age or Expires, over http', async () => {
    const a = await createAdmin(t, 'VIEWER', 'cookie@test.example');
    const b = new Browser(t);
    const login = await b.login(a.email);
    const afterOtp = await b.otp(await latestOtp(t, a.email));
    for (const res of [login, afterOtp]) {
      const c = sessionCookie(res)!;
      expect(c).toMatch(/^fnc_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
      expect(c).not.toMatch(/Max-Age|Expires|Domain|Secure/i);
    }
  });

  it('is Secure with the __Host- prefix when the request is https behind a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true }, { shareDatabaseWith: t });
    try {
      const a = await createAdmin(t, 'VIEWER', 'https@test.example');
      const b = new Browser(proxied, { headers: { 'x-forwarded-proto': 'https' } });
      const login = await b.login(a.email);
      expect(sessionCookie(login)).toBeUndefined();
      expect(sessionCookie(login, '__Host-fnc_session')).toMatch(/^__Host-fnc_session=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      const ok = await b.otp(await latestOtp(proxied, a.email), true);
      expect(sessionCookie(ok, '__Host-fnc_session')).toMatch(/; Secure; SameSite=Strict$/);
      expect(sessionCookie(ok, '__Secure-fnc_trusted')).toMatch(/; Path=\/api\/v1\/auth\/; HttpOnly; Secure; SameSite=Strict$/);
      expect((await b.get('auth/session')).statusCode).toBe(200);

      // Over https only the prefixed cookie counts: the same token under the plain name is ignored.
      const token = b.cookies.get('__Host-fnc_session')!;
      const planted = new Browser(proxied, { headers: { 'x-forwarded-proto': 'https' } });
      planted.cookies.set('fnc_session', token);
      expect((await planted.get('auth/session')).statusCode).toBe(401);

      // Without a trusted proxy, a client's X-Forwarded-Proto changes nothing.
      const direct = new Browser(t, { headers: { 'x-forwarded-proto': 'https' } });
      expect(sessionCookie(await direct.login(a.email))).toMatch(/^fnc_session=.*SameSite=Strict$/);
    } finally {
      await proxied.close();
    }
  });
});

describe('session lifetime', () => {
  it('ends at logout: replaying the old cookie gets 401', async () => {
    const { b } = await signedIn();
    const stolen = b.clone();
    const out = await b.post('auth/logout');
    expect(out.statusCode).toBe(200);
    expect(sessionCookie(out)).toMatch(/^fnc_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await stolen.get('auth/session')).statusCode).toBe(401);
    expect((await stolen.post('auth/refresh')).statusCode).toBe(401);
    expect((await stolen.get('session/getSessionToken')).statusCode).toBe(401);
    expect((await stolen.post('auth/logout')).statusCode).toBe(401);
  });

  it('ends after 55 minutes without activity; activity renews it', async () => {
    const { b } = await signedIn();
    t.clock.advance(54 * MINUTE);
    expect((await b.get('auth/session')).statusCode).toBe(200);
    t.clock.advance(54 * MINUTE);
    expect((await b.get('auth/session')).statusCode).toBe(200);
    t.clock.advance(55 * MINUTE + SECOND);
    const res = await b.get('auth/session');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' } });
  });

  it('writes the renewal at most every 10 seconds of calls; Stay signed in always renews', async () => {
    const { b } = await signedIn();
    const start = t.clock.now().getTime();
    const expiresAt = async (res: Promise<{ json(): { expiresAt: string } }>) => new Date((await res).json().expiresAt).getTime();
    t.clock.advance(SECOND);
    expect(await expiresAt(b.get('auth/session'))).toBe(start + 55 * MINUTE);
    t.clock.advance(SESSION_TOUCH_INTERVAL_MS);
    expect(await expiresAt(b.get('auth/session'))).toBe(t.clock.now().getTime() + 55 * MINUTE);
    t.clock.advance(SECOND);
    expect(await expiresAt(b.post('auth/refresh'))).toBe(t.clock.now().getTime() + 55 * MINUTE);
  });

  it('ends 12 hours after sign-in, whatever the activity', async () => {
    const { b } = await signedIn();
    const start = t.clock.now().getTime();
    const s = (await b.get('auth/session')).json();
    expect(new Date(s.absoluteExpiresAt).getTime()).toBe(start + 12 * HOUR);
    for (let i = 0; i < 14; i++) {
      t.clock.advance(50 * MINUTE);
      expect((await b.post('auth/refresh')).statusCode).toBe(200);
    }
    t.clock.advance(12 * HOUR - 14 * 50 * MINUTE);
    expect((await b.get('auth/session')).statusCode).toBe(200);
    t.clock.advance(SECOND);
    expect((await b.get('auth/session')).statusCode).toBe(401);
  });

  it('does not let a forged request keep a session alive', async () => {
    const a = await createAdmin(t, 'VIEWER', 'idle-csrf@test.example');
    const b = new Browser(t);
    await b.signIn(a.email);
    t.clock.advance(30 * 60_000);
    expect((await b.post('auth/refresh', {}, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    t.clock.advance(25 * 60_000 + 1000);
    expect((await b.get('auth/session')).statusCode).toBe(401);
  });

  it('auth/refresh moves expiresAt on and keeps the absolute end', async () => {
    const { b } = await signedIn();
    const before = (await b.get('auth/session')).json();
    t.clock.advance(30 * MINUTE);
    const res = await b.post('auth/refresh');
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(new Date(after.expiresAt).getTime()).toBe(t.clock.now().getTime() + 55 * MINUTE);
    expect(new Date(after.expiresAt).getTime() - new Date(before.expiresAt).getTime()).toBe(30 * MINUTE);
    expect(after.absoluteExpiresAt).toBe(before.absoluteExpiresAt);
    expect(after.timers).toEqual({ inactivityMs: 54 * MINUTE, warningMs: 60 * SECOND });
    expect(after.claims).toEqual({ mfaVerificationRequired: false, mfaOtpVerified: true });
  });

  it('ends on the next call once the admin is removed', async () => {
    const { a, b } = await signedIn();
    await t.services.db.delete(administrators).where(eq(administrators.id, a.id));
    expect((await b.get('auth/session')).statusCode).toBe(401);
  });

  it('ends on the next call once the admin is disabled', async () => {
    const { a, b } = await signedIn();
    await t.services.db.update(administrators).set({ disabled: true }).where(eq(administrators.id, a.id));
    expect((await b.get('auth/session')).statusCode).toBe(401);
    expect((await b.post('auth/refresh')).statusCode).toBe(401);
  });

  it('applies a role change on the next call', async () => {
    const { a, b } = await signedIn('EDITOR');
    expect((await b.get('auth/session')).json().role).toBe('EDITOR');
    await setRole(t.services.db, a.email, 'VIEWER', t.clock.now());
    const s = (await b.get('auth/session')).json();
    expect(s.role).toBe('VIEWER');
    expect(s.roles).toEqual(ROLE_PRESETS.VIEWER);
  });

  it('is a new session for each sign-in; signing in again on the same browser ends the old one', async () => {
    const { a, b } = await signedIn();
    const old = b.clone();
    await b.signIn(a.email);
    expect(b.cookies.get('fnc_session')).not.toBe(old.cookies.get('fnc_session'));
    expect((await old.get('auth/session')).statusCode).toBe(401);
    expect((await b.get('auth/session')).statusCode).toBe(200);
  });
});
