import type { DocumentBufferResponse } from '../../domain/documents';

/** How long a viewed file's Blob URL stays valid: long enough for the new tab to load it. */
const BLOB_URL_LIFETIME_MS = 60_000;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Opens a document in a new tab (spec 1 §2 Documents drawer "view"): its bytes as a Blob URL of
 * the stored type, as `read` answers them. The tab is opened before the call, while the click still counts as the user's,
 * so pop-up blockers let it through; it is closed again if the call fails.
 */
export async function openDocument(read: () => Promise<Pick<DocumentBufferResponse, 'fileData'> & { contentType: string }>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const answer = await read();
    const url = URL.createObjectURL(new Blob([base64ToBytes(answer.fileData.data)], { type: answer.contentType }));
    setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      // No tab (blocked): a link opened the ordinary way.
      const a = document.createElement('a');
      a.href = url;
      a.target = '_blank';
      a.rel = 'noopener';
      a.click();
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}
