import { and, eq, gt, sql, count } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { Services } from '../services';
import { administrators, authEvents } from '../db/schema';

/** OWASP logging-vocabulary event names. */
export type AuthEvent =
  | 'authn_login_attempt'
  | 'authn_login_fail'
  | 'authn_login_lock'
  | 'authn_login_success'
  | 'authn_otp_fail'
  | 'authn_otp_expired'
  | 'authn_otp_exhausted'
  | 'authn_logout'
  | 'authz_fail';

export async function recordEvent(
  tx: Tx,
  services: Services,
  event: AuthEvent,
  detail: { adminId?: string | null; userName?: string | null; ip?: string },
): Promise<void> {
  await tx.insert(authEvents).values({ at: services.clock.now(), event, adminId: detail.adminId ?? null, userName: detail.userName ?? null, ip: detail.ip });
  services.log.info({ event, adminId: detail.adminId ?? undefined }, 'auth event');
}

export function isLocked(admin: { lockedUntil: Date | null }, now: Date): boolean {
  return Boolean(admin.lockedUntil && admin.lockedUntil > now);
}

/**
 * Counts one more consecutive failure (wrong password or wrong passcode). At the limit the account
 * is locked; the counter restarts when the lock ends. Returns true when this failure locked it.
 */
export async function recordFailure(tx: Tx, services: Services, adminId: string): Promise<boolean> {
  const now = services.clock.now();
  const { maxConsecutiveFailures, lockMs } = services.config.lockout;
  const [row] = await tx
    .update(administrators)
    .set({ failedAttempts: sql`${administrators.failedAttempts} + 1` })
    .where(eq(administrators.id, adminId))
    .returning({ failedAttempts: administrators.failedAttempts });
  if (row && row.failedAttempts >= maxConsecutiveFailures) {
    await tx.update(administrators).set({ failedAttempts: 0, lockedUntil: new Date(now.getTime() + lockMs) }).where(eq(administrators.id, adminId));
    return true;
  }
  return false;
}

/** A completed sign-in clears the failure count (NIST 800-63B §3.2.2). */
export async function clearFailures(tx: Tx, adminId: string): Promise<void> {
  await tx.update(administrators).set({ failedAttempts: 0, lockedUntil: null }).where(eq(administrators.id, adminId));
}

/** Per-account attempt limit, counted in the database so it holds across API nodes. */
export async function tooManyAttempts(tx: Tx, services: Services, userName: string): Promise<boolean> {
  const { max, windowMs } = services.config.accountRateLimit;
  const since = new Date(services.clock.now().getTime() - windowMs);
  const [row] = await tx
    .select({ n: count() })
    .from(authEvents)
    .where(and(eq(authEvents.userName, userName), eq(authEvents.event, 'authn_login_attempt'), gt(authEvents.at, since)));
  return Number(row?.n ?? 0) >= max;
}
