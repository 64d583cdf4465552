import { pgTable, uuid, text, boolean, jsonb, index } from 'drizzle-orm/pg-core';
import { editable, tz } from './columns';
import { files } from './files';
import { leaseCompanies } from './customers';
import { supplierGroups } from './groups';
import type { PersonRef, ProcessIndicator } from '../../../domain/common';

/** Network imports of a customer, or of the DI network when leaseCompanyId is null (spec 1 §3, spec 3 §3). */
export const networkImports = pgTable(
  'network_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leaseCompanyId: uuid('lease_company_id').references(() => leaseCompanies.id),
    isDiNetworkImport: boolean('is_di_network_import').notNull().default(false),
    fileName: text('file_name').notNull(),
    /** The uploaded CSV (archiveFilePath). */
    archiveFileId: uuid('archive_file_id').notNull().references(() => files.id),
    logFileId: uuid('log_file_id').references(() => files.id),
    uploadedBy: jsonb('uploaded_by').$type<PersonRef>().notNull(),
    uploadedAt: tz('uploaded_at').notNull().defaultNow(),
    /** null until validated. */
    validationStatus: boolean('validation_status'),
    importStatus: boolean('import_status'),
    isProcessing: boolean('is_processing').notNull().default(true),
    processIndicator: text('process_indicator').$type<ProcessIndicator>().notNull().default('LOADING'),
    error: text('error'),
    ...editable(),
  },
  (t) => [index('network_imports_lease_idx').on(t.leaseCompanyId, t.uploadedAt), index('network_imports_di_idx').on(t.isDiNetworkImport, t.uploadedAt)],
);

/** Network export requests (CUSTOMER_NETWORK_EXPORT, DI_NETWORK_EXPORT) and their result file. */
export const networkExports = pgTable(
  'network_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exportType: text('export_type').$type<'CUSTOMER_NETWORK_EXPORT' | 'DI_NETWORK_EXPORT'>().notNull(),
    leaseCompanyId: uuid('lease_company_id').references(() => leaseCompanies.id),
    /** The chosen group (accountsId / accountId). */
    groupId: uuid('group_id').references(() => supplierGroups.id),
    isEnabled: boolean('is_enabled').notNull().default(true),
    emailExportFile: boolean('email_export_file').notNull().default(true),
    supplierType: text('supplier_type').notNull().default('All'),
    motClass: text('mot_class'),
    processIndicator: text('process_indicator').$type<ProcessIndicator>().notNull().default('LOADING'),
    fileId: uuid('file_id').references(() => files.id),
    requestedBy: jsonb('requested_by').$type<PersonRef>().notNull(),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
    error: text('error'),
  },
  (t) => [index('network_exports_lease_idx').on(t.leaseCompanyId, t.requestedAt)],
);
