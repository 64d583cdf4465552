import { pgTable, uuid, text, jsonb, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editable, addressColumns, geoColumns, tz } from './columns';
import { suppliers } from './suppliers';
import type { ApprovedSupplier, RegistrationBilling, RegistrationCompanyExtras, RegistrationStatus } from '../../../domain/registrations';
import type { SupplierService } from '../../../domain/suppliers';

/** Electronic registrations of new suppliers (spec 2 §3.7). The id is the inviteId. */
export const eRegistrations = pgTable(
  'e_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    status: text('status').$type<RegistrationStatus>().notNull().default('NEW'),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    regNumber: text('reg_number'),
    vatNumber: text('vat_number'),
    ...addressColumns(),
    ...geoColumns(),
    services: jsonb('services').$type<SupplierService[]>().notNull().default([]),
    /** Contact details and opening hours as submitted. */
    company: jsonb('company').$type<RegistrationCompanyExtras>().notNull(),
    billingDetails: jsonb('billing_details').$type<RegistrationBilling>(),
    reasonForRejection: text('reason_for_rejection'),
    rejectedAt: tz('rejected_at'),
    approvedAt: tz('approved_at'),
    approvedSupplierId: uuid('approved_supplier_id').references(() => suppliers.id),
    /** What was approved (spec 2 §3.7 "Approved supplier payload"), contacts the supplier row has no place for included. */
    approval: jsonb('approval').$type<ApprovedSupplier>(),
    ...editable(),
  },
  (t) => [
    uniqueIndex('e_registrations_seq_key').on(t.seq),
    index('e_registrations_status_idx').on(t.status),
    index('e_registrations_modified_idx').on(t.modifiedAt),
    index('e_registrations_email_idx').on(sql`lower(${t.email})`),
  ],
);
