/**
 * Turning a FileDownloadResponse (admin/getNetworkImportFile, admin/getNetworkImportLogFile,
 * networkExport/getNetworkExportFile) into the bytes to save, or the spec's download error
 * (spec 1 §8), wrapped 'Error while downloading the file - …'. No DOM: the console makes the Blob.
 */
import { NETWORK_MESSAGES, type FileDownloadResponse } from './contract';

export type DecodedDownload =
  | { ok: true; fileName: string; contentType: string; bytes: Uint8Array }
  | { ok: false; message: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The wrapped message of one of the four download errors (or of a failed call). */
export function downloadError(message: string): string {
  return `${NETWORK_MESSAGES.downloadErrorPrefix}${message}`;
}

/** Bytes of base64 text, or null when it is not base64. Uses atob, present in browsers and Node. */
export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !BASE64.test(clean)) return null;
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesOf(data: unknown): Uint8Array | null {
  if (typeof data === 'string') return data.length > 0 ? base64ToBytes(data) : null;
  // A byte array (a serialised Buffer) is accepted too: the spec names the field "bytes".
  if (Array.isArray(data) && data.length > 0 && data.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return Uint8Array.from(data as number[]);
  return null;
}

/**
 * Checks in the order of spec 1 §8: details present, file data, content type, file name.
 * Empty file data counts as missing: a download that saves nothing would only confuse.
 */
export function decodeFileDownload(response: Partial<FileDownloadResponse> | null | undefined): DecodedDownload {
  if (!response || typeof response !== 'object') return { ok: false, message: downloadError(NETWORK_MESSAGES.noFileDetails) };
  const bytes = bytesOf(response.fileData?.data);
  if (!bytes) return { ok: false, message: downloadError(NETWORK_MESSAGES.fileDataMissing) };
  const contentType = typeof response.contentType === 'string' ? response.contentType.trim() : '';
  if (!contentType) return { ok: false, message: downloadError(NETWORK_MESSAGES.contentTypeMissing) };
  const fileName = typeof response.fileName === 'string' ? response.fileName.trim() : '';
  if (!fileName) return { ok: false, message: downloadError(NETWORK_MESSAGES.fileNameMissing) };
  return { ok: true, fileName, contentType, bytes };
}
