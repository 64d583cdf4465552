import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CUSTOMER_NETWORK_FORMAT,
  DI_NETWORK_FORMAT,
  FORMULA_TRIGGERS,
  escapeCell,
  headerRow,
  isNetworkHeader,
  parseCell,
  parseRow,
  readHeader,
  serialiseRow,
  startsWithTrigger,
  unescapeCell,
  type HeaderMap,
  type NetworkRow,
} from '../../domain/network';

const TODAY = '2026-11-21';
const mapOf = (format = CUSTOMER_NETWORK_FORMAT): HeaderMap => {
  const r = readHeader(format, headerRow(format));
  if (!('map' in r)) throw new Error('header');
  return r.map;
};

describe('formula-injection escaping', () => {
  it('escapes every trigger character and nothing else', () => {
    for (const t of FORMULA_TRIGGERS) expect(escapeCell(`${t}1+1`)).toBe(`'${t}1+1`);
    expect(escapeCell('Leeds')).toBe('Leeds');
    expect(escapeCell("O'Brien")).toBe("O'Brien");
    expect(escapeCell('')).toBe('');
  });

  it('never writes a cell starting with a trigger, and unescaping gives back exactly the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\0', "'", 'a', '1', ' ') }), (text) => {
        const cell = escapeCell(text);
        expect(startsWithTrigger(cell)).toBe(false);
        expect(unescapeCell(cell)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cells', () => {
  const money = { type: 'money', maxMinor: 99_999_999 } as const;
  it('reads money as minor units: up to 6 digits and 2 decimals, £ and thousands commas allowed', () => {
    expect(parseCell(money, 'Labour Rate', '64.5', false, TODAY)).toEqual({ value: 6450 });
    expect(parseCell(money, 'Labour Rate', '£1,234.05', false, TODAY)).toEqual({ value: 123405 });
    expect(parseCell(money, 'Labour Rate', '', false, TODAY)).toEqual({ value: null });
    expect(parseCell(money, 'Labour Rate', '12.345', false, TODAY)).toEqual({ error: 'Labour Rate is not a valid amount' });
    expect(parseCell(money, 'Labour Rate', '-3', false, TODAY)).toEqual({ error: 'Labour Rate is not a valid amount' });
    expect(parseCell(money, 'Labour Rate', '1000000', false, TODAY)).toEqual({ error: 'Labour Rate must be at most 999999.99' });
  });

  it('reads Yes/No, percentages, dates and choices with messages naming the column', () => {
    expect(parseCell({ type: 'yesNo' }, 'In Network', 'yes', true, TODAY)).toEqual({ value: true });
    expect(parseCell({ type: 'yesNo' }, 'In Network', 'N', true, TODAY)).toEqual({ value: false });
    expect(parseCell({ type: 'yesNo' }, 'In Network', '', true, TODAY)).toEqual({ error: 'In Network is required' });
    expect(parseCell({ type: 'yesNo' }, 'In Network', 'maybe', true, TODAY)).toEqual({ error: 'In Network must be Yes or No' });
    expect(parseCell({ type: 'percent', max: 100 }, 'Parts Discount %', '12.5%', false, TODAY)).toEqual({ value: 1250 });
    expect(parseCell({ type: 'percent', max: 10, belowMessage: 'Rebate Percentage must be less than 10' }, 'Rebate %', '10', false, TODAY)).toEqual({ error: 'Rebate Percentage must be less than 10' });
    expect(parseCell({ type: 'date', notFuture: true }, 'Last Physical Audit', '03/02/2026', false, TODAY)).toEqual({ value: '2026-02-03' });
    expect(parseCell({ type: 'date', notFuture: true }, 'Last Physical Audit', '2026-02-03', false, TODAY)).toEqual({ value: '2026-02-03' });
    expect(parseCell({ type: 'date', notFuture: true }, 'Last Physical Audit', '31/02/2026', false, TODAY)).toEqual({ error: 'Last Physical Audit is not a valid date (DD/MM/YYYY)' });
    expect(parseCell({ type: 'date', notFuture: true }, 'Last Physical Audit', '01/01/2027', false, TODAY)).toEqual({ error: 'Last Physical Audit cannot be in the future' });
    expect(parseCell({ type: 'choice', values: ['NONE', 'BAND_1_LA1'] }, 'FNP Band', 'band_1_la1', true, TODAY)).toEqual({ value: 'BAND_1_LA1' });
  });
});

describe('header', () => {
  it('writes the documented columns of each variant', () => {
    expect(headerRow(CUSTOMER_NETWORK_FORMAT)).toEqual([
      'Supplier Id', 'Supplier Name', 'Group Id', 'Group Name', 'Supplier Type', 'Town', 'Postcode', 'Status',
      'In Network', 'Preferred', 'Labour Rate', 'Parts Discount %', 'MOT Rate', 'Authorisation Limit', 'Notes',
    ]);
    expect(headerRow(DI_NETWORK_FORMAT).slice(8)).toEqual(['Nominated Dealer Manager', 'FNP Band', 'Rebate %', 'Rebate Amount', 'Agreed Credit Limit', 'Last Physical Audit', 'Last Desktop Audit']);
  });

  it('accepts any order and case, leaves out read-only columns, and names what is missing', () => {
    const editable = ['notes', 'IN NETWORK', 'Preferred', 'Labour Rate', 'Parts Discount %', 'MOT Rate', 'Authorisation Limit', 'Group Id', 'Supplier Id'];
    expect(isNetworkHeader(CUSTOMER_NETWORK_FORMAT, editable)).toBe(true);
    expect(readHeader(CUSTOMER_NETWORK_FORMAT, editable.slice(1))).toEqual({ errors: [{ row: 1, column: 'Notes', message: "Column 'Notes' is missing from the header row" }] });
    expect(isNetworkHeader(CUSTOMER_NETWORK_FORMAT, ['name', 'email'])).toBe(false);
    expect(isNetworkHeader(DI_NETWORK_FORMAT, headerRow(CUSTOMER_NETWORK_FORMAT))).toBe(false);
  });
});

describe('rows', () => {
  const row: NetworkRow = {
    supplierId: 'S100001', supplierName: '=cmd|calc', groupId: 'G10001', groupName: 'Group', supplierType: 'Independent', town: '-Town', postCode: 'LS1 1AA', status: 'Live',
    inNetwork: true, preferred: false, labourRate: 6450, partsDiscount: 1250, motRate: null, authorisationLimit: 25000, notes: "@note 'x'",
  };

  it('serialises escaped and parses back the same terms (round trip)', () => {
    const cells = serialiseRow(CUSTOMER_NETWORK_FORMAT, row);
    expect(cells.some(startsWithTrigger)).toBe(false);
    expect(cells).toContain('64.50');
    const parsed = parseRow(CUSTOMER_NETWORK_FORMAT, mapOf(), cells, 2, TODAY);
    expect(parsed.errors).toEqual([]);
    expect(parsed.values).toEqual({ supplierId: 'S100001', groupId: 'G10001', inNetwork: true, preferred: false, labourRate: 6450, partsDiscount: 1250, motRate: null, authorisationLimit: 25000, notes: "@note 'x'" });
  });

  it('reports every bad cell of a row with its row number and column', () => {
    const cells = serialiseRow(CUSTOMER_NETWORK_FORMAT, row);
    const at = (h: string) => headerRow(CUSTOMER_NETWORK_FORMAT).indexOf(h);
    cells[at('In Network')] = '';
    cells[at('MOT Rate')] = 'abc';
    expect(parseRow(CUSTOMER_NETWORK_FORMAT, mapOf(), cells, 7, TODAY).errors).toEqual([
      { row: 7, column: 'In Network', message: 'In Network is required' },
      { row: 7, column: 'MOT Rate', message: 'MOT Rate is not a valid amount' },
    ]);
  });

  it('DI: a row without any terms is "no terms" and its required cells are not reported; a partial row gets the spec messages', () => {
    const map = mapOf(DI_NETWORK_FORMAT);
    const empty = serialiseRow(DI_NETWORK_FORMAT, { supplierId: 'S1', groupId: 'G1' });
    expect(parseRow(DI_NETWORK_FORMAT, map, empty, 2, TODAY)).toMatchObject({ errors: [], noTerms: true });
    const partial = serialiseRow(DI_NETWORK_FORMAT, { supplierId: 'S1', groupId: 'G1', rebate: 250 });
    expect(parseRow(DI_NETWORK_FORMAT, map, partial, 3, TODAY).errors).toEqual([
      { row: 3, column: 'Nominated Dealer Manager', message: 'Nominated Dealer Manager is required.' },
      { row: 3, column: 'FNP Band', message: 'FNP Band is required.' },
    ]);
  });
});
