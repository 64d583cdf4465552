import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { can } from '../../domain/permissions';
import { CSRF_HEADER } from '../../domain/auth';
import type { Services } from '../services';
import { resolveSession, touchSession, type SessionContext } from '../auth/sessions';
import { safeEqual } from '../auth/tokens';
import { recordEvent } from '../auth/lockout';
import { ApiError, fieldErrors, forbidden, unauthenticated } from './errors';
import { accessProblem, type Access, type SlugDef } from './registry';
import { searchEngines } from '../search/engines';

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

const badOrigin = () => new ApiError(403, 'BAD_ORIGIN', 'Cross-site request refused.');

/** A cross-site POST carries a foreign Origin; refuse it before anything else happens. */
function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') throw badOrigin();
    // Parse our own host with the Origin's scheme so 'host:80' and 'host' compare equal.
    // request.host follows X-Forwarded-Host only when the proxy is trusted.
    const ours = new URL(`${from.protocol}//${request.host}`);
    if (from.host !== ours.host) throw badOrigin();
  } catch {
    throw badOrigin();
  }
}

/**
 * Mounts every slug at /api/v1/{slug} behind one guard: origin, session, access, CSRF, then input
 * validation, in that order. Nothing reaches a handler that has not passed all of them.
 */
export function mountSlugs(app: FastifyInstance, services: Services, slugs: SlugDef[]): void {
  // The multipart parser only marks the request; nothing is read until a handler asks for the parts.
  if (slugs.some((s) => s.multipart)) void app.register(multipart);
  for (const def of slugs) {
    const problem = accessProblem(def.access);
    if (problem) throw new Error(`Slug ${def.slug}: ${problem}`);
    app.route({
      method: def.method,
      url: `/api/v1/${def.slug}`,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      config: def.rateLimited
        ? { rateLimit: { max: services.config.authRateLimit.max, timeWindow: services.config.authRateLimit.windowMs } }
        : { rateLimit: false },
      handler: async (request, reply) => {
        request.slug = def.slug;
        if (def.method === 'POST') checkOrigin(request);
        const session = def.access === 'public' ? null : await resolveSession(services, request);
        request.adminId = session?.admin.id;
        if (!acceptsStage(def.access, session)) throw unauthenticated();
        // CSRF before anything is written (authz event, idle renewal): a forged request changes nothing.
        if (def.method === 'POST' && def.access !== 'public') {
          const token = request.headers[CSRF_HEADER];
          if (typeof token !== 'string' || !safeEqual(token, session!.csrfToken)) {
            throw new ApiError(403, 'CSRF', 'Missing or invalid CSRF token.');
          }
        }
        if (session) await touchSession(services, session);
        if (typeof def.access === 'object' && !can(session!.roles, def.access.permission, def.access.action)) {
          await recordEvent(services.db, services, 'authz_fail', { adminId: session!.admin.id, ip: request.ip });
          throw forbidden();
        }
        let input: unknown = undefined;
        if (def.input) {
          // A GET's input is its query string and its path parameters (ids carried in the path).
          const raw = def.method === 'GET' ? { ...(request.params as object), ...(request.query as object) } : (request.body ?? {});
          const parsed = def.input.safeParse(raw);
          if (!parsed.success) {
            const fields = fieldErrors(parsed.error.issues);
            throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
          }
          input = parsed.data;
        }
        const result = await def.handler({ input, session, services, request, reply });
        // Read your writes: a change is answered only once this node's search cache knows of it.
        // (It is committed already: a failure here is logged, and the cache was cleared.)
        if (def.method === 'POST') {
          await searchEngines
            .get(services)
            ?.cache.caughtUp(services.database)
            .catch((err: unknown) => request.log.warn({ err }, 'search: could not confirm the cache has seen this change'));
        }
        return result ?? { success: true };
      },
    });
  }
}
