/**
 * Saving a supplier's DI network terms (spec 2 §2.1, §4, §5.4, §6). Only for a supplier whose group
 * is in the DI network, with EDIT_DI_NETWORK_TERMS; versioned by hand (the terms row is keyed by
 * its supplier), audited as 'supplierNetworkTerms' and notified on the supplier's topic.
 */
import { eq } from 'drizzle-orm';
import { topics } from '../../domain/live';
import {
  DI_TERMS_MESSAGES,
  diTermsColumns,
  diTermsFormSchema,
  EDIT_DI_NETWORK_TERMS_GUARD,
  saveDiNetworkTermsSchema,
  SUPPLIER_DETAILS_MESSAGES,
  type DiNetworkTerms,
  type DiTermsForm,
} from '../../domain/suppliers';
import { supplierGroups, supplierNetworkTerms } from '../db/schema';
import { notify } from '../live/notify';
import { auditImage, writeAudit } from './audit';
import { ApiError, conflict, fieldErrors } from './errors';
import { adminName } from './invites';
import { updateVersioned } from './records';
import { defineMutation } from './registry';
import { diNetworkTerms, findSupplier, supplierDetails, supplierKind } from './suppliers';

export const NOT_IN_DI_NETWORK = () => new ApiError(409, 'NOT_IN_DI_NETWORK', SUPPLIER_DETAILS_MESSAGES.notInDiNetwork);

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The supplier's franchises follow its labour rates: a franchise deleted from the terms leaves the
 * supplier (spec 2 §8 'will also remove the {franchise} franchise from this supplier'), one added joins it.
 */
function franchisesAfter(manufacturers: string[], before: DiNetworkTerms | null, after: string[]): string[] {
  const removed = new Set((before?.franchises ?? []).map((f) => f.label).filter((l) => !after.includes(l)));
  const kept = manufacturers.filter((m) => !removed.has(m));
  return [...kept, ...after.filter((l) => l !== 'Independent' && !kept.includes(l))];
}

export const saveSupplierDiNetworkTerms = defineMutation({
  slug: 'admin/saveSupplierDiNetworkTerms',
  access: EDIT_DI_NETWORK_TERMS_GUARD,
  input: saveDiNetworkTermsSchema,
  async handler(c): Promise<{ success: true; version: number }> {
    const { tx, mutation: ctx } = c;
    const supplier = await findSupplier(tx, c.input.serviceUnitId, c.input.accountId);
    const [group] = await tx.select({ diNetwork: supplierGroups.belongsToDiNetwork }).from(supplierGroups).where(eq(supplierGroups.id, supplier.groupId));
    if (!group?.diNetwork) throw NOT_IN_DI_NETWORK();
    const today = isoDay(ctx.now);
    const parsed = diTermsFormSchema(today).safeParse(c.input.diNetworkTerms);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? DI_TERMS_MESSAGES.failure, fields);
    }
    const [row] = await tx.select().from(supplierNetworkTerms).where(eq(supplierNetworkTerms.supplierId, supplier.id)).for('update');
    const current = row ? Number(row.version) : null;
    if (current !== c.input.version) throw conflict(await supplierDetails(tx, supplier));
    const before = row ? await diNetworkTerms(tx, row) : null;
    const columns = diTermsColumns(parsed.data as DiTermsForm, before, today);
    const creditChanged = columns.agreedCreditLimit !== (row?.agreedCreditLimit ?? null);
    const credit = creditChanged ? { creditLimitUpdatedAt: ctx.now, creditLimitUpdatedBy: await adminName(tx, ctx.adminId) } : {};
    const stamp = { modifiedAt: ctx.now, modifiedBy: ctx.adminId };
    const [after] = row
      ? await tx.update(supplierNetworkTerms).set({ ...columns, ...credit, ...stamp, version: Number(row.version) + 1 }).where(eq(supplierNetworkTerms.supplierId, supplier.id)).returning()
      : await tx.insert(supplierNetworkTerms).values({ supplierId: supplier.id, ...columns, ...credit, ...stamp, version: 1, createdAt: ctx.now, createdBy: ctx.adminId }).onConflictDoNothing({ target: supplierNetworkTerms.supplierId }).returning();
    // First terms written meanwhile by another save (or an import), which FOR UPDATE cannot lock while there is no row: a conflict, not a failure.
    if (!after) throw conflict(await supplierDetails(tx, supplier));
    await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'supplierNetworkTerms', recordId: supplier.id, before: auditImage(row ?? null), after: auditImage(after), at: ctx.now });

    const manufacturers = franchisesAfter(supplier.manufacturers, before, columns.franchises.map((f) => f.label));
    const changed = manufacturers.length !== supplier.manufacturers.length || manufacturers.some((m, i) => m !== supplier.manufacturers[i]);
    if (changed) await updateVersioned(tx, supplierKind, supplier.id, Number(supplier.version), { manufacturers }, ctx, undefined, 'networkTerms');
    else await notify(tx, topics.supplier(supplier.id), { op: 'networkTerms', id: supplier.id, version: Number(after.version) });
    return { success: true, version: Number(after.version) };
  },
});

export const supplierNetworkTermsSlugs = [saveSupplierDiNetworkTerms];
