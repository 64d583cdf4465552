import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_BASE64_MAX,
  DOCUMENT_IMAGE_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DOCUMENT_MESSAGES,
  DOCUMENT_PDF_MAX_BYTES,
  DOCUMENT_UPLOAD_BODY_LIMIT,
  acceptDocument,
  addDocumentSchema,
  base64Length,
  documentLabelError,
  documentOwner,
  formatDocumentTimestamp,
  formatFileSize,
  getDocumentsSchema,
  sniffDocumentType,
  stripBase64,
  uploadImageSchema,
} from '../../domain/documents';

const bytes = (...b: number[]) => new Uint8Array(b);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0);
const PDF = new TextEncoder().encode('%PDF-1.7\n');

describe('sniffDocumentType', () => {
  it('reads PNG, JPEG and PDF from their signatures', () => {
    expect(sniffDocumentType(PNG)).toBe('image/png');
    expect(sniffDocumentType(JPEG)).toBe('image/jpeg');
    expect(sniffDocumentType(PDF)).toBe('application/pdf');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffDocumentType(new TextEncoder().encode('hello, this is x.png'))).toBeNull();
    expect(sniffDocumentType(new TextEncoder().encode('MZ\x90\x00 executable'))).toBeNull();
    expect(sniffDocumentType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffDocumentType(new Uint8Array(0))).toBeNull();
    // A truncated signature is not the file type.
    expect(sniffDocumentType(PNG.slice(0, 7))).toBeNull();
    expect(sniffDocumentType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffDocumentType(new TextEncoder().encode('%PDF'))).toBeNull();
    // The signature must be at the start.
    expect(sniffDocumentType(new Uint8Array([0x20, ...PDF]))).toBeNull();
  });
});

describe('acceptDocument: the limits at the boundary', () => {
  it('takes images strictly under 10 MB (10 485 760 bytes)', () => {
    expect(DOCUMENT_IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(acceptDocument(PNG, DOCUMENT_IMAGE_MAX_BYTES - 1)).toBe('image/png');
    expect(acceptDocument(PNG, DOCUMENT_IMAGE_MAX_BYTES)).toBeNull();
    expect(acceptDocument(JPEG, DOCUMENT_IMAGE_MAX_BYTES - 1)).toBe('image/jpeg');
    expect(acceptDocument(JPEG, DOCUMENT_IMAGE_MAX_BYTES)).toBeNull();
  });

  it('takes PDFs strictly under 2 MB (2 097 152 bytes)', () => {
    expect(DOCUMENT_PDF_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(acceptDocument(PDF, DOCUMENT_PDF_MAX_BYTES - 1)).toBe('application/pdf');
    expect(acceptDocument(PDF, DOCUMENT_PDF_MAX_BYTES)).toBeNull();
    expect(acceptDocument(PDF, DOCUMENT_IMAGE_MAX_BYTES - 1)).toBeNull();
  });

  it('refuses empty files and unknown types of any size', () => {
    expect(acceptDocument(PNG, 0)).toBeNull();
    expect(acceptDocument(new TextEncoder().encode('plain text'), 10)).toBeNull();
  });
});

describe('messages and constants', () => {
  it('quotes the spec verbatim', () => {
    expect(DOCUMENT_MESSAGES.labelRequired).toBe('Document label is required');
    expect(DOCUMENT_MESSAGES.rejected).toBe('One or more files were not accepted due to size or type.');
    expect(DOCUMENT_MESSAGES.uploadFailed).toBe('Upload failed due to a network error. Please try again.');
    expect(DOCUMENT_MESSAGES.empty).toBe('No uploaded documents');
    expect(DOCUMENT_MESSAGES.recordNotFound).toBe('Record not found!');
    expect(DOCUMENT_MAX_FILES).toBe(5);
  });

  it('sizes the upload body for the base64 of the largest image', () => {
    expect(base64Length(3)).toBe(4);
    expect(base64Length(4)).toBe(8);
    expect(DOCUMENT_BASE64_MAX).toBeGreaterThanOrEqual(base64Length(DOCUMENT_IMAGE_MAX_BYTES));
    expect(DOCUMENT_UPLOAD_BODY_LIMIT).toBeGreaterThan(DOCUMENT_BASE64_MAX);
    expect(DOCUMENT_UPLOAD_BODY_LIMIT).toBeLessThan(15 * 1024 * 1024);
  });
});

describe('labels', () => {
  it('are required and at most 100 characters, trimmed', () => {
    expect(documentLabelError('')).toBe('Document label is required');
    expect(documentLabelError('   ')).toBe('Document label is required');
    expect(documentLabelError('Insurance certificate')).toBeNull();
    expect(documentLabelError('x'.repeat(100))).toBeNull();
    expect(documentLabelError('x'.repeat(101))).toBe(DOCUMENT_MESSAGES.labelNotValid);
  });
});

describe('call inputs', () => {
  const doc = { uid: 'u1', type: 'image/png', filename: 'a.png', savedFilename: 'u1_a.png', label: 'A', fileId: 'f' };

  it('names exactly one owner', () => {
    expect(documentOwner({ leaseCompanyId: 'L' })).toEqual({ kind: 'leaseCompany', id: 'L' });
    expect(documentOwner({ accountId: 'G', leaseCompanyId: null })).toEqual({ kind: 'group', id: 'G' });
    expect(documentOwner({ serviceUnitId: 'S', accountId: '' })).toEqual({ kind: 'supplier', id: 'S' });
    expect(documentOwner({})).toBeNull();
    expect(documentOwner({ leaseCompanyId: 'L', accountId: 'G' })).toBeNull();
    expect(getDocumentsSchema.safeParse({ leaseCompanyId: 'L', uploadType: 'CUSTOMER' }).success).toBe(true);
    const none = getDocumentsSchema.safeParse({ leaseCompanyId: '  ' });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]).toMatchObject({ path: ['leaseCompanyId'], message: DOCUMENT_MESSAGES.ownerRequired });
  });

  it('checks the document of addDocument with the spec\'s messages', () => {
    expect(addDocumentSchema.safeParse({ leaseCompanyId: 'L', uploadType: 'CUSTOMER', document: doc }).success).toBe(true);
    const noLabel = addDocumentSchema.safeParse({ leaseCompanyId: 'L', uploadType: 'CUSTOMER', document: { ...doc, label: ' ' } });
    expect(noLabel.error?.issues[0]).toMatchObject({ path: ['document', 'label'], message: 'Document label is required' });
    const gif = addDocumentSchema.safeParse({ leaseCompanyId: 'L', uploadType: 'CUSTOMER', document: { ...doc, type: 'image/gif' } });
    expect(gif.error?.issues[0]).toMatchObject({ path: ['document', 'type'], message: DOCUMENT_MESSAGES.rejected });
    expect(addDocumentSchema.safeParse({ leaseCompanyId: 'L', uploadType: 'OTHER', document: doc }).success).toBe(false);
  });

  it('takes base64 with or without a data URL prefix, and nothing else', () => {
    const ok = (file: string) => uploadImageSchema.safeParse({ file, savedFilename: 'a.png', documentUploadType: 'ADMIN' }).success;
    expect(ok('iVBORw0KGgo=')).toBe(true);
    expect(ok('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(ok('not base64!')).toBe(false);
    expect(ok('')).toBe(false);
    expect(ok('A'.repeat(DOCUMENT_BASE64_MAX + 1))).toBe(false);
    expect(stripBase64('data:application/pdf;base64,JVBE\nRi0=')).toBe('JVBERi0=');
  });
});

describe('display', () => {
  it('formats sizes and en_GB timestamps', () => {
    expect(formatFileSize(12)).toBe('12 bytes');
    expect(formatFileSize(340 * 1024)).toBe('340 KB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatDocumentTimestamp('2026-11-21T14:05:00Z', 'Europe/London')).toBe('21/11/2026, 14:05');
    expect(formatDocumentTimestamp('2026-07-01T08:30:00Z', 'Europe/London')).toBe('01/07/2026, 09:30');
    expect(formatDocumentTimestamp('garbage')).toBe('');
  });
});
