import type { FileValidationReport } from '../domain/fileValidation';
import type { FileDownloadResponse } from '../domain/network';
import type { DataIo } from './routing';

/** File validation's actions (spec 3 §7), as typed methods of the console's dataProvider; the reports are the file-validation resource's getList. */
export interface FileValidationCalls {
  /** The multipart upload (file, validationType, user), with its progress; `signal` cancels it. */
  uploadValidationFile(input: { file: File; validationType: string; user: string; onProgress?(fraction: number): void; signal?: AbortSignal }): Promise<{ success: true; report: FileValidationReport }>;
  validationLogFile(reportId: string): Promise<FileDownloadResponse>;
}

export function fileValidationCalls(io: DataIo): FileValidationCalls {
  return {
    uploadValidationFile: ({ file, validationType, user, onProgress, signal }) => {
      const form = new FormData();
      // The text fields first: the server checks them before it stores any of the file.
      form.append('validationType', validationType);
      form.append('user', user);
      form.append('file', file, file.name);
      return io.upload('fileValidation/upload', form, { onProgress, signal }) as Promise<{ success: true; report: FileValidationReport }>;
    },
    validationLogFile: (reportId) => io.call('fileValidation/getLogFile', { method: 'POST', body: { id: reportId } }) as Promise<FileDownloadResponse>,
  };
}
