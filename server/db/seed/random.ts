/**
 * Deterministic randomness for the demo network. faker (en_GB, seeded) writes the words; this
 * small PRNG drives the hot loops of the large size, where a faker call per field would cost minutes.
 */
import { Faker, en_GB, en, base } from '@faker-js/faker';
import { ieVatCheckLetter, ukVatCheckDigits, latestUkAgeIdentifier } from '../../../domain/formats';
import type { Locale } from '../../../domain/common';
import { UK_PLATE_SECOND, type Town } from './reference';

/** sfc32: fast, 128-bit state, good enough statistics for demo data. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: number, stream: number) {
    this.a = 0x9e3779b9 ^ seed;
    this.b = 0x243f6a88 ^ stream;
    this.c = 0xb7e15162 ^ Math.imul(seed, 31);
    this.d = 1;
    for (let i = 0; i < 16; i++) this.next();
  }
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)];
  }
  /** Index into weights, proportional to them. */
  weighted(weights: readonly number[], total?: number): number {
    let r = this.next() * (total ?? weights.reduce((s, w) => s + w, 0));
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  /** A skewed size: most small, a few large (Pareto-like), at least min. */
  skewed(min: number, mean: number): number {
    const u = Math.max(this.next(), 1e-9);
    return min + Math.floor((mean - min) * 0.5 * (Math.pow(u, -0.5) - 1));
  }
}

/** A faker instance of its own for one area, so areas do not shift each other's data. */
export function fakerFor(seed: number, stream: number): Faker {
  const f = new Faker({ locale: [en_GB, en, base] });
  f.seed([seed, stream]);
  return f;
}

/** A v4-shaped uuid that is a pure function of (seed, kind, index): references need no lookups. */
export function idFor(seed: number, kind: number, index: number): string {
  const w = (k: number) => {
    let h = Math.imul(seed ^ 0x85ebca6b, 0xc2b2ae35) ^ Math.imul(kind + 1, 0x27d4eb2f) ^ Math.imul(index + 1, 0x165667b1) ^ Math.imul(k + 7, 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return ((h ^ (h >>> 16)) >>> 0).toString(16).padStart(8, '0');
  };
  // The index is spelt out in the last group, so ids never collide within a kind.
  const a = w(0);
  const b = w(1);
  const kindHex = (kind & 0xfff).toString(16).padStart(3, '0');
  const idx = index.toString(16).padStart(12, '0');
  return `${a}-${b.slice(0, 4)}-4${kindHex}-${(8 + (parseInt(b[4], 16) & 3)).toString(16)}${b.slice(5, 8)}-${idx}`;
}

export const KIND = {
  leaseCompany: 1, subCustomer: 2, group: 3, link: 4, supplier: 5, exception: 6, registration: 7, user: 8,
  driver: 9, vehicle: 10, enquiry: 11, archived: 12, invoice: 13, message: 14, processLog: 15, saviExport: 16,
  file: 17, document: 18, networkImport: 19, networkExport: 20, apiConfig: 21, validation: 22,
} as const;

// ---------------------------------------------------------------------------------------------
// Identifiers that pass domain/formats.ts

const INWARD = 'ABDEFGHJLNPQRSTUWXYZ';
const EIR_UNIQUE = '0123456789ACDEFHKNPRTVWXY';

export function postcodeFor(rng: Rng, town: Town, locale: Locale): string {
  if (locale === 'en_IE') {
    const key = rng.pick(town.area.split(','));
    return `${key} ${rng.chars(EIR_UNIQUE, 4)}`;
  }
  return `${town.area}${rng.int(1, town.districts)} ${rng.int(1, 9)}${rng.chars(INWARD, 2)}`;
}

/** UK numbers are drawn from Ofcom's ranges reserved for drama, so no real line is reached. */
const UK_DRAMA: string[] = ['0113496', '0114496', '0115496', '0116496', '0117496', '0118496', '0121496', '0131496', '0141496', '0151496', '0161496', '0191498', '0207946', '0289018', '0292018', '01632960'];
export function landlineFor(rng: Rng, town: Town, locale: Locale): string {
  if (locale === 'en_IE') return town.dial === '01' ? `01${rng.int(2, 9)}${rng.digits(6)}` : `${town.dial}${rng.int(2, 9)}${rng.digits(6)}`;
  const prefix = rng.pick(UK_DRAMA);
  return prefix + rng.digits(11 - prefix.length);
}
export function mobileFor(rng: Rng, locale: Locale): string {
  if (locale === 'en_IE') return `08${rng.pick(['3', '5', '6', '7', '9'])}${rng.digits(7)}`;
  return `07700900${rng.digits(3)}`;
}
/** `maxLength` 10 keeps Irish numbers to the one-letter form the customer form allows (spec 1 §5). */
export function vatFor(rng: Rng, locale: Locale, maxLength = 11): string {
  const seven = `${rng.int(1, 9)}${rng.digits(6)}`;
  if (locale === 'en_IE') {
    const second = rng.bool(0.6) && maxLength > 10 ? rng.pick(['A', 'H', 'W']) : '';
    return `IE${seven}${ieVatCheckLetter(seven, second)}${second}`;
  }
  return `GB${seven}${ukVatCheckDigits(seven)}`;
}
export function companyNumberFor(rng: Rng, locale: Locale, town?: Town): string {
  if (locale === 'en_IE') return `${rng.int(1, 7)}${rng.digits(5)}`;
  if (town?.region === 'Scotland') return `SC${rng.digits(6)}`;
  if (town?.region === 'Northern Ireland') return `NI${rng.digits(6)}`;
  return `${rng.pick(['0', '1'])}${rng.digits(7)}`;
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
/** A registration consistent with the first registration date and the region of the keeper. */
export function vrmFor(rng: Rng, town: Town, locale: Locale, registered: Date): string {
  if (locale === 'en_IE') {
    const y = registered.getUTCFullYear() % 100;
    const half = registered.getUTCMonth() >= 6 ? 2 : 1;
    return `${String(y).padStart(2, '0')}${half}${town.plate}${rng.int(1, 40000)}`;
  }
  const y = registered.getUTCFullYear() % 100;
  const m = registered.getUTCMonth();
  const age = m >= 8 ? y + 50 : m >= 2 ? y : y + 49;
  const first = town.plate === 'BT' ? rng.pick(['L', 'M', 'F']) : town.plate;
  const second = rng.pick((UK_PLATE_SECOND[first] ?? 'ABCDEFGH').split(''));
  return `${first}${second}${String(Math.min(age, latestUkAgeIdentifier(registered))).padStart(2, '0')}${rng.chars(PLATE_LETTERS, 3)}`;
}
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const WMI: Record<string, string> = { Ford: 'WF0', Vauxhall: 'W0V', Volkswagen: 'WVW', BMW: 'WBA', 'Mercedes-Benz': 'WDD', Audi: 'WAU', Toyota: 'SB1', Nissan: 'SJN', Kia: 'U5Y', Hyundai: 'TMA', Peugeot: 'VF3', Citroen: 'VF7', Renault: 'VF1', Skoda: 'TMB', SEAT: 'VSS', Volvo: 'YV1', Tesla: 'LRW', Polestar: 'LPS', MG: 'LSJ', Fiat: 'ZFA', Mazda: 'JMZ', Honda: 'SHH', 'Land Rover': 'SAL', Jaguar: 'SAJ', Isuzu: 'MPA', Iveco: 'ZCF', Cupra: 'VSS' };
export function vinFor(rng: Rng, make: string, registered: Date): string {
  const yearCode = 'ABCDEFGHJKLMNPRSTVWXY123456789'[(registered.getUTCFullYear() - 2010 + 30) % 30];
  return `${WMI[make] ?? 'WF0'}${rng.chars(VIN_CHARS, 5)}0${yearCode}${rng.chars(VIN_CHARS, 1)}${rng.digits(6)}`.slice(0, 17);
}

export function slug(s: string): string {
  // Cut before trimming, so a cut that lands on a hyphen leaves no hyphen at the end (invalid in a domain).
  return s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').slice(0, 30).replace(/^-+|-+$/g, '');
}

/** An e-mail address within the forms' 50-character limit: the local part gives way first. */
export function emailAt(local: string, domain: string, max = 50): string {
  const room = Math.max(max - domain.length - 1, 1);
  return `${local.slice(0, room).replace(/[.-]+$/, '')}@${domain}`;
}

export const DAY = 86_400_000;
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
