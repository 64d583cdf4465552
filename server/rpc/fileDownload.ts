import type { FileDownloadResponse } from '../../domain/network';
import type { Tx } from '../db/client';
import { readFile, type FileStore } from '../files/storage';
import { notFound, type ApiError } from './errors';

/**
 * A stored file as the download calls answer it (FileDownloadResponse: base64 data, content type,
 * name), or `missing` (404 'File not found!' by default) when there is no such file. `fileName`
 * replaces the stored name where the record names the download.
 */
export async function fileDownload(store: FileStore, db: Tx, fileId: string | null, opts: { fileName?: string; missing?: () => ApiError } = {}): Promise<FileDownloadResponse> {
  const file = fileId ? await readFile(store, db, fileId) : null;
  if (!file) throw (opts.missing ?? (() => notFound('File')))();
  return { fileData: { data: file.data.toString('base64') }, contentType: file.contentType, fileName: opts.fileName ?? file.name };
}
