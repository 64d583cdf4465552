import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createFixture, signInWithKey, type SignedIn } from './searchFixture';

let t: TestApp;
let s: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await createFixture(t);
  s = await signInWithKey(t, 'search-engine@test.example');
});
afterAll(() => t.close());

type Params = Record<string, string | number>;
async function search(params: Params, collection = 'books') {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api/v1/search/collections/${collection}/documents/search?${qs}`, headers: { 'x-typesense-api-key': s.key } });
}
async function ids(params: Params, collection = 'books'): Promise<string[]> {
  const res = await search({ per_page: 250, ...params }, collection);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().hits.map((h: { document: { id: string } }) => h.document.id);
}
async function fails(params: Params, status: number, message: string) {
  const res = await search(params);
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message });
}
const ALL_NEWEST_FIRST = ['b10', 'b9', 'b8', 'b7', 'b6', 'b5', 'b4', 'b3', 'b2', 'b1'];

describe('filter_by', () => {
  it('evaluates && and || left to right, with equal precedence', async () => {
    // C precedence would give b9, b8, b4; Typesense groups (a || b) && c.
    expect(await ids({ q: '*', filter_by: 'status:=TERMINATED || genre:=Manual && in_print:=true' })).toEqual(['b8']);
    expect(await ids({ q: '*', filter_by: 'status:=TERMINATED || (genre:=Manual && in_print:=true)' })).toEqual(['b9', 'b8', 'b4']);
    expect(await ids({ q: '*', filter_by: 'in_print:=true && genre:=Manual || status:=TERMINATED' })).toEqual(['b9', 'b8', 'b4']);
  });

  it('reads backtick values with commas, parentheses and &&', async () => {
    expect(await ids({ q: '*', filter_by: 'title:=`Sneaker (Men) Handbook`' })).toEqual(['b7']);
    expect(await ids({ q: '*', filter_by: 'genre:=[`Fantasy, Comedy`, Manual]' })).toEqual(['b8', 'b6']);
    expect(await ids({ q: '*', filter_by: 'title:!=`a && b || (c)`' })).toEqual(ALL_NEWEST_FIRST);
  });

  it('matches exact values token by token, ignoring case and punctuation', async () => {
    expect(await ids({ q: '*', filter_by: 'title:= `sneaker men handbook`' })).toEqual(['b7']);
    expect(await ids({ q: '*', filter_by: 'title:=sneaker' })).toEqual([]);
    expect(await ids({ q: '*', filter_by: 'status:active && year:<1950' })).toEqual(['b3']);
  });

  it('includes documents with a missing value in negations', async () => {
    expect(await ids({ q: '*', filter_by: 'genre:!=Fantasy' })).toEqual(['b10', 'b9', 'b8', 'b7', 'b6', 'b5', 'b4']);
    expect(await ids({ q: '*', filter_by: 'rating:!=4.5' })).toEqual(['b10', 'b9', 'b8', 'b7', 'b6', 'b5', 'b3', 'b2']);
    expect(await ids({ q: '*', filter_by: 'in_print:!=true' })).toEqual(['b9', 'b7', 'b5', 'b4']);
    expect(await ids({ q: '*', filter_by: 'title:!potter' })).toEqual(['b10', 'b9', 'b8', 'b7', 'b6', 'b5', 'b4', 'b3']);
    expect(await ids({ q: '*', filter_by: 'authors:!=[`Frank Herbert`, `J. K. Rowling`]' })).toEqual(['b9', 'b8', 'b7', 'b6', 'b5', 'b3']);
  });

  it('treats a list as OR, and supports ranges and comparators', async () => {
    expect(await ids({ q: '*', filter_by: 'year:[1937, 1965]' })).toEqual(['b4', 'b3']);
    expect(await ids({ q: '*', filter_by: 'year:[1960..1970]' })).toEqual(['b10', 'b4']);
    expect(await ids({ q: '*', filter_by: 'year:1960..1970' })).toEqual(['b10', 'b4']);
    expect(await ids({ q: '*', filter_by: 'year:[<1900, >2000]' })).toEqual(['b9', 'b8']);
    expect(await ids({ q: '*', filter_by: 'year:>=1990 && year:<2000' })).toEqual(['b6', 'b2', 'b1']);
    expect(await ids({ q: '*', filter_by: 'pages:=[80, 120]' })).toEqual(['b9', 'b8']);
    expect(await ids({ q: '*', filter_by: 'rating:>4.4' })).toEqual(['b4', 'b3', 'b1']);
    expect(await ids({ q: '*', filter_by: 'in_print:[false]' })).toEqual(['b9', 'b7', 'b4']);
  });

  it('matches words in strings and arrays, and word prefixes', async () => {
    expect(await ids({ q: '*', filter_by: 'title:potter' })).toEqual(['b2', 'b1']);
    expect(await ids({ q: '*', filter_by: 'authors:rowling' })).toEqual(['b2', 'b1']);
    expect(await ids({ q: '*', filter_by: 'authors:=`Neil Gaiman`' })).toEqual(['b6']);
    expect(await ids({ q: '*', filter_by: 'title:Neuro*' })).toEqual(['b5']);
    expect(await ids({ q: '*', filter_by: 'title:="Dune M*"' })).toEqual([]);
    expect(await ids({ q: '*', filter_by: 'title:=Dune M*' })).toEqual(['b10']);
  });

  it('filters on id', async () => {
    expect(await ids({ q: '*', filter_by: 'id:[b1, b3, nope]' })).toEqual(['b3', 'b1']);
    expect(await ids({ q: '*', filter_by: 'id:!=b1' })).toHaveLength(9);
    expect(await ids({ q: '*', filter_by: 'id:*' })).toHaveLength(10);
  });

  it('joins repeated filter_by parameters with &&', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search/collections/books/documents/search?q=*&filter_by=status:%3DACTIVE&filter_by=year:%3C1990',
      headers: { 'x-typesense-api-key': s.key },
    });
    expect(res.json().hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(['b10', 'b5', 'b3']);
  });

  it('treats an empty filter as none', async () => {
    expect(await ids({ q: '*', filter_by: '   ' })).toEqual(ALL_NEWEST_FIRST);
  });

  it('answers filter errors with Typesense statuses and messages', async () => {
    await fails({ q: '*', filter_by: 'nope:1' }, 404, 'Could not find a filter field named `nope` in the schema.');
    await fails({ q: '*', filter_by: 'year' }, 400, 'Could not parse the filter query.');
    await fails({ q: '*', filter_by: 'year:1 & year:2' }, 400, 'Could not parse the filter filter_query.');
    await fails({ q: '*', filter_by: '(year:1' }, 400, 'Could not parse the filter query: unbalanced parentheses.');
    await fails({ q: '*', filter_by: 'year:1 &&' }, 400, 'Could not parse the filter query: unbalanced `&&` operands.');
    await fails({ q: '*', filter_by: 'year:' }, 400, 'Error with filter field `year`: Filter value cannot be empty.');
    await fails({ q: '*', filter_by: 'year:abc' }, 400, 'Error with filter field `year`: Not an int32.');
    await fails({ q: '*', filter_by: 'year:3000000000' }, 400, 'Error with filter field `year`: `3000000000` exceeds the range of an int32.');
    await fails({ q: '*', filter_by: 'pages:x' }, 400, 'Error with filter field `pages`: Not an int64.');
    await fails({ q: '*', filter_by: 'rating:x' }, 400, 'Error with filter field `rating`: Not a float.');
    await fails({ q: '*', filter_by: 'year:>>1' }, 400, 'Error with filter field `year`: Numerical field has an invalid comparator.');
    await fails({ q: '*', filter_by: 'in_print:yes' }, 400, 'Value of filter field `in_print` must be `true` or `false`.');
  });
});

describe('sort_by and default order', () => {
  it('returns newest first for q=* without a default sorting field', async () => {
    expect(await ids({ q: '*' })).toEqual(ALL_NEWEST_FIRST);
  });

  it('uses the default sorting field descending, missing numbers last', async () => {
    expect(await ids({ q: '*' }, 'books_ranked')).toEqual(['b8', 'b2', 'b1', 'b6', 'b5', 'b10', 'b4', 'b3', 'b9', 'b7']);
  });

  it('puts missing numbers last in both directions and breaks ties newest first', async () => {
    expect(await ids({ q: '*', sort_by: 'rating:desc' })).toEqual(['b3', 'b4', 'b1', 'b2', 'b10', 'b6', 'b8', 'b9', 'b7', 'b5']);
    expect(await ids({ q: '*', sort_by: 'rating:asc' })).toEqual(['b9', 'b8', 'b10', 'b6', 'b2', 'b4', 'b1', 'b3', 'b7', 'b5']);
    expect(await ids({ q: '*', sort_by: 'rating(missing_values: first):asc' })).toEqual(['b7', 'b5', 'b9', 'b8', 'b10', 'b6', 'b2', 'b4', 'b1', 'b3']);
  });

  it('counts empty strings as the highest value', async () => {
    expect(await ids({ q: '*', sort_by: 'title:asc' })).toEqual(['b4', 'b10', 'b6', 'b2', 'b1', 'b5', 'b8', 'b7', 'b3', 'b9']);
    expect((await ids({ q: '*', sort_by: 'title:DESC' }))[0]).toBe('b9');
  });

  it('sorts on up to three fields', async () => {
    expect(await ids({ q: '*', sort_by: 'in_print:desc,year:asc', filter_by: 'id:[b1,b2,b3,b4]' })).toEqual(['b3', 'b1', 'b2', 'b4']);
  });

  it('ranks text matches, newest first on equal relevance, and adds _text_match after explicit fields', async () => {
    const res = await search({ q: 'harry', query_by: 'title' });
    const body = res.json();
    expect(body.hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(['b2', 'b1']);
    expect(body.hits[0].text_match).toBe(body.hits[1].text_match);
    expect(typeof body.hits[0].text_match_info.score).toBe('string');
    // query_by order weighs fields: a title match outranks a genre match.
    expect(await ids({ q: 'manual', query_by: 'title,genre' })).toEqual(['b8']);
    expect(await ids({ q: 'dune', query_by: 'title', sort_by: 'year:asc' })).toEqual(['b4', 'b10']);
    const ranked = await search({ q: 'dune', query_by: 'title', sort_by: 'year:asc' });
    expect(ranked.json().hits[0].text_match).toEqual(expect.any(Number));
  });

  it('answers sort errors with Typesense statuses and messages', async () => {
    await fails({ q: '*', sort_by: 'year' }, 400, 'Parameter `sort_by` is malformed.');
    await fails({ q: '*', sort_by: 'year:asc,rating:asc,pages:asc,title:asc' }, 400, 'Only upto 3 sort fields are allowed.');
    await fails({ q: '*', sort_by: 'year:up' }, 400, 'Order for field` year` should be either ASC or DESC.');
    await fails({ q: '*', sort_by: 'status:asc' }, 404, 'Could not find a field named `status` in the schema for sorting.');
    await fails({ q: '*', sort_by: 'nope:asc' }, 404, 'Could not find a field named `nope` in the schema for sorting.');
  });
});

describe('pagination', () => {
  it('pages with page and per_page, defaulting to page 1 of 10', async () => {
    const first = (await search({ q: '*' })).json();
    expect(first.page).toBe(1);
    expect(first.request_params.per_page).toBe(10);
    expect(first.hits).toHaveLength(10);
    const page2 = (await search({ q: '*', per_page: 3, page: 2 })).json();
    expect(page2.hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(['b7', 'b6', 'b5']);
    expect(page2).toMatchObject({ found: 10, page: 2 });
    expect((await search({ q: '*', per_page: 3, page: 0 })).json().page).toBe(1);
  });

  it('returns no hits but the total beyond the end, and for per_page=0', async () => {
    expect((await search({ q: '*', per_page: 3, page: 5 })).json()).toMatchObject({ found: 10, hits: [], page: 5 });
    expect((await search({ q: '*', per_page: 0, facet_by: 'status' })).json()).toMatchObject({ found: 10, hits: [] });
  });

  it('supports offset and limit', async () => {
    const body = (await search({ q: '*', offset: 2, limit: 2 })).json();
    expect(body.hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(['b8', 'b7']);
    expect(body.offset).toBe(2);
    expect(body).not.toHaveProperty('page');
  });

  it('refuses more than 250 hits per page with 422, and bad integers with 400', async () => {
    await fails({ q: '*', per_page: 251 }, 422, 'Only upto 250 hits can be fetched per page.');
    await fails({ q: '*', limit: 1000 }, 422, 'Only upto 250 hits can be fetched per page.');
    expect((await search({ q: '*', per_page: 250 })).statusCode).toBe(200);
    await fails({ q: '*', page: 'abc' }, 400, 'Parameter `page` must be an unsigned integer.');
    await fails({ q: '*', per_page: -1 }, 400, 'Parameter `per_page` must be an unsigned integer.');
    await fails({ q: '*', max_facet_values: 1.5 }, 400, 'Parameter `max_facet_values` must be an unsigned integer.');
  });
});

describe('facet_by', () => {
  it('counts over the whole filtered set, not the page', async () => {
    const body = (await search({ q: '*', facet_by: 'status', per_page: 1 })).json();
    expect(body.facet_counts).toEqual([
      {
        counts: [
          { count: 7, highlighted: 'ACTIVE', value: 'ACTIVE' },
          { count: 2, highlighted: 'TERMINATED', value: 'TERMINATED' },
          { count: 1, highlighted: 'SUSPENDED', value: 'SUSPENDED' },
        ],
        field_name: 'status',
        sampled: false,
        stats: { total_values: 3 },
      },
    ]);
    const filtered = (await search({ q: '*', facet_by: 'status', filter_by: 'year:<1990' })).json();
    expect(filtered.facet_counts[0].counts.map((c: { value: string; count: number }) => [c.value, c.count])).toEqual([
      ['ACTIVE', 3],
      ['TERMINATED', 2],
    ]);
    const text = (await search({ q: 'dune', query_by: 'title', facet_by: 'status' })).json();
    expect(text.facet_counts[0].counts.map((c: { value: string; count: number }) => [c.value, c.count])).toEqual([
      ['ACTIVE', 1],
      ['TERMINATED', 1],
    ]);
  });

  it('counts array elements, orders ties by shorter then larger value, truncates after counting', async () => {
    const body = (await search({ q: '*', facet_by: 'authors', max_facet_values: 3 })).json();
    expect(body.facet_counts[0].counts.map((c: { value: string; count: number }) => [c.value, c.count])).toEqual([
      ['J. K. Rowling', 2],
      ['Frank Herbert', 2],
      ['Anonymous', 1],
    ]);
    expect(body.facet_counts[0].stats).toEqual({ total_values: 8 });
  });

  it('returns values as strings, numeric stats, one entry per field in request order', async () => {
    const body = (await search({ q: '*', facet_by: 'rating,in_print' })).json();
    expect(body.facet_counts.map((f: { field_name: string }) => f.field_name)).toEqual(['rating', 'in_print']);
    const [rating, inPrint] = body.facet_counts;
    // 4 and 4.5 both occur twice: the shorter value comes first.
    expect(rating.counts.slice(0, 2)).toEqual([
      { count: 2, highlighted: '4', value: '4' },
      { count: 2, highlighted: '4.5', value: '4.5' },
    ]);
    expect(rating.stats).toEqual({ avg: 3.9375, max: 4.75, min: 2.5, sum: 31.5, total_values: 6 });
    expect(inPrint.counts).toEqual([
      { count: 6, highlighted: 'true', value: 'true' },
      { count: 3, highlighted: 'false', value: 'false' },
    ]);
    const none = (await search({ q: '*', facet_by: 'status', filter_by: 'id:nope' })).json();
    expect(none.facet_counts).toEqual([{ counts: [], field_name: 'status', sampled: false, stats: { total_values: 0 } }]);
    expect((await search({ q: '*' })).json().facet_counts).toEqual([]);
  });

  it('refuses a field that is not a facet with 404', async () => {
    await fails({ q: '*', facet_by: 'title' }, 404, 'Could not find a facet field named `title` in the schema.');
  });
});

describe('q and query_by', () => {
  it('requires q, and query_by unless q is *', async () => {
    await fails({ query_by: 'title' }, 400, 'Parameter `q` is required.');
    await fails({ q: 'harry' }, 400, 'No search fields specified for the query.');
    await fails({ q: 'harry', query_by: 'nope' }, 404, 'Could not find a field named `nope` in the schema.');
    await fails({ q: 'harry', query_by: 'year' }, 400, 'Field `year` should be a string or a string array.');
    await fails({ q: 'harry', query_by: 'id' }, 400, 'Cannot use `id` as a query by field.');
    await fails({ q: 'harry', query_by: 'title,genre', prefix: 'true,false,true' }, 400, 'Number of prefix values in `prefix` does not match number of `query_by` fields.');
    await fails({ q: 'harry', query_by: 'title,genre', num_typos: '1,1,1' }, 400, 'Number of values in `num_typos` does not match number of `query_by` fields.');
  });

  it('treats an empty q as a wildcard', async () => {
    const body = (await search({ q: '', query_by: 'title' })).json();
    expect(body.found).toBe(10);
    expect(body.hits[0]).not.toHaveProperty('text_match');
    expect(body.hits[0].highlight).toEqual({});
    expect(body.hits[0].highlights).toEqual([]);
  });

  it('matches quoted phrases and excludes -words', async () => {
    expect(await ids({ q: '"potter and the chamber"', query_by: 'title' })).toEqual(['b2']);
    expect(await ids({ q: '"harry chamber"', query_by: 'title' })).toEqual([]);
    expect(await ids({ q: 'harry -chamber', query_by: 'title' })).toEqual(['b1']);
    expect(await ids({ q: 'harry -"chamber of secrets"', query_by: 'title' })).toEqual(['b1']);
    expect(await ids({ q: '-dune', query_by: 'title' })).toEqual(['b9', 'b8', 'b7', 'b6', 'b5', 'b3', 'b2', 'b1']);
  });

  it('matches the last word as a prefix unless prefix=false', async () => {
    expect(await ids({ q: 'neuro', query_by: 'title' })).toEqual(['b5']);
    expect(await ids({ q: 'neuro', query_by: 'title', prefix: 'false', num_typos: 0 })).toEqual([]);
    expect(await ids({ q: 'harry pot', query_by: 'title' })).toEqual(['b2', 'b1']);
  });

  it('tolerates typos only when nothing matches exactly, and not in short words', async () => {
    expect(await ids({ q: 'hobit', query_by: 'title' })).toEqual(['b3']);
    expect(await ids({ q: 'hobit', query_by: 'title', num_typos: 0 })).toEqual([]);
    expect(await ids({ q: 'hobit', query_by: 'title', min_len_1typo: 6 })).toEqual([]);
    const body = (await search({ q: 'hobit', query_by: 'title' })).json();
    expect(body.hits[0].highlight.title).toEqual({ matched_tokens: ['Hobbit'], snippet: 'The <mark>Hobbit</mark>' });
  });

  it('searches string arrays and highlights them', async () => {
    const body = (await search({ q: 'gaiman', query_by: 'title,authors' })).json();
    expect(body.hits).toHaveLength(1);
    expect(body.hits[0].highlight.authors).toEqual([
      { matched_tokens: [], snippet: 'Terry Pratchett' },
      { matched_tokens: ['Gaiman'], snippet: 'Neil <mark>Gaiman</mark>' },
    ]);
    expect(body.hits[0].highlights).toEqual([{ field: 'authors', indices: [1], matched_tokens: [['Gaiman']], snippets: ['Neil <mark>Gaiman</mark>'] }]);
  });

  it('works the same when the tsvector is built inline', async () => {
    expect(await ids({ q: 'harry -chamber', query_by: 'title' }, 'books_plain')).toEqual(['b1']);
    expect(await ids({ q: 'comedy', query_by: 'title,genre' }, 'books_plain')).toEqual(['b6']);
  });
});

describe('response', () => {
  it('has the Typesense shape and content type', async () => {
    const res = await search({ q: 'harry', query_by: 'title', per_page: 1 });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['facet_counts', 'found', 'out_of', 'page', 'request_params', 'search_cutoff', 'search_time_ms', 'hits']);
    expect(body).toMatchObject({
      facet_counts: [],
      found: 2,
      out_of: 10,
      page: 1,
      request_params: { collection_name: 'books', first_q: 'harry', per_page: 1, q: 'harry' },
      search_cutoff: false,
    });
    expect(Number.isInteger(body.search_time_ms)).toBe(true);
    const hit = body.hits[0];
    expect(hit.document).toEqual({ id: 'b2', title: 'Harry Potter and the Chamber of Secrets', authors: ['J. K. Rowling'], genre: 'Fantasy', status: 'ACTIVE', year: 1998, pages: 251, rating: 4.25, in_print: true });
    expect(hit.highlight).toEqual({ title: { matched_tokens: ['Harry'], snippet: '<mark>Harry</mark> Potter and the Chamber of Secrets' } });
    expect(hit.highlights).toEqual([{ field: 'title', matched_tokens: ['Harry'], snippet: '<mark>Harry</mark> Potter and the Chamber of Secrets' }]);
  });

  it('omits missing values and honours include_fields and exclude_fields', async () => {
    const [b7] = (await search({ q: '*', filter_by: 'id:b7' })).json().hits;
    expect(b7.document).toEqual({ id: 'b7', title: 'Sneaker (Men) Handbook', status: 'SUSPENDED', in_print: false });
    const inc = (await search({ q: '*', filter_by: 'id:b1', include_fields: 'title,year,nope' })).json();
    expect(inc.hits[0].document).toEqual({ title: 'Harry Potter and the Philosopher Stone', year: 1997 });
    const exc = (await search({ q: '*', filter_by: 'id:b1', include_fields: 'id,title,year', exclude_fields: 'year,out_of,search_time_ms' })).json();
    expect(exc.hits[0].document).toEqual({ id: 'b1', title: 'Harry Potter and the Philosopher Stone' });
    expect(exc).not.toHaveProperty('out_of');
    expect(exc).not.toHaveProperty('search_time_ms');
  });

  it('ignores unknown parameters', async () => {
    expect((await search({ q: '*', use_cache: 'true', 'x-typesense-user-id': 'u1', whatever: 1 })).statusCode).toBe(200);
  });

  it('refuses a query string over 4000 characters', async () => {
    await fails({ q: 'x'.repeat(4001), query_by: 'title' }, 400, 'Query string exceeds max allowed length of 4000. Use the /multi_search end-point for larger payloads.');
  });
});
