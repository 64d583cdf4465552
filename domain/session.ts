import type { Roles } from './permissions';

/** Shapes and helpers of the sign-in API without zod, so the console shell stays small. */
export interface AdminUser {
  uid: string;
  firstname: string;
  lastname: string;
  email: string;
}

export interface Claims {
  mfaVerificationRequired: boolean;
  mfaOtpVerified: boolean;
}

/** Timers the console runs, derived from the server's session settings. */
export interface SessionTimers {
  /** Inactivity before the expiry modal shows (session idle time minus one minute). */
  inactivityMs: number;
  /** How long the modal counts down before signing out. */
  warningMs: number;
}

/** `POST auth/login` answer. A pending session cookie is set when a passcode is needed. */
export interface LoginResponse {
  user: AdminUser;
  claims: Claims;
  /** CSRF token of the session just created (pending or full). */
  csrfToken: string;
}

/** `POST auth/validateOtp` answer (spec 1 §7). */
export interface ValidateOtpResponse {
  otpValidationResult: { hasRemainingAttempts: boolean; remainingAttempts: number; isOtpExpired: boolean };
  claims: Claims;
}

/** `GET auth/session` and `POST auth/refresh` answer. */
export interface SessionResponse {
  user: AdminUser;
  role: string;
  roles: Roles;
  claims: Claims;
  /** When the session lapses unless renewed by activity (ISO). */
  expiresAt: string;
  /** When the session ends whatever the activity (ISO). */
  absoluteExpiresAt: string;
  csrfToken: string;
  timers: SessionTimers;
}

/** `GET session/getSessionToken` answer. */
export interface SearchKeyResponse {
  key: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** `GET config/versions` answer. */
export interface VersionsResponse {
  diAdmin: string;
}

/** Error body of every failing API call. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export const CSRF_HEADER = 'x-csrf-token';

export function initials(user: Pick<AdminUser, 'firstname' | 'lastname'>): string {
  return `${user.firstname.trim().charAt(0)}${user.lastname.trim().charAt(0)}`.toUpperCase();
}
