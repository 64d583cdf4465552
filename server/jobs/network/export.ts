/**
 * The export job: streams a network (a customer's terms with one linked group's suppliers, or
 * the DI network's terms) in keyset batches through csv-stringify into the chunked file store,
 * then records the file and, when asked, e-mails it to the admin who requested it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { topics } from '../../../domain/live';
import {
  MOT_CLASS_VEHICLE_TYPES,
  UNIT_STATUS_CELL,
  DEFAULT_CUSTOMER_TERMS,
  headerRow,
  networkFormat,
  serialiseRow,
  type NetworkRow,
} from '../../../domain/network';
import type { Tx } from '../../db/client';
import { administrators, leaseGroupLinks, networkExports, supplierGroups } from '../../db/schema';
import { FileWriter, readFile, type FileStore } from '../../files/storage';
import { notify } from '../../live/notify';
import { networkExportMail } from '../../mail/templates';
import type { Services } from '../../services';
import { rowsOf } from './lookup';
import type { NetworkJobContext } from './context';
import { QUEUES } from '../queues';

/** Suppliers read per round trip. */
export const EXPORT_BATCH = 2000;

export interface ExportSpec {
  isDi: boolean;
  leaseCompanyId: string | null;
  /** One group; null for the whole DI network. */
  groupId: string | null;
  supplierType: string;
  motClass: string | null;
  /** Only live suppliers (the request's isEnabled). */
  liveOnly: boolean;
  /** Benchmarks only: every supplier, whatever its group (a DI-sized file on any data set). */
  everySupplier?: boolean;
}

type ExportRecord = {
  seq: string | number;
  supplier_id: string;
  name: string;
  group_code: string;
  group_name: string;
  supplier_type: string | null;
  town: string | null;
  post_code: string | null;
  unit_status: string;
  has_terms: boolean;
  [k: string]: unknown;
};

function filters(spec: ExportSpec): SQL {
  const parts: SQL[] = [];
  if (!spec.everySupplier) {
    if (spec.groupId) parts.push(sql`s.group_id = ${spec.groupId}`);
    else if (spec.isDi) parts.push(sql`g.belongs_to_di_network`);
  }
  if (spec.supplierType && spec.supplierType !== 'All') parts.push(sql`s.supplier_type = ${spec.supplierType}`);
  if (spec.motClass && spec.motClass !== 'All') {
    const types = MOT_CLASS_VEHICLE_TYPES[spec.motClass] ?? [];
    const vehicle = sql.join(
      types.map((t) => sql`s.vehicle_types @> ${JSON.stringify([{ type: t, isAvailable: true }])}::jsonb`),
      sql` OR `,
    );
    parts.push(sql`s.services @> '[{"type":"MOT","isEnabled":true}]'::jsonb AND (${vehicle})`);
  }
  if (spec.liveOnly) parts.push(sql`s.unit_status = 'live'`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

function batchQuery(spec: ExportSpec, afterSeq: number): SQL {
  // LATERAL: one primary-key lookup per supplier, whatever the planner believes about the terms
  // table (right after a large import its statistics say "empty" and a plain join scans it all).
  const terms = spec.isDi
    ? sql`LEFT JOIN LATERAL (SELECT * FROM supplier_network_terms x WHERE x.supplier_id = s.id) t ON true`
    : sql`LEFT JOIN LATERAL (SELECT * FROM customer_network_terms x WHERE x.lease_company_id = ${spec.leaseCompanyId} AND x.supplier_id = s.id) t ON true`;
  const columns = spec.isDi
    ? sql`t.nominated_dealer_name, t.fnp_band, t.rebate_bp, t.rebate_amount, t.agreed_credit_limit,
          to_char(t.last_physical_audit, 'YYYY-MM-DD') AS last_physical_audit, to_char(t.last_desktop_audit, 'YYYY-MM-DD') AS last_desktop_audit`
    : sql`t.in_network, t.preferred, t.labour_rate, t.parts_discount_bp, t.mot_rate, t.authorisation_limit, t.notes`;
  return sql`SELECT s.seq, s.supplier_id, s.name, g.group_id AS group_code, g.name AS group_name, s.supplier_type, s.address3 AS town, s.post_code,
                    s.unit_status, t.supplier_id IS NOT NULL AS has_terms, ${columns}
             FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id ${terms}
             WHERE s.seq > ${afterSeq} AND ${filters(spec)}
             ORDER BY s.seq LIMIT ${EXPORT_BATCH}`;
}

function toRow(spec: ExportSpec, r: ExportRecord): NetworkRow {
  const base: NetworkRow = {
    supplierId: r.supplier_id,
    supplierName: r.name,
    groupId: r.group_code,
    groupName: r.group_name,
    supplierType: r.supplier_type,
    town: r.town,
    postCode: r.post_code,
    status: UNIT_STATUS_CELL[r.unit_status] ?? r.unit_status,
  };
  if (spec.isDi) {
    if (!r.has_terms) return base;
    return {
      ...base,
      nominatedDealerName: r.nominated_dealer_name as string,
      fnpBand: r.fnp_band as string,
      rebate: r.rebate_bp as number,
      rebateAmount: (r.rebate_amount as number | null) ?? null,
      agreedCreditLimit: (r.agreed_credit_limit as number | null) ?? null,
      lastPhysicalAudit: (r.last_physical_audit as string | null) ?? null,
      lastDesktopAudit: (r.last_desktop_audit as string | null) ?? null,
    };
  }
  if (!r.has_terms) return { ...base, ...DEFAULT_CUSTOMER_TERMS, partsDiscount: null };
  return {
    ...base,
    inNetwork: r.in_network as boolean,
    preferred: r.preferred as boolean,
    labourRate: (r.labour_rate as number | null) ?? null,
    partsDiscount: (r.parts_discount_bp as number | null) ?? null,
    motRate: (r.mot_rate as number | null) ?? null,
    authorisationLimit: (r.authorisation_limit as number | null) ?? null,
    notes: (r.notes as string | null) ?? null,
  };
}

/**
 * Writes the network file of `spec` into the store; memory holds one batch of rows and one chunk.
 * Returns the stored file and its row count. Used by the job and by the benchmark.
 */
export async function writeNetworkExport(store: FileStore, db: Tx, spec: ExportSpec, meta: { name: string; createdBy: string | null }) {
  const format = networkFormat(spec.isDi);
  const writer = await FileWriter.open(store, db, { name: meta.name, contentType: 'text/csv', createdBy: meta.createdBy });
  await writer.write(stringify([headerRow(format)]));
  let after = 0;
  let rows = 0;
  for (;;) {
    const batch = await rowsOf<ExportRecord>(db, batchQuery(spec, after));
    if (batch.length === 0) break;
    await writer.write(stringify(batch.map((r) => serialiseRow(format, toRow(spec, r)))));
    rows += batch.length;
    after = Number(batch[batch.length - 1].seq);
    if (batch.length < EXPORT_BATCH) break;
  }
  return { file: await writer.finish(), rows };
}

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

async function notifyExport(tx: Tx, row: { id: string; leaseCompanyId: string | null }, op: string) {
  await notify(tx, topics.networkExports(row.leaseCompanyId), { op, type: 'networkExport', id: row.id });
}

export async function runExport(ctx: NetworkJobContext, data: { exportId: string; adminId: string | null }): Promise<void> {
  const { services } = ctx;
  const db = services.db;
  const [row] = await db.select().from(networkExports).where(eq(networkExports.id, data.exportId));
  if (!row || row.processIndicator !== 'LOADING') return;
  const isDi = row.exportType === 'DI_NETWORK_EXPORT';

  let groupCode = 'DI-NETWORK';
  if (row.groupId) {
    const [group] = await db.select({ code: supplierGroups.groupId }).from(supplierGroups).where(eq(supplierGroups.id, row.groupId));
    groupCode = group?.code ?? 'group';
  }
  // A customer's group must still be linked when the job runs.
  if (!isDi) {
    const [link] = await db
      .select({ id: leaseGroupLinks.id })
      .from(leaseGroupLinks)
      .where(and(eq(leaseGroupLinks.leaseCompanyId, row.leaseCompanyId!), eq(leaseGroupLinks.groupId, row.groupId!), eq(leaseGroupLinks.status, 'ACTIVE')));
    if (!link) {
      await finishExport(services, row.id, { processIndicator: 'FAILED', error: 'The group is no longer linked to this customer' });
      return;
    }
  }
  const name = `${isDi ? 'di-network' : 'network'}-${groupCode}-${stamp(services.clock.now())}.csv`;
  const { file, rows } = await writeNetworkExport(
    services.files,
    db,
    { isDi, leaseCompanyId: row.leaseCompanyId, groupId: row.groupId, supplierType: row.supplierType, motClass: row.motClass, liveOnly: row.isEnabled },
    { name, createdBy: data.adminId },
  );
  // The e-mail is a job of its own, enqueued with the outcome: a crash between recording the export
  // and sending it cannot lose the e-mail (at worst a retry sends it twice).
  const mailTo = row.emailExportFile ? data.adminId : null;
  await finishExport(services, row.id, { processIndicator: 'SUCCESS', fileId: file.id, rowCount: rows, error: null }, async (tx) => {
    if (mailTo) await services.jobs.send(tx, QUEUES.networkExportMail, { exportId: row.id, adminId: mailTo });
  });
  if (mailTo) services.jobs.wake(QUEUES.networkExportMail);
}

/** Sends a finished export to the admin who asked for it, as an attachment. */
export async function mailExport(ctx: NetworkJobContext, data: { exportId: string; adminId: string }): Promise<void> {
  const db = ctx.services.db;
  const [row] = await db.select().from(networkExports).where(eq(networkExports.id, data.exportId));
  if (!row || row.processIndicator !== 'SUCCESS' || !row.fileId) return;
  const [admin] = await db.select().from(administrators).where(eq(administrators.id, data.adminId));
  const stored = await readFile(ctx.services.files, db, row.fileId);
  if (admin && stored) await ctx.services.mailer.send(networkExportMail(admin, { fileName: stored.name, rows: row.rowCount ?? 0, data: stored.data }));
}

/** Records the outcome once (a retried job finds it recorded and stops). */
export async function finishExport(
  services: Services,
  id: string,
  patch: Partial<typeof networkExports.$inferInsert>,
  /** Runs in the same transaction once the outcome is recorded (enqueue follow-up work). */
  then?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(networkExports).where(eq(networkExports.id, id)).for('update');
    if (!row || row.processIndicator !== 'LOADING') return false;
    await tx.update(networkExports).set({ ...patch, completedAt: services.clock.now() }).where(eq(networkExports.id, id));
    await then?.(tx);
    await notifyExport(tx, row, patch.processIndicator === 'SUCCESS' ? 'done' : 'failed');
    return true;
  });
}
