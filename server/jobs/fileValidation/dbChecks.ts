/**
 * The database checks of a validation type (domain/fileValidation/types.ts DbCheck) for a batch
 * of rows: one query per check, the batch's values travelling as one JSON parameter (both
 * drivers take it, whatever a file holds). Answers the problems, in row order.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DB_CHECK_MESSAGES, headerOf, type DbCheck, type ValidationType } from '../../../domain/fileValidation';
import type { CellError, NetworkRow } from '../../../domain/network/format';
import type { Tx } from '../../db/client';
import { rowsOf } from '../network/lookup';

export interface BatchRow {
  row: number;
  values: NetworkRow;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const lower = (v: string) => v.toLowerCase();

/** The statement answering which of `keys` exist: `k.a` (and `k.b` for pairs) are the keys, lower-case. */
function existing(check: DbCheck): SQL {
  switch (check.kind) {
    case 'leaseCompany':
      return sql`SELECT 1 FROM lease_companies l WHERE lower(l.di_customer_id) = k.a`;
    case 'subCustomer':
      return sql`SELECT 1 FROM sub_customers s JOIN lease_companies l ON l.id = s.lease_company_id WHERE lower(l.di_customer_id) = k.b AND lower(s.name) = k.a`;
    case 'vehicleOfCompany':
      return sql`SELECT 1 FROM vehicles v JOIN lease_companies l ON l.id = v.lease_company_id WHERE lower(l.di_customer_id) = k.b AND v.vrm = upper(k.a)`;
    case 'driverOfCompany':
      return sql`SELECT 1 FROM drivers d JOIN lease_companies l ON l.id = d.lease_company_id WHERE lower(l.di_customer_id) = k.b AND lower(d.email) = k.a`;
    case 'supplier':
      return sql`SELECT 1 FROM suppliers s WHERE lower(s.supplier_id) = k.a`;
    case 'group':
      return sql`SELECT 1 FROM supplier_groups g WHERE lower(g.group_id) = k.a`;
    case 'jobCode':
      return sql`SELECT 1 FROM job_code_mappings j WHERE lower(j.job_code) = k.a`;
    case 'newUser':
      return sql`SELECT 1 FROM users u WHERE lower(u.email) = k.a`;
  }
}

/** A 'newUser' value is refused when it exists; every other check when it does not. */
const refusedWhenFound = (check: DbCheck) => check.kind === 'newUser';

export async function runDbChecks(db: Tx, type: ValidationType, batch: readonly BatchRow[]): Promise<CellError[]> {
  const errors: CellError[] = [];
  // The lease company first: the checks that need it skip rows whose company is unknown.
  const checks = [...(type.dbChecks ?? [])].sort((x, y) => Number(y.kind === 'leaseCompany') - Number(x.kind === 'leaseCompany'));
  // Rows whose lease company is unknown get that one problem, not one per check that needs it.
  const unknownCompany = new Set<number>();
  for (const check of checks) {
    const keyOf = (r: BatchRow): [string, string] | null => {
      const a = text(r.values[check.column]);
      if (a === null || a === '') return null;
      if (!('company' in check)) return [lower(a), ''];
      const b = text(r.values[check.company]);
      return b === null || unknownCompany.has(r.row) ? null : [lower(a), lower(b)];
    };
    const keyed = batch.map((r) => [r, keyOf(r)] as const).filter((x): x is readonly [BatchRow, [string, string]] => x[1] !== null);
    if (keyed.length === 0) continue;
    const distinct = [...new Map(keyed.map(([, k]) => [`${k[0]}\u0000${k[1]}`, k])).values()];
    const found = await rowsOf<{ a: string; b: string }>(
      db,
      sql`SELECT k.a, k.b FROM jsonb_to_recordset(${JSON.stringify(distinct.map(([a, b]) => ({ a, b })))}::jsonb) AS k(a text, b text) WHERE EXISTS (${existing(check)})`,
    );
    const present = new Set(found.map((f) => `${f.a}\u0000${f.b}`));
    const header = headerOf(type, check.column);
    for (const [r, k] of keyed) {
      const isThere = present.has(`${k[0]}\u0000${k[1]}`);
      if (isThere === refusedWhenFound(check)) {
        errors.push({ row: r.row, column: header, message: DB_CHECK_MESSAGES[check.kind](header, String(r.values[check.column])) });
        if (check.kind === 'leaseCompany') unknownCompany.add(r.row);
      }
    }
  }
  return errors.sort((x, y) => x.row - y.row);
}
