import type { TestServer } from './browser';
import { query } from './customers';

export async function unitCounts(server: TestServer): Promise<Record<string, number>> {
  const rows = await query<{ unit_status: string; n: string | number }>(server, 'SELECT unit_status, count(*) AS n FROM suppliers GROUP BY unit_status');
  return Object.fromEntries(rows.map((r) => [r.unit_status, Number(r.n)]));
}

export interface SupplierRow {
  id: string;
  group_id: string;
  name: string;
  supplier_id: string;
  di_group_id: string;
  group_name: string;
  unit_status: string;
}
export const SUPPLIER_SQL = `SELECT s.id, s.group_id, s.name, s.supplier_id, s.unit_status, s.manufacturers, g.group_id AS di_group_id, g.name AS group_name
  FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id`;

