import { statementTriggers } from './statementTriggers';
import { parseFilter, compileFilter, type FilterNode } from './filter';
import type { SqlParams } from './sqlParams';
import type { CollectionDef, FieldDef } from './types';

/**
 * Exact document counts per combination of a collection's count dimensions (its `counts` fields:
 * the filters and facets its list screens use), kept in `search_counts` by statement triggers on
 * the source table in the writing transaction itself. A wildcard search whose filter and facets
 * use only those fields reads `found` and the facet counts from these few rows instead of counting
 * every match, so a list open costs a page of rows whatever the collection size; `out_of` is their
 * sum. Read in the same statement as the page, the counts belong to the same snapshot.
 */
export const COUNTS_TABLE = 'search_counts';
/** Key columns of search_counts: k1…k3. */
export const MAX_COUNT_DIMS = 3;

/** The count dimensions of a collection, checked: filterable single-valued strings or booleans. */
export function countDims(c: CollectionDef): FieldDef[] {
  const dims = (c.counts ?? []).map((name) => {
    const f = c.fields.find((x) => x.name === name);
    if (!f || !f.filter || (f.type !== 'string' && f.type !== 'bool')) throw new Error(`${c.name}.${name} cannot be a count dimension`);
    if (!/^d\.[a-z_][a-z0-9_]*(::text)?$/.test(f.sql)) throw new Error(`${c.name}.${name}: a count dimension must be a column of the row`);
    return f;
  });
  if (dims.length > MAX_COUNT_DIMS) throw new Error(`${c.name}: at most ${MAX_COUNT_DIMS} count dimensions`);
  return dims;
}

/** The row's columns the count dimensions read, each once. */
export const countDimColumns = (c: CollectionDef) => [...new Set(countDims(c).map((f) => /^d\.([a-z_][a-z0-9_]*)/.exec(f.sql)![1]))];

/** The dimensions as fields over search_counts (aliased `d`), so filters compile exactly as on the rows. */
function countsCollection(c: CollectionDef, dims: FieldDef[]): CollectionDef {
  return {
    ...c,
    fields: dims.map((f, i) => ({
      ...f,
      sql: f.type === 'bool' ? `d.k${i + 1}::boolean` : `d.k${i + 1}`,
      uuid: f.uuid ? `d.k${i + 1}::uuid` : undefined,
    })),
  };
}

function conditionFields(node: FilterNode, out: Set<string>): Set<string> {
  if ('cond' in node) out.add(node.cond.slice(0, Math.max(0, node.cond.indexOf(':'))).trim());
  else [node.left, node.right].forEach((n) => conditionFields(n, out));
  return out;
}

/** True when the filter and the facets use the collection's count dimensions alone. */
export function onCountDims(c: CollectionDef, filterBy: string, facets: FieldDef[]): boolean {
  if (!c.counts) return false;
  const names = new Set(c.counts);
  if (!facets.every((f) => names.has(f.name))) return false;
  const tree = parseFilter(filterBy);
  return !tree || [...conditionFields(tree, new Set())].every((n) => names.has(n));
}

/**
 * `SELECT _g<i>…, _n FROM search_counts …` for a wildcard search whose filter and facets the counts
 * answer, with `_g<i>` the i-th facet's value; null when they cannot (another field, an id filter).
 * The filter must already have compiled against the collection itself, so its errors are the usual ones.
 */
export function countsSelect(c: CollectionDef, filterBy: string, facets: FieldDef[], p: SqlParams, rows?: string): string | null {
  if (!onCountDims(c, filterBy, facets)) return null;
  const dims = countDims(c);
  const where = compileFilter(countsCollection(c, dims), filterBy, p);
  const cols = facets.map((f, i) => `d.k${dims.findIndex((x) => x.name === f.name) + 1} AS _g${i}`);
  const source = rollupApplies(c, filterBy, facets) ? rollupSource(c) : c.source;
  const from = rows ? `${rows} WHERE d.n > 0` : `${COUNTS_TABLE} d WHERE d.source = '${source}' AND d.n > 0`;
  return `SELECT ${[...cols, 'd.n AS _n'].join(', ')} FROM ${from}${where ? ` AND ${where}` : ''}`;
}

/** A filter on the count dimensions as a condition on search_counts-shaped rows `d` (k1…k3); null without a filter. */
export const countsFilterSql = (c: CollectionDef, filterBy: string, p: SqlParams): string | null => compileFilter(countsCollection(c, countDims(c)), filterBy, p);

/**
 * The rows of a text match as counts per combination of the count dimensions, shaped as
 * search_counts' (k1…k3, n): a text search counts its matches once, whatever its filter on those
 * dimensions and whichever of them it facets on, and the counts of each such request are read from
 * these rows (`countsSelect` with `dimsRowsFrom`). `match` selects from the collection's rows, `cols` given.
 */
export function dimsCountSql(c: CollectionDef, match: (cols: string) => string, firstOnly: boolean): string {
  const dims = countDims(c);
  const n = firstOnly ? 1 : MAX_COUNT_DIMS;
  const keys = Array.from({ length: MAX_COUNT_DIMS }, (_, i) => (dims[i] && i < n ? `(${dims[i].sql})::text AS k${i + 1}` : `NULL::text AS k${i + 1}`));
  return `SELECT x.k1, x.k2, x.k3, count(*) AS n FROM (${match(keys.join(', '))}) x GROUP BY x.k1, x.k2, x.k3`;
}

/** True when the collection keeps a rollup and the filter and facets use its first dimension alone. */
export function rollupApplies(c: CollectionDef, filterBy: string, facets: FieldDef[]): boolean {
  if (!hasRollup(c)) return false;
  const used = new Set(facets.map((f) => f.name));
  const tree = parseFilter(filterBy);
  if (tree) conditionFields(tree, used);
  return [...used].every((name) => name === countDims(c)[0].name);
}

/** Rows of dimsCountSql, bound as JSON text, as the `d` that countsSelect reads. */
export const dimsRowsFrom = (param: string) => `json_to_recordset(${param}::json) AS d(k1 text, k2 text, k3 text, n int8)`;

/** The collection size from its counts. */
export const countedSizeSql = (c: CollectionDef) => `SELECT coalesce(sum(n), 0) AS n FROM ${COUNTS_TABLE} WHERE source = '${hasRollup(c) ? rollupSource(c) : c.source}'`;

/** The search_counts table (migration 0019); one per database. */
export const COUNTS_TABLE_DDL = [
  `CREATE TABLE "${COUNTS_TABLE}" ("source" text NOT NULL, "k1" text, "k2" text, "k3" text, "n" bigint NOT NULL);`,
  // NULL is a value of a dimension like any other: one row per combination.
  `CREATE UNIQUE INDEX "${COUNTS_TABLE}_key" ON "${COUNTS_TABLE}" ("source", "k1", "k2", "k3") NULLS NOT DISTINCT;`,
];

/**
 * The triggers that keep a collection's counts, and the statement that fills them from the rows
 * present. Per statement, the changed rows are grouped by their key and each key's net change is
 * added; keys are upserted in order, so concurrent writers lock them in the same order.
 */
export function countsDdl(c: CollectionDef): string[] {
  const t = c.source;
  const fn = `${t}_search_count`;
  const { body, fill } = countsUpkeep(c, false);
  return [`CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$${body}$$;`, ...statementTriggers(t, 'count', `"${fn}"()`), ...fill];
}

/**
 * The counts trigger's body and the statements that fill the counts from the rows present; with
 * `rollup`, the counts over the first dimension alone are kept as well (under rollupSource).
 */
function countsUpkeep(c: CollectionDef, rollup: boolean): { body: string; fill: string[] } {
  const dims = countDims(c);
  const t = c.source;
  const keysOf = (n: number) => Array.from({ length: MAX_COUNT_DIMS }, (_, i) => (dims[i] && i < n ? `(${dims[i].sql.replace(/^d\./, '')})::text` : 'NULL::text'));
  const keyed = (rows: string, n: number, keys = keysOf(MAX_COUNT_DIMS)) => `SELECT ${keys.map((k, i) => `${k} AS k${i + 1}`).join(', ')}, ${n} AS n FROM ${rows}`;
  const upsert = (rows: string, source = t) =>
    `INSERT INTO ${COUNTS_TABLE} AS c (source, k1, k2, k3, n) SELECT '${source}', k1, k2, k3, sum(n) FROM (${rows}) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;`;
  const first = keysOf(1);
  const up = (f: (keys?: string[]) => string) => (rollup ? `${upsert(f())}\n    ${upsert(f(first), rollupSource(c))}` : upsert(f()));
  const body = `
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${up((k) => keyed('new_rows', 1, k))}
  ELSIF TG_OP = 'UPDATE' THEN
    ${up((k) => `${keyed('new_rows', 1, k)} UNION ALL ${keyed('old_rows', -1, k)}`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${up((k) => keyed('old_rows', -1, k))}
  ELSE
    DELETE FROM ${COUNTS_TABLE} WHERE source = '${t}';${rollup ? `\n    DELETE FROM ${COUNTS_TABLE} WHERE source = '${rollupSource(c)}';` : ''}
  END IF;
  RETURN NULL;
END `;
  return { body, fill: rollup ? [upsert(keyed(`"${t}"`, 1, first), rollupSource(c))] : [upsert(keyed(`"${t}"`, 1))] };
}

/**
 * Where a collection whose later count dimensions include an id (suppliers: status × group) keeps
 * its counts over the first dimension alone: a list filtered or faceted on that dimension only
 * then sums a few rows rather than one per group (7,000 for Supplier Search).
 */
export const rollupSource = (c: CollectionDef) => `${c.source}^1`;
export const hasRollup = (c: CollectionDef) => countDims(c).slice(1).some((f) => !!f.uuid);

/**
 * Migration 0032 (a unit test checks the file holds it): the counts trigger keeping the rollup, the
 * rollup's rows, and an index on each id dimension as its filter compares it (`k2::uuid`), so a
 * list of one group's suppliers reads its few count rows rather than every supplier's.
 */
export function countsRollupDdl(c: CollectionDef): string[] {
  if (!hasRollup(c)) return [];
  const { body, fill } = countsUpkeep(c, true);
  const ids = countDims(c).flatMap((f, i) => (f.uuid ? [`CREATE INDEX "${COUNTS_TABLE}_${c.source}_k${i + 1}_idx" ON "${COUNTS_TABLE}" ((k${i + 1}::uuid)) WHERE source = '${c.source}';`] : []));
  return [`CREATE OR REPLACE FUNCTION "${c.source}_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$${body}$$;`, ...fill, ...ids];
}

/** The columns of the code dimensions (statuses), whose filters compare `lower(column)`. */
export function codeDimColumns(c: CollectionDef): string[] {
  return countDims(c)
    .filter((f) => f.code)
    .map((f) => f.sql.replace(/^d\./, ''));
}

/**
 * Statistics on the expressions the filters of code dimensions compare (`lower(status)`), so the
 * planner knows how many rows a status filter keeps and walks a list order's index when most do.
 */
export function filterStatsDdl(c: CollectionDef): string[] {
  const coded = codeDimColumns(c);
  if (!coded.length) return [];
  const out = coded.map((col) => `CREATE STATISTICS "${c.source}_${col}_lower_stats" ON (lower(${col})) FROM "${c.source}";`);
  return [...out, `ANALYZE "${c.source}";`];
}
