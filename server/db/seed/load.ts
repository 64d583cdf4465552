/**
 * Bulk-load mode of the large seed: the secondary indexes (search GIN and trigram, btree) and
 * the foreign keys of the big tables are dropped before loading and put back afterwards. One
 * index build or one validating join over a million rows costs far less than maintaining eleven
 * indexes and checking six keys row by row (each check also locks the parent row).
 *
 * The definitions are read from the catalog (so they stay exactly what the migrations made) and
 * kept in `seed_deferred_ddl` until they are back, so a run that is killed half way is repaired
 * by the next one. Keys are re-added NOT VALID and then validated: nothing invalid survives.
 */
import type { Database } from '../client';

/** Tables that take hundreds of thousands of rows in the large network. */
export const BULK_TABLES = [
  'supplier_groups', 'suppliers', 'supplier_escalations', 'supplier_exceptions', 'supplier_network_terms', 'lease_group_links', 'users',
  'drivers', 'vehicles', 'enquiries', 'archived_enquiries', 'invoices', 'enquiry_messages', 'process_logs', 'billing_customers',
  'billing_subscriptions', 'billing_subscription_items',
] as const;

export interface DeferredDdl {
  kind: 'index' | 'fk';
  tbl: string;
  name: string;
  ddl: string;
}

const LEDGER = 'seed_deferred_ddl';

/** Secondary indexes (not the primary keys, which the keys and the generator rely on) and foreign keys of `tables`. */
async function catalog(database: Database, tables: readonly string[]): Promise<DeferredDdl[]> {
  const indexes = await database.query<DeferredDdl>(
    `SELECT 'index' AS kind, c.relname AS tbl, i.relname AS name, pg_get_indexdef(x.indexrelid) AS ddl
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1::text[]) AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid)
      ORDER BY 2, 3`,
    [tables],
  );
  const keys = await database.query<DeferredDdl>(
    `SELECT 'fk' AS kind, c.relname AS tbl, k.conname AS name,
            format('ALTER TABLE %I ADD CONSTRAINT %I %s', c.relname, k.conname, pg_get_constraintdef(k.oid)) AS ddl
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.contype = 'f' AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1::text[])
      ORDER BY 2, 3`,
    [tables],
  );
  return [...indexes, ...keys];
}

async function ledgerExists(database: Database): Promise<boolean> {
  const [r] = await database.query<{ t: string | null }>(`SELECT to_regclass('public.${LEDGER}')::text AS t`);
  return r.t !== null;
}

/** Drops the secondary indexes and foreign keys of `tables`; returns what restoreDeferred puts back. */
export async function deferIndexesAndKeys(database: Database, tables: readonly string[]): Promise<DeferredDdl[]> {
  // Whatever an interrupted run left in the ledger comes back first, so nothing is lost for good.
  if (await ledgerExists(database)) await restoreDeferred(database);
  const deferred = await catalog(database, tables);
  await database.query(`CREATE TABLE ${LEDGER} (kind text NOT NULL, tbl text NOT NULL, name text NOT NULL, ddl text NOT NULL, PRIMARY KEY (kind, name))`);
  await database.query(
    `INSERT INTO ${LEDGER} (kind, tbl, name, ddl) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [deferred.map((d) => d.kind), deferred.map((d) => d.tbl), deferred.map((d) => d.name), deferred.map((d) => d.ddl)],
  );
  for (const d of deferred) {
    if (d.kind === 'fk') await database.query(`ALTER TABLE "${d.tbl}" DROP CONSTRAINT "${d.name}"`);
  }
  for (const d of deferred) {
    if (d.kind === 'index') await database.query(`DROP INDEX "${d.name}"`);
  }
  return deferred;
}

/**
 * Re-creates everything in the ledger that is missing, validates every re-added key and
 * analyses the tables, two statements at a time (one per core). Returns the time spent per table.
 */
export async function restoreDeferred(database: Database, alsoAnalyze: readonly string[] = []): Promise<Record<string, number>> {
  const ledger = await database.query<DeferredDdl>(`SELECT kind, tbl, name, ddl FROM ${LEDGER} ORDER BY kind, tbl, name`);
  const tables = [...new Set(ledger.map((d) => d.tbl))];
  const present = await catalog(database, tables);
  const has = new Set(present.map((d) => `${d.kind}:${d.name}`));
  const [{ v: invalid }] = await database.query<{ v: string[] | null }>(
    `SELECT array_agg(conname::text) AS v FROM pg_constraint WHERE contype = 'f' AND NOT convalidated AND connamespace = 'public'::regnamespace`,
  );
  const toValidate = new Set(invalid ?? []);
  // Keys first, NOT VALID (instant): adding one locks its parent against index builds running alongside.
  for (const d of ledger) {
    if (d.kind !== 'fk' || has.has(`fk:${d.name}`)) continue;
    await database.query(`${d.ddl} NOT VALID`);
    toValidate.add(d.name);
  }
  // Session settings travel with each statement: the pool may hand any connection.
  const prefix = database.kind === 'pg' ? `SET maintenance_work_mem = '512MB'; SET max_parallel_maintenance_workers = 0; ` : '';
  const size = new Map(
    (await database.query<{ t: string; n: string }>(`SELECT relname AS t, pg_relation_size(oid)::text AS n FROM pg_class WHERE relname = ANY($1::text[]) AND relkind = 'r'`, [[...tables, ...alsoAnalyze]])).map((r) => [r.t, Number(r.n)]),
  );
  const bytes = (t: string) => size.get(t) ?? 0;
  const ms: Record<string, number> = {};
  const timed = async (t: string, fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    ms[t] = (ms[t] ?? 0) + performance.now() - started;
  };
  const onTwo = async (jobs: (() => Promise<void>)[]) => {
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job();
    };
    await Promise.all([worker(), worker()]);
  };
  // Index builds only take a SHARE lock, so both workers may build on the same table at once;
  // the GIN ones cost most, so they go first and the small ones fill the gaps at the end.
  const weight = (d: DeferredDdl) => bytes(d.tbl) * (/USING gin/i.test(d.ddl) ? 4 : 1);
  const builds = ledger.filter((d) => d.kind === 'index' && !has.has(`index:${d.name}`)).sort((a, b) => weight(b) - weight(a));
  await onTwo(builds.map((d) => () => timed(d.tbl, () => database.query(prefix + d.ddl))));
  // Validating a key and analysing exclude each other on one table: one job per table.
  const tableJobs = [...new Set([...tables, ...alsoAnalyze])].sort((a, b) => bytes(b) - bytes(a));
  await onTwo(
    tableJobs.map((t) => () =>
      timed(t, async () => {
        for (const d of ledger) if (d.tbl === t && d.kind === 'fk' && toValidate.has(d.name)) await database.query(`${prefix}ALTER TABLE "${t}" VALIDATE CONSTRAINT "${d.name}"`);
        await database.query(`ANALYZE "${t}"`);
      }),
    ),
  );
  // The catalog must now hold exactly what was deferred, keys validated.
  const after = await catalog(database, tables);
  const want = new Set(ledger.map((d) => `${d.kind}:${d.name}:${d.ddl}`));
  const got = new Set(after.map((d) => `${d.kind}:${d.name}:${d.ddl}`));
  const missing = [...want].filter((k) => !got.has(k));
  const [{ v: still }] = await database.query<{ v: string[] | null }>(
    `SELECT array_agg(conname::text) AS v FROM pg_constraint WHERE contype = 'f' AND NOT convalidated AND connamespace = 'public'::regnamespace`,
  );
  if (missing.length || still?.length) throw new Error(`Restoring indexes and keys left differences: ${[...missing, ...(still ?? [])].join(', ')}`);
  await database.query(`DROP TABLE ${LEDGER}`);
  return ms;
}
