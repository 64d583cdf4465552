import type { Database } from '../db/client';
import { errors } from './errors';
import { facetStatement, shapeFacets, type FacetStatement } from './facets';
import { highlightString, highlightWords, type StringHighlight } from './highlight';
import { planMatch } from './match';
import { readSearchRequest, type SearchRequest } from './params';
import { parseSort, sortDirectionSql, sortKeySql } from './sort';
import { SqlParams } from './sqlParams';
import type { CollectionDef, FieldDef, RawParams, SearchResponse } from './types';

const OUT_OF_TTL_MS = 5_000;

export interface CompiledSearch {
  req: SearchRequest;
  plan: ReturnType<typeof planMatch>;
  showTextMatch: boolean;
  hits: { text: string; values: unknown[] };
  facets?: FacetStatement;
}

/**
 * Runs Typesense searches against PostgreSQL: one statement for the hits and `found`, one for the
 * facets when asked (run concurrently), and a cached count of the collection for `out_of`.
 */
export class SearchEngine {
  private outOf = new Map<string, { n: number; at: number }>();

  constructor(private readonly database: Database) {}

  /** Collection size for `out_of`. Counting a large table on every request would cost more than
   * the search itself, so the count is kept for a few seconds. */
  private async collectionSize(c: CollectionDef): Promise<number> {
    const hit = this.outOf.get(c.name);
    if (hit && Date.now() - hit.at < OUT_OF_TTL_MS) return hit.n;
    const [row] = await this.database.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${c.source} d`);
    const n = Number(row.n);
    this.outOf.set(c.name, { n, at: Date.now() });
    return n;
  }

  /** The statements a search runs, without running them (the benchmark runs them directly). */
  compile(c: CollectionDef, params: RawParams): CompiledSearch {
    const req = readSearchRequest(c, params);
    const p = new SqlParams();
    const plan = planMatch(c, req, p);
    const sort = parseSort(c, req.sortBy, plan.text);
    const facetFields = req.facetBy.map((name) => {
      const f = c.fields.find((x) => x.name === name);
      if (!f || !f.facet) throw errors.facetFieldNotFound(name);
      return f;
    });

    const sortCols = sort.flatMap((s, i) => (s.field ? [`${sortKeySql(s)} AS _s${i}`] : []));
    const select = (rank: string, fuzzy: boolean) => [`${c.seq} AS _seq`, `${rank} AS _tm`, `${fuzzy} AS _fz`, ...sortCols].join(', ');
    const order = (alias: string) =>
      [...sort.map((s, i) => `${alias}${s.field ? `_s${i}` : '_tm'} ${sortDirectionSql(s)}`), `${alias}_seq DESC`].join(', ');
    const docCols = c.fields.map((f, i) => `${f.sql} AS _f${i}`).join(', ');
    // `found` counts the whole match; the page joins back to the source for its documents only.
    const sql = `${plan.withMatched(select)}
SELECT cnt.found, pg._tm, pg._fz, ${c.id} AS _id, ${docCols}
FROM (SELECT count(*) AS found FROM m) cnt
LEFT JOIN LATERAL (SELECT * FROM m ORDER BY ${order('')} LIMIT ${p.add(req.perPage)} OFFSET ${p.add(req.offset)}) pg ON true
LEFT JOIN ${c.source} d ON ${c.seq} = pg._seq
ORDER BY ${order('pg.')}`;
    return {
      req,
      plan,
      showTextMatch: sort.some((s) => s.field === null),
      hits: { text: sql, values: p.values },
      facets: facetFields.length ? facetStatement(c, req, facetFields) : undefined,
    };
  }

  async search(c: CollectionDef, params: RawParams): Promise<SearchResponse> {
    const started = performance.now();
    const { req, plan, showTextMatch, hits: hitsSql, facets: facetSql } = this.compile(c, params);
    const wantOutOf = !req.excludeFields.includes('out_of');
    const [rows, facets, outOf] = await Promise.all([
      this.database.query<Record<string, unknown>>(hitsSql.text, hitsSql.values),
      facetSql ? this.database.query<Record<string, unknown>>(facetSql.text, facetSql.values).then((r) => shapeFacets(facetSql.fields, r)) : Promise.resolve([]),
      wantOutOf ? this.collectionSize(c) : Promise.resolve(0),
    ]);

    const found = rows.length ? Number(rows[0].found) : 0;
    const hits = rows
      .filter((r) => r._id !== null && r._id !== undefined)
      .map((r) => this.hit(c, req, plan, r, showTextMatch));

    const out: SearchResponse = { facet_counts: facets, found };
    if (wantOutOf) out.out_of = outOf;
    if (req.page !== undefined) out.page = req.page;
    else out.offset = req.offset;
    out.request_params = { collection_name: c.name, first_q: req.q, per_page: req.perPage, q: req.q };
    out.search_cutoff = false;
    if (!req.excludeFields.includes('search_time_ms')) out.search_time_ms = Math.round(performance.now() - started);
    out.hits = hits;
    return out;
  }

  private hit(c: CollectionDef, req: SearchRequest, plan: ReturnType<typeof planMatch>, r: Record<string, unknown>, showTextMatch: boolean) {
    const values = new Map<FieldDef, unknown>();
    c.fields.forEach((f, i) => values.set(f, fromSql(f, r[`_f${i}`])));

    const document: Record<string, unknown> = { id: String(r._id) };
    for (const f of c.fields) {
      const v = values.get(f);
      if (f.stored !== false && v !== null && v !== undefined) document[f.name] = v;
    }
    if (req.includeFields) for (const k of Object.keys(document)) if (!req.includeFields.includes(k)) delete document[k];
    for (const k of req.excludeFields) delete document[k];

    const highlight: Record<string, unknown> = {};
    const highlights: Record<string, unknown>[] = [];
    const matchedWords = new Set<string>();
    if (plan.text) {
      const qwords = highlightWords(plan.parsed);
      req.queryBy.forEach((qf, fi) => {
        const hq = { words: [], prefix: qf.prefix, typos: (w: string) => (r._fz === true ? plan.typosFor(fi, w) : 0) };
        const v = values.get(qf.field);
        if (typeof v === 'string') {
          const h = highlightString(v, qwords, hq);
          if (!h) return;
          h.matched_tokens.forEach((t) => matchedWords.add(t.toLowerCase()));
          highlight[qf.field.name] = h;
          highlights.push({ field: qf.field.name, matched_tokens: h.matched_tokens, snippet: h.snippet });
        } else if (Array.isArray(v)) {
          const each = v.map((x) => highlightString(String(x), qwords, hq));
          const indices = each.flatMap((h, i) => (h ? [i] : []));
          if (indices.length === 0) return;
          highlight[qf.field.name] = each.map((h, i): StringHighlight => h ?? { matched_tokens: [], snippet: String(v[i]) });
          indices.forEach((i) => each[i]!.matched_tokens.forEach((t) => matchedWords.add(t.toLowerCase())));
          highlights.push({
            field: qf.field.name,
            indices,
            matched_tokens: indices.map((i) => each[i]!.matched_tokens),
            snippets: indices.map((i) => each[i]!.snippet),
          });
        }
      });
    }
    const hit: Record<string, unknown> = { document, highlight, highlights };
    if (showTextMatch) {
      const score = Number(r._tm ?? 0);
      hit.text_match = score;
      hit.text_match_info = {
        best_field_score: String(score),
        best_field_weight: 15,
        fields_matched: highlights.length,
        num_tokens_dropped: 0,
        score: String(score),
        tokens_matched: matchedWords.size,
        typo_prefix_score: 0,
      };
    }
    return hit;
  }
}

/** Driver values to JSON: node-postgres gives int8 as text, PGlite as BigInt. */
function fromSql(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (f.type) {
    case 'int32':
    case 'int64':
    case 'float':
      return Number(v);
    case 'bool':
      return v === true || v === 't' || v === 'true';
    case 'string[]':
      return Array.isArray(v) ? v.map(String) : v;
    default:
      return typeof v === 'string' ? v : String(v);
  }
}
