/**
 * The offline geocoder, the default: a UK postcode is placed at the centroid of its district (the
 * outward code: SW1A, LS11, BT1), an Eircode at the principal post town of its routing key (D02,
 * T12, A94). Both tables ship beside this file and are rebuilt by scripts/geocoder-data.ts (sources
 * and licences in their header lines and the README); they are read once, on the first look-up, so
 * a server that never saves a supplier never reads them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../../../domain/common';
import { isEircode, isUkPostcode, normalizePostcode } from '../../../domain/formats';
import type { Coordinates, Geocoder } from './index';

const DIR = path.dirname(fileURLToPath(import.meta.url));
export const OUTCODES_FILE = path.join(DIR, 'outcodes.csv');
export const ROUTING_KEYS_FILE = path.join(DIR, 'eircode-routing-keys.csv');

/** `code,lat,lng[,…]` rows after '#' comment lines and one header line. */
export function parsePlaces(text: string): Map<string, Coordinates> {
  const places = new Map<string, Coordinates>();
  const rows = text.split(/\r?\n/).filter((l) => l.trim() && !l.startsWith('#'));
  for (const row of rows.slice(1)) {
    const [code, lat, lng] = row.split(',');
    const place = { lat: Number(lat), lng: Number(lng) };
    if (code && Number.isFinite(place.lat) && Number.isFinite(place.lng)) places.set(code.trim().toUpperCase(), place);
  }
  return places;
}

let tables: { outcodes: Map<string, Coordinates>; routingKeys: Map<string, Coordinates> } | null = null;
function loaded() {
  tables ??= { outcodes: parsePlaces(readFileSync(OUTCODES_FILE, 'utf8')), routingKeys: parsePlaces(readFileSync(ROUTING_KEYS_FILE, 'utf8')) };
  return tables;
}

/** 'sw1a 1aa' → 'SW1A'; null for anything that is not a whole UK postcode. */
export function outwardCode(postcode: string): string | null {
  const code = normalizePostcode(postcode);
  return isUkPostcode(code) ? code.slice(0, -3) : null;
}

/** 'd02 x285' → 'D02'; null for anything that is not a whole Eircode. */
export function routingKey(eircode: string): string | null {
  const code = normalizePostcode(eircode);
  return isEircode(code) ? code.slice(0, 3) : null;
}

/** Where the postcode's district is, by the supplier's country; null when the table does not know it. */
export function placeLocally(postcode: string, locale: Locale): Coordinates | null {
  const { outcodes, routingKeys } = loaded();
  const key = locale === 'en_IE' ? routingKey(postcode) : outwardCode(postcode);
  const place = key ? (locale === 'en_IE' ? routingKeys : outcodes).get(key) : undefined;
  return place ? { ...place } : null;
}

export const localGeocoder: Geocoder = {
  name: 'local',
  locate: async (postcode, locale) => placeLocally(postcode, locale),
};
