import { pgTable, uuid, text, integer, boolean, bigserial, index, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editable, tz } from './columns';
import { leaseCompanies, subCustomers } from './customers';
import type { ContractStatus } from '../../../domain/enquiries';
import type { VehicleType } from '../../../domain/suppliers';

/** Drivers of a lease company's vehicles (spec 3 §3 "Driver"). */
export const drivers = pgTable(
  'drivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
    subCustomerId: uuid('sub_customer_id').references(() => subCustomers.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    employeeId: text('employee_id'),
    startDate: date('start_date', { mode: 'string' }),
    /** Employment end; Restore Employment clears it. */
    endDate: date('end_date', { mode: 'string' }),
    mandateSignDate: date('mandate_sign_date', { mode: 'string' }),
    manualMandate: boolean('manual_mandate').notNull().default(false),
    enableLicenseCheck: boolean('enable_license_check').notNull().default(false),
    disqualification: boolean('disqualification').notNull().default(false),
    ...editable(),
  },
  (t) => [index('drivers_lease_idx').on(t.leaseCompanyId), index('drivers_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * A driver's current web mandate link (Resend Driver Web Mandate; server/rpc/driverMandate.ts):
 * one row per driver, replaced by each resend. The e-mailed token carries `nonce`, so a link whose
 * nonce is no longer here was replaced by a newer one; `used_at` ends the link once it is used.
 */
export const driverMandateLinks = pgTable('driver_mandate_links', {
  driverId: uuid('driver_id')
    .primaryKey()
    .references(() => drivers.id, { onDelete: 'cascade' }),
  /** 16 random bytes, base64url: which link is the current one. */
  nonce: text('nonce').notNull(),
  issuedAt: tz('issued_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
});

/** Vehicle stock of a lease company (spec 3 §3 "Vehicle stock entry"). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    leaseCompanyId: uuid('lease_company_id').notNull().references(() => leaseCompanies.id),
    subCustomerId: uuid('sub_customer_id').references(() => subCustomers.id),
    stockId: text('stock_id').notNull(),
    vrm: text('vrm').notNull(),
    vin: text('vin'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull().default('CAR'),
    fuelType: text('fuel_type'),
    managed: boolean('managed').notNull().default(true),
    contractStatus: text('contract_status').$type<ContractStatus>().notNull().default('active'),
    contractProduct: text('contract_product'),
    driverId: uuid('driver_id').references(() => drivers.id),
    registeredOn: date('registered_on', { mode: 'string' }),
    contractEndDate: date('contract_end_date', { mode: 'string' }),
    mileage: integer('mileage'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('vehicles_seq_key').on(t.seq),
    uniqueIndex('vehicles_stock_key').on(t.leaseCompanyId, t.stockId),
    index('vehicles_vrm_idx').on(t.vrm),
    index('vehicles_vin_idx').on(t.vin),
    index('vehicles_driver_idx').on(t.driverId),
    index('vehicles_contract_status_idx').on(t.contractStatus),
  ],
);
