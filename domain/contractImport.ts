/**
 * The nightly contract and stock import (process log type STOCK_IMPORT, spec 3 §2.2, §3 "Process
 * log", "Vehicle stock entry"): what one row of a validated contract, stock or termination file
 * does to the lease company's vehicles, and how it is counted. Pure: the job (server/jobs/nightly)
 * looks up what a row names, asks decideRow, and writes what it answers.
 *
 * Where the spec is silent, ours:
 * - A row's vehicle is the company's vehicle with the row's stock id; types that carry an agreement
 *   number instead (GSF, Jurni, Lex contracts) use it as the stock id. A termination row finds its
 *   vehicle by stock id when it gives one, else by registration.
 * - Only the fields a file type carries are applied: a stock file without a driver column leaves
 *   the vehicle's driver as it is; an empty Driver Email or Sub Customer cell clears it.
 * - A contract or stock row never undoes a termination: a vehicle awaiting termination or
 *   terminated keeps its status (activation is the support screen's deliberate act, spec 3 §4).
 *   New vehicles start active.
 * - Drivers are not created by the import (a driver comes with a mandate and licence checks,
 *   entered on the driver screens): a row naming an e-mail that is not a driver of the company is
 *   skipped, as is one naming a sub customer it does not have (or no longer ACTIVE).
 * - A row whose registration is already another vehicle of the company (another stock id) cannot
 *   be placed: skipped.
 * - Rows a company marks as not maintained (Maintained / Managed = No) are imported as non-managed
 *   vehicles, unless the company takes only maintained vehicles: its customer config feature flag
 *   MAINTAINED_ONLY_FLAG; then they are skipped.
 * - The contract file is the authority for vehicles on contract: a stock row whose registration or
 *   stock id is a row of the company's contract file applied in the same run is skipped as repeated.
 */
import type { AppliedAs } from './fileValidation/types';
import type { NetworkRow } from './network/format';
import type { ContractStatus } from './enquiries';
import { counted } from './plural';
import type { ExportFileCounts, ImportStats } from './logs';
import type { VehicleType } from './suppliers/enums';
import { VEHICLE_MAKES } from './vehicleMakes';

/** The order a run applies a company's files in: vehicles first, so that a termination in the same run finds them. */
export const IMPORT_KINDS: readonly AppliedAs[] = ['contract', 'stock', 'termination'];

/** A validated file older than this (by upload) is never applied: a stock list that old is no longer the company's. */
export const IMPORT_LOOKBACK_DAYS = 30;

/** The customer config feature flag (config.featureFlags) of a company that takes only maintained vehicles. */
export const MAINTAINED_ONLY_FLAG = 'maintainedVehiclesOnly';

export const IMPORT_MESSAGES = {
  /** The seed's demo wording: the entry of a company expecting files when none has arrived. */
  notReceived: 'Stock file not received from the customer',
  notReceivedHint: 'No new validated contract, stock or termination file holds rows of this customer',
  done: (counts: ExportFileCounts, stats: ImportStats) =>
    `Processed ${counted(counts.processedRecordCount, 'stock record')}: ${stats.success} applied, ${stats.noChange} unchanged, ${stats.skipped} skipped`,
} as const;

/** What a vehicle row holds that a file can set (the vehicles table, spec 3 §3 "Vehicle stock entry"). */
export interface VehicleFields {
  stockId: string;
  vrm: string;
  vin: string | null;
  make: string;
  model: string;
  vehicleType: VehicleType;
  managed: boolean;
  contractStatus: ContractStatus;
  contractProduct: string | null;
  subCustomerId: string | null;
  driverId: string | null;
  registeredOn: string | null;
  contractEndDate: string | null;
  mileage: number | null;
}

export interface VehicleState extends VehicleFields {
  id: string;
}

/** What the job found for a row's names. `undefined` for a sub customer or driver: named, but the company has none such. */
export interface RowRefs {
  vehicle: VehicleState | null;
  /** Another vehicle of the company (another stock id) has the row's registration. */
  vrmTaken: boolean;
  subCustomerId: string | null | undefined;
  driverId: string | null | undefined;
  /** Stock rows: the contract file of the same run has the row's registration or stock id. */
  repeated: boolean;
}

export interface ImportPolicy {
  /** The run day (YYYY-MM-DD): a termination dated after it leaves the vehicle awaiting termination. */
  day: string;
  maintainedOnly: boolean;
}

export type SkipReason = 'idUnavailable' | 'maintainedAsN' | 'repeated' | 'unplaceable';

export type RowDecision =
  | { action: 'create'; values: VehicleFields }
  | { action: 'update'; id: string; changes: Partial<VehicleFields>; awaiting: boolean }
  | { action: 'noChange' }
  | { action: 'skip'; reason: SkipReason };

export const emptyImportStats = (): ImportStats => ({
  success: 0,
  skipped: 0,
  noChange: 0,
  awaitingTermination: 0,
  isIdUnavailable: 0,
  skippedAccountsWithMaintainedAsN: 0,
  skippedRepeatedAccountNumber: 0,
});

export const emptyFileCounts = (): ExportFileCounts => ({ totalRecordsCount: 0, processedRecordCount: 0, validRecordCount: 0, invalidRecordCount: 0 });

const SKIP_COUNTER: Record<SkipReason, keyof ImportStats | null> = {
  idUnavailable: 'isIdUnavailable',
  maintainedAsN: 'skippedAccountsWithMaintainedAsN',
  repeated: 'skippedRepeatedAccountNumber',
  unplaceable: null,
};

/**
 * Counts one row (a row the job could not read counts as `null`: skipped). Every row is exactly one
 * of success, noChange or skipped; the reason counters break skipped down, and awaitingTermination
 * is part of success. validRecordCount = success + noChange, invalidRecordCount = skipped.
 */
export function countRow(stats: ImportStats, counts: ExportFileCounts, decision: RowDecision | null): void {
  counts.processedRecordCount++;
  if (!decision || decision.action === 'skip') {
    stats.skipped++;
    counts.invalidRecordCount++;
    const counter = decision ? SKIP_COUNTER[decision.reason] : null;
    if (counter) stats[counter]++;
    return;
  }
  counts.validRecordCount++;
  if (decision.action === 'noChange') stats.noChange++;
  else {
    stats.success++;
    if (decision.action === 'update' && decision.awaiting) stats.awaitingTermination++;
  }
}

const MAKE_LABELS = new Map(VEHICLE_MAKES.map((m) => [m.label.toLowerCase(), m.label]));
/** The make as the network's reference list spells it (files were checked to name a known make, in any case). */
export function makeLabel(make: string): string {
  return MAKE_LABELS.get(make.toLowerCase()) ?? make;
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const has = (row: NetworkRow, key: string) => key in row;

/** The row's stock id: its Stock Id, or the agreement number of types that carry one instead. */
export function stockKeyOf(row: NetworkRow): string | null {
  return str(row.stockId) ?? str(row.agreementNo);
}

/** The row's Maintained / Managed cell; null when the type has neither. */
export function maintainedOf(row: NetworkRow): boolean | null {
  const v = row.maintained ?? row.managed;
  return typeof v === 'boolean' ? v : null;
}

/** A termination row's date (the types name it terminationDate or terminatedOn). */
export function terminationDateOf(row: NetworkRow): string | null {
  return str(row.terminationDate) ?? str(row.terminatedOn);
}

/** The fields a contract or stock row sets (only those its type carries), with the references resolved. */
function fieldsOf(row: NetworkRow, refs: RowRefs): Partial<VehicleFields> {
  const f: Partial<VehicleFields> = { stockId: stockKeyOf(row)!, vrm: String(row.vrm), make: makeLabel(String(row.make)), model: String(row.model) };
  if (has(row, 'vin')) f.vin = str(row.vin);
  if (has(row, 'vehicleType') && row.vehicleType) f.vehicleType = row.vehicleType as VehicleType;
  const maintained = maintainedOf(row);
  if (maintained !== null) f.managed = maintained;
  if (has(row, 'contractProduct')) f.contractProduct = str(row.contractProduct);
  if (has(row, 'contractEnd')) f.contractEndDate = str(row.contractEnd);
  if (has(row, 'subCustomer')) f.subCustomerId = refs.subCustomerId ?? null;
  if (has(row, 'driverEmail')) f.driverId = refs.driverId ?? null;
  const registered = str(row.registeredOn) ?? str(row.firstRegistered);
  if (registered !== null) f.registeredOn = registered;
  if (has(row, 'mileage') && row.mileage !== null) f.mileage = Number(row.mileage);
  return f;
}

/** The fields of `next` that differ from the vehicle. */
function changesOf(vehicle: VehicleState, next: Partial<VehicleFields>): Partial<VehicleFields> {
  const changes: Partial<VehicleFields> = {};
  for (const key of Object.keys(next) as (keyof VehicleFields)[]) {
    if (next[key] !== vehicle[key]) (changes as Record<string, unknown>)[key] = next[key];
  }
  return changes;
}

const NEW_VEHICLE: Omit<VehicleFields, 'stockId' | 'vrm' | 'make' | 'model'> = {
  vin: null,
  vehicleType: 'CAR',
  managed: true,
  contractStatus: 'active',
  contractProduct: null,
  subCustomerId: null,
  driverId: null,
  registeredOn: null,
  contractEndDate: null,
  mileage: null,
};

function decideVehicleRow(row: NetworkRow, refs: RowRefs, policy: ImportPolicy): RowDecision {
  if (policy.maintainedOnly && maintainedOf(row) === false) return { action: 'skip', reason: 'maintainedAsN' };
  if (refs.repeated) return { action: 'skip', reason: 'repeated' };
  if (refs.subCustomerId === undefined || refs.driverId === undefined || stockKeyOf(row) === null) return { action: 'skip', reason: 'idUnavailable' };
  if (refs.vrmTaken) return { action: 'skip', reason: 'unplaceable' };
  const fields = fieldsOf(row, refs);
  if (!refs.vehicle) return { action: 'create', values: { ...NEW_VEHICLE, ...fields } as VehicleFields };
  const changes = changesOf(refs.vehicle, fields);
  return Object.keys(changes).length ? { action: 'update', id: refs.vehicle.id, changes, awaiting: false } : { action: 'noChange' };
}

function decideTermination(row: NetworkRow, refs: RowRefs, policy: ImportPolicy): RowDecision {
  const date = terminationDateOf(row);
  if (!refs.vehicle || !date) return { action: 'skip', reason: 'idUnavailable' };
  const status: ContractStatus = date <= policy.day ? 'terminated' : 'awaitingTermination';
  const changes = changesOf(refs.vehicle, { contractStatus: status, contractEndDate: date });
  if (Object.keys(changes).length === 0) return { action: 'noChange' };
  return { action: 'update', id: refs.vehicle.id, changes, awaiting: status === 'awaitingTermination' && refs.vehicle.contractStatus !== status };
}

/** What one parsed row of the company's `kind` file does, given what its names refer to. */
export function decideRow(kind: AppliedAs, row: NetworkRow, refs: RowRefs, policy: ImportPolicy): RowDecision {
  return kind === 'termination' ? decideTermination(row, refs, policy) : decideVehicleRow(row, refs, policy);
}
