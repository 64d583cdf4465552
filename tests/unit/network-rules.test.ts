import { describe, expect, it } from 'vitest';
import {
  CSV_CONTENT_TYPES,
  NETWORK_IMPORT_MAX_BYTES,
  ONE_FILE_MESSAGE,
  checkNetworkFile,
  decodeFileDownload,
  importLabel,
  importableRowId,
  isUploadDisabled,
  statusIconLabel,
  triggerLeaseNetworkExportSchema,
  validationLabel,
  type NetworkImportRow,
} from '../../domain/network';

function row(over: Partial<NetworkImportRow> = {}): NetworkImportRow {
  return {
    id: 'a',
    fileName: 'network.csv',
    timestamp: '2026-11-21T10:00:00Z',
    user: { firstname: 'Ann', lastname: 'Lee' },
    validationStatus: true,
    importStatus: null,
    hasLogFile: true,
    isProcessing: false,
    processIndicator: 'SUCCESS',
    error: null,
    importedAt: null,
    importedBy: null,
    ...over,
  };
}

describe('network import file check', () => {
  const csv = { name: 'network.csv', type: 'text/csv', size: 1000 };
  it('requires a file', () => {
    expect(checkNetworkFile(null)).toBe('Network file is required');
    expect(checkNetworkFile(undefined)).toBe('Network file is required');
    expect(checkNetworkFile([])).toBe('Network file is required');
  });
  it('takes one file', () => {
    expect(checkNetworkFile([csv, { ...csv, name: 'b.csv' }])).toBe(ONE_FILE_MESSAGE);
  });
  it.each([
    ['network.txt', 'text/plain'],
    ['network.csv', 'image/png'],
    ['network.csv.pdf', 'application/pdf'],
    ['csv', 'text/csv'],
    ['network.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkNetworkFile({ name, type, size: 10 })).toBe('Invalid File type, only CSV files are allowed');
  });
  it.each(CSV_CONTENT_TYPES.map((t) => [t]))('accepts a .csv reported as %j, in any case of the extension', (type) => {
    expect(checkNetworkFile({ name: 'Network.CSV', type, size: 10 })).toBeNull();
  });
  it('allows exactly 25 MB and refuses a byte more', () => {
    expect(NETWORK_IMPORT_MAX_BYTES).toBe(25600 * 1024);
    expect(checkNetworkFile({ ...csv, size: NETWORK_IMPORT_MAX_BYTES })).toBeNull();
    expect(checkNetworkFile({ ...csv, size: NETWORK_IMPORT_MAX_BYTES + 1 })).toBe('File is too large! Maximum allowed size is 25MB.');
  });
  it('reports the type before the size', () => {
    expect(checkNetworkFile({ name: 'big.txt', type: 'text/plain', size: NETWORK_IMPORT_MAX_BYTES * 2 })).toBe('Invalid File type, only CSV files are allowed');
  });
});

describe('download of a network file', () => {
  const ok = { fileData: { data: btoa('a,b\n1,2\n') }, contentType: 'text/csv', fileName: 'log.csv' };
  it('decodes the base64 bytes with the returned name and type', () => {
    const result = decodeFileDownload(ok);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(new TextDecoder().decode(result.bytes)).toBe('a,b\n1,2\n');
    expect(result.fileName).toBe('log.csv');
    expect(result.contentType).toBe('text/csv');
  });
  it('accepts a byte array too', () => {
    const result = decodeFileDownload({ ...ok, fileData: { data: [104, 105] as unknown as string } });
    expect(result.ok && new TextDecoder().decode(result.bytes)).toBe('hi');
  });
  it.each([
    ['no answer', null, 'No file details provided.'],
    ['no file data', { contentType: 'text/csv', fileName: 'x.csv' }, 'File data is missing or invalid.'],
    ['empty file data', { ...ok, fileData: { data: '' } }, 'File data is missing or invalid.'],
    ['data that is not base64', { ...ok, fileData: { data: 'not base64!' } }, 'File data is missing or invalid.'],
    ['no content type', { ...ok, contentType: '' }, 'Content type is missing.'],
    ['no file name', { ...ok, fileName: ' ' }, 'File name is missing.'],
  ])('%s → the wrapped message', (_label, response, message) => {
    expect(decodeFileDownload(response as never)).toEqual({ ok: false, message: `Error while downloading the file - ${message}` });
  });
});

describe('the Import button', () => {
  it('shows on the newest row when validated, idle and not imported', () => {
    expect(importableRowId([row({ id: 'new' }), row({ id: 'old' })])).toBe('new');
  });
  it('never shows on an older row, even when the newest cannot be imported', () => {
    expect(importableRowId([row({ id: 'new', validationStatus: false }), row({ id: 'old' })])).toBeNull();
  });
  it.each([
    ['processing', { isProcessing: true }],
    ['loading', { processIndicator: 'LOADING' as const }],
    ['already imported', { importStatus: true }],
    ['validation failed', { validationStatus: false }],
    ['not validated yet', { validationStatus: null }],
  ])('does not show when the newest row is %s', (_label, over) => {
    expect(importableRowId([row(over)])).toBeNull();
  });
  it('does not show again after a failed import (the file must be uploaded again)', () => {
    expect(importableRowId([row({ importStatus: false, processIndicator: 'FAILED', error: 'The network changed' })])).toBeNull();
  });
  it('has no row on an empty list', () => {
    expect(importableRowId([])).toBeNull();
  });
});

describe('the Upload button', () => {
  it('is disabled while this page uploads or imports', () => {
    expect(isUploadDisabled({ uploading: true, importing: false, rows: [] })).toBe(true);
    expect(isUploadDisabled({ uploading: false, importing: true, rows: [] })).toBe(true);
  });
  it('is disabled while any import is being validated or imported', () => {
    expect(isUploadDisabled({ uploading: false, importing: false, rows: [row(), row({ id: 'b', isProcessing: true, processIndicator: 'LOADING' })] })).toBe(true);
  });
  it('is enabled otherwise', () => {
    expect(isUploadDisabled({ uploading: false, importing: false, rows: [row()] })).toBe(false);
  });
});

describe('row labels', () => {
  it('validation: SUCCESS, FAILED, Error when the process failed, In progress', () => {
    expect(validationLabel(row())).toBe('SUCCESS');
    expect(validationLabel(row({ validationStatus: false }))).toBe('FAILED');
    expect(validationLabel(row({ validationStatus: null, processIndicator: 'FAILED', error: 'boom' }))).toBe('Error');
    expect(validationLabel(row({ validationStatus: null, processIndicator: 'FAILED' }))).toBe('Error');
    expect(validationLabel(row({ validationStatus: null, processIndicator: 'LOADING', isProcessing: true }))).toBe('In progress');
  });
  it('import status', () => {
    expect(importLabel(row())).toBe('Not imported');
    expect(importLabel(row({ isProcessing: true, processIndicator: 'LOADING' }))).toBe('In progress');
    expect(importLabel(row({ importStatus: true }))).toBe('SUCCESS');
    expect(importLabel(row({ importStatus: false }))).toBe('FAILED');
    expect(importLabel(row({ validationStatus: false }))).toBe('Not imported');
  });
  it('status icon names', () => {
    expect(statusIconLabel({ processIndicator: 'LOADING' })).toBe('Processing');
    expect(statusIconLabel({ processIndicator: 'SUCCESS' })).toBe('Completed');
    expect(statusIconLabel({ processIndicator: 'FAILED' })).toBe('Failed');
  });
});

describe('export request', () => {
  it("needs a group: 'Group field is required'", () => {
    const result = triggerLeaseNetworkExportSchema.safeParse({ leaseId: 'l1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === 'accountsId')?.message).toBe('Group field is required');
    expect(triggerLeaseNetworkExportSchema.safeParse({ leaseId: 'l1', accountsId: ' ' }).error?.issues[0].message).toBe('Group field is required');
  });
  it('defaults to supplier type All and e-mailing the file', () => {
    const parsed = triggerLeaseNetworkExportSchema.parse({ leaseId: 'l1', accountsId: 'g1' });
    expect(parsed.supplierType).toBe('All');
    expect(parsed.emailExportFile).toBe(true);
  });
});
