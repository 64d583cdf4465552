/** State changes of a network import row, each notified to the consoles watching it. */
import { eq, sql } from 'drizzle-orm';
import { topics } from '../../../domain/live';
import type { Tx } from '../../db/client';
import { networkImports } from '../../db/schema';
import { notify } from '../../live/notify';

export type ImportRow = typeof networkImports.$inferSelect;
type Patch = Partial<Omit<typeof networkImports.$inferInsert, 'id' | 'version' | 'createdAt' | 'createdBy'>>;

export const importTopics = (row: Pick<ImportRow, 'id' | 'leaseCompanyId'>) => [topics.networkImports(row.leaseCompanyId), topics.networkImport(row.id)];

/** The import, locked for the rest of the transaction. */
export async function lockImport(tx: Tx, id: string): Promise<ImportRow | null> {
  const [row] = await tx.select().from(networkImports).where(eq(networkImports.id, id)).for('update');
  return row ?? null;
}

/** Applies `patch`, bumps the version and notifies the import's topics (in the caller's transaction). */
export async function setImportState(tx: Tx, row: ImportRow, patch: Patch, by: { adminId: string | null; now: Date }, op = 'update'): Promise<ImportRow> {
  const [after] = await tx
    .update(networkImports)
    .set({ ...patch, version: sql`${networkImports.version} + 1`, modifiedAt: by.now, modifiedBy: by.adminId })
    .where(eq(networkImports.id, row.id))
    .returning();
  for (const topic of importTopics(after)) await notify(tx, topic, { op, type: 'networkImport', id: after.id, version: Number(after.version) });
  return after;
}

/** The process itself failed (not the file): the validation column reads 'Error'. */
export async function failImport(tx: Tx, id: string, error: string, by: { adminId: string | null; now: Date }): Promise<void> {
  const row = await lockImport(tx, id);
  if (!row || !row.isProcessing) return;
  await setImportState(tx, row, { isProcessing: false, processIndicator: 'FAILED', error }, by, 'failed');
}
