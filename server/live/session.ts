import { eq, inArray } from 'drizzle-orm';
import type { Services } from '../services';
import { administrators, sessions } from '../db/schema';
import { rolesFor, type Roles } from '../../domain/permissions';

/**
 * Re-checks the sessions behind open streams in one query, WITHOUT renewing them: an open tab's
 * stream is not user activity and must not keep an idle session alive forever. The conditions are
 * those of resolveSession (server/auth/sessions.ts): not revoked, admin not disabled, a full
 * session, within its idle and absolute limits. Returns the current roles of each live session;
 * a session missing from the map has ended.
 */
export async function liveSessions(services: Services, ids: readonly string[]): Promise<Map<string, Roles>> {
  const result = new Map<string, Roles>();
  if (ids.length === 0) return result;
  const rows = await services.db
    .select({
      id: sessions.id,
      stage: sessions.stage,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      revokedAt: sessions.revokedAt,
      disabled: administrators.disabled,
      role: administrators.role,
    })
    .from(sessions)
    .innerJoin(administrators, eq(administrators.id, sessions.adminId))
    .where(inArray(sessions.id, [...ids]));
  const now = services.clock.now().getTime();
  for (const r of rows) {
    const idleEnd = r.lastSeenAt.getTime() + services.config.session.idleMs;
    if (r.revokedAt || r.disabled || r.stage !== 'active' || now > idleEnd || now > r.absoluteExpiresAt.getTime()) continue;
    result.set(r.id, rolesFor(r.role));
  }
  return result;
}
