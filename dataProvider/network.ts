import { HttpError } from 'react-admin';
import { CSRF_HEADER, type ApiErrorBody } from '../domain/session';
import { MESSAGES } from '../domain/messages';
import type { PersonRef } from '../domain/common';
import type {
  EXPORT_MOT_CLASSES,
  EXPORT_SUPPLIER_TYPES,
  FileDownloadResponse,
  LeaseAccountsListResponse,
  NetworkExportsListResponse,
  NetworkImportsListResponse,
  TriggerNetworkExportResponse,
  ValidateNetworkImportResponse,
} from '../domain/network';
import { callApi, getCsrfToken } from './api';

/** Network export and import calls (spec 1 §7). A missing leaseId means the DI network. */

export interface ExportFilters {
  emailExportFile: boolean;
  supplierType: (typeof EXPORT_SUPPLIER_TYPES)[number];
  /** null: every MOT class. */
  motClass: (typeof EXPORT_MOT_CLASSES)[number] | null;
}

export function getLeaseAccountsList(leaseId: string, searchText: string, signal?: AbortSignal): Promise<LeaseAccountsListResponse> {
  return callApi('admin/getLeaseAccountsList', { body: { leaseId, searchText }, signal });
}

export function triggerLeaseNetworkExport(leaseId: string, accountsId: string, filters: ExportFilters): Promise<TriggerNetworkExportResponse> {
  return callApi('networkExport/triggerLeaseNetworkExport', { body: { leaseId, accountsId, isEnabled: true, ...filters } });
}

export function triggerDiNetworkExport(accountId: string | null, filters: ExportFilters): Promise<TriggerNetworkExportResponse> {
  return callApi('networkExport/triggerDiNetworkExport', { body: { ...(accountId ? { accountId } : {}), ...filters } });
}

export function getNetworkExports(leaseId: string | null, signal?: AbortSignal): Promise<NetworkExportsListResponse> {
  return callApi('networkExport/getNetworkExports', { body: leaseId ? { leaseId } : {}, signal });
}

export function getNetworkExportFile(exportId: string, leaseId: string | null): Promise<FileDownloadResponse> {
  return callApi('networkExport/getNetworkExportFile', { body: { exportId, ...(leaseId ? { leaseId } : {}) } });
}

const scope = (leaseId: string | null) => ({ ...(leaseId ? { leaseId } : {}), isDiNetworkImport: leaseId === null });

export function getNetworkImports(leaseId: string | null, signal?: AbortSignal): Promise<NetworkImportsListResponse> {
  return callApi('admin/getNetworkImports', { body: scope(leaseId), signal });
}

export function getNetworkImportFile(importId: string, leaseId: string | null): Promise<FileDownloadResponse> {
  return callApi('admin/getNetworkImportFile', { body: { importId, ...scope(leaseId) } });
}

export function getNetworkImportLogFile(importId: string, leaseId: string | null): Promise<FileDownloadResponse> {
  return callApi('admin/getNetworkImportLogFile', { body: { importId, ...scope(leaseId) } });
}

export function persistNetworkImport(importId: string, leaseId: string | null, userDetails: PersonRef): Promise<{ success: boolean }> {
  return callApi('admin/persistNetworkImport', { body: { importId, userDetails, ...scope(leaseId) } });
}

export interface UploadHandle {
  done: Promise<ValidateNetworkImportResponse>;
  abort(): void;
}

/**
 * The multipart upload of admin/validateNetworkImport. XMLHttpRequest rather than fetch because
 * only it reports upload progress. Errors reject with the same HttpError callApi raises, so field
 * messages (body.errors.file) show next to the field.
 */
export function uploadNetworkImport(input: { file: File; leaseId: string | null; user: PersonRef; onProgress?(fraction: number): void }): UploadHandle {
  const form = new FormData();
  if (input.leaseId) form.append('leaseId', input.leaseId);
  form.append('user', JSON.stringify(input.user));
  form.append('isDiNetworkImport', input.leaseId === null ? 'true' : 'false');
  // The file goes last so the server has read the text fields before the bytes arrive.
  form.append('file', input.file, input.file.name);

  const xhr = new XMLHttpRequest();
  const done = new Promise<ValidateNetworkImportResponse>((resolve, reject) => {
    xhr.open('POST', '/api/v1/admin/validateNetworkImport');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = getCsrfToken();
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) input.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new HttpError(MESSAGES.apiError, 0, { code: 'NETWORK' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(payload as ValidateNetworkImportResponse);
      const error = (payload as ApiErrorBody | null)?.error;
      const message = xhr.status >= 500 ? MESSAGES.apiError : (error?.message ?? xhr.statusText);
      reject(new HttpError(message, xhr.status, { code: error?.code ?? `HTTP_${xhr.status}`, ...(error?.fields ? { errors: error.fields } : {}) }));
    };
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
