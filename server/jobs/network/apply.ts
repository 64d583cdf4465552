/**
 * Applies checked rows of a network file to the terms tables. A row equal to what is stored (or,
 * for a supplier without terms, to the defaults) writes nothing, so importing an unchanged export
 * changes nothing and an edited cell changes exactly its row.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_CUSTOMER_TERMS } from '../../../domain/network';
import type { FnpBand } from '../../../domain/suppliers';
import type { Tx } from '../../db/client';
import { customerNetworkTerms, supplierNetworkTerms } from '../../db/schema';
import { rowsOf, type NetworkScope } from './lookup';
import type { CheckedRow } from './reader';
import { adminName } from '../../rpc/invites';

export interface ApplyContext {
  scope: NetworkScope;
  importId: string;
  adminId: string | null;
  now: Date;
}

const idList = (rows: CheckedRow[]) => JSON.stringify(rows.map((r) => r.supplier.id));

type CustomerTerms = { inNetwork: boolean; preferred: boolean; labourRate: number | null; partsDiscountBp: number | null; motRate: number | null; authorisationLimit: number | null; notes: string | null };

function customerTermsOf(values: CheckedRow['values']): CustomerTerms {
  return {
    inNetwork: Boolean(values.inNetwork),
    preferred: Boolean(values.preferred),
    labourRate: (values.labourRate as number | null) ?? null,
    partsDiscountBp: (values.partsDiscount as number | null) ?? null,
    motRate: (values.motRate as number | null) ?? null,
    authorisationLimit: (values.authorisationLimit as number | null) ?? null,
    notes: (values.notes as string | null) ?? null,
  };
}

const sameTerms = <T extends object>(a: T, b: T) => (Object.keys(a) as (keyof T)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));

/** Returns how many rows changed. */
export async function applyCustomerRows(tx: Tx, ctx: ApplyContext, rows: CheckedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await rowsOf<{ supplier_id: string; in_network: boolean; preferred: boolean; labour_rate: number | null; parts_discount_bp: number | null; mot_rate: number | null; authorisation_limit: number | null; notes: string | null }>(
    tx,
    sql`SELECT supplier_id, in_network, preferred, labour_rate, parts_discount_bp, mot_rate, authorisation_limit, notes
        FROM customer_network_terms
        WHERE lease_company_id = ${ctx.scope.leaseCompanyId} AND supplier_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${idList(rows)}::jsonb))`,
  );
  const current = new Map(
    stored.map((r) => [r.supplier_id, { inNetwork: r.in_network, preferred: r.preferred, labourRate: r.labour_rate, partsDiscountBp: r.parts_discount_bp, motRate: r.mot_rate, authorisationLimit: r.authorisation_limit, notes: r.notes } as CustomerTerms]),
  );
  const defaults: CustomerTerms = { ...DEFAULT_CUSTOMER_TERMS, partsDiscountBp: DEFAULT_CUSTOMER_TERMS.partsDiscount };
  const changed = rows
    .map((r) => ({ supplierId: r.supplier.id, terms: customerTermsOf(r.values) }))
    .filter((r) => !sameTerms(r.terms, current.get(r.supplierId) ?? defaults));
  if (changed.length === 0) return 0;
  // One JSON parameter for the whole batch: thousands of bound parameters cost more to send and plan.
  const batch = JSON.stringify(
    changed.map((c) => ({
      supplier_id: c.supplierId,
      in_network: c.terms.inNetwork,
      preferred: c.terms.preferred,
      labour_rate: c.terms.labourRate,
      parts_discount_bp: c.terms.partsDiscountBp,
      mot_rate: c.terms.motRate,
      authorisation_limit: c.terms.authorisationLimit,
      notes: c.terms.notes,
    })),
  );
  const now = ctx.now.toISOString();
  await tx.execute(sql`
    INSERT INTO customer_network_terms (lease_company_id, supplier_id, in_network, preferred, labour_rate, parts_discount_bp, mot_rate,
                                        authorisation_limit, notes, import_id, created_at, created_by, modified_at, modified_by)
    SELECT ${ctx.scope.leaseCompanyId}::uuid, r.supplier_id, r.in_network, r.preferred, r.labour_rate, r.parts_discount_bp, r.mot_rate,
           r.authorisation_limit, r.notes, ${ctx.importId}::uuid, ${now}::timestamptz, ${ctx.adminId}::uuid, ${now}::timestamptz, ${ctx.adminId}::uuid
    FROM jsonb_to_recordset(${batch}::jsonb) AS r(supplier_id uuid, in_network boolean, preferred boolean, labour_rate integer,
         parts_discount_bp integer, mot_rate integer, authorisation_limit integer, notes text)
    ON CONFLICT (lease_company_id, supplier_id) DO UPDATE SET
      in_network = excluded.in_network, preferred = excluded.preferred, labour_rate = excluded.labour_rate,
      parts_discount_bp = excluded.parts_discount_bp, mot_rate = excluded.mot_rate, authorisation_limit = excluded.authorisation_limit,
      notes = excluded.notes, import_id = excluded.import_id, version = customer_network_terms.version + 1,
      modified_at = excluded.modified_at, modified_by = excluded.modified_by`);
  return changed.length;
}

type DiTerms = { nominatedDealerName: string; fnpBand: FnpBand; rebateBp: number; rebateAmount: number | null; agreedCreditLimit: number | null; lastPhysicalAudit: string | null; lastDesktopAudit: string | null };

function diTermsOf(values: CheckedRow['values']): DiTerms {
  return {
    nominatedDealerName: String(values.nominatedDealerName ?? ''),
    fnpBand: (values.fnpBand as FnpBand) ?? 'NONE',
    // The column is NOT NULL: an empty Rebate % is no rebate.
    rebateBp: (values.rebate as number | null) ?? 0,
    rebateAmount: (values.rebateAmount as number | null) ?? null,
    agreedCreditLimit: (values.agreedCreditLimit as number | null) ?? null,
    lastPhysicalAudit: (values.lastPhysicalAudit as string | null) ?? null,
    lastDesktopAudit: (values.lastDesktopAudit as string | null) ?? null,
  };
}

/** DI network terms: the single values of supplier_network_terms; rate lists are left as they are. */
export async function applyDiRows(tx: Tx, ctx: ApplyContext, rows: CheckedRow[]): Promise<number> {
  const withTerms = rows.filter((r) => !r.noTerms);
  if (withTerms.length === 0) return 0;
  const stored = await rowsOf<{ supplier_id: string; nominated_dealer_name: string; fnp_band: FnpBand; rebate_bp: number; rebate_amount: number | null; agreed_credit_limit: number | null; last_physical_audit: string | null; last_desktop_audit: string | null }>(
    tx,
    sql`SELECT supplier_id, nominated_dealer_name, fnp_band, rebate_bp, rebate_amount, agreed_credit_limit,
               to_char(last_physical_audit, 'YYYY-MM-DD') AS last_physical_audit, to_char(last_desktop_audit, 'YYYY-MM-DD') AS last_desktop_audit
        FROM supplier_network_terms
        WHERE supplier_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${idList(withTerms)}::jsonb))`,
  );
  const current = new Map(
    stored.map((r) => [r.supplier_id, { nominatedDealerName: r.nominated_dealer_name, fnpBand: r.fnp_band, rebateBp: r.rebate_bp, rebateAmount: r.rebate_amount, agreedCreditLimit: r.agreed_credit_limit, lastPhysicalAudit: r.last_physical_audit, lastDesktopAudit: r.last_desktop_audit } as DiTerms]),
  );
  const changed = withTerms
    .map((r) => ({ supplierId: r.supplier.id, terms: diTermsOf(r.values) }))
    .filter((r) => {
      const now = current.get(r.supplierId);
      return !now || !sameTerms(r.terms, now);
    });
  if (changed.length === 0) return 0;
  // Who changed a credit limit is named as the terms page names it: the importing admin.
  const by = (await adminName(tx, ctx.adminId)) ?? 'ADMIN';
  await tx
    .insert(supplierNetworkTerms)
    .values(
      changed.map((c) => ({
        supplierId: c.supplierId,
        ...c.terms,
        fnpEnabled: c.terms.fnpBand !== 'NONE',
        creditLimitUpdatedAt: c.terms.agreedCreditLimit === null ? null : ctx.now,
        creditLimitUpdatedBy: c.terms.agreedCreditLimit === null ? null : by,
        createdAt: ctx.now,
        createdBy: ctx.adminId,
        modifiedAt: ctx.now,
        modifiedBy: ctx.adminId,
      })),
    )
    .onConflictDoUpdate({
      target: supplierNetworkTerms.supplierId,
      set: {
        nominatedDealerName: sql`excluded.nominated_dealer_name`,
        fnpBand: sql`excluded.fnp_band`,
        fnpEnabled: sql`excluded.fnp_enabled`,
        rebateBp: sql`excluded.rebate_bp`,
        rebateAmount: sql`excluded.rebate_amount`,
        // The credit limit's "updated" stamp moves only when the limit itself changes.
        creditLimitUpdatedAt: sql`CASE WHEN ${supplierNetworkTerms.agreedCreditLimit} IS DISTINCT FROM excluded.agreed_credit_limit THEN excluded.modified_at ELSE ${supplierNetworkTerms.creditLimitUpdatedAt} END`,
        creditLimitUpdatedBy: sql`CASE WHEN ${supplierNetworkTerms.agreedCreditLimit} IS DISTINCT FROM excluded.agreed_credit_limit THEN ${by} ELSE ${supplierNetworkTerms.creditLimitUpdatedBy} END`,
        agreedCreditLimit: sql`excluded.agreed_credit_limit`,
        lastPhysicalAudit: sql`excluded.last_physical_audit`,
        lastDesktopAudit: sql`excluded.last_desktop_audit`,
        version: sql`${supplierNetworkTerms.version} + 1`,
        modifiedAt: sql`excluded.modified_at`,
        modifiedBy: sql`excluded.modified_by`,
      },
    });
  return changed.length;
}
