import { decodeFileDownload, downloadError, type FileDownloadResponse } from '../../domain/network';
import { failureText } from '../../api/client';

/** Saves bytes under the returned name: a Blob and a temporary <a download>. */
function saveBytes(bytes: Uint8Array, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has started the download; the URL may go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Runs a download call and saves its file. Resolves to null when saved, or to the message to show
 * (one of the four download errors, or the call's own error), always wrapped
 * 'Error while downloading the file - …'.
 */
export async function downloadFile(call: () => Promise<FileDownloadResponse>): Promise<string | null> {
  let response: FileDownloadResponse;
  try {
    response = await call();
  } catch (err) {
    return downloadError(failureText(err, 'the file could not be fetched.'));
  }
  const decoded = decodeFileDownload(response);
  if (!decoded.ok) return decoded.message;
  saveBytes(decoded.bytes, decoded.fileName, decoded.contentType);
  return null;
}
