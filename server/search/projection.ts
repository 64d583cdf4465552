import { statementTriggers } from './statementTriggers';
import { countDims } from './counts';
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
  const cols = countDims(c).map((f) => /^d\.([a-z_][a-z0-9_]*)/.exec(f.sql)![1]);
  return ['seq', 'search_tsv', ...new Set(cols)];
}

export function projectionDdl(c: CollectionDef): string[] {
  const p = c.projection;
  if (!p || !c.tsvector) throw new Error(`${c.name} has no projection or no stored tsvector`);
  const t = c.source;
  const cols = projectionColumns(c);
  const list = cols.join(', ');
  const changed = cols.slice(1).map((x) => `p.${x} IS DISTINCT FROM n.${x}`).join(' OR ');
  const fn = `${t}_search_project`;
  return [
    `CREATE TABLE "${p}" AS SELECT ${list} FROM "${t}" WITH NO DATA;`,
    `ALTER TABLE "${p}" ADD PRIMARY KEY ("seq");`,
    `CREATE INDEX "${p}_search_tsv_idx" ON "${p}" USING gin ("search_tsv");`,
    `CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
    ...statementTriggers(t, 'project', `"${fn}"()`),
    `INSERT INTO ${p} (${list}) SELECT ${list} FROM "${t}";`,
  ];
}
