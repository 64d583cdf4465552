/**
 * File validation (spec 3 §2.5, §3 "File validation report", §4, §5, §8, §9): the types, the row
 * checks, the upload's rules and the report as the screen shows it.
 */
import { z } from 'zod';
import { NETWORK_IMPORT_MAX_BYTES } from '../network/contract';
import type { PersonRef, ProcessIndicator } from '../common';
import { counted } from '../plural';
import { FILE_VALIDATION_TYPES } from './catalogue';
import { VALIDATION_GROUPS, type ValidationGroup, type ValidationType } from './types';

export * from './types';
export * from './engine';
export { FILE_VALIDATION_TYPES } from './catalogue';

/** Spec 3 §9: the latest 25 reports. */
export const FILE_VALIDATION_REPORTS_LIMIT = 25;
/** Largest file (ours: the network import's, 25 MB; a 100,000-row file of the widest type is about 15 MB). */
export const FILE_VALIDATION_MAX_BYTES = NETWORK_IMPORT_MAX_BYTES;

export const FILE_VALIDATION_MESSAGES = {
  /** Spec 3 §5, §8. */
  typeRequired: 'Validation type is required',
  fileRequired: 'File is required',
  tooLarge: 'File is too large',
  error: 'Error',
  /** Spec 3 §2.5. */
  footer: 'Results are limited to the last 25 file validations.',
  /** Ours. */
  notCsv: 'The file is not a CSV file',
  unknownType: 'Validation type is not valid',
  busy: 'A file validation is still processing. Wait for it to finish before uploading another.',
  uploaded: 'The file has been uploaded and is being validated',
  listFailed: 'The file validations could not be loaded.',
  missingFile: 'The uploaded file is missing',
  /** A file of no bytes: chosen, so not 'File is required', but nothing to validate. */
  fileEmpty: 'The file is empty',
} as const;

/** What a failed run says when the file was over the limit: the screen shows 'File is too large' (spec 3 §4). */
export const TOO_LARGE_ERROR = `The file is larger than ${FILE_VALIDATION_MAX_BYTES / 1024 / 1024} MB (file too large)`;

const BY_ID = new Map(FILE_VALIDATION_TYPES.map((t) => [t.id, t]));
export function validationTypeById(id: string): ValidationType | undefined {
  return BY_ID.get(id);
}

/** The dropdown's groups with their types, in order (spec 3 §2.5 "grouped"). */
export function validationTypesByGroup(): { group: ValidationGroup; types: ValidationType[] }[] {
  return VALIDATION_GROUPS.map((group) => ({ group, types: FILE_VALIDATION_TYPES.filter((t) => t.group === group) })).filter((g) => g.types.length > 0);
}

/** How a report's type reads: 'ViSN — Customer Contract'. */
export function validationTypeLabel(id: string): string {
  const type = validationTypeById(id);
  return type ? `${type.group} — ${type.label}` : id;
}

/** The multipart upload's text fields (spec 3 §7: file, validationType, user). */
export const uploadValidationFieldsSchema = z.object({
  validationType: z
    .string({ error: FILE_VALIDATION_MESSAGES.typeRequired })
    .trim()
    .min(1, FILE_VALIDATION_MESSAGES.typeRequired)
    .max(60)
    .refine((id) => BY_ID.has(id), FILE_VALIDATION_MESSAGES.unknownType),
  /** Sent by the console (spec 3 §7); the report names the signed-in admin. */
  user: z.string().max(200).optional(),
});

/** Spec 3 §3 "File validation report", as the list answers it. */
export interface FileValidationReport {
  id: string;
  processIndicator: ProcessIndicator;
  /** When it was uploaded (ISO). */
  timestamp: string;
  user: PersonRef;
  validationType: string;
  fileName: string;
  /** true: no problem found; false: see the log; null while processing or when the run failed. */
  validationStatus: boolean | null;
  error: string | null;
  /** Present once the run wrote its log. */
  logFilePath: string | null;
  isProcessing: boolean;
  rowCount: number | null;
  errorCount: number | null;
}

/** The start of a report's log shown on its page; the whole log is its download. */
export const REPORT_LOG_SHOWN_BYTES = 64 * 1024;

/** One report with the start of its log (fileValidation/getReport). */
export interface FileValidationReportDetails extends FileValidationReport {
  /** The log's first REPORT_LOG_SHOWN_BYTES as text; null until the run wrote it. */
  log: string | null;
  /** The log is longer than what `log` holds. */
  logCut: boolean;
}

/** What the Status column says of a report (spec 3 §4). */
export function reportStatusText(r: Pick<FileValidationReport, 'processIndicator' | 'error'>): string {
  if (r.processIndicator === 'LOADING') return 'Processing';
  if (r.processIndicator === 'SUCCESS') return 'Completed';
  return r.error && /too large/i.test(r.error) ? FILE_VALIDATION_MESSAGES.tooLarge : FILE_VALIDATION_MESSAGES.error;
}

/** What the Validation Status column says. */
export function validationStatusText(r: Pick<FileValidationReport, 'processIndicator' | 'validationStatus' | 'errorCount'>): string {
  if (r.processIndicator !== 'SUCCESS') return '-';
  return r.validationStatus ? 'Valid' : `Invalid (${counted(r.errorCount ?? 0, 'problem')})`;
}

/** The upload is disabled while the latest report is processing (spec 3 §2.5). */
export const uploadBlocked = (reports: readonly Pick<FileValidationReport, 'isProcessing'>[]) => Boolean(reports[0]?.isProcessing);

export const reportLogFilepath = (id: string) => `file-validation/${id}/log`;

/**
 * The dialog's checks of the chosen files (spec 3 §5 'File is required'): one CSV file, not empty,
 * at most FILE_VALIDATION_MAX_BYTES. A file over the limit is refused before it is sent, with the
 * text a run refused for its size shows ('File is too large', spec 3 §4), instead of uploading
 * 25 MB to hear it; the server checks the size again for every other caller.
 */
export function checkValidationFile(files: readonly ChosenFile[] | ChosenFile | null | undefined): string | null {
  const list = files == null ? [] : Array.isArray(files) ? files : [files as ChosenFile];
  if (list.length === 0) return FILE_VALIDATION_MESSAGES.fileRequired;
  if (list.length > 1) return 'Only one file can be uploaded at a time.';
  const [file] = list;
  if (!/\.csv$/i.test(file.name.trim())) return FILE_VALIDATION_MESSAGES.notCsv;
  if (file.size === 0) return FILE_VALIDATION_MESSAGES.fileEmpty;
  if (file.size !== undefined && file.size > FILE_VALIDATION_MAX_BYTES) return FILE_VALIDATION_MESSAGES.tooLarge;
  return null;
}

/** A file as the dialog sees it (a browser File has both). */
interface ChosenFile {
  name: string;
  size?: number;
}
