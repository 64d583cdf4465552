import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { Client } from 'typesense';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { SseStream } from '../support/sse';
import { fullForm } from '../fixtures/customerForms';
import { LIVE_URL } from '../../server/live/route';
import { accountingCategories, auditLog, documents, files } from '../../server/db/schema';
import { topics } from '../../domain/live';
import { toSaveInput } from '../../domain/customers';
import { DOCUMENT_IMAGE_MAX_BYTES, DOCUMENT_MESSAGES, DOCUMENT_PDF_MAX_BYTES, type DocumentRecord } from '../../domain/documents';

let t: TestApp;
let base: string;
let search: Client;
const as: Record<string, Browser> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.services.db.insert(accountingCategories).values([{ id: '1001', name: 'Leasing UK' }]);
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  const key = (await as.SUPER_ADMIN.get('session/getSessionToken')).json().key as string;
  search = new Client({ nodes: [{ host: '127.0.0.1', port: Number(new URL(base).port), protocol: 'http', path: '/api/v1/search' }], apiKey: key, logLevel: 'silent' });
});
afterAll(() => t.close());

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `size` bytes starting with a file signature, the rest a repeating pattern. */
function bytesOf(signature: number[] | string, size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31) & 0xff;
  (typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature)).copy(b, 0);
  return b;
}
const png = (size = 600) => bytesOf(PNG_SIGNATURE, size);
const jpeg = (size = 500) => bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46], size);
const pdf = (size = 400) => bytesOf('%PDF-1.4\n', size);

let customerNo = 0;
async function createCustomer(): Promise<string> {
  const form = fullForm('UK');
  form.customerName = `Documents Test Leasing ${++customerNo} Ltd`;
  const res = await as.SUPER_ADMIN.post('admin/saveLeaseCompanyDetails', toSaveInput(form, 'UK'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().leaseCompanyId;
}

function upload(b: Browser, data: Buffer, savedFilename = 'file.bin') {
  return b.post('enquiry/uploadImage', { file: data.toString('base64'), fileId: 'client-chosen', savedFilename, platformType: 'WEB', documentUploadType: 'CUSTOMER' });
}

interface DocInput {
  label?: string;
  type?: string;
  filename?: string;
  uid?: string;
}
let uidNo = 0;
function attach(b: Browser, leaseCompanyId: string, fileId: string, doc: DocInput = {}) {
  return b.post('admin/addDocument', {
    leaseCompanyId,
    accountId: null,
    serviceUnitId: null,
    uploadType: 'CUSTOMER',
    user: { firstname: 'Someone', lastname: 'Else' },
    document: { uid: doc.uid ?? `uid-${++uidNo}`, type: doc.type ?? 'image/png', filename: doc.filename ?? 'scan.png', savedFilename: 'saved.png', label: doc.label ?? 'Signed agreement', fileId },
  });
}

/** Uploads and attaches; answers the file id. */
async function addDocument(b: Browser, leaseCompanyId: string, data: Buffer, doc: DocInput & { type: string }) {
  const up = await upload(b, data, doc.filename);
  expect(up.statusCode, up.body).toBe(200);
  const res = await attach(b, leaseCompanyId, up.json().fileId, doc);
  expect(res.statusCode, res.body).toBe(200);
  return up.json().fileId as string;
}

async function list(leaseCompanyId: string, b = as.VIEWER): Promise<DocumentRecord[]> {
  const res = await b.post('admin/getDocuments', { leaseCompanyId, uploadType: 'CUSTOMER' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().documents;
}

async function read(fileId: string, b = as.VIEWER) {
  return b.post('enquiry/getDocumentBufferData', { fileId, savedFilename: 'x', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
}

async function fileCount(id: string) {
  const [r] = await t.services.db.select({ n: count() }).from(files).where(eq(files.id, id));
  return Number(r.n);
}

describe('permissions', () => {
  it('refuses VIEWER upload, add and delete with 403, and lets VIEWER read', async () => {
    const lease = await createCustomer();
    expect((await upload(as.VIEWER, png())).statusCode).toBe(403);
    const fileId = await addDocument(as.EDITOR, lease, png(), { type: 'image/png' });
    expect((await attach(as.VIEWER, lease, fileId)).statusCode).toBe(403);
    const [doc] = await list(lease);
    const del = await as.VIEWER.post('admin/deleteDocument', { fileId, ids: { leaseCompanyId: lease }, uid: doc.uid, savedFilename: doc.savedFilename, platformType: 'WEB', documentUploadType: 'CUSTOMER' });
    expect(del.statusCode).toBe(403);
    expect((await read(fileId)).statusCode).toBe(200);
    expect((await new Browser(t).post('admin/getDocuments', { leaseCompanyId: lease })).statusCode).toBe(401);
  });
});

describe('enquiry/uploadImage', () => {
  it('stores a PNG and a PDF that read back byte for byte, typed from their bytes', async () => {
    const lease = await createCustomer();
    const image = png(3000);
    const paper = pdf(5000);
    const imageId = await addDocument(as.EDITOR, lease, image, { type: 'image/png', filename: 'van.png', label: 'Van photo' });
    const paperId = await addDocument(as.EDITOR, lease, paper, { type: 'application/pdf', filename: 'agreement.pdf', label: 'Agreement' });
    for (const [id, bytes, type, name] of [[imageId, image, 'image/png', 'van.png'], [paperId, paper, 'application/pdf', 'agreement.pdf']] as const) {
      const res = await read(id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: '', contentType: type, fileName: name });
      expect(Buffer.from(body.fileData.data, 'base64').equals(bytes)).toBe(true);
      const [stored] = await t.services.db.select({ contentType: files.contentType, size: files.size }).from(files).where(eq(files.id, id));
      expect(stored).toEqual({ contentType: type, size: bytes.length });
    }
  });

  it('chooses the file id itself and accepts a JPEG', async () => {
    const res = await upload(as.EDITOR, jpeg());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, fileId: expect.stringMatching(/^[0-9a-f-]{36}$/), contentType: 'image/jpeg' });
    expect(res.json().fileId).not.toBe('client-chosen');
  });

  it('refuses a text file or an executable renamed x.png, an empty file and text that is not base64', async () => {
    const rejected = { error: { code: 'VALIDATION', message: DOCUMENT_MESSAGES.rejected, fields: { file: DOCUMENT_MESSAGES.rejected } } };
    for (const data of [Buffer.from('just some notes, not a picture\n'), bytesOf('MZ\x90\x00', 2048), Buffer.alloc(0)]) {
      const res = await upload(as.EDITOR, data, 'x.png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(rejected);
    }
    const res = await as.EDITOR.post('enquiry/uploadImage', { file: '<script>alert(1)</script>', savedFilename: 'x.png', documentUploadType: 'CUSTOMER' });
    expect(res.json()).toEqual(rejected);
  });

  it('takes images under 10 MB and PDFs under 2 MB, and refuses them at exactly the limit', async () => {
    const ok = async (data: Buffer) => (await upload(as.EDITOR, data)).statusCode;
    expect(await ok(png(DOCUMENT_IMAGE_MAX_BYTES - 1))).toBe(200);
    expect(await ok(png(DOCUMENT_IMAGE_MAX_BYTES))).toBe(400);
    expect(await ok(jpeg(DOCUMENT_IMAGE_MAX_BYTES))).toBe(400);
    expect(await ok(pdf(DOCUMENT_PDF_MAX_BYTES - 1))).toBe(200);
    const tooBig = await upload(as.EDITOR, pdf(DOCUMENT_PDF_MAX_BYTES));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toBe(DOCUMENT_MESSAGES.rejected);
  });
});

describe('admin/addDocument', () => {
  it('writes the row as the session admin with an audit row, newest first in the list', async () => {
    const lease = await createCustomer();
    const first = await addDocument(as.EDITOR, lease, png(), { type: 'image/png', label: '  First upload  ' });
    t.clock.advance(60_000);
    const second = await addDocument(as.SUPER_ADMIN, lease, pdf(), { type: 'application/pdf', label: 'Second upload', filename: 'second.pdf' });
    const docs = await list(lease);
    expect(docs.map((d) => d.fileId)).toEqual([second, first]);
    expect(docs[1]).toEqual({
      uid: expect.any(String),
      type: 'image/png',
      filename: 'scan.png',
      savedFilename: 'saved.png',
      label: 'First upload',
      user: { firstname: 'Test', lastname: 'EDITOR' },
      timestamp: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      fileId: first,
      canDelete: true,
    });
    const [row] = await t.services.db.select().from(documents).where(eq(documents.fileId, first));
    expect(row).toMatchObject({ leaseCompanyId: lease, groupId: null, supplierId: null, uploadType: 'CUSTOMER', version: 1 });
    const audits = await t.services.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'document'), eq(auditLog.recordId, row.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ slug: 'admin/addDocument', before: null, after: expect.objectContaining({ label: 'First upload' }) });
  });

  it('answers the spec\'s label message and the owner rule, writing nothing', async () => {
    const lease = await createCustomer();
    const fileId = (await upload(as.EDITOR, png())).json().fileId;
    for (const label of ['', '   ']) {
      const res = await attach(as.EDITOR, lease, fileId, { label });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION', message: 'Document label is required', fields: { 'document.label': 'Document label is required' } });
    }
    const long = await attach(as.EDITOR, lease, fileId, { label: 'x'.repeat(101) });
    expect(long.json().error.fields).toEqual({ 'document.label': DOCUMENT_MESSAGES.labelNotValid });
    expect((await attach(as.EDITOR, lease, fileId, { label: 'x'.repeat(100) })).statusCode).toBe(200);
    const noOwner = await as.EDITOR.post('admin/addDocument', { uploadType: 'CUSTOMER', document: { uid: 'u', type: 'image/png', filename: 'a.png', savedFilename: 'a.png', label: 'A', fileId } });
    expect(noOwner.json().error.fields).toEqual({ leaseCompanyId: DOCUMENT_MESSAGES.ownerRequired });
    expect(await list(lease)).toHaveLength(1);
  });

  it('refuses a type other than the stored one, a file attached already, someone else\'s upload and unknown records', async () => {
    const lease = await createCustomer();
    const fileId = (await upload(as.EDITOR, pdf())).json().fileId;
    const wrongType = await attach(as.EDITOR, lease, fileId, { type: 'image/png' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toEqual({ 'document.type': DOCUMENT_MESSAGES.rejected });
    expect((await attach(as.SUPER_ADMIN, lease, fileId, { type: 'application/pdf' })).statusCode).toBe(404);
    expect((await attach(as.EDITOR, lease, fileId, { type: 'application/pdf' })).statusCode).toBe(200);
    const again = await attach(as.EDITOR, lease, fileId, { type: 'application/pdf' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'FILE_ATTACHED', message: DOCUMENT_MESSAGES.alreadyAttached });
    const other = (await upload(as.EDITOR, png())).json().fileId;
    const unknown = await attach(as.EDITOR, '00000000-0000-4000-8000-000000000000', other);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'RECORD_NOT_FOUND', message: 'Record not found!' });
    expect((await attach(as.EDITOR, lease, '00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
    expect(await list(lease)).toHaveLength(1);
  });

  it('notifies leaseCompany:{id} with op documents on add and delete', async () => {
    const lease = await createCustomer();
    const topic = topics.leaseCompany(lease);
    const s = await SseStream.open(`${base}${LIVE_URL}?topics=${encodeURIComponent(topic)}`, as.VIEWER.cookieHeader());
    try {
      expect(s.status).toBe(200);
      await s.next((e) => e.event === 'ready');
      // The customer's own insert may still be on its way: start from what follows it.
      await s.settle(t.services.database, topic);
      const fileId = await addDocument(as.EDITOR, lease, png(), { type: 'image/png', uid: 'live-1' });
      const added = JSON.parse((await s.message(topic)).data);
      expect(added).toEqual({ topic, payload: { op: 'documents', id: expect.any(String) } });
      const del = await as.EDITOR.post('admin/deleteDocument', { fileId, ids: { leaseCompanyId: lease }, uid: 'live-1', savedFilename: 'saved.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
      expect(del.statusCode, del.body).toBe(200);
      await s.next((e) => e.event === 'message' && s.messages().length === 2);
      expect(s.messages()[1]).toEqual({ topic, payload: { op: 'documents', id: added.payload.id } });
    } finally {
      s.close();
    }
  });

  it('keeps the search card\'s documentCount right, cached answers included', async () => {
    const lease = await createCustomer();
    const countOf = async () => {
      const res = await search.collections('leaseCompanyIndex').documents().search({ q: '*', query_by: 'name', filter_by: `status:=ACTIVE` , per_page: 250 });
      const hit = res.hits?.find((h) => (h.document as { id: string }).id === lease);
      return (hit?.document as { documentCount?: number } | undefined)?.documentCount;
    };
    expect(await countOf()).toBe(0);
    expect(await countOf()).toBe(0);
    const fileId = await addDocument(as.EDITOR, lease, png(), { type: 'image/png', uid: 'count-1' });
    await addDocument(as.EDITOR, lease, pdf(), { type: 'application/pdf' });
    expect(await countOf()).toBe(2);
    await as.EDITOR.post('admin/deleteDocument', { fileId, ids: { leaseCompanyId: lease }, uid: 'count-1' });
    expect(await countOf()).toBe(1);
  });
});

describe('admin/getDocuments', () => {
  it('reads an unknown or malformed owner as the empty list', async () => {
    for (const leaseCompanyId of ['00000000-0000-4000-8000-000000000000', 'not-a-record']) expect(await list(leaseCompanyId)).toEqual([]);
    expect((await as.VIEWER.post('admin/getDocuments', {})).statusCode).toBe(400);
  });
});

describe('enquiry/getDocumentBufferData', () => {
  it('answers 404 Record not found! for a missing file and for a file not attached to a document', async () => {
    const loose = (await upload(as.EDITOR, png())).json().fileId;
    for (const fileId of ['00000000-0000-4000-8000-000000000000', loose, 'nope']) {
      const res = await read(fileId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'RECORD_NOT_FOUND', message: 'Record not found!' });
    }
  });
});

describe('admin/deleteDocument', () => {
  it('removes the row and its file with an audit row holding the document', async () => {
    const lease = await createCustomer();
    const fileId = await addDocument(as.EDITOR, lease, pdf(), { type: 'application/pdf', uid: 'del-1', label: 'To delete' });
    const [row] = await t.services.db.select().from(documents).where(eq(documents.fileId, fileId));
    const wrongUid = await as.EDITOR.post('admin/deleteDocument', { fileId, ids: { leaseCompanyId: lease }, uid: 'other' });
    expect(wrongUid.statusCode).toBe(404);
    const other = await createCustomer();
    expect((await as.EDITOR.post('admin/deleteDocument', { fileId, ids: { leaseCompanyId: other }, uid: 'del-1' })).statusCode).toBe(404);
    const res = await as.EDITOR.post('admin/deleteDocument', { fileId, ids: { leaseCompanyId: lease, accountId: null, serviceUnitId: null }, uid: 'del-1', savedFilename: 'saved.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true });
    expect(await list(lease)).toEqual([]);
    expect(await fileCount(fileId)).toBe(0);
    const [audit] = await t.services.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'document'), eq(auditLog.recordId, row.id), eq(auditLog.slug, 'admin/deleteDocument')));
    expect(audit.after).toBeNull();
    expect(audit.before).toMatchObject({ id: row.id, label: 'To delete', fileId, leaseCompanyId: lease });
    expect((await read(fileId)).statusCode).toBe(404);
  });

  it('refuses a document whose canDelete is false and keeps it', async () => {
    const lease = await createCustomer();
    const fileId = await addDocument(as.EDITOR, lease, png(), { type: 'image/png', uid: 'keep-1' });
    await t.services.db.update(documents).set({ canDelete: false }).where(eq(documents.fileId, fileId));
    expect((await list(lease))[0].canDelete).toBe(false);
    const res = await as.SUPER_ADMIN.post('admin/deleteDocument', { fileId, ids: { leaseCompanyId: lease }, uid: 'keep-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'NOT_DELETABLE', message: DOCUMENT_MESSAGES.cannotDelete });
    expect(await list(lease)).toHaveLength(1);
    expect(await fileCount(fileId)).toBe(1);
  });
});
