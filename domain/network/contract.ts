/**
 * Network export and import (spec 1 §2-§9, and the DI network of spec 3): the calls' inputs and
 * answers, the limits and the messages, shared by the console and the server. The DI variant is a
 * parameter (isDiNetworkImport / DI_NETWORK_EXPORT), never a copy.
 */
import { z } from 'zod';
import { MOT_CLASSES, SUPPLIER_TYPES } from '../suppliers/enums';
import type { PersonRef } from '../common';

export const NETWORK_EXPORT_TYPES = ['CUSTOMER_NETWORK_EXPORT', 'DI_NETWORK_EXPORT'] as const;
export type NetworkExportType = (typeof NETWORK_EXPORT_TYPES)[number];

/** Spec 1 §9: CSV, 25 MB (25600 KB), one file. */
export const NETWORK_IMPORT_MAX_BYTES = 25600 * 1024;
/** Export defaults (spec 1 §9): supplier type All, e-mail the file. */
export const EXPORT_SUPPLIER_TYPES = ['All', ...SUPPLIER_TYPES] as const;
/** MOT class filter of the export; not chosen means every class. */
export const EXPORT_MOT_CLASSES = ['All', ...MOT_CLASSES] as const;
/** Group search needs this many characters (spec 1 §5 "Searchable dropdowns"). */
export const GROUP_SEARCH_MIN = 3;

export const NETWORK_MESSAGES = {
  groupRequired: 'Group field is required',
  fileRequired: 'Network file is required',
  fileTooLarge: 'File is too large! Maximum allowed size is 25MB.',
  fileNotCsv: 'Invalid File type, only CSV files are allowed',
  noFileDetails: 'No file details provided.',
  fileDataMissing: 'File data is missing or invalid.',
  contentTypeMissing: 'Content type is missing.',
  fileNameMissing: 'File name is missing.',
  /** Prefix of every download error: 'Error while downloading the file - …'. */
  downloadErrorPrefix: 'Error while downloading the file - ',
  /** The validation column when the process itself failed. */
  processError: 'Error',
} as const;

const id = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(64);
const person = z.object({ firstname: z.string().max(100), lastname: z.string().max(100), email: z.string().max(254).nullable().optional() });

/** admin/getLeaseAccountsList: groups linked to the customer whose name matches the text. */
export const leaseAccountsListSchema = z.object({
  searchText: z.string().trim().min(GROUP_SEARCH_MIN, `Enter a min of ${GROUP_SEARCH_MIN} characters to search`).max(100),
  leaseId: id('leaseId'),
});
export interface LeaseAccount {
  /** The group's id (accountsId / accountId). */
  id: string;
  name: string;
}
export interface LeaseAccountsListResponse {
  accounts: LeaseAccount[];
}

const exportFilters = {
  emailExportFile: z.boolean().default(true),
  supplierType: z.enum(EXPORT_SUPPLIER_TYPES).default('All'),
  motClass: z.enum(EXPORT_MOT_CLASSES).nullable().optional(),
};
/** networkExport/triggerLeaseNetworkExport */
export const triggerLeaseNetworkExportSchema = z.object({
  accountsId: z.string({ error: NETWORK_MESSAGES.groupRequired }).trim().min(1, NETWORK_MESSAGES.groupRequired).max(64),
  isEnabled: z.boolean().default(true),
  leaseId: id('leaseId'),
  ...exportFilters,
});
/** networkExport/triggerDiNetworkExport: the DI network, one group or (no accountId) all of it. */
export const triggerDiNetworkExportSchema = z.object({
  accountId: id('accountId').optional(),
  ...exportFilters,
});
export interface TriggerNetworkExportResponse {
  /** false is reported as an error by the console (spec 1 §8). */
  success: boolean;
  exportId?: string;
}

/** A requested export as the Network Export page lists it (downloadable when not e-mailed). */
export interface NetworkExportRow {
  id: string;
  exportType: NetworkExportType;
  groupName: string | null;
  requestedAt: string;
  requestedBy: PersonRef;
  emailExportFile: boolean;
  supplierType: string;
  motClass: string | null;
  processIndicator: ProcessIndicator;
  fileName: string | null;
  error: string | null;
}
/** networkExport/getNetworkExports: newest first. leaseId absent means the DI network's exports. */
export const networkExportsListSchema = z.object({ leaseId: id('leaseId').optional() });
export interface NetworkExportsListResponse {
  networkExports: NetworkExportRow[];
}
/** networkExport/getNetworkExportFile */
export const networkExportFileSchema = z.object({ exportId: id('exportId'), leaseId: id('leaseId').optional() });

export const PROCESS_INDICATORS = ['LOADING', 'SUCCESS', 'FAILED'] as const;
export type ProcessIndicator = (typeof PROCESS_INDICATORS)[number];

/** One row of the Network Import page (spec 1 §3 "Network import"). */
export interface NetworkImportRow {
  id: string;
  fileName: string;
  /** ISO timestamp of the upload ('Upload On'). */
  timestamp: string;
  user: PersonRef;
  /** null until validated. */
  validationStatus: boolean | null;
  /** null until imported. */
  importStatus: boolean | null;
  hasLogFile: boolean;
  isProcessing: boolean;
  processIndicator: ProcessIndicator;
  /** Set when the process itself failed: the validation column reads 'Error'. */
  error: string | null;
  importedAt: string | null;
  importedBy: PersonRef | null;
}

const diFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false);

/** admin/getNetworkImports: newest first. */
export const networkImportsListSchema = z.object({ leaseId: id('leaseId').optional(), isDiNetworkImport: diFlag });
export interface NetworkImportsListResponse {
  networkImports: NetworkImportRow[];
}

/** The text fields of the multipart upload (admin/validateNetworkImport); the file is the part named 'file'. */
export const validateNetworkImportFieldsSchema = z.object({
  leaseId: id('leaseId').optional(),
  /** JSON text of {firstname, lastname, email}; the server records the session's admin instead. */
  user: z.string().max(2000).optional(),
  isDiNetworkImport: diFlag,
});
export interface ValidateNetworkImportResponse {
  networkImportId: string;
}

/** admin/getNetworkImportFile and admin/getNetworkImportLogFile */
export const networkImportFileSchema = z.object({ importId: id('importId'), leaseId: id('leaseId').optional(), isDiNetworkImport: diFlag });
/** A downloaded file. data is base64 (the original sent bytes; base64 keeps a 25 MB file a 34 MB answer). */
export interface FileDownloadResponse {
  fileData: { data: string };
  contentType: string;
  fileName: string;
}

/** admin/persistNetworkImport: applies a validated import, all rows or none. */
export const persistNetworkImportSchema = z.object({
  leaseId: id('leaseId').optional(),
  importId: id('importId'),
  userDetails: person.optional(),
  isDiNetworkImport: diFlag,
});
