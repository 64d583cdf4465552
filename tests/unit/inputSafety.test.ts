import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findInputProblem, hasForbiddenCharacters, INPUT_MESSAGES, MAX_INPUT_DEPTH } from '../../domain/inputSafety';
import { allSlugs } from '../../server/rpc';
import { SearchEngine } from '../../server/search/engine';
import { TypesenseError } from '../../server/search/errors';
import { PRODUCT_COLLECTIONS } from '../../server/search/productCollections';
import type { Database } from '../../server/db/client';
import { hostileBody, hostileString, schemaKeys } from '../support/hostileInput';

describe('the input rules every slug and search parameter share', () => {
  it('refuses NUL, other control characters and unpaired surrogates, and keeps tabs, line breaks and emoji', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u001b', '\u007f', '\u0085', '\ud800', 'x\udc00y', '\u000b', '\u000c']) expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'a\tb', 'line\nnext\r\n', 'Café 🚗', '£1,000', '\u00a0', '\u200b', 'Ölçü']) expect(hasForbiddenCharacters(good), JSON.stringify(good)).toBe(false);
  });

  it('names the path of the first bad value, in objects and arrays, keys included', () => {
    expect(findInputProblem({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual({ path: 'b.c.1', kind: 'text', message: INPUT_MESSAGES.text });
    expect(findInputProblem({ n: Infinity })).toMatchObject({ path: 'n', kind: 'number' });
    expect(findInputProblem(JSON.parse('{"n":-1e400}'))).toMatchObject({ path: 'n', kind: 'number' });
    expect(findInputProblem({ 'bad\u0000key': 1 })).toMatchObject({ path: 'bad\u0000key', kind: 'text' });
    expect(findInputProblem('\u0000')).toMatchObject({ path: '', kind: 'text' });
    expect(findInputProblem({ fine: [1, 'two', null, true, { three: 3.5 }] })).toBeNull();
  });

  it('allows nesting up to the limit and refuses deeper, without recursion however deep', () => {
    const nest = (n: number) => JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`);
    expect(findInputProblem(nest(MAX_INPUT_DEPTH))).toBeNull();
    expect(findInputProblem(nest(MAX_INPUT_DEPTH + 1))).toMatchObject({ kind: 'depth', message: INPUT_MESSAGES.depth });
    expect(findInputProblem(nest(200_000))).toMatchObject({ kind: 'depth' });
  });
});

describe('hostile input never throws past validation (property tests)', () => {
  const withInput = allSlugs.filter((s) => s.input);

  it('every slug: the shared rules refuse it, or its schema answers success or issues; neither throws', () => {
    expect(withInput.length).toBeGreaterThan(20);
    for (const def of withInput) {
      fc.assert(
        fc.property(hostileBody(schemaKeys(def.input)), (body) => {
          // As the server's parser reads it: 1e400 is Infinity, a lone \ud800 escape a lone surrogate.
          const raw: unknown = JSON.parse(body.text);
          if (findInputProblem(raw)) return;
          const parsed = def.input!.safeParse(raw);
          // Whatever passes carries no forbidden text into the handler.
          if (parsed.success) expect(findInputProblem(parsed.data)).toBeNull();
        }),
        { numRuns: 60 },
      );
    }
    // 60 hostile bodies for each of 200-odd slugs: about 8 s alone, twice that beside the API tests.
  }, 60_000);

  it('the search parser: any parameters compile, or fail with a Typesense error of status 4xx', () => {
    const engine = new SearchEngine({} as Database);
    const names = ['q', 'query_by', 'filter_by', 'sort_by', 'facet_by', 'num_typos', 'prefix', 'per_page', 'page', 'offset', 'max_facet_values', 'min_len_1typo', 'include_fields'];
    for (const c of PRODUCT_COLLECTIONS) {
      const fields = c.fields.map((f) => f.name);
      const fieldy = fc.oneof(fc.constantFrom(...fields), hostileString);
      const op = fc.constantFrom(':', ':=', ':!=', ':>', ':<=', ':[', ':!', ': ');
      const condition = fc.tuple(fieldy, op, hostileString).map(([f, o, v]) => `${f}${o}${v}`);
      const filter = fc.array(fc.tuple(condition, fc.constantFrom(' && ', ' || ', ' && (', ') || ', '(', ')')), { maxLength: 8 }).map((xs) => xs.map(([a, b]) => a + b).join(''));
      const value = fc.oneof(hostileString, filter, fc.array(fieldy, { maxLength: 5 }).map((xs) => xs.join(',')), fc.nat().map(String), fc.constantFrom('1e400', '-1', '4294967296', '*'));
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 6 }), (params) => {
          try {
            engine.compile(c, { q: '*', ...params });
          } catch (err) {
            expect(err).toBeInstanceOf(TypesenseError);
            expect((err as TypesenseError).status).toBeGreaterThanOrEqual(400);
            expect((err as TypesenseError).status).toBeLessThan(500);
          }
        }),
        { numRuns: 150 },
      );
    }
  });
});
