/**
 * The one way a slug reads a multipart/form-data upload (the guard hands it to multipart slugs as
 * ctx.readParts), and the one place that turns what can go wrong in one into a 4xx answer.
 *
 * @fastify/multipart (busboy) is lenient where a client is broken or hostile: it skips a part
 * without a Content-Disposition, ignores header lines it cannot read, takes the first of two
 * Content-Dispositions, cuts an over-long part header, strips a file name down to its last path
 * segment, and fails a body that does not match its boundary with a plain Error (a 500 if left
 * alone). So, next to busboy, a small framing check reads the same bytes as they arrive and
 * refuses what busboy would have let through or only half understood; each refusal is a 400
 * with a message saying what is wrong, given before the part is handed to the slug, so nothing of
 * such an upload is stored. Too much of something (parts, fields, files, bytes) is a 413.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { UPLOAD_FILE_NAME_MESSAGES, uploadFileNameProblem } from '../../domain/uploadFileName';
import { ApiError } from '../rpc/errors';

/** RFC 2046 §5.1.1: a boundary is 1 to 70 of these characters, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;
/** One part's header block (its lines together). A browser's is about 150 bytes; 8 KiB leaves room for a long name. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
/** Spaces or tabs allowed after a delimiter before its line break (RFC 2046's transport padding). */
const MAX_PADDING = 64;
const HEADER_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+:/;

export const MULTIPART_MESSAGES = {
  noBoundary: 'The upload could not be read: its Content-Type header names no multipart boundary.',
  badBoundary: 'The upload could not be read: the multipart boundary in its Content-Type header is not valid (1 to 70 letters, digits or punctuation).',
  boundaryMismatch: 'The upload could not be read: its body does not use the multipart boundary named in its Content-Type header.',
  incomplete: 'The upload could not be read: it ended before its last part was complete.',
  badDelimiter: 'The upload could not be read: a multipart boundary line has unexpected text after it.',
  noDisposition: 'The upload could not be read: a part has no Content-Disposition header.',
  duplicateHeader: 'The upload could not be read: a part has the same header twice.',
  badDisposition: "The upload could not be read: a part's Content-Disposition is not form-data with a name.",
  badHeader: 'The upload could not be read: a part has a header line that is not "Name: value".',
  headerTooLong: `The upload could not be read: a part's headers are longer than ${MAX_PART_HEADER_BYTES} bytes.`,
  malformed: 'The upload could not be read: its multipart form data is malformed.',
  fieldTooLong: 'The upload could not be read: a form field is longer than this call accepts.',
  fieldName: 'The upload could not be read: a form field has a name that is not allowed.',
  jsonField: 'The upload could not be read: a form field marked as JSON is not valid JSON.',
  tooManyParts: 'The upload has more parts than this call accepts.',
  tooManyFields: 'The upload has more form fields than this call accepts.',
  tooManyFiles: 'The upload has more files than this call accepts.',
  fileTooLarge: 'The file is too large.',
} as const;

export type MultipartProblem = keyof typeof MULTIPART_MESSAGES;

const badRequest = (problem: MultipartProblem) => new ApiError(400, 'BAD_REQUEST', MULTIPART_MESSAGES[problem]);
const tooLarge = (problem: MultipartProblem) => new ApiError(413, 'TOO_LARGE', MULTIPART_MESSAGES[problem]);

/** A refused file name: a 400 under the form's `file` field, as the upload forms show it. */
const badFileName = (message: string) => new ApiError(400, 'VALIDATION', message, { file: message });

/** Errors the multipart parser raised (on the parts or on a file's stream): a malformed body, not our fault. */
const parserErrors = new WeakSet<object>();

/** The boundary of a multipart Content-Type header, or the problem with it. */
export function multipartBoundary(contentType: string | undefined): { boundary: string } | { problem: MultipartProblem } {
  const params = (contentType ?? '').split(';').slice(1);
  const found = params.map((p) => /^\s*boundary\s*=\s*(?:"([^"]*)"|([^\s";]*))\s*$/i.exec(p)).filter((m) => m !== null);
  if (found.length === 0) return { problem: 'noBoundary' };
  // Two boundary parameters: which one the body uses is anyone's guess.
  if (found.length > 1) return { problem: 'badBoundary' };
  const boundary = found[0][1] ?? found[0][2];
  return BOUNDARY.test(boundary) ? { boundary } : { problem: 'badBoundary' };
}

/**
 * Follows the multipart framing of a body chunk by chunk (RFC 2046 §5.1, RFC 7578): delimiters,
 * and each part's header block — only "Name: value" lines, at most MAX_PART_HEADER_BYTES, exactly
 * one Content-Disposition (form-data, with a name), no header twice. The part's content is not
 * looked at, only searched for the next delimiter. The first problem found is kept in `problem`.
 */
export class MultipartFraming {
  problem: MultipartProblem | null = null;
  private readonly delimiter: Buffer;
  private state: 'preamble' | 'delimiter' | 'headers' | 'content' | 'epilogue' = 'preamble';
  /** Bytes not yet decided on. A body is read as if it began with a line break, as busboy does. */
  private pending = Buffer.from('\r\n');
  private sawDelimiter = false;
  private sawBytes = false;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  /** True once the closing delimiter has been read. */
  get complete(): boolean {
    return this.state === 'epilogue';
  }

  push(chunk: Buffer): void {
    if (chunk.length > 0) this.sawBytes = true;
    if (this.problem || this.state === 'epilogue') return;
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (this.state === 'preamble' || this.state === 'content') {
        const at = buf.indexOf(this.delimiter);
        if (at < 0) {
          // Keep what could be the start of a delimiter cut by the chunk's end.
          buf = buf.subarray(Math.max(0, buf.length - (this.delimiter.length - 1)));
          break;
        }
        this.sawDelimiter = true;
        this.state = 'delimiter';
        buf = buf.subarray(at + this.delimiter.length);
      } else if (this.state === 'delimiter') {
        if (buf.length < 2) break;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          this.state = 'epilogue';
          break;
        }
        let i = 0;
        while (i < buf.length && i <= MAX_PADDING && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
        if (i > MAX_PADDING) return this.fail('badDelimiter');
        if (buf.length < i + 2) break;
        if (buf[i] !== 0x0d || buf[i + 1] !== 0x0a) return this.fail('badDelimiter');
        this.state = 'headers';
        buf = buf.subarray(i + 2);
      } else if (this.state === 'headers') {
        if (buf.length < 2) break;
        // A blank line at once: a part with no headers at all.
        if (buf[0] === 0x0d && buf[1] === 0x0a) return this.fail('noDisposition');
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > MAX_PART_HEADER_BYTES + 3) return this.fail('headerTooLong');
          break;
        }
        if (end > MAX_PART_HEADER_BYTES) return this.fail('headerTooLong');
        const problem = headerBlockProblem(buf.toString('latin1', 0, end));
        if (problem) return this.fail(problem);
        this.state = 'content';
        // The content starts after the blank line; the blank line's own CRLF may begin the next
        // delimiter at once (an empty part), as busboy reads it, so the search starts at it.
        buf = buf.subarray(end + 2);
      } else break;
    }
    this.pending = Buffer.from(buf);
  }

  /** The problem of a body that has ended here, if any. An empty body is an empty form, as busboy reads it. */
  end(): MultipartProblem | null {
    if (!this.problem && !this.complete && this.sawBytes) this.problem = this.sawDelimiter ? 'incomplete' : 'boundaryMismatch';
    return this.problem;
  }

  private fail(problem: MultipartProblem): void {
    this.problem = problem;
    this.pending = Buffer.alloc(0);
  }
}

/** What is wrong with one part's header block (its lines, without the blank line), or null. */
function headerBlockProblem(block: string): MultipartProblem | null {
  const seen = new Set<string>();
  let disposition: string | null = null;
  for (const line of block.split('\r\n')) {
    // A line folded onto the next (RFC 7578 §4.8 forbids it) or any other text that is not "Name: value".
    if (!HEADER_LINE.test(line) || line.includes('\n') || line.includes('\r')) return 'badHeader';
    const name = line.slice(0, line.indexOf(':')).toLowerCase();
    if (seen.has(name)) return 'duplicateHeader';
    seen.add(name);
    if (name === 'content-disposition') disposition = line.slice(line.indexOf(':') + 1).trim();
  }
  if (disposition === null) return 'noDisposition';
  if (!/^form-data\s*(;|$)/i.test(disposition) || !/;\s*name\s*=/i.test(disposition)) return 'badDisposition';
  return null;
}

/** Limits of one call's multipart body (busboy's, with its defaults for what is not given). */
export interface PartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts?: number;
}

/**
 * The parts of a multipart request, in order, each checked before it is handed over: the framing
 * so far (MultipartFraming), the file's name (domain/uploadFileName.ts), a field's length. A file
 * part's stream is the slug's to read; a refused part's is drained here. Throws ApiError (4xx) for
 * every problem of the body; other errors from the parser are marked for multipartFault.
 */
export async function* readMultipartParts(request: FastifyRequest, limits: PartLimits): AsyncGenerator<Multipart, void, undefined> {
  const header = multipartBoundary(request.headers['content-type']);
  if ('problem' in header) throw badRequest(header.problem);
  const framing = new MultipartFraming(header.boundary);
  // preservePath: the name as the client sent it, so a path is refused rather than silently cut.
  // headerSize: busboy cuts a longer header block silently; the framing check refuses it first.
  const parts = request.parts({ preservePath: true, limits: { headerSize: MAX_PART_HEADER_BYTES + 1024, ...limits } })[Symbol.asyncIterator]();
  // The first next() starts the parser, which pipes the request into busboy; the framing check
  // listens to the same bytes from then on (a 'data' listener added earlier would start the flow
  // before busboy is there to read it).
  const first = parts.next();
  const onData = (chunk: Buffer) => framing.push(chunk);
  const onEnd = () => framing.end();
  request.raw.on('data', onData);
  request.raw.once('end', onEnd);
  const refuse = (problem: MultipartProblem) => (problem.startsWith('tooMany') ? tooLarge(problem) : badRequest(problem));
  try {
    let next = first;
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await next;
      } catch (err) {
        // The framing check usually knows more precisely what busboy choked on.
        const problem = framing.problem ?? (request.raw.readableEnded ? framing.end() : null);
        if (problem) throw refuse(problem);
        if (err && typeof err === 'object') parserErrors.add(err);
        throw err;
      }
      if (step.done) {
        if (framing.problem ?? framing.end()) throw refuse(framing.problem!);
        return;
      }
      const part = step.value;
      if (framing.problem) {
        if (part.type === 'file') part.file.resume();
        throw refuse(framing.problem);
      }
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw badRequest('fieldTooLong');
      } else {
        // A parser error on the file's stream reaches whoever reads it: marked, so it is answered as a 400.
        part.file.on('error', (err) => parserErrors.add(err));
        const problem = uploadFileNameProblem(part.filename);
        if (problem) {
          part.file.resume();
          throw badFileName(UPLOAD_FILE_NAME_MESSAGES[problem]);
        }
      }
      yield part;
      next = parts.next();
    }
  } finally {
    request.raw.off('data', onData);
    request.raw.off('end', onEnd);
  }
}

/**
 * The 4xx answer for an error that a multipart upload's reading let through to the guard, or null
 * for any other error. Slugs answer file-too-large themselves (in their own words, with a record of
 * the failed run); this is the answer when one does not.
 */
export function multipartFault(err: unknown): ApiError | null {
  if (!err || typeof err !== 'object' || err instanceof ApiError) return null;
  switch ((err as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge('fileTooLarge');
    case 'FST_PARTS_LIMIT':
      return tooLarge('tooManyParts');
    case 'FST_FIELDS_LIMIT':
      return tooLarge('tooManyFields');
    case 'FST_FILES_LIMIT':
      return tooLarge('tooManyFiles');
    case 'FST_PROTO_VIOLATION':
      return badRequest('fieldName');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('jsonField');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('incomplete');
  }
  return parserErrors.has(err) ? badRequest('malformed') : null;
}
