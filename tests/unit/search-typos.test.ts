import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escalate, MAX_DROPPED_WORDS, MAX_STEPS, type Step } from '../../server/search/escalation';
import { typoRow } from '../../server/search/highlight';
import { editDistance } from '../support/editDistance';
import type { MatchPlan } from '../../server/search/match';
import { readSearchRequest, type TypoLevel } from '../../server/search/params';
import { suppliers } from '../../server/search/productCollections';
import { correctionsOf, passesFilter, pieceFilter, pieces, type CandidateRow, type WordSource } from '../../server/search/typos';
import { vocabularyDdl, vocabularyHeadTrigramDdl, vocabularyOffsetDdl, vocabularyTrigramDdl } from '../../server/search/vocabulary';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    // The high bits: the low bits of this generator repeat with short periods.
    return Math.floor((s / 2 ** 32) * n);
  };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `word` with `k` random edits: substitution, insertion, deletion or adjacent transposition. */
function edit(word: string, k: number, r: (n: number) => number): string {
  let w = [...word];
  for (let i = 0; i < k; i++) {
    const at = r(w.length + 1);
    const c = ALPHABET[r(ALPHABET.length)];
    switch (r(4)) {
      case 0:
        if (at < w.length) w[at] = c;
        break;
      case 1:
        w.splice(at, 0, c);
        break;
      case 2:
        if (w.length > 1 && at < w.length) w.splice(at, 1);
        break;
      default:
        if (at + 1 < w.length) w = [...w.slice(0, at), w[at + 1], w[at], ...w.slice(at + 2)];
    }
  }
  return w.join('');
}

describe('candidate pieces', () => {
  it('splits a word into halves for one typo, and into k+1 pieces with one character between them otherwise', () => {
    expect(pieceFilter([...'brstol'], 1)).toEqual({
      pieces: [
        { offset: 0, text: 'brs' },
        { offset: 3, text: 'tol' },
      ],
      swapped: 'brtsol',
    });
    expect(pieces([...'manchestr'], 1)).toEqual([
      { offset: 0, text: 'manc' },
      { offset: 5, text: 'estr' },
    ]);
    expect(pieces([...'edinburgh'], 2)).toEqual([
      { offset: 0, text: 'edi' },
      { offset: 4, text: 'bu' },
      { offset: 7, text: 'gh' },
    ]);
  });

  it('filters out most words farther away', () => {
    expect(passesFilter('brstol', 'bristol', 1, false)).toBe(true);
    expect(passesFilter('brstol', 'brtsol', 1, false)).toBe(true);
    expect(passesFilter('brstol', 'cardiff', 1, false)).toBe(false);
    expect(passesFilter('brstol', 'xxxxbrs', 1, false)).toBe(false);
  });

  it('never filters out a word within k edits, nor a word with a prefix within k edits', () => {
    const r = random(42);
    let checked = 0;
    for (let n = 0; n < 20_000; n++) {
      const len = 4 + r(9);
      const q = Array.from({ length: len }, () => ALPHABET[r(ALPHABET.length)]).join('');
      const k = 1 + r(2);
      const v = edit(q, r(k + 1), r);
      const d = editDistance(v, q);
      if (d > k) continue;
      checked++;
      expect(passesFilter(q, v, k, false), `${q} ${v} k=${k}`).toBe(true);
      // As the last query word: any continuation of a word within k edits.
      expect(passesFilter(q, v + edit('tail', 2, r), k, true), `${q} ${v}… k=${k}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe('typo distances of highlighting', () => {
  it('are the distances to each prefix, up to q.length + k, or null when all exceed k', () => {
    const r = random(11);
    for (let n = 0; n < 5_000; n++) {
      const q = Array.from({ length: 1 + r(9) }, () => ALPHABET[r(ALPHABET.length)]).join('');
      const v = edit(q, r(4), r) + (r(2) ? edit('tail', 1, r) : '');
      const k = 1 + r(2);
      const want = Array.from({ length: Math.min(v.length, q.length + k) + 1 }, (_, j) => editDistance(q, v.slice(0, j)));
      const row = typoRow(q, v, k);
      if (want.every((d) => d > k)) expect(row, `${q} ${v} k=${k}`).toBeNull();
      else expect(row, `${q} ${v} k=${k}`).toEqual(want);
    }
  });
});

describe('corrections from candidates', () => {
  const source = (typos: number, prefix: boolean, labels: ('A' | 'B')[]): WordSource => ({ wordsSql: '', labels, typos, prefix });
  /** Candidate rows as the statement gives them: those with a prefix within k edits. */
  const rows = (q: string, k: number, xs: [s: number, word: string, docs: number, n: number, labels: string[]][]): CandidateRow[] =>
    xs.flatMap(([s, word, docs, n, labels]) => {
      const r = typoRow(q, word, k);
      return r ? [{ s, word, docs, n, labels, r }] : [];
    });

  it('takes a whole word within k edits in each of its labels, with the labels of a term together', () => {
    const got = correctionsOf(6, [source(1, false, ['A', 'B'])], rows('lodnon', 1, [[0, 'london', 30, 40, ['B', 'A']], [0, 'lodnonxx', 5, 5, ['A']]]));
    expect(got).toEqual([{ term: 'london', pre: false, label: 'AB', dist: 1, docs: 80 }]);
  });

  it('takes a prefix unless a shorter one is as close, closest first, then the commonest, then by term', () => {
    const got = correctionsOf(5, [source(1, true, ['A'])], rows('londo', 1, [[0, 'london', 9, 12, ['A']], [0, 'lundo', 50, 50, ['A']], [0, 'landi', 50, 50, ['A']]]));
    expect(got).toEqual([
      { term: 'londo', pre: true, label: 'A', dist: 0, docs: 12 },
      { term: 'lundo', pre: true, label: 'A', dist: 1, docs: 50 },
      { term: 'lond', pre: true, label: 'A', dist: 1, docs: 12 },
    ]);
  });

  it("reads each source's candidates with its own typos and prefix", () => {
    const got = correctionsOf(5, [source(2, false, ['A']), source(1, true, ['B'])], [...rows('leeds', 2, [[0, 'lees', 3, 3, ['A']]]), ...rows('leeds', 1, [[1, 'lees', 4, 4, ['B']]])]);
    expect(got).toEqual([
      { term: 'lees', pre: true, label: 'B', dist: 1, docs: 4 },
      { term: 'lees', pre: false, label: 'A', dist: 1, docs: 3 },
    ]);
  });
});

describe('edit distance', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('mancehster', 'manchester')).toBe(1);
    expect(editDistance('edinbrugh', 'edinburgh')).toBe(1);
    expect(editDistance('brstol', 'bristol')).toBe(1);
    expect(editDistance('mnachestre', 'manchester')).toBe(2);
    expect(editDistance('leds', 'leeds')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
  });
});

describe('typo parameters', () => {
  const read = (p: Record<string, string>) => readSearchRequest(suppliers, { q: 'x', query_by: 'name', ...p });
  it('defaults both thresholds to 1 and reads unsigned integers', () => {
    expect(read({})).toMatchObject({ typoTokensThreshold: 1, dropTokensThreshold: 1 });
    expect(read({ typo_tokens_threshold: '0', drop_tokens_threshold: '25' })).toMatchObject({ typoTokensThreshold: 0, dropTokensThreshold: 25 });
  });
  it('refuses anything else with the message of the other integer parameters', () => {
    for (const name of ['typo_tokens_threshold', 'drop_tokens_threshold']) {
      for (const bad of ['-1', '1.5', 'two', '4294967296']) expect(() => read({ [name]: bad })).toThrow(`Parameter \`${name}\` must be an unsigned integer.`);
    }
  });
  it('never takes an escalation step from the request', () => {
    expect(read({ typoLevel: '1:2', level: '1' }).level).toBeUndefined();
  });
});

describe('escalation', () => {
  /** Runs escalate() over a plan of `words` words allowing `typos` per word, with found per step. */
  async function steps(words: number, typos: number[], found: (l: TypoLevel) => number, thresholds = { typo: 1, drop: 1 }) {
    const plan = { text: true, parsed: { words: Array(words).fill('w') }, maxTypos: (t: number) => typos[t - 1] ?? 0 } as unknown as MatchPlan;
    const req = { typoTokensThreshold: thresholds.typo, dropTokensThreshold: thresholds.drop } as never;
    const seen: string[] = [];
    const step = (l: TypoLevel): Step => ({ rows: [{ found: found(l) }], plan, typos: l.typos });
    const last = await escalate(req, step({ tokens: words, typos: 0 }), async (l) => {
      seen.push(`${l.tokens}:${l.typos}`);
      return step(l);
    });
    return { seen, last: Number(last.rows[0].found) };
  }

  it('stops at the exact match when it finds anything', async () => {
    expect(await steps(2, [2, 2], () => 3)).toEqual({ seen: [], last: 3 });
  });
  it('tries one typo, then two, then drops the last word and starts again from exact', async () => {
    expect(await steps(2, [1, 2], (l) => (l.tokens === 1 && l.typos === 1 ? 5 : 0))).toEqual({ seen: ['2:1', '2:2', '1:0', '1:1'], last: 5 });
  });
  it('never drops the last word, and tries no typos a word does not allow', async () => {
    expect(await steps(2, [0, 0], () => 0)).toEqual({ seen: ['1:0'], last: 0 });
  });
  it('honours the thresholds', async () => {
    expect(await steps(2, [1, 1], () => 3, { typo: 5, drop: 1 })).toEqual({ seen: ['2:1'], last: 3 });
    expect(await steps(2, [1, 1], () => 3, { typo: 1, drop: 5 })).toEqual({ seen: ['1:0'], last: 3 });
    expect(await steps(2, [2, 2], () => 0, { typo: 0, drop: 0 })).toEqual({ seen: [], last: 0 });
  });
  it('drops a bounded number of words and runs a bounded number of steps', async () => {
    expect((await steps(40, Array(40).fill(0), () => 0)).seen).toHaveLength(MAX_DROPPED_WORDS);
    expect((await steps(40, Array(40).fill(2), () => 0)).seen).toHaveLength(MAX_STEPS);
  });
  it('runs every step of a four-word query', async () => {
    expect((await steps(4, [2, 2, 2, 2], () => 0)).seen).toEqual(['4:1', '4:2', '3:0', '3:1', '3:2', '2:0', '2:1', '2:2', '1:0', '1:1', '1:2']);
  });
});

describe('vocabulary migrations', () => {
  const statementsOf = (suffix: string) => {
    const dir = new URL('../../server/db/migrations/', import.meta.url);
    const file = fs.readdirSync(dir).find((f) => f.endsWith(suffix))!;
    return fs
      .readFileSync(new URL(file, dir), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--[^\n]*\n/, '').trim());
  };
  it('hold the output of vocabularyDdl()', () => {
    expect(statementsOf('_search_vocabulary.sql')).toEqual(vocabularyDdl().map((s) => s.trim()));
  });
  it('hold the output of vocabularyOffsetDdl()', () => {
    expect(statementsOf('_search_vocabulary_offsets.sql')).toEqual(vocabularyOffsetDdl());
  });
  it('hold the output of vocabularyTrigramDdl()', () => {
    expect(statementsOf('_search_vocabulary_trigrams.sql')).toEqual(vocabularyTrigramDdl());
  });
  it('hold the output of vocabularyHeadTrigramDdl()', () => {
    expect(statementsOf('_search_vocabulary_head_trigrams.sql')).toEqual(vocabularyHeadTrigramDdl());
  });
});
