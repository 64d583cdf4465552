import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { can } from '../../domain/permissions';
import { CSRF_HEADER } from '../../domain/auth';
import { findInputProblem } from '../../domain/inputSafety';
import { searchEngines } from '../search/engines';
import type { Services } from '../services';
import { resolveSession, touchSession, type SessionContext } from '../auth/sessions';
import { safeEqual } from '../auth/tokens';
import { recordEvent } from '../auth/lockout';
import { ApiError, fieldErrors, forbidden, unauthenticated } from './errors';
import { accessProblem, effectProblem, mutationContext, type Access, type RpcContext, type SlugDef } from './registry';
import { answerWithKey, idempotencyKeyOf, type KeyedCall } from './idempotency';
import { bodyPieces, drain, leaveJsonUnread, unreadBody } from './unreadBody';
import { JsonUploadError, readJsonUpload } from '../files/jsonUpload';
import { TOO_MANY_UPLOADS_MESSAGE, UploadSlots } from '../files/uploadSlots';
import { noteWritePosition } from './readAfter';
import { multipartFault, readMultipartParts, type PartLimits } from '../files/multipart';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard, for the access log. */
    slug?: string;
    adminId?: string;
    /** The session the guard accepted for this slug (null: a public slug), before the body was read. */
    rpcSession?: SessionContext | null;
    /** The call's Idempotency-Key (server/rpc/idempotency.ts); null when it has none or its slug does not write. */
    idempotencyKey?: string | null;
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

/** The checks every input passes before its schema (domain/inputSafety.ts): 400 VALIDATION naming the field. */
function rejectUnsafeInput(raw: unknown): void {
  const problem = findInputProblem(raw);
  if (problem) throw new ApiError(400, 'VALIDATION', problem.message, problem.path ? { [problem.path]: problem.message } : undefined);
}

/** Checks input against a slug's schema (every slug's, streamed uploads' too); 400 VALIDATION with a message per field otherwise. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  rejectUnsafeInput(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  return parsed.data;
}

/** ctx.readUpload of a jsonUpload slug: streams the body, then checks the other members. */
function uploadReader(def: SlugDef, request: FastifyRequest): RpcContext<unknown>['readUpload'] {
  const { field, maxBodyBytes } = def.jsonUpload!;
  return async (onBytes) => {
    const body = unreadBody(request);
    try {
      // An announced oversize body is refused before any of it is read.
      if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) throw new JsonUploadError('tooLarge');
      const { fields, hasFile } = await readJsonUpload(bodyPieces(body), { field, maxBodyBytes, onBytes });
      return { input: def.input ? parseInput(def.input, fields) : fields, hasFile };
    } catch (err) {
      drain(body);
      if (err instanceof JsonUploadError && err.problem === 'malformed') throw new ApiError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
      throw err;
    }
  };
}

/**
 * Mounts every slug at /api/v1/{slug} behind one guard: origin, session, access, CSRF, the
 * Idempotency-Key's form, then input validation, in that order. Nothing reaches a handler that has
 * not passed all of them, and all but the last run before the body is read: a caller who may not
 * use the slug never has it parsed. A call of a slug that writes, with a key, is answered through
 * server/rpc/idempotency.ts: a repeat of the key gets the first call's answer.
 */
export function mountSlugs(app: FastifyInstance, services: Services, slugs: SlugDef[]): void {
  // The multipart parser only marks the request; nothing is read until a handler asks for the parts.
  if (slugs.some((s) => s.multipart)) void app.register(multipart);
  const uploads = new UploadSlots(services.database);
  mountOn(app, services, uploads, slugs.filter((s) => !s.jsonUpload));
  // jsonUpload slugs live in a context of their own, where JSON bodies are left for the handler.
  const streamed = slugs.filter((s) => s.jsonUpload);
  if (streamed.length > 0) {
    void app.register(async (scope) => {
      leaveJsonUnread(scope);
      mountOn(scope, services, uploads, streamed);
    });
  }
}

function mountOn(app: FastifyInstance, services: Services, uploads: UploadSlots, slugs: SlugDef[]): void {
  for (const def of slugs) {
    const problem = accessProblem(def.access) ?? effectProblem(def);
    if (problem) throw new Error(`Slug ${def.slug}: ${problem}`);
    app.route({
      method: def.method,
      url: `/api/v1/${def.slug}`,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      config: def.rateLimited
        ? { rateLimit: { max: services.config.authRateLimit.max, timeWindow: services.config.authRateLimit.windowMs } }
        : { rateLimit: false },
      // onRequest: before Fastify reads and parses the body.
      onRequest: async (request) => {
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
        if (session) await touchSession(services, session, def.slug === 'auth/refresh');
        if (typeof def.access === 'object' && !can(session!.roles, def.access.permission, def.access.action)) {
          await recordEvent(services.db, services, 'authz_fail', { adminId: session!.admin.id, ip: request.ip });
          throw forbidden();
        }
        request.idempotencyKey = idempotencyKeyOf(def, request);
        request.rpcSession = session;
      },
      handler: async (request, reply) => {
        const session = request.rpcSession ?? null;
        const key = request.idempotencyKey;
        try {
          if (key && session) {
            const keyed = { def, request, reply, services, adminId: session.admin.id, key };
            return await answerWithKey(keyed, (call) => runSlug(def, request, reply, call.services, uploads, session, call));
          }
          return (await runSlug(def, request, reply, services, uploads, session)) ?? { success: true };
        } finally {
          // Whoever saved sees the change in their next search (engine.ts, noteWrite), on any node
          // even one reading a replica (readAfter.ts). A call declared to read only (a POST that
          // searches, such as the pay bill records) makes no search wait.
          if (def.effect !== 'read') {
            searchEngines.get(services)?.noteWrite();
            // Without the position (the primary unreachable just now) the call's own answer still goes out.
            if (session) await noteWritePosition(services, request, reply).catch((err: unknown) => request.log.warn({ err }, 'write position not read'));
          }
        }
      },
    });
  }
}

/**
 * One call of a slug: its input checked, an upload slot taken, its handler run (a defineMutation's
 * in one transaction). With a key, `services` is the KeyedCall's and the answer of a
 * defineMutation is stored in its transaction.
 */
async function runSlug(def: SlugDef, request: FastifyRequest, reply: FastifyReply, services: Services, uploads: UploadSlots, session: SessionContext | null, call?: KeyedCall): Promise<unknown> {
  let input: unknown = undefined;
  // A multipart call's text fields are in its parts: its handler reads them and checks them with `input`.
  if (def.input && !def.jsonUpload && !def.multipart) {
    // A GET's input is its query string and its path parameters (ids carried in the path).
    const raw = def.method === 'GET' ? { ...(request.params as object), ...(request.query as object) } : (request.body ?? {});
    input = parseInput(def.input, raw);
  }
  // An upload takes one of its admin's slots before any of its body is read (a multipart or
  // jsonUpload body is read by the handler, not above).
  const release = def.multipart || def.jsonUpload ? await uploads.take(session!.admin.id) : async () => undefined;
  if (!release) throw new ApiError(429, 'TOO_MANY_UPLOADS', TOO_MANY_UPLOADS_MESSAGE);
  try {
    const readUpload = def.jsonUpload ? uploadReader(def, request) : undefined;
    const readParts = def.multipart ? (limits: PartLimits) => readMultipartParts(request, limits) : undefined;
    const context = { input, session, services, request, reply, readUpload, readParts };
    call?.start();
    if (!def.transaction) return await def.handler(context);
    return await services.db.transaction(async (tx) => {
      const result = await def.handler({ ...context, tx, mutation: mutationContext(context) });
      await call?.answerIn(tx, result);
      return result;
    });
  } catch (err) {
    // Whatever a malformed multipart body made the parser throw is the caller's 400, not our 500.
    throw (def.multipart && multipartFault(err)) || err;
  } finally {
    await release();
  }
}
