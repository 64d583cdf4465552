/**
 * Documents of customers, groups and suppliers (spec 1 §2 "Documents drawer", §3 "Document", §4
 * "Document upload per file", §5 "Upload of documents", §7, §8, §9): the limits, the accepted
 * types, the messages, the calls' inputs and answers, and the content check. Pure functions over
 * bytes, used by the Upload Documents modal before a file is sent and by the server again on
 * what arrives. The type of a file is read from its first bytes, never from its name.
 */
import { z } from 'zod';
import { topics } from './live';
import type { DocumentOwner } from './documentOwners';

// The owner helpers the dataProvider needs live apart, so the console's first screen loads no schema.
export { DOCUMENT_PLATFORM_TYPE, OWNER_UPLOAD_TYPE, ownerIds, type DocumentOwner } from './documentOwners';
import { DOCUMENT_CONTENT_TYPES, UPLOAD_TYPES, type DocumentContentType, type UploadType } from './common';

export { DOCUMENT_CONTENT_TYPES, UPLOAD_TYPES, type DocumentContentType, type UploadType };

/** A megabyte of spec 1 §9, as the other upload limits count it (25 MB = 25600 KB). */
export const MB = 1024 * 1024;
/**
 * "Images under 10 MB, PDF under 2 MB" (spec 1 §5, §9): "under" is strictly less, so a file of
 * exactly 10 MB (10 485 760 bytes) is refused and one byte less is accepted.
 */
export const DOCUMENT_IMAGE_MAX_BYTES = 10 * MB;
export const DOCUMENT_PDF_MAX_BYTES = 2 * MB;
/** Up to 5 files at once (spec 1 §5, §9). */
export const DOCUMENT_MAX_FILES = 5;
/** Longest label (ours: the spec gives none; a label is a short title such as 'Signed agreement'). */
export const DOCUMENT_LABEL_MAX = 100;
/** Longest file name kept (ours: what common file systems allow). */
export const DOCUMENT_FILENAME_MAX = 255;

export const DOCUMENT_MESSAGES = {
  labelRequired: 'Document label is required',
  /** A label over DOCUMENT_LABEL_MAX (the input caps typing there; the spec's 'X is not valid' form). */
  labelNotValid: 'Document label is not valid',
  rejected: 'One or more files were not accepted due to size or type.',
  uploadFailed: 'Upload failed due to a network error. Please try again.',
  empty: 'No uploaded documents',
  /** Spec 1 §8: a missing document record (read as an empty list) and a missing file. */
  recordNotFound: 'Record not found!',
  /** Ours: the spec says "up to 5 files at once" without a message. */
  tooMany: `You can upload up to ${DOCUMENT_MAX_FILES} files at once.`,
  /** Ours: refused when the document's canDelete is false. */
  cannotDelete: 'This document cannot be deleted.',
  /** Ours: a stored file may back one document only. */
  alreadyAttached: 'This file is already attached to a document.',
  /** Ours: addDocument needs exactly one owner. */
  ownerRequired: 'leaseCompanyId, accountId or serviceUnitId is required',
} as const;

/** What the file input offers (the bytes decide; this only narrows the browser's picker). */
export const DOCUMENT_ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';
/** How many leading bytes sniffDocumentType needs. */
export const SNIFF_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** SOI marker followed by the start of another marker: every JPEG (JFIF, Exif, raw) begins so. */
const JPEG = [0xff, 0xd8, 0xff];
/** '%PDF-' */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];

const startsWith = (bytes: Uint8Array, sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

/** The document type the bytes are, from their signature; null for anything else (text, executables, empty). */
export function sniffDocumentType(bytes: Uint8Array): DocumentContentType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  return null;
}

/** The size a file of this type must stay below. */
export function maxBytesFor(type: DocumentContentType): number {
  return type === 'application/pdf' ? DOCUMENT_PDF_MAX_BYTES : DOCUMENT_IMAGE_MAX_BYTES;
}

/**
 * Whether a file may be uploaded: its type from its leading bytes (at least SNIFF_BYTES of them)
 * and its whole size. Returns the type, or null when refused (wrong type, empty, too large).
 */
export function acceptDocument(head: Uint8Array, size: number): DocumentContentType | null {
  const type = sniffDocumentType(head);
  if (!type || size <= 0) return null;
  return size < maxBytesFor(type) ? type : null;
}

/** Length of the base64 text of n bytes (with padding). */
export const base64Length = (n: number) => 4 * Math.ceil(n / 3);
/** Room for a data-URL prefix and whitespace around the base64 text. */
const BASE64_SLACK = 1024;
/** Longest `file` text enquiry/uploadImage takes: the base64 of the largest file allowed. */
export const DOCUMENT_BASE64_MAX = base64Length(DOCUMENT_IMAGE_MAX_BYTES - 1) + BASE64_SLACK;
/** Request body limit of enquiry/uploadImage: the base64 text plus the other fields and JSON. */
export const DOCUMENT_UPLOAD_BODY_LIMIT = DOCUMENT_BASE64_MAX + 64 * 1024;

/** The base64 text of a `file` field, without an optional `data:…;base64,` prefix and whitespace. */
export function stripBase64(text: string): string {
  return text.replace(/^data:[^,]{0,200};base64,/, '').replace(/\s+/g, '');
}

/** "1.2 MB", "340 KB", "12 bytes": file sizes as the modal lists them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** A document's timestamp as the drawer shows it: en_GB date and time, e.g. '21/11/2026, 14:05'. */
export function formatDocumentTimestamp(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, ...(timeZone ? { timeZone } : {}) }).format(d);
}

/** The label rule of the modal and of admin/addDocument. */
export const documentLabelSchema = z
  .string({ error: DOCUMENT_MESSAGES.labelRequired })
  .trim()
  .min(1, DOCUMENT_MESSAGES.labelRequired)
  .max(DOCUMENT_LABEL_MAX, DOCUMENT_MESSAGES.labelNotValid);

/** The message for a label, or null when it is fine (the modal checks as the user types). */
export function documentLabelError(label: string): string | null {
  const r = documentLabelSchema.safeParse(label);
  return r.success ? null : (r.error.issues[0]?.message ?? DOCUMENT_MESSAGES.labelRequired);
}

const ownerId = z.string().trim().max(64).nullable().optional();
/** The owner of a document list: a customer, a group (accountId) or a supplier unit (serviceUnitId). */
const ownerShape = { leaseCompanyId: ownerId, accountId: ownerId, serviceUnitId: ownerId };

/** The live topic whose 'documents' messages say the owner's list changed: the owner's record topic. */
export function ownerTopic(owner: DocumentOwner): string {
  if (owner.kind === 'leaseCompany') return topics.leaseCompany(owner.id);
  return owner.kind === 'supplier' ? topics.supplier(owner.id) : topics.group(owner.id);
}

/** The one owner named by the ids, or null when none or several are given. */
export function documentOwner(ids: { leaseCompanyId?: string | null; accountId?: string | null; serviceUnitId?: string | null }): DocumentOwner | null {
  const given = [
    ids.leaseCompanyId ? ({ kind: 'leaseCompany', id: ids.leaseCompanyId } as const) : null,
    ids.accountId ? ({ kind: 'group', id: ids.accountId } as const) : null,
    ids.serviceUnitId ? ({ kind: 'supplier', id: ids.serviceUnitId } as const) : null,
  ].filter((x) => x !== null);
  return given.length === 1 ? given[0] : null;
}

/** An object of the owner ids plus `shape`, naming exactly one owner. */
function withOwner<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...ownerShape, ...shape }).superRefine((v, ctx) => {
    if (!documentOwner(v as Parameters<typeof documentOwner>[0])) ctx.addIssue({ code: 'custom', path: ['leaseCompanyId'], message: DOCUMENT_MESSAGES.ownerRequired });
  });
}

const text = (name: string, max = DOCUMENT_FILENAME_MAX) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(max);
const platformType = z.string().trim().max(20).optional();
const uploadType = z.enum(UPLOAD_TYPES, { error: `uploadType must be one of ${UPLOAD_TYPES.join(', ')}` });

/**
 * admin/getDocuments: the documents of one owner, newest first. uploadType, when given, keeps
 * only documents uploaded as that type; the console leaves it out and lists them all.
 */
export const getDocumentsSchema = withOwner({ uploadType: uploadType.optional() });

/**
 * enquiry/uploadImage: stores the bytes and answers the file id the server chose. fileId is
 * accepted for the original's payload shape and ignored.
 */
export const uploadImageSchema = z.object({
  file: z
    .string({ error: DOCUMENT_MESSAGES.rejected })
    .min(1, DOCUMENT_MESSAGES.rejected)
    .max(DOCUMENT_BASE64_MAX, DOCUMENT_MESSAGES.rejected)
    .regex(/^(data:[^,]{0,200};base64,)?[A-Za-z0-9+/=\s]*$/, DOCUMENT_MESSAGES.rejected),
  fileId: z.string().max(64).nullable().optional(),
  savedFilename: text('savedFilename'),
  platformType,
  documentUploadType: uploadType,
});

/** The members of enquiry/uploadImage besides `file`: the server streams the file and checks these. */
export const uploadImageFieldsSchema = uploadImageSchema.omit({ file: true });

/** admin/addDocument: attaches an uploaded file to its owner under a label. */
export const addDocumentSchema = withOwner({
  uploadType,
  /** The console sends who uploads; the server records the session's admin instead. */
  user: z.unknown().optional(),
  document: z.object({
    uid: text('uid', 64),
    type: z.enum(DOCUMENT_CONTENT_TYPES, { error: DOCUMENT_MESSAGES.rejected }),
    filename: text('filename'),
    savedFilename: text('savedFilename'),
    label: documentLabelSchema,
    fileId: text('fileId', 64),
  }),
});

/** enquiry/getDocumentBufferData: the bytes of a document's file. */
export const documentBufferSchema = z.object({
  fileId: text('fileId', 64),
  savedFilename: z.string().max(DOCUMENT_FILENAME_MAX).optional(),
  platformType,
  documentUploadType: uploadType.optional(),
});

/** admin/deleteDocument: removes a document and its file. `ids` names the owner the console shows. */
export const deleteDocumentSchema = z.object({
  fileId: text('fileId', 64),
  ids: withOwner({}),
  uid: text('uid', 64),
  savedFilename: z.string().max(DOCUMENT_FILENAME_MAX).optional(),
  platformType,
  documentUploadType: uploadType.optional(),
});

export type GetDocumentsInput = z.infer<typeof getDocumentsSchema>;
export type UploadImageInput = z.infer<typeof uploadImageSchema>;
export type AddDocumentInput = z.infer<typeof addDocumentSchema>;
export type DocumentBufferInput = z.infer<typeof documentBufferSchema>;
export type DeleteDocumentInput = z.infer<typeof deleteDocumentSchema>;

/** One document as the drawer lists it (spec 1 §3 "Document"). */
export interface DocumentRecord {
  uid: string;
  type: DocumentContentType;
  filename: string;
  savedFilename: string;
  label: string;
  user: { firstname: string; lastname: string };
  /** ISO timestamp of the upload. */
  timestamp: string;
  fileId: string;
  canDelete: boolean;
}
export interface GetDocumentsResponse {
  documents: DocumentRecord[];
}
export interface UploadImageResponse {
  isSuccess: true;
  fileId: string;
  /** The type read from the bytes; addDocument must name the same. */
  contentType: DocumentContentType;
}
export interface DocumentBufferResponse {
  success: true;
  message: string;
  /** base64 of the file's bytes. */
  fileData: { data: string };
  contentType: DocumentContentType;
  fileName: string;
}

/** Spec 1 §4 "Document upload per file": uploading, then done or error; 'pending' before Upload. */
export type DocumentUploadStatus = 'pending' | 'uploading' | 'done' | 'error';
