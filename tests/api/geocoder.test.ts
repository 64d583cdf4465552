import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder, localGeocoder, noGeocoder, postcodesGeocoder } from '../../server/integrations/geocoder';
import { loadConfig } from '../../server/config';

/** A local stand-in for a postcodes.io-style service, answering as its documentation shows. */
let server: http.Server;
let base: string;
const asked: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const code = decodeURIComponent((req.url ?? '').replace(/^\/postcodes\//, ''));
    res.setHeader('content-type', 'application/json');
    if (code === 'BS14DJ') return res.end(JSON.stringify({ status: 200, result: { postcode: 'BS1 4DJ', latitude: 51.449, longitude: -2.596 } }));
    if (code === 'SW1A1AA') {
      res.statusCode = 500;
      return res.end(JSON.stringify({ status: 500, error: 'Internal server error' }));
    }
    if (code === 'M11AE') return; // never answers
    res.statusCode = 404;
    res.end(JSON.stringify({ status: 404, error: 'Postcode not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the geocoder adapter', () => {
  it('places a UK postcode, written with or without its space', async () => {
    const g = postcodesGeocoder({ url: `${base}/`, timeoutMs: 2000 });
    expect(await g.locate('BS1 4DJ', 'en_GB')).toEqual({ lat: 51.449, lng: -2.596 });
    expect(await g.locate('bs14dj', 'en_GB')).toEqual({ lat: 51.449, lng: -2.596 });
    expect(asked.at(-1)).toBe('/postcodes/BS14DJ');
  });

  it('answers null, never an error, for an unknown postcode, a failing or silent service, and an Eircode', async () => {
    const errors: unknown[] = [];
    const g = postcodesGeocoder({ url: base, timeoutMs: 300 }, (e) => errors.push(e));
    expect(await g.locate('ZZ9 9ZZ', 'en_GB')).toBeNull();
    expect(errors).toHaveLength(0);
    expect(await g.locate('SW1A 1AA', 'en_GB')).toBeNull();
    expect(await g.locate('M1 1AE', 'en_GB')).toBeNull();
    expect(errors).toHaveLength(2);
    const before = asked.length;
    expect(await g.locate('T12 X2Y3', 'en_IE')).toBeNull();
    expect(await g.locate('../admin', 'en_GB')).toBeNull();
    expect(asked.length).toBe(before);
  });

  it('uses the local tables without GEOCODER_URL, and nothing with GEOCODER=none', async () => {
    const local = createGeocoder({ url: '', timeoutMs: 1000 });
    expect(local).toBe(localGeocoder);
    expect(local.name).toBe('local');
    expect(await local.locate('SW1A 1AA', 'en_GB')).toEqual({ lat: 51.5027, lng: -0.1311 });
    expect(createGeocoder(loadConfig({ NODE_ENV: 'test' }).geocoder)).toBe(localGeocoder);
    expect(createGeocoder(loadConfig({ NODE_ENV: 'test', GEOCODER: 'none' }).geocoder)).toBe(noGeocoder);
    expect(createGeocoder(loadConfig({ NODE_ENV: 'test', GEOCODER: 'none', GEOCODER_URL: base }).geocoder)).toBe(noGeocoder);
    expect(() => loadConfig({ NODE_ENV: 'test', GEOCODER: 'postcodes.io' })).toThrow('GEOCODER must be local or none');
    expect(await noGeocoder.locate('BS1 4DJ', 'en_GB')).toBeNull();
  });

  it('falls back to the local tables when the service cannot place the code', async () => {
    const errors: unknown[] = [];
    const g = createGeocoder({ url: base, timeoutMs: 300 }, (e) => errors.push(e));
    expect(g.name).toBe('postcodes');
    // The service's exact place first.
    expect(await g.locate('BS1 4DJ', 'en_GB')).toEqual({ lat: 51.449, lng: -2.596 });
    // Unknown to it, failing, silent: the district's centre.
    expect(await g.locate('EC1A 1BB', 'en_GB')).toEqual({ lat: 51.5202, lng: -0.103 });
    expect(await g.locate('SW1A 1AA', 'en_GB')).toEqual({ lat: 51.5027, lng: -0.1311 });
    expect(await g.locate('M1 1AE', 'en_GB')).toEqual({ lat: 53.4773, lng: -2.2351 });
    expect(errors).toHaveLength(2);
    // An Eircode, which it does not serve, is not asked for.
    const before = asked.length;
    expect(await g.locate('T12 X2Y3', 'en_IE')).toEqual({ lat: 51.898, lng: -8.4706 });
    expect(asked.length).toBe(before);
    expect(await g.locate('ZZ9 9ZZ', 'en_GB')).toBeNull();
  });
});
