/**
 * The CSV reader of uploaded files (server/files/csvReader.ts): the records csv-parse reads, in
 * whatever pieces the text arrives; its problems with their row and column; its limits, above
 * every column list our formats have; and its pauses for the event loop.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { FILE_VALIDATION_TYPES } from '../../domain/fileValidation';
import { CUSTOMER_NETWORK_FORMAT, DI_NETWORK_FORMAT, type NetworkFormat } from '../../domain/network';
import { CSV_MAX_CELL_CHARS, CSV_MAX_COLUMNS, CSV_MAX_RECORD_CHARS, CsvParser, CsvReadError, parseCsv, readCsvRecords } from '../../server/files/csvReader';
import { JobSlices } from '../../server/jobs/slices';

/** CSV text of `rows`: a cell quoted when it must be, or every cell when `quoteAll`. */
function csvText(rows: string[][], eol: string, quoteAll: boolean): string {
  const cell = (c: string) => (quoteAll || /[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
  return rows.map((r) => r.map(cell).join(',') + eol).join('');
}

/** The records of `text` pushed to the parser in pieces cut at `cuts` (offsets). */
function inPieces(text: string, cuts: number[]): string[][] {
  const parser = new CsvParser();
  const records: string[][] = [];
  const drain = () => {
    for (let r = parser.next(); r; r = parser.next()) records.push(r);
  };
  let at = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    parser.push(text.slice(at, cut));
    drain();
    at = cut;
  }
  parser.push(text.slice(at));
  parser.end();
  drain();
  return records;
}

/** What the reader fails with on `text` (in one piece). */
function problemOf(text: string): { problem: string; row: number; column: number } {
  try {
    parseCsv(text);
  } catch (err) {
    expect(err).toBeInstanceOf(CsvReadError);
    const { problem, row, column } = err as CsvReadError;
    return { problem, row, column };
  }
  throw new Error('read without a problem');
}

async function collect(source: AsyncIterable<Buffer | string>): Promise<{ records: string[][]; error: unknown }> {
  const records: string[][] = [];
  try {
    for await (const batch of readCsvRecords(source)) records.push(...batch);
    return { records, error: null };
  } catch (error) {
    return { records, error };
  }
}

async function* pieces(...parts: (string | Buffer)[]) {
  for (const p of parts) yield p;
}

describe('what it reads', () => {
  const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', ',', '"', '\n', '\r\n', 'é', '€', '😀'), maxLength: 12 });
  const records = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });

  it('reads what csv-parse reads (quoted cells, doubled quotes, line breaks in cells, ragged rows), cut anywhere', () => {
    fc.assert(
      fc.property(records, fc.constantFrom('\n', '\r\n'), fc.boolean(), fc.boolean(), fc.array(fc.nat(), { maxLength: 6 }), (rows, eol, quoteAll, bom, cuts) => {
        const text = (bom ? '\uFEFF' : '') + csvText(rows, eol, quoteAll);
        const expected = parse(text, { bom: true, relax_column_count: true }) as string[][];
        expect(inPieces(text, cuts.map((c) => c % (text.length + 1)))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('takes CRLF, LF and CR alike; a last record without a line break; empty lines as one empty cell', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(parseCsv('a,\n\n,b\n')).toEqual([['a', ''], [''], ['', 'b']]);
    expect(inPieces('a\r\nb\r', [2])).toEqual([['a'], ['b']]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFFa,"b ""c"""\n')).toEqual([['a', 'b "c"']]);
  });

  it('decodes UTF-8 split across chunks, and a byte order mark at the start only', async () => {
    const bytes = Buffer.from('\uFEFFnom,prix\ncafé,3 €\n', 'utf8');
    const split = [bytes.subarray(0, 2), bytes.subarray(2, 17), bytes.subarray(17, 21), bytes.subarray(21)];
    expect(await collect(pieces(...split))).toEqual({ records: [['nom', 'prix'], ['café', '3 €']], error: null });
  });
});

describe('its problems name the row and the column, after the records before them', () => {
  it.each([
    ['a quote inside an unquoted cell', 'h1,h2\n=HYPERLINK("http://x"),,\n', { problem: 'quoteInUnquotedCell', row: 2, column: 1 }],
    ['a quote in the middle of a cell', 'h1,h2,h3\nx,ab"c,d\n', { problem: 'quoteInUnquotedCell', row: 2, column: 2 }],
    ['text after a closing quote', 'h1,h2\nx,y\n"a"b,c\n', { problem: 'textAfterClosingQuote', row: 3, column: 1 }],
    ['a quote never closed', 'h1,h2\nx,"never closed\nmore,rows\n', { problem: 'quoteNotClosed', row: 2, column: 2 }],
  ])('%s', (_name, text, expected) => {
    expect(problemOf(text)).toEqual(expected);
  });

  it('yields the records before a problem whatever the pieces, then throws it', async () => {
    const text = 'h1,h2\nr2,x\nr3,y\n=HYPERLINK("http://x"),z\nr5,w\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const { records, error } = await collect(pieces(text.slice(0, cut), text.slice(cut)));
      expect(records).toEqual([
        ['h1', 'h2'],
        ['r2', 'x'],
        ['r3', 'y'],
      ]);
      expect(error).toMatchObject({ problem: 'quoteInUnquotedCell', row: 4, column: 1 });
    }
  });
});

describe('its limits', () => {
  /** Every format a file of ours is read as: the network files and each file validation type. */
  const formats: NetworkFormat[] = [CUSTOMER_NETWORK_FORMAT, DI_NETWORK_FORMAT, ...FILE_VALIDATION_TYPES.map((t) => ({ variant: 'customer', keyColumn: '', columns: t.columns }) as NetworkFormat)];
  /** The most characters a column's cell holds (its header's, if longer); 40 for numbers, dates and the like. */
  const longest = (c: NetworkFormat['columns'][number]) => {
    const k = c.kind;
    const most = k.type === 'text' || k.type === 'pattern' ? k.max : k.type === 'choice' ? Math.max(...k.values.map((v) => v.length)) : k.type === 'email' ? 254 : 40;
    return Math.max(most, c.header.length);
  };

  it('are far above what a file of our formats holds', () => {
    for (const f of formats) {
      expect(f.columns.length).toBeLessThanOrEqual(15);
      expect(f.columns.length * 5).toBeLessThan(CSV_MAX_COLUMNS);
      expect(Math.max(...f.columns.map(longest)) * 20).toBeLessThanOrEqual(CSV_MAX_CELL_CHARS);
      // Every cell at its longest, made of quotes (each doubled), quoted, and a comma: still 8 times within the limit.
      const record = f.columns.reduce((n, c) => n + 2 * longest(c) + 3, 0);
      expect(record).toBeLessThan(8000);
      expect(record * 8).toBeLessThan(CSV_MAX_RECORD_CHARS);
    }
  });

  it('reads a record at every limit', () => {
    const wide = Array.from({ length: CSV_MAX_COLUMNS }, (_, i) => String(i));
    expect(parseCsv(`${wide.join(',')}\n`)).toEqual([wide]);
    const long = 'x'.repeat(CSV_MAX_CELL_CHARS);
    expect(parseCsv(`a,${long}\n"${long}",b\n"${'"'.repeat(2 * CSV_MAX_CELL_CHARS)}"\n`)).toEqual([
      ['a', long],
      [long, 'b'],
      ['"'.repeat(CSV_MAX_CELL_CHARS)],
    ]);
    const big = Array.from({ length: Math.floor(CSV_MAX_RECORD_CHARS / (CSV_MAX_CELL_CHARS + 1)) }, () => long).join(',');
    expect(parseCsv(big)).toEqual([big.split(',')]);
  });

  it.each([
    ['one line of commas', `h1,h2\n${','.repeat(3_000_000)}\n`, { problem: 'tooManyColumns', row: 2, column: CSV_MAX_COLUMNS + 1 }],
    ['one huge quoted cell', `h1,h2\nx,"${'y'.repeat(3_000_000)}"\n`, { problem: 'cellTooLong', row: 2, column: 2 }],
    ['one huge quoted cell, never closed', `h1,h2\nx,"${'y'.repeat(3_000_000)}`, { problem: 'cellTooLong', row: 2, column: 2 }],
    ['one huge unquoted cell', `h1\n${'z'.repeat(3_000_000)}`, { problem: 'cellTooLong', row: 2, column: 1 }],
    ['a long row of cells within the limit', `h1\n${Array.from({ length: CSV_MAX_COLUMNS }, () => 'w'.repeat(CSV_MAX_CELL_CHARS)).join(',')}\n`, { problem: 'recordTooLong', row: 2, column: 7 }],
  ])('stops at %s with the problem of its row', async (_name, text, expected) => {
    expect(problemOf(text)).toEqual(expected);
    // Streamed in the store's 1 MB chunks, or in small pieces: the same problem, nothing held past the limit.
    const bytes = Buffer.from(text);
    const chunks = (size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
    for (const size of [1024 * 1024, 4096]) {
      const { records, error } = await collect(pieces(...chunks(size)));
      expect(records.length).toBe(expected.row - 1);
      expect(error).toMatchObject(expected);
    }
  });
});

describe('its pauses', () => {
  it('lets the event loop turn while it reads millions of short rows', async () => {
    const text = `h\n${'1\n'.repeat(1_000_000)}`;
    const bytes = Buffer.from(text);
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    let rows = 0;
    const started = performance.now();
    for await (const batch of readCsvRecords(pieces(bytes), new JobSlices(2))) rows += batch.length;
    const ms = performance.now() - started;
    clearInterval(timer);
    expect(rows).toBe(1_000_001);
    // One turn at least every few slices of 2 ms.
    expect(turns).toBeGreaterThan(ms / 20);
  });

  it('hands every record over when it pauses after each few (a slice always used up), to the last', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [String(i), 'x'.repeat(i % 300)]);
    const bytes = Buffer.from(rows.map((r) => r.join(',')).join('\n'));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7000) }, (_, i) => bytes.subarray(i * 7000, (i + 1) * 7000));
    const read: string[][] = [];
    const sizes = new Set<number>();
    for await (const batch of readCsvRecords(pieces(...chunks), new JobSlices(0))) {
      sizes.add(batch.length);
      read.push(...batch);
    }
    expect(read).toEqual(rows);
    expect(Math.max(...sizes)).toBeLessThan(16);
  });
});
