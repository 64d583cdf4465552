import { describe, expect, it } from 'vitest';
import {
  countRow,
  decideRow,
  emptyFileCounts,
  emptyImportStats,
  makeLabel,
  stockKeyOf,
  type RowDecision,
  type RowRefs,
  type VehicleState,
} from '../../domain/contractImport';
import type { NetworkRow } from '../../domain/network/format';

const DAY = '2026-11-25';
const policy = { day: DAY, maintainedOnly: false };

/** A VISN customer contract row as parseRow answers it (every column of the type present). */
const contractRow = (over: NetworkRow = {}): NetworkRow => ({
  customerId: 'C1',
  subCustomer: null,
  stockId: 'S1',
  vrm: 'AB12CDE',
  vin: null,
  make: 'ford',
  model: 'Focus',
  vehicleType: 'CAR',
  contractProduct: 'SERVICE_4_FLEET',
  contractStart: '2026-01-01',
  contractEnd: '2029-01-01',
  maintained: true,
  driverEmail: null,
  ...over,
});

const vehicle = (over: Partial<VehicleState> = {}): VehicleState => ({
  id: 'v1',
  stockId: 'S1',
  vrm: 'AB12CDE',
  vin: null,
  make: 'Ford',
  model: 'Focus',
  vehicleType: 'CAR',
  managed: true,
  contractStatus: 'active',
  contractProduct: 'SERVICE_4_FLEET',
  subCustomerId: null,
  driverId: null,
  registeredOn: null,
  contractEndDate: '2029-01-01',
  mileage: null,
  ...over,
});

const refs = (over: Partial<RowRefs> = {}): RowRefs => ({ vehicle: null, vrmTaken: false, subCustomerId: null, driverId: null, repeated: false, ...over });

describe('decideRow: contract and stock rows', () => {
  it('creates a new vehicle, active, with the make as the reference list spells it', () => {
    expect(decideRow('contract', contractRow(), refs({ subCustomerId: null }), policy)).toEqual({
      action: 'create',
      values: {
        stockId: 'S1',
        vrm: 'AB12CDE',
        vin: null,
        make: 'Ford',
        model: 'Focus',
        vehicleType: 'CAR',
        managed: true,
        contractStatus: 'active',
        contractProduct: 'SERVICE_4_FLEET',
        subCustomerId: null,
        driverId: null,
        registeredOn: null,
        contractEndDate: '2029-01-01',
        mileage: null,
      },
    });
  });

  it('answers noChange when the vehicle is as the row says, and only the differing fields otherwise', () => {
    expect(decideRow('contract', contractRow(), refs({ vehicle: vehicle() }), policy)).toEqual({ action: 'noChange' });
    expect(decideRow('contract', contractRow({ model: 'Kuga', driverEmail: 'd@x.example' }), refs({ vehicle: vehicle(), driverId: 'd1' }), policy)).toEqual({
      action: 'update',
      id: 'v1',
      changes: { model: 'Kuga', driverId: 'd1' },
      awaiting: false,
    });
  });

  it('never undoes a termination: the status is not among the changes', () => {
    const d = decideRow('contract', contractRow({ model: 'Kuga' }), refs({ vehicle: vehicle({ contractStatus: 'terminated' }) }), policy);
    expect(d).toEqual({ action: 'update', id: 'v1', changes: { model: 'Kuga' }, awaiting: false });
  });

  it('leaves fields the type does not carry as they are (a stock file without driver or contract columns)', () => {
    const stock: NetworkRow = { customerId: 'C1', subCustomer: 'Acme', stockId: 'S1', vrm: 'AB12CDE', vin: null, make: 'Ford', model: 'Focus', vehicleType: 'CAR', registeredOn: '2024-03-01', mileage: 1200, managed: false };
    const d = decideRow('stock', stock, refs({ vehicle: vehicle({ driverId: 'd9' }), subCustomerId: 'sc1' }), policy);
    expect(d).toEqual({ action: 'update', id: 'v1', changes: { managed: false, subCustomerId: 'sc1', registeredOn: '2024-03-01', mileage: 1200 }, awaiting: false });
  });

  it('skips, in this order: maintained N for a maintained-only company, repeated, unknown names, a registration held by another vehicle', () => {
    const reason = (d: RowDecision) => (d.action === 'skip' ? d.reason : d.action);
    const n = contractRow({ maintained: false });
    expect(reason(decideRow('contract', n, refs({ repeated: true }), { ...policy, maintainedOnly: true }))).toBe('maintainedAsN');
    expect(reason(decideRow('contract', n, refs(), policy))).toBe('create');
    expect(reason(decideRow('stock', contractRow(), refs({ repeated: true, driverId: undefined }), policy))).toBe('repeated');
    expect(reason(decideRow('contract', contractRow(), refs({ subCustomerId: undefined, vrmTaken: true }), policy))).toBe('idUnavailable');
    expect(reason(decideRow('contract', contractRow(), refs({ driverId: undefined }), policy))).toBe('idUnavailable');
    expect(reason(decideRow('contract', contractRow(), refs({ vrmTaken: true }), policy))).toBe('unplaceable');
  });

  it('keys a row by its stock id, or by the agreement number of types that carry one', () => {
    expect(stockKeyOf({ stockId: 'S9' })).toBe('S9');
    expect(stockKeyOf({ agreementNo: 'AG1' })).toBe('AG1');
    expect(stockKeyOf({ vrm: 'X' })).toBeNull();
    expect(makeLabel('VAUXHALL')).toBe('Vauxhall');
  });
});

describe('decideRow: termination rows', () => {
  const term = (date: string): NetworkRow => ({ customerId: 'C1', vrm: 'AB12CDE', stockId: null, terminationDate: date, reason: 'SOLD', finalMileage: null, otherReason: null });

  it('terminates on or before the run day, awaits termination after it', () => {
    expect(decideRow('termination', term(DAY), refs({ vehicle: vehicle() }), policy)).toEqual({ action: 'update', id: 'v1', changes: { contractStatus: 'terminated', contractEndDate: DAY }, awaiting: false });
    expect(decideRow('termination', { customerId: 'C1', agreementNo: 'S1', vrm: 'AB12CDE', terminatedOn: '2026-12-01', reason: 'SOLD' }, refs({ vehicle: vehicle() }), policy)).toEqual({
      action: 'update',
      id: 'v1',
      changes: { contractStatus: 'awaitingTermination', contractEndDate: '2026-12-01' },
      awaiting: true,
    });
  });

  it('answers noChange for a termination already applied, and skips a vehicle the company does not have', () => {
    expect(decideRow('termination', term('2026-11-01'), refs({ vehicle: vehicle({ contractStatus: 'terminated', contractEndDate: '2026-11-01' }) }), policy)).toEqual({ action: 'noChange' });
    expect(decideRow('termination', term('2026-11-01'), refs(), policy)).toEqual({ action: 'skip', reason: 'idUnavailable' });
  });

  it('a later date for a vehicle already awaiting termination is a change, not a new awaiting one', () => {
    const d = decideRow('termination', term('2027-01-01'), refs({ vehicle: vehicle({ contractStatus: 'awaitingTermination', contractEndDate: '2026-12-01' }) }), policy);
    expect(d).toEqual({ action: 'update', id: 'v1', changes: { contractEndDate: '2027-01-01' }, awaiting: false });
  });
});

describe('countRow', () => {
  it('counts each row once: success, noChange or skipped with its reason; awaiting is part of success', () => {
    const stats = emptyImportStats();
    const counts = emptyFileCounts();
    const decisions: (RowDecision | null)[] = [
      { action: 'create', values: {} as never },
      { action: 'update', id: 'a', changes: {}, awaiting: true },
      { action: 'noChange' },
      { action: 'skip', reason: 'idUnavailable' },
      { action: 'skip', reason: 'maintainedAsN' },
      { action: 'skip', reason: 'repeated' },
      { action: 'skip', reason: 'unplaceable' },
      null,
    ];
    for (const d of decisions) countRow(stats, counts, d);
    expect(stats).toEqual({ success: 2, skipped: 5, noChange: 1, awaitingTermination: 1, isIdUnavailable: 1, skippedAccountsWithMaintainedAsN: 1, skippedRepeatedAccountNumber: 1 });
    expect(counts).toEqual({ totalRecordsCount: 0, processedRecordCount: 8, validRecordCount: 3, invalidRecordCount: 5 });
  });
});
