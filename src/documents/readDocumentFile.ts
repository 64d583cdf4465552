import { SNIFF_BYTES, acceptDocument, type DocumentContentType } from '../../domain/documents';

/** The file's type read from its first bytes if it may be uploaded (type and size), else null. */
export async function checkDocumentFile(file: File): Promise<DocumentContentType | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return acceptDocument(head, file.size);
}

/** The file's bytes as base64 text (without the data-URL prefix), as enquiry/uploadImage takes them. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
