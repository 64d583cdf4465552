import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { Services } from '../services';
import { otpCodes } from '../db/schema';
import { OTP_LENGTH } from '../../domain/constants';
import { safeEqual } from './tokens';

/** Six digits from the CSPRNG. */
export function generateOtp(): string {
  return crypto.randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
}

/** Passcodes are low-entropy, so they are hashed with a server-held pepper, not a bare digest. */
export function hashOtp(pepper: Buffer, sessionId: string, code: string): string {
  return crypto.createHmac('sha256', pepper).update(`${sessionId}:${code}`).digest('hex');
}

/** Creates a passcode bound to the pending session and returns it in clear, for the e-mail only. */
export async function issueOtp(tx: Tx, services: Services, sessionId: string, adminId: string): Promise<string> {
  const code = generateOtp();
  const now = services.clock.now();
  await tx.insert(otpCodes).values({
    sessionId,
    adminId,
    codeHash: hashOtp(services.secrets.otpPepper, sessionId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + services.config.otp.ttlMs),
  });
  return code;
}

export type OtpCheck =
  | { outcome: 'valid'; attempts: number }
  | { outcome: 'expired' }
  | { outcome: 'wrong'; remaining: number };

/**
 * Checks a passcode against the newest unused one of the session and records the try. The row is
 * locked for the transaction, so concurrent guesses queue up: each one counts against the five
 * tries, and a right code is accepted once even when sent twice at the same moment.
 */
export async function checkOtp(tx: Tx, services: Services, sessionId: string, code: string): Promise<OtpCheck> {
  const [row] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.sessionId, sessionId), isNull(otpCodes.usedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .for('update');
  const now = services.clock.now();
  if (!row || now > row.expiresAt) return { outcome: 'expired' };
  const max = services.config.otp.maxAttemptsPerCode;
  if (row.attempts >= max) return { outcome: 'wrong', remaining: 0 };
  if (safeEqual(row.codeHash, hashOtp(services.secrets.otpPepper, sessionId, code))) {
    await tx.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, row.id));
    return { outcome: 'valid', attempts: row.attempts };
  }
  const attempts = row.attempts + 1;
  await tx.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, row.id));
  return { outcome: 'wrong', remaining: Math.max(max - attempts, 0) };
}
