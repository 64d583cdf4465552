/**
 * Reads a JSON upload body (an object whose one member carries a file as base64 text) as it
 * arrives: the file's text is decoded and handed on piece by piece, the other members are kept
 * (they are small) and parsed at the end. So an upload costs a few pieces of memory, not the body,
 * its parsed string and its decoded bytes at once. JSON structure is ASCII, so bytes are scanned
 * without decoding UTF-8; the kept members are checked by JSON.parse.
 */
import { Base64Decoder, Base64Error } from './base64Decoder';

export type JsonUploadProblem = 'tooLarge' | 'malformed' | 'notBase64';

export class JsonUploadError extends Error {
  constructor(readonly problem: JsonUploadProblem) {
    super(problem);
  }
}

export interface JsonUploadOptions {
  /** The member whose string value is the file's base64 text. */
  field: string;
  /** Largest body accepted, counted as it arrives. */
  maxBodyBytes: number;
  /** Receives the file's bytes in order; a throw stops the reading and is passed on. */
  onBytes(bytes: Buffer): Promise<void>;
}

export interface JsonUploadBody {
  /** Every member but the file. */
  fields: Record<string, unknown>;
  /** Whether the file member was there as a string. */
  hasFile: boolean;
}

/** The other members together may take this much (their schemas allow far less). */
const MAX_FIELD_BYTES = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

type State = 'start' | 'key' | 'colon' | 'valueStart' | 'value' | 'file' | 'afterValue' | 'end';

async function scan(source: AsyncIterable<Buffer | string>, opts: JsonUploadOptions): Promise<JsonUploadBody> {
  const malformed = () => new JsonUploadError('malformed');
  const decoder = new Base64Decoder(opts.onBytes);
  let state: State = 'start';
  let total = 0;
  let kept = 0;
  // The members other than the file, as JSON text: `"key":value` pieces.
  const members: string[] = [];
  let key: number[] = [];
  let keyEscaped = false;
  let value: number[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let hasFile = false;
  // Inside the file's string: an escape under way (`\` seen, or `\u` and its hex digits so far).
  let fileEscape: string | null = null;

  const keep = (b: number, into: number[]) => {
    if (++kept > MAX_FIELD_BYTES) throw new JsonUploadError('tooLarge');
    into.push(b);
  };
  const closeValue = () => {
    const text = Buffer.from(value).toString('utf8').trim();
    if (!text) throw malformed();
    members.push(`${Buffer.from(key).toString('utf8')}:${text}`);
    value = [];
  };
  const fileChar = async (code: number) => {
    // A JSON escape inside the base64 text (`\/`, `\n`, `\u0041`…) stands for one character.
    if (code > 0x7f) throw new JsonUploadError('notBase64');
    await decoder.write(Buffer.from([code]));
  };

  for await (const piece of source) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    total += chunk.length;
    if (total > opts.maxBodyBytes) throw new JsonUploadError('tooLarge');
    let i = 0;
    while (i < chunk.length) {
      const b = chunk[i];
      switch (state) {
        case 'start':
          if (b === 0x7b) state = 'key';
          else if (!isSpace(b)) throw malformed();
          i++;
          break;
        case 'key':
          // Before a key: whitespace, the opening quote, or `}` for an empty object.
          if (key.length === 0) {
            if (isSpace(b)) {
              i++;
              break;
            }
            if (b === 0x7d && members.length === 0 && !hasFile) {
              state = 'end';
              i++;
              break;
            }
            if (b !== QUOTE) throw malformed();
            keep(b, key);
            i++;
            break;
          }
          keep(b, key);
          i++;
          if (keyEscaped) keyEscaped = false;
          else if (b === BACKSLASH) keyEscaped = true;
          else if (b === QUOTE) state = 'colon';
          else if (b < 0x20) throw malformed();
          break;
        case 'colon':
          if (b === 0x3a) state = 'valueStart';
          else if (!isSpace(b)) throw malformed();
          i++;
          break;
        case 'valueStart': {
          if (isSpace(b)) {
            i++;
            break;
          }
          let name: unknown;
          try {
            name = JSON.parse(Buffer.from(key).toString('utf8'));
          } catch {
            throw malformed();
          }
          if (name === opts.field && b === QUOTE) {
            if (hasFile) throw malformed();
            hasFile = true;
            key = [];
            state = 'file';
            i++;
            break;
          }
          state = 'value';
          depth = 0;
          inString = false;
          escaped = false;
          break;
        }
        case 'value':
          // Up to the `,` or `}` that ends this member; strings and nesting are stepped over.
          if (inString) {
            if (escaped) escaped = false;
            else if (b === BACKSLASH) escaped = true;
            else if (b === QUOTE) inString = false;
          } else if (b === QUOTE) inString = true;
          else if (b === 0x7b || b === 0x5b) depth++;
          else if (b === 0x7d || b === 0x5d) {
            if (depth === 0 && b === 0x7d) {
              closeValue();
              key = [];
              state = 'end';
              i++;
              break;
            }
            if (depth === 0) throw malformed();
            depth--;
          } else if (b === 0x2c && depth === 0) {
            closeValue();
            key = [];
            state = 'key';
            i++;
            break;
          }
          keep(b, value);
          i++;
          break;
        case 'file': {
          if (fileEscape !== null) {
            const code = String.fromCharCode(b);
            fileEscape += code;
            i++;
            if (fileEscape.length === 1) {
              if (code === 'u') continue;
              const simple: Record<string, number> = { '/': 0x2f, n: 0x0a, r: 0x0d, t: 0x09 };
              if (!(code in simple)) throw new JsonUploadError('notBase64');
              fileEscape = null;
              await fileChar(simple[code]);
            } else if (fileEscape.length === 5) {
              if (!/^u[0-9a-fA-F]{4}$/.test(fileEscape)) throw malformed();
              const c = parseInt(fileEscape.slice(1), 16);
              fileEscape = null;
              await fileChar(c);
            }
            break;
          }
          // Hand on the run of plain text up to the next quote or backslash in one piece.
          let j = i;
          while (j < chunk.length && chunk[j] !== QUOTE && chunk[j] !== BACKSLASH) j++;
          if (j > i) await decoder.write(chunk.subarray(i, j));
          i = j;
          if (i >= chunk.length) break;
          if (chunk[i] === BACKSLASH) fileEscape = '';
          else {
            await decoder.end();
            state = 'afterValue';
          }
          i++;
          break;
        }
        case 'afterValue':
          if (b === 0x2c) state = 'key';
          else if (b === 0x7d) state = 'end';
          else if (!isSpace(b)) throw malformed();
          i++;
          break;
        case 'end':
          if (!isSpace(b)) throw malformed();
          i++;
          break;
      }
    }
  }
  if (state !== 'end') throw malformed();
  let fields: unknown;
  try {
    fields = JSON.parse(`{${members.join(',')}}`);
  } catch {
    throw malformed();
  }
  return { fields: fields as Record<string, unknown>, hasFile };
}

/**
 * Reads the body, handing the file's bytes to opts.onBytes. Throws JsonUploadError for a body that
 * is too large, not JSON or whose file is not base64 text, and whatever onBytes throws.
 */
export async function readJsonUpload(source: AsyncIterable<Buffer | string>, opts: JsonUploadOptions): Promise<JsonUploadBody> {
  try {
    return await scan(source, opts);
  } catch (err) {
    if (err instanceof Base64Error) throw new JsonUploadError('notBase64');
    throw err;
  }
}
