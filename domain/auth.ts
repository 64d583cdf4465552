import { z } from 'zod';
import { MESSAGES } from './messages';
import { OTP_LENGTH } from './constants';
import type { Roles } from './permissions';

/** Sign-in form (spec 1 §5). */
export const loginSchema = z.object({
  userName: z.string({ error: MESSAGES.userNameRequired }).trim().min(1, MESSAGES.userNameRequired).max(254),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** OTP form (spec 1 §5): trimmed, required, six digits. */
export const otpSchema = z.object({
  otp: z
    .string({ error: MESSAGES.otpRequired })
    .trim()
    .min(1, MESSAGES.otpRequired)
    .min(OTP_LENGTH, MESSAGES.otpLength)
    .max(OTP_LENGTH, MESSAGES.otpLength)
    .regex(/^\d+$/, MESSAGES.otpLength),
  /** The console always sends true (spec 1 §9). */
  doNotAskOtpForSevenDays: z.boolean().default(false),
});
export type OtpInput = z.infer<typeof otpSchema>;

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
