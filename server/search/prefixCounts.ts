import { statementTriggers } from './statementTriggers';
import { countDims, countsFilterSql, hasRollup, MAX_COUNT_DIMS } from './counts';
import type { Database } from '../db/client';
import { LateValue, type MatchPlan } from './match';
import type { Correction } from './typos';
import type { SearchRequest } from './params';
import type { SqlParams } from './sqlParams';
import type { CollectionDef } from './types';

/**
 * Counts kept ahead for broad prefixes. A one-word search matches every document holding a word
 * that starts with it; for a common word ("ford": 121,878 of a million enquiries) counting and
 * ranking those matches reads them all, whatever the page. So for each prefix that many documents
 * hold (the collection's broad prefixes, chosen by `refreshBroadPrefixes`), the documents are
 * counted per combination of the count dimensions and per signature: the weight labels of the
 * document's words with that prefix, in the tsvector's order (`C`, or `CC,A` for two words). The
 * signature says whether a query_by restricted to some labels matches the document, and is all
 * ts_rank reads of it for such a query (its words' positions' weights, in order), so the rank of
 * each signature is the rank of its documents. Kept by statement triggers on the projection in the
 * writing transaction, so the counts are exact; the engine reads `found`, the facets and the rank
 * tiers from a few rows, and the first page from a short walk of the newest documents.
 */
export const PREFIX_COUNTS_TABLE = 'search_prefix_counts';
export const BROAD_PREFIXES_TABLE = 'search_broad_prefixes';
/**
 * A prefix is counted ahead when about this many documents hold it. Below it, counting and ranking
 * the matches costs a few milliseconds; above it, each document adds upkeep to every write.
 */
export const BROAD_MIN_DOCS = 5000;
/** Documents the refresh estimates each prefix's documents from. */
const SAMPLE_DOCS = 50_000;

/** The count dimensions the prefix counts keep: the first alone where a later one is an id (rollupSource). */
export const prefixDimCount = (c: CollectionDef) => (hasRollup(c) ? 1 : countDims(c).length);

const keysOf = (c: CollectionDef, alias: string) =>
  Array.from({ length: MAX_COUNT_DIMS }, (_, i) => (i < prefixDimCount(c) ? `(${countDims(c)[i].sql.replace(/^d\./, `${alias}.`)})::text AS k${i + 1}` : `NULL::text AS k${i + 1}`)).join(', ');

/** A document's signature for a prefix (SQL `text`), over its words `u` with the prefix: in order, each as its positions' weight labels. */
const SIGNATURE = `string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o)`;
const words = (tsv: string) => `unnest(${tsv}) WITH ORDINALITY u(lexeme, positions, weights, o)`;
const signatureSql = (tsv: string, matches: string) => `(SELECT ${SIGNATURE} FROM ${words(tsv)} WHERE ${matches})`;

/** (prefix, sig, k1…k3, ±1) of each row of a transition table, for every broad prefix of its words. */
const rowPrefixes = (c: CollectionDef, rows: string, sign: number) =>
  `SELECT s.prefix, s.sig, ${keysOf(c, 'r')}, ${sign} AS n FROM ${rows} r, LATERAL (
      SELECT b.prefix, ${SIGNATURE} AS sig
      FROM ${words('r.search_tsv')}, generate_series(1, char_length(u.lexeme)) i, ${BROAD_PREFIXES_TABLE} b
      WHERE b.source = '${c.source}' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s`;

/** Adds the grouped deltas, upserting in key order so that concurrent writers lock rows in the same order. */
const upsert = (c: CollectionDef, rows: string) =>
  `INSERT INTO ${PREFIX_COUNTS_TABLE} AS c (source, prefix, sig, k1, k2, k3, n) SELECT '${c.source}', prefix, sig, k1, k2, k3, sum(n) FROM (${rows}) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;`;

/** A quoted tsquery prefix term of a text value (the lexeme as it is, not parsed again). */
const prefixTsquery = (value: string) => String.raw`('''' || replace(replace(${value}, E'\\', E'\\\\'), '''', '''''') || ''':*')::tsquery`;

/** The two tables (migration 0036). */
export const PREFIX_COUNTS_BASE_DDL = [
  `CREATE TABLE "${BROAD_PREFIXES_TABLE}" ("source" text NOT NULL, "prefix" text NOT NULL, PRIMARY KEY ("source", "prefix"));`,
  `CREATE TABLE "${PREFIX_COUNTS_TABLE}" ("source" text NOT NULL, "prefix" text NOT NULL, "sig" text NOT NULL, "k1" text, "k2" text, "k3" text, "n" bigint NOT NULL);`,
  `CREATE UNIQUE INDEX "${PREFIX_COUNTS_TABLE}_key" ON "${PREFIX_COUNTS_TABLE}" ("source", "prefix", "sig", "k1", "k2", "k3") NULLS NOT DISTINCT;`,
];

export const refreshFunction = (c: CollectionDef) => `${c.source}_search_prefixes_refresh`;

/**
 * Per collection with a projection (migration 0036): the trigger function and triggers on the
 * projection, and the refresh function, which chooses the broad prefixes from a sample of the
 * documents' words, drops the counts of prefixes no longer broad and counts the new ones. It locks
 * out writers meanwhile (readers go on), so no write is counted twice or missed.
 */
export function prefixCountsDdl(c: CollectionDef): string[] {
  const p = c.projection;
  if (!p) return [];
  const fn = `${c.source}_search_prefixes`;
  const body = `
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ${BROAD_PREFIXES_TABLE} WHERE source = '${c.source}') THEN
    IF TG_OP = 'TRUNCATE' THEN DELETE FROM ${PREFIX_COUNTS_TABLE} WHERE source = '${c.source}'; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    ${upsert(c, rowPrefixes(c, 'new_rows', 1))}
  ELSIF TG_OP = 'UPDATE' THEN
    ${upsert(c, `${rowPrefixes(c, 'new_rows', 1)} UNION ALL ${rowPrefixes(c, 'old_rows', -1)}`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${upsert(c, rowPrefixes(c, 'old_rows', -1))}
  ELSE
    DELETE FROM ${PREFIX_COUNTS_TABLE} WHERE source = '${c.source}';
  END IF;
  RETURN NULL;
END `;
  const refresh = `
DECLARE
  total bigint;
  pct float8;
  sampled bigint;
BEGIN
  LOCK TABLE "${p}" IN SHARE ROW EXCLUSIVE MODE;
  SELECT count(*) INTO total FROM "${p}";
  pct := least(100, 100.0 * ${SAMPLE_DOCS} / greatest(total, 1));
  EXECUTE format('SELECT count(*) FROM "${p}" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct) INTO sampled;
  CREATE TEMP TABLE search_prefixes_wanted ON COMMIT DROP AS
    SELECT left(s.word, i) AS prefix FROM ts_stat(format('SELECT search_tsv FROM "${p}" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct)) s, generate_series(1, char_length(s.word)) i
    GROUP BY 1 HAVING sum(s.ndoc) * total >= min_docs::float8 * greatest(sampled, 1);
  DELETE FROM ${PREFIX_COUNTS_TABLE} c WHERE c.source = '${c.source}' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = c.prefix);
  DELETE FROM ${BROAD_PREFIXES_TABLE} b WHERE b.source = '${c.source}' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = b.prefix);
  DELETE FROM search_prefixes_wanted w WHERE EXISTS (SELECT 1 FROM ${BROAD_PREFIXES_TABLE} b WHERE b.source = '${c.source}' AND b.prefix = w.prefix);
  INSERT INTO ${BROAD_PREFIXES_TABLE} (source, prefix) SELECT '${c.source}', prefix FROM search_prefixes_wanted;
  INSERT INTO ${PREFIX_COUNTS_TABLE} (source, prefix, sig, k1, k2, k3, n)
    SELECT '${c.source}', w.prefix, x.sig, x.k1, x.k2, x.k3, count(*) FROM search_prefixes_wanted w, LATERAL (
      SELECT ${signatureSql('r.search_tsv', 'starts_with(u.lexeme, w.prefix)')} AS sig, ${keysOf(c, 'r')} FROM "${p}" r WHERE r.search_tsv @@ ${prefixTsquery('w.prefix')}) x
    GROUP BY w.prefix, x.sig, x.k1, x.k2, x.k3;
  DROP TABLE search_prefixes_wanted;
  RETURN (SELECT count(*) FROM ${BROAD_PREFIXES_TABLE} WHERE source = '${c.source}');
END `;
  return [
    `CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$${body}$$;`,
    ...statementTriggers(p, 'prefixes', `"${fn}"()`),
    `CREATE FUNCTION "${refreshFunction(c)}"(min_docs integer) RETURNS integer LANGUAGE plpgsql AS $$${refresh}$$;`,
  ];
}

/** What a one-word search needs of the prefix counts: its word, and the labels its query_by restricts it to (bind values). */
export interface BroadPrefix {
  prefix: unknown;
  /** A regular expression class of the labels (`[ABC]`), or null when query_by covers the whole tsvector. */
  labels: unknown;
}

/**
 * The prefix a text match reduces to when its counts may be kept ahead: one plain word, no phrase
 * or exclusion, matched as a prefix in every query_by field, over the stored tsvector, and a filter
 * on the dimensions the prefix counts keep.
 */
export function broadPrefixOf(c: CollectionDef, plan: MatchPlan, req: SearchRequest, firstOnly: boolean): BroadPrefix | null {
  if (!c.projection || !plan.text || !plan.stored || req.level || !plan.weights) return null;
  const { words, phrases, excluded } = plan.parsed;
  if (words.length !== 1 || phrases.length || excluded.length) return null;
  const word = words[0].toLowerCase();
  if (!/^[a-z0-9]+$/.test(word) || plan.weights.exact !== '' || plan.weights.prefix === '') return null;
  if (!keepsDims(c, firstOnly)) return null;
  return { prefix: word, labels: plan.weights.unrestricted ? null : `[${plan.weights.all}]` };
}

/** The prefix counts hold the dimensions a request counts by (the first alone, or all). */
const keepsDims = (c: CollectionDef, firstOnly: boolean) => firstOnly || prefixDimCount(c) === countDims(c).length;

/**
 * A typo step of one word, unfiltered, after its exact form matched nothing: with a single
 * correction, a prefix, its match is that prefix's (in the correction's labels), so its counts are
 * kept ahead when the prefix is broad. The values are bound once the corrections are known; with
 * any other corrections the prefix is '' (never broad), and the step counts its matches.
 */
export function correctionPrefixOf(c: CollectionDef, plan: MatchPlan, req: SearchRequest, firstOnly: boolean): BroadPrefix | null {
  const { words, phrases, excluded } = plan.parsed;
  const oneWord = req.level?.typos && req.level.tokens === 1 && words.length === 1 && !phrases.length && !excluded.length && plan.lookups.length === 1;
  if (!c.projection || !oneWord || req.filterBy.trim() !== '' || req.typoTokensThreshold > 1 || !keepsDims(c, firstOnly)) return null;
  const late = (f: (x: Correction) => string) => new LateValue((found) => {
    const x = onlyCorrection(found);
    return x ? f(x) : '';
  });
  return { prefix: late((x) => x.term), labels: late((x) => `[${x.label}]`) };
}

/** The one correction of a one-word typo step, when it is a prefix of letters and digits. */
function onlyCorrection(found: Correction[][]): Correction | null {
  const all = (found[0] ?? []).filter((x) => Number(x.dist) <= 2);
  return all.length === 1 && all[0].pre && /^[a-z0-9]+$/.test(all[0].term) ? all[0] : null;
}

const isBroad = (c: CollectionDef, prefix: string) => `EXISTS (SELECT 1 FROM ${BROAD_PREFIXES_TABLE} b WHERE b.source = '${c.source}' AND b.prefix = ${prefix})`;
const rowsOf = (c: CollectionDef, b: BroadPrefix, prefix: string, p: SqlParams) =>
  `${PREFIX_COUNTS_TABLE} d WHERE d.source = '${c.source}' AND d.prefix = ${prefix}${b.labels ? ` AND d.sig ~ ${p.add(b.labels)}` : ''} AND ${isBroad(c, prefix)}`;

/**
 * The counts per dimension of a one-word match (shaped as counts.ts dimsCountSql's rows): from the
 * prefix counts when the word is a broad prefix, otherwise from `scan` (which then alone runs).
 */
export function prefixDimsSql(c: CollectionDef, b: BroadPrefix, firstOnly: boolean, scan: string, p: SqlParams): string {
  const prefix = p.add(b.prefix);
  const keys = firstOnly ? 'd.k1, NULL::text AS k2, NULL::text AS k3' : 'd.k1, d.k2, d.k3';
  const group = firstOnly ? 'd.k1' : 'd.k1, d.k2, d.k3';
  return `SELECT ${keys}, sum(d.n) AS n FROM ${rowsOf(c, b, prefix, p)} GROUP BY ${group} HAVING sum(d.n) > 0
UNION ALL SELECT o.* FROM (${scan}) o WHERE NOT ${isBroad(c, prefix)}`;
}

/**
 * The rank tiers of a one-word match under a filter on the count dimensions: (r, n) per rank, best
 * first, each rank computed as the match computes it (`rank`, reading `d.search_tsv`) over a
 * tsvector rebuilt from the signature. No rows when the word is not a broad prefix.
 */
export function prefixTiersSql(c: CollectionDef, b: BroadPrefix, rank: string, filterBy: string, p: SqlParams): string {
  const prefix = p.add(b.prefix, 'text');
  // The signature's words as `'<prefix>', '<prefix>~', …` (same order, all matching the prefix),
  // each with positions 1…k carrying its labels: ts_rank reads nothing else of them.
  const rebuilt = `(SELECT string_agg('''' || ${prefix} || repeat('~', (x.o - 1)::int) || '''' || CASE WHEN x.w = '' THEN '' ELSE ':' || (SELECT string_agg(i::text || substr(x.w, i, 1), ',' ORDER BY i) FROM generate_series(1, length(x.w)) i) END, ' ' ORDER BY x.o) FROM unnest(string_to_array(d.sig, ',')) WITH ORDINALITY x(w, o))::tsvector`;
  if (!rank.includes('d.search_tsv')) throw new Error(`${c.name}: the rank must read d.search_tsv`);
  const filter = countsFilterSql(c, filterBy, p);
  return `SELECT t.r::text AS r, t.n::text AS n FROM (SELECT ${rank.split('d.search_tsv').join(rebuilt)} AS r, sum(d.n) AS n FROM ${rowsOf(c, b, prefix, p)}${filter ? ` AND ${filter}` : ''} GROUP BY 1) t WHERE t.n > 0 ORDER BY t.r DESC`;
}

/** Runs each collection's refresh (seeding, the scheduled job): the number of broad prefixes per collection. */
export async function refreshBroadPrefixes(
  database: Pick<Database, 'query'>,
  collections: CollectionDef[],
  minDocs = BROAD_MIN_DOCS,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const c of collections.filter((x) => x.projection)) {
    const [row] = await database.query<{ n: unknown }>(`SELECT "${refreshFunction(c)}"($1) AS n`, [minDocs]);
    out[c.name] = Number(row.n);
  }
  return out;
}

/**
 * Migrations 0036 (after PREFIX_COUNTS_BASE_DDL; suppliers and enquiries) and 0037 (archived
 * enquiries, after their projection): each projection's upkeep and refresh, and a first refresh.
 * A unit test checks the files hold them.
 */
export const prefixCountsMigration = (collections: CollectionDef[]): string[] => [
  ...collections.flatMap(prefixCountsDdl),
  ...collections.filter((c) => c.projection).map((c) => `SELECT "${refreshFunction(c)}"(${BROAD_MIN_DOCS});`),
];
