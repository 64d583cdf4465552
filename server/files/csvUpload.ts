/**
 * Stores an uploaded CSV as it streams in, checking by content (not by name or MIME type) that it
 * is text: no NUL byte, valid UTF-8, and a first record the caller accepts as its header. The
 * bytes go straight into the chunked store; a refused or cut-off upload is removed.
 */
import type { Readable } from 'node:stream';
import { parseCsv } from './csvReader';
import type { Tx } from '../db/client';
import { FileWriter, type FileStore, type StoredFile } from './storage';

/** How much of the start of a file is read to find its header row. */
const HEADER_PROBE_BYTES = 64 * 1024;

export type CsvUploadProblem = 'notCsv' | 'tooLarge' | 'empty';

export class CsvUploadError extends Error {
  constructor(readonly problem: CsvUploadProblem) {
    super(problem);
  }
}

/** The first CSV record of `text`, or null when the start of the file is not CSV (or past the reader's limits). */
function firstRecord(text: string): string[] | null {
  try {
    return parseCsv(text, 1)[0] ?? null;
  } catch {
    return null;
  }
}

export interface CsvUploadOptions {
  name: string;
  createdBy: string | null;
  /** Largest accepted size; the stream is also cut by the multipart limit. */
  maxBytes: number;
  /** Whether the header record is one the caller understands. */
  acceptHeader(cells: string[]): boolean;
  /** True once the multipart parser cut the file at its size limit. */
  truncated(): boolean;
}

export async function storeCsvUpload(store: FileStore, db: Tx, source: Readable, opts: CsvUploadOptions): Promise<StoredFile> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let writer: FileWriter | null = null;
  let probe: Buffer[] = [];
  let probeBytes = 0;
  let total = 0;

  const check = (chunk: Buffer) => {
    if (chunk.includes(0)) throw new CsvUploadError('notCsv');
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw new CsvUploadError('notCsv');
    }
  };
  const startWriting = async () => {
    const head = Buffer.concat(probe);
    const text = head.toString('utf8');
    const cut = text.length < HEADER_PROBE_BYTES ? text : text.slice(0, text.lastIndexOf('\n') + 1 || undefined);
    const header = firstRecord(cut);
    if (!header || !opts.acceptHeader(header)) throw new CsvUploadError('notCsv');
    writer = await FileWriter.open(store, db, { name: opts.name, contentType: 'text/csv', createdBy: opts.createdBy });
    await writer.write(head);
    probe = [];
  };

  try {
    for await (const part of source) {
      const chunk = Buffer.isBuffer(part) ? part : Buffer.from(part);
      total += chunk.length;
      if (total > opts.maxBytes) throw new CsvUploadError('tooLarge');
      check(chunk);
      if (writer) await (writer as FileWriter).write(chunk);
      else {
        probe.push(chunk);
        probeBytes += chunk.length;
        if (probeBytes >= HEADER_PROBE_BYTES) await startWriting();
      }
    }
    if (opts.truncated()) throw new CsvUploadError('tooLarge');
    try {
      decoder.decode();
    } catch {
      throw new CsvUploadError('notCsv');
    }
    if (!writer) {
      if (probeBytes === 0) throw new CsvUploadError('empty');
      await startWriting();
    }
    return await (writer as unknown as FileWriter).finish();
  } catch (err) {
    // Drain what is left so the request can be answered, then drop the partial file.
    source.resume();
    if (writer) await (writer as FileWriter).abort().catch(() => undefined);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new CsvUploadError('tooLarge');
    throw err;
  }
}
