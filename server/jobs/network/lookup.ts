/**
 * Database checks of network file rows, in batches: one query per batch of supplier ids, so a
 * 25 MB file costs a few dozen round trips rather than one per row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** Rows checked (and applied) per database round trip. */
export const BATCH_ROWS = 2000;

/** Whose network a file is about: a customer's, or the DI network's (leaseCompanyId null). */
export interface NetworkScope {
  isDi: boolean;
  leaseCompanyId: string | null;
}

export interface SupplierRef {
  /** suppliers.id */
  id: string;
  /** The DI Group Id of its group. */
  groupCode: string;
  /** In a group linked (ACTIVE) to the customer, or in a DI network group. */
  allowed: boolean;
  /** DI only: the supplier has DI network terms. */
  hasTerms: boolean;
}

/** The rows of a raw statement, whichever driver ran it. */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Suppliers by DI Supplier Id (the file's key), with what the checks need. Missing ids are unknown suppliers. */
export async function lookupSuppliers(tx: Tx, scope: NetworkScope, codes: readonly string[]): Promise<Map<string, SupplierRef>> {
  const map = new Map<string, SupplierRef>();
  if (codes.length === 0) return map;
  const allowed = scope.isDi
    ? sql`g.belongs_to_di_network`
    : sql`EXISTS (SELECT 1 FROM lease_group_links l WHERE l.lease_company_id = ${scope.leaseCompanyId} AND l.group_id = s.group_id AND l.status = 'ACTIVE')`;
  const hasTerms = scope.isDi ? sql`EXISTS (SELECT 1 FROM supplier_network_terms t WHERE t.supplier_id = s.id)` : sql`false`;
  // The ids travel as one JSON parameter: both drivers take it, whatever characters a file holds.
  const rows = await rowsOf<{ code: string; id: string; group_code: string; allowed: boolean; has_terms: boolean }>(
    tx,
    sql`SELECT s.supplier_id AS code, s.id, g.group_id AS group_code, ${allowed} AS allowed, ${hasTerms} AS has_terms
        FROM jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) AS k(code)
        JOIN suppliers s ON s.supplier_id = k.code
        JOIN supplier_groups g ON g.id = s.group_id`,
  );
  for (const r of rows) map.set(r.code, { id: r.id, groupCode: r.group_code, allowed: Boolean(r.allowed), hasTerms: Boolean(r.has_terms) });
  return map;
}

export const LOOKUP_MESSAGES = {
  unknownSupplier: (code: string) => `Unknown supplier ${code}`,
  wrongGroup: (code: string, actual: string, given: string) => `Supplier ${code} belongs to group ${actual}, not ${given}`,
  notLinked: (group: string) => `Group ${group} is not linked to this customer`,
  /** Spec 2 §8. */
  notDi: 'The group is not part of DI Network, cannot manage DI Network Terms for this group.',
  noRows: 'The file has no supplier rows',
} as const;
