import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ACTIONS, PERMISSIONS, type Action, type PermissionName } from '../../domain/permissions';
import type { Services } from '../services';
import type { SessionContext } from '../auth/sessions';
import type { Tx } from '../db/client';
import type { Roles } from '../../domain/permissions';
import type { PersonRef } from '../../domain/common';
import type { Multipart } from '@fastify/multipart';
import type { PartLimits } from '../files/multipart';

/**
 * Who may call a slug. Deny by default: every slug must say one of these.
 * - 'public': anyone (sign-in, versions).
 * - 'pending-otp': a session that has passed the password step and waits for its passcode.
 * - 'any-session': a pending or a full session (sign-out).
 * - 'signed-in': a full session, no particular permission.
 * - { permission, action }: a full session whose roles allow it.
 */
export type Access =
  | 'public'
  | 'pending-otp'
  | 'any-session'
  | 'signed-in'
  | { permission: PermissionName; action: Action };

/** The session a handler receives under an access rule: none for a public slug, always one otherwise. */
export type SessionFor<A extends Access> = A extends 'public' ? null : SessionContext;

export interface RpcContext<I, A extends Access = Access> {
  input: I;
  session: SessionFor<A>;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Slugs with `jsonUpload` only: reads the body as it arrives, handing the file's bytes to
   * onBytes, and answers the other members checked by the slug's `input` (400 as usual; 400
   * BAD_REQUEST for a body that is not a JSON object). Throws JsonUploadError
   * (server/files/jsonUpload.ts) for a body too large or whose file is not base64, and whatever
   * onBytes throws, for the slug to answer in its own words; the rest of the body is discarded.
   */
  readUpload?: (onBytes: (bytes: Buffer) => Promise<void>) => Promise<{ input: I; hasFile: boolean }>;
  /**
   * Slugs with `multipart` only: the body's parts in order (server/files/multipart.ts), each
   * checked before it is handed over (framing, file name, field length). A malformed body throws a
   * 400 ApiError; a file's size limit is the slug's to answer (FST_REQ_FILE_TOO_LARGE, or the
   * stream's `truncated`).
   */
  readParts?: (limits: PartLimits) => AsyncGenerator<Multipart, void, undefined>;
}

/** Who is changing what, and when. */
export interface MutationContext {
  adminId: string | null;
  /** The caller's roles, for what a 409 may show them (none for a job). */
  roles?: Roles;
  /** The slug (or job name) recorded in audit_log. */
  slug: string;
  now: Date;
}

/** The MutationContext of a slug handler's call. */
export function mutationContext(ctx: Pick<RpcContext<unknown>, 'session' | 'services' | 'request'>): MutationContext {
  return { adminId: ctx.session?.admin.id ?? null, roles: ctx.session?.roles ?? {}, slug: ctx.request.slug ?? ctx.request.url, now: ctx.services.clock.now() };
}

/** The signed-in admin as a record names who did something (uploadedBy, requestedBy): from the session, never from the request. */
export function sessionPerson(ctx: Pick<SessionRpcContext, 'session'>): PersonRef {
  const a = ctx.session.admin;
  return { firstname: a.firstname, lastname: a.lastname, email: a.email };
}

/** What the guard adds for a slug declared with defineMutation. */
export interface InTransaction {
  /** The one transaction the whole call runs in; committed when the handler returns. */
  tx: Tx;
  /** Who is changing what, and when, for the records the call changes (records.ts). */
  mutation: MutationContext;
}

/** The context of any slug behind a session, for helpers several such handlers share. */
export type SessionRpcContext<I = unknown> = Omit<RpcContext<I>, 'session'> & { session: SessionContext };

/**
 * What a call does to data. Deny by default: every slug says one of these (the guard refuses to
 * mount one that does not, and the registry test lists them).
 * - 'read': reads only (a download may note who downloaded it in audit_log).
 * - 'write': creates or changes data, starts a job or sends mail. Takes an Idempotency-Key
 *   (server/rpc/idempotency.ts): a repeat of a key gets the first call's answer and changes nothing.
 * - 'session': changes only the caller's own session (sign-in, passcode, refresh, sign-out, a
 *   search key). No key: a replayed answer could not carry the session's cookies.
 */
export type Effect = 'read' | 'write' | 'session';
export const EFFECTS: readonly Effect[] = ['read', 'write', 'session'];

export interface SlugDef<S extends z.ZodType = z.ZodType, O = unknown, A extends Access = Access> {
  /** Path under /api/v1/, e.g. 'auth/login'. */
  slug: string;
  method: 'GET' | 'POST';
  access: A;
  /** What the call does to data; a GET only reads (or, for its session, 'session'). */
  effect: Effect;
  /** Input schema from domain/; body for POST, query string for GET. */
  input?: S;
  /** Calls that guess secrets get the per-IP limit of config.authRateLimit. */
  rateLimited?: boolean;
  /** Largest request body in bytes, for calls that carry a file; otherwise the app's 1 MiB. */
  bodyLimit?: number;
  /**
   * A multipart/form-data call (a file upload). The guard checks origin, session, CSRF and
   * permission before any of the body is read; the handler then reads the parts through
   * ctx.readParts and checks the text fields with `input`.
   */
  multipart?: { maxFileBytes: number };
  /**
   * A JSON call carrying one file as base64 text in the member `field` (the spec's upload calls).
   * Its body is not read before the handler, which streams it through ctx.readUpload; `input`
   * then checks the other members. Like multipart calls, it takes one of the caller's upload slots
   * (server/files/uploadSlots.ts).
   */
  jsonUpload?: { field: string; maxBodyBytes: number };
  /**
   * An external system the call reads through (server/integrations): when it cannot be reached the
   * call answers 503 with this code and message instead of a 500, and the API document says so.
   */
  unavailable?: { code: string; message: string };
  /** Set by defineMutation: the guard runs the handler inside one transaction (InTransaction). */
  transaction?: boolean;
  handler(ctx: RpcContext<z.infer<S>, A> & Partial<InTransaction>): Promise<O>;
}

/**
 * Declares a slug with its input type inferred from the schema and its session from the access
 * rule, so a handler behind a session never has to assert that it has one.
 */
export function defineSlug<S extends z.ZodType, O, const A extends Access>(def: SlugDef<S, O, A>): SlugDef<S, O, A> {
  return def;
}

/**
 * Declares a POST slug whose whole work is one transaction: the guard opens it after every check,
 * hands the handler `tx` and `mutation`, commits when it returns and rolls back when it throws. A
 * slug with work after the commit (a mail, waking a queue) uses defineSlug and its own transaction.
 */
export function defineMutation<S extends z.ZodType, O, const A extends Access>(
  def: Omit<SlugDef<S, O, A>, 'method' | 'effect' | 'transaction' | 'handler'> & { handler(ctx: RpcContext<z.infer<S>, A> & InTransaction): Promise<O> },
): SlugDef<S, O, A> {
  return { ...def, method: 'POST', effect: 'write', transaction: true, handler: (ctx) => def.handler(ctx as RpcContext<z.infer<S>, A> & InTransaction) };
}

const STAGES = new Set(['public', 'pending-otp', 'any-session', 'signed-in']);

/**
 * Why an access declaration is unusable, or null when it is valid. The guard refuses to mount a
 * slug that fails this, so a missing or mistyped rule can never fall through to "allowed".
 */
export function accessProblem(access: unknown): string | null {
  if (typeof access === 'string') return STAGES.has(access) ? null : `unknown access '${access}'`;
  if (!access || typeof access !== 'object' || Array.isArray(access)) return 'no access declared';
  const { permission, action, ...rest } = access as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `unexpected access keys: ${Object.keys(rest).join(', ')}`;
  if (typeof permission !== 'string' || !Object.prototype.hasOwnProperty.call(PERMISSIONS, permission)) {
    return `unknown permission '${String(permission)}'`;
  }
  if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) return `unknown action '${String(action)}'`;
  return null;
}

/** Why a slug's effect declaration is unusable, or null: one of EFFECTS, and a GET never writes. */
export function effectProblem(def: Pick<SlugDef, 'method' | 'effect'>): string | null {
  const effect = (def as { effect?: unknown }).effect;
  if (effect === undefined) return 'no effect declared';
  if (!(EFFECTS as readonly unknown[]).includes(effect)) return `unknown effect '${String(effect)}'`;
  if (def.method === 'GET' && effect === 'write') return 'a GET may not write';
  return null;
}

/**
 * API routes mounted outside the slug guard (for example the search endpoints, which authenticate
 * with a scoped key instead of the session cookie). Each must be listed here with how it is
 * protected; the registry test fails on any other /api route that is not a slug.
 */
export const NON_SLUG_ROUTES: readonly { method: string; url: string; protectedBy: string }[] = [
  // A Server-Sent Events stream cannot return through the guard; server/live/route.ts applies the rules.
  { method: 'GET', url: '/api/v1/live', protectedBy: 'a full session (401), and for every topic the permission domain/live.ts declares (403)' },
  // The Typesense-compatible search API (server/search/plugin.ts) speaks Typesense's protocol, so it
  // authenticates with scoped keys minted by session/getSessionToken, not with the cookie.
  { method: 'GET', url: '/api/v1/search/collections/:collection/documents/search', protectedBy: 'a scoped search key whose parent belongs to a live session and lists the collection (401 otherwise)' },
  { method: 'POST', url: '/api/v1/search/multi_search', protectedBy: 'a scoped search key per search, checked like the single search; reads only' },
  { method: 'GET', url: '/api/v1/search/health', protectedBy: 'nothing to protect: answers { ok: true } and reads no data' },
  { method: 'OPTIONS', url: '/api/v1/search/*', protectedBy: 'nothing to protect: CORS preflight answer with no data' },
  // Mailgun posts its delivery events here (server/integrations/mail/route.ts); it has no session.
  { method: 'POST', url: '/api/v1/webhooks/mailgun', protectedBy: "Mailgun's webhook signature (HMAC-SHA256 with MAILGUN_WEBHOOK_SIGNING_KEY), a 5-minute timestamp window and one use per token (401 otherwise); not found unless MAIL_TRANSPORT=mailgun" },
];
