import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { ok, refusalCheck } from '../support/answers';
import { insertLeaseCompany } from '../fixtures/groups';
import { auditLog, drivers, leaseCompanies, vehicles } from '../../server/db/schema';
import { VEHICLE_MESSAGES, type VehicleResult, type VehicleTool } from '../../domain/support';
import type { ContractStatus } from '../../domain/enquiries';

/**
 * The support dashboard's Manage Vehicle calls (server/rpc/supportVehicles.ts): the search by
 * registration, Update Vehicle Registration (seen at once by the vehicles search collection) and
 * Activate Terminated Vehicle. Vehicles and drivers are written directly.
 */
let t: TestApp;
const ROLES = ['SUPPORT', 'VIEWER', 'FINANCE'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;
const adminIds = {} as Record<Role, string>;

type Lease = typeof leaseCompanies.$inferSelect;
type Vehicle = typeof vehicles.$inferSelect;
let lease: Lease;
let otherLease: Lease;
let driver: typeof drivers.$inferSelect;
let searchKey: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  lease = await insertLeaseCompany(db(), { name: 'Alpha Leasing' });
  otherLease = await insertLeaseCompany(db(), { name: 'Beta Leasing' });
  [driver] = await db()
    .insert(drivers)
    .values({ leaseCompanyId: lease.id, firstname: 'Dana', lastname: 'Reid', email: 'dana.reid@alpha.example', phoneNumber: '07700900123' })
    .returning();
  const key = await as.SUPPORT.get('session/getSessionToken');
  expect(key.statusCode, key.body).toBe(200);
  searchKey = key.json().key;
});
afterAll(() => t?.close());

const db = () => t.services.db;
const USER = { firstname: 'Console', lastname: 'Sender' };
let stocks = 0;

async function insertVehicle(vrm: string, over: Partial<typeof vehicles.$inferInsert> = {}): Promise<Vehicle> {
  const [row] = await db()
    .insert(vehicles)
    .values({ leaseCompanyId: lease.id, stockId: `STK-${++stocks}`, vrm, vin: `WF0XXXGCDX${String(stocks).padStart(7, '0')}`, make: 'Ford', model: 'Focus', ...over })
    .returning();
  return row;
}

const vehicleRow = async (id: string) => (await db().select().from(vehicles).where(eq(vehicles.id, id)))[0];
const auditOf = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'vehicle'), eq(auditLog.recordId, id)))
    .orderBy(asc(auditLog.id));

async function state() {
  return {
    vehicles: await db().select().from(vehicles).orderBy(vehicles.id),
    audit: (await db().select({ id: auditLog.id }).from(auditLog)).length,
  };
}

/** The call is answered `status` (with `message`, when given) and writes nothing. */
const refused = refusalCheck(state);

// The console's payloads (spec 3 §7).
const find = (vrm: unknown, tool: VehicleTool = 'updateVehicleRegistration', b = as.SUPPORT) => b.post('admin/findVehicles', { vrm, tool });
const updateRegistration = (v: Vehicle, vrm: unknown, b = as.SUPPORT, over: object = {}) =>
  b.post('admin/updateVehicleRegistration', { leaseId: v.leaseCompanyId, stockId: v.stockId, vrm, vin: v.vin, user: USER, ...over });
const activate = (v: Vehicle, b = as.SUPPORT, over: object = {}) =>
  b.post('admin/activateTerminatedVehicle', { user: USER, leaseId: v.leaseCompanyId, stockId: v.stockId, contractStatusType: v.contractStatus, ...over });

async function foundOne(vrm: string, tool: VehicleTool = 'updateVehicleRegistration'): Promise<VehicleResult> {
  const body = ok(await find(vrm, tool));
  expect(body.vehicles).toHaveLength(1);
  return body.vehicles[0];
}

/** The ids of the vehicles search collection's hits for a registration, as the console's search client asks. */
async function searchVehicles(vrm: string): Promise<{ id: string; vrm: string }[]> {
  const qs = new URLSearchParams({ q: vrm, query_by: 'vrm', num_typos: '0', prefix: 'false', per_page: '50' }).toString();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/search/collections/vehicles/documents/search?${qs}`, headers: { 'x-typesense-api-key': searchKey } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().hits.map((h: { document: { id: string; vrm: string } }) => ({ id: h.document.id, vrm: h.document.vrm }));
}

describe('permissions', () => {
  let targets: { active: Vehicle; terminated: Vehicle };
  beforeAll(async () => {
    targets = { active: await insertVehicle('PM12AAA'), terminated: await insertVehicle('PM12BBB', { contractStatus: 'terminated' }) };
  });

  for (const role of ['VIEWER', 'FINANCE'] as const) {
    it(`refuses a ${role} every Manage Vehicle call (403), writing nothing`, async () => {
      for (const tool of ['updateVehicleRegistration', 'activateVehicle'] as const) {
        const res = await refused(() => find('PM12AAA', tool, as[role]), 403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      await refused(() => updateRegistration(targets.active, 'PM12CCC', as[role]), 403);
      await refused(() => activate(targets.terminated, as[role]), 403);
      expect(await auditOf(targets.active.id)).toEqual([]);
      expect(await auditOf(targets.terminated.id)).toEqual([]);
    });
  }

  it('lets SUPPORT make the same calls', async () => {
    for (const tool of ['updateVehicleRegistration', 'activateVehicle'] as const) expect((await find('PM12AAA', tool)).statusCode, tool).toBe(200);
    expect((await updateRegistration(targets.active, 'PM12CCC')).statusCode).toBe(200);
    expect((await activate(targets.terminated)).statusCode).toBe(200);
  });
});

describe('admin/findVehicles', () => {
  it("requires the registration: 400 'Vehicle Registration is required' under vrm", async () => {
    for (const vrm of [undefined, '', '   ']) {
      const res = await find(vrm);
      expect(res.statusCode, JSON.stringify(vrm)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Vehicle Registration is required', fields: { vrm: 'Vehicle Registration is required' } });
    }
    const long = await find('ABCDEFGHJKL');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ vrm: VEHICLE_MESSAGES.registrationTooLong });
  });

  it('finds the stock entry by registration (spaces removed, upper-cased) with its driver and lease company', async () => {
    const v = await insertVehicle('FD65RVR', { make: 'Kia', model: 'Niro', driverId: driver.id, managed: false });
    for (const tool of ['updateVehicleRegistration', 'activateVehicle'] as const) {
      expect(await foundOne(' fd65 rvr ', tool)).toEqual({
        leaseId: lease.id,
        stockId: v.stockId,
        vrm: 'FD65RVR',
        vin: v.vin,
        make: { label: 'Kia' },
        model: 'Niro',
        managed: false,
        contractStatus: 'active',
        driver: { firstname: 'Dana', lastname: 'Reid', email: 'dana.reid@alpha.example', number: '07700900123' },
        leaseCompanyName: 'Alpha Leasing',
      });
    }
    await insertVehicle('ND65RVR', { leaseCompanyId: otherLease.id, vin: null });
    expect(await foundOne('ND65RVR')).toMatchObject({ leaseId: otherLease.id, vin: null, driver: null, leaseCompanyName: 'Beta Leasing' });
  });

  it("answers 404 'Vehicle Registration number not found' for an unknown registration", async () => {
    const res = await find('ZZ99ZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Vehicle Registration number not found');
  });

  it('refuses a registration that matches more than one stock entry', async () => {
    await insertVehicle('DU12PLE');
    await insertVehicle('DU12PLE', { leaseCompanyId: otherLease.id });
    for (const tool of ['updateVehicleRegistration', 'activateVehicle'] as const) {
      const res = await find('du12 ple', tool);
      expect(res.statusCode, tool).toBe(409);
      expect(res.json().error.message).toBe('This Registration number matched more than one stock entries. Please contact technical team for help');
    }
  });
});

describe('admin/updateVehicleRegistration', () => {
  it('changes the registration (spaces removed, upper-cased); the vehicle search and admin/findVehicles follow at once; audited', async () => {
    const v = await insertVehicle('AB12CDE', { driverId: driver.id });
    // Searched before the change, so a stale answer would show.
    expect(await searchVehicles('AB12CDE')).toContainEqual({ id: v.id, vrm: 'AB12CDE' });
    expect(await searchVehicles('CD23EFG')).toEqual([]);

    expect(ok(await updateRegistration(v, ' cd23 efg '))).toEqual({ success: true, message: VEHICLE_MESSAGES.registrationUpdated });
    expect(await vehicleRow(v.id)).toMatchObject({ vrm: 'CD23EFG', stockId: v.stockId, vin: v.vin, version: v.version + 1, modifiedAt: t.clock.now(), modifiedBy: adminIds.SUPPORT });

    expect(await searchVehicles('CD23EFG')).toEqual([{ id: v.id, vrm: 'CD23EFG' }]);
    expect((await searchVehicles('AB12CDE')).map((h) => h.id)).not.toContain(v.id);
    expect(await foundOne('CD23EFG')).toMatchObject({ stockId: v.stockId, vrm: 'CD23EFG', driver: { email: 'dana.reid@alpha.example' } });
    const old = await find('AB12CDE');
    expect(old.statusCode).toBe(404);
    expect(old.json().error.message).toBe('Vehicle Registration number not found');

    const audit = await auditOf(v.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/updateVehicleRegistration', adminId: adminIds.SUPPORT, before: { vrm: 'AB12CDE' }, after: { vrm: 'CD23EFG' } });
  });

  it("requires the new registration: 'New Registration is required' under vrm", async () => {
    const v = await insertVehicle('RQ12AAA');
    for (const vrm of [undefined, '', '   ']) {
      const res = await refused(() => updateRegistration(v, vrm), 400, 'New Registration is required');
      expect(res.json().error.fields).toEqual({ vrm: 'New Registration is required' });
    }
  });

  it("refuses the same plate, a plate of the wrong pattern and one too long: 'New Registration is not valid' under vrm", async () => {
    const v = await insertVehicle('NV12AAA');
    for (const vrm of ['NV12AAA', ' nv12 aaa ', 'ABCDEF', '123456', 'IB12CDE', 'AB26CDE', 'AB12CDEFGHJK', 'A'.repeat(41)]) {
      const res = await refused(() => updateRegistration(v, vrm), 400, 'New Registration is not valid');
      expect(res.json().error.fields, vrm).toEqual({ vrm: 'New Registration is not valid' });
    }
  });

  it('refuses a registration another stock entry has', async () => {
    await insertVehicle('TK12AAA', { leaseCompanyId: otherLease.id });
    const v = await insertVehicle('TK12BBB');
    const res = await refused(() => updateRegistration(v, 'tk12 aaa'), 400, VEHICLE_MESSAGES.inUse);
    expect(res.json().error.fields).toEqual({ vrm: VEHICLE_MESSAGES.inUse });
  });

  it.each([
    ['terminated', 'Cannot update Registration number of Terminated Vehicle'],
    ['awaitingTermination', 'Cannot update Registration number of Vehicle Awaiting Termination'],
  ] as [ContractStatus, string][])('refuses a %s vehicle: %s', async (contractStatus, message) => {
    const v = await insertVehicle(contractStatus === 'terminated' ? 'TR12AAA' : 'AT12AAA', { contractStatus });
    await refused(() => updateRegistration(v, 'GH34JKL'), 400, message);
  });

  it("answers 404 'Vehicle Registration number not found' for a stock entry the lease company does not have", async () => {
    const v = await insertVehicle('NF12AAA');
    await refused(() => updateRegistration(v, 'NF12BBB', as.SUPPORT, { stockId: 'STK-NOPE' }), 404, 'Vehicle Registration number not found');
    await refused(() => updateRegistration(v, 'NF12BBB', as.SUPPORT, { leaseId: otherLease.id }), 404, 'Vehicle Registration number not found');
    await refused(() => updateRegistration(v, 'NF12BBB', as.SUPPORT, { leaseId: crypto.randomUUID() }), 404, 'Vehicle Registration number not found');
  });
});

describe('admin/activateTerminatedVehicle', () => {
  it.each(['terminated', 'awaitingTermination'] as ContractStatus[])('makes a %s vehicle active; audited', async (contractStatus) => {
    const v = await insertVehicle(contractStatus === 'terminated' ? 'AC12TER' : 'AC12AWT', { contractStatus });
    expect(ok(await activate(v))).toEqual({ success: true, message: VEHICLE_MESSAGES.activated });
    expect(await vehicleRow(v.id)).toMatchObject({ contractStatus: 'active', vrm: v.vrm, version: v.version + 1, modifiedBy: adminIds.SUPPORT });
    expect(await foundOne(v.vrm, 'activateVehicle')).toMatchObject({ stockId: v.stockId, contractStatus: 'active' });
    const audit = await auditOf(v.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ slug: 'admin/activateTerminatedVehicle', adminId: adminIds.SUPPORT, before: { contractStatus }, after: { contractStatus: 'active' } });

    // Once active, the registration may be changed again.
    ok(await updateRegistration(v, contractStatus === 'terminated' ? 'AC13TER' : 'AC13AWT'));
  });

  it("refuses an active vehicle: 'Vehicle is already Active'", async () => {
    const v = await insertVehicle('AA12ACT');
    await refused(() => activate(v), 400, 'Vehicle is already Active');
  });

  it("answers 404 'Vehicle Registration number not found' for a stock entry the lease company does not have", async () => {
    const v = await insertVehicle('AN12TER', { contractStatus: 'terminated' });
    await refused(() => activate(v, as.SUPPORT, { stockId: 'STK-NOPE' }), 404, 'Vehicle Registration number not found');
    await refused(() => activate(v, as.SUPPORT, { leaseId: otherLease.id }), 404, 'Vehicle Registration number not found');
  });
});
