import { describe, expect, it } from 'vitest';
import { readJsonUpload, type JsonUploadProblem } from '../../server/files/jsonUpload';

/** The body cut into pieces of `size` bytes, as a network delivers it. */
async function* pieces(body: string | Buffer, size: number) {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(body: string | Buffer, size = 7, maxBodyBytes = 1 << 20) {
  const got: Buffer[] = [];
  const out = await readJsonUpload(pieces(body, size), { field: 'file', maxBodyBytes, onBytes: async (b) => void got.push(b) });
  return { ...out, bytes: Buffer.concat(got) };
}

async function problem(body: string | Buffer, maxBodyBytes?: number): Promise<JsonUploadProblem | string> {
  try {
    await read(body, 5, maxBodyBytes);
    return 'accepted';
  } catch (err) {
    return (err as { problem?: JsonUploadProblem }).problem ?? String(err);
  }
}

const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 37) & 0xff));

describe('readJsonUpload', () => {
  it('decodes the file member piece by piece and keeps the other members, in any order', async () => {
    for (const size of [1, 3, 64, 100_000]) {
      const body = JSON.stringify({ savedFilename: 'a "quoted" name.png', nested: { list: [1, '}', { x: null }] }, file: data.toString('base64'), n: 5, ok: true });
      const out = await read(body, size);
      expect(out.bytes.equals(data)).toBe(true);
      expect(out.hasFile).toBe(true);
      expect(out.fields).toEqual({ savedFilename: 'a "quoted" name.png', nested: { list: [1, '}', { x: null }] }, n: 5, ok: true });
    }
  });

  it('takes a data-URL prefix, whitespace, escaped slashes and \\u escapes in the base64 text', async () => {
    const b64 = data.toString('base64');
    const text = `data:image/png;base64,${b64.slice(0, 40)}\n${b64.slice(40, 80)}  ${b64.slice(80)}`;
    const body = `{"file":${JSON.stringify(text).replace(/\//g, '\\/').replace('A', '\\u0041')}}`;
    for (const size of [1, 2, 13]) expect((await read(body, size)).bytes.equals(data)).toBe(true);
  });

  it('answers an empty object and a missing or non-string file as no file', async () => {
    expect(await read(' { } ')).toMatchObject({ hasFile: false, fields: {} });
    expect(await read('{"file":null,"a":"b"}')).toMatchObject({ hasFile: false, fields: { file: null, a: 'b' } });
  });

  it('refuses what is not a JSON object, text that is not base64 and a body over the limit', async () => {
    for (const body of ['', '[]', '{"file":"QUJD"', '{"a":}', '{"a":1,}', '{"a" 1}', '{"file":"QUJD"} x', '{"a":[1}', '{"file":"QUJD","file":"QUJD"}', 'null']) {
      expect(await problem(body), body).toBe('malformed');
    }
    for (const text of ['<script>alert(1)</script>', 'QUJD=QUJD', 'QUJDR', 'data:image/png,QUJD', 'QU\\"JD', 'QUJDé']) {
      expect(await problem(`{"file":"${text}"}`), text).toBe('notBase64');
    }
    expect(await problem(`{"file":"${data.toString('base64')}"}`, 500)).toBe('tooLarge');
    expect(await problem(`{"a":"${'x'.repeat(70_000)}","file":""}`)).toBe('tooLarge');
  });

  it('stops reading when the receiver refuses the bytes', async () => {
    const refusal = new Error('not an image');
    let calls = 0;
    const body = JSON.stringify({ file: Buffer.alloc(100_000).toString('base64') });
    await expect(
      readJsonUpload(pieces(body, 1000), {
        field: 'file',
        maxBodyBytes: 1 << 20,
        onBytes: async () => {
          calls++;
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });
});
