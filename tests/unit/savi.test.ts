import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canExport,
  CREDIT_LIMIT_COLUMNS,
  creditLimitFileName,
  displayName,
  EMPTY_PAYBILL_FORM,
  exportCreditLimitSchema,
  exportFailureMessage,
  exportPreCheck,
  formatAmount,
  jobTypeLabel,
  PAY_BILL_MESSAGES,
  PAY_BILL_PAGE_SIZE,
  PAYBILL_CAPS,
  PAYBILL_LABELS,
  paybillDetailsOf,
  paybillFormOf,
  paybillFormSchema,
  payBillSearchSchema,
  SAVI_ROWS,
  statementFileName,
  statementFilepath,
  STATEMENT_FILEPATH,
  statementWeekBefore,
  type PaybillDetails,
  type PaybillField,
  type PaybillForm,
  type PaybillRecord,
  statementIssuerRows,
  STATEMENT_COLUMNS,
} from '../../domain/savi';
import { personName } from '../../domain/common';

describe('canExport', () => {
  /** The export action's answer (which roles get it: tests/unit/action-slugs.test.ts). */
  const ACCESS: [string, boolean][] = [
    ['export allowed', true],
    ['export denied', false],
  ];
  const TYPES = ['Invoice', 'Credit'] as const;
  const IDS: [string, string | null, boolean][] = [
    ['an id', 'FS-1001', true],
    ['null', null, false],
    ["''", '', false],
  ];
  const SAVED = [false, true];

  const table: [string, PaybillRecord['type'], string | null, boolean, boolean, boolean][] = [];
  for (const type of TYPES)
    for (const [idName, id, hasId] of IDS)
      for (const saved of SAVED)
        for (const [accessName, allowed] of ACCESS)
          table.push([`${type}, id ${idName}, saved ${saved}, ${accessName}`, type, id, saved, allowed, type === 'Invoice' && hasId && !saved && allowed]);

  it('covers every combination', () => expect(table).toHaveLength(2 * 3 * 2 * 2));

  it.each(table)('%s', (_name, type, financeSupplierId, savedToQuickBooks, allowed, expected) => {
    expect(canExport({ type, financeSupplierId, savedToQuickBooks }, allowed)).toBe(expected);
  });

  it('is true for exactly one row of the table (export allowed on an unsaved invoice with an id)', () => {
    expect(table.filter((r) => r[5])).toHaveLength(1);
  });
});

describe('exportPreCheck', () => {
  it('refuses a lease company without an accounting category, with the spec’s wording', () => {
    expect(exportPreCheck({ leaseQuickBooksCategoryId: null })).toBe('Invoice export failed. Lease company’s QuickBooks category is not yet configured');
    expect(exportPreCheck({ leaseQuickBooksCategoryId: '' })).toBe(PAY_BILL_MESSAGES.categoryMissing);
  });
  it('uses the typographic apostrophe', () => {
    expect(PAY_BILL_MESSAGES.categoryMissing).toContain('company\u2019s');
    expect(PAY_BILL_MESSAGES.categoryMissing).not.toContain("'");
  });
  it('lets a record with a category through', () => {
    expect(exportPreCheck({ leaseQuickBooksCategoryId: 'CAT-7' })).toBeNull();
  });
});

describe('exportFailureMessage', () => {
  it.each([
    ['a success', { success: true, supplierFound: true, missingVatRate: false }, null],
    ['a success, whatever the flags', { success: true, supplierFound: false, missingVatRate: true }, null],
    ['supplier not found', { success: false, supplierFound: false, missingVatRate: false }, 'We could not export this invoice. Acme Tyres Ltd was not found in Quickbooks'],
    ['supplier not found comes before VAT rates', { success: false, supplierFound: false, missingVatRate: true }, 'We could not export this invoice. Acme Tyres Ltd was not found in Quickbooks'],
    ['VAT rates missing', { success: false, supplierFound: true, missingVatRate: true }, 'Invoice export failed. Vat Rates are not yet configured for Quickbooks'],
    ['any other failure', { success: false, supplierFound: true, missingVatRate: false }, PAY_BILL_MESSAGES.exportFailed],
  ])('%s', (_name, answer, expected) => {
    expect(exportFailureMessage(answer, 'Acme Tyres Ltd')).toBe(expected);
  });
});

describe('formatAmount', () => {
  it.each([
    [1234567.8, '1,234,567.80'],
    [0, '0.00'],
    [-12.5, '-12.50'],
    ['12', '12.00'],
    [' 12.345 ', '12.35'],
    [999.999, '1,000.00'],
    [1000, '1,000.00'],
    [0.1, '0.10'],
    ['-1234.5', '-1,234.50'],
  ])('%j → %s', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it.each([
    ['NaN', Number.NaN],
    ['undefined', undefined],
    ['null', null],
    ["''", ''],
    ['blank', '   '],
    ["'abc'", 'abc'],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ["'Infinity'", 'Infinity'],
    ['{}', {}],
    ['an object with a value', { value: 12 }],
    ['[]', []],
    ['true', true],
    ['a bigint', 12n],
  ])('%s → -', (_name, value) => {
    expect(formatAmount(value)).toBe('-');
  });

  it('never throws and gives "-" or a two-decimal amount with separators, for any input', () => {
    const AMOUNT = /^-?\d{1,3}(,\d{3})*\.\d{2}$/;
    const input = fc.oneof(
      fc.anything(),
      fc.double(),
      fc.integer(),
      fc.double().map(String),
      fc.string(),
      fc.constantFrom('1e21', '-1e308', '0x1F', '1_000', '1,000', '.5', '5.', '-0', 'NaN', '\t7\n'),
    );
    fc.assert(
      fc.property(input, (value) => {
        const out = formatAmount(value);
        return out === '-' || AMOUNT.test(out);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('jobTypeLabel', () => {
  it.each([
    ['STANDARD', 'MAINTENANCE REPAIR'],
    ['TYRES', 'TYRES'],
    ['MOT', 'MOT'],
    ['GLASS', 'GLASS'],
    ['BODYSHOP', 'BODYSHOP'],
    ['BREAKDOWN', 'BREAKDOWN'],
    ['SMART_REPAIR', 'SMART_REPAIR'],
    ['', '-'],
    [null, '-'],
    [undefined, '-'],
  ])('%j → %s', (jobType, expected) => {
    expect(jobTypeLabel(jobType)).toBe(expected);
  });
  it.each([['toString'], ['constructor'], ['__proto__'], ['hasOwnProperty']])('keeps %j (not read from Object.prototype)', (jobType) => {
    expect(jobTypeLabel(jobType)).toBe(jobType);
  });
});

describe('displayName', () => {
  it('keeps a name of at most 100 characters as it is', () => {
    for (const name of ['', 'Acme', 'x'.repeat(99), 'x'.repeat(100)]) expect(displayName(name)).toBe(name);
  });
  it('cuts a longer name at 100 characters with an ellipsis', () => {
    expect(displayName('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`);
    expect(displayName(`${'a'.repeat(100)}bcdef`)).toBe(`${'a'.repeat(100)}…`);
  });
  it('counts whole code points: a string of emoji does not split a surrogate pair', () => {
    const emoji = '😀'.repeat(150);
    const out = displayName(emoji);
    expect(out).toBe(`${'😀'.repeat(100)}…`);
    expect(Array.from(out)).toHaveLength(101);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(out)).toBe(false);
    // 100 emoji are 200 UTF-16 units but 100 characters: unchanged.
    expect(displayName('😀'.repeat(100))).toBe('😀'.repeat(100));
  });
  it('shows nothing for no name, and takes another maximum', () => {
    expect(displayName(null)).toBe('');
    expect(displayName(undefined)).toBe('');
    expect(displayName('abcdef', 3)).toBe('abc…');
  });
});

describe('personName (who saved a record)', () => {
  it('joins the names, or nothing', () => {
    expect(personName({ firstname: 'Dana', lastname: 'Reid' } as never)).toBe('Dana Reid');
    expect(personName(null)).toBe('');
  });
});

describe('paybillFormSchema', () => {
  const FIELDS = Object.keys(PAYBILL_LABELS) as PaybillField[];
  /** The caps the spec gives (written out here, not read from the domain). */
  const MAX: Record<Exclude<PaybillField, 'postCode'>, number> = { companyName: 20, number: 20, address1: 50, address2: 20, address3: 50, county: 50, footer: 400 };

  const valid = (): PaybillForm => ({
    companyName: 'Harbour Finance',
    number: 'Unit 4',
    address1: 'Temple Way',
    address2: 'St Philips',
    address3: 'Bristol',
    county: 'Avon',
    postCode: 'BS2 0BY',
    footer: 'Registered in England No. 01234567\nVAT GB123456789',
  });

  /** The first message at each field after `change` (none: valid). */
  function messages(change: Partial<Record<PaybillField, unknown>>): Record<string, string> {
    const r = paybillFormSchema.safeParse({ ...valid(), ...change });
    if (r.success) return {};
    const out: Record<string, string> = {};
    for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
    return out;
  }

  it('has the spec’s labels', () => {
    expect(PAYBILL_LABELS).toEqual({
      companyName: 'Company Name Prefix',
      number: 'Building',
      address1: 'Street',
      address2: 'District',
      address3: 'Town',
      county: 'County',
      postCode: 'Postcode',
      footer: 'Footer',
    });
  });

  it('accepts the valid form', () => expect(messages({})).toEqual({}));

  it('requires every field, each with its own message', () => {
    const r = paybillFormSchema.safeParse(EMPTY_PAYBILL_FORM);
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      companyName: 'Company Name Prefix is required',
      number: 'Building is required',
      address1: 'Street is required',
      address2: 'District is required',
      address3: 'Town is required',
      county: 'County is required',
      postCode: 'Postcode is required',
      footer: 'Footer is required',
    });
  });

  describe.each(FIELDS)('%s', (name) => {
    const label = PAYBILL_LABELS[name];
    it.each([[''], ['   '], [undefined], [null], [42]])('%j → required', (value) => {
      expect(messages({ [name]: value })).toEqual({ [name]: `${label} is required` });
    });
  });

  describe.each(Object.entries(MAX) as [Exclude<PaybillField, 'postCode'>, number][])('%s (at most %i)', (name, max) => {
    const label = PAYBILL_LABELS[name];
    it('matches the domain’s cap', () => expect(PAYBILL_CAPS[name].max).toBe(max));
    it('accepts a value at the limit', () => {
      expect(messages({ [name]: 'x'.repeat(max) })).toEqual({});
    });
    it('refuses one character over', () => {
      expect(messages({ [name]: 'x'.repeat(max + 1) })).toEqual({ [name]: `${label} is not valid` });
    });
    it('measures after trimming', () => {
      expect(messages({ [name]: `  ${'x'.repeat(max)}  ` })).toEqual({});
    });
  });

  describe.each(['companyName', 'number', 'address1', 'address2', 'address3', 'county'] as const)('%s characters', (name) => {
    const label = PAYBILL_LABELS[name];
    it.each([["O'Neill & Sons"], ['Flat 3/4 (rear)'], ['#12: Rue-de-l’Église'], ['Dún Laoghaire'], ['No. 5, Main St.']])('accepts %j', (value) => {
      expect(messages({ [name]: value })).toEqual({});
    });
    it.each([['<script>'], ['a@b'], ['50%'], ['x;y'], ['line\nbreak'], ['tab\there'], ['"quoted"'], ['😀']])('refuses %j', (value) => {
      expect(messages({ [name]: value })).toEqual({ [name]: `${label} is not valid` });
    });
  });

  describe('postCode', () => {
    it.each([
      ['BS2 0BY', 'BS2 0BY'],
      ['sw1a 1aa', 'SW1A 1AA'],
      ['  M1 1AE ', 'M1 1AE'],
      ['D02 X285', 'D02 X285'],
      ['d02x285', 'D02 X285'],
      ['LS115QS', 'LS11 5QS'],
      ['A65 F4E2', 'A65 F4E2'],
    ])('accepts %j as %j', (value, expected) => {
      const r = paybillFormSchema.safeParse({ ...valid(), postCode: value });
      expect(r.success).toBe(true);
      expect(r.data?.postCode).toBe(expected);
    });
    it.each([['ABC'], ['12345'], ['BS2 0BY X'], ['SW1A  1AA1']])('refuses %j', (value) => {
      expect(messages({ postCode: value })).toEqual({ postCode: 'Postcode is not valid' });
    });
  });

  describe('footer', () => {
    it('keeps line breaks, CRLF and CR as LF', () => {
      const r = paybillFormSchema.safeParse({ ...valid(), footer: 'Line one\r\nLine two\rLine three\nLine four' });
      expect(r.success).toBe(true);
      expect(r.data?.footer).toBe('Line one\nLine two\nLine three\nLine four');
    });
    it('accepts free text the address lines refuse', () => {
      expect(messages({ footer: 'Questions? e-mail accounts@harbour.example — 100% "paid" <promptly> 😀' })).toEqual({});
    });
    it.each([['tab\there'], ['nul\u0000'], ['bell\u0007'], ['esc\u001b[0m'], ['del\u007f'], ['c1\u0085']])('refuses the control characters of %j', (value) => {
      expect(messages({ footer: value })).toEqual({ footer: 'Footer is not valid' });
    });
    it('counts a line break as one character at the limit', () => {
      expect(messages({ footer: `${'x'.repeat(199)}\r\n${'y'.repeat(200)}` })).toEqual({});
      expect(messages({ footer: `${'x'.repeat(200)}\r\n${'y'.repeat(200)}` })).toEqual({ footer: 'Footer is not valid' });
    });
  });

  it('trims every value', () => {
    const padded = Object.fromEntries(Object.entries(valid()).map(([k, v]) => [k, `  ${v}\n `]));
    const r = paybillFormSchema.safeParse(padded);
    expect(r.success).toBe(true);
    expect(r.data).toEqual(valid());
  });
});

describe('paybillFormOf / paybillDetailsOf', () => {
  const details: PaybillDetails = {
    address: { number: 'Unit 4', address1: 'Temple Way', address2: 'St Philips', address3: 'Bristol', county: 'Avon', postCode: 'BS2 0BY' },
    invoice: { companyName: 'Harbour Finance', footer: { blurb: 'Line one\nLine two' } },
  };
  it('maps the details to the form field by field', () => {
    expect(paybillFormOf(details)).toEqual({
      companyName: 'Harbour Finance',
      number: 'Unit 4',
      address1: 'Temple Way',
      address2: 'St Philips',
      address3: 'Bristol',
      county: 'Avon',
      postCode: 'BS2 0BY',
      footer: 'Line one\nLine two',
    });
  });
  it('round-trips details → form → details and form → details → form', () => {
    expect(paybillDetailsOf(paybillFormOf(details))).toEqual(details);
    const form = paybillFormOf(details);
    expect(paybillFormOf(paybillDetailsOf(form))).toEqual(form);
  });
  it('round-trips any strings', () => {
    const field = fc.string();
    fc.assert(
      fc.property(fc.record({ companyName: field, number: field, address1: field, address2: field, address3: field, county: field, postCode: field, footer: field }), (form) => {
        expect(paybillFormOf(paybillDetailsOf(form))).toEqual(form);
      }),
    );
  });
});

describe('statementWeekBefore', () => {
  // 2026-03-09 is a Monday: every day of that week asks for Monday 2 to Sunday 8 March.
  it.each([
    ['2026-03-09', 'Mon'],
    ['2026-03-10', 'Tue'],
    ['2026-03-11', 'Wed'],
    ['2026-03-12', 'Thu'],
    ['2026-03-13', 'Fri'],
    ['2026-03-14', 'Sat'],
    ['2026-03-15', 'Sun'],
  ])('%s (%s) → the previous Monday to Sunday', (day, weekday) => {
    expect(new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })).toBe(weekday);
    expect(statementWeekBefore(day)).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08' });
  });

  it.each([
    // Thursday 1 January 2026: the week before is wholly in December.
    ['2026-01-01', '2025-12-22', '2025-12-28'],
    ['2026-01-04', '2025-12-22', '2025-12-28'],
    // Monday 5 January 2026: the week that just ended spans the new year.
    ['2026-01-05', '2025-12-29', '2026-01-04'],
    ['2026-01-11', '2025-12-29', '2026-01-04'],
    // A leap year's end of February.
    ['2024-03-04', '2024-02-26', '2024-03-03'],
  ])('%s → %s to %s', (day, startDate, endDate) => {
    expect(statementWeekBefore(day)).toEqual({ startDate, endDate });
  });

  it('always answers a Monday to Sunday week that ends before the day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const { startDate, endDate } = statementWeekBefore(day);
        const start = new Date(`${startDate}T00:00:00Z`);
        const end = new Date(`${endDate}T00:00:00Z`);
        expect(start.getUTCDay()).toBe(1);
        expect(end.getUTCDay()).toBe(0);
        expect((end.getTime() - start.getTime()) / 86_400_000).toBe(6);
        const daysBefore = (Date.parse(`${day}T00:00:00Z`) - end.getTime()) / 86_400_000;
        expect(daysBefore).toBeGreaterThanOrEqual(1);
        expect(daysBefore).toBeLessThanOrEqual(7);
      }),
    );
  });
});

describe('statement files', () => {
  it('names the file after its week', () => {
    expect(statementFileName({ startDate: '2026-03-02', endDate: '2026-03-08' })).toBe('SAVi_statement_2026-03-02_2026-03-08.csv');
    expect(statementFileName(statementWeekBefore('2026-01-05'))).toBe('SAVi_statement_2025-12-29_2026-01-04.csv');
  });
  it('STATEMENT_FILEPATH matches statementFilepath(uuid) and gives the id back', () => {
    const id = crypto.randomUUID();
    const path = statementFilepath(id);
    expect(path).toBe(`savi-exports/${id}`);
    expect(STATEMENT_FILEPATH.exec(path)?.[1]).toBe(id);
  });
  it.each([['../x'], ['savi-exports/abc'], ['savi-exports/../etc/passwd'], ['/savi-exports/0b7f5a5e-4a4c-4c3e-9a59-2f2b4d8c1e11'], ['savi-exports/0b7f5a5e-4a4c-4c3e-9a59-2f2b4d8c1e11/x'], ['other/0b7f5a5e-4a4c-4c3e-9a59-2f2b4d8c1e11'], ['']])('rejects %j', (path) => {
    expect(STATEMENT_FILEPATH.test(path)).toBe(false);
  });
});

describe('payBillSearchSchema', () => {
  it('fills the defaults', () => {
    expect(payBillSearchSchema.parse({ date: '2026-03-10' })).toEqual({
      date: '2026-03-10',
      leaseCompanyId: null,
      quickbooks: false,
      pageSize: 25,
      lastRecordReferenceId: null,
      isInitialLoad: true,
      recordType: 'Invoice',
    });
    expect(PAY_BILL_PAGE_SIZE).toBe(25);
  });
  it('accepts a full search', () => {
    const id = crypto.randomUUID();
    const r = payBillSearchSchema.safeParse({ date: '2026-03-10', leaseCompanyId: id, quickbooks: true, pageSize: 100, lastRecordReferenceId: ' INV-0042 ', isInitialLoad: false, recordType: 'Credit' });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ leaseCompanyId: id, pageSize: 100, lastRecordReferenceId: 'INV-0042', recordType: 'Credit' });
    expect(payBillSearchSchema.safeParse({ date: '2026-03-10', pageSize: 1 }).success).toBe(true);
  });
  it.each([
    ['no date', {}],
    ['a date in another format', { date: '10/03/2026' }],
    ['a month 13', { date: '2026-13-01' }],
    ['a date without leading zeros', { date: '2026-3-1' }],
    ['an empty date', { date: '' }],
    ['pageSize 0', { date: '2026-03-10', pageSize: 0 }],
    ['pageSize 101', { date: '2026-03-10', pageSize: 101 }],
    ['a fractional pageSize', { date: '2026-03-10', pageSize: 2.5 }],
    ['an unknown recordType', { date: '2026-03-10', recordType: 'Receipt' }],
    ['a lease company that is not an id', { date: '2026-03-10', leaseCompanyId: 'acme' }],
    ['a blank cursor', { date: '2026-03-10', lastRecordReferenceId: '   ' }],
  ])('refuses %s', (_name, input) => {
    expect(payBillSearchSchema.safeParse(input).success).toBe(false);
  });
});

describe('credit limit export', () => {
  it('names the file after the minute it was asked for (UTC)', () => {
    expect(creditLimitFileName(new Date('2026-03-10T09:05:59.999Z'))).toBe('credit-limits-20260310-0905.csv');
  });
  it('has its columns', () => {
    expect(CREDIT_LIMIT_COLUMNS).toEqual(['Type', 'ID', 'Name', 'Group ID', 'Group Name', 'Agreed Credit Limit', 'Currency', 'Set By', 'Set On']);
  });
  it('checks the roles sent by shape only', () => {
    expect(exportCreditLimitSchema.safeParse({}).success).toBe(true);
    expect(exportCreditLimitSchema.safeParse({ user: { roles: { savi: ['view'] } } }).success).toBe(true);
    expect(exportCreditLimitSchema.safeParse({ user: { roles: { savi: 'view' } } }).success).toBe(false);
    expect(exportCreditLimitSchema.safeParse({ user: { roles: { savi: Array(11).fill('view') } } }).success).toBe(false);
  });
});

describe('SAVI_ROWS', () => {
  it('lists the six rows in the spec’s order, with their buttons and the area actions they need', () => {
    expect(SAVI_ROWS.map((r) => [r.label, r.button, r.access])).toEqual([
      ['DI Network import', 'View', 'network'],
      ['DI Network export', 'View', 'network'],
      ['Paybill Address and Footer', 'EDIT', null],
      ['SAVi Statements (weekly)', 'View', null],
      ['Credit Limit Export', 'Email', null],
      ['Pay Bill', 'View', 'payBill'],
    ]);
  });
  it('gives each row its action', () => {
    expect(SAVI_ROWS.map((r) => r.action)).toEqual([
      { kind: 'page', path: 'di-network' },
      { kind: 'page', path: 'di-network-export' },
      { kind: 'paybillDrawer' },
      { kind: 'page', path: 'savi-exports-List' },
      { kind: 'creditLimitEmail' },
      { kind: 'page', path: 'pay-bill' },
    ]);
  });
});

describe('statementIssuerRows', () => {
  const issuer = {
    version: 2,
    address: { number: 'Unit 4', address1: 'Riverside', address2: 'Hartwell', address3: 'Leeds', county: 'West Yorkshire', postCode: 'LS11 5QS' },
    invoice: { companyName: 'FNC Ltd', footer: { blurb: '=Payment terms 30 days' } },
  };
  it('ends the statement with who issues it: the company and address, then the footer, padded to the columns and formula-safe', () => {
    const rows = statementIssuerRows(issuer);
    expect(rows.map((r) => r.length)).toEqual([STATEMENT_COLUMNS.length, STATEMENT_COLUMNS.length]);
    expect(rows[0].slice(0, 3)).toEqual(['Issued By', 'FNC Ltd', 'Unit 4 Riverside, Hartwell, Leeds, West Yorkshire, LS11 5QS']);
    expect(rows[1].slice(0, 2)).toEqual(['Footer', "'=Payment terms 30 days"]);
  });
  it('prints a postcode stored without its space in its usual spaced form', () => {
    const rows = statementIssuerRows({ ...issuer, address: { ...issuer.address, postCode: 'LS115QS' } });
    expect(rows[0][2]).toBe('Unit 4 Riverside, Hartwell, Leeds, West Yorkshire, LS11 5QS');
  });
  it('adds nothing before the address has been saved', () => {
    expect(statementIssuerRows({ ...issuer, version: null })).toEqual([]);
  });
});
