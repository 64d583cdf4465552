/**
 * The search benchmark's requests, in the shapes the console sends them: `searchParams` over the
 * declarations of domain/resources, with what the screens add.
 *
 * - The card searches (customers, suppliers, groups, e-registrations: src/search/CardSearch.tsx)
 *   ask 25 a page without facets, sorted by the declaration's default sort. No screen offers
 *   another sort (react-admin's default `id` means "the declared one"), so a text search on them
 *   is sorted by that field, not by relevance: customers name:asc, the others modifiedAt:desc.
 * - Each facet column (CheckboxFacet → src/search/useFacetCounts.ts) asks per_page 1 with
 *   facet_by on its field and the list's other filters, for every text the list shows.
 * - The supplier form's group picker asks groups 10 a page as one types (filter: the country);
 *   the DI network pages ask the network's unblocked groups by name (sort name:asc).
 * - Enquiries, archived enquiries, vehicles and users have no list screen: they are asked as their
 *   declarations say (enquiries with their status facet), 25 a page.
 *
 * Inputs come from the data (the engine's own vocabulary `search_words` for words, samples of the
 * tables for names and keys). A class of requests either repeats as the console would (a list's
 * default open is the same request every time; a broad word is paged) or is `distinct` (another
 * word, key or name each time).
 */
import type { GetListParams } from 'react-admin';
import { searchParams } from '../../dataProvider/searchParams';
import { RESOURCES } from '../../domain/resources';
import { CUSTOMER_STATUSES } from '../../domain/customers/enums';
import { UNIT_STATUSES } from '../../domain/suppliers/enums';
import { REGISTRATION_STATUSES } from '../../domain/registrations/enums';
import { ENQUIRY_STATUSES } from '../../domain/enquiries';
import type { Database } from '../../server/db/client';

export interface MixRequest {
  cls: string;
  collection: string;
  params: Record<string, string>;
}

export interface RequestClass {
  name: string;
  /** Share of a mixed run, in percent of its requests. */
  share: number;
  /** Every request of the class differs from the others in a run (a word, key or name drawn each time). */
  distinct: boolean;
  make(): Omit<MixRequest, 'cls'>;
}

/** A deterministic generator, so two runs send the same requests. */
export function rng(seed: number) {
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

/** A getList as the console sends it, as the query string's parameters. */
export function request(resource: string, p: { filter?: Record<string, unknown>; page?: number; perPage?: number; sort?: { field: string; order: 'ASC' | 'DESC' }; facets?: string[] }) {
  const d = decl(resource);
  const params = searchParams(d, {
    filter: p.filter ?? {},
    pagination: { page: p.page ?? 1, perPage: p.perPage ?? 25 },
    ...(p.sort ? { sort: p.sort } : {}),
    ...(p.facets ? { meta: { facets: p.facets } } : {}),
  } as Partial<GetListParams>);
  return { collection: d.collection, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) };
}

/** A card search (CardSearch: 25 a page, no facets of its own). */
const card = (resource: string, filter: Record<string, unknown>, page = 1) => request(resource, { filter, page, facets: [] });
/** A facet column's counts (useFacetCounts): one hit, the facet, the list's filter without the facet's own. */
const facetCounts = (resource: string, filter: Record<string, unknown>, field = 'status') => {
  const { [field]: _own, ...others } = filter;
  return request(resource, { filter: others, perPage: 1, facets: [field] });
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

/** The lists with a status facet column, their statuses and their table. */
const FACETED = [
  { resource: 'customer', table: 'lease_companies', statuses: CUSTOMER_STATUSES },
  { resource: 'supplier', table: 'suppliers', statuses: UNIT_STATUSES },
  { resource: 'e-registration', table: 'e_registrations', statuses: REGISTRATION_STATUSES },
] as const;
/** The card searches' tables (groups too: they have text search, no facet column). */
const CARDS = [...FACETED, { resource: 'group', table: 'supplier_groups', statuses: [] as readonly string[] }] as const;

export async function requestClasses(db: Database, seed = 1): Promise<RequestClass[]> {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const pickOf = <T>(what: string, xs: readonly T[]): T => {
    if (!xs.length) throw new Error(`the data has no ${what}`);
    return pick(xs);
  };
  const col = async (sql: string) => (await db.query<{ v: string }>(sql)).map((x) => x.v).filter(Boolean);

  // Each table's words, by how many documents hold them (the engine's own vocabulary).
  const vocabulary = async (table: string) => {
    const rows = await db.query<{ word: string; docs: number }>(
      `SELECT word, max(docs)::int AS docs FROM search_words WHERE source = $1 AND word ~ '^[a-z]{3,}$' GROUP BY word ORDER BY max(docs) DESC`,
      [table],
    );
    const size = rows[0]?.docs ?? 1;
    return {
      // The commonest words: "auto" for suppliers, a make ("ford") for enquiries.
      broad: rows.filter((w, i) => i < 6 || w.docs >= size / 3).slice(0, 6).map((w) => w.word),
      common: rows.filter((w) => w.word.length >= 5).slice(0, 40).map((w) => w.word),
      narrow: rows.filter((w) => w.docs >= 2 && w.docs <= 200 && w.word.length >= 5).map((w) => w.word),
      long: rows.filter((w) => w.docs >= 5 && w.word.length >= 6).map((w) => w.word),
    };
  };
  const words: Record<string, Awaited<ReturnType<typeof vocabulary>>> = {};
  for (const t of [...CARDS.map((c) => c.table), 'enquiries']) words[t] = await vocabulary(t);
  const tableOf = (resource: string) => CARDS.find((c) => c.resource === resource)!.table;

  const names = {
    supplier: await col(`SELECT name AS v FROM suppliers TABLESAMPLE SYSTEM (5) LIMIT 2000`),
    customer: await col(`SELECT name AS v FROM lease_companies TABLESAMPLE SYSTEM (20) LIMIT 2000`),
    group: await col(`SELECT name AS v FROM supplier_groups TABLESAMPLE SYSTEM (10) LIMIT 2000`),
  };
  const enquiryNumbers = await col(`SELECT enquiry_number AS v FROM enquiries TABLESAMPLE SYSTEM (1) LIMIT 3000`);
  const vrms = await col(`SELECT vrm AS v FROM vehicles TABLESAMPLE SYSTEM (2) LIMIT 3000`);
  const emails = await col(`SELECT email AS v FROM users TABLESAMPLE SYSTEM (10) LIMIT 2000`);
  const supplierIds = await col(`SELECT supplier_id AS v FROM suppliers TABLESAMPLE SYSTEM (5) LIMIT 2000`);
  // Groups with suppliers, for the group area's Show Suppliers.
  const groupIds = await col(`SELECT DISTINCT group_id::text AS v FROM suppliers TABLESAMPLE SYSTEM (5) LIMIT 2000`);
  // The small data may sample nothing from a small table: read it whole then.
  if (!enquiryNumbers.length) enquiryNumbers.push(...(await col(`SELECT enquiry_number AS v FROM enquiries LIMIT 3000`)));
  if (!vrms.length) vrms.push(...(await col(`SELECT vrm AS v FROM vehicles LIMIT 3000`)));
  if (!emails.length) emails.push(...(await col(`SELECT email AS v FROM users LIMIT 2000`)));
  for (const k of Object.keys(names) as (keyof typeof names)[]) {
    if (!names[k].length) names[k] = await col(`SELECT name AS v FROM ${tableOf(k)} LIMIT 2000`);
  }
  if (!supplierIds.length) supplierIds.push(...(await col(`SELECT supplier_id AS v FROM suppliers LIMIT 2000`)));
  if (!groupIds.length) groupIds.push(...(await col(`SELECT DISTINCT group_id::text AS v FROM suppliers LIMIT 2000`)));

  const faceted = () => pick(FACETED);
  const cardResource = () => pick(['supplier', 'supplier', 'customer', 'group', 'e-registration'] as const);
  const statusFilter = (f: (typeof FACETED)[number]) => {
    // One ticked, sometimes two.
    const first = pick(f.statuses);
    const second = r() < 0.25 ? pick(f.statuses) : first;
    return { status: [...new Set([first, second])] };
  };
  const nameWords = (resource: keyof typeof names) => {
    for (let i = 0; i < 20; i++) {
      const ws = pickOf(`${resource} names`, names[resource]).split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w));
      if (ws.length >= 2) return ws.slice(0, 2 + Math.floor(r() * Math.min(2, ws.length - 1))).join(' ');
    }
    return pickOf(`${resource} names`, names[resource]);
  };
  const prefixOf = (w: string) => w.slice(0, 3 + Math.floor(r() * (w.length - 3)));

  const opens: RequestClass[] = [
    { name: 'open customers', resource: 'customer', share: 3 },
    { name: 'open suppliers', resource: 'supplier', share: 4 },
    { name: 'open groups', resource: 'group', share: 2 },
    { name: 'open e-registrations', resource: 'e-registration', share: 2 },
    { name: 'open enquiries', resource: 'enquiries', share: 2 },
    { name: 'open archived enquiries', resource: 'archivedEnquiries', share: 1 },
    { name: 'open vehicles', resource: 'vehicles', share: 1 },
    { name: 'open users', resource: 'users', share: 1 },
  ].map(({ name, resource, share }) => ({
    name,
    share,
    distinct: false,
    // The card searches as CardSearch asks; the others as their declarations say.
    make: () => (CARDS.some((c) => c.resource === resource) ? card(resource, {}) : request(resource, {})),
  }));

  return [
    ...opens,
    {
      name: 'status filter',
      share: 6,
      distinct: false,
      make: () => {
        if (r() < 0.2) return request(pick(['enquiries', 'archivedEnquiries']), { filter: { status: [pick(ENQUIRY_STATUSES)] } });
        const f = faceted();
        return card(f.resource, statusFilter(f), r() < 0.8 ? 1 : 2 + Math.floor(r() * 3));
      },
    },
    {
      name: 'suppliers of a group',
      share: 3,
      distinct: true,
      // The group area's Show Suppliers: the group's suppliers, and their status counts.
      make: () => (r() < 0.5 ? card('supplier', { groupId: pickOf('groups', groupIds) }) : facetCounts('supplier', { groupId: pickOf('groups', groupIds) })),
    },
    { name: 'facet counts, list', share: 8, distinct: false, make: () => facetCounts(faceted().resource, {}) },
    {
      name: 'facet counts, word',
      share: 8,
      distinct: false,
      make: () => {
        const f = faceted();
        const w = words[f.table];
        return facetCounts(f.resource, { q: r() < 0.5 ? pickOf('broad words', w.broad) : pickOf('narrow words', w.narrow.length ? w.narrow : w.common) });
      },
    },
    {
      name: 'broad word',
      share: 10,
      distinct: false,
      // The commonest words, paged as a person pages.
      make: () => {
        const page = r() < 0.6 ? 1 : 2 + Math.floor(r() * 4);
        if (r() < 0.3) return request(pick(['enquiries', 'enquiries', 'archivedEnquiries']), { filter: { q: pickOf('enquiry words', words.enquiries.broad) }, page });
        const resource = cardResource();
        return card(resource, { q: pickOf('broad words', words[tableOf(resource)].broad) }, page);
      },
    },
    {
      name: 'word + status + sort',
      share: 6,
      distinct: false,
      // A word with a status ticked, in the list's only sort (its declared field sort).
      make: () => {
        const f = faceted();
        const w = words[f.table];
        return card(f.resource, { q: r() < 0.6 ? pickOf('broad words', w.broad) : pickOf('common words', w.common), ...statusFilter(f) }, r() < 0.8 ? 1 : 2);
      },
    },
    {
      name: 'DI network groups by name',
      share: 2,
      distinct: true,
      make: () =>
        request('group', {
          filter: { q: prefixOf(pickOf('group words', words.supplier_groups.long)), belongsToDiNetwork: true, blocked: false },
          sort: { field: 'name', order: 'ASC' },
          facets: [],
        }),
    },
    {
      name: 'typo',
      share: 5,
      distinct: true,
      make: () => {
        const resource = cardResource();
        return card(resource, { q: misspell(pickOf('common words', words[tableOf(resource)].common), r) });
      },
    },
    {
      name: 'deep page (40)',
      share: 2,
      distinct: false,
      make: () => {
        if (r() < 0.5) return r() < 0.3 ? request('enquiries', { page: 40 }) : card(cardResource(), {}, 40);
        const resource = pick(['supplier', 'customer', 'group'] as const);
        return card(resource, { q: pickOf('broad words', words[tableOf(resource)].broad) }, 40);
      },
    },
    {
      name: 'narrow word',
      share: 9,
      distinct: true,
      make: () => {
        const resource = cardResource();
        const w = words[tableOf(resource)];
        return card(resource, { q: pickOf('narrow words', w.narrow.length ? w.narrow : w.long) });
      },
    },
    {
      name: 'prefix',
      share: 8,
      distinct: true,
      make: () => {
        // The group picker as one types (at least 3 letters), or a word cut short in a card search.
        if (r() < 0.3) return request('group', { filter: { q: prefixOf(pickOf('group words', words.supplier_groups.long)), locale: pick(['en_GB', 'en_GB', 'en_IE']) }, perPage: 10, facets: [] });
        const resource = cardResource();
        return card(resource, { q: prefixOf(pickOf('long words', words[tableOf(resource)].long)) });
      },
    },
    {
      name: 'multi-word',
      share: 5,
      distinct: true,
      make: () => {
        const resource = pick(['supplier', 'supplier', 'customer', 'group'] as const);
        return card(resource, { q: nameWords(resource) });
      },
    },
    { name: 'keyed: enquiry number', share: 3, distinct: true, make: () => request('enquiries', { filter: { q: pickOf('enquiry numbers', enquiryNumbers) } }) },
    { name: 'keyed: VRM', share: 3, distinct: true, make: () => request('vehicles', { filter: { q: pickOf('VRMs', vrms) } }) },
    { name: 'keyed: e-mail', share: 3, distinct: true, make: () => request('users', { filter: { q: pickOf('e-mails', emails) } }) },
    { name: 'keyed: supplier id', share: 3, distinct: true, make: () => card('supplier', { q: pickOf('supplier ids', supplierIds) }) },
  ];
}

const keyOf = (req: Omit<MixRequest, 'cls'>) => `${req.collection}?${new URLSearchParams(req.params)}`;

/**
 * `total` requests drawn by the classes' shares. A distinct class never sends the same request
 * twice in a run (`seen`, shared by the runs that must not repeat each other); the others repeat as
 * the console repeats them.
 */
export function drawMix(classes: RequestClass[], total: number, seed: number, seen = new Set<string>()): MixRequest[] {
  const r = rng(seed);
  const bag = classes.flatMap((c) => Array<RequestClass>(c.share).fill(c));
  return draw(() => bag[Math.floor(r() * bag.length)], total, seen);
}

/** `n` requests of one class (distinct ones each different, as far as the data allows). */
export function ofClass(c: RequestClass, n: number, seen = new Set<string>()): MixRequest[] {
  return draw(() => c, n, seen);
}

/** `n` requests, each of the class `pick` gives; a distinct class's request is never sent twice. */
function draw(pick: () => RequestClass, n: number, seen: Set<string>): MixRequest[] {
  const out: MixRequest[] = [];
  for (let tries = 0; out.length < n && tries < n * 50; tries++) {
    const c = pick();
    const req = c.make();
    if (c.distinct) {
      const key = keyOf(req);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push({ cls: c.name, ...req });
  }
  return out;
}

/** The console's mix of `total` requests by the classes' shares (bench:shedding's searches). */
export async function buildMix(db: Database, total: number, seed = 1): Promise<MixRequest[]> {
  return drawMix(await requestClasses(db, seed), total, seed);
}
