import { compileFilter } from './filter';
import type { SearchRequest } from './params';
import type { SqlParams } from './sqlParams';
import { exclusionTsquery, MAX_TYPO_WORDS, parseQuery, positiveTsquery, wordTerm, type ParsedQuery, type WeightPlan } from './textQuery';
import type { CollectionDef, FieldDef, WeightLabel } from './types';

/**
 * Which documents match `q` and `filter_by`, as SQL. Text queries match through a tsvector
 * (weights restrict the match to the query_by fields; the last word may be a prefix). When no
 * document matches exactly, Typesense retries with typos; so does this, with pg_trgm word
 * similarity (pg_trgm `<%`), inside the same statement: the fuzzy branch runs only when the exact one is empty.
 */
export interface MatchPlan {
  parsed: ParsedQuery;
  /** The query's words as highlighting splits them; computed once per plan (engine.ts). */
  highlightWords?: { text: string; last: boolean; source: string }[];
  text: boolean;
  /** Max typos per query_by field for a word of the given length. */
  typosFor(fieldIndex: number, word: string): number;
  /**
   * `SELECT <select(rank)> FROM source d WHERE …` of the exact match, and of the typo branch when
   * typos apply. The typo branch only counts when the exact one found nothing, so the engine runs
   * it as a second statement in that case alone.
   */
  exact(select: (rank: string) => string): string;
  fuzzy?: (select: (rank: string) => string) => string;
}

const LABELS: WeightLabel[] = ['A', 'B', 'C', 'D'];
/** Relative weight of the 1st, 2nd, 3rd, 4th+ query_by field: earlier fields rank higher. */
const POSITION_WEIGHT = [1, 0.6, 0.4, 0.2];

export const textOf = (f: FieldDef) => f.searchSql ?? (f.type === 'string[]' ? `array_to_string(${f.sql}, ' ')` : f.sql);
const wordLength = (w: string) => (w.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** True when `fields` hold every weight label of the collection's stored tsvector. */
function weightsCover(c: CollectionDef, fields: FieldDef[]): boolean {
  const inTsv = new Set(c.fields.filter((f) => f.weight).map((f) => f.weight));
  const asked = new Set(fields.map((f) => f.weight));
  return [...inTsv].every((l) => asked.has(l));
}

export function planMatch(c: CollectionDef, req: SearchRequest, p: SqlParams): MatchPlan {
  const parsed = parseQuery(req.q);
  const filterSql = compileFilter(c, req.filterBy, p);
  const base = `FROM ${c.source} d`;
  // Typos are tried for the first MAX_TYPO_WORDS words of the query only.
  const typoWords = new Set(parsed.words.slice(0, MAX_TYPO_WORDS));
  const typosFor = (i: number, word: string) => {
    if (!typoWords.has(word)) return 0;
    const len = wordLength(word);
    const allowed = len >= req.minLen2Typo ? 2 : len >= req.minLen1Typo ? 1 : 0;
    const qf = req.queryBy[i];
    return qf && qf.field.typos !== false ? Math.min(qf.numTypos, allowed) : 0;
  };

  const fields = req.queryBy.map((q) => q.field);
  const stored = !!c.tsvector && fields.length > 0 && fields.every((f) => f.weight);
  const labelOf = (i: number): WeightLabel => (stored ? fields[i].weight! : LABELS[Math.min(i, 3)]);
  const tsv = stored
    ? c.tsvector!
    : `(${fields.map((f, i) => `setweight(to_tsvector('simple', coalesce(${textOf(f)}, '')), '${labelOf(i)}')`).join(' || ') || `''::tsvector`})`;
  const uniq = (ls: string[]) => [...new Set(ls)].sort().join('');
  const weights: WeightPlan = {
    all: uniq(fields.map((_, i) => labelOf(i))),
    prefix: uniq(fields.flatMap((_, i) => (req.queryBy[i].prefix ? [labelOf(i)] : []))),
    exact: uniq(fields.flatMap((_, i) => (req.queryBy[i].prefix ? [] : [labelOf(i)]))),
    // A weight-restricted tsquery makes GIN recheck every candidate row against its tsvector; when
    // query_by covers every field of the tsvector (always so for one built inline) the restriction
    // changes nothing, so it is left out and the index answers alone.
    unrestricted: !stored || weightsCover(c, fields),
  };
  // ts_rank's weight array is ordered {D, C, B, A}.
  const rankWeights = [0, 0, 0, 0];
  fields.forEach((_, i) => {
    const slot = 3 - LABELS.indexOf(labelOf(i));
    rankWeights[slot] = Math.max(rankWeights[slot], POSITION_WEIGHT[Math.min(i, 3)]);
  });

  const common: string[] = [];
  if (filterSql) common.push(filterSql);
  const excl = exclusionTsquery(parsed, weights.unrestricted ? '' : weights.all);
  if (excl && fields.length > 0) common.push(`NOT coalesce(${tsv} @@ to_tsquery('simple', ${p.add(excl)}), false)`);
  const where = (extra: string[]) => {
    const all = [...extra, ...common];
    return all.length ? `WHERE ${all.join(' AND ')}` : '';
  };

  if (parsed.wildcard) {
    return { parsed, text: false, typosFor, exact: (select) => `SELECT ${select('0::int8')} ${base} ${where([])}` };
  }

  const tsq = `to_tsquery('simple', ${p.add(positiveTsquery(parsed, weights))})`;
  // The weights are numbers computed here, not input, so they are written into the statement.
  const exactRank = `(ts_rank('{${rankWeights.join(',')}}'::float4[], ${tsv}, ${tsq}) * 100000000)::int8`;
  const exactWhere = where([`${tsv} @@ ${tsq}`]);

  // Typo branch: each word matches exactly (as above) or, in a field that tolerates typos for a
  // word of its length, by trigram word similarity. Phrases must still match exactly.
  const fuzzyConds: string[] = [];
  const fuzzyScores: string[] = [];
  // Decided first, so that no parameter of an unused branch is bound.
  const anyTypos = parsed.words.some((word) => fields.some((_, fi) => typosFor(fi, word) > 0));
  if (anyTypos) parsed.words.forEach((word, wi) => {
    const last = wi === parsed.words.length - 1;
    const alternatives = [`${tsv} @@ to_tsquery('simple', ${p.add(wordTerm(word, weights, last))})`];
    const scores: string[] = [];
    fields.forEach((f, fi) => {
      const typos = typosFor(fi, word);
      if (typos === 0) return;
      // `<%` (word similarity above pg_trgm.word_similarity_threshold) can use the field's
      // trigram index; the threshold is the server's setting, 0.6 unless an operator changes it.
      const w = p.add(word);
      const text = `coalesce(${textOf(f)}, '')`;
      const sim = `word_similarity(${w}, ${text})`;
      alternatives.push(`${w} <% ${text}`);
      scores.push(`${sim} * ${POSITION_WEIGHT[Math.min(fi, 3)]}`);
    });
    fuzzyConds.push(`(${alternatives.join(' OR ')})`);
    if (scores.length) fuzzyScores.push(scores.length === 1 ? scores[0] : `greatest(${scores.join(', ')})`);
  });
  if (anyTypos) for (const ph of parsed.phrases) {
    fuzzyConds.push(`${tsv} @@ to_tsquery('simple', ${p.add(positiveTsquery({ wildcard: false, words: [], phrases: [ph], excluded: [] }, weights))})`);
  }
  const fuzzyRank = `((${fuzzyScores.join(' + ') || '0'}) * 1000000)::int8`;

  return {
    parsed,
    text: true,
    typosFor,
    exact: (select) => `SELECT ${select(exactRank)} ${base} ${exactWhere}`,
    fuzzy: anyTypos ? (select) => `SELECT ${select(fuzzyRank)} ${base} ${where(fuzzyConds)}` : undefined,
  };
}
