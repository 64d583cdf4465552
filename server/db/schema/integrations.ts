import { pgTable, uuid, text, jsonb, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { editable } from './columns';
import { leaseCompanies } from './customers';
import { supplierGroups } from './groups';
import type { AllowedEndpoint } from '../../../domain/customers';

/**
 * API ids of lease companies (view LEASE) and groups (view GARAGE) with their allowed endpoints
 * (spec 1 §3 "API config"). Only a hash of the secret is kept; it is shown once when generated.
 */
export const apiConfigs = pgTable(
  'api_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiId: text('api_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    viewType: text('view_type').$type<'LEASE' | 'GARAGE'>().notNull(),
    leaseCompanyId: uuid('lease_company_id').references(() => leaseCompanies.id),
    groupId: uuid('group_id').references(() => supplierGroups.id),
    allowedEndpoints: jsonb('allowed_endpoints').$type<AllowedEndpoint[]>().notNull().default([]),
    ...editable(),
  },
  (t) => [
    uniqueIndex('api_configs_api_id_key').on(t.apiId),
    uniqueIndex('api_configs_lease_key').on(t.leaseCompanyId),
    uniqueIndex('api_configs_group_key').on(t.groupId),
  ],
);

/** The integration lookup: which sources serve which integration type (admin/getIntegrationLookUp). */
export const integrationLookups = pgTable(
  'integration_lookups',
  {
    type: text('type').notNull(),
    typeLabel: text('type_label').notNull(),
    typeDescription: text('type_description'),
    source: text('source').notNull(),
    sourceLabel: text('source_label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.source] }), index('integration_lookups_source_idx').on(t.source)],
);
