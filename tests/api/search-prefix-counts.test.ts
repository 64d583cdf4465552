import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { SearchEngine } from '../../server/search/engine';
import { refreshBroadPrefixes } from '../../server/search/prefixCounts';
import { archivedEnquiries, enquiries, PRODUCT_COLLECTIONS, suppliers } from '../../server/search/productCollections';
import type { CollectionDef } from '../../server/search/types';
import { createTestApp, type TestApp } from '../support/app';
import { createTestDatabase } from '../support/db';

/**
 * Counts kept ahead for broad prefixes (server/search/prefixCounts.ts) over the small demo network:
 * every answer is the same, byte for byte, whether or not a word's counts are kept, and the kept
 * counts stay equal to the rows' through writes.
 */

let t: TestApp;
let db: Database;
/** The statements the engine under test ran, with their values. */
const ran: { text: string; values: unknown[] }[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { testDb: await createTestDatabase({ demo: true }) });
  db = t.services.database;
});
afterAll(() => t.close());

/** A fresh engine each time (nothing cached), whose statements are recorded. */
async function answer(c: CollectionDef, params: Record<string, string>) {
  const spy = Object.assign(Object.create(db) as Database, {
    searchQuery: (text: string, values: unknown[]) => (ran.push({ text, values }), db.searchQuery(text, values)),
  });
  const { search_time_ms: _ms, ...rest } = await new SearchEngine(spy).search(c, params);
  return rest;
}

/** What the kept counts should be: each broad prefix's documents per signature and dimensions, from the rows. */
const fromRows = (c: CollectionDef, k1: string) =>
  db.query(
    `SELECT x.prefix, x.sig, x.k1, count(*)::int AS n FROM (
       SELECT r.seq, b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig, r.${k1}::text AS k1
       FROM ${c.projection} r, unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, length(u.lexeme)) i, search_broad_prefixes b
       WHERE b.source = '${c.source}' AND b.prefix = substr(u.lexeme, 1, i) GROUP BY r.seq, b.prefix, r.${k1}) x
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
const kept = (c: CollectionDef) =>
  db.query(`SELECT prefix, sig, k1, sum(n)::int AS n FROM search_prefix_counts WHERE source = '${c.source}' GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`);

/** The commonest words of a collection's label, so that some are broad and some ranks tie. */
async function commonWords(c: CollectionDef, label: string, n: number): Promise<string[]> {
  const rows = await db.query<{ word: string }>(`SELECT word FROM search_words WHERE source = '${c.source}' AND label = $1 AND word ~ '^[a-z0-9]+$' ORDER BY docs DESC, word LIMIT $2`, [label, n]);
  return rows.map((r) => r.word);
}

const ENQUIRY = { query_by: 'enquiryNumber,vrm,vehicle', facet_by: 'status', max_facet_values: '50', per_page: '25' };
const SUPPLIER = { query_by: 'name,address,supplierId', per_page: '25' };

describe('counts kept ahead for broad prefixes', () => {
  it('answer every one-word search exactly as counting the matches does', async () => {
    const words = [...(await commonWords(enquiries, 'C', 6)), 'f', 'fo', 'e', 'zzzq'];
    const supplierWords = [...(await commonWords(suppliers, 'A', 4)), 'a', 'zzzq'];
    const requests: [CollectionDef, Record<string, string>][] = [];
    for (const q of words) {
      requests.push([enquiries, { q, ...ENQUIRY }]);
      requests.push([enquiries, { q, ...ENQUIRY, page: '2' }]);
      requests.push([enquiries, { q, ...ENQUIRY, page: '11' }]);
      requests.push([enquiries, { q, ...ENQUIRY, filter_by: 'status:=[NEW, INVOICED]' }]);
      requests.push([enquiries, { q, ...ENQUIRY, query_by: 'vehicle' }]);
      requests.push([enquiries, { q, ...ENQUIRY, query_by: 'enquiryNumber,vrm,vehicle,description' }]);
      requests.push([archivedEnquiries, { q, ...ENQUIRY }]);
    }
    // Typos of common words: a step whose only correction is a broad prefix counts it ahead.
    const swapped = (w: string) => w[1] + w[0] + w.slice(2);
    const typos = [...words.slice(0, 4), ...supplierWords.slice(0, 3)].filter((w) => w.length >= 5).map(swapped);
    for (const q of typos) {
      requests.push([suppliers, { q, ...SUPPLIER, sort_by: 'modifiedAt:desc' }]);
      requests.push([enquiries, { q, ...ENQUIRY, facet_by: '' }]);
    }
    for (const q of supplierWords) {
      requests.push([suppliers, { q, ...SUPPLIER }]);
      requests.push([suppliers, { q, ...SUPPLIER, sort_by: 'modifiedAt:desc', facet_by: 'status' }]);
      requests.push([suppliers, { q, ...SUPPLIER, filter_by: 'status:=live' }]);
    }
    await refreshBroadPrefixes(db, PRODUCT_COLLECTIONS, 1_000_000);
    expect(await db.query(`SELECT * FROM search_broad_prefixes`)).toEqual([]);
    const counted: Awaited<ReturnType<typeof answer>>[] = [];
    for (const [c, params] of requests) counted.push(await answer(c, params));

    const broad = await refreshBroadPrefixes(db, PRODUCT_COLLECTIONS, 50);
    expect(broad.enquiries).toBeGreaterThan(20);
    expect(broad.suppliers).toBeGreaterThan(5);
    expect(broad.archivedEnquiries).toBeGreaterThan(5);
    ran.length = 0;
    let correctedAhead = 0;
    for (const [i, [c, params]] of requests.entries()) {
      const before = ran.length;
      expect(await answer(c, params), JSON.stringify(params)).toEqual(counted[i]);
      // A typo's statement over the kept counts bound to a correction (a word other than the one asked).
      const mine = ran.slice(before).filter(({ text }) => text.includes('FROM search_prefix_counts'));
      if (typos.includes(params.q) && mine.some(({ values }) => values.some((v) => typeof v === 'string' && [...words, ...supplierWords].includes(v)))) correctedAhead++;
    }
    expect(correctedAhead, 'typo steps whose only correction was counted ahead').toBeGreaterThan(0);
    // The kept counts were read, and the first pages of the commonest make came from a walk of the newest enquiries.
    expect(ran.some(({ text }) => text.includes('FROM search_prefix_counts'))).toBe(true);
    expect(ran.some(({ text }) => text.includes('ORDER BY seq DESC LIMIT'))).toBe(true);
    expect(counted.some((a) => Number(a.found) > 250)).toBe(true);
  });

  it('stay equal to the rows through inserts, updates and deletes, and follow what is broad', async () => {
    await refreshBroadPrefixes(db, PRODUCT_COLLECTIONS, 50);
    expect(await kept(enquiries)).toEqual(await fromRows(enquiries, 'status'));
    expect(await kept(suppliers)).toEqual(await fromRows(suppliers, 'unit_status'));

    const [ford] = await commonWords(enquiries, 'C', 1);
    await db.query(`UPDATE enquiries SET make = 'Fordson' || seq, model = $1 WHERE seq IN (SELECT seq FROM enquiries ORDER BY seq DESC LIMIT 40)`, [ford]);
    await db.query(`UPDATE enquiries SET status = 'CANCELLED' WHERE seq IN (SELECT seq FROM enquiries ORDER BY seq LIMIT 30)`);
    await db.query(
      `INSERT INTO enquiries (enquiry_number, status, source, service_type, lease_company_id, vrm, make, model, rate_card_type, currency, description)
       SELECT enquiry_number || 'X', status, source, service_type, lease_company_id, vrm, make, model, rate_card_type, currency, description FROM enquiries ORDER BY seq LIMIT 20`,
    );
    await db.query(`DELETE FROM enquiries WHERE seq IN (SELECT seq FROM enquiries ORDER BY seq LIMIT 10 OFFSET 100)`);
    const [one] = await db.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM suppliers ORDER BY seq LIMIT 1`);
    await db.query(`UPDATE suppliers SET name = $2 WHERE id = $1`, [one.id, `${ford} ${ford}mobile Garage`]);
    await db.query(`UPDATE suppliers SET unit_status = 'cancelled' WHERE seq IN (SELECT seq FROM suppliers ORDER BY seq DESC LIMIT 25)`);
    expect(await kept(enquiries)).toEqual(await fromRows(enquiries, 'status'));
    expect(await kept(suppliers)).toEqual(await fromRows(suppliers, 'unit_status'));

    // A higher bar keeps fewer prefixes, and drops the others' counts.
    const fewer = await refreshBroadPrefixes(db, PRODUCT_COLLECTIONS, 400);
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(DISTINCT prefix)::int AS n FROM search_prefix_counts WHERE source = 'enquiries'`);
    expect(n).toBe(fewer.enquiries);
    expect(await kept(enquiries)).toEqual(await fromRows(enquiries, 'status'));
  });
});
