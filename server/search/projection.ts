import { statementTriggers } from './statementTriggers';
import { countDimColumns } from './counts';
import { filteredListIndexDdl, listSortIndexDdl } from './productCollections';
import { columnsRead, parseSort, sortKeySql } from './sort';
import type { CollectionDef } from './types';

/**
 * A collection's search projection: a narrow copy of its rows holding only `seq`, the stored
 * tsvector and the count dimensions' columns, under the same column names, with its own GIN index.
 * A text search matching many rows counts them and their facets here rather than in the wide
 * table (a supplier row is about 2 kB, its projection about 300 bytes), so `found` and the facets
 * of a broad word read a fraction of the pages. Kept by statement triggers in the writing
 * transaction, so it is always exactly the table.
 */
export function projectionColumns(c: CollectionDef): string[] {
  return ['seq', 'search_tsv', ...countDimColumns(c)];
}

/**
 * The columns the collection's list orders read (its `listSorts`' keys), kept in the projection
 * as well since migration 0033: a text search sorted by one of them then reads its page from the
 * narrow copy, in that order's index there, rather than walking the wide table's.
 */
export function projectedSortColumns(c: CollectionDef): string[] {
  const keys = (c.listSorts ?? []).flatMap((sortBy) => parseSort(c, sortBy, false).map((s) => sortKeySql(s)));
  const have = new Set(projectionColumns(c));
  return columnsRead(keys.join(' ')).filter((x) => !have.has(x));
}

/** Every column of the projection as it is now. */
export const allProjectionColumns = (c: CollectionDef) => [...projectionColumns(c), ...projectedSortColumns(c)];

/** The trigger function that keeps the projection's columns `cols` (`replace`: over an existing one). */
function projectFunctionDdl(c: CollectionDef, cols: string[], replace: boolean): string {
  const p = c.projection!;
  const list = cols.join(', ');
  const changed = cols.slice(1).map((x) => `p.${x} IS DISTINCT FROM n.${x}`).join(' OR ');
  return `CREATE ${replace ? 'OR REPLACE ' : ''}FUNCTION "${c.source}_search_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ${p} (${list}) SELECT ${list} FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE ${p} p SET ${cols.slice(1).map((x) => `${x} = n.${x}`).join(', ')} FROM new_rows n WHERE p.seq = n.seq AND (${changed});
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM ${p} WHERE seq IN (SELECT seq FROM old_rows);
  ELSE
    TRUNCATE ${p};
  END IF;
  RETURN NULL;
END $$;`;
}

/** Migration 0033 (a unit test checks the file holds it): the list orders' columns in the projection, and their indexes there. */
export function projectionSortsDdl(c: CollectionDef): string[] {
  const added = c.projection ? projectedSortColumns(c) : [];
  if (!added.length) return [];
  const p = c.projection!;
  return [
    ...added.map((col) => `ALTER TABLE "${p}" ADD COLUMN "${col}" ${columnTypeOf(c, col)};`),
    `UPDATE "${p}" p SET ${added.map((col) => `${col} = t.${col}`).join(', ')} FROM "${c.source}" t WHERE t.seq = p.seq;`,
    projectFunctionDdl(c, allProjectionColumns(c), true),
    ...listSortIndexDdl({ ...c, source: p }),
    ...filteredListIndexDdl({ ...c, source: p }),
    `ANALYZE "${p}";`,
  ];
}

/** The SQL type of a column a list order reads: a text, or a timestamp read as epoch seconds. */
function columnTypeOf(c: CollectionDef, col: string): string {
  const f = c.fields.find((x) => new RegExp(`\\bd\\.${col}\\b`).test(x.sql));
  if (f?.type === 'string') return 'text';
  if (f && /^\(extract\(epoch from/.test(f.sql)) return 'timestamp with time zone';
  throw new Error(`${c.name}: the list order's column ${col} cannot be projected`);
}

export function projectionDdl(c: CollectionDef): string[] {
  const p = c.projection;
  if (!p || !c.tsvector) throw new Error(`${c.name} has no projection or no stored tsvector`);
  const t = c.source;
  const cols = projectionColumns(c);
  const list = cols.join(', ');
  return [
    `CREATE TABLE "${p}" AS SELECT ${list} FROM "${t}" WITH NO DATA;`,
    `ALTER TABLE "${p}" ADD PRIMARY KEY ("seq");`,
    `CREATE INDEX "${p}_search_tsv_idx" ON "${p}" USING gin ("search_tsv");`,
    projectFunctionDdl(c, cols, false),
    ...statementTriggers(t, 'project', `"${t}_search_project"()`),
    `INSERT INTO ${p} (${list}) SELECT ${list} FROM "${t}";`,
  ];
}
