/**
 * Documents of customers, groups and suppliers (spec 1 §2 Documents drawer, §3, §5, §7, §8).
 *
 * An upload is two calls: enquiry/uploadImage stores the bytes (type read from the bytes, limits
 * enforced) and answers the file id the server chose; admin/addDocument then attaches that file to
 * its owner under a label. A file may be attached only by the admin who uploaded it, only once,
 * and only under the type it was stored as. Who uploaded a file is read from the audit row
 * uploadImage writes (record type 'documentFile'), so nothing new is kept on the file itself.
 *
 * Every change notifies the owner's live topic with `{ op: 'documents' }` (the original read the
 * lists live from its document database) and tells the search cache that `documents` changed,
 * because the customer cards' documentCount is counted from this table (productCollections.ts).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { can, type Roles } from '../../domain/permissions';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_UPLOAD_BODY_LIMIT,
  addDocumentSchema,
  deleteDocumentSchema,
  documentBufferSchema,
  documentOwner,
  ownerTopic,
  getDocumentsSchema,
  uploadImageFieldsSchema,
  type DocumentBufferResponse,
  type DocumentContentType,
  type DocumentOwner,
  type DocumentRecord,
  type GetDocumentsResponse,
  type UploadImageResponse,
} from '../../domain/documents';
import { isRecordId } from '../../domain/customers';
import type { Tx } from '../db/client';
import { auditLog, documents, leaseCompanies, supplierGroups, suppliers } from '../db/schema';
import { deleteFile, fileInfo, readFile } from '../files/storage';
import { DocumentRejected, DocumentUpload } from '../files/documentUpload';
import { JsonUploadError } from '../files/jsonUpload';
import { notify } from '../live/notify';
import { ApiError, forbidden, notFound } from './errors';
import { auditImage, writeAudit } from './audit';
import { defineRecordKind, insertRecord, mutationContext } from './records';
import { defineSlug } from './registry';

type Row = typeof documents.$inferSelect;

const VIEW_CUSTOMER = { permission: 'customer', action: 'view' } as const;
const UPLOAD_DOCUMENTS = { permission: 'UPLOAD_DOCUMENTS', action: 'edit' } as const;

/** Audit record type of a stored upload, before it is attached. */
const UPLOAD_RECORD_TYPE = 'documentFile';

/** The live notification is sent by hand (payload { op: 'documents' }), hence no topics here. */
const documentKind = defineRecordKind({ table: documents, type: 'document', label: 'Document', topics: () => [] });

const validation = (fields: Record<string, string>, status = 400) => new ApiError(status, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);

/** The menu a caller needs to see an owner's documents (the slug itself already needs the customer menu). */
const OWNER_MENU: Record<DocumentOwner['kind'], string> = { leaseCompany: 'customer', group: 'group', supplier: 'supplier' };

function requireOwnerView(roles: Roles, owner: DocumentOwner): void {
  if (!can(roles, OWNER_MENU[owner.kind], 'view')) throw forbidden();
}

function ownerOfRow(row: Row): DocumentOwner | null {
  if (row.leaseCompanyId) return { kind: 'leaseCompany', id: row.leaseCompanyId };
  if (row.supplierId) return { kind: 'supplier', id: row.supplierId };
  if (row.groupId) return { kind: 'group', id: row.groupId };
  return null;
}

function ownerCondition(owner: DocumentOwner): SQL {
  if (owner.kind === 'leaseCompany') return eq(documents.leaseCompanyId, owner.id);
  if (owner.kind === 'group') return eq(documents.groupId, owner.id);
  return eq(documents.supplierId, owner.id);
}

async function ownerExists(tx: Tx, owner: DocumentOwner): Promise<boolean> {
  const table = owner.kind === 'leaseCompany' ? leaseCompanies : owner.kind === 'group' ? supplierGroups : suppliers;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, owner.id));
  return Boolean(row);
}

/**
 * Tells open consoles that an owner's documents changed (on commit). The search cache hears of it
 * from the documents statement trigger (migration 0006). Groups have no live topic yet.
 */
async function documentsChanged(tx: Tx, owner: DocumentOwner, documentId: string): Promise<void> {
  const topic = ownerTopic(owner);
  if (topic) await notify(tx, topic, { op: 'documents', id: documentId });
}

function toRecord(row: Row): DocumentRecord {
  return {
    uid: row.uid,
    type: row.contentType,
    filename: row.filename,
    savedFilename: row.savedFilename,
    label: row.label,
    user: { firstname: row.uploadedBy?.firstname ?? '', lastname: row.uploadedBy?.lastname ?? '' },
    timestamp: row.uploadedAt.toISOString(),
    fileId: row.fileId,
    canDelete: row.canDelete,
  };
}

/**
 * The documents of one owner, newest first. An owner that does not exist reads as the empty list
 * (spec 1 §8: a missing document record is RECORD_NOT_FOUND, shown as no documents).
 */
export const getDocuments = defineSlug({
  slug: 'admin/getDocuments',
  method: 'POST',
  effect: 'read',
  access: VIEW_CUSTOMER,
  input: getDocumentsSchema,
  async handler(c): Promise<GetDocumentsResponse> {
    const owner = documentOwner(c.input)!;
    requireOwnerView(c.session.roles, owner);
    if (!isRecordId(owner.id)) return { documents: [] };
    const where = c.input.uploadType ? and(ownerCondition(owner), eq(documents.uploadType, c.input.uploadType)) : ownerCondition(owner);
    const rows = await c.services.db
      .select()
      .from(documents)
      .where(where)
      // Same instant (one batch): the later insert first, then a stable order.
      .orderBy(desc(documents.uploadedAt), desc(documents.createdAt), asc(documents.id));
    return { documents: rows.map(toRecord) };
  },
});

/**
 * Stores an uploaded file. The type comes from the bytes (PNG, JPEG or PDF signature), never from
 * the name, and the size must be under the type's limit; anything else gets the spec's rejection
 * message. The server chooses the file id: a fileId in the payload is ignored. PDFs went to a
 * cloud file store in the original; here every file goes through server/files/storage.
 *
 * The body is streamed (jsonUpload): the file's base64 text is decoded and stored chunk by chunk
 * as it arrives, refused as soon as its first bytes or its size say so, and made readable with its
 * audit row in one transaction once the rest of the body checks out.
 */
export const uploadImage = defineSlug({
  slug: 'enquiry/uploadImage',
  method: 'POST',
  effect: 'write',
  access: UPLOAD_DOCUMENTS,
  input: uploadImageFieldsSchema,
  jsonUpload: { field: 'file', maxBodyBytes: DOCUMENT_UPLOAD_BODY_LIMIT },
  async handler(c): Promise<UploadImageResponse> {
    const ctx = mutationContext(c);
    const upload = new DocumentUpload(c.services.files, c.services.db, { createdAt: ctx.now, createdBy: ctx.adminId });
    try {
      const { input, hasFile } = await c.readUpload!(upload.write);
      if (!hasFile) throw new DocumentRejected();
      return await c.services.db.transaction(async (tx) => {
        const file = await upload.finish(tx, input.savedFilename);
        await writeAudit(tx, {
          adminId: ctx.adminId,
          slug: ctx.slug,
          recordType: UPLOAD_RECORD_TYPE,
          recordId: file.id,
          before: null,
          after: { ...file, documentUploadType: input.documentUploadType },
          at: ctx.now,
        });
        return { isSuccess: true as const, fileId: file.id, contentType: file.contentType as DocumentContentType };
      });
    } catch (err) {
      await upload.discard();
      if (err instanceof DocumentRejected || err instanceof JsonUploadError) {
        throw validation({ file: DOCUMENT_MESSAGES.rejected }, err instanceof JsonUploadError && err.problem === 'tooLarge' ? 413 : 400);
      }
      throw err;
    }
  },
});

/** Attaches an uploaded file to a customer, group or supplier under a label. */
export const addDocument = defineSlug({
  slug: 'admin/addDocument',
  method: 'POST',
  effect: 'write',
  access: UPLOAD_DOCUMENTS,
  input: addDocumentSchema,
  async handler(c): Promise<{ isSuccess: true }> {
    const owner = documentOwner(c.input)!;
    requireOwnerView(c.session.roles, owner);
    const doc = c.input.document;
    if (!isRecordId(owner.id) || !isRecordId(doc.fileId)) throw notFound();
    const ctx = mutationContext(c);
    const admin = c.session.admin;
    await c.services.db.transaction(async (tx) => {
      // Two attaches of one file wait for each other, so the second sees the first's row.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`documents.file:${doc.fileId}`}))`);
      if (!(await ownerExists(tx, owner))) throw notFound();
      const [upload] = await tx
        .select({ adminId: auditLog.adminId })
        .from(auditLog)
        .where(and(eq(auditLog.recordType, UPLOAD_RECORD_TYPE), eq(auditLog.recordId, doc.fileId)))
        .orderBy(asc(auditLog.id))
        .limit(1);
      // Someone else's upload is as good as none: its existence is not revealed.
      if (!upload || upload.adminId !== admin.id) throw notFound();
      const file = await fileInfo(tx, doc.fileId);
      if (!file) throw notFound();
      const [attached] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.fileId, doc.fileId)).limit(1);
      if (attached) throw new ApiError(409, 'FILE_ATTACHED', DOCUMENT_MESSAGES.alreadyAttached);
      if (file.contentType !== doc.type) throw validation({ 'document.type': DOCUMENT_MESSAGES.rejected });
      const row = await insertRecord(
        tx,
        documentKind,
        {
          uid: doc.uid,
          uploadType: c.input.uploadType,
          leaseCompanyId: owner.kind === 'leaseCompany' ? owner.id : null,
          groupId: owner.kind === 'group' ? owner.id : null,
          supplierId: owner.kind === 'supplier' ? owner.id : null,
          fileId: doc.fileId,
          contentType: doc.type,
          filename: doc.filename,
          savedFilename: doc.savedFilename,
          label: doc.label,
          // The session's admin, whatever `user` the console sent.
          uploadedBy: { firstname: admin.firstname, lastname: admin.lastname, email: admin.email },
          uploadedAt: ctx.now,
          canDelete: true,
        },
        ctx,
      );
      await documentsChanged(tx, owner, row.id);
    });
    return { isSuccess: true };
  },
});

/** The bytes of a document's file; only files attached to a document the caller may see. */
export const getDocumentBufferData = defineSlug({
  slug: 'enquiry/getDocumentBufferData',
  method: 'POST',
  effect: 'read',
  access: VIEW_CUSTOMER,
  input: documentBufferSchema,
  async handler(c): Promise<DocumentBufferResponse> {
    if (!isRecordId(c.input.fileId)) throw notFound();
    const db = c.services.db;
    const [row] = await db.select().from(documents).where(eq(documents.fileId, c.input.fileId)).limit(1);
    const owner = row ? ownerOfRow(row) : null;
    if (!row || !owner) throw notFound();
    requireOwnerView(c.session.roles, owner);
    const file = await readFile(c.services.files, db, row.fileId);
    if (!file) throw notFound();
    return { success: true, message: '', fileData: { data: file.data.toString('base64') }, contentType: row.contentType, fileName: row.filename };
  },
});

/** Removes a document and its file, with an audit row holding the document as it was. */
export const deleteDocument = defineSlug({
  slug: 'admin/deleteDocument',
  method: 'POST',
  effect: 'write',
  access: UPLOAD_DOCUMENTS,
  input: deleteDocumentSchema,
  async handler(c): Promise<{ isSuccess: true }> {
    const owner = documentOwner(c.input.ids)!;
    requireOwnerView(c.session.roles, owner);
    const { fileId, uid } = c.input;
    if (!isRecordId(fileId) || !isRecordId(owner.id)) throw notFound();
    const ctx = mutationContext(c);
    await c.services.db.transaction(async (tx) => {
      const [row] = await tx.select().from(documents).where(and(eq(documents.fileId, fileId), ownerCondition(owner))).for('update');
      if (!row || row.uid !== uid) throw notFound();
      if (!row.canDelete) throw new ApiError(409, 'NOT_DELETABLE', DOCUMENT_MESSAGES.cannotDelete);
      await tx.delete(documents).where(eq(documents.id, row.id));
      await deleteFile(tx, row.fileId);
      await writeAudit(tx, { adminId: ctx.adminId, slug: ctx.slug, recordType: documentKind.type, recordId: row.id, before: auditImage(row), after: null, at: ctx.now });
      await documentsChanged(tx, owner, row.id);
    });
    return { isSuccess: true };
  },
});

export const documentSlugs = [getDocuments, uploadImage, addDocument, getDocumentBufferData, deleteDocument];
