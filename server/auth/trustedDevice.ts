import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import type { Services } from '../services';
import { trustedDevices } from '../db/schema';
import { hashToken, newToken } from './tokens';

const COOKIE = 'fnc_trusted';
/** Over https: Secure with the __Secure- prefix (not __Host-, which needs Path=/; this cookie is only
 * sent to the sign-in calls). */
const SECURE_COOKIE = '__Secure-fnc_trusted';

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_COOKIE : COOKIE;
}

/** True when this browser holds a live trusted-device token for this admin. */
export async function isTrustedDevice(tx: Tx, services: Services, request: FastifyRequest, adminId: string): Promise<boolean> {
  const token = request.cookies[cookieName(request)];
  if (!token) return false;
  const [row] = await tx
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, hashToken(token)), eq(trustedDevices.adminId, adminId), gt(trustedDevices.expiresAt, services.clock.now())));
  return Boolean(row);
}

/** Remembers this browser for this admin for seven days (the 'do not ask for seven days' flag). */
export async function trustDevice(tx: Tx, services: Services, request: FastifyRequest, reply: FastifyReply, adminId: string): Promise<void> {
  const token = newToken();
  const now = services.clock.now();
  const ttl = services.config.session.trustedDeviceMs;
  await tx.insert(trustedDevices).values({ tokenHash: hashToken(token), adminId, createdAt: now, expiresAt: new Date(now.getTime() + ttl) });
  reply.setCookie(cookieName(request), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/api/v1/auth/',
    maxAge: Math.floor(ttl / 1000),
  });
}
