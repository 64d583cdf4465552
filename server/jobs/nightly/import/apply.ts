/**
 * Applying a batch of a company's import rows: one query per kind of name the rows carry (stock
 * ids, registrations, drivers' e-mails), the rules of domain/contractImport.ts for each row, then
 * the new vehicles in one insert and each changed vehicle in one update (version bumped). No audit
 * row per vehicle: the process log entry records the import and its figures.
 */
import { eq, sql } from 'drizzle-orm';
import { countRow, decideRow, stockKeyOf, type ImportPolicy, type RowDecision, type RowRefs, type VehicleFields, type VehicleState } from '../../../../domain/contractImport';
import type { AppliedAs } from '../../../../domain/fileValidation';
import type { ExportFileCounts, ImportStats } from '../../../../domain/logs';
import type { Tx } from '../../../db/client';
import { vehicles } from '../../../db/schema';
import { rowsOf } from '../../network/lookup';
import type { CompanyRow } from './rows';

/** What a company's run knows before its rows: who it is, its rules, its sub customers. */
export interface CompanyScope {
  leaseCompanyId: string;
  policy: ImportPolicy;
  /** ACTIVE sub customers by lower-case name. */
  subCustomers: Map<string, string>;
  /** Stock rows: the registrations and stock ids (lower case) of the company's contract file of this run. */
  contractKeys: Set<string> | null;
  now: Date;
}

export async function subCustomersOf(tx: Tx, leaseCompanyId: string): Promise<Map<string, string>> {
  const rows = await rowsOf<{ id: string; name: string }>(tx, sql`SELECT id, name FROM sub_customers WHERE lease_company_id = ${leaseCompanyId} AND status = 'ACTIVE' ORDER BY created_at, id`);
  const map = new Map<string, string>();
  for (const r of rows) if (!map.has(r.name.toLowerCase())) map.set(r.name.toLowerCase(), r.id);
  return map;
}

interface VehicleRow {
  id: string;
  stock_id: string;
  vrm: string;
  vin: string | null;
  make: string;
  model: string;
  vehicle_type: VehicleFields['vehicleType'];
  managed: boolean;
  contract_status: VehicleFields['contractStatus'];
  contract_product: string | null;
  sub_customer_id: string | null;
  driver_id: string | null;
  registered_on: string | null;
  contract_end_date: string | null;
  mileage: number | null;
}

const stateOf = (v: VehicleRow): VehicleState => ({
  id: v.id,
  stockId: v.stock_id,
  vrm: v.vrm,
  vin: v.vin,
  make: v.make,
  model: v.model,
  vehicleType: v.vehicle_type,
  managed: Boolean(v.managed),
  contractStatus: v.contract_status,
  contractProduct: v.contract_product,
  subCustomerId: v.sub_customer_id,
  driverId: v.driver_id,
  // Dates as YYYY-MM-DD whichever driver read them.
  registeredOn: v.registered_on === null ? null : String(v.registered_on).slice(0, 10),
  contractEndDate: v.contract_end_date === null ? null : String(v.contract_end_date).slice(0, 10),
  mileage: v.mileage === null ? null : Number(v.mileage),
});

/** The company's vehicles whose stock id or registration is among the keys (one query). */
async function vehiclesOf(tx: Tx, leaseCompanyId: string, stockIds: string[], vrms: string[]): Promise<VehicleState[]> {
  if (stockIds.length === 0 && vrms.length === 0) return [];
  const rows = await rowsOf<VehicleRow>(
    tx,
    sql`SELECT id, stock_id, vrm, vin, make, model, vehicle_type, managed, contract_status, contract_product, sub_customer_id, driver_id,
               to_char(registered_on, 'YYYY-MM-DD') AS registered_on, to_char(contract_end_date, 'YYYY-MM-DD') AS contract_end_date, mileage
        FROM vehicles
        WHERE lease_company_id = ${leaseCompanyId}
          AND (stock_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(stockIds)}::jsonb))
               OR vrm IN (SELECT jsonb_array_elements_text(${JSON.stringify(vrms)}::jsonb)))
        ORDER BY seq`,
  );
  return rows.map(stateOf);
}

/** The company's drivers by lower-case e-mail (the first registered when two share one). */
async function driversOf(tx: Tx, leaseCompanyId: string, emails: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (emails.length === 0) return map;
  const rows = await rowsOf<{ id: string; email: string }>(
    tx,
    sql`SELECT id, lower(email) AS email FROM drivers
        WHERE lease_company_id = ${leaseCompanyId} AND lower(email) IN (SELECT jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
        ORDER BY created_at, id`,
  );
  for (const r of rows) if (!map.has(r.email)) map.set(r.email, r.id);
  return map;
}

const lower = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v).toLowerCase());

/** A live (not terminated) vehicle other than the row's holds its registration. */
const isLive = (v: VehicleState) => v.contractStatus !== 'terminated';

/** What each row's names refer to, from the batch's lookups. */
function refsOf(kind: AppliedAs, values: NonNullable<CompanyRow['values']>, scope: CompanyScope, byStock: Map<string, VehicleState>, byVrm: Map<string, VehicleState[]>, driverIds: Map<string, string>): RowRefs {
  const key = stockKeyOf(values);
  const vrm = String(values.vrm ?? '');
  const sameVrm = byVrm.get(vrm) ?? [];
  if (kind === 'termination') {
    // By stock id when the row gives one, else the registration's live vehicle (or its latest).
    const vehicle = key !== null ? (byStock.get(key) ?? null) : (sameVrm.find(isLive) ?? sameVrm.at(-1) ?? null);
    return { vehicle, vrmTaken: false, subCustomerId: null, driverId: null, repeated: false };
  }
  const sub = lower(values.subCustomer);
  const email = lower(values.driverEmail);
  return {
    vehicle: key !== null ? (byStock.get(key) ?? null) : null,
    vrmTaken: sameVrm.some((v) => v.stockId !== key && isLive(v)),
    subCustomerId: sub === null ? null : scope.subCustomers.get(sub),
    driverId: email === null ? null : driverIds.get(email),
    repeated: scope.contractKeys !== null && (scope.contractKeys.has(`vrm:${vrm.toLowerCase()}`) || (key !== null && scope.contractKeys.has(`stock:${key.toLowerCase()}`))),
  };
}

/** The keys a contract row claims for the run (see CompanyScope.contractKeys). */
export function contractKeysOf(values: NonNullable<CompanyRow['values']>): string[] {
  const key = stockKeyOf(values);
  return [`vrm:${String(values.vrm).toLowerCase()}`, ...(key !== null ? [`stock:${key.toLowerCase()}`] : [])];
}

/** Applies one batch of rows inside `tx` and adds them to the figures. */
export async function applyBatch(tx: Tx, kind: AppliedAs, rows: readonly CompanyRow[], scope: CompanyScope, stats: ImportStats, counts: ExportFileCounts): Promise<void> {
  const parsed = rows.flatMap((r) => (r.values ? [r.values] : []));
  const stockIds = [...new Set(parsed.map(stockKeyOf).filter((k): k is string => k !== null))];
  const vrms = [...new Set(parsed.map((v) => String(v.vrm ?? '')).filter(Boolean))];
  const emails = [...new Set(parsed.map((v) => lower(v.driverEmail)).filter((e): e is string => e !== null))];
  const found = await vehiclesOf(tx, scope.leaseCompanyId, stockIds, vrms);
  const byStock = new Map(found.map((v) => [v.stockId, v]));
  const byVrm = new Map<string, VehicleState[]>();
  for (const v of found) byVrm.set(v.vrm, [...(byVrm.get(v.vrm) ?? []), v]);
  const driverIds = await driversOf(tx, scope.leaseCompanyId, emails);

  const creates: VehicleFields[] = [];
  for (const r of rows) {
    const decision: RowDecision | null = r.values ? decideRow(kind, r.values, refsOf(kind, r.values, scope, byStock, byVrm, driverIds), scope.policy) : null;
    countRow(stats, counts, decision);
    if (decision?.action === 'create') creates.push(decision.values);
    else if (decision?.action === 'update') {
      await tx
        .update(vehicles)
        .set({ ...decision.changes, version: sql`${vehicles.version} + 1`, modifiedAt: scope.now, modifiedBy: null })
        .where(eq(vehicles.id, decision.id));
    }
  }
  if (creates.length) {
    await tx.insert(vehicles).values(creates.map((v) => ({ ...v, leaseCompanyId: scope.leaseCompanyId, createdAt: scope.now, modifiedAt: scope.now })));
  }
}
