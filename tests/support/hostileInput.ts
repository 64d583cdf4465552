import fc from 'fast-check';

/**
 * Arbitraries of hostile input for property tests: strings with control characters, NULs,
 * unpaired surrogates and long runs; numbers past every range; deep nesting. Values are produced
 * as raw JSON text, because JSON.stringify cannot write 1e400 or 5,000 levels of brackets.
 */

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\u007f',
  '\u0085',
  '\ud800',
  'x\udfff',
  '\uffff',
  "'; DROP TABLE administrators; --",
  '%00',
  '*',
  '"',
  '`',
  '\\',
  '(((',
  '1e400',
  '-0',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-02-30',
  '=HYPERLINK("http://x")',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.tuple(fc.constantFrom('a', '\u0000', 'é', ' ', '('), fc.integer({ min: 100, max: 20_000 })).map(([c, n]) => c.repeat(n)),
);

/** Raw JSON number text, including ones no double holds. */
const hostileNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '0', '2147483648', '9007199254740993', '0.1'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
);

const stringText = hostileString.map((s) => JSON.stringify(s));
const deepText = fc.integer({ min: 20, max: 5000 }).chain((n) => fc.constantFrom(`${'['.repeat(n)}${']'.repeat(n)}`, `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

/** Any JSON value as text, hostile leaves first. */
export const hostileJsonValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    stringText,
    hostileNumberText,
    fc.constantFrom('true', 'false', 'null'),
    deepText,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.dictionary(hostileString.filter((k) => k.length < 50), tie('value'), { maxKeys: 4 }).map(
      (o) => `{${Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`,
    ),
  ),
})).value;

export interface HostileBody {
  /** The body as JSON text. */
  text: string;
  /** Its members: name and the JSON text of the value. */
  entries: [string, string][];
}

/** A JSON object body with values at the given keys (a schema's fields) and a few strange ones. */
export function hostileBody(keys: string[]): fc.Arbitrary<HostileBody> {
  const known = keys.length ? fc.subarray(keys) : fc.constant([] as string[]);
  return fc
    .tuple(known, fc.array(hostileJsonValue, { minLength: keys.length, maxLength: keys.length }), fc.dictionary(hostileString.filter((k) => k.length < 50), hostileJsonValue, { maxKeys: 2 }))
    .map(([chosen, values, extra]) => {
      const entries: [string, string][] = chosen.map((k) => [k, values[keys.indexOf(k)]]);
      entries.push(...Object.entries(extra));
      return { text: `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`, entries };
    });
}

/** The same members as a query string: strings as they are, anything else as its JSON text. */
export function asQueryString(body: HostileBody): string {
  return new URLSearchParams(body.entries.map(([k, v]) => [k, v.startsWith('"') ? (JSON.parse(v) as string) : v])).toString();
}

/** Field names of a zod object schema (zod 4 keeps them on `shape`), or none. */
export function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/*
 * Multipart uploads. A body is built from a shape (the boundary in the Content-Type header and in
 * the body, each part's header lines and content); the hostile variants below start from a
 * well-formed upload and spoil exactly one thing, so a route that accepts the well-formed one must
 * refuse every variant.
 */

export interface MultipartPart {
  headers: string[];
  content: Buffer;
}

export interface MultipartShape {
  /** The whole Content-Type header, when a variant sets it; otherwise `multipart/form-data; boundary=${headerBoundary}`. */
  contentType?: string;
  headerBoundary: string;
  /** The boundary the body's delimiters use. */
  bodyBoundary: string;
  parts: MultipartPart[];
  /** Stop the body here (no closing delimiter). */
  truncate?: boolean;
}

/** A well-formed upload: text fields first, then one file, as the console sends them. */
export interface WellFormedUpload {
  fields: Record<string, string>;
  file: { field?: string; name: string; content: string | Buffer; type?: string };
}

export const fileDisposition = (field: string, name: string) => `Content-Disposition: form-data; name="${field}"; filename="${name}"`;

export function multipartShape(upload: WellFormedUpload, boundary = '----fncHostile7MA4YWxkTrZu0gW'): MultipartShape {
  const parts: MultipartPart[] = Object.entries(upload.fields).map(([k, v]) => ({ headers: [`Content-Disposition: form-data; name="${k}"`], content: Buffer.from(v) }));
  const { field = 'file', name, content, type = 'text/csv' } = upload.file;
  parts.push({ headers: [fileDisposition(field, name), `Content-Type: ${type}`], content: Buffer.isBuffer(content) ? content : Buffer.from(content) });
  return { headerBoundary: boundary, bodyBoundary: boundary, parts };
}

/** The request of a shape. Header lines are written as UTF-8, as browsers write a file's name. */
export function encodeMultipart(shape: MultipartShape): { contentType: string; payload: Buffer } {
  const chunks: Buffer[] = [];
  for (const part of shape.parts) {
    chunks.push(Buffer.from(`--${shape.bodyBoundary}\r\n${part.headers.map((h) => `${h}\r\n`).join('')}\r\n`, 'utf8'), part.content, Buffer.from('\r\n'));
  }
  if (!shape.truncate) chunks.push(Buffer.from(`--${shape.bodyBoundary}--\r\n`));
  else chunks.pop();
  return { contentType: shape.contentType ?? `multipart/form-data; boundary=${shape.headerBoundary}`, payload: Buffer.concat(chunks) };
}

const fileIndex = (shape: MultipartShape) => shape.parts.length - 1;
/** The shape with the file part's name replaced. */
export const withFileName = (shape: MultipartShape, name: string): MultipartShape => ({
  ...shape,
  parts: shape.parts.map((p, i) => (i === fileIndex(shape) ? { ...p, headers: p.headers.map((h) => h.replace(/; filename=".*"$/, `; filename="${name}"`)) } : p)),
});
/** The shape with one part's header lines changed. */
export const withHeaders = (shape: MultipartShape, index: number, change: (headers: string[]) => string[]): MultipartShape => ({
  ...shape,
  parts: shape.parts.map((p, i) => (i === index ? { ...p, headers: change(p.headers) } : p)),
});

/** Letters safe inside a quoted header parameter (no quote, backslash or line break). */
const nameText = fc.string({ unit: fc.constantFrom(...'abcXYZ019 ._-é€'), maxLength: 20 });
const controlChar = fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f })).map((c) => String.fromCharCode(c));

/** File names an upload must refuse: a NUL or other control character, over-long, a path or dots, empty. */
export const hostileFileName: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(nameText, nameText).map(([a, b]) => `${a}\u0000${b}.csv`),
  // Line breaks would end the header line instead (refused too, as a malformed part header).
  fc.tuple(nameText, controlChar.filter((c) => c !== '\r' && c !== '\n'), nameText).map(([a, c, b]) => `${a}${c}${b}.csv`),
  fc.tuple(fc.constantFrom('n', 'é', '€', '-'), fc.integer({ min: 256, max: 6000 })).map(([c, n]) => `${c.repeat(n - 4)}.csv`),
  fc.tuple(nameText, fc.constantFrom('/', '\\', '../', '..\\', '/../', 'C:\\Users\\'), nameText).map(([a, sep, b]) => `${a}${sep}${b}.csv`),
  fc.constantFrom('..', '.', '...', '../../etc/passwd', '..\\..\\windows\\win.ini', '', ' ', '   '),
);

const bchars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'()+_,-./:=?";
const boundaryText = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...bchars), minLength: min, maxLength: max });

/** Spoils the boundary: the body's does not match the header's, the header names none, or a bad one. */
export function hostileBoundary(shape: MultipartShape): fc.Arbitrary<MultipartShape> {
  return fc.oneof(
    fc.tuple(boundaryText(1, 60), boundaryText(1, 60)).map(([a, b]) => ({ ...shape, headerBoundary: `hdr${a}`, bodyBoundary: `body${b}` })),
    fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=""', 'multipart/form-data; charset=utf-8', 'multipart/form-data;').map((contentType) => ({ ...shape, contentType })),
    boundaryText(71, 400).map((b) => ({ ...shape, headerBoundary: b, bodyBoundary: b })),
    fc.tuple(boundaryText(1, 30), fc.constantFrom('<', '>', '@', '[', ']', '\\', '{', '\u00e9', '*'), boundaryText(0, 30)).map(([a, c, b]) => ({ ...shape, headerBoundary: a + c + b, bodyBoundary: a + c + b })),
    fc.constant({ ...shape, contentType: `multipart/form-data; boundary=${shape.headerBoundary}; boundary=other` }),
    fc.constant({ ...shape, truncate: true }),
  );
}

/** A header line that is not "Name: value" (no line break in it: that would make two lines). */
const garbageLine = fc
  .oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom('@@@', ': no name', 'Content-Disposition', 'form-data; name="x"', ' folded continuation', '\t', 'Bad Name: value', '\u0000'))
  .filter((s) => !/[\r\n]/.test(s) && !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+:/.test(s));

/** Spoils one part's headers: no Content-Disposition, a header twice, a garbage line, or far too long. */
export function hostilePartHeaders(shape: MultipartShape): fc.Arbitrary<MultipartShape> {
  return fc.integer({ min: 0, max: shape.parts.length - 1 }).chain((index) =>
    fc.oneof(
      fc.constant(withHeaders(shape, index, (hs) => hs.filter((h) => !/^content-disposition:/i.test(h)))),
      fc.constant(withHeaders(shape, index, () => [])),
      // One of the part's own headers again: the same line, or the same name (in lower case) with another value.
      fc.tuple(fc.nat(), fc.boolean()).map(([k, same]) =>
        withHeaders(shape, index, (hs) => {
          const h = hs[k % hs.length];
          return [...hs, same ? h : `${h.slice(0, h.indexOf(':')).toLowerCase()}: form-data; name="other"; filename="b.csv"`];
        }),
      ),
      fc.tuple(garbageLine, fc.nat()).map(([line, at]) => withHeaders(shape, index, (hs) => [...hs.slice(0, at % (hs.length + 1)), line, ...hs.slice(at % (hs.length + 1))])),
      fc.integer({ min: 8 * 1024, max: 100_000 }).map((n) => withHeaders(shape, index, (hs) => [...hs, `X-Padding: ${'p'.repeat(n)}`])),
    ),
  );
}

/** Any one of the above, on a well-formed upload. */
export function hostileMultipart(upload: WellFormedUpload): fc.Arbitrary<MultipartShape> {
  const shape = multipartShape(upload);
  return fc.oneof(hostileFileName.map((name) => withFileName(shape, name)), hostileBoundary(shape), hostilePartHeaders(shape));
}
