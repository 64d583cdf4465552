/**
 * API ids and allowed endpoints of lease companies (view LEASE) and groups (view GARAGE), spec 1
 * §2 "API Integrations", §7. The secret of an API id is random, answered once by admin/createApiId
 * and stored only as its SHA-256 (it carries 256 random bits, so a slow hash adds nothing). Every
 * change goes through records.ts: audit row (without the hash) and live notify in its transaction.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  API_MESSAGES,
  API_SECRET_BYTES,
  apiOwnerSchema,
  completeEndpoints,
  updateApiEndpointsSchema,
  type ApiConfigView,
  type ApiViewType,
  type CreateApiIdResponse,
  type GetApiConfigResponse,
  type UpdateApiEndpointsResponse,
} from '../../domain/apiConfig';
import { isRecordId } from '../../domain/customers';
import { topics } from '../../domain/live';
import type { Tx } from '../db/client';
import { apiConfigs, leaseCompanies, supplierGroups } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { ApiError, conflict, isUniqueViolation, notFound } from './errors';
import { defineRecordKind, insertRecord, mutationContext, updateVersioned } from './records';
import { defineMutation, defineSlug } from './registry';

type Row = typeof apiConfigs.$inferSelect;

export const apiConfigKind = defineRecordKind({
  table: apiConfigs,
  type: 'apiConfig',
  label: 'API configuration',
  // A lease company's open details page refreshes; groups have no live topic yet.
  topics: (row) => (row.leaseCompanyId ? [topics.leaseCompany(row.leaseCompanyId)] : []),
  auditOmit: ['secretHash'],
});

const VIEW = { permission: 'API_INTEGRATIONS', action: 'view' } as const;
const EDIT = { permission: 'API_INTEGRATIONS', action: 'edit' } as const;

/** The owner record of a view type: a lease company (LEASE) or a group (GARAGE); 404 when unknown. */
async function findOwner(tx: Tx, viewType: ApiViewType, id: string | undefined, lock = false): Promise<string> {
  const label = viewType === 'LEASE' ? 'Customer' : 'Group';
  if (!isRecordId(id)) throw notFound(label);
  const table = viewType === 'LEASE' ? leaseCompanies : supplierGroups;
  const q = tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(label);
  return row.id;
}

const ownerColumn = (viewType: ApiViewType) => (viewType === 'LEASE' ? apiConfigs.leaseCompanyId : apiConfigs.groupId);

async function findConfig(tx: Tx, viewType: ApiViewType, ownerId: string, lock = false): Promise<Row | null> {
  const q = tx.select().from(apiConfigs).where(and(eq(ownerColumn(viewType), ownerId), eq(apiConfigs.viewType, viewType)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The configuration as the drawer reads it: the id under its view type's key, every catalogue endpoint. */
function toView(row: Row): ApiConfigView {
  const viewType = row.viewType;
  return {
    ...(viewType === 'LEASE' ? { leaseAPIId: row.apiId } : { groupAPIId: row.apiId }),
    allowedEndpoints: completeEndpoints(viewType, row.allowedEndpoints),
    version: Number(row.version),
  };
}

const apiIdExists = () => new ApiError(409, 'API_ID_EXISTS', API_MESSAGES.apiIdExists);

export const getApiConfig = defineSlug({
  slug: 'admin/getApiConfig',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: apiOwnerSchema,
  async handler(c): Promise<GetApiConfigResponse> {
    const { viewType } = c.input;
    const db = c.services.db;
    const ownerId = await findOwner(db, viewType, viewType === 'LEASE' ? c.input.leaseId : c.input.accountId);
    const row = await findConfig(db, viewType, ownerId);
    return { apiConfig: row ? toView(row) : null };
  },
});

/** A new API id and secret; the secret is in this answer only. 409 when the record already has an id. */
export const createApiId = defineSlug({
  slug: 'admin/createApiId',
  method: 'POST',
  effect: 'write',
  access: EDIT,
  input: apiOwnerSchema,
  async handler(c): Promise<CreateApiIdResponse> {
    const { viewType } = c.input;
    const ctx = mutationContext(c);
    const apiId = `${viewType.toLowerCase()}_${crypto.randomBytes(12).toString('hex')}`;
    const apiSecret = crypto.randomBytes(API_SECRET_BYTES).toString('base64url');
    try {
      await c.services.db.transaction(async (tx) => {
        // The owner's row lock serialises two generations for the same record.
        const ownerId = await findOwner(tx, viewType, viewType === 'LEASE' ? c.input.leaseId : c.input.accountId, true);
        if (await findConfig(tx, viewType, ownerId)) throw apiIdExists();
        await insertRecord(
          tx,
          apiConfigKind,
          {
            apiId,
            secretHash: hashToken(apiSecret),
            viewType,
            leaseCompanyId: viewType === 'LEASE' ? ownerId : null,
            groupId: viewType === 'GARAGE' ? ownerId : null,
            // A new id may call nothing until someone switches endpoints on.
            allowedEndpoints: completeEndpoints(viewType, []),
          },
          ctx,
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw apiIdExists();
      throw err;
    }
    return { apiId, apiSecret };
  },
});

/** Saves the endpoint switches (paths outside the catalogue are refused by the schema). */
export const updateApiEndpoints = defineMutation({
  slug: 'admin/updateApiEndpoints',
  access: EDIT,
  input: updateApiEndpointsSchema,
  async handler(c): Promise<UpdateApiEndpointsResponse> {
    const { viewType } = c.input;
    const { tx, mutation: ctx } = c;
    const ownerId = await findOwner(tx, viewType, viewType === 'LEASE' ? c.input.leaseCompanyId : c.input.accountObjectId);
    const current = await findConfig(tx, viewType, ownerId, true);
    if (!current) throw new ApiError(404, 'RECORD_NOT_FOUND', API_MESSAGES.noApiId);
    if (c.input.version !== undefined && c.input.version !== Number(current.version)) throw conflict(toView(current));
    // Paths the request leaves out keep their stored switch.
    const sent = new Map(c.input.allowedEndpoints.map((e) => [e.path, e.isEnabled]));
    const allowedEndpoints = completeEndpoints(viewType, current.allowedEndpoints).map((e) => ({ path: e.path, isEnabled: sent.get(e.path) ?? e.isEnabled }));
    const row = await updateVersioned(tx, apiConfigKind, current.id, Number(current.version), { allowedEndpoints }, ctx);
    return { success: true, apiConfig: toView(row) };
  },
});

export const apiConfigSlugs = [getApiConfig, createApiId, updateApiEndpoints];
