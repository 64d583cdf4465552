/**
 * The `q` parameter (reference §1.3): words, "quoted phrases" and -exclusions, turned into
 * PostgreSQL tsquery text. The text is bound as a parameter of to_tsquery('simple', $n); each
 * lexeme is single-quoted here so that no character of the query acts as tsquery syntax.
 */

export interface ParsedQuery {
  wildcard: boolean;
  /** Positive free words, in order; the last one may match as a prefix. */
  words: string[];
  phrases: string[][];
  excluded: string[][];
}

const hasWordChars = (s: string) => /[\p{L}\p{N}]/u.test(s);

/**
 * Bounds on the work one query may cause. Typesense cuts tokens at 100 characters and limits
 * typo tolerance in long queries; a query of more words than MAX_QUERY_WORDS is refused (400)
 * rather than silently shortened, and typos are tried for the first MAX_TYPO_WORDS words only
 * (the others must match exactly), so the typo statement stays small whatever the query.
 */
export const MAX_TOKEN_CHARS = 100;
export const MAX_QUERY_WORDS = 64;
export const MAX_TYPO_WORDS = 10;
const cut = (token: string) => [...token].slice(0, MAX_TOKEN_CHARS).join('');

export function parseQuery(q: string): ParsedQuery {
  const words: string[] = [];
  const phrases: string[][] = [];
  const excluded: string[][] = [];
  if (q.trim() === '*') return { wildcard: true, words, phrases, excluded };
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(q); m; m = re.exec(q)) {
    if (m[3] !== undefined) {
      const tok = m[3];
      if (tok.startsWith('-') && tok.length > 1) {
        if (hasWordChars(tok.slice(1))) excluded.push([cut(tok.slice(1))]);
      } else if (hasWordChars(tok)) words.push(cut(tok));
    } else {
      const parts = m[2].split(/\s+/).filter(hasWordChars).map(cut);
      if (parts.length === 0) continue;
      if (m[1]) excluded.push(parts);
      else phrases.push(parts);
    }
  }
  // An empty query, or one with only exclusions, is a wildcard (reference §1.3).
  return { wildcard: words.length === 0 && phrases.length === 0, words, phrases, excluded };
}

/** A quoted tsquery lexeme with optional prefix marker and weight restriction. */
export function term(word: string, weights = '', prefix = false): string {
  const quoted = `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return prefix || weights ? `${quoted}:${prefix ? '*' : ''}${weights}` : quoted;
}

/** The words of a filter value, all required, the last as a prefix (filter `f:Acm*`). */
export function prefixTsquery(text: string): string {
  const words = text.split(/\s+/).filter(hasWordChars);
  if (words.length === 0) return term(text, '', true);
  return words.map((w, i) => term(w, '', i === words.length - 1)).join(' & ');
}

export interface WeightPlan {
  /** Labels of all query_by fields. */
  all: string;
  /** Labels of query_by fields whose `prefix` is true. */
  prefix: string;
  /** Labels of the others. */
  exact: string;
  /** query_by covers the whole stored tsvector: terms need no weight restriction. */
  unrestricted?: boolean;
}

/** One word restricted to the query_by fields, matched as a prefix in the fields that allow it. */
export function wordTerm(word: string, w: WeightPlan, last: boolean): string {
  const all = w.unrestricted ? '' : w.all;
  if (!last || w.prefix === '') return term(word, all);
  if (w.exact === '') return term(word, all, true);
  return `(${term(word, w.prefix, true)} | ${term(word, w.exact)})`;
}

const phraseTerm = (words: string[], weights: string) =>
  words.length === 1 ? term(words[0], weights) : `(${words.map((x) => term(x, weights)).join(' <-> ')})`;

/** Every word and phrase must match somewhere in the query_by fields. */
export function positiveTsquery(pq: ParsedQuery, w: WeightPlan): string {
  const parts = pq.words.map((word, i) => wordTerm(word, w, i === pq.words.length - 1));
  for (const ph of pq.phrases) parts.push(phraseTerm(ph, w.unrestricted ? '' : w.all));
  return parts.join(' & ');
}

/** Any excluded word or phrase in the query_by fields removes the document. */
export function exclusionTsquery(pq: ParsedQuery, weights: string): string | null {
  if (pq.excluded.length === 0) return null;
  return pq.excluded.map((ph) => phraseTerm(ph, weights)).join(' | ');
}
