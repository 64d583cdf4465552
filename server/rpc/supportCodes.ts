/**
 * The support dashboard's reference-data tools (spec 3 §2.4, §7): Show Categories reads the
 * finance system's customer categories; Manage External Codes finds a job code's mapping and saves
 * its external code at the version the user saw, with an audit row in the same transaction.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AccountingCategoriesResponse } from '../../domain/finance';
import { noInputSchema } from '../../domain/lists';
import {
  EXTERNAL_CODE_MESSAGES,
  findExternalCodeSchema,
  saveExternalCodeSchema,
  type ExternalCodeMapping,
  type ExternalCodeMappingResponse,
  type SaveExternalCodeResponse,
} from '../../domain/support';
import { jobCodeMappings } from '../db/schema';
import { listAccountingCategories } from '../integrations/finance/categories';
import { FinanceSystemError } from '../integrations/finance/system';
import { auditImage, writeAudit } from './audit';
import { ApiError, conflict } from './errors';
import { defineMutation, defineSlug } from './registry';

type MappingRow = typeof jobCodeMappings.$inferSelect;

const mappingNotFound = () => new ApiError(404, 'MAPPING_NOT_FOUND', EXTERNAL_CODE_MESSAGES.notFound);
const toMapping = (row: MappingRow): ExternalCodeMapping => ({ jobCode: row.jobCode, externalCode: row.externalCode, version: row.version });

/**
 * Show Categories: the configured finance system's customer categories, by name. Ours: the
 * customer form reads the same list through admin/getAccountingCategories under the customer
 * permission. A finance system that fails is a 502, so the console's generic banner shows.
 */
export const getQuickBooksCustomerCategories = defineSlug({
  slug: 'admin/getQuickBooksCustomerCategories',
  method: 'GET',
  effect: 'read',
  access: { permission: 'ALLOW_SHOW_QUICKBOOKS_CUSTOMER_CATEGORIES', action: 'view' },
  input: noInputSchema,
  async handler(c): Promise<AccountingCategoriesResponse> {
    try {
      return { customerCategories: await listAccountingCategories(c.services.finance) };
    } catch (err) {
      if (!(err instanceof FinanceSystemError)) throw err;
      c.services.log.warn({ err: err.message }, 'finance system: customer categories failed');
      throw new ApiError(502, 'FINANCE_SYSTEM_FAILED', 'The accounting service did not answer with its customer categories.');
    }
  },
});

/**
 * Finds a job code's mapping, ignoring case (the codes are stored upper-case); an exact match
 * wins should two codes differ only in case.
 */
export const getExternalSMRCodes = defineSlug({
  slug: 'admin/getExternalSMRCodes',
  method: 'POST',
  effect: 'read',
  access: { permission: 'MANAGE_EXTERNAL_CODES', action: 'edit' },
  input: findExternalCodeSchema,
  async handler({ services, input }): Promise<ExternalCodeMappingResponse> {
    const [row] = await services.db
      .select()
      .from(jobCodeMappings)
      .where(sql`lower(${jobCodeMappings.jobCode}) = lower(${input.jobCode})`)
      .orderBy(sql`${jobCodeMappings.jobCode} = ${input.jobCode} DESC`, asc(jobCodeMappings.jobCode))
      .limit(1);
    if (!row) throw mappingNotFound();
    return { success: true, mapping: toMapping(row) };
  },
});

/**
 * Saves the external code of the mapping the form shows, only at the version it was read at (409
 * CONFLICT with the mapping as it is now otherwise). The versioned contract of records.ts, written
 * out here because this table is keyed by its job code rather than an id.
 */
export const saveExternalSMRCodes = defineMutation({
  slug: 'admin/saveExternalSMRCodes',
  access: { permission: 'MANAGE_EXTERNAL_CODES', action: 'edit' },
  input: saveExternalCodeSchema,
  async handler({ tx, mutation: m, input }): Promise<SaveExternalCodeResponse> {
    const [before] = await tx.select().from(jobCodeMappings).where(eq(jobCodeMappings.jobCode, input.jobCode)).for('update');
    if (!before) throw mappingNotFound();
    if (before.version !== input.version) throw conflict(toMapping(before));
    const [after] = await tx
      .update(jobCodeMappings)
      .set({ externalCode: input.externalCode, version: sql`${jobCodeMappings.version} + 1`, modifiedAt: m.now, modifiedBy: m.adminId })
      .where(eq(jobCodeMappings.jobCode, before.jobCode))
      .returning();
    await writeAudit(tx, { adminId: m.adminId, slug: m.slug, recordType: 'jobCodeMapping', recordId: before.jobCode, before: auditImage(before), after: auditImage(after), at: m.now });
    return { success: true, message: EXTERNAL_CODE_MESSAGES.saved, mapping: toMapping(after) };
  },
});

export const supportCodeSlugs = [getQuickBooksCustomerCategories, getExternalSMRCodes, saveExternalSMRCodes];
