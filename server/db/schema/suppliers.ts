import { pgTable, uuid, text, integer, boolean, jsonb, bigserial, index, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { editable, addressColumns, geoColumns, tz } from './columns';
import { supplierGroups } from './groups';
import type { Locale, Minor, OpeningHours } from '../../../domain/common';
import type {
  Facility,
  FnpBand,
  FranchiseTerms,
  MotRate,
  Rate,
  Restrictions,
  SupplementaryService,
  SupplierExceptionType,
  SupplierService,
  SupplierType,
  SupplierVehicleType,
  UnitStatus,
  VehicleServices,
} from '../../../domain/suppliers';

/** Suppliers: garages, also called service units (spec 2 §3.1). The id is the serviceUnitId. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The owning group (accountObjectId). */
    groupId: uuid('group_id').notNull().references(() => supplierGroups.id),
    /** The 'DI Supplier Id'. */
    supplierId: text('supplier_id').notNull(),
    name: text('name').notNull(),
    companyRegistrationNumber: text('company_registration_number'),
    vatRegistrationNumber: text('vat_registration_number'),
    locale: text('locale').$type<Locale>().notNull().default('en_GB'),
    ...addressColumns(),
    ...geoColumns(),
    primaryPhoneNumber: text('primary_phone_number'),
    bookingPhoneNumber: text('booking_phone_number'),
    faxNumber: text('fax_number'),
    email: text('email'),
    /** Miles. */
    servingRadius: integer('serving_radius').notNull().default(10),
    mobileRadius: integer('mobile_radius').notNull().default(0),
    unitStatus: text('unit_status').$type<UnitStatus>().notNull().default('live'),
    supplierType: text('supplier_type').$type<SupplierType>(),
    /** Franchises (manufacturer names) of a franchised dealer. */
    manufacturers: jsonb('manufacturers').$type<string[]>().notNull().default([]),
    services: jsonb('services').$type<SupplierService[]>().notNull().default([]),
    vehicleTypes: jsonb('vehicle_types').$type<SupplierVehicleType[]>().notNull().default([]),
    vehicleServices: jsonb('vehicle_services').$type<VehicleServices>(),
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    restrictions: jsonb('restrictions').$type<Restrictions>(),
    facilities: jsonb('facilities').$type<Facility[]>().notNull().default([]),
    supplementaryServices: jsonb('supplementary_services').$type<SupplementaryService[]>().notNull().default([]),
    useHeadOfficeNameAndAddress: boolean('use_head_office_name_and_address').notNull().default(false),
    overrideEnabled: boolean('override_enabled').notNull().default(false),
    mandatoryTyreReadings: boolean('mandatory_tyre_readings').notNull().default(true),
    accountSystemReference: text('account_system_reference'),
    /** Id of the supplier in the accounting (finance) system; missing means a mapping exception. */
    financeSupplierId: text('finance_supplier_id'),
    billingRefId: text('billing_ref_id'),
    terminatedAt: tz('terminated_at'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('suppliers_seq_key').on(t.seq),
    uniqueIndex('suppliers_supplier_id_key').on(t.supplierId),
    index('suppliers_group_idx').on(t.groupId),
    index('suppliers_unit_status_idx').on(t.unitStatus),
    index('suppliers_modified_idx').on(t.modifiedAt),
    index('suppliers_finance_supplier_idx').on(t.financeSupplierId),
    index('suppliers_post_code_idx').on(t.postCode),
  ],
);

/** Escalation contact of a supplier (spec 2 §3.2), one per supplier. */
export const supplierEscalations = pgTable('supplier_escalations', {
  supplierId: uuid('supplier_id').primaryKey().references(() => suppliers.id),
  name: text('name').notNull(),
  number: text('number').notNull(),
  email: text('email'),
  notes: text('notes').notNull(),
  ...editable(),
});

/** Open and resolved exceptions of a supplier (e.g. no finance-system mapping). */
export const supplierExceptions = pgTable(
  'supplier_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id').notNull().references(() => suppliers.id),
    type: text('type').$type<SupplierExceptionType>().notNull(),
    isResolved: boolean('is_resolved').notNull().default(false),
    raisedAt: tz('raised_at').notNull().defaultNow(),
    resolvedAt: tz('resolved_at'),
  },
  (t) => [index('supplier_exceptions_supplier_idx').on(t.supplierId, t.isResolved)],
);

/** DI network terms of a supplier whose group belongs to the DI network (spec 2 §3.5). */
export const supplierNetworkTerms = pgTable(
  'supplier_network_terms',
  {
    supplierId: uuid('supplier_id').primaryKey().references(() => suppliers.id),
    nominatedDealerName: text('nominated_dealer_name').notNull(),
    fnpEnabled: boolean('fnp_enabled').notNull().default(false),
    fnpBand: text('fnp_band').$type<FnpBand>().notNull().default('NONE'),
    /** Rebate percentage × 100 (basis points); under 10 %. */
    rebateBp: integer('rebate_bp').notNull().default(0),
    rebateAmount: integer('rebate_amount').$type<Minor>(),
    franchises: jsonb('franchises').$type<FranchiseTerms[]>().notNull().default([]),
    motRates: jsonb('mot_rates').$type<MotRate[]>().notNull().default([]),
    fluidRates: jsonb('fluid_rates').$type<Rate[]>().notNull().default([]),
    tyreAncillaryRates: jsonb('tyre_ancillary_rates').$type<Rate[]>().notNull().default([]),
    wheelAlignmentRates: jsonb('wheel_alignment_rates').$type<Rate[]>().notNull().default([]),
    agreedCreditLimit: integer('agreed_credit_limit').$type<Minor>(),
    creditLimitUpdatedAt: tz('credit_limit_updated_at'),
    creditLimitUpdatedBy: text('credit_limit_updated_by'),
    lastPhysicalAudit: date('last_physical_audit', { mode: 'string' }),
    lastDesktopAudit: date('last_desktop_audit', { mode: 'string' }),
    ...editable(),
  },
  (t) => [index('supplier_network_terms_fnp_idx').on(t.fnpBand)],
);
