import { pgTable, uuid, text, integer, boolean, jsonb, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editable, addressColumns, tz } from './columns';
import type { Currency, Locale } from '../../../domain/common';
import type {
  CustomerConfig,
  CustomerKind,
  CustomerPlatformFees,
  CustomerStatus,
  CustomerType,
  FleetLevel,
  RateCardType,
  RetailerConfig,
  Webhooks,
} from '../../../domain/customers';

/** Accounting-service customer categories (spec 3 "Show Categories"); a PayBill customer needs one. */
export const accountingCategories = pgTable('accounting_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

/** Lease companies, the network's customers (spec 1 §3). */
export const leaseCompanies = pgTable(
  'lease_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the search tie-breaker. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The 'DI Customer Id' shown on cards. */
    diCustomerId: text('di_customer_id').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<CustomerStatus>().notNull().default('ACTIVE'),
    customerType: text('customer_type').$type<CustomerType>().notNull(),
    rateCardType: text('rate_card_type').$type<RateCardType>().notNull(),
    fleetLevel: text('fleet_level').$type<FleetLevel>(),
    currency: text('currency').$type<Currency>().notNull(),
    locale: text('locale').$type<Locale>().notNull().default('en_GB'),
    companyRegistrationNumber: text('company_registration_number'),
    vatNumber: text('vat_number'),
    billingRefId: text('billing_ref_id'),
    categoryId: text('category_id').references(() => accountingCategories.id),
    customerNameForDirectPaybill: text('customer_name_for_direct_paybill'),
    ...addressColumns(),
    mainPhoneNumber: text('main_phone_number'),
    infoEmail: text('info_email'),
    contactName: text('contact_name'),
    landLineNumber: text('land_line_number'),
    mobileNumber: text('mobile_number'),
    email: text('email'),
    whatsappNumber: text('whatsapp_number'),
    /** true, false (the customer accepted non-MFA risk) or unset. */
    enforceMfa: boolean('enforce_mfa'),
    supplierProximity: integer('supplier_proximity').notNull().default(10),
    maxSubCustomerAssignmentsAllowed: integer('max_sub_customer_assignments_allowed').notNull().default(5),
    webLinkId: text('web_link_id'),
    accountManager: text('account_manager'),
    accountNumber: text('account_number'),
    platformFeeAssignee: text('platform_fee_assignee').$type<CustomerKind>(),
    invoiceSupplementFileEnabled: boolean('invoice_supplement_file_enabled').notNull().default(false),
    config: jsonb('config').$type<CustomerConfig>().notNull(),
    platformFees: jsonb('platform_fees').$type<CustomerPlatformFees>(),
    webhooks: jsonb('webhooks').$type<Webhooks>(),
    retailerConfig: jsonb('retailer_config').$type<RetailerConfig>(),
    terminatedAt: tz('terminated_at'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('lease_companies_seq_key').on(t.seq),
    uniqueIndex('lease_companies_di_customer_id_key').on(t.diCustomerId),
    uniqueIndex('lease_companies_web_link_id_key').on(t.webLinkId),
    index('lease_companies_status_idx').on(t.status),
    index('lease_companies_name_idx').on(t.name),
    index('lease_companies_rate_card_type_idx').on(t.rateCardType),
    index('lease_companies_category_idx').on(t.categoryId),
    index('lease_companies_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Sub-customers of a lease company (customer kind SUB_CUSTOMER, spec 3 §9); drivers and vehicles sit under them. */
export const subCustomers = pgTable(
  'sub_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
    name: text('name').notNull(),
    status: text('status').$type<CustomerStatus>().notNull().default('ACTIVE'),
    ...editable(),
  },
  (t) => [index('sub_customers_lease_idx').on(t.leaseCompanyId)],
);
