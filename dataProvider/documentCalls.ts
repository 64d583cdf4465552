import type { DocumentBufferResponse, DocumentContentType, DocumentRecord, UploadImageResponse } from '../domain/documents';
import { DOCUMENT_PLATFORM_TYPE, OWNER_UPLOAD_TYPE, ownerIds, type DocumentOwner } from '../domain/documentOwners';
import type { AdminUser } from '../domain/session';
import type { DataIo } from './routing';

/** A document being attached to its owner, once its bytes are stored (fileId). */
export interface NewDocument {
  uid: string;
  type: DocumentContentType;
  filename: string;
  savedFilename: string;
  label: string;
  fileId: string;
}

/**
 * The Documents drawer's actions (spec 1 §7, spec 2 §2.1), for any owner: a customer, a group or a
 * supplier, each uploading as its own type. Typed methods of the console's dataProvider; the lists
 * are the owners' document resources (domain/resources/documents.ts).
 */
export interface DocumentCalls {
  /** Stores one file's bytes; a failure is shown next to the file, not as the shell's banner. */
  uploadDocumentFile(owner: DocumentOwner, file: { base64: string; uid: string; savedFilename: string }): Promise<UploadImageResponse>;
  addDocument(owner: DocumentOwner, document: NewDocument, user: AdminUser | undefined): Promise<{ isSuccess: boolean }>;
  documentFile(owner: DocumentOwner, doc: DocumentRecord): Promise<DocumentBufferResponse>;
  deleteDocument(owner: DocumentOwner, doc: DocumentRecord): Promise<{ isSuccess: boolean }>;
}

export function documentCalls(io: DataIo): DocumentCalls {
  const post = <T>(slug: string, body: unknown, options: { background?: boolean } = {}) => io.call(slug, { method: 'POST', body, ...options }) as Promise<T>;
  const file = (owner: DocumentOwner) => ({ platformType: DOCUMENT_PLATFORM_TYPE, documentUploadType: OWNER_UPLOAD_TYPE[owner.kind] });
  return {
    uploadDocumentFile: (owner, { base64, uid, savedFilename }) =>
      post('enquiry/uploadImage', { file: base64, fileId: uid, savedFilename, ...file(owner) }, { background: true }),
    addDocument: (owner, document, user) =>
      post(
        'admin/addDocument',
        { ...ownerIds(owner), uploadType: OWNER_UPLOAD_TYPE[owner.kind], user: user ? { firstname: user.firstname, lastname: user.lastname } : null, document },
        { background: true },
      ),
    documentFile: (owner, doc) => post('enquiry/getDocumentBufferData', { fileId: doc.fileId, savedFilename: doc.savedFilename, ...file(owner) }),
    deleteDocument: (owner, doc) =>
      post('admin/deleteDocument', { fileId: doc.fileId, ids: ownerIds(owner), uid: doc.uid, savedFilename: doc.savedFilename, ...file(owner) }),
  };
}
