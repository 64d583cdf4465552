/**
 * The web-link logo (spec 1 §5 "Logo upload"): its upload, and the address the console and the
 * web link page read it from.
 *
 * Who may read a stored logo: anyone who may view customers, once a customer's web link uses it;
 * before that (the edit form's preview of a logo not yet saved), only the admin who uploaded it.
 * Only files stored by the logo upload are served here, never documents or other files, whatever
 * id is asked for; everything else reads as not found, so an id reveals nothing.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  checkCustomerLogo,
  customerLogoQuerySchema,
  customerLogoUrl,
  isRecordId,
  uploadCustomerLogoFieldsSchema,
  type UploadCustomerLogoResponse,
} from '../../domain/customers';
import type { Tx } from '../db/client';
import { auditLog, leaseCompanies } from '../db/schema';
import { putFile, readFile } from '../files/storage';
import { JsonUploadError } from '../files/jsonUpload';
import { ApiError, notFound } from './errors';
import { writeAudit } from './audit';
import { mutationContext } from './records';
import { defineSlug } from './registry';

const VIEW_CUSTOMER = { permission: 'customer', action: 'view' } as const;
const EDIT_CUSTOMER = { permission: 'EDIT_CUSTOMER', action: 'edit' } as const;

const UPLOAD_SLUG = 'admin/uploadCustomerLogo';
/** Audit record type of a stored logo (with the slug above, it tells a logo from other files). */
export const LOGO_RECORD_TYPE = 'file';

/** Ample for the base64 of a 100 KB logo; a larger body is refused unread. */
const LOGO_BODY_LIMIT = 1024 * 1024;

const refused = (message: string, status = 400) => new ApiError(status, 'VALIDATION', message, { file: message });

/** The spec's message for bytes that can no longer become an acceptable logo. */
class LogoRejected extends Error {}

/** Who uploaded a stored logo, or null when the file is not one. */
export async function logoUploader(db: Tx, fileId: string): Promise<{ adminId: string | null } | null> {
  const [row] = await db
    .select({ adminId: auditLog.adminId })
    .from(auditLog)
    .where(and(eq(auditLog.recordType, LOGO_RECORD_TYPE), eq(auditLog.recordId, fileId), eq(auditLog.slug, UPLOAD_SLUG)))
    .orderBy(asc(auditLog.id))
    .limit(1);
  return row ?? null;
}

/** Whether some customer's web link shows this logo. */
async function usedByCustomer(db: Tx, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leaseCompanies.id })
    .from(leaseCompanies)
    .where(sql`${leaseCompanies.config}->'webLink'->'theme'->>'logo' = ${customerLogoUrl(fileId)}`)
    .limit(1);
  return Boolean(row);
}

/**
 * Stores a web-link logo after checking its bytes (PNG signature, size, IHDR height). The body is
 * streamed (jsonUpload) and cut as soon as the logo passes 100 KB, so at most that much is held.
 */
export const uploadCustomerLogo = defineSlug({
  slug: UPLOAD_SLUG,
  method: 'POST',
  effect: 'write',
  access: EDIT_CUSTOMER,
  input: uploadCustomerLogoFieldsSchema,
  jsonUpload: { field: 'contentBase64', maxBodyBytes: LOGO_BODY_LIMIT },
  async handler(c): Promise<UploadCustomerLogoResponse> {
    const parts: Buffer[] = [];
    let size = 0;
    const take = async (bytes: Buffer) => {
      parts.push(bytes);
      size += bytes.length;
      // Past the limit the answer is known (not a PNG, or too large): stop reading.
      if (size > LOGO_MAX_BYTES) throw new LogoRejected(checkCustomerLogo(Buffer.concat(parts))!);
    };
    const body = await c.readUpload!(take).catch((err: unknown) => {
      if (err instanceof LogoRejected) throw refused(err.message);
      if (err instanceof JsonUploadError && err.problem === 'tooLarge') throw refused(LOGO_MESSAGES.tooLarge, 413);
      if (err instanceof JsonUploadError) throw refused(LOGO_MESSAGES.notPng);
      throw err;
    });
    const input = body.input;
    const bytes = Buffer.concat(parts);
    const problem = checkCustomerLogo(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (problem) throw refused(problem);
    const ctx = mutationContext(c);
    return c.services.db.transaction(async (tx) => {
      if (input.leaseCompanyId) {
        const [customer] = isRecordId(input.leaseCompanyId) ? await tx.select({ id: leaseCompanies.id }).from(leaseCompanies).where(eq(leaseCompanies.id, input.leaseCompanyId)) : [];
        if (!customer) throw notFound();
      }
      const file = await putFile(c.services.files, tx, { name: input.fileName, contentType: 'image/png', data: bytes, createdAt: ctx.now, createdBy: ctx.adminId });
      await writeAudit(tx, {
        adminId: ctx.adminId,
        slug: ctx.slug,
        recordType: LOGO_RECORD_TYPE,
        recordId: file.id,
        before: null,
        after: { ...file, leaseCompanyId: input.leaseCompanyId ?? null },
        at: ctx.now,
      });
      return { fileId: file.id, url: customerLogoUrl(file.id) };
    });
  },
});

/** Serves a stored logo as image/png, to those who may see it (see the top of this file). */
export const getCustomerLogo = defineSlug({
  slug: 'admin/getCustomerLogo',
  method: 'GET',
  effect: 'read',
  access: VIEW_CUSTOMER,
  input: customerLogoQuerySchema,
  async handler(c) {
    const { fileId } = c.input;
    if (!isRecordId(fileId)) throw notFound();
    const db = c.services.db;
    const upload = await logoUploader(db, fileId);
    if (!upload) throw notFound();
    if (upload.adminId !== c.session.admin.id && !(await usedByCustomer(db, fileId))) throw notFound();
    const file = await readFile(c.services.files, db, fileId);
    if (!file || file.contentType !== 'image/png') throw notFound();
    c.reply.header('content-type', 'image/png').header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600');
    return file.data;
  },
});

export const customerLogoSlugs = [uploadCustomerLogo, getCustomerLogo];
