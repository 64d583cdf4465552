import { callApi } from './api';
import {
  DOCUMENT_PLATFORM_TYPE,
  type DocumentBufferResponse,
  type DocumentContentType,
  type DocumentRecord,
  type GetDocumentsResponse,
  type UploadImageResponse,
  type UploadType,
} from '../domain/documents';
import type { AdminUser } from '../domain/session';

/** The Documents drawer's calls (spec 1 §7). Customer documents are uploaded as type CUSTOMER. */
const UPLOAD_TYPE: UploadType = 'CUSTOMER';

export async function getCustomerDocuments(leaseCompanyId: string, signal?: AbortSignal): Promise<DocumentRecord[]> {
  const { documents } = await callApi<GetDocumentsResponse>('admin/getDocuments', { body: { leaseCompanyId }, signal });
  return documents;
}

/**
 * Stores one file's bytes. `background`: a failure is shown next to the file, not as the shell's
 * generic banner.
 */
export function uploadDocumentFile(body: { base64: string; uid: string; savedFilename: string }): Promise<UploadImageResponse> {
  return callApi('enquiry/uploadImage', {
    body: { file: body.base64, fileId: body.uid, savedFilename: body.savedFilename, platformType: DOCUMENT_PLATFORM_TYPE, documentUploadType: UPLOAD_TYPE },
    background: true,
  });
}

export function addCustomerDocument(
  leaseCompanyId: string,
  document: { uid: string; type: DocumentContentType; filename: string; savedFilename: string; label: string; fileId: string },
  user: AdminUser | undefined,
): Promise<{ isSuccess: boolean }> {
  return callApi('admin/addDocument', {
    body: {
      leaseCompanyId,
      accountId: null,
      serviceUnitId: null,
      uploadType: UPLOAD_TYPE,
      user: user ? { firstname: user.firstname, lastname: user.lastname } : null,
      document,
    },
    background: true,
  });
}

export function getDocumentFile(doc: DocumentRecord): Promise<DocumentBufferResponse> {
  return callApi('enquiry/getDocumentBufferData', {
    body: { fileId: doc.fileId, savedFilename: doc.savedFilename, platformType: DOCUMENT_PLATFORM_TYPE, documentUploadType: UPLOAD_TYPE },
  });
}

export function deleteCustomerDocument(leaseCompanyId: string, doc: DocumentRecord): Promise<{ isSuccess: boolean }> {
  return callApi('admin/deleteDocument', {
    body: {
      fileId: doc.fileId,
      ids: { leaseCompanyId, accountId: null, serviceUnitId: null },
      uid: doc.uid,
      savedFilename: doc.savedFilename,
      platformType: DOCUMENT_PLATFORM_TYPE,
      documentUploadType: UPLOAD_TYPE,
    },
  });
}
