import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, DEMO_DAY, type TestDatabase } from '../support/db';
import { seedDemo, hasNetworkData, type SeedResult } from '../../server/db/seed/index';
import { BULK_TABLES, deferIndexesAndKeys, restoreDeferred } from '../../server/db/seed/load';
import { ENQUIRY_STATUSES } from '../../domain/enquiries';
import { isCompanyNumber, isEmail, isPhone, isPostcode, isVat, isVrm } from '../../domain/formats';
import type { Locale } from '../../domain/common';
import { countryOfLocale, customerFormSchema, toCustomerForm } from '../../domain/customers';
import { toCustomerDetails } from '../../server/rpc/customers';
import { supplierDetails } from '../../server/rpc/suppliers';
import { groupDetails } from '../../server/rpc/groups';
import { supplierFormSchema, toSupplierForm } from '../../domain/suppliers';
import { groupFormSchema, toGroupForm } from '../../domain/groups';
import { leaseCompanies, supplierGroups, suppliers } from '../../server/db/schema';
import { countDims, hasRollup, rollupSource } from '../../server/search/counts';
import { SearchEngine } from '../../server/search/engine';
import { PRODUCT_COLLECTIONS } from '../../server/search/productCollections';
import type { CollectionDef, FieldDef } from '../../server/search/types';

// A time of the demo network's day: the seed anchors to the day, so this seeds what the global setup did.
const TODAY = new Date(DEMO_DAY.getTime() + 9 * 3_600_000);
let t: TestDatabase;
let result: SeedResult;
const q = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => t.database.query<T>(sql, params);
const num = (v: unknown) => Number(v);

beforeAll(async () => {
  t = await createTestDatabase();
  expect(await hasNetworkData(t.database)).toBe(false);
  result = await seedDemo(t.database, { size: 'small', today: TODAY });
  console.log(`small seed on ${t.database.kind}: ${(result.ms / 1000).toFixed(1)} s`, result.counts);
}, 120_000);
afterAll(() => t?.drop());

describe('small demo network', () => {
  // How long seeding takes is measured by `npm run seed` (scripts/seed.ts prints it per table), not
  // asserted here: with both API projects and their databases sharing two cores it varies twofold.
  it('fills every network table', async () => {
    expect(await hasNetworkData(t.database)).toBe(true);
    const expected: Record<string, [number, number]> = {
      lease_companies: [40, 40], supplier_groups: [60, 60], suppliers: [600, 600], drivers: [2000, 2000], vehicles: [3000, 3000],
      enquiries: [5000, 5000], archived_enquiries: [600, 600], e_registrations: [30, 30], sub_customers: [40, 200], lease_group_links: [120, 2000],
      users: [150, 2000], invoices: [2000, 3500], process_logs: [300, 5000], savi_exports: [30, 30], supplier_network_terms: [1, 600],
      supplier_exceptions: [1, 600], supplier_escalations: [1, 600], files: [1, 200], documents: [1, 100], network_imports: [1, 100],
      billing_customers: [640, 640], billing_subscriptions: [640, 2000], mail_events: [1, 2000], file_validation_reports: [25, 100],
      job_code_mappings: [10, 100], accounting_categories: [1, 20], paybill_settings: [1, 1], api_configs: [1, 100], enquiry_messages: [1, 1000],
    };
    for (const [table, [min, max]] of Object.entries(expected)) {
      const [{ n }] = await q<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}`);
      expect(num(n), table).toBeGreaterThanOrEqual(min);
      expect(num(n), table).toBeLessThanOrEqual(max);
      if (result.counts[table] !== undefined) expect(num(n), table).toBe(result.counts[table]);
    }
  });

  it('has enquiries in every status, customers and suppliers in both states and registrations NEW and REJECTED', async () => {
    const statuses = (await q<{ status: string }>('SELECT DISTINCT status FROM enquiries')).map((r) => r.status);
    expect(statuses.sort()).toEqual([...ENQUIRY_STATUSES].sort());
    const leases = (await q<{ status: string }>('SELECT DISTINCT status FROM lease_companies')).map((r) => r.status).sort();
    expect(leases).toEqual(['ACTIVE', 'TERMINATED']);
    const units = (await q<{ unit_status: string }>('SELECT DISTINCT unit_status FROM suppliers')).map((r) => r.unit_status).sort();
    expect(units).toEqual(['cancelled', 'live']);
    const regs = (await q<{ status: string }>('SELECT DISTINCT status FROM e_registrations')).map((r) => r.status);
    expect(regs).toEqual(expect.arrayContaining(['NEW', 'REJECTED']));
    const [{ n: noFinance }] = await q<{ n: unknown }>('SELECT count(*) AS n FROM suppliers WHERE finance_supplier_id IS NULL');
    expect(num(noFinance)).toBeGreaterThan(0);
    const kinds = (await q<{ kind: string }>('SELECT DISTINCT kind FROM users')).map((r) => r.kind).sort();
    expect(kinds).toEqual(['group', 'lease', 'supplier']);
    const [{ n: linked }] = await q<{ n: unknown }>(`SELECT count(DISTINCT lease_company_id) AS n FROM lease_group_links WHERE status = 'ACTIVE'`);
    expect(num(linked)).toBeGreaterThan(30);
    const [{ n: withFleet }] = await q<{ n: unknown }>('SELECT count(*) AS n FROM lease_companies l WHERE EXISTS (SELECT 1 FROM vehicles v WHERE v.lease_company_id = l.id) AND EXISTS (SELECT 1 FROM drivers d WHERE d.lease_company_id = l.id)');
    expect(num(withFleet)).toBe(40);
  });

  it('has process logs for each of the last 30 days', async () => {
    const days = await q<{ d: string }>(`SELECT DISTINCT to_char(executed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM process_logs`);
    expect(days.length).toBe(30);
    expect(days.map((r) => r.d).sort().at(-1)).toBe('2026-11-21');
  });

  it('raises one invoice per invoiced enquiry, matching it, and credit notes only against invoices', async () => {
    const all = `(SELECT id, enquiry_number, status, lease_company_id, supplier_id, group_id, vrm, currency, invoiced_at FROM enquiries
                  UNION ALL SELECT id, enquiry_number, status, lease_company_id, supplier_id, group_id, vrm, currency, invoiced_at FROM archived_enquiries)`;
    const [bad] = await q<{ missing: unknown; orphan: unknown; mismatch: unknown; dup: unknown }>(`
      SELECT
        (SELECT count(*) FROM ${all} e WHERE e.status = 'INVOICED' AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.enquiry_id = e.id AND i.type = 'Invoice')) AS missing,
        (SELECT count(*) FROM invoices i WHERE NOT EXISTS (SELECT 1 FROM ${all} e WHERE e.id = i.enquiry_id AND e.status = 'INVOICED')) AS orphan,
        (SELECT count(*) FROM invoices i JOIN ${all} e ON e.id = i.enquiry_id
          WHERE e.enquiry_number <> i.enquiry_number OR e.lease_company_id <> i.lease_company_id OR e.supplier_id <> i.supplier_id
             OR e.group_id <> i.group_id OR e.vrm <> i.vrm OR e.currency <> i.currency OR i.tax_point_date < (e.invoiced_at AT TIME ZONE 'UTC')::date
             OR i.total_gross <> i.total_nett + i.total_vat) AS mismatch,
        (SELECT count(*) FROM (SELECT enquiry_id FROM invoices WHERE type = 'Invoice' GROUP BY enquiry_id HAVING count(*) > 1) x) AS dup`);
    expect([num(bad.missing), num(bad.orphan), num(bad.mismatch), num(bad.dup)]).toEqual([0, 0, 0, 0]);
    const [credits] = await q<{ n: unknown; bad: unknown }>(`
      SELECT count(*) AS n,
             count(*) FILTER (WHERE o.id IS NULL OR o.type <> 'Invoice' OR c.credit_value > o.total_nett OR c.enquiry_id <> o.enquiry_id) AS bad
      FROM invoices c LEFT JOIN invoices o ON o.id = c.credit_of_invoice_id WHERE c.type = 'Credit'`);
    expect(num(credits.n)).toBeGreaterThan(0);
    expect(num(credits.bad)).toBe(0);
  });

  it('writes postcodes, phones, VAT and company numbers, e-mails and registrations that pass domain/formats', async () => {
    const check = (rows: Record<string, unknown>[], field: string, rule: (v: unknown, l: Locale) => boolean) => {
      const failing = rows.filter((r) => r[field] !== null && !rule(r[field], r.locale as Locale)).map((r) => r[field]);
      expect(failing, field).toEqual([]);
    };
    const leases = await q('SELECT locale, post_code, main_phone_number, land_line_number, mobile_number, whatsapp_number, vat_number, company_registration_number, email, info_email FROM lease_companies');
    for (const f of ['main_phone_number', 'land_line_number', 'mobile_number', 'whatsapp_number']) check(leases, f, isPhone);
    check(leases, 'post_code', isPostcode);
    check(leases, 'vat_number', isVat);
    check(leases, 'company_registration_number', isCompanyNumber);
    check(leases, 'email', (v) => isEmail(v));
    check(leases, 'info_email', (v) => isEmail(v));
    const groups = await q(`SELECT locale, post_code, vat_registration_number, company_registration_number, contact->>'contactNumber1' AS phone, contact->>'email' AS email, billing_address->>'postCode' AS billing_pc FROM supplier_groups`);
    for (const [f, rule] of [['post_code', isPostcode], ['billing_pc', isPostcode], ['vat_registration_number', isVat], ['company_registration_number', isCompanyNumber], ['phone', isPhone], ['email', (v: unknown) => isEmail(v)]] as const) check(groups, f, rule);
    const sups = await q('SELECT locale, post_code, primary_phone_number, booking_phone_number, fax_number, vat_registration_number, company_registration_number, email FROM suppliers');
    for (const [f, rule] of [['post_code', isPostcode], ['primary_phone_number', isPhone], ['booking_phone_number', isPhone], ['fax_number', isPhone], ['vat_registration_number', isVat], ['company_registration_number', isCompanyNumber], ['email', (v: unknown) => isEmail(v)]] as const) check(sups, f, rule);
    const regs = await q(`SELECT CASE WHEN vat_number LIKE 'IE%' THEN 'en_IE' ELSE 'en_GB' END AS locale, post_code, vat_number, reg_number, email FROM e_registrations`);
    for (const [f, rule] of [['post_code', isPostcode], ['vat_number', isVat], ['reg_number', isCompanyNumber], ['email', (v: unknown) => isEmail(v)]] as const) check(regs, f, rule);
    const drivers = await q('SELECT l.locale, d.phone_number, d.email FROM drivers d JOIN lease_companies l ON l.id = d.lease_company_id');
    check(drivers, 'phone_number', isPhone);
    check(drivers, 'email', (v) => isEmail(v));
    const users = await q(`SELECT 'en_GB' AS locale, email FROM users`);
    check(users, 'email', (v) => isEmail(v));
    const vrms = await q<{ vrm: string }>('SELECT vrm FROM vehicles UNION SELECT vrm FROM archived_enquiries');
    expect(vrms.filter((r) => !isVrm(r.vrm, TODAY))).toEqual([]);
  });

  it('writes customers that the customer form accepts as they are, so any of them can be edited and saved', async () => {
    const rows = await t.database.db.select().from(leaseCompanies);
    const refused = rows.flatMap((row) => {
      const details = toCustomerDetails(row, { canViewFees: true, documentCount: 0 });
      const parsed = customerFormSchema(countryOfLocale(row.locale), { isNew: false, canEditFees: true }).safeParse(toCustomerForm(details));
      return parsed.success ? [] : [`${row.name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    });
    expect(refused).toEqual([]);
  });

  it('writes suppliers and groups that their forms accept as they are, so any of them can be edited and saved unchanged', async () => {
    /** What the form would refuse of a record as it is, as 'name: field message'. */
    const refusals = (name: string, parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      parsed.success ? [] : [`${name}: ${parsed.error!.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    const db = t.database.db;
    const refused: string[] = [];
    for (const row of await db.select().from(suppliers)) {
      refused.push(...refusals(row.name, supplierFormSchema(countryOfLocale(row.locale)).safeParse(toSupplierForm(await supplierDetails(db, row)))));
    }
    for (const row of await db.select().from(supplierGroups)) {
      refused.push(...refusals(row.name, groupFormSchema(countryOfLocale(row.locale)).safeParse(toGroupForm(await groupDetails(db, row)))));
    }
    expect(refused).toEqual([]);
  });

  it('keeps every foreign key and lookup consistent', async () => {
    const [r] = await q<Record<string, unknown>>(`
      SELECT
        (SELECT count(*) FROM enquiries e JOIN vehicles v ON v.id = e.vehicle_id WHERE v.lease_company_id <> e.lease_company_id OR v.vrm <> e.vrm) AS enquiry_vehicle,
        (SELECT count(*) FROM enquiries e JOIN suppliers s ON s.id = e.supplier_id WHERE s.group_id <> e.group_id) AS enquiry_group,
        (SELECT count(*) FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE d.lease_company_id <> v.lease_company_id) AS vehicle_driver,
        (SELECT count(*) FROM users WHERE (kind = 'lease') <> (lease_company_id IS NOT NULL) OR (kind <> 'lease' AND group_id IS NULL) OR (kind = 'supplier') <> (supplier_id IS NOT NULL)) AS user_owner,
        (SELECT count(*) FROM users u JOIN suppliers s ON s.id = u.supplier_id WHERE s.group_id <> u.group_id) AS user_group,
        (SELECT count(*) FROM supplier_network_terms t JOIN suppliers s ON s.id = t.supplier_id JOIN supplier_groups g ON g.id = s.group_id WHERE NOT g.belongs_to_di_network) AS terms_outside_di,
        (SELECT count(*) FROM suppliers s WHERE s.finance_supplier_id IS NULL AND NOT EXISTS (SELECT 1 FROM supplier_exceptions x WHERE x.supplier_id = s.id AND NOT x.is_resolved)) AS unmapped_without_exception,
        (SELECT count(*) FROM enquiries e JOIN lease_companies l ON l.id = e.lease_company_id WHERE l.status = 'TERMINATED' AND e.status NOT IN ('INVOICED', 'CANCELLED')) AS terminated_open,
        (SELECT count(*) FROM enquiries e WHERE e.enquiry_number IN (SELECT enquiry_number FROM archived_enquiries)) AS number_clash
    `);
    for (const [k, v] of Object.entries(r)) expect(num(v), k).toBe(0);
    // The declared foreign keys were enforced on insert; make sure they all exist.
    const [{ n }] = await q<{ n: unknown }>(`SELECT count(*) AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`);
    expect(num(n)).toBeGreaterThan(50);
  });

  it('gives the same rows for the same seed', async () => {
    // The demo network of the other tests: the same seed and day, seeded by another process.
    const other = await createTestDatabase({ demo: true });
    try {
      const samples = [
        `SELECT id, di_customer_id, name, status, post_code, vat_number, config, platform_fees, created_at FROM lease_companies ORDER BY seq LIMIT 15`,
        `SELECT id, group_id, supplier_id, name, unit_status, post_code, lat, lng, services, opening_hours FROM suppliers ORDER BY seq LIMIT 40`,
        `SELECT id, enquiry_number, status, vrm, make, model, supplier_id, quoted_amount, created_at FROM enquiries WHERE seq % 97 = 1 ORDER BY seq`,
        `SELECT id, invoice_number, type, total_nett, total_vat, tax_point_date, enquiry_id FROM invoices ORDER BY invoice_number LIMIT 60`,
        `SELECT id, vrm, vin, driver_id, contract_status FROM vehicles WHERE seq % 50 = 3 ORDER BY seq`,
        `SELECT id, email, status, kind FROM users ORDER BY seq LIMIT 50`,
        `SELECT type, name, executed_at, is_success, lease_company_id FROM process_logs ORDER BY executed_at, id LIMIT 50`,
      ];
      for (const sql of samples) {
        const a = await t.database.query(sql);
        const b = await other.database.query(sql);
        expect(b.length).toBeGreaterThan(0);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }
      const [{ n }] = await other.database.query<{ n: unknown }>(`SELECT count(*) AS n FROM enquiries`);
      expect(num(n)).toBe(5000);
    } finally {
      await other.drop();
    }
  }, 120_000);

  it('puts back exactly the indexes and foreign keys the large load drops, keys validated', async () => {
    const catalog = async () =>
      JSON.stringify([
        await q(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`),
        await q(`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def, convalidated FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
      ]);
    const before = await catalog();
    const deferred = await deferIndexesAndKeys(t.database, BULK_TABLES);
    expect(deferred.filter((d) => d.kind === 'index').length).toBeGreaterThan(40);
    expect(deferred.filter((d) => d.kind === 'fk').length).toBeGreaterThan(30);
    const [{ n: left }] = await q<{ n: unknown }>(`SELECT count(*) AS n FROM pg_indexes WHERE tablename = 'enquiries' AND indexname <> 'enquiries_pkey'`);
    expect(num(left)).toBe(0);
    await restoreDeferred(t.database);
    expect(await catalog()).toBe(before);
    const [{ n: ledger }] = await q<{ n: unknown }>(`SELECT count(*) AS n FROM pg_tables WHERE tablename = 'seed_deferred_ddl'`);
    expect(num(ledger)).toBe(0);
  });
});

// The counts the list searches read (server/search/counts.ts) against the rows themselves: after the
// seed's bulk load, and after updates that move rows between values, deletes, inserts and a truncate.
describe('search counts over the demo network', () => {
  const counted = PRODUCT_COLLECTIONS.filter((c) => c.counts);
  /** The same collection answered by counting its rows. */
  const scanned = new Map(counted.map((c) => [c, { ...c, counts: undefined, projection: undefined }]));
  const listRequests = (c: CollectionDef): Record<string, string>[] => {
    const dims = countDims(c);
    const base = { q: '*', query_by: c.fields.find((f) => f.search)!.name, per_page: '10', ...(c.listSorts?.[0] ? { sort_by: c.listSorts[0] } : {}) };
    const out: Record<string, string>[] = [base, { ...base, page: '3' }];
    const facets = dims.filter((f) => f.facet);
    for (const f of facets) out.push({ ...base, facet_by: f.name, max_facet_values: '50' });
    for (const f of dims) out.push({ ...base, facet_by: facets.map((d) => d.name).join(','), filter_by: `${f.name}:!=${lit(f, f.type === 'bool' ? 'true' : 'zz')}`, max_facet_values: '2' });
    return out;
  };
  /** Text searches a projection counts: a common word, its prefix, two words, one field or all. */
  const textRequests = async (c: CollectionDef): Promise<Record<string, string>[]> => {
    if (!c.projection) return [];
    const words = (await q<{ word: string }>(`SELECT word FROM ts_stat('SELECT search_tsv FROM ${c.source}') WHERE word ~ '^[a-z]{4,}$' ORDER BY ndoc DESC, word LIMIT 2`)).map((r) => r.word);
    const searched = c.fields.filter((f) => f.search && f.weight).map((f) => f.name);
    const facet = countDims(c).filter((f) => f.facet).map((f) => f.name).join(',');
    const base = { per_page: '10', facet_by: facet, ...(c.listSorts?.[0] ? { sort_by: c.listSorts[0] } : {}) };
    return [
      { ...base, q: words[0], query_by: searched.join(',') },
      { ...base, q: words[0].slice(0, 3), query_by: searched.join(','), page: '2' },
      { ...base, q: `${words[1]} ${words[0]}`, query_by: searched.join(',') },
      { ...base, q: words[0], query_by: searched.slice(0, 2).join(',') },
      { ...base, q: `${words[0]} -${words[1]}`, query_by: searched.join(','), sort_by: '_text_match:desc' },
    ];
  };
  const lit = (f: FieldDef, v: string) => (f.type === 'bool' ? v : `\`${v}\``);
  const withValues = async (c: CollectionDef, req: Record<string, string>) => {
    // Filter each dimension on its two commonest values, as the checkbox facets do.
    const out = [req];
    for (const f of countDims(c)) {
      const rows = await q<{ v: string }>(`SELECT (${f.sql})::text AS v FROM ${c.source} d WHERE ${f.sql} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 2`);
      if (!rows.length) continue;
      const list = rows.map((r) => lit(f, r.v)).join(',');
      out.push({ ...req, filter_by: `${f.name}:=[${list}]` }, { ...req, filter_by: `${f.name}:=${lit(f, rows[0].v)} || ${f.name}:!=[${list}]` });
    }
    return out;
  };
  const agree = async () => {
    const engine = new SearchEngine(t.database);
    for (const c of counted) {
      const [{ rows, n }] = await q<{ rows: unknown; n: unknown }>(`SELECT (SELECT count(*) FROM ${c.source}) AS rows, (SELECT coalesce(sum(n), 0) FROM search_counts WHERE source = '${c.source}') AS n`);
      expect(num(n), c.name).toBe(num(rows));
      if (hasRollup(c)) {
        const [{ rolled }] = await q<{ rolled: unknown }>(`SELECT coalesce(sum(n), 0) AS rolled FROM search_counts WHERE source = $1`, [rollupSource(c)]);
        expect(num(rolled), `${c.name} over its first dimension`).toBe(num(rows));
      }
      for (const base of [...listRequests(c), ...(await textRequests(c))]) {
        for (const req of await withValues(c, base)) {
          expect(engine.compile(c, req).counted, JSON.stringify(req)).toBe(true);
          const fast = await engine.search(c, req);
          const slow = await engine.search(scanned.get(c)!, req);
          const shape = (r: Record<string, unknown>) => ({ found: r.found, out_of: r.out_of, facets: r.facet_counts, ids: (r.hits as { document: { id: string } }[]).map((h) => h.document.id) });
          expect(shape(fast), `${c.name} ${JSON.stringify(req)}`).toEqual(shape(slow));
        }
      }
    }
  };

  it('answer list searches exactly as counting the rows does', agree, 60_000);

  it('count a text search once for all its pages, until a write changes its matches', async () => {
    const engine = new SearchEngine(t.database);
    const stop = await engine.cache.start(t.database, () => undefined);
    try {
      const c = counted.find((x) => x.name === 'suppliers')!;
      const [{ word }] = await q<{ word: string }>(`SELECT word FROM ts_stat('SELECT search_tsv FROM suppliers') WHERE word ~ '^[a-z]{4,}$' ORDER BY ndoc DESC, word LIMIT 1`);
      const page = (n: number) => ({ q: word, query_by: 'name,address,supplierId,email', facet_by: 'status', sort_by: 'modifiedAt:desc', per_page: '3', page: String(n) });
      type Answer = { found: number; facet_counts: { counts: { count: number }[] }[]; hits: { document: { id: string } }[] };
      const search = async (n: number) => (await engine.search(c, page(n))) as unknown as Answer;
      const total = (r: Answer) => r.facet_counts[0].counts.reduce((n, x) => n + x.count, 0);
      const first = await search(1);
      expect(engine.cache.size, 'the answer, its counts and the match counted per status and group').toBe(3);
      const second = await search(2);
      expect(engine.cache.size, 'one more answer, the same counts').toBe(4);
      // Another filter or facet on those dimensions counts nothing again: its counts come from them.
      const statements = vi.spyOn(t.database, 'searchQuery');
      try {
        const live = (await engine.search(c, { ...page(1), filter_by: 'status:=live', facet_by: '' })) as unknown as Answer;
        expect(live.found).toBe(first.facet_counts[0].counts.find((x) => (x as { value?: string }).value === 'live')?.count ?? 0);
        expect(statements.mock.calls.filter(([text]) => text.includes('GROUP BY x.k1')).length).toBe(0);
      } finally {
        statements.mockRestore();
      }
      expect([second.found, second.facet_counts]).toEqual([first.found, first.facet_counts]);
      expect(second.hits.map((h) => h.document.id)).not.toEqual(first.hits.map((h) => h.document.id));

      const told = engine.cache.nextChange('suppliers');
      await q(`UPDATE suppliers SET name = name || ' ' || $1 WHERE seq = (SELECT min(seq) FROM suppliers WHERE NOT search_tsv @@ to_tsquery('simple', $1))`, [word]);
      await told;
      const third = await search(3);
      expect(third.found).toBe(first.found + 1);
      expect(total(third)).toBe(third.found);
      const past = await search(Math.ceil(third.found / 3) + 1);
      expect([past.found, past.hits]).toEqual([third.found, []]);
    } finally {
      await stop();
    }
  });

  it('rank a text query once for its first pages, each page as its own ranking gives it, until a write changes the matches', async () => {
    const engine = new SearchEngine(t.database);
    const stop = await engine.cache.start(t.database, () => undefined);
    try {
      const c = counted.find((x) => x.name === 'enquiries')!;
      const [{ make }] = await q<{ make: string }>(`SELECT lower(make) AS make FROM enquiries GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
      // No sort_by: ranked by text alone.
      const params = (n: number) => ({ q: make, query_by: 'enquiryNumber,vrm,vehicle', facet_by: 'status', per_page: '3', page: String(n) });
      type Answer = { found: number; hits: { document: { id: string }; text_match: number }[] };
      const search = async (n: number) => (await engine.search(c, params(n))) as unknown as Answer;
      /** The page as the statement that ranks every match for that page alone reads it. */
      const alone = async (n: number) => {
        const { split } = engine.compile(c, params(n));
        if (!split) throw new Error('a text search on the enquiries projection runs split');
        return (await t.database.query<{ _id: string }>(split.page.text, split.page.values)).map((r) => String(r._id));
      };
      const ids = (r: Answer) => r.hits.map((h) => h.document.id);

      const first = await search(1);
      expect(engine.cache.size, 'the answer, its counts, the match counted per status and the order of its first pages').toBe(4);
      const second = await search(2);
      expect(engine.cache.size, 'one more answer').toBe(5);
      expect(first.found).toBeGreaterThan(6);
      expect(ids(first)).toEqual(await alone(1));
      expect(ids(second)).toEqual(await alone(2));
      expect(first.hits[0].text_match).toBeGreaterThanOrEqual(second.hits[0].text_match);

      // A matching enquiry whose words and status stay (another service type): the page is read
      // again, its counts and ranking are not.
      const kept = engine.cache.nextChange('enquiries');
      await q(`UPDATE enquiries SET quoted_amount = coalesce(quoted_amount, 0) + 1 WHERE seq = (SELECT max(seq) FROM enquiries WHERE lower(make) = $1)`, [make]);
      await kept;
      const statements = vi.spyOn(t.database, 'searchQuery');
      try {
        expect(ids(await search(1))).toEqual(await alone(1));
        const ran = statements.mock.calls.map(([text]) => text);
        expect(ran.filter((text) => text.includes('GROUP BY x.k1') || text.includes('AS _tm FROM (SELECT')).length, ran.join('\n')).toBe(0);
        expect(ran.length).toBeGreaterThan(1);
      } finally {
        statements.mockRestore();
      }

      const told = engine.cache.nextChange('enquiries');
      await q(`UPDATE enquiries SET make = $1 WHERE seq = (SELECT max(seq) FROM enquiries WHERE lower(make) <> $1)`, [make]);
      await told;
      const third = await search(3);
      expect(third.found).toBe(first.found + 1);
      expect(ids(third)).toEqual(await alone(3));
      expect(ids(await search(1))).toEqual(await alone(1));
    } finally {
      await stop();
    }
  });

  it('follow updates between values, deletes, inserts and truncation', async () => {
    await q(`UPDATE suppliers SET unit_status = CASE unit_status WHEN 'live' THEN 'cancelled' ELSE 'live' END WHERE seq % 7 = 0`);
    await q(`UPDATE suppliers SET group_id = (SELECT id FROM supplier_groups ORDER BY seq LIMIT 1) WHERE seq % 11 = 0`);
    await q(`UPDATE supplier_groups SET blocked = NOT blocked, belongs_to_di_network = NOT belongs_to_di_network WHERE seq % 3 = 0`);
    await Promise.all(Array.from({ length: 12 }, (_, i) => q(`UPDATE enquiries SET status = 'CANCELLED' WHERE seq = $1`, [i * 13 + 1])));
    await q(`DELETE FROM enquiries WHERE seq % 5 = 0 AND id NOT IN (SELECT enquiry_id FROM invoices WHERE enquiry_id IS NOT NULL) AND id NOT IN (SELECT enquiry_id FROM enquiry_messages)`);
    await q(`UPDATE lease_companies SET name = name || ''`);
    await q(`UPDATE suppliers SET name = name || ' Autocentre' WHERE seq % 4 = 1`);
    await q(`UPDATE enquiries SET make = 'Zenvo' WHERE seq % 9 = 2`);
    await agree();
    await q(`TRUNCATE e_registrations`);
    const [{ n }] = await q<{ n: unknown }>(`SELECT count(*) AS n FROM search_counts WHERE source = 'e_registrations'`);
    expect(num(n)).toBe(0);
    await agree();
  }, 120_000);
});
