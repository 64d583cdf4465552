import type { SqlParams } from './sqlParams';
import { term } from './textQuery';
import type { WeightLabel } from './types';

/**
 * Typo correction of one query word (reference §1.3a): the indexed words within k optimal string
 * alignment edits (an adjacent transposition is one edit), or, for the last word, the words with a
 * prefix within k edits. Candidates come from a vocabulary (vocabulary.ts); the distance is then
 * computed exactly (search_typo_row, in the migration), so nothing within k edits is missed and
 * nothing farther is taken.
 *
 * Every candidate must pass two filters that any word within k edits passes, so they lose nothing:
 * - its length differs from the query word's by at most k (for a prefix: it is at most k shorter);
 * - it contains one of k+1 pieces of the query word, near the piece's place. The pieces are
 *   separated by single characters, so one edit (a transposition included) breaks at most one
 *   piece, k edits leave one whole, and edits before it shift it by at most k places.
 *   For one typo the word is rather cut in two halves with nothing between them: an edit breaks
 *   one half, except a transposition across the cut, and then the candidate (or its prefix) is
 *   the query word with that transposition. Longer pieces make the next filter usable sooner.
 * Pieces are also looked up through the vocabulary's indexes (by their place near the word's
 * start, or by trigrams: LIKE '%piece%'), which is what makes large vocabularies fast.
 */

/**
 * At most this many corrections per query word, closest first, then the most frequent (Typesense
 * keeps `max_candidates`, 4 by default; more are kept here so that the answer stays that of the
 * rules whenever fewer words are that close, which is the usual case).
 */
export const MAX_CORRECTIONS = 64;

/**
 * At most this many words of one field (of one label) pass the filters to have their distance computed. The
 * filters leave far fewer for words of 6 letters or more, and for any word in the vocabularies of
 * names and addresses; a short word with two typos in a vocabulary of codes (300,000 registration
 * marks) can pass many more, and then only the first this many in the index are checked, which
 * bounds the work of one query (the distance costs some 30 µs a word). Words of 6 characters or
 * more with one typo, or 11 or more with two, are looked up by trigram pieces and never capped.
 */
export const MAX_FILTERED_WORDS = 5000;

/**
 * Highest character offset at which the offset indexes find a piece of a query word: the word's
 * own index for offset 0 and `substr(word, n + 1)` for offsets 1 to this (used for
 * pieces too short for the trigram index, which is every one-typo correction of a word of 4 or 5
 * characters). Byte-wise operators, so `LIKE 'piece%'` is a range of the index whatever the
 * database's collation.
 */
export const MAX_INDEXED_OFFSET = 3;

/**
 * Characters at the start of each word that the head trigram indexes hold (migration 0035). A piece
 * that must end within them is looked up there: in the whole word, a common piece is found in
 * every long word (a domain's "example" in every e-mail address), and each is read and rechecked.
 */
export const TRIGRAM_HEAD = 16;

/** The word from character `offset` on, as the offset indexes hold it. */
export const wordFromSql = (alias: string, offset: number) => (offset === 0 ? `${alias}.word` : `substr(${alias}.word, ${offset + 1})`);

export interface Piece {
  /** 0-based character offset in the query word. */
  offset: number;
  text: string;
}

/** k+1 pieces of `chars` (its characters), as even as possible, one character between each. */
export function pieces(chars: string[], k: number): Piece[] {
  const total = chars.length - k;
  const out: Piece[] = [];
  let at = 0;
  for (let i = 0; i <= k; i++) {
    const len = Math.floor(total / (k + 1)) + (i < total % (k + 1) ? 1 : 0);
    out.push({ offset: at, text: chars.slice(at, at + len).join('') });
    at += len + 1;
  }
  return out.filter((x) => x.text.length > 0);
}

export interface PieceFilter {
  pieces: Piece[];
  /** The query word with the transposition across the cut of its halves (one typo only). */
  swapped?: string;
}

/** The pieces a candidate within k edits must hold one of (none: the filter lets all through). */
export function pieceFilter(chars: string[], k: number): PieceFilter {
  if (k === 1 && chars.length >= 2) {
    const a = chars.length >> 1;
    const swapped = [...chars.slice(0, a - 1), chars[a], chars[a - 1], ...chars.slice(a + 1)].join('');
    return { pieces: [{ offset: 0, text: chars.slice(0, a).join('') }, { offset: a, text: chars.slice(a).join('') }], swapped };
  }
  // An empty piece is always whole: then the pieces filter nothing.
  return { pieces: chars.length - k >= k + 1 ? pieces(chars, k) : [] };
}

/** The filter in JavaScript, as correctionsSql writes it in SQL (for tests). */
export function passesFilter(q: string, v: string, k: number, prefix: boolean): boolean {
  const { pieces: ps, swapped } = pieceFilter([...q], k);
  if (ps.length === 0) return true;
  const chars = [...v];
  if (swapped !== undefined && (prefix ? v.startsWith(swapped) : v === swapped)) return true;
  return ps.some((x) => {
    const from = Math.max(x.offset - k, 0);
    return chars.slice(from, from + [...x.text].length + 2 * k + Math.min(x.offset - k, 0)).join('').includes(x.text);
  });
}

export interface WordSource {
  /**
   * `SELECT word, docs, label …` of the indexed words of fields that treat the word alike: one scan
   * of the vocabulary serves all their labels, and each word's distance is computed once.
   */
  wordsSql: string;
  labels: WeightLabel[];
  /** Typos these fields allow for the word (1 or 2). */
  typos: number;
  /** The word is the query's last and these fields match it as a prefix. */
  prefix: boolean;
}

/**
 * A word's corrections: the statement reads each source's candidates within k edits with their
 * distances to each prefix (search_typo_row); `corrections` makes them the terms the match uses.
 * That last part is plain arithmetic on a few rows, done here: as SQL (unnest, generate_series and
 * three levels of grouping) it cost the planner a millisecond each time, more than most lookups.
 */
export function correctionsSql(word: string, sources: WordSource[], p: SqlParams): CorrectionsLookup {
  const chars = [...word];
  const L = chars.length;
  const q = p.add(word);
  const parts = sources.map((s, i) => {
    const k = s.typos;
    const { pieces: ps, swapped } = pieceFilter(chars, k);
    // The swapped word is matched with LIKE: letters and digits only, so no wildcard, and the
    // trigram index serves it too.
    const swappedLike = swapped === undefined || ps.length === 0 ? [] : [`w.word LIKE ${p.add(s.prefix ? `${swapped}%` : swapped)}`];
    // Where a piece may start in a candidate: edits before it shift it by at most k places.
    const starts = (x: Piece) => Array.from({ length: x.offset + k - Math.max(x.offset - k, 0) + 1 }, (_, i) => Math.max(x.offset - k, 0) + i);
    // Each piece is looked up through an index when it can be: where it lies near the word's start
    // (2 characters or more), at each place it may start, through the offset indexes; elsewhere
    // (3 or more) through the trigram index, anywhere in the word, and then its place is checked.
    // The place is far more selective: "ter" starts 3,036 supplier words, and is in 50 of them.
    const byOffset = (x: Piece) => [...x.text].length >= 2 && x.offset + k <= MAX_INDEXED_OFFSET;
    const byTrigram = (x: Piece) => !byOffset(x) && [...x.text].length >= 3;
    const indexed = ps.length > 0 && ps.every((x) => byOffset(x) || byTrigram(x));
    // A piece is at most k places after its own, so it ends within the word's first
    // offset + k + its length characters: within the head index's when that is short enough.
    const trigramOf = (x: Piece) => (x.offset + k + [...x.text].length <= TRIGRAM_HEAD ? `left(w.word, ${TRIGRAM_HEAD})` : 'w.word');
    const lookup = (x: Piece) =>
      byOffset(x) ? starts(x).map((o) => `${wordFromSql('w', o)} LIKE ${p.add(`${x.text}%`)}`).join(' OR ') : `${trigramOf(x)} LIKE ${p.add(`%${x.text}%`)}`;
    // Built only where used: every value added is a parameter of the statement.
    const placed = () => `(${[...ps.map((x) => `strpos(substr(w.word, ${starts(x)[0] + 1}, ${[...x.text].length + starts(x).length - 1}), ${p.add(x.text)}) > 0`), ...swappedLike].join(' OR ')})`;
    const trigram = indexed && ps.some(byTrigram);
    const filter = indexed ? [`(${[...ps.map(lookup), ...swappedLike].join(' OR ')})`, ...(trigram ? [placed()] : [])] : ps.length ? [placed()] : [];
    // With indexed pieces the length only filters (`+ 0` keeps the planner from intersecting the
    // pieces with the length index); without, the length index is read alone.
    const len = indexed ? 'length(w.word) + 0' : 'length(w.word)';
    const length = s.prefix ? `${len} >= ${L - k}` : `${len} BETWEEN ${L - k} AND ${L + k}`;
    const where = [length, ...filter].join(' AND ');
    // Trigram pieces are selective and their bitmap scan must not give way to a "fast start" scan
    // of the whole label, which a LIMIT invites: the cap applies without them only.
    const passed = `SELECT w.word, w.docs, w.label FROM (${s.wordsSql}) w WHERE ${where}${trigram ? '' : ` LIMIT ${MAX_FILTERED_WORDS * s.labels.length}`}`;
    // A word is one row whatever labels hold it. For a prefix only the first L+k characters
    // count: many words share them (e-mail addresses of one town, say), so the distance is
    // computed once per distinct beginning.
    const words = `SELECT ${s.prefix ? `left(p.word, ${L + k})` : 'p.word'} AS word, max(p.docs) AS docs, sum(p.docs) AS n, array_agg(DISTINCT p.label) AS labels FROM (${passed}) p GROUP BY 1`;
    // Within k edits (a transposition is one) means within 2k of Levenshtein's (where it is two),
    // which fuzzystrmatch computes in C: with two typos only the words that pass reach the exact
    // distance (2–3 times faster). With one, the pieces leave few words and it gained nothing.
    const levenshtein = (w: string) => `levenshtein_less_equal(${q}, ${w}, ${2 * k}) <= ${2 * k}`;
    const near =
      k < 2 ? '' : `WHERE ${s.prefix ? Array.from({ length: 2 * k + 1 }, (_, i) => L - k + i).filter((j) => j >= 1).map((j) => levenshtein(`left(w.word, ${j})`)).join(' OR ') : levenshtein('w.word')} `;
    const filtered = `SELECT w.word, w.docs, w.n, w.labels, search_typo_row(${q}, w.word, ${k}) AS r FROM (${words}) w ${near}OFFSET 0`;
    return `SELECT ${i} AS s, c.word, c.docs, c.n::float8 AS n, c.labels, c.r FROM (${filtered}) c WHERE c.r IS NOT NULL`;
  });
  return { text: parts.join(' UNION ALL '), corrections: (rows) => correctionsOf(L, sources, rows) };
}

/** A row of correctionsSql's statement: a candidate (for a prefix, its first L+k characters) of source `s`. */
export interface CandidateRow {
  s: number;
  word: string;
  /** The most documents one of its words is in, and the sum over them. */
  docs: number;
  n: number;
  labels: string[];
  /** Element j: the distance of the query word to the candidate's first j characters. */
  r: number[];
}

export interface CorrectionsLookup {
  text: string;
  corrections(rows: CandidateRow[]): Correction[];
}

/**
 * The corrections of a word of L characters from its candidates: a whole word within k edits, or
 * for a prefix, each prefix length within k of the word's, but a prefix is left out when a shorter
 * one of the same word is as close (its `:*` term covers it); the prefix's own distance ranks it.
 * One row per term and distance with all its labels (one tsquery term, one index lookup); the
 * closest first, then those whose words are in the most documents, then by term; at most
 * MAX_CORRECTIONS.
 */
export function correctionsOf(L: number, sources: WordSource[], rows: CandidateRow[]): Correction[] {
  /** Per term, pre and label: the least distance, the most documents of a word, the sum of counts. */
  const byLabel = new Map<string, { term: string; pre: boolean; label: string; dist: number; docs: number; n: number }>();
  const add = (term: string, pre: boolean, label: string, dist: number, docs: number, n: number) => {
    const key = `${pre ? 1 : 0}${label}${term}`;
    const had = byLabel.get(key);
    if (!had) return void byLabel.set(key, { term, pre, label, dist, docs, n });
    had.dist = Math.min(had.dist, dist);
    had.docs = Math.max(had.docs, docs);
    had.n += n;
  };
  for (const row of rows) {
    const { typos: k, prefix } = sources[row.s];
    const r = row.r.map(Number);
    const chars = [...row.word];
    const docs = Number(row.docs);
    const n = Number(row.n);
    if (!prefix) {
      const dist = r[chars.length];
      if (dist !== undefined && dist <= k) for (const label of row.labels) add(row.word, false, label, dist, docs, n);
      continue;
    }
    const from = Math.max(L - k, 1);
    let closest = Infinity;
    for (let j = from; j <= Math.min(L + k, chars.length); j++) {
      const dist = r[j];
      if (dist <= k && (j === from || dist < closest)) for (const label of row.labels) add(chars.slice(0, j).join(''), true, label, dist, docs, n);
      closest = Math.min(closest, dist);
    }
  }
  /** Per term, pre and distance: its labels, the most documents of a word, and the sum of counts. */
  const byDist = new Map<string, { c: Correction; labels: string[]; most: number }>();
  for (const x of byLabel.values()) {
    const key = `${x.pre ? 1 : 0}${x.dist}\u0000${x.term}`;
    const had = byDist.get(key);
    if (!had) byDist.set(key, { c: { term: x.term, pre: x.pre, label: '', dist: x.dist, docs: x.n }, labels: [x.label], most: x.docs });
    else {
      had.labels.push(x.label);
      had.most = Math.max(had.most, x.docs);
      had.c.docs += x.n;
    }
  }
  // Terms are letters and digits: code unit order is the byte order of the C collation.
  const byte = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byDist.values()]
    .sort((a, b) => a.c.dist - b.c.dist || b.most - a.most || byte(a.c.term, b.c.term))
    .slice(0, MAX_CORRECTIONS)
    .map((x) => ({ ...x.c, label: x.labels.sort().join('') }));
}

/** A correction of a query word (correctionsOf). */
export interface Correction {
  term: string;
  pre: boolean;
  label: string;
  dist: number;
  /**
   * At most this many documents hold the term: each word's count once per label it is in and per
   * word it begins (a prefix), so a document holding several is counted for each.
   */
  docs: number;
}

/** The word's exact tsquery text OR'ed with its corrections up to `maxDist` typos. */
export function wordTsquery(exact: string, corrections: Correction[], maxDist: number): string {
  const terms = corrections.filter((c) => Number(c.dist) <= maxDist).map((c) => term(c.term, c.label, c.pre));
  return terms.length ? `(${[exact, ...terms].join(' | ')})` : exact;
}
