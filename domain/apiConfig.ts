/**
 * API integrations (spec 1 §2 "API Integrations", §3 "API config", §7): the API id of a lease
 * company (view LEASE) or of a group (view GARAGE), and which endpoints that id may call.
 * Every call takes the view type, so the group screens reuse all of it.
 */
import { z } from 'zod';

export const API_VIEW_TYPES = ['LEASE', 'GARAGE'] as const;
export type ApiViewType = (typeof API_VIEW_TYPES)[number];

/** Whose API configuration: a lease company (LEASE) or a group (GARAGE). */
export interface ApiOwner {
  viewType: ApiViewType;
  id: string;
}

export interface AllowedEndpoint {
  path: string;
  isEnabled: boolean;
}

/**
 * The endpoints an API id may be allowed to call, per view type. The spec lists none: these are
 * ours, the public API's resources a lease company's or a garage group's own systems would use.
 * The drawer shows every one of them with its switch; a path not listed here cannot be saved.
 */
export const API_ENDPOINT_CATALOGUE = {
  LEASE: ['/enquiries', '/enquiries/{id}', '/vehicles', '/vehicles/{id}', '/drivers', '/invoices', '/vor'],
  GARAGE: ['/enquiries', '/enquiries/{id}/bids', '/enquiries/{id}/check-in', '/enquiries/{id}/complete', '/invoices'],
} as const satisfies Record<ApiViewType, readonly string[]>;

/** Bytes of randomness in a generated API secret (shown once, base64url; only its hash is kept). */
export const API_SECRET_BYTES = 32;

/** Texts of the API Integrations drawer (spec 1 §2). */
export const API_MESSAGES = {
  noApiId: 'No api id found',
  noViewPermission: 'You do not have permission to view the API integrations drawer',
  noEditPermission: 'You do not have permission to edit the API integrations',
  // Ours: the spec does not word these.
  apiIdExists: 'An API id already exists for this record.',
  unknownEndpoint: (path: string) => `Unknown endpoint: ${path}`,
  duplicateEndpoint: (path: string) => `Endpoint listed twice: ${path}`,
  secretShownOnce: 'This secret is shown only once. Copy it now and keep it somewhere safe: it cannot be shown again.',
} as const;

/** Every catalogue endpoint of the view type, in catalogue order, with its stored switch (off when not stored). */
export function completeEndpoints(viewType: ApiViewType, stored: readonly AllowedEndpoint[] | null | undefined): AllowedEndpoint[] {
  const on = new Map((stored ?? []).map((e) => [e.path, Boolean(e.isEnabled)]));
  return API_ENDPOINT_CATALOGUE[viewType].map((path) => ({ path, isEnabled: on.get(path) ?? false }));
}

/** The problems of a list of switches to save: paths outside the catalogue, or listed twice. */
export function endpointProblems(viewType: ApiViewType, list: readonly AllowedEndpoint[]): { index: number; message: string }[] {
  const known = new Set<string>(API_ENDPOINT_CATALOGUE[viewType]);
  const seen = new Set<string>();
  const problems: { index: number; message: string }[] = [];
  list.forEach((e, index) => {
    if (!known.has(e.path)) problems.push({ index, message: API_MESSAGES.unknownEndpoint(e.path) });
    else if (seen.has(e.path)) problems.push({ index, message: API_MESSAGES.duplicateEndpoint(e.path) });
    seen.add(e.path);
  });
  return problems;
}

const viewType = z.enum(API_VIEW_TYPES, { error: 'viewType must be LEASE or GARAGE' });
const id = (name: string) => z.string().trim().min(1, `${name} is required`).max(64).optional();

/** The record an API call is about: a lease company for LEASE, a group (account) for GARAGE. */
function ownerRule(leaseKey: string, groupKey: string) {
  return (v: Record<string, unknown> & { viewType: ApiViewType }, ctx: z.RefinementCtx) => {
    const key = v.viewType === 'LEASE' ? leaseKey : groupKey;
    if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required` });
  };
}

/** admin/getApiConfig and admin/createApiId: { leaseId | accountId, viewType }. */
export const apiOwnerSchema = z.object({ leaseId: id('leaseId'), accountId: id('accountId'), viewType }).superRefine(ownerRule('leaseId', 'accountId'));
export type ApiOwnerInput = z.infer<typeof apiOwnerSchema>;

/** admin/updateApiEndpoints: { leaseCompanyId | accountObjectId, viewType, allowedEndpoints, version? }. */
export const updateApiEndpointsSchema = z
  .object({
    leaseCompanyId: id('leaseCompanyId'),
    accountObjectId: id('accountObjectId'),
    viewType,
    allowedEndpoints: z.array(z.object({ path: z.string().max(200), isEnabled: z.boolean() }), { error: 'allowedEndpoints is required' }).max(100),
    /** The configuration's version as the drawer loaded it; a stale one gets 409 (ours, optional). */
    version: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    ownerRule('leaseCompanyId', 'accountObjectId')(v, ctx);
    for (const p of endpointProblems(v.viewType, v.allowedEndpoints)) ctx.addIssue({ code: 'custom', path: ['allowedEndpoints', p.index, 'path'], message: p.message });
  });
export type UpdateApiEndpointsInput = z.infer<typeof updateApiEndpointsSchema>;

/** The configuration as the drawer reads it: leaseAPIId for LEASE, groupAPIId for GARAGE. */
export interface ApiConfigView {
  leaseAPIId?: string;
  groupAPIId?: string;
  allowedEndpoints: AllowedEndpoint[];
  version: number;
}
export interface GetApiConfigResponse {
  apiConfig: ApiConfigView | null;
}
/** admin/createApiId answers the secret this once; the server keeps only its hash. */
export interface CreateApiIdResponse {
  apiId: string;
  apiSecret: string;
}
export interface UpdateApiEndpointsResponse {
  success: true;
  apiConfig: ApiConfigView;
}

/** The id of a configuration under the key its view type uses. */
export function apiIdOf(c: ApiConfigView | null | undefined): string | null {
  return c ? (c.leaseAPIId ?? c.groupAPIId ?? null) : null;
}
