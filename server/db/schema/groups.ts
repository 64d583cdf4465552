import { pgTable, uuid, text, integer, boolean, jsonb, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editable, addressColumns, tz } from './columns';
import { leaseCompanies } from './customers';
import type { Address, Contact, Locale } from '../../../domain/common';
import type { GroupConfig, GroupExportConfig, GroupPlatformFees, LinkStatus } from '../../../domain/groups';

/** Supplier groups (spec 2 §3.4). The id is the spec's accountId / accountObjectId. */
export const supplierGroups = pgTable(
  'supplier_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The 'DI Group Id' (groupId), unique: 'Group Id already exists'. */
    groupId: text('group_id').notNull(),
    name: text('name').notNull(),
    companyRegistrationNumber: text('company_registration_number'),
    vatRegistrationNumber: text('vat_registration_number'),
    visnAccountNumber: text('visn_account_number'),
    enforceMfa: boolean('enforce_mfa'),
    blocked: boolean('blocked').notNull().default(false),
    supplierCreationType: text('supplier_creation_type'),
    locale: text('locale').$type<Locale>().notNull().default('en_GB'),
    belongsToDiNetwork: boolean('belongs_to_di_network').notNull().default(false),
    status: text('status').$type<'live'>().notNull().default('live'),
    /** Head office address, typed because cards and search show it. */
    ...addressColumns(),
    billingAddress: jsonb('billing_address').$type<Address>(),
    payingAddress: jsonb('paying_address').$type<Address>(),
    contact: jsonb('contact').$type<Contact>(),
    billingContact: jsonb('billing_contact').$type<Contact>(),
    payingContact: jsonb('paying_contact').$type<Contact>(),
    isBillingAddressSameAsAddress: boolean('is_billing_address_same_as_address').notNull().default(true),
    isPayingAddressSameAsBillingAddress: boolean('is_paying_address_same_as_billing_address').notNull().default(true),
    isBillingContactSameAsContact: boolean('is_billing_contact_same_as_contact').notNull().default(true),
    isPayingContactSameAsBillingContact: boolean('is_paying_contact_same_as_billing_contact').notNull().default(true),
    useHeadOfficeNameAndAddress: boolean('use_head_office_name_and_address').notNull().default(false),
    useDirectPaybillName: boolean('use_direct_paybill_name').notNull().default(false),
    platformFees: jsonb('platform_fees').$type<GroupPlatformFees>(),
    /** Minor units. */
    agreedCreditLimit: integer('agreed_credit_limit'),
    creditLimitUpdatedAt: tz('credit_limit_updated_at'),
    creditLimitUpdatedBy: text('credit_limit_updated_by'),
    config: jsonb('config').$type<GroupConfig>().notNull().default({ enableChatSupport: false, skipVehicleReturnConfirmation: false }),
    exportConfig: jsonb('export_config').$type<GroupExportConfig>().notNull().default({ authorisedTransactionExport: false }),
    ...editable(),
  },
  (t) => [
    uniqueIndex('supplier_groups_seq_key').on(t.seq),
    uniqueIndex('supplier_groups_group_id_key').on(t.groupId),
    index('supplier_groups_name_idx').on(t.name),
    index('supplier_groups_di_network_idx').on(t.belongsToDiNetwork, t.blocked),
    index('supplier_groups_modified_idx').on(t.modifiedAt),
  ],
);

/** A lease company linked to a group (spec 2 §3.4 "Linked lease account"); its id is the leaseAccountId. */
export const leaseGroupLinks = pgTable(
  'lease_group_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
    groupId: uuid('group_id').notNull().references(() => supplierGroups.id),
    serviceGroupName: text('service_group_name').notNull(),
    status: text('status').$type<LinkStatus>().notNull().default('ACTIVE'),
    agreementId: text('agreement_id'),
    agreementStatus: text('agreement_status'),
    /** Paybill config: on the 'Direct' side of the group's transfer list rather than 'ViSN (Default)'. */
    directPaybill: boolean('direct_paybill').notNull().default(false),
    linkedAt: tz('linked_at').notNull().defaultNow(),
    terminatedAt: tz('terminated_at'),
    ...editable(),
  },
  (t) => [
    index('lease_group_links_lease_idx').on(t.leaseCompanyId),
    index('lease_group_links_group_idx').on(t.groupId),
    uniqueIndex('lease_group_links_active_key').on(t.leaseCompanyId, t.groupId).where(sql`${t.status} = 'ACTIVE'`),
  ],
);
