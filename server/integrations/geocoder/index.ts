/**
 * Geocoding of a supplier's postcode on save (spec 2 §2.1: zero coordinates show 'Invalid
 * Postcode'), behind one interface. By default the local tables place a UK postcode at its
 * district and an Eircode at its routing key's post town (./local.ts), with no network;
 * GEOCODER_URL names a postcodes.io-style service (GET {url}/postcodes/{postcode}) for the exact
 * place; GEOCODER=none looks nothing up (the coordinates stay as they are, 0/0 for a new supplier).
 * A failure never blocks the save: it answers null.
 */
import type { Locale } from '../../../domain/common';
import { normalizePostcode } from '../../../domain/formats';
import { localGeocoder } from './local';

export { localGeocoder } from './local';

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface Geocoder {
  readonly name: 'none' | 'local' | 'postcodes';
  /** Where the postcode is, or null when it is unknown, not looked up, or the service failed. */
  locate(postcode: string, locale: Locale): Promise<Coordinates | null>;
}

export interface GeocoderConfig {
  /** e.g. https://api.postcodes.io; empty: the local tables. */
  url: string;
  timeoutMs: number;
  /** GEOCODER=none: nothing is looked up. */
  off?: boolean;
}

/** GEOCODER=none: coordinates are never looked up. */
export const noGeocoder: Geocoder = { name: 'none', locate: async () => null };

/**
 * A postcodes.io-style client: `{ status: 200, result: { latitude, longitude } }`, 404 for an
 * unknown postcode. Irish Eircodes are not served by such a service and are not looked up.
 */
export function postcodesGeocoder(config: GeocoderConfig, onError: (err: unknown) => void = () => undefined, fetchImpl: typeof fetch = fetch): Geocoder {
  const base = config.url.replace(/\/+$/, '');
  return {
    name: 'postcodes',
    async locate(postcode, locale) {
      const code = normalizePostcode(postcode);
      if (locale !== 'en_GB' || !/^[A-Z0-9]{5,7}$/.test(code)) return null;
      try {
        const res = await fetchImpl(`${base}/postcodes/${encodeURIComponent(code)}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(config.timeoutMs) });
        if (res.status === 404) return null;
        const body = (await res.json()) as { status?: number; result?: { latitude?: unknown; longitude?: unknown } | null };
        const lat = body.result?.latitude;
        const lng = body.result?.longitude;
        if (!res.ok || typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
          onError(new Error(`geocoder answered ${res.status}`));
          return null;
        }
        return { lat, lng };
      } catch (err) {
        onError(err);
        return null;
      }
    },
  };
}

/**
 * The service first, then the local tables when it does not place the code (unknown to it, failed,
 * or an Eircode, which it does not serve): a district's centre is nearer the truth than 0/0 or,
 * after a postcode change, the old postcode's place.
 */
export function withFallback(first: Geocoder, then: Geocoder): Geocoder {
  return { name: first.name, locate: async (postcode, locale) => (await first.locate(postcode, locale)) ?? then.locate(postcode, locale) };
}

export function createGeocoder(config: GeocoderConfig, onError?: (err: unknown) => void): Geocoder {
  if (config.off) return noGeocoder;
  return config.url ? withFallback(postcodesGeocoder(config, onError), localGeocoder) : localGeocoder;
}
