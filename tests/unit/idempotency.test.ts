import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson, IDEMPOTENCY_KEY_HEADER, isIdempotencyKey } from '../../domain/idempotency';
import { BodyTap } from '../../server/rpc/idempotency';
import { callApi } from '../../api/client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isIdempotencyKey', () => {
  it('accepts a UUID in either case and nothing else', () => {
    expect(isIdempotencyKey('6f1c2a4e-8b3d-4f7a-9c1e-2d5b7a9e0f13')).toBe(true);
    expect(isIdempotencyKey('6F1C2A4E-8B3D-4F7A-9C1E-2D5B7A9E0F13')).toBe(true);
    for (const bad of ['', 'x', '6f1c2a4e8b3d4f7a9c1e2d5b7a9e0f13', '{6f1c2a4e-8b3d-4f7a-9c1e-2d5b7a9e0f13}', '6f1c2a4e-8b3d-4f7a-9c1e-2d5b7a9e0f13 ', 'g f1c2a4e-8b3d-4f7a-9c1e-2d5b7a9e0f1']) {
      expect(isIdempotencyKey(bad), bad).toBe(false);
    }
  });
});

describe('canonicalJson', () => {
  it('writes members in one order at every depth, and keeps the order of arrays', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 })).toBe(canonicalJson({ b: 1, a: { d: [2, 1], c: null } }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson('text "quoted"')).toBe('"text \\"quoted\\""');
  });
});

describe('BodyTap', () => {
  const form = (boundary: string, file: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="leaseId"\r\n\r\nL1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${file}\r\n--${boundary}--\r\n`);
  /** The body in pieces of `size` bytes, so a boundary is cut across pieces. */
  const pieces = (body: Buffer, size: number) => Readable.from(Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size)));

  async function hashRead(stream: Readable, boundary: string | null, read: 'iterate' | 'resume') {
    const tap = new BodyTap(stream, boundary ? Buffer.from(`--${boundary}`) : null);
    if (read === 'iterate') for await (const _ of stream) void _;
    else await new Promise((r) => stream.on('end', r).resume());
    expect(tap.complete).toBe(true);
    return tap.digest();
  }

  it('hashes a multipart body without its boundary, however it is cut and read', async () => {
    const a = await hashRead(pieces(form('----a1b2', 'x,y\n1,2\n'), 7), '----a1b2', 'iterate');
    const b = await hashRead(pieces(form('WebKitFormBoundaryQ9z', 'x,y\n1,2\n'), 3), 'WebKitFormBoundaryQ9z', 'resume');
    const c = await hashRead(pieces(form('----a1b2', 'x,y\n1,2\n'), 1000), '----a1b2', 'resume');
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await hashRead(pieces(form('----a1b2', 'x,y\n1,3\n'), 7), '----a1b2', 'iterate')).not.toBe(a);
  });

  it('sees only what the reader takes, and does not start the body flowing by itself', async () => {
    const stream = pieces(Buffer.from('{"a":1}'), 2);
    const tap = new BodyTap(stream, null);
    await new Promise((r) => setTimeout(r, 10));
    expect(tap.bytes).toBe(0);
    expect(tap.complete).toBe(false);
    expect(await tap.readToEnd(100)).toBe(await hashRead(pieces(Buffer.from('{"a":1}'), 3), null, 'iterate'));
    expect(tap.bytes).toBe(7);
  });

  it('refuses to read past a limit (413)', async () => {
    const tap = new BodyTap(pieces(Buffer.alloc(100), 10), null);
    await expect(tap.readToEnd(50)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe("the console's calls", () => {
  it('send the Idempotency-Key when given one, and none otherwise', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await callApi('admin/saveSupplierDetails', { body: {}, idempotencyKey: '6f1c2a4e-8b3d-4f7a-9c1e-2d5b7a9e0f13' });
    await callApi('admin/saveSupplierDetails', { body: {} });
    expect(sent.map((h) => h.get(IDEMPOTENCY_KEY_HEADER))).toEqual(['6f1c2a4e-8b3d-4f7a-9c1e-2d5b7a9e0f13', null]);
  });
});
