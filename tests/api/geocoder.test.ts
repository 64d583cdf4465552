import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder, noGeocoder, postcodesGeocoder } from '../../server/integrations/geocoder';

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

  it('is off without GEOCODER_URL', async () => {
    expect(createGeocoder({ url: '', timeoutMs: 1000 })).toBe(noGeocoder);
    expect(await noGeocoder.locate('BS1 4DJ', 'en_GB')).toBeNull();
  });
});
