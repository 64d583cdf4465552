import type { AuthProvider } from 'react-admin';
import type { LoginInput } from '../domain/auth';
import { initials, type LoginResponse, type ValidateOtpResponse } from '../domain/session';
import { canAccessResource } from '../domain/resources/access';
import { callApi, isHttpError, setCsrfToken } from '../api/client';
import { clearPendingMfa, getPendingMfa, setPendingMfa } from './mfa';
import { endSession, getState, isSigningOut, loadSession, setSigningOut } from './session';

export { getPendingMfa, matchesPendingMfa } from './mfa';
export { acknowledgeSignOut, getState, loadSession, setSession, subscribe, type SessionState } from './session';
export { startInactivityMonitor, type InactivityMonitor } from './inactivity';

/** Where the console sends a user after sign-in or session restore (spec 1 §2). */
export const HOME_PATH = '/customer';

/**
 * The two steps of sign-in (spec 1 §4), both through react-admin's login (useLogin): the password,
 * then the e-mailed passcode. Each answer carries `redirectTo: false`, so react-admin stays put and
 * the page goes on itself (the passcode page needs the user id in navigation state).
 */
export type LoginParams = ({ step: 'password' } & LoginInput) | { step: 'otp'; otp: string };

/** What the password step tells the sign-in page to do next. */
export type LoginOutcome = { next: 'otp'; uid: string } | { next: 'home' };

/** What the passcode step tells the OTP page (spec 1 §4 "Authentication"). */
export type OtpOutcome =
  | { kind: 'verified' }
  | { kind: 'expired' }
  | { kind: 'retry'; remainingAttempts: number }
  | { kind: 'exhausted' };

type StepAnswer<T> = T & { redirectTo: false };

function login(params: { step: 'password' } & LoginInput): Promise<StepAnswer<LoginOutcome>>;
function login(params: { step: 'otp'; otp: string }): Promise<StepAnswer<OtpOutcome>>;
async function login(params: LoginParams): Promise<StepAnswer<LoginOutcome | OtpOutcome>> {
  const outcome = params.step === 'otp' ? await validateOtp(params.otp) : await checkPassword(params);
  return { ...outcome, redirectTo: false };
}

async function checkPassword(params: LoginInput): Promise<LoginOutcome> {
  const res = await callApi<LoginResponse>('auth/login', {
    body: { userName: params.userName, password: params.password },
    expectUnauthenticated: true,
  });
  setCsrfToken(res.csrfToken);
  if (res.claims.mfaVerificationRequired) {
    setPendingMfa({ uid: res.user.uid, email: res.user.email });
    return { next: 'otp', uid: res.user.uid };
  }
  clearPendingMfa();
  await loadSession(true);
  return { next: 'home' };
}

/** POST auth/validateOtp. The server has already ended the session in the expired and exhausted cases. */
async function validateOtp(otp: string): Promise<OtpOutcome> {
  const res = await callApi<ValidateOtpResponse>('auth/validateOtp', {
    // Always true (spec 1 §9): the browser is trusted for seven days after a good passcode.
    body: { otp, doNotAskOtpForSevenDays: true },
    expectUnauthenticated: true,
  });
  if (res.claims.mfaOtpVerified) {
    clearPendingMfa();
    const session = await loadSession(true);
    if (!session) throw new Error('Signed in, but the session could not be read');
    return { kind: 'verified' };
  }
  const r = res.otpValidationResult;
  if (r.isOtpExpired) {
    // The OTP page says why with a toast; the sign-in page need not repeat it.
    endSession(null);
    return { kind: 'expired' };
  }
  if (r.hasRemainingAttempts) return { kind: 'retry', remainingAttempts: r.remainingAttempts };
  endSession(null);
  return { kind: 'exhausted' };
}

async function logout(): Promise<string> {
  const { status, reason } = getState();
  // Already ended (the server ended it, or a sign-out is done): react-admin's own logout after
  // that only empties its caches; the reason the sign-in page shows must stay.
  if (status === 'signed-out' && getPendingMfa() === null && !isSigningOut()) return reason === 'logout' ? '/' : '/login';
  const hadSession = getState().status === 'signed-in' || getPendingMfa() !== null;
  setSigningOut(true);
  try {
    // 401 means the server has already ended it: signed out either way.
    await callApi('auth/logout', { body: {}, expectUnauthenticated: true, background: !hadSession });
  } catch {
    /* signed out locally whatever the server said */
  } finally {
    endSession('logout');
    setSigningOut(false);
  }
  return '/';
}

export const authProvider: AuthProvider = {
  login,
  logout,
  async checkAuth() {
    const session = await loadSession();
    if (!session) throw { redirectTo: '/login', message: false };
  },
  async checkError(error: unknown) {
    // 401: the session is gone, sign out. 403: the screen shows it; stay signed in.
    if (isHttpError(error) && error.status === 401) {
      // Already signed out (or Logout under way): a late 401 of a call made before changes
      // nothing, and must not send the user to /login instead of where Logout led ('/').
      if (isSigningOut() || getState().status === 'signed-out') return;
      endSession('ended');
      throw { redirectTo: '/login', logoutUser: true, message: false };
    }
  },
  async getIdentity() {
    const session = getState().session ?? (await loadSession());
    if (!session) throw new Error('Not signed in');
    const { user } = session;
    return { id: user.uid, fullName: `${user.firstname} ${user.lastname}`.trim(), initials: initials(user), email: user.email };
  },
  async getPermissions() {
    return getState().session?.roles ?? (await loadSession())?.roles ?? {};
  },
  /** react-admin's access control over the entity declarations (domain/resources/access.ts). */
  async canAccess({ resource, action }: { resource: string; action: string }) {
    // A failed session read (the banner shows it) denies rather than throwing to react-admin's error page.
    const roles = getState().session?.roles ?? (await loadSession().catch(() => null))?.roles;
    return canAccessResource(roles, resource, action);
  },
};
