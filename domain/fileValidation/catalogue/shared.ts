/**
 * Column definitions shared by several validation types, so that one concept (a registration, a
 * customer, a contract's dates) is read and worded the same in every file.
 */
import { VEHICLE_MAKES } from '../../vehicleMakes';
import type { ColumnDef, NetworkRow } from '../../network/format';
import type { RowRule } from '../types';

/** A VIN: 17 characters, no I, O or Q (ISO 3779). */
export const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** A ViSN job code: letters and digits only, as the external code screens accept them (spec 3 §5). */
export const JOB_CODE = /^[A-Za-z0-9]{3,12}$/;

export const col = {
  customer: (header = 'DI Customer Id'): ColumnDef => ({ header, key: 'customerId', kind: { type: 'text', max: 20 }, required: true, description: "The lease company's DI Customer Id" }),
  subCustomer: (required = false): ColumnDef => ({ header: 'Sub Customer', key: 'subCustomer', kind: { type: 'text', max: 100 }, required, description: required ? 'A sub customer of the lease company, by name' : "A sub customer of the lease company, by name (empty: the lease company's own)" }),
  supplier: (required = true): ColumnDef => ({ header: 'DI Supplier Id', key: 'supplierId', kind: { type: 'text', max: 20 }, required, description: "The supplier's DI Supplier Id" }),
  group: (): ColumnDef => ({ header: 'Group Id', key: 'groupId', kind: { type: 'text', max: 20 }, required: true, description: "The supplier group's DI Group Id" }),
  jobCode: (header = 'Job Code', key = 'jobCode'): ColumnDef => ({ header, key, kind: { type: 'pattern', pattern: JOB_CODE, hint: '3 to 12 letters and digits', max: 12 }, required: true, description: `${header}: a ViSN job code (letters and digits, such as SMR002)` }),
  stockId: (required = true): ColumnDef => ({ header: 'Stock Id', key: 'stockId', kind: { type: 'text', max: 30 }, required, description: "The lease company's own reference of the vehicle" }),
  vrm: (header = 'Registration', required = true): ColumnDef => ({ header, key: 'vrm', kind: { type: 'vrm' }, required, description: 'UK or Irish registration; spaces are ignored' }),
  vin: (required = false): ColumnDef => ({ header: 'VIN', key: 'vin', kind: { type: 'pattern', pattern: VIN, hint: 'a 17-character VIN', max: 17 }, required, description: 'Vehicle identification number' }),
  make: (): ColumnDef => ({ header: 'Make', key: 'make', kind: { type: 'text', max: 50 }, required: true, description: 'A vehicle make the network knows (domain/vehicleMakes.ts)' }),
  model: (): ColumnDef => ({ header: 'Model', key: 'model', kind: { type: 'text', max: 50 }, required: true, description: 'The model, as the lease company names it' }),
  date: (header: string, key: string, required = true, notFuture = false): ColumnDef => ({ header, key, kind: { type: 'date', notFuture }, required, description: `${header} (DD/MM/YYYY)` }),
  email: (header: string, key: string, required = true): ColumnDef => ({ header, key, kind: { type: 'email' }, required, description: `${header}, an e-mail address` }),
  money: (header: string, key: string, required = true): ColumnDef => ({ header, key, kind: { type: 'money', maxMinor: 99_999_999 }, required, description: `${header}, in pounds or euros with up to 2 decimals` }),
  text: (header: string, key: string, max: number, required = true): ColumnDef => ({ header, key, kind: { type: 'text', max }, required, description: header }),
  choice: (header: string, key: string, values: readonly string[], required = true): ColumnDef => ({ header, key, kind: { type: 'choice', values }, required, description: `${header}: one of ${values.join(', ')}` }),
  yesNo: (header: string, key: string, required = true): ColumnDef => ({ header, key, kind: { type: 'yesNo' }, required, description: `${header}: Yes or No` }),
  integer: (header: string, key: string, min: number, max: number, required = true): ColumnDef => ({ header, key, kind: { type: 'integer', min, max }, required, description: `${header}: a whole number from ${min} to ${max}` }),
};

const MAKES = new Set(VEHICLE_MAKES.map((m) => m.label.toLowerCase()));

export const rules = {
  /** The make is one of the network's vehicle makes (any case). */
  knownMake: (): RowRule => ({ column: 'Make', message: 'Make is not a known vehicle make', holds: (r: NetworkRow) => MAKES.has(String(r.make).toLowerCase()) }),
  /** `to` is on or after `from` (both parsed dates, YYYY-MM-DD), when both are given. */
  notBefore: (toHeader: string, to: string, fromHeader: string, from: string): RowRule => ({
    column: toHeader,
    message: `${toHeader} cannot be before ${fromHeader}`,
    holds: (r: NetworkRow) => r[to] === null || r[to] === undefined || r[from] === null || r[from] === undefined || String(r[to]) >= String(r[from]),
  }),
  /** The optional column `key` is given when `when` holds of the row; `condition` completes '{header} is required when …'. */
  requiredWhen: (header: string, key: string, condition: string, when: (r: NetworkRow) => boolean): RowRule => ({
    column: header,
    message: `${header} is required when ${condition}`,
    holds: (r: NetworkRow) => !when(r) || (r[key] !== null && r[key] !== undefined),
  }),
};
