import { pgTable, uuid, text, integer, boolean, index, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { editable, tz } from './columns';
import { leaseCompanies, subCustomers } from './customers';
import { supplierGroups } from './groups';
import { suppliers } from './suppliers';
import type { BillingSubscriptionStatus } from '../../../domain/finance';
import type { Currency } from '../../../domain/common';
import type { CustomerKind } from '../../../domain/customers';
import type { BookingFeeType } from '../../../domain/billingValidation';

/**
 * The local billing ledger that stands in for the billing provider: customers (billingRefId)
 * and their subscriptions with items (spec 1 §3 "Subscription").
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    /** The billing reference (billingRefId on customers and suppliers). */
    id: text('id').primaryKey(),
    company: text('company').notNull(),
    email: text('email'),
    currency: text('currency').$type<Currency>().notNull(),
    leaseCompanyId: uuid('lease_company_id').references(() => leaseCompanies.id),
    groupId: uuid('group_id').references(() => supplierGroups.id),
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    ...editable(),
  },
  (t) => [
    index('billing_customers_lease_idx').on(t.leaseCompanyId),
    index('billing_customers_group_idx').on(t.groupId),
    index('billing_customers_supplier_idx').on(t.supplierId),
  ],
);

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    billingCustomerId: text('billing_customer_id').notNull().references(() => billingCustomers.id),
    status: text('status').$type<BillingSubscriptionStatus>().notNull(),
    /** The main plan's item price. */
    itemPriceId: text('item_price_id').notNull(),
    /** The drawer compares the product's records with the provider's; these flag which side knows it. */
    inProduct: boolean('in_product').notNull().default(true),
    inProvider: boolean('in_provider').notNull().default(true),
    startedAt: tz('started_at').notNull(),
    currentTermEnd: tz('current_term_end'),
    cancelledAt: tz('cancelled_at'),
    ...editable(),
  },
  (t) => [index('billing_subscriptions_customer_idx').on(t.billingCustomerId), index('billing_subscriptions_status_idx').on(t.status)],
);

export const billingSubscriptionItems = pgTable(
  'billing_subscription_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: text('subscription_id').notNull().references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    itemPriceId: text('item_price_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Minor units. */
    unitPrice: integer('unit_price').notNull(),
  },
  (t) => [index('billing_subscription_items_subscription_idx').on(t.subscriptionId)],
);

/**
 * The ledger's usage charges: the platform fees charged per completed booking (domain
 * billingValidation BOOKING_FEE_TYPES), which the nightly billing validation checks against the
 * completed bookings. One charge per enquiry and fee type, so a booking is never charged twice.
 * enquiry_id has no foreign key: the enquiry may have moved to archived_enquiries.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billingCustomerId: text('billing_customer_id').notNull().references(() => billingCustomers.id),
    leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
    /** The sub customer charged, when the fee is assigned to sub customers and the booking has one. */
    subCustomerId: uuid('sub_customer_id').references(() => subCustomers.id),
    enquiryId: uuid('enquiry_id').notNull(),
    enquiryNumber: text('enquiry_number').notNull(),
    feeType: text('fee_type').$type<BookingFeeType>().notNull(),
    platformFeeAssignee: text('platform_fee_assignee').$type<CustomerKind>().notNull(),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** The day (UTC) the booking was completed, which the charge is for. */
    chargedOn: date('charged_on', { mode: 'string' }).notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_charges_enquiry_fee_key').on(t.enquiryId, t.feeType),
    index('billing_charges_lease_day_idx').on(t.leaseCompanyId, t.chargedOn),
    index('billing_charges_customer_idx').on(t.billingCustomerId),
  ],
);
