/** A small network for the network export and import tests, and the calls they make. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../server/db/client';
import { leaseCompanies, leaseGroupLinks, networkImports, supplierGroups, suppliers } from '../../server/db/schema';
import { CSRF_HEADER } from '../../domain/auth';
import type { Browser, TestApp } from './app';

export interface NetworkFixture {
  leaseId: string;
  otherLeaseId: string;
  /** Groups: linked (DI network too), linked, not linked, linked but terminated. */
  groups: { id: string; code: string; name: string }[];
  /** Suppliers by group index: codes S{group}{n}. */
  suppliers: { id: string; code: string; group: number }[];
}

const uuid = () => crypto.randomUUID();

/** Customer 'Network Test Lease' linked to groups 0 and 1 (ACTIVE) and 3 (TERMINATED); group 2 is not linked. */
export async function seedNetworkFixture(db: Db, opts: { suppliersPerGroup?: number; prefix?: string } = {}): Promise<NetworkFixture> {
  const per = opts.suppliersPerGroup ?? 3;
  const p = opts.prefix ?? 'T';
  const lease = { id: uuid(), diCustomerId: `C9${crypto.randomInt(1000, 9999)}`, name: 'Network Test Lease', customerType: 'DIRECT' as const, rateCardType: 'VISN' as never, currency: 'GBP' as const, config: {} as never };
  const other = { ...lease, id: uuid(), diCustomerId: `C8${crypto.randomInt(1000, 9999)}`, name: 'Other Lease' };
  await db.insert(leaseCompanies).values([lease, other]);
  const groups = [0, 1, 2, 3].map((g) => ({ id: uuid(), code: `${p}G${g}`, name: ['Alpha Motor Group', 'Beta Garages', 'Gamma Autos', 'Delta Service'][g] }));
  await db.insert(supplierGroups).values(groups.map((g, i) => ({ id: g.id, groupId: g.code, name: g.name, belongsToDiNetwork: i === 0 })));
  await db.insert(leaseGroupLinks).values([
    { leaseCompanyId: lease.id, groupId: groups[0].id, serviceGroupName: groups[0].name, status: 'ACTIVE' },
    { leaseCompanyId: lease.id, groupId: groups[1].id, serviceGroupName: groups[1].name, status: 'ACTIVE' },
    { leaseCompanyId: lease.id, groupId: groups[3].id, serviceGroupName: groups[3].name, status: 'TERMINATED' },
  ]);
  const list: NetworkFixture['suppliers'] = [];
  for (let g = 0; g < groups.length; g++) {
    for (let n = 0; n < per; n++) {
      const s = { id: uuid(), code: `${p}S${g}${String(n).padStart(3, '0')}`, group: g };
      list.push(s);
      await db.insert(suppliers).values({
        id: s.id,
        groupId: groups[g].id,
        supplierId: s.code,
        // One name starts with a formula trigger: the export must escape it.
        name: n === 0 ? `=HYPERLINK("http://evil.example","${groups[g].name} ${n}")` : `${groups[g].name} Site ${n}`,
        address3: n === 1 ? '+Town' : 'Leeds',
        postCode: 'LS1 1AA',
        supplierType: n % 2 === 0 ? 'Independent' : 'Franchise',
        unitStatus: n === 2 ? 'cancelled' : 'live',
        services: [{ type: 'MOT', isEnabled: n !== 1, label: 'MOT' }],
        vehicleTypes: [{ type: 'CAR', label: 'Car', typeValue: 0, isAvailable: true }],
      });
    }
  }
  return { leaseId: lease.id, otherLeaseId: other.id, groups, suppliers: list };
}

/** A multipart body as a browser's FormData sends it: text fields first, then the file. */
export function multipartBody(fields: Record<string, string>, files: { name: string; content: Buffer | string; type?: string; field?: string }[]) {
  const boundary = `----fnc${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'text/csv'}\r\n\r\n`));
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST admin/validateNetworkImport as the console does. */
export async function uploadNetworkFile(
  t: TestApp,
  browser: Browser,
  opts: { leaseId?: string | null; isDi?: boolean; files?: { name: string; content: Buffer | string; type?: string; field?: string }[]; csv?: string | Buffer; name?: string },
) {
  const fields: Record<string, string> = { user: JSON.stringify({ firstname: 'Forged', lastname: 'Name' }), isDiNetworkImport: opts.isDi ? 'true' : 'false' };
  if (opts.leaseId) fields.leaseId = opts.leaseId;
  const files = opts.files ?? (opts.csv === undefined ? [] : [{ name: opts.name ?? 'network.csv', content: opts.csv }]);
  const { payload, contentType } = multipartBody(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/validateNetworkImport',
    payload,
    headers: { cookie: browser.cookieHeader(), [CSRF_HEADER]: browser.csrf, 'content-type': contentType },
    remoteAddress: browser.ip,
  });
}

/** Waits until the import is no longer processing, and returns its row. */
export async function settledImport(db: Db, id: string, timeout = 20_000) {
  await expect.poll(async () => (await db.select().from(networkImports).where(eq(networkImports.id, id)))[0]?.isProcessing, { timeout, interval: 100 }).toBe(false);
  const [row] = await db.select().from(networkImports).where(eq(networkImports.id, id));
  return row;
}

/** base64 file of a download answer → CSV records. */
export function recordsOf(download: { fileData: { data: string } }): string[][] {
  return parse(Buffer.from(download.fileData.data, 'base64'), { relax_column_count: true, bom: true });
}

/** Serialises records as CSV text (what a spreadsheet saves). */
export function csvOf(records: string[][]): string {
  return records.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';
}
