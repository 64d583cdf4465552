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
  /**
   * What was decided for each lower-cased word already met in this field: a page's hits share many
   * words, and with typos each new word costs a distance to every query word.
   */
  seen?: Map<string, boolean>;
}

/**
 * Bounded optimal-string-alignment distances of `q` to the prefixes of `v` (an adjacent
 * transposition is one edit): element j is the distance to its first j characters, for j up to
 * q.length + k; null when every one exceeds k. One pass serves a whole word (element v.length) and
 * the last query word's prefix matching (any element), as search_typo_row does in SQL.
 */
export function typoRow(q: string, v: string, k: number): number[] | null {
  const m = Math.min(v.length, q.length + k);
  let prev2: number[] = [];
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= q.length; i++) {
    const cur = new Array<number>(m + 1);
    cur[0] = i;
    let best = i;
    for (let j = 1; j <= m; j++) {
      let x = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (q[i - 1] === v[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && q[i - 1] === v[j - 2] && q[i - 2] === v[j - 1] && prev2[j - 2] + 1 < x) x = prev2[j - 2] + 1;
      cur[j] = x;
      if (x < best) best = x;
    }
    if (best > k) return null;
    prev2 = prev;
    prev = cur;
  }
  return prev;
}

/** `word` is within `typos` edits of `q`, or with `prefix`, some prefix of it (its length within `typos` of q's) is. */
function withinTypos(word: string, q: string, typos: number, prefix: boolean): boolean {
  const near = Math.abs(word.length - q.length) <= typos;
  if (!near && !prefix) return false;
  const row = typoRow(q, word, typos);
  if (!row) return false;
  if (near && row[word.length] <= typos) return true;
  return prefix && row.some((d, j) => j >= Math.max(1, q.length - typos) && d <= typos);
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
  const known = hq.seen?.get(lw);
  if (known !== undefined) return known;
  const yes = q.some((x) => {
    if (lw === x.text) return true;
    if (x.last && hq.prefix && lw.startsWith(x.text)) return true;
    const typos = hq.typos(x.source);
    return typos > 0 && withinTypos(lw, x.text, typos, x.last && hq.prefix);
  });
  hq.seen?.set(lw, yes);
  return yes;
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
