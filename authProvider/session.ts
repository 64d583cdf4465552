import type { SessionResponse } from '../domain/session';
import { callApi, onUnauthorized, setCsrfToken, isHttpError } from '../api/client';
import { emitSessionEnd } from '../api/sessionEnd';
import { clearPendingMfa } from './mfa';

/**
 * The signed-in session as the console knows it. React reads it through useSyncExternalStore
 * (useSession in src/layout), the authProvider through these functions.
 */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';
/** Why the console is signed out: the user chose to, or the server ended the session. */
export type SignOutReason = 'logout' | 'ended' | null;

export interface SessionState {
  status: SessionStatus;
  session: SessionResponse | null;
  reason: SignOutReason;
}

/** checkAuth answers from memory this long after the last GET auth/session. */
const CHECK_CACHE_MS = 5_000;

let state: SessionState = { status: 'unknown', session: null, reason: null };
let fetchedAt = 0;
let inFlight: Promise<SessionResponse | null> | null = null;
/**
 * True while Logout waits for the server: a 401 that other calls get meanwhile (the session is
 * going) is the sign-out under way, not a session that ended, so it must not send the user to
 * /login instead of '/'.
 */
let signingOut = false;
export function setSigningOut(value: boolean): void {
  signingOut = value;
}
export const isSigningOut = () => signingOut;
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const l of [...listeners]) l();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getState(): SessionState {
  return state;
}

/** Stores a session answer (GET auth/session, POST auth/refresh). */
export function setSession(session: SessionResponse): void {
  setCsrfToken(session.csrfToken);
  fetchedAt = Date.now();
  set({ status: 'signed-in', session, reason: null });
}

/** Forgets everything about the session: CSRF token, pending passcode step, and what registered for its end. */
export function endSession(reason: SignOutReason): void {
  setCsrfToken('');
  clearPendingMfa();
  emitSessionEnd();
  fetchedAt = 0;
  inFlight = null;
  set({ status: 'signed-out', session: null, reason });
}

/** Clears the reason once the sign-in page is showing, so later guards redirect to /login. */
export function acknowledgeSignOut(): void {
  if (state.status === 'signed-out' && state.reason) set({ ...state, reason: null });
}

/**
 * GET auth/session, answered from memory for a few seconds. Resolves null when there is no full
 * session (401); other failures reject and leave the state as it was.
 */
export function loadSession(force = false): Promise<SessionResponse | null> {
  if (!force && state.status === 'signed-in' && state.session && Date.now() - fetchedAt < CHECK_CACHE_MS) {
    return Promise.resolve(state.session);
  }
  if (!force && inFlight) return inFlight;
  const request = callApi<SessionResponse>('auth/session', { method: 'GET', expectUnauthenticated: true })
    .then((session) => {
      if (inFlight === request) setSession(session);
      return session;
    })
    .catch((err) => {
      if (isHttpError(err) && err.status === 401) {
        if (state.status === 'signed-in') endSession('ended');
        else if (state.status === 'unknown') endSession(null);
        return null;
      }
      throw err;
    })
    .finally(() => {
      if (inFlight === request) inFlight = null;
    });
  inFlight = request;
  return request;
}

// Any signed-in call answering 401 means the server has ended the session.
onUnauthorized(() => {
  if (state.status === 'signed-in' && !signingOut) endSession('ended');
});
