/**
 * Every file validation type against its example files (tests/fixtures/fileValidation): the valid
 * one passes, the invalid one gives exactly the problems its .expected.json lists (row, column,
 * message), and those problems cover every rule of the type: each required column, each column's
 * kind, each row rule and each key that must not repeat. The database checks are the API tests'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { FILE_CHECK_MESSAGES, FILE_VALIDATION_TYPES, RowChecker, VALIDATION_GROUPS, headerOf, type ValidationType } from '../../domain/fileValidation';
import type { CellError } from '../../domain/network/format';

const DIR = path.resolve('tests/fixtures/fileValidation');
/** The day the example files are checked on (dates that cannot be in the future are before it). */
const TODAY = '2026-11-21';

/** Runs the engine over a CSV text as the job does: header, then each non-blank record. */
export function checkText(type: ValidationType, text: string | Buffer): CellError[] {
  const records = parse(text, { bom: true, relax_column_count: true }) as string[][];
  const checker = RowChecker.forHeader(type, records[0] ?? [], TODAY);
  if ('errors' in checker) return checker.errors;
  const errors: CellError[] = [];
  records.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    errors.push(...checker.check(cells, i + 2).errors);
  });
  return errors;
}

const read = (name: string) => fs.readFileSync(path.join(DIR, name), 'utf8');

describe('the catalogue', () => {
  it('has about 24 types, each in a known group, with unique ids and labels within a group', () => {
    expect(FILE_VALIDATION_TYPES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(FILE_VALIDATION_TYPES.map((t) => t.id)).size).toBe(FILE_VALIDATION_TYPES.length);
    for (const t of FILE_VALIDATION_TYPES) expect(VALIDATION_GROUPS).toContain(t.group);
    expect(new Set(FILE_VALIDATION_TYPES.map((t) => `${t.group}/${t.label}`)).size).toBe(FILE_VALIDATION_TYPES.length);
    // Every group of the spec has at least one type.
    expect(new Set(FILE_VALIDATION_TYPES.map((t) => t.group))).toEqual(new Set(VALIDATION_GROUPS));
  });

  it('names only its own columns in row rules, keys and database checks', () => {
    for (const t of FILE_VALIDATION_TYPES) {
      const keys = new Set(t.columns.map((c) => c.key));
      const headers = new Set(t.columns.map((c) => c.header));
      expect(new Set(t.columns.map((c) => c.header.toLowerCase())).size, t.id).toBe(t.columns.length);
      for (const r of t.rowRules ?? []) expect(headers.has(r.column), `${t.id} rule column ${r.column}`).toBe(true);
      for (const u of t.unique ?? []) for (const k of u) expect(keys.has(k), `${t.id} unique ${k}`).toBe(true);
      for (const c of t.dbChecks ?? []) {
        expect(keys.has(c.column), `${t.id} check ${c.kind} ${c.column}`).toBe(true);
        if ('company' in c) expect(keys.has(c.company), `${t.id} check ${c.kind} company ${c.company}`).toBe(true);
      }
    }
  });
});

describe.each(FILE_VALIDATION_TYPES.map((t) => [t.id, t] as const))('%s', (id, type) => {
  it('accepts its valid example file without a problem', () => {
    expect(checkText(type, read(`${id}.valid.csv`))).toEqual([]);
  });

  it('finds exactly the listed problems in its invalid example file, covering every rule of the type', () => {
    const expected = JSON.parse(read(`${id}.expected.json`)) as CellError[];
    const found = checkText(type, read(`${id}.invalid.csv`));
    expect(found).toEqual(expected);
    const messages = found.map((e) => `${e.column}: ${e.message}`);
    const has = (column: string, pattern: RegExp | string) =>
      found.some((e) => e.column === column && (typeof pattern === 'string' ? e.message === pattern : pattern.test(e.message)));
    for (const c of type.columns) {
      if (c.required) expect(has(c.header, c.requiredMessage ?? `${c.header} is required`), `${id}: ${c.header} required in ${messages.join('; ')}`).toBe(true);
      // The kind's own refusal: any message under the column other than the required one.
      if (c.kind.type !== 'text' || c.kind.max < 200) {
        expect(found.some((e) => e.column === c.header && e.message !== `${c.header} is required` && e.message !== c.requiredMessage), `${id}: a bad ${c.header}`).toBe(true);
      }
    }
    for (const r of type.rowRules ?? []) expect(has(r.column, r.message), `${id}: rule '${r.message}'`).toBe(true);
    for (const u of type.unique ?? []) {
      const header = headerOf(type, u[0]);
      expect(has(header, new RegExp(`^${header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .* is already in row \\d+$`)), `${id}: duplicate ${header}`).toBe(true);
    }
    expect(FILE_CHECK_MESSAGES.duplicate('X', 'y', 2)).toBe('X y is already in row 2');
  });
});

describe('the row checks on any input', () => {
  it('never throw, whatever the bytes of the file', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FILE_VALIDATION_TYPES), fc.uint8Array({ maxLength: 400 }), (type, bytes) => {
        let records: string[][];
        try {
          records = parse(Buffer.from(bytes), { bom: true, relax_column_count: true }) as string[][];
        } catch {
          // Not CSV at all: the job reports the parser's error as the file's problem.
          return;
        }
        const header = records[0] ?? type.columns.map((c) => c.header);
        const checker = RowChecker.forHeader(type, header, TODAY);
        if ('errors' in checker) return;
        records.slice(1).forEach((cells, i) => checker.check(cells, i + 2));
      }),
      { numRuns: 300 },
    );
  });

  it('never throw on rows of random cells under a correct header', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FILE_VALIDATION_TYPES), fc.array(fc.array(fc.string({ maxLength: 30 }), { maxLength: 20 }), { maxLength: 20 }), (type, rows) => {
        const checker = RowChecker.forHeader(type, type.columns.map((c) => c.header), TODAY);
        if ('errors' in checker) throw new Error('the header of the type is refused');
        rows.forEach((cells, i) => checker.check(cells, i + 2));
      }),
      { numRuns: 300 },
    );
  });
});
