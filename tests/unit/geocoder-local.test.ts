import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { OUTCODES_FILE, ROUTING_KEYS_FILE, localGeocoder, outwardCode, parsePlaces, placeLocally, routingKey } from '../../server/integrations/geocoder/local';

/** Within about 2 km of the place (0.02° of latitude). */
const near = (lat: number, lng: number) => ({ lat: expect.closeTo(lat, 1.7), lng: expect.closeTo(lng, 1.7) });

// Every file read of the geocoder goes through this counter.
const reads = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const readFileSync = ((file: string, ...rest: unknown[]) => {
    reads.files.push(String(file));
    return (real.readFileSync as (...a: unknown[]) => unknown)(file, ...rest);
  }) as typeof real.readFileSync;
  return { ...real, default: { ...real, readFileSync }, readFileSync };
});

describe('the local geocoder', () => {
  it('places a UK postcode at its district, written with or without its space, in any case', async () => {
    expect(localGeocoder.name).toBe('local');
    expect(await localGeocoder.locate('SW1A 1AA', 'en_GB')).toEqual(near(51.5027, -0.1311));
    expect(await localGeocoder.locate('sw1a1aa', 'en_GB')).toEqual(near(51.5027, -0.1311));
    expect(await localGeocoder.locate(' ls11 5ab ', 'en_GB')).toEqual(near(53.7761, -1.5554));
    // Northern Ireland's BT districts are in the table too.
    expect(await localGeocoder.locate('BT1 5GS', 'en_GB')).toEqual(near(54.5994, -5.9284));
  });

  it('places an Eircode at its routing key’s post town', async () => {
    expect(await localGeocoder.locate('D02 X285', 'en_IE')).toEqual(near(53.3331, -6.2489));
    expect(await localGeocoder.locate('t12x2y3', 'en_IE')).toEqual(near(51.898, -8.4706));
    expect(await localGeocoder.locate('H91 E2K3', 'en_IE')).toEqual(near(53.2724, -9.051));
    expect(await localGeocoder.locate('D6W PV38', 'en_IE')).toEqual(near(53.3331, -6.2489));
  });

  it('answers null for an unknown district, a code of the other country, and garbage', async () => {
    expect(await localGeocoder.locate('ZZ9 9ZZ', 'en_GB')).toBeNull();
    // A real postcode of a district the table does not list (non-geographic).
    expect(await localGeocoder.locate('BX1 1LT', 'en_GB')).toBeNull();
    expect(await localGeocoder.locate('GIR 0AA', 'en_GB')).toBeNull();
    expect(await localGeocoder.locate('D02 X285', 'en_GB')).toBeNull();
    expect(await localGeocoder.locate('SW1A 1AA', 'en_IE')).toBeNull();
    for (const junk of ['', '   ', 'SW1A', 'D02', '../etc/passwd', 'SW1A 1AA; DROP TABLE', '12345', '🙂']) {
      expect(placeLocally(junk, 'en_GB'), junk).toBeNull();
      expect(placeLocally(junk, 'en_IE'), junk).toBeNull();
    }
  });

  it('reads its tables once, on the first look-up, not on every one', async () => {
    vi.resetModules();
    reads.files.length = 0;
    const fresh = await import('../../server/integrations/geocoder/local');
    expect(reads.files).toEqual([]);
    fresh.placeLocally('SW1A 1AA', 'en_GB');
    expect(reads.files).toEqual([OUTCODES_FILE, ROUTING_KEYS_FILE]);
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) fresh.placeLocally(i % 2 ? 'LS11 5AB' : 'D02 X285', i % 2 ? 'en_GB' : 'en_IE');
    expect(reads.files).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('gives back a copy, so a caller cannot move a district', () => {
    const place = placeLocally('SW1A 1AA', 'en_GB')!;
    place.lat = 0;
    expect(placeLocally('SW1A 1AA', 'en_GB')!.lat).not.toBe(0);
  });
});

describe('its parts', () => {
  it('takes the outward code of a UK postcode and the routing key of an Eircode', () => {
    expect(outwardCode('sw1a 1aa')).toBe('SW1A');
    expect(outwardCode('M11AE')).toBe('M1');
    expect(outwardCode('SW1A')).toBeNull();
    expect(routingKey('d02 x285')).toBe('D02');
    expect(routingKey('D6WPV38')).toBe('D6W');
    expect(routingKey('D02')).toBeNull();
  });

  it('reads `code,lat,lng` rows after comments and a header, skipping broken ones', () => {
    const places = parsePlaces('# a comment\noutcode,lat,lng\nSW1A,51.5027,-0.1311\nBAD,x,1\n\nls11,53.7761,-1.5554,Leeds\n');
    expect([...places]).toEqual([
      ['SW1A', { lat: 51.5027, lng: -0.1311 }],
      ['LS11', { lat: 53.7761, lng: -1.5554 }],
    ]);
  });

  it('ships tables that cover the UK districts and the Eircode routing keys, all inside the islands', () => {
    const uk = parsePlaces(fs.readFileSync(OUTCODES_FILE, 'utf8'));
    const ie = parsePlaces(fs.readFileSync(ROUTING_KEYS_FILE, 'utf8'));
    expect(uk.size).toBeGreaterThan(2800);
    expect(ie.size).toBeGreaterThan(125);
    // Channel Islands to Shetland, Scilly to Lowestoft; Mizen Head to Malin Head, Dublin Bay.
    for (const [code, p] of uk) expect(p.lat > 49 && p.lat < 61 && p.lng > -9 && p.lng < 2 && p.lng !== 0, code).toBe(true);
    for (const [code, p] of ie) expect(p.lat > 51.3 && p.lat < 55.5 && p.lng > -10.7 && p.lng < -5.9, code).toBe(true);
  });
});
