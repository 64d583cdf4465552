import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * The text a PDF written by pdf-lib shows, for tests: the strings of each page's Tj and TJ
 * operators in drawing order, one line per operator. Only what pdf-lib writes is read: content
 * streams unfiltered or FlateDecode, single-byte (WinAnsi) fonts, no inline images. pdf-lib's
 * parser finds the page content streams (its writer puts the other objects in compressed object
 * streams); inflating and reading them is done here.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const shown: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams: (PDFObject | undefined)[] = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      shown.push(...showStrings(decodeStream(stream).toString('latin1')));
    }
  }
  return shown.join('\n');
}

function decodeStream(stream: PDFRawStream): Buffer {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  let data: Buffer = Buffer.from(stream.contents);
  for (const f of filters) {
    if (f !== PDFName.of('FlateDecode')) throw new Error(`pdfText: unsupported filter ${String(f)}`);
    data = inflateSync(data);
  }
  return data;
}

// WinAnsiEncoding is Latin-1 apart from 0x80-0x9F (Windows-1252); holes map to U+FFFD.
const WIN_ANSI_80 = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';
const winAnsi = (bytes: number[]): string => String.fromCharCode(...bytes.map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80.charCodeAt(b - 0x80) : b)));

const LITERAL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

/** Reads a literal string opening at `start`: nested parentheses, escapes, octal codes and line continuations. */
function readLiteral(s: string, start: number): [number[], number] {
  const bytes: number[] = [];
  let depth = 0;
  let i = start;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      const next = s[++i];
      if (next === undefined) break;
      const octal = /^[0-7]{1,3}/.exec(s.slice(i, i + 3));
      if (octal) {
        bytes.push(parseInt(octal[0], 8) & 0xff);
        i += octal[0].length - 1;
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && s[i + 1] === '\n') i++;
      } else bytes.push(LITERAL_ESCAPES[next] ?? next.charCodeAt(0));
      continue;
    }
    if (c === '(' && depth++ === 0) continue;
    if (c === ')' && --depth === 0) break;
    bytes.push(c.charCodeAt(0));
  }
  return [bytes, i + 1];
}

function readHex(s: string, start: number): [number[], number] {
  const end = s.indexOf('>', start);
  const hex = s.slice(start + 1, end).replace(/\s+/g, '');
  const padded = hex.length % 2 ? `${hex}0` : hex;
  const bytes = (padded.match(/../g) ?? []).map((h) => parseInt(h, 16));
  return [bytes, end + 1];
}

/** The strings of the Tj and TJ operators of one content stream (read as latin1, one char a byte). */
export function showStrings(content: string): string[] {
  const out: string[] = [];
  let operands: (string | string[])[] = [];
  let array: string[] | null = null;
  const push = (text: string) => (array ? array.push(text) : operands.push(text));
  let i = 0;
  while (i < content.length) {
    const c = content[i];
    if (c === '%') {
      while (i < content.length && content[i] !== '\n' && content[i] !== '\r') i++;
    } else if (c === '(') {
      const [bytes, next] = readLiteral(content, i);
      push(winAnsi(bytes));
      i = next;
    } else if (c === '<' && content[i + 1] !== '<') {
      const [bytes, next] = readHex(content, i);
      push(winAnsi(bytes));
      i = next;
    } else if (c === '[') {
      array = [];
      i++;
    } else if (c === ']') {
      operands.push(array ?? []);
      array = null;
      i++;
    } else if (c === '/') {
      // A name (/F1): its letters are not an operator.
      i++;
      while (i < content.length && !/[\s/<>[\]()%{}]/.test(content[i])) i++;
    } else if (/[A-Za-z'"*]/.test(c)) {
      const op = /^[A-Za-z'"*]+/.exec(content.slice(i, i + 8))![0];
      const last = operands[operands.length - 1];
      if (op === 'Tj' && typeof last === 'string') out.push(last);
      if (op === 'TJ' && Array.isArray(last)) out.push(last.join(''));
      operands = [];
      i += op.length;
    } else {
      i++;
    }
  }
  return out;
}
