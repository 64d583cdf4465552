/**
 * The credit limit export (spec 3 §2.1): every group and DI supplier with an agreed credit limit,
 * its currency and who set it when, written as a formula-safe CSV and e-mailed to the admin who
 * asked. A retried job builds the file again (the data may have changed; at worst a second e-mail).
 * Nothing refers to the file once it is sent: it expires after CREDIT_LIMIT_FILE_RETENTION_MS and the
 * hourly clean-up removes it.
 */
import { eq, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { CURRENCY_BY_LOCALE, type Locale } from '../../../domain/common';
import { escapeCell } from '../../../domain/network/cells';
import { CREDIT_LIMIT_COLUMNS, creditLimitFileName } from '../../../domain/savi';
import type { Tx } from '../../db/client';
import { administrators } from '../../db/schema';
import { FileWriter, readFile, type FileStore } from '../../files/storage';
import { creditLimitMail } from '../../mail/templates';
import type { Services } from '../../services';
import { rowsOf } from '../network/lookup';

/**
 * How long a credit limit file is kept after it is written: long enough for a retried job's e-mail and
 * for support to look at what was sent that week; the data it holds is in the database anyway.
 */
export const CREDIT_LIMIT_FILE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Rows read per round trip. */
const BATCH = 2000;

interface LimitRow {
  kind: 'Group' | 'Supplier';
  seq: string | number;
  code: string;
  name: string;
  group_code: string;
  group_name: string;
  limit_minor: number;
  locale: Locale;
  set_by: string | null;
  set_on: Date | string | null;
}

const money = (minor: number) => (Number(minor) / 100).toFixed(2);
const day = (v: Date | string | null) => (v === null ? '' : new Date(v).toISOString().slice(0, 10));

/** Groups first, then suppliers, each in creation order (keyset on seq). */
function batch(kind: LimitRow['kind'], after: number) {
  return kind === 'Group'
    ? sql`SELECT 'Group' AS kind, g.seq, g.group_id AS code, g.name, g.group_id AS group_code, g.name AS group_name, g.agreed_credit_limit AS limit_minor,
                 g.locale, g.credit_limit_updated_by AS set_by, g.credit_limit_updated_at AS set_on
            FROM supplier_groups g WHERE g.agreed_credit_limit IS NOT NULL AND g.seq > ${after} ORDER BY g.seq LIMIT ${BATCH}`
    : sql`SELECT 'Supplier' AS kind, s.seq, s.supplier_id AS code, s.name, g.group_id AS group_code, g.name AS group_name, t.agreed_credit_limit AS limit_minor,
                 s.locale, t.credit_limit_updated_by AS set_by, t.credit_limit_updated_at AS set_on
            FROM supplier_network_terms t JOIN suppliers s ON s.id = t.supplier_id JOIN supplier_groups g ON g.id = s.group_id
           WHERE t.agreed_credit_limit IS NOT NULL AND s.seq > ${after} ORDER BY s.seq LIMIT ${BATCH}`;
}

function cells(r: LimitRow): string[] {
  const text = [r.kind, r.code, r.name, r.group_code, r.group_name].map((v) => escapeCell(v ?? ''));
  return [...text, money(r.limit_minor), CURRENCY_BY_LOCALE[r.locale] ?? r.locale, escapeCell(r.set_by ?? ''), day(r.set_on)];
}

/** Writes the credit limit file into the store; memory holds one batch. Returns the file and its row count. */
export async function writeCreditLimitFile(store: FileStore, db: Tx, meta: { name: string; createdBy: string | null; createdAt: Date }) {
  const expiresAt = new Date(meta.createdAt.getTime() + CREDIT_LIMIT_FILE_RETENTION_MS);
  const writer = await FileWriter.open(store, db, { name: meta.name, contentType: 'text/csv', createdBy: meta.createdBy, createdAt: meta.createdAt, expiresAt });
  await writer.write(stringify([[...CREDIT_LIMIT_COLUMNS]]));
  let rows = 0;
  for (const kind of ['Group', 'Supplier'] as const) {
    let after = 0;
    for (;;) {
      const page = await rowsOf<LimitRow>(db, batch(kind, after));
      if (page.length === 0) break;
      await writer.write(stringify(page.map(cells)));
      rows += page.length;
      after = Number(page[page.length - 1].seq);
      if (page.length < BATCH) break;
    }
  }
  return { file: await writer.finish(), rows };
}

export async function runCreditLimitExport(services: Services, data: { requestId: string; adminId: string }): Promise<{ rows: number; fileId: string } | null> {
  const db = services.db;
  const [admin] = await db.select().from(administrators).where(eq(administrators.id, data.adminId));
  if (!admin) return null;
  const now = services.clock.now();
  const { file, rows } = await writeCreditLimitFile(services.files, db, { name: creditLimitFileName(now), createdBy: admin.id, createdAt: now });
  const stored = await readFile(services.files, db, file.id);
  if (stored) await services.mailer.send(creditLimitMail(admin, { fileName: stored.name, rows, data: stored.data }));
  return { rows, fileId: file.id };
}
