import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Action, PermissionName } from '../../domain/permissions';
import type { Services } from '../services';
import type { SessionContext } from '../auth/sessions';

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

export interface RpcContext<I> {
  input: I;
  session: SessionContext | null;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface SlugDef<S extends z.ZodType = z.ZodType, O = unknown> {
  /** Path under /api/v1/, e.g. 'auth/login'. */
  slug: string;
  method: 'GET' | 'POST';
  access: Access;
  /** Input schema from domain/; body for POST, query string for GET. */
  input?: S;
  /** Calls that guess secrets get the per-IP limit of config.authRateLimit. */
  rateLimited?: boolean;
  handler(ctx: RpcContext<z.infer<S>>): Promise<O>;
}

/** Declares a slug with its input type inferred from the schema. */
export function defineSlug<S extends z.ZodType, O>(def: SlugDef<S, O>): SlugDef<S, O> {
  return def;
}
