import { z } from 'zod';
import { MESSAGES } from './messages';
import { OTP_LENGTH } from './constants';

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

export * from './session';
