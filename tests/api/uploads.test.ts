import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { uploadNetworkFile } from '../support/network';
import { fileValidationReports, files, networkImports } from '../../server/db/schema';
import { MULTIPART_MESSAGES, MultipartFraming, multipartBoundary } from '../../server/files/multipart';
import { UPLOAD_FILE_NAME_MESSAGES } from '../../domain/uploadFileName';
import { encodeMultipart, multipartShape, withFileName, withHeaders, type MultipartShape } from '../support/hostileInput';
import { WELL_FORMED_UPLOADS } from '../support/uploads';
import { CHUNK_BYTES } from '../../server/files/storage';
import { MAX_CONCURRENT_UPLOADS_PER_ADMIN, TOO_MANY_UPLOADS_MESSAGE } from '../../server/files/uploadSlots';
import { CSRF_HEADER } from '../../domain/auth';
import { DOCUMENT_MESSAGES, DOCUMENT_UPLOAD_BODY_LIMIT } from '../../domain/documents';

let t: TestApp;
let port: number;
const as: Record<string, Browser> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  for (const role of ['EDITOR', 'SUPER_ADMIN']) {
    ids[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t.close());

/** `size` bytes of a PNG: the signature, then a pattern. */
function pngBytes(size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31) & 0xff;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
}
const fields = { savedFilename: 'van.png', platformType: 'WEB', documentUploadType: 'CUSTOMER' };
const uploadJson = (file: string, extra: object = fields) => JSON.stringify({ file, ...extra });

async function filesOf(adminId: string, complete?: boolean) {
  const where = complete === undefined ? eq(files.createdBy, adminId) : and(eq(files.createdBy, adminId), eq(files.complete, complete));
  const [{ n }] = await t.services.db.select({ n: count() }).from(files).where(where);
  return Number(n);
}

/**
 * An upload over a real connection whose body is sent in two parts: `head` now, the rest when
 * finish() is called, so a test can hold it open half-way.
 */
function heldUpload(b: Browser, body: string, headBytes: number, contentLength = Buffer.byteLength(body)) {
  const bytes = Buffer.from(body);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/enquiry/uploadImage',
    headers: { 'content-type': 'application/json', 'content-length': contentLength, cookie: b.cookieHeader(), [CSRF_HEADER]: b.csrf },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, headBytes));
  return {
    answer,
    finish: () => req.end(bytes.subarray(headBytes)),
    abort: () => req.destroy(),
  };
}

describe('enquiry/uploadImage, streamed', () => {
  it('stores a file of several chunks byte for byte, whatever the order of the members', async () => {
    const bytes = pngBytes(Math.round(2.5 * CHUNK_BYTES));
    const body = JSON.stringify({ ...fields, savedFilename: 'late.png', file: bytes.toString('base64') });
    const res = await as.EDITOR.post('enquiry/uploadImage', body, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.services.db.select().from(files).where(eq(files.id, res.json().fileId));
    expect(row).toMatchObject({ name: 'late.png', contentType: 'image/png', size: bytes.length, chunkCount: 3, complete: true });
  });

  it('answers the rejection message for what is not base64, too large or not JSON, keeping nothing', async () => {
    const before = await filesOf(ids.EDITOR);
    const rejected = { code: 'VALIDATION', message: DOCUMENT_MESSAGES.rejected, fields: { file: DOCUMENT_MESSAGES.rejected } };
    const send = (body: string, headers: Record<string, string> = {}) => as.EDITOR.post('enquiry/uploadImage', body, { 'content-type': 'application/json', ...headers });
    // Not base64 after a good start: the stored part is removed.
    const bad = await send(uploadJson(`${pngBytes(3 * CHUNK_BYTES).toString('base64')}<script>`));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(rejected);
    // An announced oversize body is refused before it is sent.
    const announced = heldUpload(as.EDITOR, uploadJson('iVBORw0KGgo='), 10, DOCUMENT_UPLOAD_BODY_LIMIT + 1);
    expect(await announced.answer).toMatchObject({ status: 413 });
    announced.abort();
    const missing = await send(JSON.stringify(fields));
    expect(missing.json().error).toEqual(rejected);
    const noName = await send(uploadJson(pngBytes(100).toString('base64'), { documentUploadType: 'CUSTOMER' }));
    expect(noName.json().error).toMatchObject({ code: 'VALIDATION', fields: { savedFilename: 'savedFilename is required' } });
    for (const body of ['{"file": "iVBO', 'file=iVBO', '{"file": "iVBO"}}']) {
      const res = await send(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error.code, body).toBe('BAD_REQUEST');
    }
    expect(await filesOf(ids.EDITOR)).toBe(before);
  });

  it('removes what was stored of an upload whose connection is cut', async () => {
    const before = await filesOf(ids.EDITOR);
    const held = heldUpload(as.EDITOR, uploadJson(pngBytes(3 * CHUNK_BYTES).toString('base64')), 2 * CHUNK_BYTES);
    held.answer.catch(() => undefined);
    await expect.poll(() => filesOf(ids.EDITOR, false)).toBe(1);
    held.abort();
    await expect.poll(() => filesOf(ids.EDITOR)).toBe(before);
  });
});

describe('uploads at once', () => {
  it(`lets one admin send ${MAX_CONCURRENT_UPLOADS_PER_ADMIN} at a time, answering 429 past that, for any upload call`, async () => {
    const body = uploadJson(pngBytes(CHUNK_BYTES).toString('base64'));
    const held = Array.from({ length: MAX_CONCURRENT_UPLOADS_PER_ADMIN }, () => heldUpload(as.EDITOR, body, 64 * 1024));
    // Each has passed the guard once its file is being written.
    await expect.poll(() => filesOf(ids.EDITOR, false)).toBe(MAX_CONCURRENT_UPLOADS_PER_ADMIN);

    const refused = { error: { code: 'TOO_MANY_UPLOADS', message: TOO_MANY_UPLOADS_MESSAGE } };
    const more = await as.EDITOR.post('enquiry/uploadImage', body, { 'content-type': 'application/json' });
    expect(more.statusCode).toBe(429);
    expect(more.json()).toEqual(refused);
    const logo = await as.EDITOR.post('admin/uploadCustomerLogo', { fileName: 'logo.png', contentBase64: 'iVBO' });
    expect(logo.statusCode).toBe(429);
    const network = await uploadNetworkFile(t, as.EDITOR, { isDi: true, csv: 'a,b\n1,2\n' });
    expect(network.statusCode).toBe(429);
    expect(network.json()).toEqual(refused);
    // Another admin is not held back, and reading is never limited.
    expect((await as.SUPER_ADMIN.post('enquiry/uploadImage', body, { 'content-type': 'application/json' })).statusCode).toBe(200);
    expect((await as.EDITOR.get('auth/session')).statusCode).toBe(200);

    for (const h of held) h.finish();
    for (const h of held) expect((await h.answer).status).toBe(200);
    expect((await as.EDITOR.post('enquiry/uploadImage', body, { 'content-type': 'application/json' })).statusCode).toBe(200);
  });
});

describe('multipart uploads, malformed', () => {
  const shapeOf = (slug: string) => multipartShape(WELL_FORMED_UPLOADS[slug]);
  const FILE = (problem: keyof typeof UPLOAD_FILE_NAME_MESSAGES) => ({ code: 'VALIDATION', message: UPLOAD_FILE_NAME_MESSAGES[problem], fields: { file: UPLOAD_FILE_NAME_MESSAGES[problem] } });
  const BODY = (problem: keyof typeof MULTIPART_MESSAGES) => ({ code: 'BAD_REQUEST', message: MULTIPART_MESSAGES[problem] });
  const named = (name: string) => (s: MultipartShape) => withFileName(s, name);
  const fileHeaders = (change: (hs: string[]) => string[]) => (s: MultipartShape) => withHeaders(s, s.parts.length - 1, change);
  const CASES: [string, (s: MultipartShape) => MultipartShape, object][] = [
    ['a NUL byte in the file name', named('report\u0000.csv'), FILE('characters')],
    ['an escape sequence in the file name', named('\u001b[31mred.csv'), FILE('characters')],
    ['a tab in the file name', named('a\tb.csv'), FILE('characters')],
    ['a C1 control character in the file name', named('a\u0085b.csv'), FILE('characters')],
    ['a file name of 256 characters', named(`${'n'.repeat(252)}.csv`), FILE('tooLong')],
    ['a folder in the file name', named('reports/may.csv'), FILE('path')],
    ['a Windows path as the file name', named('C:\\Users\\me\\may.csv'), FILE('path')],
    ["'..' in the file name", named('../../etc/passwd'), FILE('path')],
    ["'..' as the file name", named('..'), FILE('path')],
    ['an empty file name', named(''), FILE('missing')],
    ['a file name of spaces', named('   '), FILE('missing')],
    ['a body that does not use the header’s boundary', (s) => ({ ...s, headerBoundary: 'SomethingElse' }), BODY('boundaryMismatch')],
    ['no boundary in the header', (s) => ({ ...s, contentType: 'multipart/form-data' }), BODY('noBoundary')],
    ['a boundary of 71 characters', (s) => ({ ...s, headerBoundary: 'b'.repeat(71), bodyBoundary: 'b'.repeat(71) }), BODY('badBoundary')],
    ['a boundary with a character RFC 2046 does not allow', (s) => ({ ...s, headerBoundary: 'abc<def>', bodyBoundary: 'abc<def>' }), BODY('badBoundary')],
    ['a body cut off in the file', (s) => ({ ...s, truncate: true }), BODY('incomplete')],
    ['a part without Content-Disposition', fileHeaders((hs) => hs.slice(1)), BODY('noDisposition')],
    ['a part with two Content-Dispositions', fileHeaders((hs) => [...hs, 'Content-Disposition: form-data; name="other"']), BODY('duplicateHeader')],
    ['a garbage header line', fileHeaders((hs) => ['@@@ garbage @@@', ...hs]), BODY('badHeader')],
    ['a part header of 9 KB', fileHeaders((hs) => [...hs, `X-Padding: ${'p'.repeat(9 * 1024)}`]), BODY('headerTooLong')],
    [
      'a malformed part after the file',
      (s) => ({ ...s, parts: [...s.parts, { headers: ['no colon here'], content: Buffer.from('x') }] }),
      BODY('badHeader'),
    ],
  ];

  async function storedBy(adminId: string) {
    const [{ n: reports }] = await t.services.db.select({ n: count() }).from(fileValidationReports);
    const [{ n: imports }] = await t.services.db.select({ n: count() }).from(networkImports);
    return { files: await filesOf(adminId), reports: Number(reports), imports: Number(imports) };
  }

  for (const slug of Object.keys(WELL_FORMED_UPLOADS)) {
    it.each(CASES)(`${slug}: %s is a 400 saying so, and nothing is stored`, async (_name, spoil, error) => {
      const before = await storedBy(ids.EDITOR);
      const { contentType, payload } = encodeMultipart(spoil(shapeOf(slug)));
      const b = as.EDITOR;
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/${slug}`, payload, headers: { 'content-type': contentType, cookie: b.cookieHeader(), [CSRF_HEADER]: b.csrf }, remoteAddress: b.ip });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toEqual(error);
      expect(await storedBy(ids.EDITOR)).toEqual(before);
    });
  }

  it.each(Object.keys(WELL_FORMED_UPLOADS))('%s: removes the stored file when a malformed part arrives after it', async (slug) => {
    const before = await storedBy(ids.EDITOR);
    const shape = shapeOf(slug);
    const { contentType, payload } = encodeMultipart({ ...shape, parts: [...shape.parts, { headers: ['no colon here'], content: Buffer.from('x') }] });
    // Held just before the blank line ending the bad part's headers, until the file is stored.
    const cut = payload.indexOf('no colon here\r\n') + 'no colon here\r\n'.length;
    const b = as.EDITOR;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/api/v1/${slug}`, headers: { 'content-type': contentType, 'content-length': payload.length, cookie: b.cookieHeader(), [CSRF_HEADER]: b.csrf } });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() }));
      });
      req.on('error', reject);
    });
    req.write(payload.subarray(0, cut));
    await expect.poll(() => filesOf(ids.EDITOR, true)).toBe(before.files + 1);
    req.end(payload.subarray(cut));
    const res = await answer;
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toEqual(BODY('badHeader'));
    expect(await storedBy(ids.EDITOR)).toEqual(before);
  });

  it('reads a body sent in pieces as small as one byte the same as one sent whole', () => {
    // The framing check sees the body as the network delivers it: any split must read alike.
    for (const slug of Object.keys(WELL_FORMED_UPLOADS)) {
      for (const [name, spoil] of [['well-formed', (s: MultipartShape) => s] as const, ...CASES.map(([n, f]) => [n, f] as const)]) {
        const shape = spoil(shapeOf(slug));
        const boundary = multipartBoundary(encodeMultipart(shape).contentType);
        if (!('boundary' in boundary)) continue;
        const { payload } = encodeMultipart(shape);
        const whole = new MultipartFraming(boundary.boundary);
        whole.push(payload);
        const bytes = new MultipartFraming(boundary.boundary);
        for (let i = 0; i < payload.length; i++) bytes.push(payload.subarray(i, i + 1));
        expect(bytes.end(), `${slug}: ${name}`).toBe(whole.end());
        if (name === 'well-formed') expect(whole.problem).toBeNull();
      }
    }
  });
});
