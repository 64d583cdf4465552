import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { Services } from '../services';
import { administrators, sessions } from '../db/schema';
import { rolesFor, type Roles } from '../../domain/permissions';
import type { SessionResponse } from '../../domain/auth';
import { hashToken, newToken } from './tokens';

export type Stage = 'otp' | 'active';

export interface SessionContext {
  id: string;
  stage: Stage;
  csrfToken: string;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  admin: { id: string; email: string; firstname: string; lastname: string; role: string };
  roles: Roles;
}

const COOKIE = 'fnc_session';
/** Over https the cookie gets the __Host- prefix: Secure, Path=/ and no Domain, enforced by browsers. */
const SECURE_COOKIE = '__Host-fnc_session';

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Over https only the __Host- cookie counts: a plain-named one could have been planted by a
 * sibling subdomain or a plain-http response (cookie tossing, session fixation). */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return isHttps(request) ? request.cookies[SECURE_COOKIE] : request.cookies[COOKIE];
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = isHttps(request);
  // No Max-Age: the server, not the cookie, enforces the session's lifetime.
  reply.setCookie(secure ? SECURE_COOKIE : COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isHttps(request);
  reply.clearCookie(secure ? SECURE_COOKIE : COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}

/** Starts a session and sets its cookie. Any session the browser already had is revoked first. */
export async function startSession(
  tx: Tx,
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  adminId: string,
  stage: Stage,
): Promise<{ id: string; csrfToken: string }> {
  const now = services.clock.now();
  const previous = readSessionCookie(request);
  if (previous) {
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, hashToken(previous)), isNull(sessions.revokedAt)));
  }
  const token = newToken();
  const csrfToken = newToken();
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      adminId,
      stage,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      absoluteExpiresAt: new Date(now.getTime() + services.config.session.absoluteMs),
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    })
    .returning({ id: sessions.id });
  setSessionCookie(request, reply, token);
  return { id: row.id, csrfToken };
}

export async function revokeSession(tx: Tx, services: Services, sessionId: string): Promise<void> {
  await tx.update(sessions).set({ revokedAt: services.clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every session of an admin ends at once (disable, removal). */
export async function revokeAllSessions(tx: Tx, now: Date, adminId: string): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
}

/**
 * The two statements of every signed-in call, built once per database and run as named prepared
 * statements: building them with the query builder at each call cost more than running them
 * (about 1 ms of the server's CPU per call on the large data, against well under 1 ms in the
 * database). The lookup reads only what a session context holds.
 */
function prepareSessionStatements(db: Db) {
  return {
    lookup: db
      .select({
        id: sessions.id,
        stage: sessions.stage,
        csrfToken: sessions.csrfToken,
        lastSeenAt: sessions.lastSeenAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        revokedAt: sessions.revokedAt,
        adminId: administrators.id,
        email: administrators.email,
        firstname: administrators.firstname,
        lastname: administrators.lastname,
        role: administrators.role,
        disabled: administrators.disabled,
      })
      .from(sessions)
      .innerJoin(administrators, eq(administrators.id, sessions.adminId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('session_lookup'),
    // The time as ISO text: a placeholder's value goes to the driver as it is.
    touch: db
      .update(sessions)
      .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
      .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt)))
      .prepare('session_touch'),
  };
}

const statements = new WeakMap<Db, ReturnType<typeof prepareSessionStatements>>();

function sessionStatements(db: Db) {
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = prepareSessionStatements(db)));
  return prepared;
}

/**
 * Finds the live session behind the request's cookie. Returns null when there is none, or when it
 * is revoked, idle too long, past its absolute end, or its admin is disabled or removed.
 * It does not renew the idle time: the guard does that with touchSession once the request has
 * passed its CSRF check, so a forged request cannot keep a session alive.
 */
export async function resolveSession(services: Services, request: FastifyRequest): Promise<SessionContext | null> {
  const token = readSessionCookie(request);
  if (!token) return null;
  const [s] = await sessionStatements(services.db).lookup.execute({ tokenHash: hashToken(token) });
  if (!s) return null;
  const now = services.clock.now();
  const idleEnd = s.lastSeenAt.getTime() + services.config.session.idleMs;
  if (s.revokedAt || s.disabled || now.getTime() > idleEnd || now > s.absoluteExpiresAt) return null;
  return {
    id: s.id,
    stage: s.stage as Stage,
    csrfToken: s.csrfToken,
    lastSeenAt: s.lastSeenAt,
    absoluteExpiresAt: s.absoluteExpiresAt,
    admin: { id: s.adminId, email: s.email, firstname: s.firstname, lastname: s.lastname, role: s.role },
    roles: rolesFor(s.role),
  };
}

/**
 * How recent a session's last renewal may be for a call to leave it as it is. Writing the time on
 * every call made each read a write as well (a round trip and a commit); a renewal at most this
 * old ends the session at most this much early, well inside the console's own margin
 * (INACTIVITY_MARGIN_MS: its timer fires a minute before the server would end the session).
 */
export const SESSION_TOUCH_INTERVAL_MS = 10_000;

/**
 * Activity: the idle time starts again from now, unless it was renewed under
 * SESSION_TOUCH_INTERVAL_MS ago; `always` renews regardless ('Stay signed in').
 */
export async function touchSession(services: Services, session: SessionContext, always = false): Promise<void> {
  const now = services.clock.now();
  if (!always && now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
  await sessionStatements(services.db).touch.execute({ now: now.toISOString(), id: session.id });
  session.lastSeenAt = now;
}

export function sessionResponse(services: Services, session: SessionContext): SessionResponse {
  const { idleMs, inactivityMarginMs, warningMs } = services.config.session;
  const idleEnd = new Date(Math.min(session.lastSeenAt.getTime() + idleMs, session.absoluteExpiresAt.getTime()));
  return {
    user: { uid: session.admin.id, firstname: session.admin.firstname, lastname: session.admin.lastname, email: session.admin.email },
    role: session.admin.role,
    roles: session.roles,
    claims: { mfaVerificationRequired: session.stage === 'otp', mfaOtpVerified: session.stage === 'active' },
    expiresAt: idleEnd.toISOString(),
    absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
    csrfToken: session.csrfToken,
    timers: { inactivityMs: Math.max(idleMs - inactivityMarginMs, 1000), warningMs },
  };
}
