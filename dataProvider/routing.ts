import type { GetListResult } from 'react-admin';
import type { UploadOptions } from '../api/client';
import { resourceNamed } from '../domain/resources';
import type { ResourceDecl, SearchDecl, SlugCall, Verb, VerbParams } from '../domain/resources/types';
import type { UserAction } from './userAction';

/**
 * The dataProvider's routing: each verb goes where the entity's declaration (domain/resources)
 * says, never through per-entity code. getList goes to search or to a list slug; getMany and
 * getManyReference are derived from getOne and getList when the entity has no slug of its own;
 * anything else the entity does not declare is refused, naming the entity and the verb.
 */

/**
 * The calls the routing makes: RPC slugs and searches (the browser's, or a test's). `background`:
 * a failure is shown where the call was made, not as the shell's banner.
 */
export interface DataIo {
  call(
    slug: string,
    options: { method: 'GET' | 'POST'; body?: unknown; query?: Record<string, string | number | boolean | undefined>; signal?: AbortSignal; background?: boolean; idempotencyKey?: string },
  ): Promise<unknown>;
  search(def: SearchDecl, params: VerbParams): Promise<GetListResult>;
  /** Sends searches now, for a screen about to ask for them through `search` (none: they are asked then). */
  searchAhead?(def: SearchDecl, lists: VerbParams[]): void;
  /** A multipart POST with upload progress (a file import). */
  upload(slug: string, form: FormData, options: UploadOptions): Promise<unknown>;
}

export class UnsupportedVerbError extends Error {
  constructor(
    readonly resource: string,
    readonly verb: string,
  ) {
    super(`The ${resource} resource does not support ${verb}.`);
    this.name = 'UnsupportedVerbError';
  }
}

/** What each verb sends when its slug declares no request of its own: react-admin's fields, without signal or meta. */
const DEFAULT_BODY: Record<Verb, (p: VerbParams) => unknown> = {
  getList: ({ filter, sort, pagination }) => ({ filter, sort, pagination }),
  getOne: ({ id }) => ({ id }),
  getMany: ({ ids }) => ({ ids }),
  getManyReference: ({ target, id, filter, sort, pagination }) => ({ target, id, filter, sort, pagination }),
  create: ({ data }) => ({ data }),
  update: ({ id, data }) => ({ id, data }),
  updateMany: ({ ids, data }) => ({ ids, data }),
  delete: ({ id }) => ({ id }),
  deleteMany: ({ ids }) => ({ ids }),
};

/** The calls of one user action: each POST and upload carries that action's Idempotency-Key for it. */
export function actingIo(io: DataIo, action: UserAction): DataIo {
  return {
    ...io,
    call: (slug, options) => io.call(slug, options.method === 'POST' ? { ...options, idempotencyKey: action.keyFor(slug, options.body) } : options),
    upload: (slug, form, options) => io.upload(slug, form, { ...options, idempotencyKey: action.keyFor(slug, form) }),
  };
}

/** A react-admin mutation names its user action in meta (`save(values, { meta: { action } })`). */
const ioOf = (io: DataIo, params: VerbParams): DataIo => {
  const action = (params.meta as { action?: UserAction } | undefined)?.action;
  return action ? actingIo(io, action) : io;
};

function declaration(resource: string): ResourceDecl {
  const decl = resourceNamed(resource);
  if (!decl) throw new Error(`No resource named ${resource}`);
  return decl;
}

async function callSlug(io: DataIo, call: SlugCall, body: unknown, params: VerbParams): Promise<unknown> {
  const method = call.method ?? 'POST';
  const request = call.request ? call.request(params) : body;
  const answer = await ioOf(io, params)
    .call(call.slug, {
      method,
      signal: params.signal,
      ...(method === 'GET' ? { query: request as Record<string, string | number | boolean | undefined> } : { body: request }),
    })
    .catch((error: unknown) => {
      if (call.dataKey) unwrapFieldErrors(error, `${call.dataKey}.`);
      throw error;
    });
  return call.response ? call.response(answer, params) : answer;
}

/** Field errors keyed 'customerDetails.address.postCode' become the form's 'address.postCode'. */
export function unwrapFieldErrors(error: unknown, prefix: string): void {
  const body = (error as { body?: { errors?: Record<string, string> } } | null)?.body;
  if (!body?.errors) return;
  body.errors = Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]));
}

/** Runs react-admin verb `verb` of `resource` as its declaration says. */
export async function runVerb(io: DataIo, resource: string, verb: Verb, params: VerbParams): Promise<unknown> {
  const decl = declaration(resource);
  const call = decl.records?.[verb];
  if (call) return callSlug(io, call, DEFAULT_BODY[verb](params), params);
  if (verb === 'getList' && decl.search) return io.search(decl.search, params);
  if (verb === 'getMany' && decl.records?.getOne) {
    const ids = (params.ids ?? []) as unknown[];
    const records = await Promise.all(ids.map((id) => runVerb(io, resource, 'getOne', { id, signal: params.signal }) as Promise<{ data: unknown }>));
    return { data: records.map((r) => r.data) };
  }
  if (verb === 'getManyReference' && (decl.records?.getList || decl.search)) {
    const filter = { ...(params.filter ?? {}), [params.target]: params.id };
    return runVerb(io, resource, 'getList', { ...params, filter });
  }
  throw new UnsupportedVerbError(resource, verb);
}

/** Sends getList of a searched `resource` ahead, for each of `lists` (io.searchAhead). */
export function searchAheadOf(io: DataIo, resource: string, lists: VerbParams[]): void {
  const decl = declaration(resource);
  if (decl.search && !decl.records?.getList) io.searchAhead?.(decl.search, lists);
}

/** Runs a named verb of `resource` (a command such as terminate or retry). */
export async function runCommand(io: DataIo, resource: string, command: string, params: VerbParams): Promise<unknown> {
  const decl = declaration(resource);
  const call = Object.prototype.hasOwnProperty.call(decl.commands ?? {}, command) ? decl.commands![command] : undefined;
  if (!call) throw new UnsupportedVerbError(resource, command);
  return callSlug(io, call, params, params);
}
