import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { signInWithKey, type SignedIn } from './searchFixture';
import { allSlugs } from '../../server/rpc';
import { PRODUCT_COLLECTIONS } from '../../server/search/productCollections';
import { asQueryString, encodeMultipart, hostileBody, hostileMultipart, hostileString, multipartShape, schemaKeys } from '../support/hostileInput';
import { count, eq } from 'drizzle-orm';
import { CSRF_HEADER } from '../../domain/auth';
import { WELL_FORMED_UPLOADS } from '../support/uploads';
import { fileValidationReports, files, networkImports } from '../../server/db/schema';
import { bossJobs, bossQueues } from '../../server/jobs/jobTable';

/**
 * Hostile input through HTTP, as an attacker sends it, on both databases: every slug and the
 * search endpoint answer 4xx or success, never 5xx, and the server keeps answering.
 */
let t: TestApp;
let browser: Browser;
let searcher: SignedIn;
const EMAIL = 'fuzz@test.example';
beforeAll(async () => {
  // The fuzzed auth/logout signs this browser out again and again; each time it signs back in.
  // Jobs start as on a real server: slugs such as networkExport/triggerDiNetworkExport enqueue one.
  t = await createTestApp({ accountRateLimit: { max: 100_000, windowMs: 60_000 }, authRateLimit: { max: 100_000, windowMs: 60_000 } }, { jobs: true });
  await createAdmin(t, 'SUPER_ADMIN', EMAIL);
  browser = new Browser(t);
  await browser.signIn(EMAIL);
  searcher = await signInWithKey(t, 'fuzz-search@test.example', 'SUPER_ADMIN', []);
});
afterAll(() => t.close());

/** A URL cannot carry an unpaired surrogate; it would travel as U+FFFD. */
const wellFormed = (v: string) => v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const urlOf = (slug: string, value: () => string) => slug.replace(/:[A-Za-z]+/g, () => encodeURIComponent(wellFormed(value())));

describe('every slug, with hostile bodies and query strings', () => {
  it('answers below 500', async () => {
    for (const def of allSlugs) {
      await fc.assert(
        fc.asyncProperty(hostileBody(schemaKeys(def.input)), fc.array(hostileString, { minLength: 3, maxLength: 3 }), async (body, pathValues) => {
          let i = 0;
          const url = `/api/v1/${urlOf(def.slug, () => pathValues[i++ % 3])}`;
          const send = () =>
            def.method === 'GET'
              ? t.app.inject({ method: 'GET', url: `${url}?${asQueryString(body)}`, headers: { cookie: browser.cookieHeader() } })
              : t.app.inject({ method: 'POST', url, payload: body.text, headers: { 'content-type': 'application/json', cookie: browser.cookieHeader(), 'x-csrf-token': browser.csrf } });
          let res = await send();
          // A body that signed this browser out (auth/logout) leaves the next ones unauthenticated.
          if (res.statusCode === 401) {
            await browser.signIn(EMAIL);
            res = await send();
          }
          expect(res.statusCode, `${def.slug} ${body.text.slice(0, 300)} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: 12 },
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // About 500 requests, and a fresh sign-in (argon2) each time a body signed the browser out.
  }, 120_000);
});

describe('the search endpoint, with hostile parameters', () => {
  it('answers below 500 on every collection, through GET and multi_search', async () => {
    const names = ['q', 'query_by', 'filter_by', 'sort_by', 'facet_by', 'num_typos', 'per_page', 'page', 'offset', 'max_facet_values'];
    for (const c of PRODUCT_COLLECTIONS) {
      const fields = c.fields.map((f) => f.name);
      const fieldy = fc.oneof(fc.constantFrom(...fields), hostileString);
      const condition = fc.tuple(fieldy, fc.constantFrom(':', ':=', ':!=', ':>', ':<=', ':[', ':!'), fc.oneof(hostileString, fc.double().map(String), fc.constantFrom('true', '1e400', '[1..5]', '`x`')));
      const filter = fc.array(fc.tuple(condition.map(([f, o, v]) => `${f}${o}${v}`), fc.constantFrom(' && ', ' || ', ' && (', ') || ')), { maxLength: 5 }).map((xs) => xs.map(([a, b]) => a + b).join(''));
      const value = fc.oneof(hostileString, filter, fc.array(fieldy, { maxLength: 4 }).map((xs) => xs.join(',')), fc.nat().map(String));
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 5 }), async (params) => {
          const all = { q: '*', ...params };
          const res = await t.app.inject({ method: 'POST', url: '/api/v1/search/multi_search', headers: { 'x-typesense-api-key': searcher.key, 'content-type': 'text/plain' }, payload: JSON.stringify({ searches: [{ collection: c.name, ...all }] }) });
          expect(res.statusCode, `${c.name} ${JSON.stringify(all).slice(0, 300)} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
          const get = await t.app.inject({ method: 'GET', url: `/api/v1/search/collections/${c.name}/documents/search?${new URLSearchParams(all)}`.slice(0, 3900), headers: { 'x-typesense-api-key': searcher.key } });
          expect(get.statusCode, `${c.name} GET ${JSON.stringify(all).slice(0, 300)} -> ${get.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

/** Every multipart slug, from a well-formed upload it accepts (a new upload slug fails the first test until it has one). */
describe('every upload slug, with hostile multipart bodies', () => {
  const uploadSlugs = allSlugs.filter((def) => def.multipart).map((def) => def.slug);
  const stored = async () => {
    const counts = await Promise.all([files, fileValidationReports, networkImports].map(async (table) => Number((await t.services.db.select({ n: count() }).from(table))[0].n)));
    return counts.join('/');
  };
  const send = (slug: string, body: { contentType: string; payload: Buffer }) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${slug}`, payload: body.payload, headers: { 'content-type': body.contentType, cookie: browser.cookieHeader(), [CSRF_HEADER]: browser.csrf } });

  it('has a well-formed upload for each', () => {
    expect(uploadSlugs.sort()).toEqual(Object.keys(WELL_FORMED_UPLOADS).sort());
  });

  it('answers 400 (413 for too much) with a message, and stores nothing', async () => {
    // The slugs fuzzed above may have enqueued jobs that store files of their own (an export): no
    // job runs meanwhile, so every file counted here is an upload's.
    for (const { name } of await t.services.db.select({ name: bossQueues.name }).from(bossQueues)) await t.services.jobs.boss.offWork(name);
    await expect
      .poll(async () => Number((await t.services.db.select({ n: count() }).from(bossJobs).where(eq(bossJobs.state, 'active')))[0].n), { timeout: 60_000 })
      .toBe(0);
    await browser.signIn(EMAIL);
    for (const slug of uploadSlugs) {
      await fc.assert(
        fc.asyncProperty(hostileMultipart(WELL_FORMED_UPLOADS[slug]), async (shape) => {
          const before = await stored();
          const body = encodeMultipart(shape);
          const res = await send(slug, body);
          const what = `${slug} ${body.contentType.slice(0, 100)} ${JSON.stringify(body.payload.toString('latin1').slice(0, 400))} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect([400, 413], what).toContain(res.statusCode);
          expect(res.json().error.message, what).toMatch(/\w{3}/);
          expect(await stored(), what).toBe(before);
        }),
        { numRuns: 80 },
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 120_000);

  it('accepts the well-formed upload each variant was made from', async () => {
    for (const slug of uploadSlugs) {
      const res = await send(slug, encodeMultipart(multipartShape(WELL_FORMED_UPLOADS[slug])));
      expect(res.statusCode, `${slug} ${res.body}`).toBe(200);
    }
  });
});
