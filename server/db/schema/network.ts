import { pgTable, uuid, text, boolean, integer, jsonb, index, primaryKey } from 'drizzle-orm/pg-core';
import { editable, tz } from './columns';
import { files } from './files';
import { leaseCompanies } from './customers';
import { supplierGroups } from './groups';
import { suppliers } from './suppliers';
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
    /** Data rows of the file, counted by validation. */
    rowCount: integer('row_count'),
    /** Set in the same transaction as the rows the import applied: a retried job sees it and stops. */
    importedAt: tz('imported_at'),
    importedBy: jsonb('imported_by').$type<PersonRef>(),
    importedById: uuid('imported_by_id'),
    /** Rows whose terms the import changed (others were already as in the file). */
    changedCount: integer('changed_count'),
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
    rowCount: integer('row_count'),
    error: text('error'),
  },
  (t) => [index('network_exports_lease_idx').on(t.leaseCompanyId, t.requestedAt)],
);

/**
 * A customer's terms with one supplier of a group linked to it (the customer network file's
 * editable columns). A linked group's supplier without a row has DEFAULT_CUSTOMER_TERMS.
 */
export const customerNetworkTerms = pgTable(
  'customer_network_terms',
  {
    leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
    supplierId: uuid('supplier_id').notNull().references(() => suppliers.id),
    inNetwork: boolean('in_network').notNull().default(true),
    preferred: boolean('preferred').notNull().default(false),
    /** Minor units. */
    labourRate: integer('labour_rate'),
    /** Percentage × 100. */
    partsDiscountBp: integer('parts_discount_bp'),
    motRate: integer('mot_rate'),
    authorisationLimit: integer('authorisation_limit'),
    notes: text('notes'),
    /** The network import that last changed the row, if any. */
    importId: uuid('import_id').references(() => networkImports.id),
    ...editable(),
  },
  (t) => [primaryKey({ columns: [t.leaseCompanyId, t.supplierId] }), index('customer_network_terms_supplier_idx').on(t.supplierId)],
);
