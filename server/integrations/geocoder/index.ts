/**
 * Geocoding of a supplier's postcode on save (spec 2 §2.1: zero coordinates show 'Invalid
 * Postcode'), behind one interface: by default nothing is looked up and the coordinates stay as
 * they are (a new supplier gets 0/0); GEOCODER_URL names a postcodes.io-style service
 * (GET {url}/postcodes/{postcode}). A failure never blocks the save: it answers null.
 */
import type { Locale } from '../../../domain/common';
import { normalizePostcode } from '../../../domain/formats';

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface Geocoder {
  readonly name: 'none' | 'postcodes';
  /** Where the postcode is, or null when it is unknown, not looked up, or the service failed. */
  locate(postcode: string, locale: Locale): Promise<Coordinates | null>;
}

export interface GeocoderConfig {
  /** e.g. https://api.postcodes.io; empty: no geocoding. */
  url: string;
  timeoutMs: number;
}

/** No geocoder configured: coordinates are never looked up. */
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

export function createGeocoder(config: GeocoderConfig, onError?: (err: unknown) => void): Geocoder {
  return config.url ? postcodesGeocoder(config, onError) : noGeocoder;
}
