import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../domain/permissions';
import { CSRF_HEADER } from '../../domain/auth';
import type { Services } from '../services';
import { resolveSession, type SessionContext } from '../auth/sessions';
import { safeEqual } from '../auth/tokens';
import { recordEvent } from '../auth/lockout';
import { ApiError, fieldErrors, forbidden, unauthenticated } from './errors';
import type { Access, SlugDef } from './registry';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard, for the access log. */
    slug?: string;
    adminId?: string;
  }
}

/** Which sessions an access rule accepts, before any permission check. */
function acceptsStage(access: Access, session: SessionContext | null): boolean {
  if (access === 'public') return true;
  if (!session) return false;
  if (access === 'pending-otp') return session.stage === 'otp';
  if (access === 'any-session') return true;
  return session.stage === 'active';
}

/** A cross-site POST carries a foreign Origin; refuse it before anything else happens. */
function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new ApiError(403, 'BAD_ORIGIN', 'Cross-site request refused.');
  }
  if (host !== request.headers.host) throw new ApiError(403, 'BAD_ORIGIN', 'Cross-site request refused.');
}

/**
 * Mounts every slug at /api/v1/{slug} behind one guard: origin, session, access, CSRF, then input
 * validation, in that order. Nothing reaches a handler that has not passed all of them.
 */
export function mountSlugs(app: FastifyInstance, services: Services, slugs: SlugDef[]): void {
  for (const def of slugs) {
    app.route({
      method: def.method,
      url: `/api/v1/${def.slug}`,
      config: def.rateLimited
        ? { rateLimit: { max: services.config.authRateLimit.max, timeWindow: services.config.authRateLimit.windowMs } }
        : { rateLimit: false },
      handler: async (request, reply) => {
        request.slug = def.slug;
        if (def.method === 'POST') checkOrigin(request);
        const session = def.access === 'public' ? null : await resolveSession(services, request);
        request.adminId = session?.admin.id;
        if (!acceptsStage(def.access, session)) throw unauthenticated();
        if (typeof def.access === 'object' && !can(session!.roles, def.access.permission, def.access.action)) {
          await recordEvent(services.db, services, 'authz_fail', { adminId: session!.admin.id, ip: request.ip });
          throw forbidden();
        }
        if (def.method === 'POST' && def.access !== 'public') {
          const token = request.headers[CSRF_HEADER];
          if (typeof token !== 'string' || !safeEqual(token, session!.csrfToken)) {
            throw new ApiError(403, 'CSRF', 'Missing or invalid CSRF token.');
          }
        }
        let input: unknown = undefined;
        if (def.input) {
          const raw = def.method === 'GET' ? request.query : (request.body ?? {});
          const parsed = def.input.safeParse(raw);
          if (!parsed.success) {
            const fields = fieldErrors(parsed.error.issues);
            throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
          }
          input = parsed.data;
        }
        const result = await def.handler({ input, session, services, request, reply });
        return result ?? { success: true };
      },
    });
  }
}
