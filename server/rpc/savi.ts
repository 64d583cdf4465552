/**
 * The SAVi page's calls (spec 3 §2.1, §7): the paybill address and footer printed on invoices and
 * statements, the weekly SAVi statements and their files, and the credit limit export request.
 * Pay bill's calls are in saviPayBill.ts.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { noInputSchema } from '../../domain/lists';
import {
  exportCreditLimitSchema,
  PAYBILL_MESSAGES,
  paybillFormSchema,
  paybillFormOf,
  paybillRecordOf,
  SAVI_EXPORTS_LIMIT,
  saviExportFileSchema,
  savePaybillSchema,
  STATEMENT_FILEPATH,
  STATEMENT_MESSAGES,
  statementFilepath,
  type PaybillDetails,
  type PaybillDetailsResponse,
  type PaybillForm,
  type SaviExportFileResponse,
  type SaviExportsListResponse,
} from '../../domain/savi';
import { PAYBILL_SETTINGS_ID } from '../../domain/finance';
import { paybillSettings, saviExports } from '../db/schema';
import { fileDownload } from './fileDownload';
import type { Tx } from '../db/client';
import { QUEUES } from '../jobs/queues';
import { writeAudit } from './audit';
import { ApiError, conflict, fieldErrors } from './errors';
import { defineRecordKind, insertRecord, mutationContext, updateVersioned } from './records';
import { defineMutation, defineSlug } from './registry';

const VIEW = { permission: 'savi', action: 'view' } as const;
/** Changing what every invoice prints is an edit of the area. */
const EDIT = { permission: 'savi', action: 'edit' } as const;

const paybillKind = defineRecordKind({ table: paybillSettings, type: 'paybillSettings', label: 'Paybill details', topics: () => [] });

type SettingsRow = typeof paybillSettings.$inferSelect;

function detailsOf(row: SettingsRow | undefined): PaybillDetails & { version: number | null } {
  return {
    version: row ? Number(row.version) : null,
    address: {
      number: row?.addressNumber ?? '',
      address1: row?.address1 ?? '',
      address2: row?.address2 ?? '',
      address3: row?.address3 ?? '',
      county: row?.county ?? '',
      postCode: row?.postCode ?? '',
    },
    invoice: { companyName: row?.companyName ?? '', footer: { blurb: row?.footerBlurb ?? '' } },
  };
}

/** The stored address and footer (empty before the first save): what invoices and statements print. */
export async function paybillDetails(db: Tx): Promise<PaybillDetails & { version: number | null }> {
  const [row] = await db.select().from(paybillSettings).where(eq(paybillSettings.id, PAYBILL_SETTINGS_ID));
  return detailsOf(row);
}

export const getPaybillDetails = defineSlug({
  slug: 'admin/getPaybillDetails',
  method: 'GET',
  effect: 'read',
  access: VIEW,
  input: noInputSchema,
  async handler({ services }): Promise<PaybillDetailsResponse> {
    return { success: true, paybillDetails: await paybillDetails(services.db) };
  },
});

/**
 * Saves the address and footer at the version the drawer showed (409 with the current details
 * otherwise, as the console's record: paybillRecordOf), audited. Field errors name the drawer's
 * fields (companyName, number, …, footer).
 */
export const savePaybillDetails = defineMutation({
  slug: 'admin/savePayBillAddressAndFooterDetails',
  access: EDIT,
  input: savePaybillSchema,
  async handler({ tx, mutation, input }): Promise<PaybillDetailsResponse> {
    const parsed = paybillFormSchema.safeParse(paybillFormOf(input as unknown as PaybillDetails));
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      throw new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? PAYBILL_MESSAGES.saveFailed, fields);
    }
    const f: PaybillForm = parsed.data;
    const columns = {
      companyName: f.companyName,
      addressNumber: f.number,
      address1: f.address1,
      address2: f.address2,
      address3: f.address3,
      county: f.county,
      postCode: f.postCode,
      footerBlurb: f.footer,
    };
    const [current] = await tx.select({ version: paybillSettings.version }).from(paybillSettings).where(eq(paybillSettings.id, PAYBILL_SETTINGS_ID)).for('update');
    const saved = current
      ? await updateVersioned(tx, { ...paybillKind, present: async (_tx, row) => paybillRecordOf(detailsOf(row)) }, PAYBILL_SETTINGS_ID, input.version ?? 0, columns, mutation)
      : input.version === null
        ? await insertRecord(tx, paybillKind, { id: PAYBILL_SETTINGS_ID, ...columns }, mutation)
        : null;
    // A version for details never saved: someone's first save was undone meanwhile; nothing to compare with.
    if (!saved) throw conflict(paybillRecordOf(detailsOf(undefined)));
    return { success: true, paybillDetails: detailsOf(saved) };
  },
});

type ExportRow = typeof saviExports.$inferSelect;

export const getSaviExportsList = defineSlug({
  slug: 'admin/getSaviExportsList',
  method: 'GET',
  effect: 'read',
  access: VIEW,
  input: noInputSchema,
  async handler({ services }): Promise<SaviExportsListResponse> {
    const rows: ExportRow[] = await services.db.select().from(saviExports).orderBy(desc(saviExports.generatedAt), desc(saviExports.id)).limit(SAVI_EXPORTS_LIMIT);
    return {
      success: true,
      saviExportsList: rows.map((r) => ({
        id: r.id,
        isSuccess: r.isSuccess,
        startDate: r.startDate,
        endDate: r.endDate,
        timestamp: r.generatedAt.toISOString(),
        fileName: r.fileName,
        filepath: r.isSuccess && r.fileId ? statementFilepath(r.id) : null,
        error: r.error,
      })),
    };
  },
});

/** The statement's file as base64 (spec 3 §7 sAViReport); 404 'File not available' when it is gone. Downloads are audited. */
export const getSaviExportFile = defineSlug({
  slug: 'admin/getSAViExportFile',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: saviExportFileSchema,
  async handler(c): Promise<SaviExportFileResponse> {
    const { services, input } = c;
    const id = STATEMENT_FILEPATH.exec(input.filepath)?.[1];
    const [row] = id ? await services.db.select().from(saviExports).where(eq(saviExports.id, id)) : [];
    const file = await fileDownload(services.files, services.db, row?.fileId ?? null, { fileName: row?.fileName, missing: () => new ApiError(404, 'FILE_NOT_AVAILABLE', STATEMENT_MESSAGES.fileNotAvailable) });
    const ctx = mutationContext(c);
    await writeAudit(services.db, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'saviExport', recordId: row.id, before: null, after: { downloaded: row.fileName, userName: input.userName ?? null }, at: ctx.now });
    return { success: true, sAViReport: file };
  },
});

/**
 * Records the request (an audit row and its job, in one transaction) and answers at once; the job
 * builds the file and e-mails it to the admin who asked (server/jobs/savi/creditLimit.ts).
 */
export const exportCreditLimitDetails = defineSlug({
  slug: 'admin/exportCreditLimitDetails',
  method: 'POST',
  effect: 'write',
  access: VIEW,
  input: exportCreditLimitSchema,
  async handler(c): Promise<{ success: true }> {
    const { services } = c;
    const ctx = mutationContext(c);
    const requestId = randomUUID();
    await services.db.transaction(async (tx) => {
      await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: 'creditLimitExport', recordId: requestId, before: null, after: { requestedAt: ctx.now.toISOString() }, at: ctx.now });
      await services.jobs.send(tx, QUEUES.creditLimitExport, { requestId, adminId: c.session.admin.id });
    });
    services.jobs.wake(QUEUES.creditLimitExport);
    return { success: true };
  },
});

export const saviSlugs = [getPaybillDetails, savePaybillDetails, getSaviExportsList, getSaviExportFile, exportCreditLimitDetails];
