import { describe, expect, it } from 'vitest';
import { FNP_PROVIDERS } from '../../domain/suppliers/enums';
import { MAKE_VEHICLE_TYPES, UNLIMITED_MILEAGE, VEHICLE_MAKES, VEHICLE_MAKE_LABELS, makeByLabel } from '../../domain/vehicleMakes';

/** The vehicle make reference list of spec 3 §9. */
describe('vehicle make reference list', () => {
  it('holds about 115 makes', () => {
    expect(VEHICLE_MAKES.length).toBeGreaterThanOrEqual(110);
    expect(VEHICLE_MAKES.length).toBeLessThanOrEqual(120);
  });

  it('has unique ids, 1..n', () => {
    const ids = VEHICLE_MAKES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
  });

  it('has unique labels, whatever their case, with no stray spaces', () => {
    const labels = VEHICLE_MAKES.map((m) => m.label.toLowerCase());
    expect(new Set(labels).size).toBe(labels.length);
    for (const m of VEHICLE_MAKES) expect(m.label).toBe(m.label.trim());
  });

  it.each([
    ['Ford', 'OEC'],
    ['Vauxhall', 'OEC'],
    ['Citroen', 'MODULUS'],
    ['Peugeot', 'MODULUS'],
    ['Kia', 'OTHER'],
  ])('%s uses %s (the spec\'s examples)', (label, provider) => {
    expect(makeByLabel(label)?.fnpProvider).toBe(provider);
  });

  it('uses only the four FNP providers', () => {
    for (const m of VEHICLE_MAKES) expect(FNP_PROVIDERS).toContain(m.fnpProvider);
  });

  it('gives every make at least one external code and one warranty row', () => {
    for (const m of VEHICLE_MAKES) {
      expect(m.externalCodes.length, m.label).toBeGreaterThan(0);
      expect(m.warranty.length, m.label).toBeGreaterThan(0);
    }
  });

  it('has short upper-case external codes, one per vehicle type, unique per vehicle type across makes', () => {
    const seen = new Set<string>();
    for (const m of VEHICLE_MAKES) {
      const types = m.externalCodes.map((c) => c.vehicleType);
      expect(new Set(types).size, m.label).toBe(types.length);
      for (const c of m.externalCodes) {
        expect(c.code, m.label).toMatch(/^[A-Z0-9]{2,10}$/);
        expect(MAKE_VEHICLE_TYPES).toContain(c.vehicleType);
        const key = `${c.vehicleType}:${c.code}`;
        expect(seen.has(key), `${m.label} ${key}`).toBe(false);
        seen.add(key);
      }
    }
  });

  it('has positive warranties, each for a vehicle type the make has a code for', () => {
    for (const m of VEHICLE_MAKES) {
      for (const w of m.warranty) {
        expect(w.months, m.label).toBeGreaterThan(0);
        expect(w.mileage, m.label).toBeGreaterThan(0);
        expect(w.mileage, m.label).toBeLessThanOrEqual(UNLIMITED_MILEAGE);
        expect(m.externalCodes.map((c) => c.vehicleType), m.label).toContain(w.vehicleType);
      }
    }
  });

  it('has the typical 36 months / 60000 miles warranty, and unlimited mileage as 999999', () => {
    const rows = VEHICLE_MAKES.flatMap((m) => m.warranty);
    expect(rows.some((w) => w.months === 36 && w.mileage === 60000)).toBe(true);
    expect(UNLIMITED_MILEAGE).toBe(999999);
    expect(rows.some((w) => w.mileage === UNLIMITED_MILEAGE)).toBe(true);
  });

  it('lists the labels A-Z, one per make', () => {
    expect(VEHICLE_MAKE_LABELS.length).toBe(VEHICLE_MAKES.length);
    expect(new Set(VEHICLE_MAKE_LABELS)).toEqual(new Set(VEHICLE_MAKES.map((m) => m.label)));
    for (let i = 1; i < VEHICLE_MAKE_LABELS.length; i++) {
      expect(VEHICLE_MAKE_LABELS[i - 1].localeCompare(VEHICLE_MAKE_LABELS[i], 'en-GB'), VEHICLE_MAKE_LABELS[i]).toBeLessThan(0);
    }
    expect(VEHICLE_MAKE_LABELS[0]).toBe('Abarth');
  });

  it('finds a make by its label, whatever the case', () => {
    const ford = makeByLabel('Ford');
    expect(ford?.label).toBe('Ford');
    expect(makeByLabel('ford')).toBe(ford);
    expect(makeByLabel('FORD')).toBe(ford);
    expect(makeByLabel('mercedes-benz')?.label).toBe('Mercedes-Benz');
    expect(makeByLabel('LAND ROVER')?.label).toBe('Land Rover');
    expect(makeByLabel('Fordd')).toBeUndefined();
    expect(makeByLabel('')).toBeUndefined();
  });
});
