/**
 * The partners' file types (spec 3 §9: GSF, Jurni, Autoserve, Enterprise GB and IE, Lex). The spec
 * names the groups only; the types and their columns are ours, written as each partner's own export
 * would head them ('Reg No', 'Account Number', 'Agreement Start'), so they differ from ViSN's.
 */
import { CURRENCY_BY_LOCALE, type Locale } from '../../common';
import { CONTRACT_PRODUCTS } from '../../customers/enums';
import { JOB_TYPES } from '../../finance';
import { isEircode, isIeVrm, isUkPostcode, isUkVrm } from '../../formats';
import type { ColumnDef, NetworkRow } from '../../network/format';
import { SERVICE_TYPES, VEHICLE_TYPES } from '../../suppliers/enums';
import { defineValidationType, type DbCheck, type RowRule, type ValidationType } from '../types';
import { col, rules } from './shared';

// ---------------------------------------------------------------------------------------------
// What the partners' files have in common

/**
 * The registration cell is already a valid UK or Irish registration when a row rule runs (the cell
 * kind checked it on the file's day); the rules below ask only which country's form it has, so they
 * read it on a day after every issued age identifier.
 */
const ANY_DAY = new Date(Date.UTC(2099, 11, 31));
const given = (v: unknown) => v !== null && v !== undefined;

/** The partners' own service plans (Lex's product is LEX_AUTO, the others' the network's). */
const NETWORK_PRODUCTS = CONTRACT_PRODUCTS.filter((p) => p !== 'LEX_AUTO');
const LEX_PRODUCTS = CONTRACT_PRODUCTS.filter((p) => p === 'LEX_AUTO');
/** Why a vehicle left a partner's fleet. */
const TERMINATION_REASONS = ['END_OF_CONTRACT', 'EARLY_TERMINATION', 'TOTAL_LOSS', 'STOLEN', 'SOLD'] as const;
const DEFLEET_REASONS = ['END_OF_TERM', 'SOLD', 'TOTAL_LOSS', 'STOLEN', 'TRANSFER'] as const;

const pc = {
  /** The lease company's DI Customer Id under the partner's header. */
  account: (header: string): ColumnDef => col.customer(header),
  /** The lease company's own customer (a sub customer) by name, under the partner's header. */
  endUser: (header: string): ColumnDef => ({ ...col.subCustomer(), header }),
  stockId: (header: string): ColumnDef => ({ ...col.stockId(), header, description: `${header}: the partner's own reference of the vehicle` }),
  make: (header = 'Make'): ColumnDef => ({ ...col.make(), header }),
  vin: (header: string, required = false): ColumnDef => ({ ...col.vin(required), header }),
  vehicleType: (header: string): ColumnDef => col.choice(header, 'vehicleType', VEHICLE_TYPES),
  ref: (header: string, key: string, max: number, description: string, required = true): ColumnDef => ({ ...col.text(header, key, max, required), description }),
  mileage: (header: string, key: string, required = true): ColumnDef => col.integer(header, key, 0, 999_999, required),
  percent: (header: string, key: string, required = false): ColumnDef => ({ header, key, kind: { type: 'percent', max: 100 }, required, description: `${header}: a percentage from 0 to 100 with up to 2 decimals` }),
  postcode: (header: string): ColumnDef => ({ header, key: 'postcode', kind: { type: 'postcode' }, required: true, description: `${header} of the branch the vehicle is based at` }),
  currency: (locale: Locale): ColumnDef => col.choice('Currency', 'currency', [CURRENCY_BY_LOCALE[locale]]),
  driverEmail: (header = 'Driver Email'): ColumnDef => col.email(header, 'driverEmail', false),
};

const pr = {
  knownMake: (header = 'Make'): RowRule => ({ ...rules.knownMake(), column: header, message: `${header} is not a known vehicle make` }),
  /** The registration has the form of the locale's country (an Enterprise file is one country's fleet). */
  registrationOf: (header: string, locale: Locale): RowRule => ({
    column: header,
    message: locale === 'en_IE' ? `${header} must be an Irish registration` : `${header} must be a UK registration`,
    holds: (r: NetworkRow) => (locale === 'en_IE' ? isIeVrm : isUkVrm)(r.vrm, ANY_DAY),
  }),
  postcodeOf: (header: string, locale: Locale): RowRule => ({
    column: header,
    message: locale === 'en_IE' ? `${header} must be an Eircode` : `${header} must be a UK postcode`,
    holds: (r: NetworkRow) => (locale === 'en_IE' ? isEircode : isUkPostcode)(r.postcode),
  }),
  /** `header` (key `key`) must be given when `whenKey` is. */
  requiredWith: (header: string, key: string, whenHeader: string, whenKey: string): RowRule => ({
    column: header,
    message: `${header} is required when ${whenHeader} is given`,
    holds: (r: NetworkRow) => !given(r[whenKey]) || given(r[key]),
  }),
};

const check = {
  customer: (): DbCheck => ({ kind: 'leaseCompany', column: 'customerId' }),
  subCustomer: (): DbCheck => ({ kind: 'subCustomer', column: 'subCustomer', company: 'customerId' }),
  vehicle: (): DbCheck => ({ kind: 'vehicleOfCompany', column: 'vrm', company: 'customerId' }),
  driver: (): DbCheck => ({ kind: 'driverOfCompany', column: 'driverEmail', company: 'customerId' }),
};

// ---------------------------------------------------------------------------------------------
// GSF

export const GSF_CONTRACT = defineValidationType({
  id: 'GSF_CONTRACT',
  group: 'GSF',
  label: 'Contract',
  description: "GSF's agreements export, one row per vehicle on agreement: applied to the lease company's vehicles by the nightly contract import.",
  appliesAs: 'contract',
  columns: [
    pc.account('Account Number'),
    pc.endUser('Customer Name'),
    pc.ref('Agreement No', 'agreementNo', 20, "GSF's agreement number"),
    col.vrm('Reg No'),
    pc.vin('Chassis No'),
    pc.make('Manufacturer'),
    col.model(),
    pc.vehicleType('Vehicle Category'),
    col.choice('Service Plan', 'contractProduct', NETWORK_PRODUCTS),
    col.date('Agreement Start', 'contractStart'),
    col.date('Agreement End', 'contractEnd'),
    col.integer('Contract Mileage', 'contractMileage', 1_000, 300_000),
    col.yesNo('Maintenance Included', 'maintained'),
    pc.driverEmail(),
  ],
  unique: [['vrm'], ['agreementNo']],
  rowRules: [pr.knownMake('Manufacturer'), rules.notBefore('Agreement End', 'contractEnd', 'Agreement Start', 'contractStart')],
  dbChecks: [check.customer(), check.subCustomer()],
});

export const GSF_STOCK = defineValidationType({
  id: 'GSF_STOCK',
  group: 'GSF',
  label: 'Stock',
  description: "GSF's fleet list, one row per vehicle the lease company or one of its customers holds: applied to its vehicle stock by the nightly stock import.",
  appliesAs: 'stock',
  columns: [
    pc.account('Account Number'),
    pc.endUser('Customer Name'),
    pc.stockId('Stock No'),
    col.vrm('Reg No'),
    pc.vin('Chassis No'),
    pc.make('Manufacturer'),
    col.model(),
    pc.vehicleType('Vehicle Category'),
    col.date('Date Registered', 'registeredOn', true, true),
    pc.mileage('Odometer', 'mileage', false),
    col.yesNo('Managed', 'managed'),
  ],
  unique: [['vrm'], ['stockId']],
  rowRules: [pr.knownMake('Manufacturer')],
  dbChecks: [check.customer(), check.subCustomer()],
});

// ---------------------------------------------------------------------------------------------
// Jurni

export const JURNI_CONTRACT = defineValidationType({
  id: 'JURNI_CONTRACT',
  group: 'Jurni',
  label: 'Contract',
  description: "Jurni's contract hire export, one row per vehicle on contract with its end user and driver: applied by the nightly contract import.",
  appliesAs: 'contract',
  columns: [
    pc.account('Customer Account'),
    pc.endUser('End User'),
    pc.ref('Jurni Ref', 'agreementNo', 20, "Jurni's contract reference"),
    col.vrm('Registration Number'),
    pc.make(),
    col.model(),
    pc.vehicleType('Vehicle Type'),
    col.choice('Service Plan', 'contractProduct', NETWORK_PRODUCTS),
    col.date('Start Date', 'contractStart'),
    col.date('End Date', 'contractEnd'),
    col.integer('Annual Mileage', 'annualMileage', 1_000, 100_000),
    col.money('Monthly Rental', 'monthlyRental'),
    pc.ref('Driver Name', 'driverName', 100, "The driver's full name", false),
    pc.driverEmail(),
  ],
  unique: [['vrm'], ['agreementNo']],
  rowRules: [
    pr.knownMake(),
    rules.notBefore('End Date', 'contractEnd', 'Start Date', 'contractStart'),
    pr.requiredWith('Driver Email', 'driverEmail', 'Driver Name', 'driverName'),
  ],
  dbChecks: [check.customer(), check.subCustomer()],
});

export const JURNI_STOCK = defineValidationType({
  id: 'JURNI_STOCK',
  group: 'Jurni',
  label: 'Stock',
  description: "Jurni's fleet list, one row per vehicle with its end user and current driver: applied to the lease company's vehicle stock by the nightly stock import.",
  appliesAs: 'stock',
  columns: [
    pc.account('Customer Account'),
    pc.endUser('End User'),
    pc.stockId('Fleet No'),
    col.vrm('Registration Number'),
    pc.vin('VIN'),
    pc.make(),
    col.model(),
    pc.vehicleType('Vehicle Type'),
    col.date('First Registered', 'registeredOn', true, true),
    col.yesNo('Managed', 'managed'),
    pc.driverEmail(),
  ],
  unique: [['vrm'], ['stockId']],
  rowRules: [pr.knownMake()],
  dbChecks: [check.customer(), check.subCustomer(), check.driver()],
});

export const JURNI_TERMINATION = defineValidationType({
  id: 'JURNI_TERMINATION',
  group: 'Jurni',
  label: 'Termination',
  description: "Jurni's terminations, one row per vehicle leaving contract: the nightly contract import ends the vehicle's contract on its termination date.",
  appliesAs: 'termination',
  columns: [
    pc.account('Customer Account'),
    pc.ref('Jurni Ref', 'agreementNo', 20, "Jurni's contract reference"),
    col.vrm('Registration Number'),
    col.date('Start Date', 'contractStart'),
    col.date('Termination Date', 'terminatedOn'),
    col.choice('Reason', 'reason', TERMINATION_REASONS),
    pc.mileage('Final Mileage', 'mileage', false),
  ],
  unique: [['vrm'], ['agreementNo']],
  rowRules: [rules.notBefore('Termination Date', 'terminatedOn', 'Start Date', 'contractStart')],
  dbChecks: [check.customer(), check.vehicle()],
});

// ---------------------------------------------------------------------------------------------
// Autoserve

export const AUTOSERVE_SERVICE_HISTORY = defineValidationType({
  id: 'AUTOSERVE_SERVICE_HISTORY',
  group: 'Autoserve',
  label: 'Service History',
  description: "Autoserve's completed work, one row per job line with the garage, job code and costs: the lease company's vehicles' service history.",
  columns: [
    pc.account('Customer Id'),
    col.vrm('Vehicle Reg'),
    pc.ref('Garage Id', 'supplierId', 20, "The garage's DI Supplier Id"),
    pc.ref('Job Number', 'jobNumber', 30, "Autoserve's job number"),
    col.date('Job Date', 'jobDate', true, true),
    pc.ref('Job Code', 'jobCode', 20, 'The job code of the line (the external code mappings)'),
    col.choice('Job Type', 'jobType', JOB_TYPES),
    pc.mileage('Mileage', 'mileage'),
    pc.ref('Work Done', 'workDone', 500, 'What was done, as the garage wrote it', false),
    col.money('Labour', 'labour'),
    col.money('Parts', 'parts'),
    col.money('Total Net', 'totalNet'),
    col.date('Next Service Due', 'nextServiceDue', false),
  ],
  unique: [['jobNumber', 'jobCode']],
  rowRules: [
    { column: 'Total Net', message: 'Total Net must be Labour plus Parts', holds: (r) => Number(r.totalNet) === Number(r.labour) + Number(r.parts) },
    rules.notBefore('Next Service Due', 'nextServiceDue', 'Job Date', 'jobDate'),
  ],
  dbChecks: [check.customer(), check.vehicle(), { kind: 'supplier', column: 'supplierId' }, { kind: 'jobCode', column: 'jobCode' }],
});

export const AUTOSERVE_PRICE_CATALOGUE = defineValidationType({
  id: 'AUTOSERVE_PRICE_CATALOGUE',
  group: 'Autoserve',
  label: 'Price Catalogue',
  description: "Autoserve's agreed prices, one row per garage, job code and vehicle type, with the dates they apply between.",
  columns: [
    pc.ref('Group Id', 'groupId', 20, "The garage's supplier group (Group Id)"),
    pc.ref('Garage Id', 'supplierId', 20, "The garage's DI Supplier Id"),
    col.choice('Service Type', 'serviceType', SERVICE_TYPES),
    pc.ref('Job Code', 'jobCode', 20, 'The job code priced (the external code mappings)'),
    pc.vehicleType('Vehicle Type'),
    pc.ref('Description', 'description', 100, 'The work as the catalogue names it'),
    col.money('Labour Rate', 'labourRate'),
    col.money('Price', 'price'),
    pc.percent('Discount %', 'discount'),
    col.date('Valid From', 'validFrom'),
    col.date('Valid To', 'validTo', false),
  ],
  unique: [['supplierId', 'jobCode', 'vehicleType']],
  rowRules: [rules.notBefore('Valid To', 'validTo', 'Valid From', 'validFrom')],
  dbChecks: [{ kind: 'group', column: 'groupId' }, { kind: 'supplier', column: 'supplierId' }, { kind: 'jobCode', column: 'jobCode' }],
});

// ---------------------------------------------------------------------------------------------
// Enterprise: the same export for the GB and the Irish fleet, each held to its country's forms

const COUNTRY: Record<Locale, string> = { en_GB: 'GB', en_IE: 'Irish' };

function enterpriseContract(locale: Locale, group: 'Enterprise GB' | 'Enterprise IE'): ValidationType {
  const postcode = locale === 'en_IE' ? 'Branch Eircode' : 'Branch Postcode';
  return defineValidationType({
    id: `ENTERPRISE_${locale === 'en_IE' ? 'IE' : 'GB'}_CONTRACT`,
    group,
    label: 'Contract',
    description: `Enterprise's ${COUNTRY[locale]} fleet on contract, one row per unit with its branch and monthly charge in ${CURRENCY_BY_LOCALE[locale]}: applied by the nightly contract import.`,
    appliesAs: 'contract',
    columns: [
      pc.account('Customer Account'),
      pc.stockId('Unit Number'),
      col.vrm('Licence Plate'),
      pc.vin('VIN', true),
      pc.make(),
      col.model(),
      pc.vehicleType('Vehicle Class'),
      pc.ref('Branch Code', 'branchCode', 10, "Enterprise's branch code"),
      pc.postcode(postcode),
      col.date('In Fleet Date', 'contractStart'),
      col.date('Planned Defleet Date', 'contractEnd'),
      col.money('Monthly Charge', 'monthlyCharge'),
      pc.currency(locale),
      col.yesNo('Maintenance Included', 'maintained'),
    ],
    unique: [['vrm'], ['stockId'], ['vin']],
    rowRules: [
      pr.registrationOf('Licence Plate', locale),
      pr.knownMake(),
      pr.postcodeOf(postcode, locale),
      rules.notBefore('Planned Defleet Date', 'contractEnd', 'In Fleet Date', 'contractStart'),
    ],
    dbChecks: [check.customer()],
  });
}

function enterpriseTermination(locale: Locale, group: 'Enterprise GB' | 'Enterprise IE'): ValidationType {
  return defineValidationType({
    id: `ENTERPRISE_${locale === 'en_IE' ? 'IE' : 'GB'}_TERMINATION`,
    group,
    label: 'Termination',
    description: `Enterprise's ${COUNTRY[locale]} defleets, one row per unit leaving the fleet: the nightly contract import ends the vehicle's contract on its defleet date.`,
    appliesAs: 'termination',
    columns: [
      pc.account('Customer Account'),
      pc.stockId('Unit Number'),
      col.vrm('Licence Plate'),
      col.date('In Fleet Date', 'contractStart'),
      col.date('Defleet Date', 'terminatedOn'),
      col.choice('Defleet Reason', 'reason', DEFLEET_REASONS),
      pc.mileage('Final Odometer', 'mileage'),
    ],
    unique: [['vrm'], ['stockId']],
    rowRules: [pr.registrationOf('Licence Plate', locale), rules.notBefore('Defleet Date', 'terminatedOn', 'In Fleet Date', 'contractStart')],
    dbChecks: [check.customer(), check.vehicle()],
  });
}

export const ENTERPRISE_GB_CONTRACT = enterpriseContract('en_GB', 'Enterprise GB');
export const ENTERPRISE_GB_TERMINATION = enterpriseTermination('en_GB', 'Enterprise GB');
export const ENTERPRISE_IE_CONTRACT = enterpriseContract('en_IE', 'Enterprise IE');
export const ENTERPRISE_IE_TERMINATION = enterpriseTermination('en_IE', 'Enterprise IE');

// ---------------------------------------------------------------------------------------------
// Lex

export const LEX_CONTRACT = defineValidationType({
  id: 'LEX_CONTRACT',
  group: 'Lex',
  label: 'Contract',
  description: "Lex Autolease's LEX_AUTO agreements, one row per vehicle with its client and term: applied by the nightly contract import.",
  appliesAs: 'contract',
  columns: [
    pc.account('Client Number'),
    pc.endUser('Client Name'),
    pc.ref('Agreement Number', 'agreementNo', 20, "Lex's agreement number"),
    col.vrm('Registration'),
    pc.make(),
    col.model(),
    pc.ref('Derivative', 'derivative', 100, 'The model derivative (trim and engine)', false),
    pc.vehicleType('Vehicle Type'),
    col.choice('Contract Product', 'contractProduct', LEX_PRODUCTS),
    col.date('Agreement Start', 'contractStart'),
    col.date('Agreement End', 'contractEnd'),
    col.integer('Term Months', 'termMonths', 12, 60),
    col.integer('Contract Mileage', 'contractMileage', 1_000, 300_000),
    col.yesNo('Maintained', 'maintained'),
    pc.driverEmail(),
  ],
  unique: [['vrm'], ['agreementNo']],
  rowRules: [pr.knownMake(), rules.notBefore('Agreement End', 'contractEnd', 'Agreement Start', 'contractStart')],
  dbChecks: [check.customer(), check.subCustomer()],
});

export const LEX_STOCK = defineValidationType({
  id: 'LEX_STOCK',
  group: 'Lex',
  label: 'Stock',
  description: "Lex Autolease's fleet list, one row per vehicle with its client and driver: applied to the lease company's vehicle stock by the nightly stock import.",
  appliesAs: 'stock',
  columns: [
    pc.account('Client Number'),
    pc.endUser('Client Name'),
    pc.stockId('Asset Number'),
    col.vrm('Registration'),
    pc.vin('VIN'),
    pc.make(),
    col.model(),
    pc.vehicleType('Vehicle Type'),
    col.date('Registration Date', 'registeredOn', true, true),
    pc.mileage('Current Mileage', 'mileage', false),
    col.yesNo('Managed', 'managed'),
    pc.driverEmail(),
  ],
  unique: [['vrm'], ['stockId']],
  rowRules: [pr.knownMake()],
  dbChecks: [check.customer(), check.subCustomer(), check.driver()],
});

export const PARTNER_TYPES: readonly ValidationType[] = [
  GSF_CONTRACT,
  GSF_STOCK,
  JURNI_CONTRACT,
  JURNI_STOCK,
  JURNI_TERMINATION,
  AUTOSERVE_SERVICE_HISTORY,
  AUTOSERVE_PRICE_CATALOGUE,
  ENTERPRISE_GB_CONTRACT,
  ENTERPRISE_GB_TERMINATION,
  ENTERPRISE_IE_CONTRACT,
  ENTERPRISE_IE_TERMINATION,
  LEX_CONTRACT,
  LEX_STOCK,
];
