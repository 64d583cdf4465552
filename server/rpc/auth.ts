import { eq, sql } from 'drizzle-orm';
import { loginSchema, otpSchema, type LoginResponse, type SessionResponse, type ValidateOtpResponse } from '../../domain/auth';
import { MESSAGES } from '../../domain/messages';
import { administrators } from '../db/schema';
import { ApiError, unauthenticated } from './errors';
import { defineSlug } from './registry';
import { clearSessionCookie, revokeSession, sessionResponse, startSession } from '../auth/sessions';
import { verifyPassword } from '../auth/passwords';
import { checkOtp, issueOtp } from '../auth/otp';
import { clearFailures, isLocked, recordEvent, recordFailure, tooManyAttempts } from '../auth/lockout';
import { isTrustedDevice, trustDevice } from '../auth/trustedDevice';
import { otpMail } from '../mail/templates';
import { noInputSchema } from '../../domain/lists';

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);

/** Password step. Answers the same generic failure whether or not the account exists or is locked. */
export const login = defineSlug({
  slug: 'auth/login',
  method: 'POST',
  effect: 'session',
  access: 'public',
  input: loginSchema,
  rateLimited: true,
  async handler({ input, services, request, reply }): Promise<LoginResponse> {
    const userName = input.userName.toLowerCase();
    const now = services.clock.now();
    const ip = request.ip;
    const result = await services.db.transaction(async (tx) => {
      const limited = await tooManyAttempts(tx, services, userName);
      await recordEvent(tx, services, 'authn_login_attempt', { userName, ip });
      const [admin] = await tx.select().from(administrators).where(eq(sql`lower(${administrators.email})`, userName));
      const ok = await verifyPassword(admin && !admin.disabled ? admin.passwordHash : null, input.password);
      if (!admin || admin.disabled || limited || isLocked(admin, now)) {
        await recordEvent(tx, services, admin && isLocked(admin, now) ? 'authn_login_lock' : 'authn_login_fail', { adminId: admin?.id, userName, ip });
        return null;
      }
      if (!ok) {
        const locked = await recordFailure(tx, services, admin.id);
        await recordEvent(tx, services, locked ? 'authn_login_lock' : 'authn_login_fail', { adminId: admin.id, userName, ip });
        return null;
      }
      const user = { uid: admin.id, firstname: admin.firstname, lastname: admin.lastname, email: admin.email };
      if (await isTrustedDevice(tx, services, request, admin.id)) {
        const session = await startSession(tx, services, request, reply, admin.id, 'active');
        await clearFailures(tx, admin.id);
        await recordEvent(tx, services, 'authn_login_success', { adminId: admin.id, userName, ip });
        return { response: { user, claims: { mfaVerificationRequired: false, mfaOtpVerified: true }, csrfToken: session.csrfToken }, mail: null };
      }
      const session = await startSession(tx, services, request, reply, admin.id, 'otp');
      const code = await issueOtp(tx, services, session.id, admin.id);
      return {
        response: { user, claims: { mfaVerificationRequired: true, mfaOtpVerified: false }, csrfToken: session.csrfToken },
        mail: otpMail(admin, code, services.config.otp.ttlMs),
      };
    });
    if (!result) throw invalidCredentials();
    if (result.mail) await services.mailer.send(result.mail);
    return result.response;
  },
});

/** Passcode step (spec 1 §4 "Authentication", §7). Wrong and expired codes are answered with 200 and
 * the validation result; the session ends when no attempt remains or the code has expired. */
export const validateOtp = defineSlug({
  slug: 'auth/validateOtp',
  method: 'POST',
  effect: 'session',
  access: 'pending-otp',
  input: otpSchema,
  rateLimited: true,
  async handler({ input, session, services, request, reply }): Promise<ValidateOtpResponse> {
    const pending = session;
    const adminId = pending.admin.id;
    const ip = request.ip;
    const max = services.config.otp.maxAttemptsPerCode;
    return services.db.transaction(async (tx) => {
      const [admin] = await tx.select().from(administrators).where(eq(administrators.id, adminId));
      const end = async (event: 'authn_otp_expired' | 'authn_otp_exhausted' | 'authn_login_lock') => {
        await revokeSession(tx, services, pending.id);
        clearSessionCookie(request, reply);
        await recordEvent(tx, services, event, { adminId, ip });
      };
      const notVerified = { mfaVerificationRequired: true, mfaOtpVerified: false };
      if (isLocked(admin, services.clock.now())) {
        await end('authn_login_lock');
        return { otpValidationResult: { hasRemainingAttempts: false, remainingAttempts: 0, isOtpExpired: false }, claims: notVerified };
      }
      const check = await checkOtp(tx, services, pending.id, input.otp);
      if (check.outcome === 'expired') {
        await end('authn_otp_expired');
        return { otpValidationResult: { hasRemainingAttempts: false, remainingAttempts: 0, isOtpExpired: true }, claims: notVerified };
      }
      if (check.outcome === 'wrong') {
        const locked = await recordFailure(tx, services, adminId);
        const remaining = locked ? 0 : check.remaining;
        if (remaining === 0) await end(locked ? 'authn_login_lock' : 'authn_otp_exhausted');
        else await recordEvent(tx, services, 'authn_otp_fail', { adminId, ip });
        return { otpValidationResult: { hasRemainingAttempts: remaining > 0, remainingAttempts: remaining, isOtpExpired: false }, claims: notVerified };
      }
      // Verified: the pending session is replaced by a new one (a new token at authentication).
      await startSession(tx, services, request, reply, adminId, 'active');
      await clearFailures(tx, adminId);
      if (input.doNotAskOtpForSevenDays) await trustDevice(tx, services, request, reply, adminId);
      await recordEvent(tx, services, 'authn_login_success', { adminId, ip });
      return {
        otpValidationResult: { hasRemainingAttempts: true, remainingAttempts: max - check.attempts, isOtpExpired: false },
        claims: { mfaVerificationRequired: false, mfaOtpVerified: true },
      };
    });
  },
});

export const session = defineSlug({
  slug: 'auth/session',
  method: 'GET',
  effect: 'read',
  access: 'signed-in',
  input: noInputSchema,
  async handler({ session, services }): Promise<SessionResponse> {
    return sessionResponse(services, session);
  },
});

/** 'Stay signed in': the guard has already renewed the idle time; answer the new expiry. */
export const refresh = defineSlug({
  slug: 'auth/refresh',
  method: 'POST',
  effect: 'session',
  access: 'signed-in',
  input: noInputSchema,
  async handler({ session, services }): Promise<SessionResponse> {
    return sessionResponse(services, session);
  },
});

export const logout = defineSlug({
  slug: 'auth/logout',
  method: 'POST',
  effect: 'session',
  access: 'any-session',
  input: noInputSchema,
  async handler({ session, services, request, reply }): Promise<{ success: true }> {
    if (!session) throw unauthenticated();
    await services.db.transaction(async (tx) => {
      await revokeSession(tx, services, session.id);
      await recordEvent(tx, services, 'authn_logout', { adminId: session.admin.id, ip: request.ip });
    });
    clearSessionCookie(request, reply);
    return { success: true };
  },
});

export const authSlugs = [login, validateOtp, session, refresh, logout];
