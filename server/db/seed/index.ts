/**
 * The demo network: a deterministic, believable UK and Irish network. The same seed, size and
 * day give the same rows. `small` is what `npm start` seeds into a new database; `large` is for
 * benchmarks (npm run seed -- --size large).
 */
import { seedFinanceLedger } from './finance';
import type { Database } from '../client';
import { SIZES, type SeedContext, type SeedSize } from './context';
import { seedCustomers } from './customers';
import { seedNetwork } from './network';
import { seedFleet, seedRegistrations, seedUsers } from './people';
import { seedEnquiries } from './enquiries';
import { seedOperations } from './operations';
import { seedBillingCharges } from './charges';
import { DAY } from './random';
import { endBulkSession, startBulkSession } from './bulk';
import { BULK_TABLES, deferIndexesAndKeys, restoreDeferred } from './load';
import { BROAD_PREFIXES_TABLE, refreshBroadPrefixes } from '../../search/prefixCounts';
import { PRODUCT_COLLECTIONS } from '../../search/productCollections';

export { SIZES, type SeedSize } from './context';

export interface SeedOptions {
  size: SeedSize;
  seed?: number;
  /** The day the data is anchored to (defaults to today, UTC). */
  today?: Date;
  log?: (message: string) => void;
}

export interface TableTiming {
  table: string;
  rows: number;
  /** Wall-clock time from the table's first row to its last write (tables load side by side). */
  loadMs: number;
  /** Time the database spent on its inserts. */
  dbMs: number;
  /** Re-creating its indexes, validating its keys and analysing it (large size only). */
  restoreMs: number;
}

export interface SeedResult {
  size: SeedSize;
  seed: number;
  ms: number;
  counts: Record<string, number>;
  tables: TableTiming[];
}

export const DEFAULT_SEED = 20261121;

/** Tables the seed fills, children first, so they can be cleared in this order. */
export const NETWORK_TABLES = [
  'finance_bills', 'finance_tax_codes', 'finance_suppliers', 'billing_charges', 'billing_subscription_items', 'billing_subscriptions', 'billing_customers', 'api_configs', 'network_exports', 'network_imports', 'documents',
  'import_file_companies', 'file_validation_reports', 'mail_events', 'job_code_mappings', 'paybill_settings', 'savi_exports', 'process_logs', 'enquiry_messages', 'invoices',
  'enquiries', 'archived_enquiries', 'vehicles', 'drivers', 'users', 'e_registrations', 'customer_network_terms', 'lease_group_links', 'supplier_network_terms',
  'supplier_exceptions', 'supplier_escalations', 'suppliers', 'supplier_groups', 'sub_customers', 'lease_companies', 'integration_lookups',
  'accounting_categories', 'file_chunks', 'files',
] as const;

/** True when the database already holds customers, groups or suppliers. */
export async function hasNetworkData(database: Database): Promise<boolean> {
  const [r] = await database.query<{ n: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM lease_companies) OR EXISTS (SELECT 1 FROM supplier_groups) OR EXISTS (SELECT 1 FROM suppliers) AS n',
  );
  return Boolean(r.n);
}

/** Removes all network data (not admins, sessions or audit rows); used by `seed --force`. */
export async function clearNetworkData(database: Database): Promise<void> {
  // No prefix is broad any more: the rows loaded next are not counted one by one (seeding counts them at the end).
  await database.query(`DELETE FROM ${BROAD_PREFIXES_TABLE}`);
  await database.query(`TRUNCATE ${NETWORK_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
}

export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const day = options.today ?? new Date();
  const ctx: SeedContext = {
    database,
    seed,
    size: SIZES[options.size],
    today: Math.floor(day.getTime() / DAY) * DAY,
    leases: [],
    groups: [],
    suppliers: [],
    vehicles: [],
    counts: {},
    log: options.log ?? (() => undefined),
  };
  const step = async (name: string, fn: (c: SeedContext) => Promise<void>) => {
    const t = performance.now();
    await fn(ctx);
    ctx.log(`${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  // The large size loads without secondary indexes and foreign keys, then puts them back (load.ts);
  // children then need not wait for their parents, and bigger statements mean fewer round trips.
  const bulkLoad = options.size === 'large';
  const session = startBulkSession(database, bulkLoad && database.kind === 'pg' ? { chunkSize: 10_000, unordered: true } : {});
  let restoreMs: Record<string, number> = {};
  try {
    if (bulkLoad) {
      await deferIndexesAndKeys(database, BULK_TABLES);
      ctx.log('loading without the secondary indexes and foreign keys of the big tables; they are re-created and validated at the end');
    }
    try {
      await step('customers', seedCustomers);
      await step('groups, links and suppliers', seedNetwork);
      await step('e-registrations', seedRegistrations);
      await step('users', seedUsers);
      await step('drivers and vehicles', seedFleet);
      await step('enquiries and invoices', seedEnquiries);
      await step('logs, exports, documents and billing', seedOperations);
      await step('finance ledger', seedFinanceLedger);
      await step('billing charges', seedBillingCharges);
    } catch (e) {
      // Put the schema back even when loading failed; the loading error is the one to report.
      if (bulkLoad) await restoreDeferred(database).catch((r) => ctx.log(`restoring indexes and keys failed too: ${String(r)}`));
      throw e;
    }
    if (bulkLoad) {
      const t = performance.now();
      const rest = NETWORK_TABLES.filter((n) => !(BULK_TABLES as readonly string[]).includes(n));
      restoreMs = await restoreDeferred(database, rest);
      ctx.log(`indexes, keys and statistics done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    endBulkSession(database);
  }
  // The broad search prefixes of what was loaded, counted ahead (server/search/prefixCounts.ts).
  const t = performance.now();
  const broad = await refreshBroadPrefixes(database, PRODUCT_COLLECTIONS);
  ctx.log(`broad search prefixes (${Object.entries(broad).map(([k, n]) => `${k} ${n}`).join(', ')}) counted in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const tables = [...session.stats.entries()]
    .map(([table, s]) => ({ table, rows: s.rows, loadMs: Math.round(s.lastAt - s.firstAt), dbMs: Math.round(s.dbMs), restoreMs: Math.round(restoreMs[table] ?? 0) }))
    .sort((a, b) => b.loadMs + b.restoreMs - (a.loadMs + a.restoreMs));
  return { size: options.size, seed, ms: Math.round(performance.now() - started), counts: ctx.counts, tables };
}
