import { pgTable, uuid, text, integer, boolean, jsonb, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { editable, tz } from './columns';
import { leaseCompanies, subCustomers } from './customers';
import { supplierGroups } from './groups';
import { suppliers } from './suppliers';
import { drivers, vehicles } from './fleet';
import type { Currency, PersonRef } from '../../../domain/common';
import type { RateCardType } from '../../../domain/customers';
import type { ContractStatus, EnquirySource, EnquiryStatus } from '../../../domain/enquiries';
import type { ServiceType } from '../../../domain/suppliers';

/** The columns of an enquiry, shared by the live table and the archive (spec 3 §3 "Enquiry"). */
const enquiryColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  enquiryNumber: text('enquiry_number').notNull(),
  status: text('status').$type<EnquiryStatus>().notNull().default('NEW'),
  source: text('source').$type<EnquirySource>().notNull(),
  serviceType: text('service_type').$type<ServiceType>().notNull(),
  leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
  subCustomerId: uuid('sub_customer_id').references(() => subCustomers.id),
  /** The supplier's group (accountObjectID); null while no supplier is allocated. */
  groupId: uuid('group_id').references(() => supplierGroups.id),
  /** The service unit (serviceUnitObjectID). */
  supplierId: uuid('supplier_id').references(() => suppliers.id),
  vehicleId: uuid('vehicle_id').references(() => vehicles.id),
  driverId: uuid('driver_id').references(() => drivers.id),
  /** Copied from the vehicle when booked: the plate may change later, the booking keeps its own. */
  vrm: text('vrm').notNull(),
  make: text('make').notNull(),
  model: text('model').notNull(),
  managed: boolean('managed').notNull().default(true),
  contractStatus: text('contract_status').$type<ContractStatus>().notNull().default('active'),
  region1: text('region1'),
  rateCardType: text('rate_card_type').$type<RateCardType>().notNull(),
  paybill: boolean('paybill').notNull().default(false),
  currency: text('currency').$type<Currency>().notNull(),
  description: text('description'),
  /** Accepted booking value, minor units. */
  quotedAmount: integer('quoted_amount'),
  bookedFor: tz('booked_for'),
  completedAt: tz('completed_at'),
  /** The status completion replaced, for Revert Enquiry Completion (spec 3 §4). */
  statusBeforeCompletion: text('status_before_completion').$type<EnquiryStatus>(),
  cancelledAt: tz('cancelled_at'),
  cancelReason: text('cancel_reason'),
  invoicedAt: tz('invoiced_at'),
  ...editable(),
});

export const enquiries = pgTable('enquiries', enquiryColumns(), (t) => [
  uniqueIndex('enquiries_seq_key').on(t.seq),
  uniqueIndex('enquiries_number_key').on(t.enquiryNumber),
  index('enquiries_status_idx').on(t.status),
  index('enquiries_lease_idx').on(t.leaseCompanyId, t.createdAt),
  // The nightly archive finds a company's rows of one status last changed before its threshold date.
  index('enquiries_archive_idx').on(t.leaseCompanyId, t.status, t.modifiedAt),
  index('enquiries_supplier_idx').on(t.supplierId),
  index('enquiries_group_idx').on(t.groupId),
  index('enquiries_vehicle_idx').on(t.vehicleId),
  index('enquiries_vrm_idx').on(t.vrm),
]);

/** Enquiries moved out by the nightly archive job; Unarchive moves one back. */
export const archivedEnquiries = pgTable(
  'archived_enquiries',
  {
    ...enquiryColumns(),
    archivedAt: tz('archived_at').notNull().defaultNow(),
    archiveReason: text('archive_reason').notNull(),
  },
  (t) => [
    uniqueIndex('archived_enquiries_seq_key').on(t.seq),
    uniqueIndex('archived_enquiries_number_key').on(t.enquiryNumber),
    index('archived_enquiries_status_idx').on(t.status),
    index('archived_enquiries_lease_idx').on(t.leaseCompanyId, t.createdAt),
    index('archived_enquiries_supplier_idx').on(t.supplierId),
    index('archived_enquiries_vrm_idx').on(t.vrm),
    index('archived_enquiries_archived_at_idx').on(t.archivedAt),
  ],
);

/**
 * Messages on an enquiry, such as the cancellation sent to the supplier (spec 3 "Cancel message").
 * No foreign key: the enquiry may live in either the live table or the archive.
 */
export const enquiryMessages = pgTable(
  'enquiry_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id').notNull(),
    message: text('message').notNull(),
    myMessage: boolean('my_message').notNull().default(false),
    messageTo: text('message_to').notNull(),
    messageFrom: text('message_from').notNull(),
    user: jsonb('user').$type<PersonRef>(),
    enquiryStatus: text('enquiry_status').$type<EnquiryStatus>(),
    /** What the receiving side's message queue shows beside the text (the cancel message's queue data). */
    queueData: jsonb('queue_data').$type<Record<string, unknown>>(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('enquiry_messages_enquiry_idx').on(t.enquiryId, t.sentAt)],
);
