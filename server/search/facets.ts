import type { SqlParams } from './sqlParams';
import type { FieldDef } from './types';

const isNumeric = (f: FieldDef) => f.type === 'int32' || f.type === 'int64' || f.type === 'float';

/**
 * facet_counts (reference §2.3, §5) over the whole matched set `m`, not the page, as one json
 * value of the search statement: counts per value ordered by count desc, then shorter value, then
 * the larger value; the number of distinct values before truncation; min/max/sum/avg for numbers,
 * weighted by occurrence. The facet values are the columns `m._g<i>`; with `counted`, each row of
 * `m` stands for `m._n` documents (a row of search_counts, counts.ts).
 */
export function facetJsonSql(fields: FieldDef[], maxFacetValues: number, p: SqlParams, counted = false): string {
  const parts: string[] = [];
  fields.forEach((f, i) => {
    const valuesOf = f.type.endsWith('[]') ? `(SELECT u.v, 1 AS w FROM m, unnest(m._g${i}) AS u(v))` : `(SELECT m._g${i} AS v, ${counted ? 'm._n' : '1'} AS w FROM m)`;
    parts.push(
      `SELECT ${i} AS fi, x.v::text AS value, ${counted ? 'sum(x.w)::int8' : 'count(*)'} AS c, NULL::float8 AS mn, NULL::float8 AS mx, NULL::float8 AS sm, NULL::float8 AS av FROM ${valuesOf} x WHERE x.v IS NOT NULL GROUP BY x.v`,
    );
    if (isNumeric(f)) {
      parts.push(
        `SELECT ${i}, NULL::text, NULL::int8, min(x.v)::float8, max(x.v)::float8, sum(x.v)::float8, avg(x.v)::float8 FROM ${valuesOf} x WHERE x.v IS NOT NULL`,
      );
    }
  });
  return `(SELECT json_agg(r ORDER BY r.fi, r.rn) FROM (
  SELECT u.*, count(u.value) OVER (PARTITION BY u.fi) AS total,
    row_number() OVER (PARTITION BY u.fi ORDER BY u.value IS NULL, u.c DESC, length(u.value), u.value COLLATE "C" DESC) AS rn
  FROM (${parts.join('\nUNION ALL\n')}) u
) r WHERE r.value IS NULL OR r.rn <= ${p.add(maxFacetValues)})`;
}

export function shapeFacets(fields: FieldDef[], rows: Record<string, unknown>[]): unknown[] {
  return fields.map((f, i) => {
    const mine = rows.filter((r) => Number(r.fi) === i);
    const counts = mine.filter((r) => r.value !== null).map((r) => ({ count: Number(r.c), highlighted: String(r.value), value: String(r.value) }));
    const statsRow = mine.find((r) => r.value === null);
    const total = Number(mine.find((r) => r.value !== null)?.total ?? statsRow?.total ?? 0);
    const stats: Record<string, number> = {};
    if (isNumeric(f) && statsRow && statsRow.mn !== null) {
      Object.assign(stats, { avg: Number(statsRow.av), max: Number(statsRow.mx), min: Number(statsRow.mn), sum: Number(statsRow.sm) });
    }
    stats.total_values = total;
    return { counts, field_name: f.name, sampled: false, stats };
  });
}
