import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from '../../server/search/engine';
import { withLevel } from '../../server/search/params';
import { suppliers } from '../../server/search/productCollections';
import type { CandidateRow } from '../../server/search/typos';
import { createTestApp, type TestApp } from '../support/app';
import { createTestDatabase } from '../support/db';
import { editDistance } from '../support/editDistance';
import { signInWithKey, type SignedIn } from './searchFixture';

/**
 * Typesense's typo rules (reference §1.3a) over the suppliers of the small demo network: every
 * query's hits are compared with a plain reference implementation of the rules over all rows,
 * whose words are the rows' lexemes as PostgreSQL's 'simple' configuration makes them.
 */

let t: TestApp;
let s: SignedIn;
/** Per supplier id: per searchable field, its lexemes. */
let docs: Map<string, Map<string, string[]>>;

const FIELDS = suppliers.fields.filter((f) => f.search);

beforeAll(async () => {
  t = await createTestApp({}, { testDb: await createTestDatabase({ demo: true }) });
  s = await signInWithKey(t, 'search-typos@test.example', 'SUPER_ADMIN', []);
  docs = new Map();
  for (const f of FIELDS) {
    const rows = await t.services.database.query<{ id: string; words: string[] }>(
      `SELECT d.id::text AS id, tsvector_to_array(to_tsvector('simple', coalesce(${f.searchSql ?? f.sql}, ''))) AS words FROM suppliers d`,
    );
    for (const r of rows) {
      if (!docs.has(r.id)) docs.set(r.id, new Map());
      docs.get(r.id)!.set(f.name, r.words);
    }
  }
});
afterAll(() => t.close());

type Params = Record<string, string>;

async function search(params: Params) {
  const qs = new URLSearchParams({ per_page: '250', ...params }).toString();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/search/collections/suppliers/documents/search?${qs}`, headers: { 'x-typesense-api-key': s.key } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { found: number; hits: { document: { id: string }; highlight: Record<string, { matched_tokens: string[] }> }[] };
}

const answers = new Map<string, { ids: Set<string>; typos: Map<string, number> }>();
const reference = (params: Params) => {
  const key = JSON.stringify(params);
  if (!answers.has(key)) answers.set(key, rules(params));
  return answers.get(key)!;
};

/** The rules, written out plainly. */
function rules(params: Params): { ids: Set<string>; typos: Map<string, number> } {
  const words = params.q.split(/\s+/).filter(Boolean).map((w) => w.toLowerCase());
  const names = params.query_by.split(',');
  const list = (v: string | undefined, def: string) => names.map((_, i) => (v === undefined ? def : (v.split(',')[i] ?? v.split(',')[0])));
  const numTypos = list(params.num_typos, '2').map((x) => Math.min(2, Number(x)));
  const prefix = list(params.prefix, 'true').map((x) => x === 'true');
  const min1 = Number(params.min_len_1typo ?? 4);
  const min2 = Number(params.min_len_2typo ?? 7);
  const typoThreshold = Number(params.typo_tokens_threshold ?? 1);
  const dropThreshold = Number(params.drop_tokens_threshold ?? 1);
  const allowed = (word: string, fi: number) => {
    if (FIELDS.find((f) => f.name === names[fi])!.typos === false) return 0;
    const len = [...word].length;
    return Math.min(numTypos[fi], len >= min2 ? 2 : len >= min1 ? 1 : 0);
  };
  // Fewest typos by which an indexed word matches the query word (Infinity: none within k).
  const distance = (indexed: string, word: string, k: number, asPrefix: boolean) => {
    if (!asPrefix) return editDistance(indexed, word) <= k ? editDistance(indexed, word) : Infinity;
    if (indexed.startsWith(word)) return 0;
    let best = Infinity;
    for (let len = Math.max(1, word.length - k); len <= Math.min(indexed.length, word.length + k); len++) best = Math.min(best, editDistance(indexed.slice(0, len), word));
    return best <= k ? best : Infinity;
  };
  const run = (kept: string[], k: number) => {
    const typos = new Map<string, number>();
    for (const [id, fields] of docs) {
      let total = 0;
      const ok = kept.every((word, wi) => {
        let best = Infinity;
        names.forEach((name, fi) => {
          const kk = Math.min(k, allowed(word, fi));
          for (const indexed of fields.get(name) ?? []) best = Math.min(best, distance(indexed, word, kk, wi === kept.length - 1 && prefix[fi]));
        });
        total += best;
        return best !== Infinity;
      });
      if (ok) typos.set(id, total);
    }
    return typos;
  };
  let tokens = words.length;
  let k = 0;
  let found = run(words, 0);
  for (;;) {
    const most = Math.max(0, ...words.slice(0, tokens).flatMap((w) => names.map((_, fi) => allowed(w, fi))));
    while (found.size < typoThreshold && k < most) found = run(words.slice(0, tokens), ++k);
    if (found.size >= dropThreshold || tokens <= 1) break;
    tokens--;
    k = 0;
    found = run(words.slice(0, tokens), 0);
  }
  return { ids: new Set(found.keys()), typos: found };
}

const NAME = { query_by: 'name' };
const ALL = { query_by: 'name,address,supplierId,email' };

/** [q, extra parameters, what the case is about]. */
const CASES: [string, Params, string][] = [
  ['Manchester', ALL, 'exact word'],
  ['Manchestr', ALL, 'deletion in a long word, last token as prefix'],
  ['Mancehster', ALL, 'transposition is one typo'],
  ['Mnachester', NAME, 'transposition near the start'],
  ['Manchesster', ALL, 'insertion'],
  ['Manchaster', ALL, 'substitution'],
  ['Mancester', { ...NAME, prefix: 'false' }, 'deletion without prefix'],
  ['Mnachestre', ALL, 'two transpositions in a word of 10'],
  ['Mnchestr', ALL, 'two deletions in a word of 8'],
  ['Edinbrugh', ALL, 'transposition in the middle'],
  ['Edinburh', ALL, 'deletion of the second to last letter'],
  ['Brstol', ALL, 'deletion in a 6-letter word: one typo allowed'],
  ['Brsitl', ALL, 'two typos in a 6-letter word: not allowed'],
  ['Bristl', NAME, 'deletion, names that start with the word'],
  ['Leds', ALL, 'a 4-letter word: one typo'],
  ['Lee', ALL, 'a 3-letter word: prefix only, no typos'],
  ['Lids', { ...ALL, prefix: 'false' }, 'a 4-letter substitution, whole words only'],
  ['Yrok', ALL, 'transposition in a 4-letter word'],
  ['Hlul', ALL, 'transposition at the start of a 4-letter word'],
  ['Xork', ALL, 'substitution of the first letter of a 4-letter word'],
  ['Dreby', ALL, 'transposition after the first letter of a 5-letter word'],
  ['Drby', ALL, 'deletion in the first half of a 4-letter word: the second half comes earlier'],
  ['Yoork', ALL, 'insertion in the first half of a 5-letter word: the second half comes later'],
  ['Hul', ALL, 'short word below min_len_1typo'],
  ['Souhtampton', ALL, 'transposition in a long word'],
  ['Southampton Zzqx', ALL, 'unmatched last word is dropped'],
  ['Southampton Qqqq Zzzz', ALL, 'two unmatched words dropped'],
  ['Zzqx Southampton', ALL, 'unmatched first word: dropping from the right finds nothing'],
  ['Southampton Zzqx', { ...ALL, drop_tokens_threshold: '0' }, 'no dropping with drop_tokens_threshold=0'],
  ['Mancehster Zzqx', ALL, 'dropped word and a typo in the remaining one'],
  ['Greater Manchestr', ALL, 'typo in the last token with a prefix'],
  ['Greatr Manchester', ALL, 'typo in the first token'],
  ['Gretaer Mancehster', ALL, 'typos in both tokens'],
  ['Manchester Greatr', ALL, 'typo in the last word, not a prefix of anything exact'],
  ['Sheffeld', { ...ALL, num_typos: '0' }, 'num_typos=0: none'],
  ['Sheffeld', { ...ALL, num_typos: '1' }, 'num_typos=1'],
  ['Shefeeld', { ...ALL, num_typos: '1' }, 'num_typos=1 with two typos'],
  ['Shefeeld', ALL, 'two typos allowed in an 8-letter word'],
  ['Sheffeld', { ...ALL, num_typos: '2,0,0,0' }, 'num_typos per field'],
  ['Sheffeld', { ...ALL, min_len_1typo: '9' }, 'min_len_1typo above the word length'],
  ['Shefeeld', { ...ALL, min_len_2typo: '9' }, 'min_len_2typo above the word length'],
  ['Manch', { ...ALL, prefix: 'false' }, 'prefix=false: a partial word is not a word'],
  ['Mancj', ALL, 'prefix of the last token with a typo'],
  ['Mnach', NAME, 'prefix with a transposition'],
  ['Birmingam', ALL, 'deletion, 9 letters'],
  ['Birmingham', { ...ALL, typo_tokens_threshold: '100000' }, 'typo_tokens_threshold above the exact matches: corrections added'],
  ['Leeds', { ...ALL, typo_tokens_threshold: '100000' }, 'more typos when the exact matches are few'],
  ['Leeds Zzqx', { ...ALL, drop_tokens_threshold: '100000' }, 'drop_tokens_threshold high'],
  ['Notingham', { ...ALL, typo_tokens_threshold: '0' }, 'typo_tokens_threshold=0: no typos'],
  ['Nottngham Zzqx', ALL, 'drop then correct'],
  ['Liverpol', ALL, 'deletion, 8 letters'],
  ['Cardif', ALL, 'deletion, 6 letters, as prefix'],
  ['Cardfif', { ...ALL, prefix: 'false' }, 'substitution, 7 letters, whole word'],
  ['Portsmuoth', NAME, 'transposition, name only'],
  ['Bookings', { query_by: 'email' }, 'email field: whole addresses are its words'],
  ['Manchestr', { query_by: 'email' }, 'email field: a piece past the offset indexes, at the start of a long word'],
  ['Sheffeild', { query_by: 'email' }, 'email field: a piece in the middle of a long word is not at its place'],
];

describe('typo tolerance and word dropping, against a reference implementation', () => {
  it.each(CASES)('%s %j: %s', async (q, extra) => {
    const params = { q, ...extra };
    const want = reference(params);
    const got: string[] = [];
    let body = await search(params);
    expect(body.found).toBe(want.ids.size);
    for (let page = 2; got.push(...body.hits.map((h) => h.document.id)) < body.found; page++) body = await search({ ...params, page: String(page) });
    expect(new Set(got)).toEqual(want.ids);
    expect(got).toHaveLength(want.ids.size);
    // Fewer typos rank first.
    const typos = got.map((id) => want.typos.get(id)!);
    expect(typos).toEqual([...typos].sort((a, b) => a - b));
  });

  // The console's supplier list sorts by modifiedAt. A typo step's page then comes from all its
  // matches when they are few (at most √((offset + per_page) × size)), read alongside the counts,
  // or else from the sort's index. With two a page, page 1 of 47 matches takes the second way and
  // a late page the first. Times grow with the table's own order, so rows read in that order
  // (the first rows of a bitmap scan, say) are the last the list shows.
  it.each(['Manchestr', 'Mancehster Zzqx', 'Xork', 'Yrok', 'Souhtampton', 'Cardif'])('%s: pages in the supplier list order', async (q) => {
    await t.services.database.query(`UPDATE suppliers SET modified_at = timestamptz '2026-11-01' + seq * interval '1 minute'`);
    const want = reference({ q, ...ALL });
    const rows = await t.services.database.query<{ id: string; at: number }>(
      `SELECT id::text AS id, extract(epoch from (modified_at AT TIME ZONE 'UTC'))::int8 AS at FROM suppliers WHERE id::text = ANY ($1::text[])`,
      [[...want.ids]],
    );
    const times = rows.map((r) => Number(r.at)).sort((x, y) => y - x);
    const last = Math.ceil(want.ids.size / 2);
    for (const page of [1, 2, last]) {
      const body = (await search({ q, ...ALL, sort_by: 'modifiedAt:desc', per_page: '2', page: String(page) })) as unknown as { found: number; hits: { document: { id: string; modifiedAt: number } }[] };
      expect(body.found).toBe(want.ids.size);
      for (const h of body.hits) expect(want.ids.has(h.document.id)).toBe(true);
      expect(body.hits.map((h) => h.document.modifiedAt)).toEqual(times.slice((page - 1) * 2, page * 2));
    }
  });

  // A typo step reads its page alongside its counts only when its corrections' documents say the
  // matches are few; that needs `docs` to be at least the documents a correction matches: words
  // sharing its beginning and labels counted together.
  it('counts in each correction at least the documents it matches', async () => {
    const db = t.services.database;
    const rows = await db.query<{ id: string; name: string; address1: string | null }>(`SELECT id::text AS id, name, address1 FROM suppliers ORDER BY seq DESC LIMIT 4`);
    const set = (id: string, name: string, address1: string | null) => db.query(`UPDATE suppliers SET name = $2, address1 = $3 WHERE id = $1`, [id, name, address1]);
    await set(rows[0].id, 'Zxcvba Garage', rows[0].address1);
    await set(rows[1].id, 'Zxcvbb Garage', rows[1].address1);
    await set(rows[2].id, 'Zxcvbe Garage', rows[2].address1);
    await set(rows[3].id, rows[3].name, '1 Zxcvba Road');
    try {
      const engine = new SearchEngine(db);
      const checked: string[] = [];
      for (const q of ['Zxvb', 'Manchestr', 'Leds', 'Yrok', 'Cardfif', 'Mnachestre']) {
        for (const typos of [1, 2]) {
          for (const l of engine.compile(suppliers, withLevel({ q, ...ALL }, { tokens: 1, typos })).plan.lookups) {
            for (const r of l.corrections(await db.query<CandidateRow>(l.text, l.values))) {
              const term = `'${r.term}'${r.pre ? ':*' : ':'}${r.label}`;
              const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM suppliers WHERE search_tsv @@ to_tsquery('simple', $1)`, [term]);
              expect(Number(r.docs), term).toBeGreaterThanOrEqual(n);
              checked.push(term);
            }
          }
        }
      }
      expect(checked).toContain("'zxcvb':*AB");
    } finally {
      for (const r of rows) await set(r.id, r.name, r.address1);
    }
  });

  it('finds something for most of the table, so the comparisons mean something', () => {
    const nonEmpty = CASES.filter(([q, extra]) => reference({ q, ...extra }).ids.size > 0).length;
    expect(nonEmpty).toBeGreaterThanOrEqual(30);
  });

  it('shows the exact matches alone when there are any, and corrects otherwise', async () => {
    const exact = await search({ q: 'Bristol', ...NAME });
    expect(exact.found).toBeGreaterThan(0);
    const typo = await search({ q: 'Brstol', ...NAME });
    expect(new Set(typo.hits.map((h) => h.document.id))).toEqual(new Set(exact.hits.map((h) => h.document.id)));
    expect(typo.hits[0].highlight.name.matched_tokens).toEqual(['Bristol']);
  });

  it('marks corrected words in highlights', async () => {
    const body = await search({ q: 'Mancehster', ...NAME });
    expect(body.found).toBeGreaterThan(0);
    for (const h of body.hits) expect(h.highlight.name.matched_tokens.map((x) => x.toLowerCase())).toContain('manchester');
  });

  it('rejects thresholds that are not unsigned integers', async () => {
    for (const name of ['typo_tokens_threshold', 'drop_tokens_threshold']) {
      const qs = new URLSearchParams({ q: 'x', query_by: 'name', [name]: '-1' }).toString();
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/search/collections/suppliers/documents/search?${qs}`, headers: { 'x-typesense-api-key': s.key } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: `Parameter \`${name}\` must be an unsigned integer.` });
    }
  });

  it('keeps the vocabulary equal to the words of the rows through inserts, updates and deletes', async () => {
    const vocabulary = () => t.services.database.query<{ label: string; word: string; docs: number }>(`SELECT label, word, docs FROM search_words WHERE source = 'suppliers' ORDER BY label, word`);
    const fromRows = () =>
      t.services.database.query<{ label: string; word: string; docs: number }>(
        `SELECT w.label, u.lexeme AS word, count(*)::int AS docs FROM suppliers r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w
         WHERE w.label IN ('A', 'B', 'D') GROUP BY 1, 2 ORDER BY 1, 2`,
      );
    expect(await vocabulary()).toEqual(await fromRows());
    const [one] = await t.services.database.query<{ id: string }>(`SELECT id::text AS id FROM suppliers ORDER BY seq LIMIT 1`);
    await t.services.database.query(`UPDATE suppliers SET name = 'Qwertyuiop Garage' WHERE id = $1`, [one.id]);
    await t.services.database.query(`UPDATE suppliers SET serving_radius = coalesce(serving_radius, 0) + 1`);
    expect(await vocabulary()).toContainEqual({ label: 'A', word: 'qwertyuiop', docs: 1 });
    expect(await vocabulary()).toEqual(await fromRows());
    const found = await search({ q: 'Qwertyiuop', ...NAME });
    expect(found.hits.map((h) => h.document.id)).toEqual([one.id]);
    await t.services.database.query(`UPDATE suppliers SET name = 'Plain Garage' WHERE id = $1`, [one.id]);
    expect((await vocabulary()).some((r) => r.word === 'qwertyuiop')).toBe(false);
    expect(await vocabulary()).toEqual(await fromRows());
  });
});
