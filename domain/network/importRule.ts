/** Rules of the Network Import page (spec 1 §4 "Network import"). */
import { NETWORK_MESSAGES, type NetworkImportRow } from './contract';

type Row = Pick<NetworkImportRow, 'id' | 'isProcessing' | 'processIndicator' | 'validationStatus' | 'importStatus' | 'error'>;

function isRunning(row: Row): boolean {
  return row.isProcessing || row.processIndicator === 'LOADING';
}

/**
 * The id of the row that gets the Import button: only the newest (first) row, and only when it is
 * not processing, has not been imported yet (importStatus still null: a failed import is final,
 * its message says to upload the file again) and passed validation.
 */
export function importableRowId(rows: readonly Row[]): string | null {
  const first = rows[0];
  if (!first) return null;
  if (isRunning(first) || first.importStatus !== null || first.validationStatus !== true) return null;
  return first.id;
}

/**
 * Upload is disabled while an upload or import is in progress: this page's own upload or import
 * call, or a validation or import job still running on any row (another user's included).
 */
export function isUploadDisabled(state: { uploading: boolean; importing: boolean; rows: readonly Row[] }): boolean {
  return state.uploading || state.importing || state.rows.some(isRunning);
}

export type ValidationLabel = 'SUCCESS' | 'FAILED' | typeof NETWORK_MESSAGES.processError | 'In progress';

/**
 * The Validation Status column: SUCCESS or FAILED once validated, 'Error' when the process itself
 * failed before a result (or with an error recorded), 'In progress' while it runs.
 */
export function validationLabel(row: Row): ValidationLabel {
  if (row.validationStatus === true) return 'SUCCESS';
  if (row.validationStatus === false) return 'FAILED';
  if (row.error || row.processIndicator === 'FAILED') return NETWORK_MESSAGES.processError;
  return 'In progress';
}

export type ImportLabel = 'SUCCESS' | 'FAILED' | 'In progress' | 'Not imported';

/** The Import Status column (its wording is ours: the spec shows none). */
export function importLabel(row: Row): ImportLabel {
  if (row.importStatus === true) return 'SUCCESS';
  if (row.importStatus === false) return 'FAILED';
  if (row.validationStatus === true && isRunning(row)) return 'In progress';
  return 'Not imported';
}

/** The accessible name of the status icon of a row (processIndicator). */
export function statusIconLabel(row: Pick<NetworkImportRow, 'processIndicator'>): string {
  return row.processIndicator === 'LOADING' ? 'Processing' : row.processIndicator === 'SUCCESS' ? 'Completed' : 'Failed';
}

