import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UPLOAD_FILE_NAME_MAX, uploadFileNameProblem } from '../../domain/uploadFileName';
import { MultipartFraming, multipartBoundary } from '../../server/files/multipart';
import { encodeMultipart, hostileFileName, hostileMultipart, multipartShape } from '../support/hostileInput';

describe('uploadFileNameProblem', () => {
  it.each([
    ['prices.csv', null],
    ['Rapport d’activité 2026 (v2).csv', null],
    ['a..b.csv', null],
    ['.hidden.csv', null],
    [`${'n'.repeat(UPLOAD_FILE_NAME_MAX - 4)}.csv`, null],
    [`${'n'.repeat(UPLOAD_FILE_NAME_MAX - 3)}.csv`, 'tooLong'],
    ['a\u0000.csv', 'characters'],
    ['a\tb.csv', 'characters'],
    ['a\r\nb.csv', 'characters'],
    ['a\u007fb.csv', 'characters'],
    ['a\u009bb.csv', 'characters'],
    ['a\ud800.csv', 'characters'],
    ['dir/a.csv', 'path'],
    ['dir\\a.csv', 'path'],
    ['../a.csv', 'path'],
    ['..', 'path'],
    ['.', 'path'],
    ['', 'missing'],
    ['   ', 'missing'],
    [undefined, 'missing'],
  ])('%j: %s', (name, problem) => {
    expect(uploadFileNameProblem(name)).toBe(problem);
  });

  it('refuses every hostile file name of the fuzz tests', () => {
    fc.assert(
      fc.property(hostileFileName, (name) => {
        expect(uploadFileNameProblem(name)).not.toBeNull();
      }),
    );
  });
});

describe('multipartBoundary', () => {
  it.each([
    ['multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW', '----WebKitFormBoundary7MA4YWxkTrZu0gW'],
    ['multipart/form-data; boundary="with space"', 'with space'],
    ['multipart/form-data;boundary=x', 'x'],
    [`multipart/form-data; boundary=${'b'.repeat(70)}`, 'b'.repeat(70)],
  ])('%s', (header, boundary) => {
    expect(multipartBoundary(header)).toEqual({ boundary });
  });

  it.each([
    ['multipart/form-data', 'noBoundary'],
    ['multipart/form-data; charset=utf-8', 'noBoundary'],
    ['multipart/form-data; boundary=', 'badBoundary'],
    ['multipart/form-data; boundary="ends in space "', 'badBoundary'],
    [`multipart/form-data; boundary=${'b'.repeat(71)}`, 'badBoundary'],
    ['multipart/form-data; boundary=a<b>', 'badBoundary'],
    ['multipart/form-data; boundary=a; boundary=b', 'badBoundary'],
  ])('%s: %s', (header, problem) => {
    expect(multipartBoundary(header)).toEqual({ problem });
  });
});

describe('MultipartFraming', () => {
  const upload = { fields: { validationType: 'X', user: 'Someone' }, file: { name: 'a.csv', content: 'a,b\r\n1,2\r\n' } };
  const read = (payload: Buffer, cuts: number[]) => {
    const framing = new MultipartFraming(multipartShape(upload).headerBoundary);
    let at = 0;
    for (const cut of [...cuts.map((c) => c % (payload.length + 1)).sort((a, b) => a - b), payload.length]) {
      framing.push(payload.subarray(at, Math.max(at, cut)));
      at = Math.max(at, cut);
    }
    return framing.end();
  };

  it('accepts a well-formed body however it is cut into pieces', () => {
    const { payload } = encodeMultipart(multipartShape(upload));
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        expect(read(payload, cuts)).toBeNull();
      }),
    );
  });

  it('finds the same problem in a hostile body whether it arrives whole or in pieces', () => {
    fc.assert(
      fc.property(hostileMultipart(upload), fc.array(fc.nat(), { maxLength: 12 }), (shape, cuts) => {
        const header = multipartBoundary(encodeMultipart(shape).contentType);
        // A bad header boundary is refused before the body is read.
        fc.pre('boundary' in header && header.boundary === multipartShape(upload).headerBoundary);
        const { payload } = encodeMultipart(shape);
        expect(read(payload, cuts)).toBe(read(payload, []));
      }),
      { numRuns: 300 },
    );
  });

  it('treats an empty body as an empty form, and a body with no delimiter as not matching the boundary', () => {
    expect(read(Buffer.alloc(0), [])).toBeNull();
    expect(read(Buffer.from('just text\r\n'), [])).toBe('boundaryMismatch');
  });
});
