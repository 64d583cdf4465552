import { compileFilter } from './filter';
import type { SearchRequest } from './params';
import { exclusionTsquery, MAX_TYPO_WORDS, parseQuery, positiveTsquery, wordTerm, type ParsedQuery, type WeightPlan } from './textQuery';
import { SqlParams } from './sqlParams';
import { correctionsSql, wordTsquery, type CandidateRow, type Correction, type WordSource } from './typos';
import type { CollectionDef, FieldDef, WeightLabel } from './types';
import { labelledWordsSql } from './vocabulary';

/**
 * Which documents match `q` and `filter_by`, as SQL. Text queries match through a tsvector
 * (weights restrict the match to the query_by fields; the last word may be a prefix). When too few
 * documents match exactly, Typesense retries with typos, then without the last words; the engine
 * asks for each such step (`req.level`) as a plan of its own, whose `exact` is that step's match.
 */
export interface MatchPlan {
  parsed: ParsedQuery;
  /** The match reads the collection's stored tsvector (not one built inline from the fields). */
  stored: boolean;
  /** The query's words as highlighting splits them; computed once per plan (engine.ts). */
  highlightWords?: { text: string; last: boolean; source: string }[];
  text: boolean;
  /** How the query_by fields' labels restrict a text match's words (absent on a wildcard). */
  weights?: WeightPlan;
  /** The exact match's rank as SQL over `tsv` (absent on a wildcard and on a typo step, which ranks by typos first). */
  rank?: string;
  /** Max typos per query_by field for a word of the given length. */
  typosFor(fieldIndex: number, word: string): number;
  /** Most typos any field allows any of the first `tokens` free words (0: escalation has nothing to try). */
  maxTypos(tokens: number): number;
  /**
   * Statements to run before the match (a typo step's corrections, one per word that may have
   * typos); their rows resolve the match's LateValue bind values.
   */
  lookups: Lookup[];
  /**
   * `SELECT <select(rank)> FROM source d WHERE …` of the match: exact, or for a plan of an
   * escalation step (`req.level`), that step's.
   */
  exact(select: (rank: string) => string): string;
}

/** A statement whose rows, made corrections, some of the match's bind values depend on. */
export interface Lookup {
  text: string;
  values: unknown[];
  corrections(rows: CandidateRow[]): Correction[];
}

/** A bind value known once the plan's lookups have run (the engine resolves it before the match runs). */
export class LateValue {
  constructor(readonly resolve: (found: Correction[][]) => string) {}
}

/** Highest sum of typos over a query's words (2 for each word that may have typos). */
const MAX_TYPO_RANK = 2 * MAX_TYPO_WORDS;

const LABELS: WeightLabel[] = ['A', 'B', 'C', 'D'];
/** Relative weight of the 1st, 2nd, 3rd, 4th+ query_by field: earlier fields rank higher. */
const POSITION_WEIGHT = [1, 0.6, 0.4, 0.2];

export const textOf = (f: FieldDef) => f.searchSql ?? (f.type === 'string[]' ? `array_to_string(${f.sql}, ' ')` : f.sql);
const SINGLE_LEXEME = /^[\p{L}\p{N}]+$/u;
const wordLength = (w: string) => (w.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** True when `fields` hold every weight label of the collection's stored tsvector. */
function weightsCover(c: CollectionDef, fields: FieldDef[]): boolean {
  const inTsv = new Set(c.fields.filter((f) => f.weight).map((f) => f.weight));
  const asked = new Set(fields.map((f) => f.weight));
  return [...inTsv].every((l) => asked.has(l));
}

export function planMatch(c: CollectionDef, req: SearchRequest, p: SqlParams): MatchPlan {
  const query = parseQuery(req.q);
  // A step that dropped words searches the first `tokens` free words (phrases and exclusions stay).
  const parsed = req.level ? { ...query, words: query.words.slice(0, req.level.tokens) } : query;
  const filterSql = compileFilter(c, req.filterBy, p);
  const base = `FROM ${c.source} d`;
  // Typos are tried for the first MAX_TYPO_WORDS words of the query only, and only for words that
  // are one lexeme (letters and digits): corrections are looked up among the indexed lexemes.
  const typoWords = new Set(query.words.slice(0, MAX_TYPO_WORDS).filter((w) => SINGLE_LEXEME.test(w)));
  const allowedTypos = (i: number, word: string) => {
    if (!typoWords.has(word)) return 0;
    const len = wordLength(word);
    const allowed = len >= req.minLen2Typo ? 2 : len >= req.minLen1Typo ? 1 : 0;
    const qf = req.queryBy[i];
    return qf && qf.field.typos !== false ? Math.min(qf.numTypos, allowed) : 0;
  };
  const typosFor = (i: number, word: string) => Math.min(allowedTypos(i, word), req.level?.typos ?? 2);
  const maxTypos = (tokens: number) => Math.max(0, ...query.words.slice(0, tokens).flatMap((w) => req.queryBy.map((_, i) => allowedTypos(i, w))));

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
    return { parsed, stored, text: false, typosFor, maxTypos, lookups: [], exact: (select) => `SELECT ${select('0::int8')} ${base} ${where([])}` };
  }

  const tsq = `to_tsquery('simple', ${p.add(positiveTsquery(parsed, weights))})`;
  // The weights are numbers computed here, not input, so they are written into the statement.
  const exactRank = `(ts_rank('{${rankWeights.join(',')}}'::float4[], ${tsv}, ${tsq}) * 100000000)::int8`;
  const exactWhere = where([`${tsv} @@ ${tsq}`]);

  // A step of typo escalation (reference §1.3a): each word matches exactly or, in a field that
  // tolerates typos for a word of its length, one of its corrections (typos.ts); phrases exactly.
  const typoLevel = req.level && req.level.typos > 0;
  const lookups: Lookup[] = [];
  const levelBranch = typoLevel ? typoBranch() : undefined;

  function typoBranch(): (select: (rank: string) => string) => string {
    // Each word's tsquery: its exact term, or with corrections, a value bound once they are known.
    const terms: (string | ((found: Correction[][]) => string))[] = [];
    const typoCounts: string[] = [];
    parsed.words.forEach((word, wi) => {
      const last = wi === parsed.words.length - 1;
      const exact = wordTerm(word, weights, last);
      // The fields that allow typos, grouped by how they treat the word: one vocabulary scan each.
      const groups = new Map<string, { typos: number; prefix: boolean; fields: { field: FieldDef; label: WeightLabel }[] }>();
      fields.forEach((field, fi) => {
        const typos = typosFor(fi, word);
        if (typos === 0) return;
        const prefix = last && req.queryBy[fi].prefix;
        const key = `${typos}:${prefix}`;
        if (!groups.has(key)) groups.set(key, { typos, prefix, fields: [] });
        groups.get(key)!.fields.push({ field, label: labelOf(fi) });
      });
      const sources: WordSource[] = [...groups.values()].map((g) => ({
        wordsSql: labelledWordsSql(c, g.fields, stored),
        labels: [...new Set(g.fields.map((x) => x.label))],
        typos: g.typos,
        prefix: g.prefix,
      }));
      if (sources.length === 0) return void terms.push(exact);
      const i = lookups.length;
      const own = new SqlParams();
      lookups.push({ ...correctionsSql(word.toLowerCase(), sources, own), values: own.values });
      terms.push((found) => wordTsquery(exact, found[i], 2));
      // Typos of this word in a document: 0 when it holds the word itself, else its nearest correction's.
      const k = Math.max(...sources.map((x) => x.typos));
      const exactQ = `to_tsquery('simple', ${p.add(exact)})`;
      typoCounts.push(
        k === 1
          ? `CASE WHEN ${tsv} @@ ${exactQ} THEN 0 ELSE 1 END`
          : `CASE WHEN ${tsv} @@ ${exactQ} THEN 0 WHEN ${tsv} @@ to_tsquery('simple', ${p.add(new LateValue((found) => wordTsquery(exact, found[i], 1)))}) THEN 1 ELSE 2 END`,
      );
    });
    for (const ph of parsed.phrases) terms.push(positiveTsquery({ wildcard: false, words: [], phrases: [ph], excluded: [] }, weights));
    // The step's whole tsquery is one value, so the planner sees it as it sees an exact search's.
    const q = `to_tsquery('simple', ${p.add(new LateValue((found) => terms.map((t) => (typeof t === 'string' ? t : t(found))).join(' & ')))})`;
    // Fewer typos first; ts_rank (below 1) orders documents with as many typos.
    const rank = `((${MAX_TYPO_RANK} - (${typoCounts.join(' + ') || '0'}))::int8 * 1000000000 + least(ts_rank('{${rankWeights.join(',')}}'::float4[], ${tsv}, ${q}), 0.99) * 100000000)::int8`;
    return (select) => `SELECT ${select(rank)} ${base} ${where([`${tsv} @@ ${q}`])}`;
  }

  return {
    parsed,
    stored,
    text: true,
    weights,
    rank: levelBranch ? undefined : exactRank,
    typosFor,
    maxTypos,
    lookups,
    exact: levelBranch ?? ((select) => `SELECT ${select(exactRank)} ${base} ${exactWhere}`),
  };
}
