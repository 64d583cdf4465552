/** The ViSN file types (spec 3 §9: the network's own formats). Columns are ours: the spec names the types only. */
import { LOCALES } from '../../common';
import { COMPLIANCE_TYPES, CONTRACT_PRODUCTS } from '../../customers/enums';
import { ENQUIRY_SOURCES } from '../../enquiries';
import { JOB_TYPES, TAX_CODES, type JobType } from '../../finance';
import { PERSON_NAME } from '../../formats';
import { INVITE_EMAIL_MAX, INVITE_NAME_MAX } from '../../invites';
import { SERVICE_TYPES, VEHICLE_TYPES, type ServiceType } from '../../suppliers/enums';
import type { ColumnDef, NetworkRow } from '../../network/format';
import { defineValidationType, type RowRule, type ValidationType } from '../types';
import { col, rules } from './shared';

export const VISN_CUSTOMER_CONTRACT = defineValidationType({
  id: 'VISN_CUSTOMER_CONTRACT',
  group: 'ViSN',
  label: 'Customer Contract',
  description: "A lease company's vehicles on contract, one row per vehicle: applied to its vehicles and drivers by the nightly contract import.",
  appliesAs: 'contract',
  columns: [
    col.customer(),
    col.subCustomer(),
    col.stockId(),
    col.vrm(),
    col.vin(),
    col.make(),
    col.model(),
    col.choice('Vehicle Type', 'vehicleType', VEHICLE_TYPES),
    col.choice('Contract Product', 'contractProduct', CONTRACT_PRODUCTS),
    col.date('Contract Start Date', 'contractStart'),
    col.date('Contract End Date', 'contractEnd'),
    col.yesNo('Maintained', 'maintained'),
    col.email('Driver Email', 'driverEmail', false),
  ],
  unique: [['vrm'], ['stockId']],
  rowRules: [rules.knownMake(), rules.notBefore('Contract End Date', 'contractEnd', 'Contract Start Date', 'contractStart')],
  dbChecks: [
    { kind: 'leaseCompany', column: 'customerId' },
    { kind: 'subCustomer', column: 'subCustomer', company: 'customerId' },
  ],
});

export const VISN_SUB_CUSTOMER_STOCK = defineValidationType({
  id: 'VISN_SUB_CUSTOMER_STOCK',
  group: 'ViSN',
  label: 'Sub Customer Stock',
  description: "Vehicles a lease company's sub customers hold off contract, one row per vehicle: applied to the sub customers' stock by the nightly stock import.",
  appliesAs: 'stock',
  columns: [
    col.customer(),
    col.subCustomer(true),
    col.stockId(),
    col.vrm(),
    col.vin(),
    col.make(),
    col.model(),
    col.choice('Vehicle Type', 'vehicleType', VEHICLE_TYPES),
    col.date('First Registration Date', 'firstRegistered', true, true),
    col.integer('Mileage', 'mileage', 0, 999_999, false),
    { header: 'Location Postcode', key: 'locationPostcode', kind: { type: 'postcode' }, description: 'Where the vehicle is kept: a UK postcode or an Eircode' },
    col.yesNo('Maintained', 'maintained'),
  ],
  unique: [['vrm'], ['stockId']],
  rowRules: [rules.knownMake()],
  dbChecks: [
    { kind: 'leaseCompany', column: 'customerId' },
    { kind: 'subCustomer', column: 'subCustomer', company: 'customerId' },
  ],
});

/** Why a contract ended (ours: the spec does not list them). */
export const TERMINATION_REASONS = ['END_OF_CONTRACT', 'EARLY_TERMINATION', 'TOTAL_LOSS', 'STOLEN', 'SOLD', 'OTHER'] as const;

export const VISN_CONTRACT_TERMINATION = defineValidationType({
  id: 'VISN_CONTRACT_TERMINATION',
  group: 'ViSN',
  label: 'Contract Termination',
  description: 'Contracts a lease company has ended, one row per vehicle: its vehicles are taken off contract by the nightly contract import.',
  appliesAs: 'termination',
  columns: [
    col.customer(),
    col.vrm(),
    col.stockId(false),
    col.date('Termination Date', 'terminationDate', true, true),
    col.choice('Termination Reason', 'reason', TERMINATION_REASONS),
    col.integer('Final Mileage', 'finalMileage', 0, 999_999, false),
    col.text('Other Reason', 'otherReason', 200, false),
  ],
  unique: [['vrm']],
  rowRules: [rules.requiredWhen('Other Reason', 'otherReason', 'the Termination Reason is OTHER', (r) => r.reason === 'OTHER')],
  dbChecks: [
    { kind: 'leaseCompany', column: 'customerId' },
    { kind: 'vehicleOfCompany', column: 'vrm', company: 'customerId' },
  ],
});

/** The VAT of a line is its net amount at the tax code's rate, to the penny (one penny either way for rounding). */
const vatMatchesTaxCode: RowRule = {
  column: 'VAT Amount',
  message: "VAT Amount does not match the Tax Code's rate",
  holds: (r: NetworkRow) => {
    const rate = TAX_CODES.find((t) => t.code === r.taxCode)?.rateBp ?? 0;
    return Math.abs(Number(r.vatAmount) - Math.round((Number(r.netAmount) * rate) / 10_000)) <= 1;
  },
};

export const VISN_VEHICLE_SERVICE_HISTORY = defineValidationType({
  id: 'VISN_VEHICLE_SERVICE_HISTORY',
  group: 'ViSN',
  label: 'Vehicle Service History',
  description: "Work done on a lease company's vehicles before they joined the network, one row per job: added to each vehicle's service record.",
  columns: [
    col.customer(),
    col.vrm(),
    col.date('Service Date', 'serviceDate', true, true),
    col.integer('Mileage', 'mileage', 0, 999_999),
    col.choice('Service Type', 'serviceType', SERVICE_TYPES),
    col.jobCode(),
    col.supplier(false),
    col.choice('Booking Source', 'source', ENQUIRY_SOURCES, false),
    col.text('Invoice Number', 'invoiceNumber', 30, false),
    col.money('Net Amount', 'netAmount'),
    col.choice('Tax Code', 'taxCode', TAX_CODES.map((t) => t.code)),
    col.money('VAT Amount', 'vatAmount'),
  ],
  unique: [['vrm', 'serviceDate', 'jobCode']],
  rowRules: [vatMatchesTaxCode],
  dbChecks: [
    { kind: 'leaseCompany', column: 'customerId' },
    { kind: 'vehicleOfCompany', column: 'vrm', company: 'customerId' },
    { kind: 'supplier', column: 'supplierId' },
    { kind: 'jobCode', column: 'jobCode' },
  ],
});

/** A price list's dates: from a day, until an optional last day. */
const effectiveDates = (): ColumnDef[] => [col.date('Effective From', 'effectiveFrom'), col.date('Effective To', 'effectiveTo', false)];
const effectiveOrder = () => rules.notBefore('Effective To', 'effectiveTo', 'Effective From', 'effectiveFrom');

export const VISN_SMR_PRICE_CATALOGUE = defineValidationType({
  id: 'VISN_SMR_PRICE_CATALOGUE',
  group: 'ViSN',
  label: 'SMR Price Catalogue',
  description: "A supplier's agreed service, maintenance and repair prices, one row per job code and model.",
  columns: [
    col.supplier(),
    col.jobCode(),
    col.make(),
    col.model(),
    col.choice('Vehicle Type', 'vehicleType', VEHICLE_TYPES),
    col.integer('Labour Minutes', 'labourMinutes', 0, 1_440),
    col.money('Parts Price', 'partsPrice'),
    col.money('Labour Price', 'labourPrice'),
    ...effectiveDates(),
  ],
  unique: [['supplierId', 'jobCode', 'make', 'model']],
  rowRules: [rules.knownMake(), effectiveOrder()],
  dbChecks: [
    { kind: 'supplier', column: 'supplierId' },
    { kind: 'jobCode', column: 'jobCode' },
  ],
});

/** Glass a vehicle has (ours). */
export const GLASS_POSITIONS = ['WINDSCREEN', 'REAR_SCREEN', 'FRONT_SIDE', 'REAR_SIDE', 'QUARTER', 'SUNROOF'] as const;

export const VISN_GLASS_PRICE_CATALOGUE = defineValidationType({
  id: 'VISN_GLASS_PRICE_CATALOGUE',
  group: 'ViSN',
  label: 'Glass Price Catalogue',
  description: "A glass supplier group's agreed replacement prices, one row per model and glass position, with the ADAS camera calibration where the model needs one.",
  columns: [
    col.group(),
    col.make(),
    col.model(),
    col.choice('Glass Position', 'glassPosition', GLASS_POSITIONS),
    col.money('Glass Price', 'glassPrice'),
    col.yesNo('ADAS Calibration', 'adasCalibration'),
    col.money('Calibration Price', 'calibrationPrice', false),
    ...effectiveDates(),
  ],
  unique: [['groupId', 'make', 'model', 'glassPosition']],
  rowRules: [rules.knownMake(), rules.requiredWhen('Calibration Price', 'calibrationPrice', 'ADAS Calibration is Yes', (r) => r.adasCalibration === true), effectiveOrder()],
  dbChecks: [{ kind: 'group', column: 'groupId' }],
});

/** Tyre speed ratings (ours: the ratings fleet tyres carry). */
export const TYRE_SPEED_RATINGS = ['L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y'] as const;
export const TYRE_TIERS = ['BUDGET', 'MID_RANGE', 'PREMIUM'] as const;

export const VISN_TYRE_PRICE_CATALOGUE = defineValidationType({
  id: 'VISN_TYRE_PRICE_CATALOGUE',
  group: 'ViSN',
  label: 'Tyre Price Catalogue',
  description: "A tyre supplier group's agreed fitted prices, one row per tyre (by its EAN).",
  columns: [
    col.group(),
    { header: 'EAN', key: 'ean', kind: { type: 'pattern', pattern: /^\d{13}$/, hint: 'a 13-digit EAN', max: 13 }, required: true, description: "The tyre's 13-digit European Article Number" },
    col.text('Brand', 'brand', 30),
    col.text('Tread Pattern', 'treadPattern', 50),
    { header: 'Size', key: 'size', kind: { type: 'pattern', pattern: /^\d{3}\/\d{2} ?Z?R ?\d{2}C?$/, hint: 'a tyre size such as 205/55 R16', max: 14 }, required: true, description: 'Width/profile, construction and rim size (205/55 R16, 215/65 R16C)' },
    col.integer('Load Index', 'loadIndex', 50, 150),
    col.choice('Speed Rating', 'speedRating', TYRE_SPEED_RATINGS),
    col.choice('Tier', 'tier', TYRE_TIERS),
    col.yesNo('Run Flat', 'runFlat'),
    col.money('Fitted Price', 'fittedPrice'),
    ...effectiveDates(),
  ],
  unique: [['groupId', 'ean']],
  rowRules: [effectiveOrder()],
  dbChecks: [{ kind: 'group', column: 'groupId' }],
});

/** The job type a service type's work is billed under (STANDARD is maintenance repair). */
const JOB_TYPE_OF_SERVICE: Record<ServiceType, JobType> = {
  SMR: 'STANDARD',
  SERVICE: 'STANDARD',
  REPAIR: 'STANDARD',
  TYRE: 'TYRES',
  GLASS: 'GLASS',
  BODYSHOP: 'BODYSHOP',
  ALLOY_WHEELS: 'BODYSHOP',
  MOT: 'MOT',
  BREAKDOWN: 'BREAKDOWN',
};

export const VISN_REPAIR_DESCRIPTIONS = defineValidationType({
  id: 'VISN_REPAIR_DESCRIPTIONS',
  group: 'ViSN',
  label: 'Repair Descriptions',
  description: 'The wording of each job code as suppliers and drivers read it, per locale, with the service and job type it is booked and billed under.',
  columns: [
    col.jobCode(),
    col.choice('Locale', 'locale', LOCALES),
    col.text('Description', 'description', 100),
    col.choice('Service Type', 'serviceType', SERVICE_TYPES),
    col.choice('Job Type', 'jobType', JOB_TYPES),
    col.yesNo('Authorisation Required', 'authorisationRequired'),
    col.text('Driver Description', 'driverDescription', 250, false),
  ],
  unique: [['jobCode', 'locale']],
  rowRules: [{ column: 'Job Type', message: 'Job Type does not match the Service Type', holds: (r) => JOB_TYPE_OF_SERVICE[r.serviceType as ServiceType] === r.jobType }],
  dbChecks: [{ kind: 'jobCode', column: 'jobCode' }],
});

export const VISN_SUPPLEMENTARY_REPAIR_DESCRIPTIONS = defineValidationType({
  id: 'VISN_SUPPLEMENTARY_REPAIR_DESCRIPTIONS',
  group: 'ViSN',
  label: 'Supplementary Repair Descriptions',
  description: 'Extra work a supplier may add to a job code, per locale, with the amount it may charge without asking for authorisation.',
  columns: [
    col.jobCode(),
    col.jobCode('Supplementary Code', 'supplementaryCode'),
    col.choice('Locale', 'locale', LOCALES),
    col.text('Description', 'description', 100),
    col.yesNo('Authorisation Required', 'authorisationRequired'),
    col.money('Authorisation Limit', 'authorisationLimit', false),
  ],
  unique: [['supplementaryCode', 'locale']],
  rowRules: [
    { column: 'Supplementary Code', message: 'Supplementary Code cannot be the Job Code', holds: (r) => String(r.supplementaryCode).toLowerCase() !== String(r.jobCode).toLowerCase() },
    rules.requiredWhen('Authorisation Limit', 'authorisationLimit', 'Authorisation Required is No', (r) => r.authorisationRequired === false),
  ],
  dbChecks: [{ kind: 'jobCode', column: 'jobCode' }],
});

export const COMPLIANCE_RESULTS = ['PASS', 'FAIL', 'REFERRED'] as const;

export const VISN_DRIVER_COMPLIANCE = defineValidationType({
  id: 'VISN_DRIVER_COMPLIANCE',
  group: 'ViSN',
  label: 'Driver Compliance',
  description: "The latest licence and fit-to-drive checks of a lease company's drivers, one row per driver and check.",
  columns: [
    col.customer(),
    col.subCustomer(),
    col.email('Driver Email', 'driverEmail'),
    col.text('Employee Id', 'employeeId', 30, false),
    col.choice('Compliance Type', 'complianceType', COMPLIANCE_TYPES),
    col.date('Check Date', 'checkDate', true, true),
    col.choice('Result', 'result', COMPLIANCE_RESULTS),
    col.integer('Penalty Points', 'penaltyPoints', 0, 99, false),
    col.date('Next Check Due', 'nextCheckDue'),
  ],
  unique: [['driverEmail', 'complianceType']],
  rowRules: [
    { column: 'Penalty Points', message: 'Penalty Points are only given for a DRIVING_LICENSE_CHECK', holds: (r) => r.penaltyPoints === null || r.penaltyPoints === undefined || r.complianceType === 'DRIVING_LICENSE_CHECK' },
    rules.notBefore('Next Check Due', 'nextCheckDue', 'Check Date', 'checkDate'),
  ],
  dbChecks: [
    { kind: 'leaseCompany', column: 'customerId' },
    { kind: 'subCustomer', column: 'subCustomer', company: 'customerId' },
    { kind: 'driverOfCompany', column: 'driverEmail', company: 'customerId' },
  ],
});

/** A person's name as the Invite User drawer takes it (domain/invites.ts). */
const personName = (header: string, key: string): ColumnDef => ({
  header,
  key,
  kind: { type: 'pattern', pattern: PERSON_NAME, hint: `a name of at most ${INVITE_NAME_MAX} letters, spaces, apostrophes or hyphens`, max: INVITE_NAME_MAX },
  required: true,
  description: header,
});

export const VISN_INVITE_SUPPLIER_USERS = defineValidationType({
  id: 'VISN_INVITE_SUPPLIER_USERS',
  group: 'ViSN',
  label: 'Invite Supplier Users',
  description: "People to invite to the suppliers' app, one row per user: each is sent the invitation the Invite User drawer sends.",
  columns: [
    col.supplier(),
    personName('First Name', 'firstname'),
    personName('Last Name', 'lastname'),
    col.email('Email', 'email'),
    col.yesNo('Admin', 'isAdmin'),
  ],
  unique: [['email']],
  rowRules: [{ column: 'Email', message: `Email must be at most ${INVITE_EMAIL_MAX} characters`, holds: (r) => String(r.email).length <= INVITE_EMAIL_MAX }],
  dbChecks: [
    { kind: 'supplier', column: 'supplierId' },
    { kind: 'newUser', column: 'email' },
  ],
});

export const VISN_TYPES: readonly ValidationType[] = [
  VISN_CUSTOMER_CONTRACT,
  VISN_SUB_CUSTOMER_STOCK,
  VISN_CONTRACT_TERMINATION,
  VISN_VEHICLE_SERVICE_HISTORY,
  VISN_SMR_PRICE_CATALOGUE,
  VISN_GLASS_PRICE_CATALOGUE,
  VISN_TYRE_PRICE_CATALOGUE,
  VISN_REPAIR_DESCRIPTIONS,
  VISN_SUPPLEMENTARY_REPAIR_DESCRIPTIONS,
  VISN_DRIVER_COMPLIANCE,
  VISN_INVITE_SUPPLIER_USERS,
];
