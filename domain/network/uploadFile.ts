/** The client-side check of the network import file (spec 1 §5 "Network import file"). */
import { NETWORK_IMPORT_MAX_BYTES, NETWORK_MESSAGES } from './contract';

/** What a browser File (or a test) offers. */
export interface FileLike {
  name: string;
  /** The MIME type the browser guessed; '' when it could not. */
  type: string;
  size: number;
}

/**
 * MIME types browsers report for a .csv file: Windows with Excel installed reports
 * application/vnd.ms-excel, and some systems none at all ('').
 */
export const CSV_CONTENT_TYPES = ['', 'text/csv', 'application/csv', 'text/x-csv', 'application/x-csv', 'text/comma-separated-values', 'application/vnd.ms-excel'] as const;

/** The file input's accept attribute. */
export const CSV_ACCEPT = '.csv,text/csv';

/** One file at a time (spec 1 §9); the wording is ours, the spec shows none. */
export const ONE_FILE_MESSAGE = 'Only one file can be uploaded at a time.';

export function isCsvFile(file: FileLike): boolean {
  return /\.csv$/i.test(file.name.trim()) && (CSV_CONTENT_TYPES as readonly string[]).includes(file.type.trim().toLowerCase());
}

/** The message to show next to the field, or null when the files can be uploaded. */
export function checkNetworkFile(files: readonly FileLike[] | FileLike | null | undefined): string | null {
  const list = files == null ? [] : Array.isArray(files) ? files : [files as FileLike];
  if (list.length === 0) return NETWORK_MESSAGES.fileRequired;
  if (list.length > 1) return ONE_FILE_MESSAGE;
  const [file] = list;
  if (!isCsvFile(file)) return NETWORK_MESSAGES.fileNotCsv;
  if (file.size > NETWORK_IMPORT_MAX_BYTES) return NETWORK_MESSAGES.fileTooLarge;
  return null;
}
