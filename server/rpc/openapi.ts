import { z } from 'zod';
import { CSRF_HEADER } from '../../domain/session';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/idempotency';
import { PERMISSIONS, type PermissionName } from '../../domain/permissions';
import { APP_VERSION } from '../../domain/version';
import { noInputSchema } from '../../domain/lists';
import { defineSlug, NON_SLUG_ROUTES, type SlugDef } from './registry';

/**
 * The API described as OpenAPI 3.1, generated from the slug registry: each slug's method, input
 * (its zod schema as JSON Schema 2020-12), answer, errors, effect and the permission it needs.
 * Nothing is written by hand per slug, so the document cannot drift from what is mounted.
 */

type Json = Record<string, unknown>;

/** JSON Schema of what a caller sends. Refinements (cross-field rules) have no JSON Schema form and are described by the errors instead. */
function inputSchema(schema: z.ZodType): Json {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'throw', reused: 'inline' }) as Json;
    return rest;
  } catch {
    // A recursive schema: described as any JSON value rather than with $defs the document cannot hold.
    return { description: 'A JSON value (a recursive shape: see the field errors of a 400).' };
  }
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** The errors a slug can answer, from what it declares: the guard's checks are the same for all. */
function errorsOf(def: SlugDef, hasInput: boolean): Json {
  const out: Json = {};
  if (hasInput || def.multipart || def.jsonUpload) out['400'] = error('VALIDATION: the input is refused; `fields` maps each field path to its message.');
  if (def.access !== 'public') out['401'] = error('UNAUTHENTICATED: no session, or one that has ended.');
  if (typeof def.access === 'object' || (def.method === 'POST' && def.access !== 'public')) {
    out['403'] = error(typeof def.access === 'object' ? 'FORBIDDEN: the caller lacks the permission; CSRF: the x-csrf-token header is missing or wrong.' : 'CSRF: the x-csrf-token header is missing or wrong.');
  }
  if (def.access !== 'public' && def.access !== 'pending-otp' && def.access !== 'any-session') out['404'] = error('RECORD_NOT_FOUND: a record the call names does not exist.');
  if (def.effect === 'write') out['409'] = error('CONFLICT: the record changed since it was read (`current` holds it as it is now); or the Idempotency-Key was used for another request or is still running.');
  if (def.multipart || def.jsonUpload || def.bodyLimit) out['413'] = error('The body or its file is larger than the call allows.');
  if (def.rateLimited || def.multipart || def.jsonUpload) out['429'] = error('Too many attempts from this address, or too many uploads at once.');
  const busy = 'BUSY: the server is at capacity; retry after the Retry-After header (a write that started is never refused).';
  out['503'] = error(def.unavailable ? `${busy} ${def.unavailable.code}: '${def.unavailable.message}' (nothing was written).` : busy);
  return out;
}

/** A GET's input as query (and path) parameters; a POST's as its body. */
function requestOf(def: SlugDef, pathParams: string[]): { parameters: Json[]; requestBody?: Json } {
  const parameters: Json[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (def.effect === 'write') {
    parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', format: 'uuid' }, description: `A UUID per user action (${IDEMPOTENCY_KEY_HEADER}): a repeat gets the first call's answer and changes nothing.` });
  }
  if (def.method === 'POST' && def.access !== 'public') parameters.push({ name: CSRF_HEADER, in: 'header', required: true, schema: { type: 'string' }, description: 'The session CSRF token, from auth/login or session/refresh.' });
  const schema = def.input ? inputSchema(def.input) : undefined;
  if (def.method === 'GET') {
    const props = (schema?.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema?.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) if (!pathParams.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema: s });
    return { parameters };
  }
  if (def.multipart) {
    const fields = (schema?.properties ?? {}) as Record<string, Json>;
    return {
      parameters,
      requestBody: {
        required: true,
        description: `One file of at most ${def.multipart.maxFileBytes} bytes, with the text fields.`,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { ...fields, file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] } } },
      },
    };
  }
  if (def.jsonUpload) {
    const base = schema ?? { type: 'object', properties: {} };
    const properties = { ...((base.properties as Json | undefined) ?? {}), [def.jsonUpload.field]: { type: 'string', contentEncoding: 'base64', description: 'The file, base64-encoded.' } };
    return { parameters, requestBody: { required: true, description: `A body of at most ${def.jsonUpload.maxBodyBytes} bytes.`, content: { 'application/json': { schema: { ...base, properties } } } } };
  }
  return { parameters, requestBody: { required: Boolean(def.input), content: { 'application/json': { schema: schema ?? { type: 'object' } } } } };
}

function accessText(def: SlugDef): string {
  if (typeof def.access === 'object') return `Needs ${def.access.permission} (${PERMISSIONS[def.access.permission as PermissionName]}) with '${def.access.action}'.`;
  return { public: 'Open to anyone.', 'pending-otp': 'A session waiting for its passcode.', 'any-session': 'Any session, pending or full.', 'signed-in': 'Any signed-in admin.' }[def.access];
}

/** The whole document. */
export function openApiDocument(slugs: readonly SlugDef[]): Json {
  const paths: Record<string, Json> = {};
  for (const def of slugs) {
    const pathParams = [...def.slug.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const path = `/api/v1/${def.slug.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
    const { parameters, requestBody } = requestOf(def, pathParams);
    const secured = def.access !== 'public';
    paths[path] = {
      ...paths[path],
      [def.method.toLowerCase()]: {
        operationId: def.slug.replace(/\/:[^/]+/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')),
        tags: [def.slug.split('/')[0]],
        summary: def.slug,
        description: `${accessText(def)} Effect: ${def.effect}.`,
        'x-effect': def.effect,
        'x-access': def.access,
        ...(secured ? { security: [{ session: [] }] } : { security: [] }),
        parameters,
        ...(requestBody ? { requestBody } : {}),
        responses: {
          '200': { description: "The call's answer (JSON); a call with nothing to answer gives { success: true }.", content: { 'application/json': { schema: {} } } },
          ...errorsOf(def, Boolean(def.input)),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Fleet Network Console API', version: APP_VERSION, description: 'The console\'s RPC API: one slug per call under /api/v1. Errors answer { error: { code, message, fields? } }.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fnc_session', description: 'The session cookie set by auth/login (__Host-fnc_session over HTTPS).' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } },
            },
          },
        },
      },
    },
    paths,
    'x-other-routes': NON_SLUG_ROUTES,
  };
}

/**
 * GET openapi.json: the document, to any signed-in admin (built once: the registry does not change).
 * The one slug named like a file, at the address API tools look for.
 */
export function openApiSlug(slugs: () => readonly SlugDef[]) {
  let document: Json | undefined;
  return defineSlug({
    slug: 'openapi.json',
    method: 'GET',
    access: 'signed-in',
    effect: 'read',
    input: noInputSchema,
    handler: async () => (document ??= openApiDocument(slugs())),
  });
}
