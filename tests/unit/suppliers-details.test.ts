import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, displayName, mapsLink, openingHoursRows, serviceTiles, specialistServiceOn, SPECIALIST_SERVICES } from '../../domain/suppliers';

describe('supplier details display rules (spec 2 §2.1)', () => {
  it.each([
    [{ lat: 51.5, lng: -0.12 }, 'https://www.google.com/maps/search/?api=1&query=51.5,-0.12'],
    [{ lat: 0, lng: 0 }, null],
    [{ lat: 0, lng: -0.12 }, null],
    [{ lat: 51.5, lng: 0 }, null],
    [{ lat: null, lng: -0.12 }, null],
    [{ lat: null, lng: null }, null],
    [{ lat: Number.NaN, lng: 1 }, null],
  ])('Open in maps for %j is %s (null: the Invalid Postcode badge)', (coords, link) => {
    expect(mapsLink(coords)).toBe(link);
  });

  it('shows REPAIR as SMR and never an SMR tile of its own, in the catalogue order, enabled services only', () => {
    expect(serviceTiles([{ type: 'SMR', isEnabled: true }])).toEqual([]);
    expect(serviceTiles([{ type: 'REPAIR', isEnabled: true }, { type: 'SMR', isEnabled: true }])).toEqual([{ type: 'REPAIR', label: 'SMR' }]);
    expect(
      serviceTiles([
        { type: 'MOT', isEnabled: true },
        { type: 'TYRE', isEnabled: false },
        { type: 'SERVICE', isEnabled: true },
      ]).map((t) => t.label),
    ).toEqual(['Service', 'MOT']);
  });

  it("uses the defaults without hours, '-' for a missing time and 'Closed' for a Sunday that is not open", () => {
    expect(openingHoursRows(null)).toEqual([
      { day: 'Monday to Friday', text: '09:00 - 17:30' },
      { day: 'Saturday', text: '09:00 - 12:30' },
      { day: 'Sunday', text: 'Closed' },
    ]);
    expect(
      openingHoursRows({
        weekday: { customOpening: '08:00', customClosing: null },
        saturday: { customOpening: null, customClosing: null },
        sunday: { customOpening: '10:00', customClosing: '14:00', isOpen: true },
      }),
    ).toEqual([
      { day: 'Monday to Friday', text: '-' },
      { day: 'Saturday', text: '-' },
      { day: 'Sunday', text: '10:00 - 14:00' },
    ]);
    expect(openingHoursRows({ weekday: { customOpening: '08:00', customClosing: '17:00' }, saturday: { customOpening: '09:00', customClosing: '12:00' }, sunday: { customOpening: '09:00', customClosing: '12:30', isOpen: false } })[2].text).toBe('Closed');
  });

  it('cuts names at 100 characters for display', () => {
    expect(displayName('a'.repeat(DISPLAY_NAME_MAX))).toBe('a'.repeat(100));
    expect(displayName('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
  });

  it('reads each specialist service from its place in vehicleServices, absent as off', () => {
    const dpf = SPECIALIST_SERVICES.find((s) => s.key === 'dpfFilters')!;
    expect(specialistServiceOn(null, dpf)).toBe(false);
    expect(specialistServiceOn({ specialisedRepairs: { misFueling: false, dpfFilters: true } } as never, dpf)).toBe(true);
  });
});
