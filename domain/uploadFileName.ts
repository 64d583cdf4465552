/**
 * The name an uploaded file may carry, checked at the edge for every multipart upload
 * (server/files/multipart.ts) before any of its bytes are stored.
 *
 * Spec-silent choices:
 * - A name is required: a file part without one (or with only spaces) is refused, not renamed.
 * - At most UPLOAD_FILE_NAME_MAX characters (the documents' limit); a longer name is refused
 *   rather than cut, so the name stored is the one the user chose.
 * - No control character at all (tab, line feed and carriage return included: they have no
 *   place in a name) and no unpaired surrogate; a NUL would otherwise reach PostgreSQL.
 * - No folder: browsers send the bare name, so a '/' or '\' (a path), or a name of only dots
 *   ('.', '..'), is refused instead of being cut down to its last segment.
 */
export const UPLOAD_FILE_NAME_MAX = 255;

export const UPLOAD_FILE_NAME_MESSAGES = {
  missing: 'The file has no name. Please choose the file again.',
  tooLong: `The file name is too long (at most ${UPLOAD_FILE_NAME_MAX} characters). Please rename the file and try again.`,
  characters: 'The file name contains characters that are not allowed. Please rename the file and try again.',
  path: 'The file name must be a plain name, without a folder path. Please choose the file again.',
} as const;

export type UploadFileNameProblem = keyof typeof UPLOAD_FILE_NAME_MESSAGES;

const CONTROL_OR_LONE_SURROGATE = /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with an uploaded file's name, or null when it may be stored as it is. */
export function uploadFileNameProblem(name: string | undefined | null): UploadFileNameProblem | null {
  if (name === undefined || name === null || name.trim() === '') return 'missing';
  if (CONTROL_OR_LONE_SURROGATE.test(name)) return 'characters';
  if (name.length > UPLOAD_FILE_NAME_MAX) return 'tooLong';
  if (/[/\\]/.test(name) || /^\.+$/.test(name.trim())) return 'path';
  return null;
}
