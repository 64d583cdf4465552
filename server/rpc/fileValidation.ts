/**
 * File validation (spec 3 §2.5, §7: upload, report list, log file download; paths not shown, ours
 * under fileValidation/). The upload streams the file into storage, checked by content, and
 * enqueues its validation job in one transaction with the report; the list is the latest 25,
 * newest first, updated live on the fileValidation topic.
 */
import { desc, eq } from 'drizzle-orm';
import {
  FILE_VALIDATION_MAX_BYTES,
  FILE_VALIDATION_MESSAGES,
  FILE_VALIDATION_REPORTS_LIMIT,
  REPORT_LOG_SHOWN_BYTES,
  reportLogFilepath,
  TOO_LARGE_ERROR,
  uploadValidationFieldsSchema,
  type FileValidationReport,
  type FileValidationReportDetails,
} from '../../domain/fileValidation';
import { noInputSchema, recordIdSchema, uuidSchema } from '../../domain/lists';
import { topics } from '../../domain/live';
import type { FileDownloadResponse } from '../../domain/network';
import type { Tx } from '../db/client';
import { fileValidationReports, files } from '../db/schema';
import { CsvUploadError, storeCsvUpload } from '../files/csvUpload';
import { QUEUES } from '../jobs/queues';
import { notify } from '../live/notify';
import { writeAudit } from './audit';
import { ApiError, notFound } from './errors';
import { parseInput } from './guard';
import { mutationContext } from './records';
import { defineSlug, sessionPerson, type SessionRpcContext, type SlugDef } from './registry';
import { fileDownload } from './fileDownload';
import { readFile } from '../files/storage';

const VIEW = { permission: 'fileValidation', action: 'view' } as const;
/** Uploading starts work on the server: the menu permission's edit (ours; the spec names only the read). */
const UPLOAD = { permission: 'fileValidation', action: 'edit' } as const;
/** A multipart body carries at most this much besides the file (the text fields and boundaries). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

type ReportRow = typeof fileValidationReports.$inferSelect;

function toReport(r: ReportRow): FileValidationReport {
  return {
    id: r.id,
    processIndicator: r.processIndicator,
    timestamp: r.uploadedAt.toISOString(),
    user: r.uploadedBy,
    validationType: r.validationType,
    fileName: r.fileName,
    validationStatus: r.validationStatus,
    error: r.error,
    logFilePath: r.logFileId ? reportLogFilepath(r.id) : null,
    isProcessing: r.isProcessing,
    rowCount: r.rowCount,
    errorCount: r.errorCount,
  };
}

const fileProblem = (message: string, status = 400) => new ApiError(status, 'VALIDATION', message, { file: message });

/** The latest report, whose processing blocks a new upload (spec 3 §2.5). */
async function latest(db: Tx): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(fileValidationReports).orderBy(desc(fileValidationReports.uploadedAt), desc(fileValidationReports.id)).limit(1);
  return row;
}

/** A run that failed for size is recorded too, so the list says 'File is too large' (spec 3 §4, §8). */
async function recordTooLarge(ctx: SessionRpcContext, validationType: string, fileName: string): Promise<void> {
  const { services } = ctx;
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fileValidationReports)
      .values({ validationType, fileName, uploadedBy: sessionPerson(ctx), uploadedAt: services.clock.now(), isProcessing: false, processIndicator: 'FAILED', error: TOO_LARGE_ERROR, completedAt: services.clock.now() })
      .returning({ id: fileValidationReports.id });
    await notify(tx, topics.fileValidation(), { op: 'insert', type: 'fileValidationReport', id: row.id });
  });
}

export const uploadValidationFile = defineSlug({
  slug: 'fileValidation/upload',
  method: 'POST',
  effect: 'write',
  access: UPLOAD,
  input: uploadValidationFieldsSchema,
  multipart: { maxFileBytes: FILE_VALIDATION_MAX_BYTES },
  async handler(ctx): Promise<{ success: true; report: FileValidationReport }> {
    const { request, services } = ctx;
    if (!request.isMultipart()) throw fileProblem(FILE_VALIDATION_MESSAGES.fileRequired);
    const raw: Record<string, string> = {};
    let fields: { validationType: string } | null = null;
    let stored: { id: string; name: string } | null = null;
    let tooLarge: string | null = null;
    const adminId = ctx.session.admin.id;
    try {
      for await (const part of ctx.readParts!({ fileSize: FILE_VALIDATION_MAX_BYTES, files: 2, fields: 10, fieldSize: 4096 })) {
        if (part.type === 'field') {
          raw[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || stored || tooLarge) {
          part.file.resume();
          continue;
        }
        // The text fields come first (the console sends them so): checked before any byte is stored.
        fields ??= parseInput(uploadValidationFieldsSchema, raw);
        if ((await latest(services.db))?.isProcessing) {
          part.file.resume();
          throw new ApiError(409, 'BUSY', FILE_VALIDATION_MESSAGES.busy);
        }
        // Checked by readParts (domain/uploadFileName.ts): present, plain and at most 255 characters.
        const name = part.filename;
        try {
          const file = await storeCsvUpload(services.files, services.db, part.file, {
            name,
            createdBy: adminId,
            maxBytes: FILE_VALIDATION_MAX_BYTES,
            // Any header: a header that is not the type's is the log's first problem, not a refusal.
            acceptHeader: (cells) => cells.some((c) => c.trim() !== ''),
            truncated: () => part.file.truncated,
          });
          stored = { id: file.id, name };
        } catch (err) {
          if (!(err instanceof CsvUploadError)) throw err;
          if (err.problem === 'tooLarge') tooLarge = name;
          else throw fileProblem(err.problem === 'empty' ? FILE_VALIDATION_MESSAGES.fileEmpty : FILE_VALIDATION_MESSAGES.notCsv);
        }
      }
    } catch (err) {
      if (stored) await services.db.delete(files).where(eq(files.id, stored.id));
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' && fields) tooLarge ??= 'file.csv';
      else throw err;
    }
    fields ??= parseInput(uploadValidationFieldsSchema, raw);
    if (tooLarge) {
      await recordTooLarge(ctx, fields.validationType, tooLarge);
      throw fileProblem(FILE_VALIDATION_MESSAGES.tooLarge, 413);
    }
    if (!stored) throw fileProblem(FILE_VALIDATION_MESSAGES.fileRequired);
    const file = stored;
    const mutation = mutationContext(ctx);
    const type = fields.validationType;
    const report = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(fileValidationReports)
        .values({ validationType: type, fileName: file.name, fileId: file.id, uploadedBy: sessionPerson(ctx), uploadedAt: mutation.now })
        .returning();
      await services.jobs.send(tx, QUEUES.fileValidation, { reportId: row.id, adminId });
      await writeAudit(tx, { adminId, slug: mutation.slug, recordType: 'fileValidationReport', recordId: row.id, before: null, after: { validationType: type, fileName: file.name }, at: mutation.now });
      await notify(tx, topics.fileValidation(), { op: 'insert', type: 'fileValidationReport', id: row.id });
      return row;
    });
    services.jobs.wake(QUEUES.fileValidation);
    return { success: true, report: toReport(report) };
  },
});

export const getValidationReports = defineSlug({
  slug: 'fileValidation/getReports',
  method: 'GET',
  effect: 'read',
  access: VIEW,
  input: noInputSchema,
  async handler({ services }): Promise<{ success: true; reports: FileValidationReport[] }> {
    const rows = await services.db.select().from(fileValidationReports).orderBy(desc(fileValidationReports.uploadedAt), desc(fileValidationReports.id)).limit(FILE_VALIDATION_REPORTS_LIMIT);
    return { success: true, reports: rows.map(toReport) };
  },
});

export const getValidationLogFile = defineSlug({
  slug: 'fileValidation/getLogFile',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: recordIdSchema(uuidSchema),
  async handler({ services, input }): Promise<FileDownloadResponse> {
    const [row] = await services.db.select().from(fileValidationReports).where(eq(fileValidationReports.id, input.id));
    return fileDownload(services.files, services.db, row?.logFileId ?? null, { missing: () => notFound('Log file') });
  },
});

export const getValidationReport = defineSlug({
  slug: 'fileValidation/getReport',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: recordIdSchema(uuidSchema),
  async handler({ services, input }): Promise<{ data: FileValidationReportDetails }> {
    const [row] = await services.db.select().from(fileValidationReports).where(eq(fileValidationReports.id, input.id));
    if (!row) throw notFound('File validation');
    const file = row.logFileId ? await readFile(services.files, services.db, row.logFileId) : null;
    const log = file ? file.data.subarray(0, REPORT_LOG_SHOWN_BYTES).toString('utf8') : null;
    return { data: { ...toReport(row), log, logCut: file ? file.data.length > REPORT_LOG_SHOWN_BYTES : false } };
  },
});

export const fileValidationSlugs = [uploadValidationFile, getValidationReports, getValidationReport, getValidationLogFile] as SlugDef[];
