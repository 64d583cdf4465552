import { describe, expect, it } from 'vitest';
import { feeFromInput, type FeeField } from '../../domain/fees';
import {
  DI_TERMS_MESSAGES,
  diTermsColumns,
  diTermsFormSchema,
  fnpBandLabel,
  formatAuditDate,
  formatLongDate,
  formatPercent,
  formatRate,
  franchiseInput,
  LABOUR_SLOTS,
  RATE_HISTORY_MAX,
  RATE_SLOTS,
  toDiTermsForm,
  type DiNetworkTerms,
  type DiTermsForm,
  type RateListKey,
} from '../../domain/suppliers/networkTerms';
import type { FranchiseTerms, MotRate, Rate } from '../../domain/suppliers/enums';

/** The day the save happens on (audit dates after it are in the future). */
const TODAY = '2026-03-10';
const LISTS = Object.keys(RATE_SLOTS) as RateListKey[];

/** A fee as the API may receive it: the masked text only, whatever was sent. */
const masked = (text: string): FeeField => ({ masked: text, raw: null, value: null });

/** Sets the rate of `key` in one of the form's rate lists (or a franchise's labour rates). */
function setRate(list: { key: string; rate: FeeField }[], key: string, text: string) {
  const entry = list.find((r) => r.key === key);
  if (!entry) throw new Error(`no rate slot ${key}`);
  entry.rate = feeFromInput(text);
}

/** A form that passes, with something in every section, to change one thing at a time. */
function valid(): DiTermsForm {
  const f = toDiTermsForm(null);
  const ford = franchiseInput('Ford');
  ford.partsDiscount = feeFromInput('12.5');
  setRate(ford.labourRates, '0', '54.85');
  setRate(f.motRates, '4', '45.00');
  setRate(f.fluidRates, 'SEMI_SYNTHETIC', '12.50');
  setRate(f.tyreAncillaryRates, 'VALVE', '3.50');
  setRate(f.wheelAlignmentRates, 'ALIGNMENT_4_WHEEL', '65');
  return {
    ...f,
    nominatedDealerName: 'Dana Reid',
    fnp: { isEnabled: true, fnpBand: 'BAND_2_LA1' },
    rebate: feeFromInput('4.5'),
    rebateAmount: feeFromInput('250'),
    agreedCreditLimit: feeFromInput('12500'),
    lastPhysicalAudit: '05/03/2026',
    lastDesktopAudit: '2026-02-01',
    franchises: [ford],
  };
}

/** The first message at each path after `change` (none: still valid). */
function messages(change: (f: DiTermsForm) => void): Record<string, string> {
  const form = structuredClone(valid());
  change(form);
  const r = diTermsFormSchema(TODAY).safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

const slotIndex = (list: RateListKey, key: string) => RATE_SLOTS[list].findIndex((s) => s.key === key);

/** What the change does, the change, and the messages it brings (none: still valid). */
const CASES: [string, (f: DiTermsForm) => void, Record<string, string>][] = [
  ['the valid form', () => {}, {}],
  // Nominated dealer manager: required, at most 20 characters.
  ['no dealer', (f) => void (f.nominatedDealerName = ''), { nominatedDealerName: 'Nominated Dealer Manager is required.' }],
  ['a blank dealer', (f) => void (f.nominatedDealerName = '   '), { nominatedDealerName: 'Nominated Dealer Manager is required.' }],
  ['a dealer of 20 characters', (f) => void (f.nominatedDealerName = 'x'.repeat(20)), {}],
  ['a dealer of 21 characters', (f) => void (f.nominatedDealerName = 'x'.repeat(21)), { nominatedDealerName: 'Nominated Dealer Manager must be at most 20 characters' }],
  // FNP: a band when it is on.
  ['FNP on without a band', (f) => void (f.fnp = { isEnabled: true, fnpBand: '' }), { 'fnp.fnpBand': 'FNP Band is required.' }],
  ['FNP on with band NONE', (f) => void (f.fnp = { isEnabled: true, fnpBand: 'NONE' }), { 'fnp.fnpBand': 'FNP Band is required.' }],
  ['FNP off without a band', (f) => void (f.fnp = { isEnabled: false, fnpBand: '' }), {}],
  ['FNP off with a band', (f) => void (f.fnp = { isEnabled: false, fnpBand: 'BAND_1_LA3' }), {}],
  ['FNP on with an M25 band', (f) => void (f.fnp = { isEnabled: true, fnpBand: 'BAND_5_M25_LA3' }), {}],
  ['an unknown FNP band', (f) => void (f.fnp = { isEnabled: true, fnpBand: 'BAND_4_LA1' as never }), { 'fnp.fnpBand': 'FNP Band is not valid' }],
  // Rebate: under 10.
  ['rebate 10', (f) => void (f.rebate = feeFromInput('10')), { rebate: 'Rebate Percentage must be less than 10' }],
  ['rebate 10.00', (f) => void (f.rebate = feeFromInput('10.00')), { rebate: 'Rebate Percentage must be less than 10' }],
  ['rebate 12.5', (f) => void (f.rebate = feeFromInput('12.5')), { rebate: 'Rebate Percentage must be less than 10' }],
  ['rebate 9.99', (f) => void (f.rebate = feeFromInput('9.99')), {}],
  ['rebate 0', (f) => void (f.rebate = feeFromInput('0')), {}],
  ['no rebate', (f) => void (f.rebate = feeFromInput('')), {}],
  ['rebate with 3 decimals', (f) => void (f.rebate = masked('4.555')), { rebate: 'Rebate Percentage is not a valid percentage' }],
  ['rebate in words', (f) => void (f.rebate = masked('four')), { rebate: 'Rebate Percentage is not a valid percentage' }],
  // Money: 6 integer digits, 2 decimals (thousands commas as the mask writes them).
  ['credit limit 999,999.99', (f) => void (f.agreedCreditLimit = feeFromInput('999999.99')), {}],
  ['credit limit of 7 integer digits', (f) => void (f.agreedCreditLimit = masked('1,000,000')), { agreedCreditLimit: 'Agreed Credit Limit must be at most 999999.99' }],
  ['credit limit with 3 decimals', (f) => void (f.agreedCreditLimit = masked('12.345')), { agreedCreditLimit: 'Agreed Credit Limit is not a valid amount' }],
  ['a negative credit limit', (f) => void (f.agreedCreditLimit = masked('-5')), { agreedCreditLimit: 'Agreed Credit Limit is not a valid amount' }],
  ['rebate amount of 7 integer digits', (f) => void (f.rebateAmount = masked('1234567')), { rebateAmount: 'Rebate Amount must be at most 999999.99' }],
  ['rebate amount in words', (f) => void (f.rebateAmount = masked('lots')), { rebateAmount: 'Rebate Amount is not a valid amount' }],
  // Parts discount: numeric, at most 100.
  ['parts discount 100', (f) => void (f.franchises[0].partsDiscount = feeFromInput('100')), {}],
  ['parts discount 100.01', (f) => void (f.franchises[0].partsDiscount = feeFromInput('100.01')), { 'franchises.0.partsDiscount': 'Parts Discount must be at most 100' }],
  ['parts discount 150', (f) => void (f.franchises[0].partsDiscount = feeFromInput('150')), { 'franchises.0.partsDiscount': 'Parts Discount must be at most 100' }],
  ['parts discount in words', (f) => void (f.franchises[0].partsDiscount = masked('half')), { 'franchises.0.partsDiscount': 'Parts Discount % is not valid' }],
  // Rates: money; fluid prices at most 6 characters.
  ['a labour rate of 999,999.99', (f) => void (f.franchises[0].labourRates[0].rate = feeFromInput('999999.99')), {}],
  ['a labour rate of 7 integer digits', (f) => void (f.franchises[0].labourRates[0].rate = masked('1234567')), { 'franchises.0.labourRates.0.rate': 'Ford Car is not valid' }],
  ['a labour rate with 3 decimals', (f) => void (f.franchises[0].labourRates[1].rate = masked('54.855')), { 'franchises.0.labourRates.1.rate': 'Ford LCV is not valid' }],
  ['a labour rate of an unknown category', (f) => void (f.franchises[0].labourRates[0].key = '99'), { 'franchises.0.labourRates.0.rate': 'Labour rate is not valid' }],
  ['an MOT rate of 7 integer digits', (f) => void (f.motRates[slotIndex('motRates', '4')].rate = masked('1234567')), { [`motRates.${slotIndex('motRates', '4')}.rate`]: 'Class 4 is not valid' }],
  ['an MOT rate in words', (f) => void (f.motRates[0].rate = masked('free')), { 'motRates.0.rate': 'Class 1 is not valid' }],
  ['a fluid rate of 6 characters', (f) => void (f.fluidRates[0].rate = feeFromInput('999.99')), {}],
  ['a fluid rate of 7 characters', (f) => void (f.fluidRates[0].rate = feeFromInput('1000.50')), { 'fluidRates.0.rate': 'Semi synthetic is not valid' }],
  ['a fluid rate with 3 decimals', (f) => void (f.fluidRates[1].rate = masked('1.234')), { 'fluidRates.1.rate': 'Fully synthetic is not valid' }],
  ['a tyre ancillary rate in words', (f) => void (f.tyreAncillaryRates[0].rate = masked('n/a')), { 'tyreAncillaryRates.0.rate': 'Disposal charges is not valid' }],
  ['a wheel alignment rate with 3 decimals', (f) => void (f.wheelAlignmentRates[0].rate = masked('65.001')), { 'wheelAlignmentRates.0.rate': 'Wheel alignment (2 wheels) is not valid' }],
  ['a rate of an unknown type', (f) => void f.tyreAncillaryRates.push({ key: 'NITROGEN', rate: feeFromInput('2'), effectiveDate: null }), { [`tyreAncillaryRates.${RATE_SLOTS.tyreAncillaryRates.length}.rate`]: 'Rate is not valid' }],
  // Audit dates: DD/MM/YYYY, not in the future.
  ['an audit today', (f) => void (f.lastPhysicalAudit = '10/03/2026'), {}],
  ['an audit tomorrow', (f) => void (f.lastPhysicalAudit = '11/03/2026'), { lastPhysicalAudit: 'Last Physical Audit cannot be in the future' }],
  ['a desktop audit next year', (f) => void (f.lastDesktopAudit = '01/01/2027'), { lastDesktopAudit: 'Last Desktop Audit cannot be in the future' }],
  ['an audit on 31 February', (f) => void (f.lastPhysicalAudit = '31/02/2026'), { lastPhysicalAudit: 'Last Physical Audit is not a valid date (DD/MM/YYYY)' }],
  ['an audit in words', (f) => void (f.lastDesktopAudit = '5 March 2026'), { lastDesktopAudit: 'Last Desktop Audit is not a valid date (DD/MM/YYYY)' }],
  ['an audit month first', (f) => void (f.lastPhysicalAudit = '03/13/2025'), { lastPhysicalAudit: 'Last Physical Audit is not a valid date (DD/MM/YYYY)' }],
  ['no audit dates', (f) => void ((f.lastPhysicalAudit = ''), (f.lastDesktopAudit = '')), {}],
  // Franchises: known, once each.
  ['an unknown franchise', (f) => void f.franchises.push(franchiseInput('Lada')), { 'franchises.1.label': 'Franchise is not valid' }],
  ['a franchise twice', (f) => void f.franchises.push(franchiseInput('Ford')), { 'franchises.1.label': 'Franchise is not valid' }],
  ['a second franchise', (f) => void f.franchises.push(franchiseInput('Mercedes-Benz')), {}],
];

describe('diTermsFormSchema (spec 2 §5.4)', () => {
  it.each(CASES)('%s', (_name, change, expected) => {
    expect(messages(change)).toEqual(expected);
  });

  it('says every message of a form left empty with FNP on, at once', () => {
    const form = { ...toDiTermsForm(null), fnp: { isEnabled: true, fnpBand: '' as const } };
    const r = diTermsFormSchema(TODAY).safeParse(form);
    expect(r.success).toBe(false);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      nominatedDealerName: DI_TERMS_MESSAGES.dealerRequired,
      'fnp.fnpBand': DI_TERMS_MESSAGES.fnpBandRequired,
    });
  });

  it('refuses something that is not a form', () => {
    const r = diTermsFormSchema(TODAY).safeParse(null);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('The terms are required');
  });

  it('refuses, at the parts missing, terms that are not a whole form (a fee without its text, a list that is not one)', () => {
    const notValid = DI_TERMS_MESSAGES.termsNotValid;
    const issues = (v: unknown) => Object.fromEntries((diTermsFormSchema(TODAY).safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    const { rebateAmount: _gone, ...noRebateAmount } = valid();
    expect(issues(noRebateAmount)).toEqual({ rebateAmount: notValid });
    expect(issues({ ...valid(), franchises: [null] })).toEqual({ 'franchises.0': notValid });
    expect(issues({ ...valid(), motRates: [{ key: '4', rate: 45 }] })).toEqual({ 'motRates.0.rate': notValid });
    expect(issues({ ...valid(), fnp: { isEnabled: 'yes', fnpBand: '' } })).toEqual({ 'fnp.isEnabled': notValid });
    expect(issues({ ...valid(), lastPhysicalAudit: 20260305 })).toEqual({ lastPhysicalAudit: notValid });
    expect(issues({ ...valid(), fluidRates: 'none' })).toEqual({ fluidRates: notValid });
    // Extra members (the effective dates the form carries, the version) are no fault.
    expect(issues({ ...valid(), extra: true })).toEqual({});
  });

  it("bounds the audit dates by the day it is given, not the machine's", () => {
    const form = { ...valid(), lastPhysicalAudit: '10/03/2026' };
    expect(diTermsFormSchema('2026-03-09').safeParse(form).error?.issues.map((i) => i.message)).toEqual(['Last Physical Audit cannot be in the future']);
    expect(diTermsFormSchema('2026-03-10').safeParse(form).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

const history = (n: number, from = 1000) => Array.from({ length: n }, (_, i) => ({ rate: from + i, effectiveDate: `2024-01-${String(i + 1).padStart(2, '0')}` }));
const slot = (list: RateListKey, key: string) => RATE_SLOTS[list].find((s) => s.key === key)!;
const labourSlot = (key: string) => LABOUR_SLOTS.find((s) => s.key === key)!;
const storedRate = (list: Exclude<RateListKey, 'motRates'>, key: string, rate: number, effectiveDate: string, extra: Partial<Rate> = {}): Rate => ({
  type: key,
  typeValue: slot(list, key).typeValue,
  label: slot(list, key).label,
  rate,
  isAvailable: true,
  effectiveDate,
  ...extra,
});
const storedMot = (key: string, rate: number, effectiveDate: string, extra: Partial<MotRate> = {}): MotRate => ({
  classType: key as MotRate['classType'],
  classTypeValue: slot('motRates', key).typeValue,
  label: slot('motRates', key).label,
  rate,
  isAvailable: true,
  effectiveDate,
  ...extra,
});
const storedLabour = (key: string, rate: number, effectiveDate: string, extra: Partial<FranchiseTerms['labourRates'][number]> = {}): FranchiseTerms['labourRates'][number] => ({
  vehicleCategoryType: labourSlot(key).typeValue,
  typeValue: 'Labour',
  rate,
  isAvailable: true,
  effectiveDate,
  ...extra,
});

/** Terms as stored: something in every list, one rate unavailable, one with a full history. */
function storedTerms(): DiNetworkTerms {
  return {
    version: 3,
    nominatedDealerName: 'Dana Reid',
    lastPhysicalAudit: '2025-11-03',
    lastDesktopAudit: '2025-12-15',
    fnp: { isEnabled: true, fnpBand: 'BAND_5_M25_LA2' },
    commercialTerms: { rebate: 4.5, rebateAmount: 25000 },
    franchises: [
      {
        label: 'Ford',
        partsDiscount: 12.5,
        labourRates: [storedLabour('0', 5485, '2025-06-01', { history: history(RATE_HISTORY_MAX) }), storedLabour('1', 6000, '2025-01-01', { isAvailable: false })],
      },
      { label: 'Kia', partsDiscount: 7, labourRates: [storedLabour('7', 7250, '2025-09-09')] },
    ],
    motRates: [storedMot('4', 4500, '2025-04-04', { history: [{ rate: 4000, effectiveDate: '2024-04-04' }] }), storedMot('7', 5860, '2025-04-04')],
    fluidRates: [storedRate('fluidRates', 'SEMI_SYNTHETIC', 1250, '2025-02-02')],
    tyreAncillaryRates: [storedRate('tyreAncillaryRates', 'VALVE', 350, '2025-03-03'), storedRate('tyreAncillaryRates', 'TPMS', 2500, '2025-03-03', { isAvailable: false })],
    wheelAlignmentRates: [storedRate('wheelAlignmentRates', 'ALIGNMENT_4_WHEEL', 6500, '2025-05-05')],
    creditLimit: { agreedCreditLimit: 1250000, updatedBy: { lastUpdated: '2025-06-01T10:00:00.000Z', username: 'Test Admin' } },
    log: { modifiedTimestamp: '2025-12-15T10:00:00.000Z', modifiedBy: 'ADMIN', modifiedByUser: 'Test Admin' },
  };
}

const rateOf = (list: { key: string; rate: FeeField; effectiveDate: string | null }[], key: string) => list.find((r) => r.key === key)!;

describe('toDiTermsForm', () => {
  it('gives a blank form for a supplier with no terms: every slot there and empty', () => {
    const f = toDiTermsForm(null);
    expect(f).toMatchObject({
      version: null,
      nominatedDealerName: '',
      fnp: { isEnabled: false, fnpBand: '' },
      rebate: { masked: '', raw: null, value: null },
      rebateAmount: { masked: '', raw: null, value: null },
      agreedCreditLimit: { masked: '', raw: null, value: null },
      lastPhysicalAudit: '',
      lastDesktopAudit: '',
      franchises: [],
    });
    for (const list of LISTS) {
      expect(f[list].map((r) => r.key)).toEqual(RATE_SLOTS[list].map((s) => s.key));
      for (const r of f[list]) expect(r).toEqual({ key: r.key, rate: { masked: '', raw: null, value: null }, effectiveDate: null });
    }
    expect(f.motRates.map((r) => r.key)).not.toContain('All');
  });

  it('fills in the stored terms: the available rates with their effective dates, dates as DD/MM/YYYY', () => {
    const f = toDiTermsForm(storedTerms());
    expect(f).toMatchObject({
      version: 3,
      nominatedDealerName: 'Dana Reid',
      fnp: { isEnabled: true, fnpBand: 'BAND_5_M25_LA2' },
      rebate: { masked: '4.50', value: 450 },
      rebateAmount: { masked: '250.00', value: 25000 },
      agreedCreditLimit: { masked: '12,500.00', value: 1250000 },
      lastPhysicalAudit: '03/11/2025',
      lastDesktopAudit: '15/12/2025',
    });
    expect(f.franchises.map((x) => [x.label, x.partsDiscount.masked])).toEqual([['Ford', '12.50'], ['Kia', '7.00']]);
    expect(f.franchises[0].labourRates.map((r) => r.key)).toEqual(LABOUR_SLOTS.map((s) => s.key));
    expect(rateOf(f.franchises[0].labourRates, '0')).toEqual({ key: '0', rate: feeFromInput('54.85'), effectiveDate: '2025-06-01' });
    // Unavailable: shown empty, as a rate not agreed.
    expect(rateOf(f.franchises[0].labourRates, '1')).toEqual({ key: '1', rate: { masked: '', raw: null, value: null }, effectiveDate: null });
    expect(rateOf(f.franchises[1].labourRates, '7')).toMatchObject({ rate: { masked: '72.50' }, effectiveDate: '2025-09-09' });
    expect(rateOf(f.motRates, '4')).toMatchObject({ rate: { masked: '45.00', value: 4500 }, effectiveDate: '2025-04-04' });
    expect(rateOf(f.motRates, '1')).toMatchObject({ rate: { masked: '' }, effectiveDate: null });
    expect(rateOf(f.fluidRates, 'SEMI_SYNTHETIC').rate.masked).toBe('12.50');
    expect(rateOf(f.tyreAncillaryRates, 'VALVE').rate.masked).toBe('3.50');
    expect(rateOf(f.tyreAncillaryRates, 'TPMS').rate.masked).toBe('');
    expect(rateOf(f.wheelAlignmentRates, 'ALIGNMENT_4_WHEEL').rate.masked).toBe('65.00');
  });

  it('shows FNP off with no band as an empty choice', () => {
    const t = { ...storedTerms(), fnp: { isEnabled: false, fnpBand: 'NONE' as const } };
    expect(toDiTermsForm(t).fnp).toEqual({ isEnabled: false, fnpBand: '' });
  });

  it('gives a form the schema passes', () => {
    expect(diTermsFormSchema(TODAY).safeParse(toDiTermsForm(storedTerms())).success).toBe(true);
  });
});

describe('diTermsColumns', () => {
  it('stores an untouched form exactly as the terms were: rates, effective dates and histories kept', () => {
    const before = storedTerms();
    const c = diTermsColumns(toDiTermsForm(before), before, TODAY);
    expect(c).toEqual({
      nominatedDealerName: 'Dana Reid',
      fnpEnabled: true,
      fnpBand: 'BAND_5_M25_LA2',
      rebateBp: 450,
      rebateAmount: 25000,
      agreedCreditLimit: 1250000,
      lastPhysicalAudit: '2025-11-03',
      lastDesktopAudit: '2025-12-15',
      franchises: before.franchises,
      motRates: before.motRates,
      fluidRates: before.fluidRates,
      tyreAncillaryRates: before.tyreAncillaryRates,
      wheelAlignmentRates: before.wheelAlignmentRates,
    });
  });

  it("gives a changed rate today's date and puts the rate it replaces first in its history, keeping at most RATE_HISTORY_MAX", () => {
    const before = storedTerms();
    const form = toDiTermsForm(before);
    setRate(form.franchises[0].labourRates, '0', '56');
    setRate(form.motRates, '4', '47.50');
    setRate(form.fluidRates, 'SEMI_SYNTHETIC', '13');
    const c = diTermsColumns(form, before, TODAY);

    const car = c.franchises[0].labourRates.find((r) => r.vehicleCategoryType === 0)!;
    expect(car).toMatchObject({ rate: 5600, isAvailable: true, effectiveDate: TODAY, typeValue: 'Labour' });
    expect(car.history).toHaveLength(RATE_HISTORY_MAX);
    expect(car.history![0]).toEqual({ rate: 5485, effectiveDate: '2025-06-01' });
    expect(car.history!.slice(1)).toEqual(history(RATE_HISTORY_MAX).slice(0, RATE_HISTORY_MAX - 1));

    expect(c.motRates.find((r) => r.classType === '4')).toEqual(
      storedMot('4', 4750, TODAY, { history: [{ rate: 4500, effectiveDate: '2025-04-04' }, { rate: 4000, effectiveDate: '2024-04-04' }] }),
    );
    expect(c.fluidRates).toEqual([storedRate('fluidRates', 'SEMI_SYNTHETIC', 1300, TODAY, { history: [{ rate: 1250, effectiveDate: '2025-02-02' }] })]);
    // Untouched ones keep their dates.
    expect(c.motRates.find((r) => r.classType === '7')).toEqual(storedMot('7', 5860, '2025-04-04'));
    expect(c.franchises[1]).toEqual(before.franchises[1]);
  });

  it('gives a first rate today and no history', () => {
    const before = storedTerms();
    const form = toDiTermsForm(before);
    setRate(form.motRates, '1', '30');
    setRate(form.wheelAlignmentRates, 'ALIGNMENT_2_WHEEL', '40.00');
    const c = diTermsColumns(form, before, TODAY);
    expect(c.motRates.map((r) => r.classType)).toEqual(['1', '4', '7']);
    expect(c.motRates[0]).toEqual(storedMot('1', 3000, TODAY));
    expect(c.motRates[0]).not.toHaveProperty('history');
    expect(c.wheelAlignmentRates.map((r) => [r.type, r.rate, r.effectiveDate])).toEqual([
      ['ALIGNMENT_2_WHEEL', 4000, TODAY],
      ['ALIGNMENT_4_WHEEL', 6500, '2025-05-05'],
    ]);
  });

  it('keeps a cleared rate stored but unavailable, with its date and history, and dates it afresh when it comes back', () => {
    const before = storedTerms();
    const form = toDiTermsForm(before);
    setRate(form.motRates, '4', '');
    setRate(form.tyreAncillaryRates, 'VALVE', '');
    const c = diTermsColumns(form, before, TODAY);
    expect(c.motRates.find((r) => r.classType === '4')).toEqual({ ...before.motRates[0], isAvailable: false });
    expect(c.tyreAncillaryRates).toEqual([{ ...before.tyreAncillaryRates[0], isAvailable: false }, before.tyreAncillaryRates[1]]);

    // The stored but unavailable TPMS and Ford LCV rates typed again: available from today.
    const again = toDiTermsForm(before);
    setRate(again.tyreAncillaryRates, 'TPMS', '25');
    setRate(again.franchises[0].labourRates, '1', '60');
    const d = diTermsColumns(again, before, TODAY);
    expect(d.tyreAncillaryRates[1]).toEqual(storedRate('tyreAncillaryRates', 'TPMS', 2500, TODAY, { history: [{ rate: 2500, effectiveDate: '2025-03-03' }] }));
    expect(d.franchises[0].labourRates.find((r) => r.vehicleCategoryType === 1)).toMatchObject({ rate: 6000, isAvailable: true, effectiveDate: TODAY });
  });

  it('marks every rate present available, and stores none for an empty slot', () => {
    const c = diTermsColumns(valid(), null, TODAY);
    const all = [...c.franchises.flatMap((f) => f.labourRates), ...c.motRates, ...c.fluidRates, ...c.tyreAncillaryRates, ...c.wheelAlignmentRates];
    expect(all).toHaveLength(5);
    for (const r of all) expect(r).toMatchObject({ isAvailable: true, effectiveDate: TODAY });
    expect(c.franchises).toEqual([{ label: 'Ford', partsDiscount: 12.5, labourRates: [storedLabour('0', 5485, TODAY)] }]);
    expect(c.motRates).toEqual([storedMot('4', 4500, TODAY)]);
    expect(c.fluidRates).toEqual([storedRate('fluidRates', 'SEMI_SYNTHETIC', 1250, TODAY)]);
    expect(c.tyreAncillaryRates).toEqual([storedRate('tyreAncillaryRates', 'VALVE', 350, TODAY)]);
    expect(c.wheelAlignmentRates).toEqual([storedRate('wheelAlignmentRates', 'ALIGNMENT_4_WHEEL', 6500, TODAY)]);
  });

  it('drops a franchise with no labour rate and no parts discount, and keeps one with either', () => {
    const form = valid();
    const discountOnly = franchiseInput('BMW');
    discountOnly.partsDiscount = feeFromInput('5');
    const rateOnly = franchiseInput('Kia');
    setRate(rateOnly.labourRates, '7', '70');
    form.franchises.push(franchiseInput('Audi'), discountOnly, rateOnly);
    const c = diTermsColumns(form, null, TODAY);
    expect(c.franchises.map((f) => [f.label, f.partsDiscount, f.labourRates.length])).toEqual([
      ['Ford', 12.5, 1],
      ['BMW', 5, 0],
      ['Kia', null, 1],
    ]);

    // A stored franchise emptied: dropped, though its rates were stored.
    const before = storedTerms();
    const emptied = toDiTermsForm(before);
    emptied.franchises[1].partsDiscount = feeFromInput('');
    setRate(emptied.franchises[1].labourRates, '7', '');
    expect(diTermsColumns(emptied, before, TODAY).franchises.map((f) => f.label)).toEqual(['Ford']);
    // One saved with a rate and no discount reads back with the discount empty, not '0.00': its
    // rate cleared, it is dropped too.
    const rateOnlyStored = diTermsColumns({ ...valid(), franchises: [rateOnly] }, null, TODAY);
    const kia = toDiTermsForm({ ...before, franchises: rateOnlyStored.franchises });
    expect(kia.franchises[0].partsDiscount.masked).toBe('');
    setRate(kia.franchises[0].labourRates, '7', '');
    expect(diTermsColumns(kia, { ...before, franchises: rateOnlyStored.franchises }, TODAY).franchises).toEqual([]);
    // A discount of 0 typed with no rate is a discount of 0 %: kept, as 0.
    const zero = franchiseInput('Audi');
    zero.partsDiscount = feeFromInput('0');
    expect(diTermsColumns({ ...valid(), franchises: [zero] }, null, TODAY).franchises.map((f) => [f.label, f.partsDiscount])).toEqual([['Audi', 0]]);
    // One deleted from the form: gone.
    const deleted = toDiTermsForm(before);
    deleted.franchises.splice(0, 1);
    expect(diTermsColumns(deleted, before, TODAY).franchises).toEqual([before.franchises[1]]);
  });

  it("stores FNP off as band 'NONE', whatever band was left chosen", () => {
    for (const fnpBand of ['', 'BAND_1_LA1'] as const) {
      const c = diTermsColumns({ ...valid(), fnp: { isEnabled: false, fnpBand } }, null, TODAY);
      expect([c.fnpEnabled, c.fnpBand]).toEqual([false, 'NONE']);
    }
    const on = diTermsColumns(valid(), null, TODAY);
    expect([on.fnpEnabled, on.fnpBand]).toEqual([true, 'BAND_2_LA1']);
  });

  it('stores the single values: rebate in basis points, money in minor units, dates as YYYY-MM-DD, the dealer trimmed', () => {
    const c = diTermsColumns(
      { ...valid(), nominatedDealerName: '  Dana Reid ', rebate: feeFromInput('4.5'), rebateAmount: feeFromInput('1,250.5'), agreedCreditLimit: feeFromInput('12,500.00'), lastPhysicalAudit: '05/03/2026', lastDesktopAudit: ' 1/2/2026 ' },
      null,
      TODAY,
    );
    expect(c).toMatchObject({ nominatedDealerName: 'Dana Reid', rebateBp: 450, rebateAmount: 125050, agreedCreditLimit: 1250000, lastPhysicalAudit: '2026-03-05', lastDesktopAudit: '2026-02-01' });
    expect(diTermsColumns({ ...valid(), rebate: feeFromInput('9.99') }, null, TODAY).rebateBp).toBe(999);
    expect(diTermsColumns({ ...valid(), lastPhysicalAudit: '2026-03-05' }, null, TODAY).lastPhysicalAudit).toBe('2026-03-05');
  });

  it('stores empty single values as none (rebate 0)', () => {
    const c = diTermsColumns({ ...valid(), rebate: feeFromInput(''), rebateAmount: feeFromInput(''), agreedCreditLimit: feeFromInput(''), lastPhysicalAudit: '', lastDesktopAudit: '' }, null, TODAY);
    expect(c).toMatchObject({ rebateBp: 0, rebateAmount: null, agreedCreditLimit: null, lastPhysicalAudit: null, lastDesktopAudit: null });
  });
});

describe('the DI Network Terms tab formats', () => {
  it("writes the credit limit's date as 'do MMMM yyyy' and audit dates as 'dd MMM yyyy'", () => {
    expect(formatLongDate('2026-03-05')).toBe('5th March 2026');
    expect(formatAuditDate('2026-03-05')).toBe('05 Mar 2026');
    // A timestamp: its date as written, no time-zone shift.
    expect(formatLongDate('2026-12-31T23:30:00.000Z')).toBe('31st December 2026');
    expect(formatAuditDate('2025-09-01T00:10:00.000Z')).toBe('01 Sep 2025');
    for (const none of [null, undefined, '', 'not a date']) {
      expect(formatLongDate(none)).toBe('');
      expect(formatAuditDate(none)).toBe('');
    }
  });

  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [10, '10th'], [11, '11th'], [12, '12th'], [13, '13th'],
    [14, '14th'], [20, '20th'], [21, '21st'], [22, '22nd'], [23, '23rd'], [24, '24th'], [30, '30th'], [31, '31st'],
  ])('day %i is %s', (day, text) => {
    expect(formatLongDate(`2026-01-${String(day).padStart(2, '0')}`)).toBe(`${text} January 2026`);
  });

  it('writes rates to 2 decimals with the currency of the locale, and percentages to 2 decimals', () => {
    expect(formatRate(5485, 'en_GB')).toBe('£54.85');
    expect(formatRate(5400, 'en_IE')).toBe('€54.00');
    expect(formatRate(99999999, 'en_GB')).toBe('£999,999.99');
    expect(formatRate(0, 'en_GB')).toBe('£0.00');
    expect(formatRate(null, 'en_GB')).toBe('');
    expect(formatPercent(4.5)).toBe('4.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(null)).toBe('');
  });

  it('names the FNP bands', () => {
    expect(fnpBandLabel('BAND_5_M25_LA2')).toBe('Band 5 (M25) LA2');
    expect(fnpBandLabel('BAND_1_LA3')).toBe('Band 1 LA3');
    expect(fnpBandLabel('BAND_3_LA1')).toBe('Band 3 LA1');
    expect(fnpBandLabel('NONE')).toBe('None');
  });
});
