import type { PersonRef } from '../domain/common';
import type {
  EXPORT_MOT_CLASSES,
  EXPORT_SUPPLIER_TYPES,
  FileDownloadResponse,
  LeaseAccount,
  LeaseAccountsListResponse,
  TriggerNetworkExportResponse,
  ValidateNetworkImportResponse,
} from '../domain/network';
import type { DataIo } from './routing';

export interface ExportFilters {
  emailExportFile: boolean;
  supplierType: (typeof EXPORT_SUPPLIER_TYPES)[number];
  /** null: every MOT class. */
  motClass: (typeof EXPORT_MOT_CLASSES)[number] | null;
}

/**
 * Network export and import actions (spec 1 §7), as typed methods of the console's dataProvider;
 * the lists are the networkImport and networkExport resources (domain/resources/network.ts).
 * `leaseId` null means the DI network.
 */
export interface NetworkCalls {
  leaseAccounts(leaseId: string, searchText: string, signal?: AbortSignal): Promise<LeaseAccount[]>;
  triggerLeaseNetworkExport(leaseId: string, accountsId: string, filters: ExportFilters): Promise<TriggerNetworkExportResponse>;
  triggerDiNetworkExport(accountId: string | null, filters: ExportFilters): Promise<TriggerNetworkExportResponse>;
  networkExportFile(exportId: string, leaseId: string | null): Promise<FileDownloadResponse>;
  networkImportFile(importId: string, leaseId: string | null): Promise<FileDownloadResponse>;
  networkImportLogFile(importId: string, leaseId: string | null): Promise<FileDownloadResponse>;
  persistNetworkImport(importId: string, leaseId: string | null, userDetails: PersonRef): Promise<{ success: boolean }>;
  /** The multipart upload of admin/validateNetworkImport, with its progress; `signal` cancels it. */
  uploadNetworkImport(input: { file: File; leaseId: string | null; user: PersonRef; onProgress?(fraction: number): void; signal?: AbortSignal }): Promise<ValidateNetworkImportResponse>;
}

const lease = (leaseId: string | null) => (leaseId ? { leaseId } : {});
const scope = (leaseId: string | null) => ({ ...lease(leaseId), isDiNetworkImport: leaseId === null });

export function networkCalls(io: DataIo): NetworkCalls {
  const post = <T>(slug: string, body: unknown, signal?: AbortSignal) => io.call(slug, { method: 'POST', body, signal }) as Promise<T>;
  return {
    leaseAccounts: async (leaseId, searchText, signal) => (await post<LeaseAccountsListResponse>('admin/getLeaseAccountsList', { leaseId, searchText }, signal)).accounts,
    triggerLeaseNetworkExport: (leaseId, accountsId, filters) => post('networkExport/triggerLeaseNetworkExport', { leaseId, accountsId, isEnabled: true, ...filters }),
    triggerDiNetworkExport: (accountId, filters) => post('networkExport/triggerDiNetworkExport', { ...(accountId ? { accountId } : {}), ...filters }),
    networkExportFile: (exportId, leaseId) => post('networkExport/getNetworkExportFile', { exportId, ...lease(leaseId) }),
    networkImportFile: (importId, leaseId) => post('admin/getNetworkImportFile', { importId, ...scope(leaseId) }),
    networkImportLogFile: (importId, leaseId) => post('admin/getNetworkImportLogFile', { importId, ...scope(leaseId) }),
    persistNetworkImport: (importId, leaseId, userDetails) => post('admin/persistNetworkImport', { importId, userDetails, ...scope(leaseId) }),
    uploadNetworkImport: ({ file, leaseId, user, onProgress, signal }) => {
      const form = new FormData();
      if (leaseId) form.append('leaseId', leaseId);
      form.append('user', JSON.stringify(user));
      form.append('isDiNetworkImport', leaseId === null ? 'true' : 'false');
      // The file goes last so the server has read the text fields before the bytes arrive.
      form.append('file', file, file.name);
      return io.upload('admin/validateNetworkImport', form, { onProgress, signal }) as Promise<ValidateNetworkImportResponse>;
    },
  };
}
