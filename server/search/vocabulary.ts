import { statementTriggers } from './statementTriggers';
import { MAX_INDEXED_OFFSET, TRIGRAM_HEAD } from './typos';
import { textOf } from './match';
import { PRODUCT_COLLECTIONS } from './productCollections';
import type { CollectionDef, FieldDef, WeightLabel } from './types';

/**
 * The indexed words of each product table, per weight label of its stored tsvector, with the
 * number of documents holding each: the dictionary typo correction looks words up in (typos.ts).
 * Kept by statement-level triggers, so a bulk write costs one aggregate per statement, not one
 * upsert per row. Only the labels of fields that tolerate typos are kept: the others never need
 * a correction (supplier ids, enquiry numbers).
 */

export const VOCABULARY_TABLE = 'search_words';

/** Labels of a collection whose words typo correction may look up. */
export function typoLabels(c: CollectionDef): WeightLabel[] {
  const labels = c.fields.filter((f) => f.search && f.weight && f.typos !== false).map((f) => f.weight!);
  return [...new Set(labels)].sort();
}

/** Tables whose vocabulary the triggers keep: the product collections with a stored tsvector. */
const KEPT = new Set(PRODUCT_COLLECTIONS.filter((c) => c.tsvector === 'd.search_tsv' && typoLabels(c).length > 0).map((c) => c.source));

/** Whether `c`'s words are in the vocabulary table (otherwise they are read from its rows). */
export function hasVocabulary(c: CollectionDef): boolean {
  return KEPT.has(c.source) && c.tsvector === 'd.search_tsv';
}

/**
 * `SELECT word, docs, label` of the words of some fields (each with its weight label). From the
 * vocabulary table when it is kept, in one scan for all their labels; otherwise (fixtures,
 * collections whose tsvector is built inline) from the rows themselves, which is only reasonable
 * for small tables.
 */
export function labelledWordsSql(c: CollectionDef, fields: { field: FieldDef; label: WeightLabel }[], stored: boolean): string {
  if (stored && hasVocabulary(c)) {
    const labels = [...new Set(fields.map((x) => x.label))].sort();
    const label = labels.length === 1 ? `= '${labels[0]}'` : `IN (${labels.map((l) => `'${l}'`).join(', ')})`;
    return `SELECT word, docs, label::text AS label FROM ${VOCABULARY_TABLE} WHERE source = '${c.source}' AND label ${label}`;
  }
  return fields
    .map(({ field, label }) => `SELECT u.lexeme AS word, count(*)::int AS docs, '${label}'::text AS label FROM ${c.source} d, unnest(to_tsvector('simple', coalesce(${textOf(field)}, ''))) u GROUP BY u.lexeme`)
    .join(' UNION ALL ');
}

/** (label, word, ±1) of each row's words in the kept labels, from a transition table. */
const rowWords = (rows: string, labelsArray: string, sign: string) =>
  `SELECT w.label, u.lexeme AS word, ${sign} AS n FROM ${rows} r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY (${labelsArray})`;

/**
 * Adds per-(label, word) document deltas. Upserts in key order, so two statements touching the
 * same words lock them in the same order and cannot deadlock; words no document holds any more
 * are deleted.
 */
const applyDelta = (delta: string) => `WITH d AS (SELECT label, word, sum(n)::int AS n FROM (${delta}) x GROUP BY label, word HAVING sum(n) <> 0),
      up AS (INSERT INTO ${VOCABULARY_TABLE} AS v (source, label, word, docs) SELECT TG_TABLE_NAME, label, word, n FROM d ORDER BY label, word
        ON CONFLICT (source, label, word) DO UPDATE SET docs = v.docs + EXCLUDED.docs RETURNING v.label, v.word, v.docs)
    SELECT array_agg(up.label), array_agg(up.word) INTO gone_labels, gone_words FROM up WHERE up.docs <= 0;
    -- A statement does not see its own upserts, hence a second one.
    DELETE FROM ${VOCABULARY_TABLE} v USING unnest(gone_labels, gone_words) g(label, word) WHERE v.source = TG_TABLE_NAME AND v.label = g.label AND v.word = g.word;`;

/** The vocabulary table, its indexes, the function that computes bounded typo distances, and the shared trigger function. */
export function vocabularyBaseDdl(): string[] {
  const labels = `TG_ARGV[0]::char[]`;
  return [
    `CREATE TABLE "${VOCABULARY_TABLE}" ("source" text NOT NULL, "label" char(1) NOT NULL, "word" text NOT NULL, "docs" integer NOT NULL, PRIMARY KEY ("source", "label", "word")) WITH (fillfactor = 80);`,
    // Candidates are read by word length (typos.ts): the length bounds a word within k edits. Not
    // a covering index: the planner would then prefer reading a whole label from it to the
    // trigram pieces.
    `CREATE INDEX "${VOCABULARY_TABLE}_length_idx" ON "${VOCABULARY_TABLE}" ("source", "label", (length("word")));`,
    // ... and, for query words long enough, by the pieces one of which every candidate contains
    // (one index per table since migration 0024: vocabularyTrigramDdl).
    // Without a pending list: a write statement's new words would otherwise be scanned linearly by
    // every lookup until the next vacuum. Counts change in place (fillfactor leaves room for it).
    `CREATE INDEX "${VOCABULARY_TABLE}_trgm_idx" ON "${VOCABULARY_TABLE}" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);`,
    `CREATE FUNCTION "search_typo_row"(q text, v text, k integer) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
${OSA_BODY}
$$;`,
    `CREATE FUNCTION "search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone_labels char[];
  gone_words text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${applyDelta(rowWords('new_rows', labels, '1'))}
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose words changed count; pairing old and new rows by id first keeps a bulk
    -- update of other columns from unnesting every tsvector.
    ${applyDelta(
      `SELECT w.label, u.lexeme AS word, c.n FROM (SELECT n.search_tsv, 1 AS n FROM new_rows n FULL JOIN old_rows o ON o.id = n.id WHERE n.search_tsv IS DISTINCT FROM o.search_tsv AND n.id IS NOT NULL
         UNION ALL SELECT o.search_tsv, -1 FROM new_rows n FULL JOIN old_rows o ON o.id = n.id WHERE n.search_tsv IS DISTINCT FROM o.search_tsv AND o.id IS NOT NULL) c,
         unnest(c.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY (${labels})`,
    )}
  ELSIF TG_OP = 'DELETE' THEN
    ${applyDelta(rowWords('old_rows', labels, '-1'))}
  ELSE
    DELETE FROM ${VOCABULARY_TABLE} WHERE source = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;`,
  ];
}

/**
 * Bounded optimal-string-alignment distances of `q` to the prefixes of `v`: element j+1 is the
 * distance of q to left(v, j), for j up to length(q) + k; NULL when every prefix is more than k
 * away (the rows only grow from there). One pass serves whole words (the element of length(v))
 * and the last query word's prefix matching (any element).
 */
const OSA_BODY = `DECLARE
  n int := length(q);
  m int := least(length(v), n + k);
  qa text[] := string_to_array(q, NULL);
  va text[] := string_to_array(left(v, m), NULL);
  prev2 int[];
  prev int[] := '{0}';
  cur int[];
  best int;
  x int;
BEGIN
  FOR j IN 1..m LOOP prev[j + 1] := j; END LOOP;
  FOR i IN 1..n LOOP
    cur := prev;
    cur[1] := i;
    best := i;
    FOR j IN 1..m LOOP
      x := least(prev[j + 1] + 1, cur[j] + 1, prev[j] + CASE WHEN qa[i] = va[j] THEN 0 ELSE 1 END);
      IF i > 1 AND j > 1 AND qa[i] = va[j - 1] AND qa[i - 1] = va[j] AND prev2[j - 1] + 1 < x THEN
        x := prev2[j - 1] + 1;
      END IF;
      cur[j + 1] := x;
      IF x < best THEN best := x; END IF;
    END LOOP;
    IF best > k THEN RETURN NULL; END IF;
    prev2 := prev;
    prev := cur;
  END LOOP;
  RETURN prev;
END`;

/**
 * Migration 0022 (a unit test checks the file holds this): the offset indexes, and statistics on
 * (source, label) together. Without them the planner multiplies the two shares, takes a label of
 * 25,000 words for 2,000 and reads all of it rather than its trigram pieces.
 */
export function vocabularyOffsetDdl(): string[] {
  return [
    ...Array.from({ length: MAX_INDEXED_OFFSET + 1 }, (_, o) => {
      const expr = o === 0 ? '"word" text_pattern_ops' : `(substr("word", ${o + 1})) text_pattern_ops`;
      return `CREATE INDEX "${VOCABULARY_TABLE}_offset${o}_idx" ON "${VOCABULARY_TABLE}" ("source", "label", ${expr});`;
    }),
    `CREATE STATISTICS "${VOCABULARY_TABLE}_source_label" (mcv) ON "source", "label" FROM "${VOCABULARY_TABLE}";`,
  ];
}

/**
 * Migration 0024 (a unit test checks the file holds this): a trigram index per table in place of
 * one over every table's words. A piece of a query word looked up in one table's words then reads
 * those only (for "lee", 787 supplier words rather than 5,090 of all tables), and a word's lookup
 * reads every label it corrects in at once (typos.ts).
 */
export function vocabularyTrigramDdl(collections: CollectionDef[] = PRODUCT_COLLECTIONS): string[] {
  const sources = [...new Set(collections.filter((c) => KEPT.has(c.source)).map((c) => c.source))].sort();
  return [
    ...sources.map(
      (t) => `CREATE INDEX "${VOCABULARY_TABLE}_${t}_trgm_idx" ON "${VOCABULARY_TABLE}" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = '${t}';`,
    ),
    `DROP INDEX "${VOCABULARY_TABLE}_trgm_idx";`,
  ];
}

/**
 * Migration 0035 (a unit test checks the file holds this): per table, a trigram index of each word's
 * first TRIGRAM_HEAD characters, where a piece of a query word must lie (typos.ts). The whole
 * word's index finds a piece anywhere: "xam" of "wrexam" is in every supplier's e-mail address
 * ("….example.com"), 25,000 words read and rechecked for one correction; in their first characters, none.
 */
export function vocabularyHeadTrigramDdl(collections: CollectionDef[] = PRODUCT_COLLECTIONS): string[] {
  const sources = [...new Set(collections.filter((c) => KEPT.has(c.source)).map((c) => c.source))].sort();
  return sources.map(
    (t) =>
      `CREATE INDEX "${VOCABULARY_TABLE}_${t}_head_trgm_idx" ON "${VOCABULARY_TABLE}" USING gin ((left("word", ${TRIGRAM_HEAD})) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = '${t}';`,
  );
}

/** Per table: its triggers and the initial fill. */
export function vocabularyTableDdl(c: CollectionDef): string[] {
  const labels = `'{${typoLabels(c).join(',')}}'`;
  const t = c.source;
  return [
    ...statementTriggers(t, 'words', `"search_words_sync"(${labels})`),
    `INSERT INTO "${VOCABULARY_TABLE}" (source, label, word, docs) SELECT '${t}', label, word, count(*)::int FROM (${rowWords(`"${t}"`, `${labels}::char[]`, '1')}) x GROUP BY label, word ORDER BY label, word;`,
  ];
}

/** Everything the migration holds, in order. */
export function vocabularyDdl(collections: CollectionDef[] = PRODUCT_COLLECTIONS): string[] {
  return [...vocabularyBaseDdl(), ...collections.filter((c) => KEPT.has(c.source)).flatMap(vocabularyTableDdl)];
}
