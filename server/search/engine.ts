import type { Database } from '../db/client';
import { STACK_DEPTH_EXCEEDED } from '../db/pgliteGuard';
import { SearchCache, type CacheLimits, type Generation, type WordTag } from './cache';
import { errors } from './errors';
import { countedSizeSql, countsSelect, dimsCountSql, dimsRowsFrom, onCountDims, rollupApplies } from './counts';
import { broadPrefixOf, correctionPrefixOf, prefixDimsSql, prefixTiersSql } from './prefixCounts';
import { facetJsonSql, shapeFacets } from './facets';
import { highlightString, highlightWords, type StringHighlight } from './highlight';
import { LateValue, planMatch, type Lookup, type MatchPlan } from './match';
import { readSearchRequest, withLevel, type SearchRequest } from './params';
import { escalate, levelKey } from './escalation';
import { columnsRead, parseSort, sortDirectionSql, sortKeySql } from './sort';
import { allProjectionColumns } from './projection';
import { SqlParams } from './sqlParams';
import type { CandidateRow, Correction } from './typos';
import type { CollectionDef, FieldDef, RawParams, SearchResponse } from './types';

/** Fallback freshness of `out_of` while change notifications are not being received. */
const OUT_OF_TTL_MS = 5_000;
/** Compiled statements kept per collection (compilation is pure: same parameters, same SQL). */
const COMPILED_MAX = 500;

/** The parameters the engine reads (reference §1.2); anything else cannot change an answer. */
const KNOWN = ['q', 'query_by', 'filter_by', 'sort_by', 'facet_by', 'max_facet_values', 'page', 'per_page', 'limit', 'offset', 'include_fields', 'exclude_fields', 'prefix', 'num_typos', 'min_len_1typo', 'min_len_2typo', 'typo_tokens_threshold', 'drop_tokens_threshold'];

/** The normalised effective parameters: known names only, in a fixed order. */
export function paramsKey(params: RawParams): string {
  const out: (string | null)[] = [];
  for (const k of KNOWN) out.push(params[k] ?? null);
  return JSON.stringify(out);
}

/** Parameters that choose the page or the shape of the hits: `found` and the facets do not depend on them. */
const PAGE_ONLY = new Set(['sort_by', 'page', 'per_page', 'limit', 'offset', 'include_fields', 'exclude_fields']);
const countsKeyOf = (c: CollectionDef, req: SearchRequest, params: RawParams) => {
  const key = `${c.name}\u0000counts\u0000${JSON.stringify(KNOWN.filter((k) => !PAGE_ONLY.has(k)).map((k) => params[k] ?? null))}`;
  return req.level ? levelKey(key, req.level) : key;
};
/** ...and the parameters the counts per dimension of a text match (counts.ts dimsCountSql) do not depend on either. */
const NOT_DIMS = new Set([...PAGE_ONLY, 'filter_by', 'facet_by', 'max_facet_values']);
const dimsKeyOf = (c: CollectionDef, req: SearchRequest, params: RawParams) => {
  const key = `${c.name}\u0000dims\u0000${JSON.stringify(KNOWN.filter((k) => !NOT_DIMS.has(k)).map((k) => params[k] ?? null))}`;
  return req.level ? levelKey(key, req.level) : key;
};

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A text search counted in the projection: found and facets, and the page, as two statements.
 * The counts are the costly half and the same for every page of a query, so they are cached on
 * their own (`countsKey`) and a further page of the same query runs only its page.
 */
export interface SplitSearch {
  /** The match counted per combination of the count dimensions, whatever the filter on them (dimsKey). */
  dims: Statement;
  dimsKey: string;
  /** found and the facets from those counts (bound at run time: DIMS_ROWS); null without a filter or facets, when found is their sum. */
  counts: Statement | null;
  page: Statement;
  pageOfAll: Statement | null;
  /** Ranked by text alone, on one of the first pages: the order of those pages, read once. */
  ranked: RankedPages | null;
  countsKey: string;
}

/**
 * Ranking by text reads and ranks every match, whatever the page, and costs about the same for
 * RANKED_BLOCK rows as for 25. So the first pages of such a query are ranked once, their order
 * (sequence numbers and ranks) is cached like the counts, and each of those pages then reads only
 * its rows. A page beyond RANKED_MAX ranks on its own, as before.
 */
export interface RankedPages {
  /** `_seq, _tm` of the matches of the block the page falls in (its first RANKED_BLOCK multiple of rows), in page order. */
  top: Statement;
  key: string;
  /** A page's rows from its sequence numbers and ranks ($1, $2: int8 array literals), in their order. */
  page: string;
  /** For a broad prefix (prefixCounts.ts): the order read from its rank tiers and the newest documents. */
  tiered: TieredTop | null;
}

/**
 * The first `rows` of a one-word match, ranked, without ranking every match: when its best rank
 * tier alone holds at least `rows` documents, they are that tier's newest, found by walking the
 * projection from the newest document (about rows × size ÷ tier documents). The walk must find
 * them all; otherwise, or when the walk would be long, the order is ranked as usual (`top`).
 */
export interface TieredTop {
  /** (r, n) per rank, best first; no rows unless the word is a broad prefix. */
  tiers: Statement;
  /** `_seq, _tm` of the first `rows` documents of rank WALK_TOP among the newest WALK_ROWS (bound at run time). */
  walk: Statement;
  rows: number;
}

/** Bound at run time: the most matches a typo step's page reads from all of them (rowsOf). */
const ALL_ROWS_CAP = Symbol('all rows cap');
/** Bound at run time: the rows of a split search's `dims`, as JSON text. */
const DIMS_ROWS = Symbol('dims rows');
/** Bound at run time: how many of the newest documents a tiered top walks, and the rank it keeps. */
const WALK_ROWS = Symbol('walk rows');
const WALK_TOP = Symbol('walk top');
/** The longest walk a tiered top takes (documents of the projection); a longer one would cost about what ranking does. */
const WALK_MAX = 20_000;
/** How many more documents than the tier's share a walk reads, for the tier's documents not being evenly spread. */
const WALK_SLACK = 1.5;

const RANKED_BLOCK = 250;
/** How long a split search's page waits for its counts before it is read alongside them. */
const EARLY_PAGE_WAIT_MS = 5;
const RANKED_MAX = 1000;

export type CompiledSearch = {
  req: SearchRequest;
  plan: ReturnType<typeof planMatch>;
  showTextMatch: boolean;
  facetFields: FieldDef[];
  /** Every document matches: the statement leaves `found` to the collection size. */
  everything: boolean;
  /** found and facets come from the counts (counts.ts) or the projection (projection.ts), not from the table's rows. */
  counted: boolean;
} & (
  // found, facets and the page of hits in one statement (typo steps are compiled as requests of
  // their own), or split in two.
  { exact: Statement; split?: undefined } | { exact?: undefined; split: SplitSearch }
);

/** What a cached part of an answer costs the cache, by its JSON (UTF-16) plus the entry's own keep. */
const bytesOf = (value: unknown) => 2 * JSON.stringify(value ?? null).length + 200;

/** What the answer cache holds: answers, and the parts of them shared by several requests. */
type Cached = CachedAnswer | CachedCounts | CachedDims | CachedLookup | CachedRanked;

/** A text match's counts per count-dimension combination (SplitSearch.dims), as the JSON bound to `counts`. */
interface CachedDims {
  json: string;
  /** The sum of the counts. */
  total: number;
  bytes: number;
  words: WordTag | null;
}

/** The order of a ranked query's first pages (RankedPages), as int8 texts. */
interface CachedRanked {
  seqs: string[];
  ranks: (string | null)[];
  bytes: number;
  words: WordTag | null;
}

/**
 * The words a text match over the collection's stored tsvector needs (cache.ts), so that a change
 * to rows without them leaves its cached answer in place. Null where another change could alter
 * it: a wildcard, a tsvector built inline, a typo step (its corrections come from every row's
 * words), or a word the statement could split differently (only plain letters and digits qualify).
 */
function wordTag(c: CollectionDef, plan: MatchPlan, typos: boolean, countsOnly = false): WordTag | null {
  if (!plan.text || typos || !plan.stored || c.tsvector !== 'd.search_tsv' || tablesOf(c)?.[0] !== c.source) return null;
  const words = plan.parsed.words.map((w) => w.toLowerCase());
  const phrases = plan.parsed.phrases.flat().map((w) => w.toLowerCase());
  if (![...words, ...phrases].every((w) => /^[a-z0-9]+$/.test(w))) return null;
  return { table: c.source, exact: [...words.slice(0, -1), ...phrases], prefix: words.length ? words[words.length - 1] : null, countsOnly };
}

/** A lookup's rows (match.ts), cached for every step and page that runs it. */
interface CachedLookup {
  rows: Correction[];
  bytes: number;
}

/** found and the facets of a split search, cached for every page of its query. */
interface CachedCounts {
  found: number;
  facets: unknown;
  bytes: number;
  words: WordTag | null;
}

/** A finished answer as JSON text around `search_time_ms`, so a cached one is never re-serialised. */
export interface CachedAnswer {
  head: string;
  tail: string;
  time: boolean;
  bytes: number;
  words: WordTag | null;
}

const render = (a: CachedAnswer, ms: number) => (a.time ? `${a.head},"search_time_ms":${ms}${a.tail}` : `${a.head}${a.tail}`);

/**
 * Keeps the bind values the statement uses, renumbered: the exact and typo statements are planned
 * together, and PostgreSQL refuses a parameter it cannot type because nothing uses it. User input
 * is only ever in `values`, so a `$n` in the text is always a placeholder.
 */
function onlyUsed(text: string, values: unknown[]): Statement {
  const renumber = new Map<number, number>();
  const kept: unknown[] = [];
  const out = text.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n);
    let j = renumber.get(i);
    if (j === undefined) {
      kept.push(values[i - 1]);
      renumber.set(i, (j = kept.length));
    }
    return `$${j}`;
  });
  return { text: out, values: kept };
}

/** PostgreSQL's query_canceled, which statement_timeout raises. */
const QUERY_CANCELED = '57014';

/** The tables whose changes invalidate a collection's answers; null when unknown (not cached). */
export function tablesOf(c: CollectionDef): string[] | null {
  if (c.tables) return c.tables;
  return /^[a-z_][a-z0-9_]*$/.test(c.source) ? [c.source] : null;
}

/**
 * Runs Typesense searches against PostgreSQL. One statement computes the match once and returns
 * `found`, the facets (as json) and the page of hits; a text search counted in a projection runs
 * its counts and its page as two. Typo steps follow only when too little matched (escalation.ts),
 * each with its corrections looked up first. Answers, counts and corrections are cached until a
 * table behind the collection changes (cache.ts); `out_of` likewise.
 */
export class SearchEngine {
  private outOf = new Map<string, { n: number; gen: Generation; at: number }>();
  private outOfFlight = new Map<string, Promise<number>>();
  private compiled = new WeakMap<CollectionDef, Map<string, CompiledSearch>>();
  private inFlight = new Map<string, Promise<Cached>>();
  /** Answers, the counts of split searches (keys of countsKeyOf) and typo corrections. */
  readonly cache: SearchCache<Cached>;
  /** Requests on this node that may have written, and how many of them the cache has caught up with. */
  private writes = 0;
  private synced = 0;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    limits?: CacheLimits,
  ) {
    this.cache = new SearchCache<Cached>(limits);
  }

  /** Read-only search statements: on a server, with a statement timeout and prepared. */
  private run<T = Record<string, unknown>>(st: Statement): Promise<T[]> {
    return this.database.searchQuery<T>(st.text, st.values).catch((err: unknown) => {
      const code = (err as { code?: string }).code;
      if (code === QUERY_CANCELED) throw errors.timedOut();
      if (code === STACK_DEPTH_EXCEEDED) throw errors.tooComplex();
      throw err;
    });
  }

  /** Collection size for `out_of`, counted again only after the collection's tables change. */
  private async collectionSize(c: CollectionDef, tables: string[] | null, gen: Generation): Promise<number> {
    const hit = this.outOf.get(c.name);
    const now = Date.now();
    if (hit && (tables && this.cache.enabled ? this.cache.current(tables, hit.gen) : now - hit.at < OUT_OF_TTL_MS)) return hit.n;
    const flightKey = `${c.name}\u0000${gen}`;
    let flight = this.outOfFlight.get(flightKey);
    if (!flight) {
      flight = this.run<{ n: unknown }>({ text: c.counts ? countedSizeSql(c) : `SELECT count(*) AS n FROM ${c.source} d`, values: [] })
        .then(([row]) => {
          const n = Number(row.n);
          // Listening: kept while the generation holds. Not listening: kept for OUT_OF_TTL_MS.
          if (!tables || !this.cache.enabled || this.cache.current(tables, gen)) this.outOf.set(c.name, { n, gen, at: now });
          return n;
        })
        .finally(() => this.outOfFlight.delete(flightKey));
      this.outOfFlight.set(flightKey, flight);
    }
    return flight;
  }

  /** The statements a search runs, without running them (the benchmark runs them directly). */
  compile(c: CollectionDef, params: RawParams, key = paramsKey(params)): CompiledSearch {
    let perCollection = this.compiled.get(c);
    if (!perCollection) this.compiled.set(c, (perCollection = new Map()));
    const hit = perCollection.get(key);
    if (hit) return hit;
    const compiled = this.compileUncached(c, params);
    if (perCollection.size >= COMPILED_MAX) perCollection.delete(perCollection.keys().next().value!);
    perCollection.set(key, compiled);
    return compiled;
  }

  private compileUncached(c: CollectionDef, params: RawParams): CompiledSearch {
    const req = readSearchRequest(c, params);
    const p = new SqlParams();
    const plan = planMatch(c, req, p);
    const sort = parseSort(c, req.sortBy, plan.text);
    const facetFields = req.facetBy.map((name) => {
      const f = c.fields.find((x) => x.name === name);
      if (!f || !f.facet) throw errors.facetFieldNotFound(name);
      return f;
    });

    const sortCols = sort.flatMap((s, i) => (s.field ? [`${sortKeySql(s)} AS _s${i}`] : []));
    const facetCols = facetFields.map((f, i) => `${f.sql} AS _g${i}`);
    const select = (rank: string) => [`${c.seq} AS _seq`, `${rank} AS _tm`, ...sortCols, ...facetCols].join(', ');
    const pageSelect = (rank: string) => [`${c.seq} AS _seq`, `${rank} AS _tm`, ...sortCols].join(', ');
    const order = (alias: string) =>
      [...sort.map((s, i) => `${alias}${s.field ? `_s${i}` : '_tm'} ${sortDirectionSql(s)}`), `${alias}_seq DESC`].join(', ');
    const docCols = c.fields.map((f, i) => `${f.sql} AS _f${i}`).join(', ');
    const limit = `LIMIT ${p.add(req.perPage)} OFFSET ${p.add(req.offset)}`;
    // A wildcard search on the counted filters and facets reads found and facets from the counts
    // (counts.ts) and only its page from the rows. A text search on them counts its matches in the
    // collection's narrow projection (projection.ts): the same match over a copy holding only what
    // it reads, grouped by the facet values; ranked by text alone, its page comes from there too.
    const counted = !plan.text && plan.parsed.excluded.length === 0 ? countsSelect(c, req.filterBy, facetFields, p) : null;
    const projectable = plan.text && !!c.projection && onCountDims(c, req.filterBy, facetFields);
    const facets = facetFields.length ? facetJsonSql(facetFields, req.maxFacetValues, p, !!counted || projectable) : 'NULL::json';
    const page = `SELECT ${c.id} AS _id, ${docCols}`;
    const fromSource = `FROM ${c.source} d `;
    const onProjection = (sql: string) => {
      if (sql.split(fromSource).length !== 2) throw new Error(`${c.name}: the match must read ${c.source} once`);
      return sql.replace(fromSource, `FROM ${c.projection} d `);
    };
    const rankedOnly = sort.every((s) => s.field === null);
    // A list order's columns are in the projection too (migration 0033): sorted by one, a text
    // search walks that order's index in the narrow copy.
    const projected = new Set(c.projection ? allProjectionColumns(c) : []);
    const sortsProjected = sort.every((s) => !s.field || columnsRead(sortKeySql(s)).every((col) => projected.has(col)));

    // Every document matches (q=* without filter or exclusions): `found` is the collection size,
    // which is counted once per change of the collection rather than on every page.
    const everything = !counted && !plan.text && !facetFields.length && req.filterBy.trim() === '' && plan.parsed.excluded.length === 0;
    const statement = (branch: (sel: (rank: string) => string) => string): Statement => {
      // Without ranking or facets, the page is its own LIMIT query (an ordered index can serve
      // it) and `found` a bare count or the counts' sum; otherwise the match is computed once,
      // materialised, and found, facets and the page all read it.
      const text = counted
        ? `WITH m AS MATERIALIZED (${counted})
SELECT (SELECT coalesce(sum(m._n), 0) FROM m) AS found, ${facets} AS _facets, pg._tm, ${page.slice(7)}
FROM (SELECT 1) one
LEFT JOIN LATERAL (${branch(pageSelect)} ORDER BY ${order('')} ${limit}) pg ON true
LEFT JOIN ${c.source} d ON ${c.seq} = pg._seq
ORDER BY ${order('pg.')}`
        : !plan.text && !facetFields.length
          ? `SELECT ${everything ? 'NULL::int8' : `(SELECT count(*) FROM (${branch(() => '1')}) x)`} AS found, NULL::json AS _facets, pg._tm, ${page.slice(7)}
FROM (SELECT 1) one
LEFT JOIN LATERAL (${branch(pageSelect)} ORDER BY ${order('')} ${limit}) pg ON true
LEFT JOIN ${c.source} d ON ${c.seq} = pg._seq
ORDER BY ${order('pg.')}`
          : `WITH m AS MATERIALIZED (${branch(select)}),
pg AS (SELECT * FROM m ORDER BY ${order('')} ${limit})
SELECT (SELECT count(*) FROM m) AS found, ${facets} AS _facets, pg._tm, ${page.slice(7)}
FROM (SELECT 1) one
LEFT JOIN pg ON true
LEFT JOIN ${c.source} d ON ${c.seq} = pg._seq
ORDER BY ${order('pg.')}`;
      return onlyUsed(text, p.values);
    };
    // A text search counted in the projection: its counts grouped by the facet values, and its
    // page in the sort's order from the table (from the projection when ranked by text alone).
    const split = (branch: (sel: (rank: string) => string) => string): SplitSearch => {
      // The same match without the filter (on count dimensions only), counted per dimension.
      const dimsParams = new SqlParams();
      const unfiltered = planMatch(c, { ...req, filterBy: '' }, dimsParams);
      // Per status alone when the request uses no other dimension (a supplier's group would make
      // thousands of rows of a broad word's counts).
      const firstOnly = rollupApplies(c, req.filterBy, facetFields);
      const scanDims = dimsCountSql(c, (cols) => onProjection(unfiltered.exact(() => cols)), firstOnly);
      // One word, or a typo step's one correction, that is a broad prefix: its counts are kept ahead (prefixCounts.ts).
      const broad = broadPrefixOf(c, plan, req, firstOnly);
      const kept = broad ?? correctionPrefixOf(c, plan, req, firstOnly);
      const dims = onlyUsed(kept ? prefixDimsSql(c, kept, firstOnly, scanDims, dimsParams) : scanDims, dimsParams.values);
      const counts = countsSelect(c, req.filterBy, facetFields, p, dimsRowsFrom(p.add(DIMS_ROWS)))!;
      const pageRows = rankedOnly || sortsProjected ? onProjection(branch(pageSelect)) : branch(pageSelect);
      const pageOf = (rows: string, before = '') =>
        onlyUsed(`${before}SELECT pg._tm, ${page.slice(7)} FROM (${rows} ORDER BY ${order('')} ${limit}) pg JOIN ${c.source} d ON ${c.seq} = pg._seq ORDER BY ${order('pg.')}`, p.values);
      const end = req.offset + req.perPage;
      const rows = Math.ceil(end / RANKED_BLOCK) * RANKED_BLOCK;
      const countsKey = countsKeyOf(c, req, params);
      const tiered = (): TieredTop | null => {
        if (!broad || !plan.rank) return null;
        const newest = `FROM (SELECT * FROM ${c.projection} ORDER BY seq DESC LIMIT ${p.add(WALK_ROWS)}) d `;
        const walkRows = pageRows.replace(`FROM ${c.projection} d `, newest);
        return {
          tiers: onlyUsed(prefixTiersSql(c, broad, plan.rank, req.filterBy, p), p.values),
          walk: onlyUsed(`SELECT w._seq::text AS _seq, w._tm::text AS _tm FROM (${walkRows}) w WHERE w._tm = ${p.add(WALK_TOP, 'int8')} ORDER BY w._seq DESC LIMIT ${rows}`, p.values),
          rows,
        };
      };
      return {
        dims,
        dimsKey: `${dimsKeyOf(c, req, params)}\u0000${firstOnly ? 'first' : 'all'}`,
        counts: req.filterBy.trim() === '' && !facetFields.length ? null : onlyUsed(`WITH m AS MATERIALIZED (${counts}) SELECT (SELECT coalesce(sum(m._n), 0) FROM m) AS found, ${facets} AS _facets`, p.values),
        page: pageOf(pageRows),
        ranked:
          rankedOnly && rows <= RANKED_MAX
            ? {
                top: onlyUsed(`SELECT r._seq::text AS _seq, r._tm::text AS _tm FROM (${pageRows}) r ORDER BY ${order('r.')} LIMIT ${rows}`, p.values),
                key: `${countsKey}\u0000ranked\u0000${params.sort_by ?? ''}\u0000${rows}`,
                page: `SELECT pg._tm, ${page.slice(7)} FROM unnest($1::text::int8[], $2::text::int8[]) WITH ORDINALITY pg(_seq, _tm, _ord) JOIN ${c.source} d ON ${c.seq} = pg._seq ORDER BY pg._ord`,
                tiered: tiered(),
              }
            : null,
        // A typo step's page from all its matches, sorted: its many alternatives look common to the
        // planner, which then walks the sort's index to the end when they are few. It reads at
        // most the cap bound at run time (ALL_ROWS_CAP), so reading it before the counts are known
        // costs little when they turn out to be many.
        pageOfAll: rankedOnly || plan.lookups.length === 0 ? null : pageOf('SELECT * FROM m', `WITH m AS MATERIALIZED (${pageRows} LIMIT ${p.add(ALL_ROWS_CAP)}) `),
        countsKey,
      };
    };
    return {
      req,
      plan,
      showTextMatch: sort.some((s) => s.field === null),
      facetFields,
      everything,
      counted: !!counted || projectable,
      ...(projectable ? { split: split(plan.exact) } : { exact: statement(plan.exact) }),
    };
  }

  /** The answer as an object (tests, callers that post-process it). */
  async search(c: CollectionDef, params: RawParams): Promise<SearchResponse> {
    return JSON.parse(await this.searchJson(c, params)) as SearchResponse;
  }

  /**
   * A request on this node may have written. A change reaches the cache by NOTIFY, a moment after
   * its commit; so that whoever saved sees the change in the very next search, the next search
   * first waits for the notifications of the writes before it (one sync shared by all waiting).
   */
  noteWrite(): void {
    this.writes++;
  }

  private async catchUp(): Promise<void> {
    const needed = this.writes;
    while (this.synced < needed) {
      if (!this.syncing) {
        const target = this.writes;
        this.syncing = this.cache.sync(this.database).finally(() => {
          this.synced = Math.max(this.synced, target);
          this.syncing = null;
        });
      }
      await this.syncing;
    }
  }

  /**
   * A cached value, or the one computed by the same key's flight under this generation, or a new
   * one (stored when its generation still holds at the end).
   */
  private cachedOr<V extends Cached>(key: string, tables: string[] | null, gen: Generation, compute: () => Promise<V>): Promise<V> {
    const hit = tables ? (this.cache.get(key, tables) as V | undefined) : undefined;
    if (hit) return Promise.resolve(hit);
    if (!tables || !this.cache.enabled) return compute();
    const flightKey = `${key}\u0000${gen}`;
    let flight = this.inFlight.get(flightKey) as Promise<V> | undefined;
    if (!flight) {
      flight = compute();
      this.inFlight.set(flightKey, flight);
      flight.then(
        (v) => {
          this.inFlight.delete(flightKey);
          this.cache.set(key, tables, gen, v);
        },
        () => this.inFlight.delete(flightKey),
      );
    }
    return flight;
  }

  /** The answer as the JSON text sent to the client. */
  async searchJson(c: CollectionDef, params: RawParams): Promise<string> {
    const started = performance.now();
    if (this.synced < this.writes) await this.catchUp();
    const key = paramsKey(params);
    const tables = tablesOf(c);
    // Read before querying: a change notified while the query runs makes the result unstorable.
    const gen = tables ? this.cache.generation(tables) : '';
    const answer = await this.cachedOr(`${c.name}\u0000${key}`, tables, gen, () => this.compute(c, params, key, tables, gen));
    return render(answer, Math.round(performance.now() - started));
  }

  /**
   * The rows of one compiled search (a request or a typo step): `found` and `_facets` on the
   * first, one row per hit (a single row with a null `_id` when there is none). A split search
   * takes its counts from the cache when the query was counted before (another page of it) and
   * skips its page when the counts say it is past the end.
   */
  private async rowsOf(c: CollectionDef, s: CompiledSearch, tables: string[] | null, gen: Generation): Promise<Record<string, unknown>[]> {
    const found = await Promise.all(s.plan.lookups.map((l) => this.lookup(c, l, tables, gen)));
    const bind = (st: Statement, cap = 0, dimsJson = ''): Statement => ({
      text: st.text,
      values: st.values.map((v) => (v instanceof LateValue ? v.resolve(found) : v === ALL_ROWS_CAP ? cap : v === DIMS_ROWS ? dimsJson : v)),
    });
    if (s.exact) return this.run(bind(s.exact));
    const { dims, dimsKey, counts, page, pageOfAll, ranked, countsKey } = s.split;
    const { offset, perPage } = s.req;
    // Counts and ranked orders stand while the matching rows keep their words and statuses.
    const words = wordTag(c, s.plan, !!s.req.level?.typos, true);
    const known = tables ? (this.cache.get(countsKey, tables) as CachedCounts | undefined) : undefined;
    const counted =
      known ??
      this.cachedOr(countsKey, tables, gen, async (): Promise<CachedCounts> => {
        // The match is counted once per query; each filter and facet on the dimensions reads those counts.
        const perDims = await this.cachedOr(dimsKey, tables, gen, async (): Promise<CachedDims> => {
          const rows = await this.run<{ k1: string | null; k2: string | null; k3: string | null; n: unknown }>(bind(dims));
          const json = JSON.stringify(rows.map((r) => ({ k1: r.k1, k2: r.k2, k3: r.k3, n: Number(r.n) })));
          return { json, bytes: 2 * json.length + 200, words, total: rows.reduce((sum, r) => sum + Number(r.n), 0) };
        });
        // Nothing matched: no filter or facet can count anything (the usual step before typos).
        if (perDims.json === '[]') return { found: 0, facets: null, bytes: 200, words };
        // No filter and no facets (a card search): found is every combination's count.
        if (!counts) return { found: perDims.total, facets: null, bytes: 200, words };
        const [row] = await this.run(bind(counts, 0, perDims.json));
        return { found: Number(row.found), facets: row._facets, bytes: bytesOf(row._facets), words };
      });
    const sizeOf = () => this.collectionSize(c, tables, gen);
    const readPage = () => (ranked ? this.rankedPage(ranked, bind, offset, perPage, tables, gen, words, sizeOf) : this.run(bind(page)));
    // A typo step with few matches reads its page from all of them, sorted (about `found` rows),
    // rather than walking the sort's index until the page is full (about (offset + per_page) ×
    // size ÷ found rows): "few" is at most the cap below.
    const capOf = (size: number) => Math.floor(Math.sqrt((offset + perPage) * size));
    // Unless the counts are known, the page is read alongside them; the answer does not wait for it
    // when the counts say it is past the end (a word that matched nothing, before its typos).
    let early: { cap: number; rows: Promise<Record<string, unknown>[]> } | null = null;
    if (!known && !pageOfAll) {
      // Counted at once (a rare word, or one that matched nothing, before its typos): the page is
      // read only if the counts say it has rows. Otherwise it is read alongside them.
      const quick = await Promise.race([Promise.resolve(counted).then(() => true, () => true), new Promise<false>((resolve) => setTimeout(resolve, EARLY_PAGE_WAIT_MS, false))]);
      if (!quick) early = { cap: 0, rows: readPage() };
    }
    else if (!known && pageOfAll) {
      // A typo step reads its page from all its matches alongside, capped by the collection's last
      // known size (which only chooses between two plans), when its corrections' documents say the
      // matches are few: a word's matches are at most those together, and the match needs every word.
      const lastSize = this.outOf.get(c.name)?.n;
      const most = Math.min(...found.map((rows) => rows.reduce((n, r) => n + Number(r.docs), 0)));
      if (lastSize !== undefined && most <= capOf(lastSize)) early = { cap: capOf(lastSize), rows: this.run(bind(pageOfAll, capOf(lastSize))) };
    }
    early?.rows.catch(() => undefined);
    const n = await counted;
    let hits: Record<string, unknown>[] = [];
    if (offset < n.found) {
      if (!pageOfAll) hits = await (early?.rows ?? readPage());
      else {
        const cap = early?.cap ?? capOf(await this.collectionSize(c, tables, gen));
        hits = n.found <= cap ? await (early?.rows ?? this.run(bind(pageOfAll, cap))) : await readPage();
      }
    }
    return [{ ...(hits[0] ?? { _id: null }), found: n.found, _facets: n.facets }, ...hits.slice(1)];
  }

  /** A page of a ranked query from the order of its first pages, ranked once and cached like its counts. */
  private async rankedPage(
    r: RankedPages,
    bind: (st: Statement) => Statement,
    offset: number,
    perPage: number,
    tables: string[] | null,
    gen: Generation,
    words: WordTag | null,
    sizeOf: () => Promise<number>,
  ): Promise<Record<string, unknown>[]> {
    const order = await this.cachedOr(r.key, tables, gen, async (): Promise<CachedRanked> => {
      const rows = (r.tiered && (await this.tieredTop(r.tiered, bind, sizeOf))) || (await this.run<{ _seq: string; _tm: string | null }>(bind(r.top)));
      const seqs = rows.map((x) => x._seq);
      const ranks = rows.map((x) => x._tm);
      return { seqs, ranks, bytes: bytesOf([seqs, ranks]), words };
    });
    const seqs = order.seqs.slice(offset, offset + perPage);
    if (!seqs.length) return [];
    const ranks = order.ranks.slice(offset, offset + perPage).map((t) => t ?? 'NULL');
    return this.run({ text: r.page, values: [`{${seqs.join(',')}}`, `{${ranks.join(',')}}`] });
  }

  /** The first rows of a broad prefix's match from its rank tiers and a walk of the newest documents; null when they cannot say. */
  private async tieredTop(t: TieredTop, bind: (st: Statement) => Statement, sizeOf: () => Promise<number>): Promise<{ _seq: string; _tm: string | null }[] | null> {
    const [best] = await this.run<{ r: string; n: string }>(bind(t.tiers));
    if (!best || Number(best.n) < t.rows) return null;
    const walk = Math.ceil(((t.rows * (await sizeOf())) / Number(best.n)) * WALK_SLACK) + 100;
    if (walk > WALK_MAX) return null;
    const st = bind(t.walk);
    const rows = await this.run<{ _seq: string; _tm: string }>({ text: st.text, values: st.values.map((v) => (v === WALK_ROWS ? walk : v === WALK_TOP ? best.r : v)) });
    return rows.length === t.rows ? rows : null;
  }

  /** A lookup's rows (a word's corrections), cached like answers: the same word in every step and page that needs it. */
  private async lookup(c: CollectionDef, l: Lookup, tables: string[] | null, gen: Generation): Promise<Correction[]> {
    const key = `${c.name}\u0000lookup\u0000${l.text}\u0000${JSON.stringify(l.values)}`;
    const cached = await this.cachedOr(key, tables, gen, async (): Promise<CachedLookup> => {
      const rows = l.corrections(await this.run<CandidateRow>(l));
      return { rows, bytes: bytesOf(rows) };
    });
    return cached.rows;
  }

  private async compute(c: CollectionDef, params: RawParams, key: string, tables: string[] | null, gen: Generation): Promise<CachedAnswer> {
    const compiled = this.compile(c, params, key);
    const { req, plan, showTextMatch, facetFields, everything } = compiled;
    const wantOutOf = !req.excludeFields.includes('out_of');
    const [first, outOf] = await Promise.all([this.rowsOf(c, compiled, tables, gen), wantOutOf || everything ? this.collectionSize(c, tables, gen) : Promise.resolve(0)]);
    // Typo escalation and word dropping (escalation.ts): each step is a plan of its own, compiled
    // and cached like the request's.
    const last = await escalate(req, { rows: first, plan, typos: 0 }, async (level) => {
      const step = this.compile(c, withLevel(params, level), levelKey(key, level));
      return { rows: await this.rowsOf(c, step, tables, gen), plan: step.plan, typos: level.typos };
    });
    const rows = last.rows;
    const typo = last.typos > 0;

    const found = everything ? outOf : rows.length ? Number(rows[0].found) : 0;
    const facetRows = (rows[0]?._facets ?? []) as Record<string, unknown>[];
    // One page's highlights decide each word of a field once (HighlightQuery.seen).
    const seen = req.queryBy.map(() => new Map<string, boolean>());
    const hits = rows.filter((r) => r._id !== null && r._id !== undefined).map((r) => this.hit(c, req, last.plan, r, showTextMatch, typo, seen));

    const head: SearchResponse = { facet_counts: facetFields.length ? shapeFacets(facetFields, facetRows) : [], found };
    if (wantOutOf) head.out_of = outOf;
    if (req.page !== undefined) head.page = req.page;
    else head.offset = req.offset;
    head.request_params = { collection_name: c.name, first_q: req.q, per_page: req.perPage, q: req.q };
    head.search_cutoff = false;
    const headText = JSON.stringify(head).slice(0, -1);
    const tail = `,"hits":${JSON.stringify(hits)}}`;
    // An answer from an escalation step also depends on the steps before it finding too little.
    const words = last.plan === plan ? wordTag(c, plan, false) : null;
    return { head: headText, tail, time: !req.excludeFields.includes('search_time_ms'), bytes: 2 * (headText.length + tail.length) + 200, words };
  }

  private hit(c: CollectionDef, req: SearchRequest, plan: ReturnType<typeof planMatch>, r: Record<string, unknown>, showTextMatch: boolean, typo: boolean, seen: Map<string, boolean>[]) {
    const values = new Map<FieldDef, unknown>();
    c.fields.forEach((f, i) => values.set(f, fromSql(f, r[`_f${i}`])));

    const document: Record<string, unknown> = { id: String(r._id) };
    for (const f of c.fields) {
      const v = values.get(f);
      if (f.stored !== false && v !== null && v !== undefined) document[f.name] = v;
    }
    if (req.includeFields) for (const k of Object.keys(document)) if (!req.includeFields.includes(k)) delete document[k];
    for (const k of req.excludeFields) delete document[k];

    const highlight: Record<string, unknown> = {};
    const highlights: Record<string, unknown>[] = [];
    const matchedWords = new Set<string>();
    if (plan.text) {
      const qwords = (plan.highlightWords ??= highlightWords(plan.parsed));
      req.queryBy.forEach((qf, fi) => {
        const hq = { words: [], prefix: qf.prefix, typos: (w: string) => (typo ? plan.typosFor(fi, w) : 0), seen: seen[fi] };
        const v = values.get(qf.field);
        if (typeof v === 'string') {
          const h = highlightString(v, qwords, hq);
          if (!h) return;
          h.matched_tokens.forEach((t) => matchedWords.add(t.toLowerCase()));
          highlight[qf.field.name] = h;
          highlights.push({ field: qf.field.name, matched_tokens: h.matched_tokens, snippet: h.snippet });
        } else if (Array.isArray(v)) {
          const each = v.map((x) => highlightString(String(x), qwords, hq));
          const indices = each.flatMap((h, i) => (h ? [i] : []));
          if (indices.length === 0) return;
          highlight[qf.field.name] = each.map((h, i): StringHighlight => h ?? { matched_tokens: [], snippet: String(v[i]) });
          indices.forEach((i) => each[i]!.matched_tokens.forEach((t) => matchedWords.add(t.toLowerCase())));
          highlights.push({
            field: qf.field.name,
            indices,
            matched_tokens: indices.map((i) => each[i]!.matched_tokens),
            snippets: indices.map((i) => each[i]!.snippet),
          });
        }
      });
    }
    const hit: Record<string, unknown> = { document, highlight, highlights };
    if (showTextMatch) {
      const score = Number(r._tm ?? 0);
      hit.text_match = score;
      hit.text_match_info = {
        best_field_score: String(score),
        best_field_weight: 15,
        fields_matched: highlights.length,
        num_tokens_dropped: 0,
        score: String(score),
        tokens_matched: matchedWords.size,
        typo_prefix_score: 0,
      };
    }
    return hit;
  }
}

/** Driver values to JSON: node-postgres gives int8 as text, PGlite as BigInt. */
function fromSql(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (f.type) {
    case 'int32':
    case 'int64':
    case 'float':
      return Number(v);
    case 'bool':
      return v === true || v === 't' || v === 'true';
    case 'string[]':
      return Array.isArray(v) ? v.map(String) : v;
    default:
      return typeof v === 'string' ? v : String(v);
  }
}
