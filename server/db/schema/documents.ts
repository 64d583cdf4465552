import { pgTable, uuid, text, boolean, jsonb, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { editable, tz } from './columns';
import { files } from './files';
import { leaseCompanies } from './customers';
import { supplierGroups } from './groups';
import { suppliers } from './suppliers';
import type { DocumentContentType, PersonRef, UploadType } from '../../../domain/common';

/** Documents uploaded to a customer, group or supplier (spec 1 §3 "Document"). */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The client-side uid the upload call carries. */
    uid: text('uid').notNull(),
    uploadType: text('upload_type').$type<UploadType>().notNull(),
    leaseCompanyId: uuid('lease_company_id').references(() => leaseCompanies.id),
    groupId: uuid('group_id').references(() => supplierGroups.id),
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    fileId: uuid('file_id').notNull().references(() => files.id),
    contentType: text('content_type').$type<DocumentContentType>().notNull(),
    filename: text('filename').notNull(),
    savedFilename: text('saved_filename').notNull(),
    label: text('label').notNull(),
    uploadedBy: jsonb('uploaded_by').$type<PersonRef>().notNull(),
    uploadedAt: tz('uploaded_at').notNull().defaultNow(),
    canDelete: boolean('can_delete').notNull().default(true),
    ...editable(),
  },
  (t) => [
    index('documents_lease_idx').on(t.leaseCompanyId),
    index('documents_group_idx').on(t.groupId),
    index('documents_supplier_idx').on(t.supplierId),
    /** One document per stored file: a file is attached once. */
    uniqueIndex('documents_file_key').on(t.fileId),
  ],
);
