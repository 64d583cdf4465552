import type { ParsedQuery } from './textQuery';

/**
 * Highlights (reference §2.2): for each query_by field with a match, the matched words and a
 * snippet with <mark> tags. Words are runs of letters and digits, as in the tsvector.
 */

const SNIPPET_THRESHOLD = 30;
const AFFIX_TOKENS = 4;
const WORD = /[\p{L}\p{N}]+/gu;

export interface HighlightQuery {
  words: string[];
  /** The last query word may match as a prefix in this field. */
  prefix: boolean;
  /** Typos tolerated per query word in this field (0 when the exact branch matched). */
  typos: (word: string) => number;
}

/** Damerau-Levenshtein (optimal string alignment) distance, bounded use only. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Some prefix of `word` (its length within `typos` of the query word's) is within `typos` edits of `q`. */
function prefixWithin(word: string, q: string, typos: number): boolean {
  for (let len = Math.max(1, q.length - typos); len <= Math.min(word.length, q.length + typos); len++) {
    if (editDistance(word.slice(0, len), q) <= typos) return true;
  }
  return false;
}

/** The query's words split the same way as document text, with the prefix flag on the very last. */
export function highlightWords(pq: ParsedQuery): { text: string; last: boolean; source: string }[] {
  const out: { text: string; last: boolean; source: string }[] = [];
  const free = pq.words.flatMap((w) => (w.match(WORD) ?? []).map((t) => ({ t: t.toLowerCase(), source: w })));
  free.forEach((x, i) => out.push({ text: x.t, last: i === free.length - 1, source: x.source }));
  for (const ph of pq.phrases) for (const w of ph) for (const t of w.match(WORD) ?? []) out.push({ text: t.toLowerCase(), last: false, source: w });
  return out;
}

function matches(word: string, q: ReturnType<typeof highlightWords>, hq: HighlightQuery): boolean {
  const lw = word.toLowerCase();
  return q.some((x) => {
    if (lw === x.text) return true;
    if (x.last && hq.prefix && lw.startsWith(x.text)) return true;
    const typos = hq.typos(x.source);
    if (typos > 0) {
      if (Math.abs(lw.length - x.text.length) <= typos && editDistance(lw, x.text) <= typos) return true;
      if (x.last && hq.prefix && prefixWithin(lw, x.text, typos)) return true;
    }
    return false;
  });
}

export interface StringHighlight {
  matched_tokens: string[];
  snippet: string;
}

/** Highlight of one string value, or null when nothing in it matched. */
export function highlightString(value: string, qwords: ReturnType<typeof highlightWords>, hq: HighlightQuery): StringHighlight | null {
  const matched: string[] = [];
  const marked = value.replace(WORD, (w) => {
    if (!matches(w, qwords, hq)) return w;
    matched.push(w);
    return `<mark>${w}</mark>`;
  });
  if (matched.length === 0) return null;
  const parts = marked.split(/\s+/);
  if (parts.length <= SNIPPET_THRESHOLD) return { matched_tokens: matched, snippet: marked };
  const first = parts.findIndex((x) => x.includes('<mark>'));
  const snippet = parts.slice(Math.max(0, first - AFFIX_TOKENS), first + AFFIX_TOKENS + 1).join(' ');
  return { matched_tokens: matched, snippet };
}
