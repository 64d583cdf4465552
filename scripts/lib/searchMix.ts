/**
 * The search benchmark's requests: shaped as the console's dataProvider sends them (searchParams over
 * the resource declarations: their query_by, default sort, facets and max_facet_values), with
 * inputs drawn from the data, in classes that cost differently. Every request of a run is
 * different (another word, page or filter), so none is answered from the server's cache.
 */
import type { GetListParams } from 'react-admin';
import { searchParams } from '../../dataProvider/searchParams';
import { RESOURCES } from '../../domain/resources';
import type { Database } from '../../server/db/client';

export const CLASSES = ['list open', 'enquiries list open', 'broad word', 'suppliers "auto"', 'narrow word', 'prefix', 'typo', 'multi-word', 'keyed lookup'] as const;
export type RequestClass = (typeof CLASSES)[number];

export interface MixRequest {
  cls: RequestClass;
  collection: string;
  params: Record<string, string>;
}

/** One class's share of a mixed run, in percent (list opens 5 %, as in the console's use). */
const SHARE: Record<RequestClass, number> = {
  'list open': 3,
  'enquiries list open': 2,
  'broad word': 15,
  'suppliers "auto"': 5,
  'narrow word': 25,
  prefix: 15,
  typo: 10,
  'multi-word': 10,
  'keyed lookup': 15,
};

/** A deterministic generator, so two runs send the same requests. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const decl = (name: string) => {
  const r = RESOURCES.find((x) => x.name === name);
  if (!r?.search) throw new Error(`no search on ${name}`);
  return r.search;
};

/** One typo of the kinds Typesense counts as one: transposition, deletion, insertion, substitution. */
function misspell(word: string, r: () => number): string {
  const i = 1 + Math.floor(r() * (word.length - 2));
  switch (Math.floor(r() * 4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + 'e' + word.slice(i);
    default:
      return word.slice(0, i) + (word[i] === 'a' ? 'o' : 'a') + word.slice(i + 1);
  }
}

export async function buildMix(db: Database, total: number, seed = 1): Promise<MixRequest[]> {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const col = async (sql: string) => (await db.query<{ v: string }>(sql)).map((x) => x.v).filter(Boolean);
  // Words of supplier names and addresses by how many suppliers have them.
  const stats = await db.query<{ word: string; ndoc: number }>(
    `SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple'', name || '' '' || coalesce(address1, '''') || '' '' || coalesce(county, '''')) FROM suppliers') WHERE word ~ '^[a-z]{4,}$'`,
  );
  const size = stats.reduce((m, s) => Math.max(m, s.ndoc), 1);
  const broad = stats.filter((s) => s.ndoc >= size / 50).map((s) => s.word);
  const narrow = stats.filter((s) => s.ndoc >= 2 && s.ndoc <= 200 && s.word.length >= 5).map((s) => s.word);
  const long = stats.filter((s) => s.ndoc >= 5 && s.word.length >= 5).map((s) => s.word);
  const names = await col(`SELECT name AS v FROM suppliers TABLESAMPLE SYSTEM (5) LIMIT 2000`);
  const vehicles = await col(`SELECT DISTINCT lower(make) AS v FROM enquiries TABLESAMPLE SYSTEM (1)`);
  const enquiryNumbers = await col(`SELECT enquiry_number AS v FROM enquiries TABLESAMPLE SYSTEM (1) LIMIT 3000`);
  const vrms = await col(`SELECT vrm AS v FROM vehicles TABLESAMPLE SYSTEM (2) LIMIT 3000`);
  const emails = await col(`SELECT email AS v FROM users TABLESAMPLE SYSTEM (10) LIMIT 2000`);
  const supplierIds = await col(`SELECT supplier_id AS v FROM suppliers TABLESAMPLE SYSTEM (5) LIMIT 2000`);

  const list = (resource: string, filter: Record<string, unknown>, page: number, perPage = 25) => {
    const d = decl(resource);
    const p = searchParams(d, { filter, pagination: { page, perPage } } as Partial<GetListParams>);
    return { collection: d.collection, params: Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])) };
  };
  const statuses: Record<string, string[]> = {
    customer: ['ACTIVE', 'TERMINATED'],
    supplier: ['live', 'cancelled'],
    group: ['live'],
    'e-registration': ['NEW', 'REJECTED', 'APPROVED'],
    enquiries: ['NEW', 'BID_ACCEPTED', 'COMPLETED', 'INVOICED', 'CANCELLED', 'CHECKED_IN_BY_DRIVER'],
  };
  const statusFilter = (resource: string) => (r() < 0.5 ? {} : { status: [pick(statuses[resource])] });
  const textResource = () => pick(['supplier', 'supplier', 'customer', 'group']);

  const make: Record<RequestClass, () => { collection: string; params: Record<string, string> }> = {
    'list open': () => {
      const resource = pick(['customer', 'supplier', 'group', 'e-registration']);
      return list(resource, statusFilter(resource), 1 + Math.floor(r() * 20));
    },
    'enquiries list open': () => list('enquiries', statusFilter('enquiries'), 1 + Math.floor(r() * 40)),
    'broad word': () => (r() < 0.3 ? list('enquiries', { q: pick(vehicles) }, 1 + Math.floor(r() * 5)) : list(textResource(), { q: pick(broad) }, 1 + Math.floor(r() * 5))),
    // The broadest supplier word, paged as a person pages (one of 180 distinct requests).
    'suppliers "auto"': () => list('supplier', { q: 'auto', ...statusFilter('supplier') }, 1 + Math.floor(r() * 20), pick([10, 25, 50])),
    'narrow word': () => list(textResource(), { q: pick(narrow) }, 1),
    prefix: () => {
      const w = pick(long);
      return list(textResource(), { q: w.slice(0, 3 + Math.floor(r() * (w.length - 3))) }, 1);
    },
    typo: () => list('supplier', { q: misspell(pick(long), r) }, 1),
    'multi-word': () => {
      const words = pick(names).split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w));
      return list('supplier', { q: words.slice(0, 2 + Math.floor(r() * 2)).join(' ') }, 1);
    },
    'keyed lookup': () => {
      const k = Math.floor(r() * 4);
      if (k === 0) return list('enquiries', { q: pick(enquiryNumbers) }, 1, 10);
      if (k === 1) return list('vehicles', { q: pick(vrms) }, 1, 10);
      if (k === 2) return list('users', { q: pick(emails) }, 1, 10);
      return list('supplier', { q: pick(supplierIds) }, 1);
    },
  };

  const classes = CLASSES.flatMap((c) => Array<RequestClass>(SHARE[c]).fill(c));
  const seen = new Set<string>();
  const out: MixRequest[] = [];
  for (let tries = 0; out.length < total && tries < total * 50; tries++) {
    const cls = pick(classes);
    const req = make[cls]();
    const key = `${req.collection}?${new URLSearchParams(req.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ cls, ...req });
  }
  return out;
}
