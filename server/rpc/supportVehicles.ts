/**
 * The support dashboard's Manage Vehicle tools (spec 3 §2.4, §4, §7): find a stock entry by
 * registration, change its registration, or activate a terminated one. Each change locks the
 * vehicle, checks its rule (domain/support/vehicleTools.ts) on the current row and writes an audit
 * row in the same transaction; the vehicle search collection reads this table, so a new
 * registration is searchable as soon as it commits.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { can } from '../../domain/permissions';
import {
  activateVehicleSchema,
  activationRefusal,
  findVehiclesSchema,
  newRegistrationProblem,
  registrationUpdateRefusal,
  supportTool,
  updateRegistrationSchema,
  VEHICLE_MESSAGES,
  type FindVehiclesResponse,
  type SupportActionResponse,
  type VehicleResult,
} from '../../domain/support';
import { normalizeVrm } from '../../domain/formats';
import { drivers, leaseCompanies, vehicles } from '../db/schema';
import type { Tx } from '../db/client';
import { auditImage, writeAudit } from './audit';
import { ApiError, fieldError, forbidden } from './errors';
import { defineMutation, defineSlug, type MutationContext } from './registry';

type VehicleRow = typeof vehicles.$inferSelect;

const vehicleNotFound = () => new ApiError(404, 'VEHICLE_NOT_FOUND', VEHICLE_MESSAGES.notFound);

/** More than one is never enough to act on: the spec sends the user to the technical team. */
const MATCH_LIMIT = 2;

/**
 * Finds the stock entry with this registration (spaces removed, upper-cased). The tool's own
 * permission is needed; none found is 'Vehicle Registration number not found', more than one the
 * spec's message, since either tool must act on exactly one vehicle.
 */
export const findVehicles = defineSlug({
  slug: 'admin/findVehicles',
  method: 'POST',
  effect: 'read',
  access: 'signed-in',
  input: findVehiclesSchema,
  async handler({ services, session, input }): Promise<FindVehiclesResponse> {
    if (!can(session.roles, supportTool(input.tool).permission, 'edit')) throw forbidden();
    const rows = await services.db
      .select({ v: vehicles, leaseCompanyName: leaseCompanies.name, driver: drivers })
      .from(vehicles)
      .innerJoin(leaseCompanies, eq(leaseCompanies.id, vehicles.leaseCompanyId))
      .leftJoin(drivers, eq(drivers.id, vehicles.driverId))
      .where(eq(vehicles.vrm, input.vrm))
      .limit(MATCH_LIMIT);
    if (rows.length === 0) throw vehicleNotFound();
    if (rows.length > 1) throw new ApiError(409, 'MORE_THAN_ONE', VEHICLE_MESSAGES.moreThanOne);
    const { v, leaseCompanyName, driver } = rows[0];
    const result: VehicleResult = {
      leaseId: v.leaseCompanyId,
      stockId: v.stockId,
      vrm: v.vrm,
      vin: v.vin,
      make: { label: v.make },
      model: v.model,
      managed: v.managed,
      contractStatus: v.contractStatus,
      driver: driver ? { firstname: driver.firstname, lastname: driver.lastname, email: driver.email, number: driver.phoneNumber } : null,
      leaseCompanyName,
    };
    return { success: true, vehicles: [result] };
  },
});

async function lockVehicle(tx: Tx, leaseId: string, stockId: string): Promise<VehicleRow> {
  const [row] = await tx.select().from(vehicles).where(and(eq(vehicles.leaseCompanyId, leaseId), eq(vehicles.stockId, stockId))).for('update');
  if (!row) throw vehicleNotFound();
  return row;
}

async function updateVehicle(tx: Tx, m: MutationContext, before: VehicleRow, patch: Partial<typeof vehicles.$inferInsert>): Promise<void> {
  const [after] = await tx
    .update(vehicles)
    .set({ ...patch, version: sql`${vehicles.version} + 1`, modifiedAt: m.now, modifiedBy: m.adminId })
    .where(eq(vehicles.id, before.id))
    .returning();
  await writeAudit(tx, { adminId: m.adminId, slug: m.slug, recordType: 'vehicle', recordId: before.id, before: auditImage(before), after: auditImage(after), at: m.now });
}

/**
 * Update Vehicle Registration (spec 3 §5): a UK plate different from the current one, not for
 * terminated or awaiting-termination vehicles; ours: refused when another stock entry has it, since
 * the next search would then match two.
 */
export const updateVehicleRegistration = defineMutation({
  slug: 'admin/updateVehicleRegistration',
  access: { permission: 'ALLOW_VRM_UPDATE', action: 'edit' },
  input: updateRegistrationSchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const row = await lockVehicle(tx, input.leaseId, input.stockId);
    const refusal = registrationUpdateRefusal(row.contractStatus);
    if (refusal) throw new ApiError(400, 'REFUSED', refusal);
    const problem = newRegistrationProblem(input.vrm, row.vrm, m.now);
    if (problem) throw fieldError('vrm', problem);
    const vrm = normalizeVrm(input.vrm);
    const [taken] = await tx.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.vrm, vrm), ne(vehicles.id, row.id))).limit(1);
    if (taken) throw fieldError('vrm', VEHICLE_MESSAGES.inUse);
    await updateVehicle(tx, m, row, { vrm });
    return { success: true, message: VEHICLE_MESSAGES.registrationUpdated };
  },
});

/** Activate Terminated Vehicle (spec 3 §4): only terminated or awaiting termination; back to active. */
export const activateTerminatedVehicle = defineMutation({
  slug: 'admin/activateTerminatedVehicle',
  access: { permission: 'ALLOW_VEHICLE_ACTIVATION', action: 'edit' },
  input: activateVehicleSchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const row = await lockVehicle(tx, input.leaseId, input.stockId);
    const refusal = activationRefusal(row.contractStatus);
    if (refusal) throw new ApiError(400, 'REFUSED', refusal);
    await updateVehicle(tx, m, row, { contractStatus: 'active' });
    return { success: true, message: VEHICLE_MESSAGES.activated };
  },
});

export const supportVehicleSlugs = [findVehicles, updateVehicleRegistration, activateTerminatedVehicle];
