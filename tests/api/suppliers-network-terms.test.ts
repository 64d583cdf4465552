import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertSupplier } from '../fixtures/suppliers';
import { auditLog, supplierNetworkTerms } from '../../server/db/schema';
import { feeFromInput, type FeeField } from '../../domain/fees';
import { franchiseInput, RATE_HISTORY_MAX, toDiTermsForm, type DiNetworkTerms, type DiTermsForm } from '../../domain/suppliers/networkTerms';
import type { SupplierDetails } from '../../domain/suppliers';

const SLUG = 'admin/saveSupplierDiNetworkTerms';
const DAY = 24 * 60 * 60 * 1000;
const ROLES = ['EDITOR', 'VIEWER', 'FINANCE', 'SUPER_ADMIN'] as const;

let t: TestApp;
const as: Record<string, Browser> = {};
const adminIds: Record<string, string> = {};

async function signInAll() {
  for (const role of ROLES) {
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) adminIds[role] = (await createAdmin(t, role)).id;
  await signInAll();
});
afterAll(() => t.close());

/** The server's day (YYYY-MM-DD) by the test clock. */
const today = () => t.clock.now().toISOString().slice(0, 10);
/** The next day: sessions end after an hour idle, so everyone signs in again. */
async function nextDay() {
  t.clock.advance(DAY);
  await signInAll();
}

type Ids = { serviceUnitId: string; accountId: string };
const idsOf = ({ group, supplier }: Awaited<ReturnType<typeof insertSupplier>>): Ids => ({ serviceUnitId: supplier.id, accountId: group.id });

async function details(ids: Ids, b = as.VIEWER): Promise<SupplierDetails> {
  const res = await b.post('supplier/getSupplierDetails', { serviceUnitId: ids.serviceUnitId, accountObjectId: ids.accountId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const termsOf = async (ids: Ids) => (await details(ids)).diNetworkTerms as DiNetworkTerms | null;

function save(ids: Ids, version: number | null, form: DiTermsForm | Record<string, unknown>, b = as.EDITOR) {
  return b.post(SLUG, { ...ids, version, name: 'Harbour Motors', diNetworkTerms: form, user: { name: 'someone else' } });
}
async function saved(ids: Ids, version: number | null, form: DiTermsForm, b = as.EDITOR) {
  const res = await save(ids, version, form, b);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; version: number };
}

function setRate(list: { key: string; rate: FeeField }[], key: string, text: string) {
  const entry = list.find((r) => r.key === key);
  if (!entry) throw new Error(`no rate slot ${key}`);
  entry.rate = feeFromInput(text);
}

/** A form with every field filled: Ford labour rates and discount, a rate in every list. */
function fullForm(): DiTermsForm {
  const f = toDiTermsForm(null);
  const ford = franchiseInput('Ford');
  ford.partsDiscount = feeFromInput('12.5');
  setRate(ford.labourRates, '0', '54.85');
  setRate(ford.labourRates, '1', '60');
  const bmw = franchiseInput('BMW');
  bmw.partsDiscount = feeFromInput('5');
  setRate(f.motRates, '4', '45.00');
  setRate(f.motRates, '7', '58.60');
  setRate(f.fluidRates, 'SEMI_SYNTHETIC', '12.50');
  setRate(f.fluidRates, 'AD_BLUE', '1.99');
  setRate(f.tyreAncillaryRates, 'VALVE', '3.50');
  setRate(f.tyreAncillaryRates, 'TPMS', '25');
  setRate(f.wheelAlignmentRates, 'ALIGNMENT_4_WHEEL', '65');
  return {
    ...f,
    nominatedDealerName: ' Dana Reid ',
    fnp: { isEnabled: true, fnpBand: 'BAND_5_M25_LA2' },
    rebate: feeFromInput('4.5'),
    rebateAmount: feeFromInput('250'),
    agreedCreditLimit: feeFromInput('12500'),
    lastPhysicalAudit: '03/11/2025',
    lastDesktopAudit: '15/12/2025',
    franchises: [ford, bmw],
  };
}
/** The least a save needs: a dealer. */
const minimalForm = (): DiTermsForm => ({ ...toDiTermsForm(null), nominatedDealerName: 'Sam Lee' });

const termsAudit = (supplierId: string) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordId, supplierId), eq(auditLog.recordType, 'supplierNetworkTerms')))
    .orderBy(asc(auditLog.id));

describe('admin/saveSupplierDiNetworkTerms: who and which supplier', () => {
  it('needs EDIT_DI_NETWORK_TERMS (a viewer, or finance with manageNetwork, is refused) and writes nothing without it', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    for (const role of ['VIEWER', 'FINANCE']) {
      const res = await save(ids, null, fullForm(), as[role]);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await termsOf(ids)).toBeNull();
    expect(await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, s.supplier.id))).toEqual([]);
    // The universal permission passes.
    expect((await save(ids, null, minimalForm(), as.SUPER_ADMIN)).statusCode).toBe(200);
  });

  it("refuses a supplier whose group is not in the DI network, with the spec's message, before looking at the form", async () => {
    const s = await insertSupplier(t.services.db, {}, { belongsToDiNetwork: false });
    const ids = idsOf(s);
    for (const form of [fullForm(), { ...minimalForm(), nominatedDealerName: '' }]) {
      const res = await save(ids, null, form);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'NOT_IN_DI_NETWORK', message: 'The group is not part of DI Network, cannot manage DI Network Terms for this group.' });
    }
    expect(await details(ids)).toMatchObject({ belongsToDINetwork: false, diNetworkTerms: null, nominatedDealerName: null });
    expect(await t.services.db.select().from(supplierNetworkTerms).where(eq(supplierNetworkTerms.supplierId, s.supplier.id))).toEqual([]);
  });

  it('answers 404 for an unknown supplier or one named with another group, and checks the ids', async () => {
    const s = await insertSupplier(t.services.db);
    const other = await insertSupplier(t.services.db);
    for (const ids of [
      { serviceUnitId: crypto.randomUUID(), accountId: s.group.id },
      { serviceUnitId: s.supplier.id, accountId: other.group.id },
    ]) {
      const res = await save(ids, null, fullForm());
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'RECORD_NOT_FOUND', message: 'Supplier not found!' });
    }
    const missing = await as.EDITOR.post(SLUG, { accountId: s.group.id, version: null, diNetworkTerms: fullForm() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ serviceUnitId: 'serviceUnitId is required' });
    const noTerms = await as.EDITOR.post(SLUG, { ...idsOf(s), version: null });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().error.fields).toEqual({ diNetworkTerms: 'diNetworkTerms is required' });
    const noVersion = await as.EDITOR.post(SLUG, { ...idsOf(s), diNetworkTerms: fullForm() });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.fields).toEqual({ version: 'version is required' });
  });
});

describe('admin/saveSupplierDiNetworkTerms: the rules of spec 2 §5.4', () => {
  it('answers every message at its field, the first as the message, and stores nothing', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    const form = fullForm();
    form.nominatedDealerName = '';
    form.fnp = { isEnabled: true, fnpBand: '' };
    form.rebate = feeFromInput('12.5');
    form.agreedCreditLimit = { masked: '1,000,000', raw: null, value: null };
    form.lastPhysicalAudit = new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10).split('-').reverse().join('/');
    form.lastDesktopAudit = '31/02/2025';
    form.franchises[0].partsDiscount = feeFromInput('100.01');
    form.franchises[1].label = 'Lada';
    setRate(form.fluidRates, 'SEMI_SYNTHETIC', '1000.50');
    const res = await save(ids, null, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Nominated Dealer Manager is required.' });
    expect(res.json().error.fields).toEqual({
      nominatedDealerName: 'Nominated Dealer Manager is required.',
      'fnp.fnpBand': 'FNP Band is required.',
      rebate: 'Rebate Percentage must be less than 10',
      agreedCreditLimit: 'Agreed Credit Limit must be at most 999999.99',
      lastPhysicalAudit: 'Last Physical Audit cannot be in the future',
      lastDesktopAudit: 'Last Desktop Audit is not a valid date (DD/MM/YYYY)',
      'franchises.0.partsDiscount': 'Parts Discount must be at most 100',
      'franchises.1.label': 'Franchise is not valid',
      'fluidRates.0.rate': 'Semi synthetic is not valid',
    });
    expect(await termsOf(ids)).toBeNull();
    expect(await termsAudit(s.supplier.id)).toEqual([]);
  });

  it("takes an audit dated the server's today, a rebate of 9.99 and a discount of 100", async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    const form = fullForm();
    form.lastPhysicalAudit = today().split('-').reverse().join('/');
    form.rebate = feeFromInput('9.99');
    form.franchises[0].partsDiscount = feeFromInput('100');
    await saved(ids, null, form);
    expect(await termsOf(ids)).toMatchObject({ lastPhysicalAudit: today(), commercialTerms: { rebate: 9.99 }, franchises: [{ label: 'Ford', partsDiscount: 100 }, { label: 'BMW' }] });
  });

  it('answers 400 at the parts missing, not a failure, for terms that are not a whole form', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    const sparse = await save(ids, null, { nominatedDealerName: 'Sam Lee' });
    expect(sparse.statusCode, sparse.body).toBe(400);
    const missing = ['fnp', 'rebate', 'rebateAmount', 'agreedCreditLimit', 'lastPhysicalAudit', 'lastDesktopAudit', 'franchises', 'motRates', 'fluidRates', 'tyreAncillaryRates', 'wheelAlignmentRates'];
    expect(sparse.json().error).toMatchObject({ code: 'VALIDATION', message: 'The terms are not valid', fields: Object.fromEntries(missing.map((k) => [k, 'The terms are not valid'])) });

    const broken = await save(ids, null, { ...fullForm(), franchises: [null], motRates: [{ key: '4', rate: 45 }], fnp: { isEnabled: 'yes', fnpBand: 'BAND_1_LA1' } });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().error.fields).toEqual({ 'franchises.0': 'The terms are not valid', 'motRates.0.rate': 'The terms are not valid', 'fnp.isEnabled': 'The terms are not valid' });
    expect(await termsOf(ids)).toBeNull();
  });
});

describe('admin/saveSupplierDiNetworkTerms: versions', () => {
  it('creates version 1 from version null, then takes only the version it shows, with the details as they are now', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    const early = await save(ids, 1, minimalForm());
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'CONFLICT', current: { serviceUnitId: s.supplier.id, diNetworkTerms: null } });

    expect(await saved(ids, null, minimalForm())).toEqual({ success: true, version: 1 });
    for (const version of [null, 2, 5]) {
      const res = await save(ids, version, { ...minimalForm(), nominatedDealerName: 'Someone Else' });
      expect(res.statusCode, String(version)).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'CONFLICT', current: { diNetworkTerms: { version: 1, nominatedDealerName: 'Sam Lee' } } });
    }
    expect(await saved(ids, 1, { ...minimalForm(), version: 1, nominatedDealerName: 'Kim Moss' })).toEqual({ success: true, version: 2 });
    expect(await termsOf(ids)).toMatchObject({ version: 2, nominatedDealerName: 'Kim Moss' });
    expect((await details(ids)).nominatedDealerName).toBe('Kim Moss');
    expect((await termsAudit(s.supplier.id)).length).toBe(2);
  });

  it('lets one of two first saves at once win, and refuses the other as a conflict', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    const both = await Promise.all([save(ids, null, fullForm()), save(ids, null, { ...fullForm(), nominatedDealerName: 'Kim Moss' }, as.SUPER_ADMIN)]);
    expect(both.map((r) => r.statusCode).sort(), both.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const [winner, loser] = both[0].statusCode === 200 ? both : [both[1], both[0]];
    expect(loser.json().error).toMatchObject({ code: 'CONFLICT', current: { diNetworkTerms: { version: 1 } } });
    expect(winner.json()).toEqual({ success: true, version: 1 });
    expect((await termsOf(ids))!.version).toBe(1);
    expect(await details(ids)).toMatchObject({ manufacturers: ['Ford', 'Kia', 'BMW'], version: 2 });
  });
});

describe('admin/saveSupplierDiNetworkTerms: what is stored', () => {
  it('answers every field through supplier/getSupplierDetails, rates dated today, and keeps them through an unchanged save', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    const day1 = today();
    const at1 = t.clock.now().toISOString();
    await saved(ids, null, fullForm());

    const terms = await termsOf(ids);
    const dated = (x: object) => ({ ...x, isAvailable: true, effectiveDate: day1 });
    expect(terms).toEqual({
      version: 1,
      nominatedDealerName: 'Dana Reid',
      lastPhysicalAudit: '2025-11-03',
      lastDesktopAudit: '2025-12-15',
      fnp: { isEnabled: true, fnpBand: 'BAND_5_M25_LA2' },
      commercialTerms: { rebate: 4.5, rebateAmount: 25000 },
      franchises: [
        {
          label: 'Ford',
          partsDiscount: 12.5,
          labourRates: [dated({ vehicleCategoryType: 0, typeValue: 'Labour', rate: 5485 }), dated({ vehicleCategoryType: 1, typeValue: 'Labour', rate: 6000 })],
        },
        { label: 'BMW', partsDiscount: 5, labourRates: [] },
      ],
      motRates: [dated({ classType: '4', classTypeValue: 3, label: 'Class 4', rate: 4500 }), dated({ classType: '7', classTypeValue: 5, label: 'Class 7', rate: 5860 })],
      fluidRates: [dated({ type: 'SEMI_SYNTHETIC', typeValue: 0, label: 'Semi synthetic', rate: 1250 }), dated({ type: 'AD_BLUE', typeValue: 4, label: 'AdBlue', rate: 199 })],
      tyreAncillaryRates: [dated({ type: 'VALVE', typeValue: 1, label: 'Valve', rate: 350 }), dated({ type: 'TPMS', typeValue: 3, label: 'Tyre pressure monitoring', rate: 2500 })],
      wheelAlignmentRates: [dated({ type: 'ALIGNMENT_4_WHEEL', typeValue: 1, label: 'Wheel alignment (4 wheels)', rate: 6500 })],
      creditLimit: { agreedCreditLimit: 1250000, updatedBy: { lastUpdated: at1, username: 'Test EDITOR' } },
      log: { modifiedTimestamp: at1, modifiedBy: 'ADMIN', modifiedByUser: 'Test EDITOR' },
    });

    // The next day, the page's form saved as it was read: nothing changes but the version and the log.
    await nextDay();
    const at2 = t.clock.now().toISOString();
    await saved(ids, 1, toDiTermsForm(terms));
    const same = (await termsOf(ids))!;
    expect(same).toEqual({ ...terms, version: 2, log: { modifiedTimestamp: at2, modifiedBy: 'ADMIN', modifiedByUser: 'Test EDITOR' } });
    // …and by another admin: the credit limit keeps who set it.
    await saved(ids, 2, toDiTermsForm(same), as.SUPER_ADMIN);
    expect((await termsOf(ids))!.log.modifiedByUser).toBe('Test SUPER_ADMIN');
    expect((await termsOf(ids))!.creditLimit.updatedBy).toEqual({ lastUpdated: at1, username: 'Test EDITOR' });
  });

  it('dates a changed rate the new day and keeps the old one in its history; a cleared rate is kept unavailable; the credit limit records who changed it', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    const day1 = today();
    await saved(ids, null, fullForm());
    await nextDay();
    const day2 = today();
    const at2 = t.clock.now().toISOString();

    const form = toDiTermsForm(await termsOf(ids));
    setRate(form.franchises[0].labourRates, '0', '56');
    setRate(form.franchises[0].labourRates, '1', '');
    setRate(form.motRates, '4', '47.50');
    setRate(form.fluidRates, 'AD_BLUE', '2.05');
    setRate(form.tyreAncillaryRates, 'VALVE', '');
    setRate(form.wheelAlignmentRates, 'ALIGNMENT_2_WHEEL', '40');
    form.agreedCreditLimit = feeFromInput('15,000.50');
    await saved(ids, 1, form, as.SUPER_ADMIN);
    const terms = (await termsOf(ids))!;
    const [car, lcv] = terms.franchises[0].labourRates;
    expect(car).toEqual({ vehicleCategoryType: 0, typeValue: 'Labour', rate: 5600, isAvailable: true, effectiveDate: day2, history: [{ rate: 5485, effectiveDate: day1 }] });
    expect(lcv).toEqual({ vehicleCategoryType: 1, typeValue: 'Labour', rate: 6000, isAvailable: false, effectiveDate: day1 });
    expect(terms.motRates.map((r) => [r.classType, r.rate, r.effectiveDate, r.history])).toEqual([
      ['4', 4750, day2, [{ rate: 4500, effectiveDate: day1 }]],
      ['7', 5860, day1, undefined],
    ]);
    expect(terms.fluidRates.map((r) => [r.type, r.rate, r.effectiveDate])).toEqual([['SEMI_SYNTHETIC', 1250, day1], ['AD_BLUE', 205, day2]]);
    expect(terms.tyreAncillaryRates.map((r) => [r.type, r.rate, r.isAvailable, r.effectiveDate])).toEqual([['VALVE', 350, false, day1], ['TPMS', 2500, true, day1]]);
    expect(terms.wheelAlignmentRates.map((r) => [r.type, r.rate, r.effectiveDate, r.history])).toEqual([['ALIGNMENT_2_WHEEL', 4000, day2, undefined], ['ALIGNMENT_4_WHEEL', 6500, day1, undefined]]);
    expect(terms.creditLimit).toEqual({ agreedCreditLimit: 1500050, updatedBy: { lastUpdated: at2, username: 'Test SUPER_ADMIN' } });

    // The form read back shows the cleared rates empty; the history grows newest first, at most RATE_HISTORY_MAX.
    const again = toDiTermsForm(terms);
    expect(again.franchises[0].labourRates.find((r) => r.key === '1')!.rate.masked).toBe('');
    let version = terms.version;
    for (let i = 1; i <= RATE_HISTORY_MAX + 1; i++) {
      const f = toDiTermsForm((await termsOf(ids))!);
      setRate(f.motRates, '7', String(60 + i));
      version = (await saved(ids, version, f)).version;
    }
    const seven = (await termsOf(ids))!.motRates.find((r) => r.classType === '7')!;
    expect(seven.rate).toBe(7100);
    expect(seven.history).toHaveLength(RATE_HISTORY_MAX);
    expect(seven.history!.map((h) => h.rate)).toEqual([7000, 6900, 6800, 6700, 6600, 6500, 6400, 6300, 6200, 6100]);
  });

  it('stores FNP off as NONE, and empty single values as none', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    await saved(ids, null, { ...minimalForm(), fnp: { isEnabled: false, fnpBand: 'BAND_1_LA1' } });
    expect(await termsOf(ids)).toMatchObject({
      fnp: { isEnabled: false, fnpBand: 'NONE' },
      commercialTerms: { rebate: 0, rebateAmount: null },
      creditLimit: { agreedCreditLimit: null, updatedBy: null },
      lastPhysicalAudit: null,
      lastDesktopAudit: null,
      franchises: [],
      motRates: [],
      fluidRates: [],
      tyreAncillaryRates: [],
      wheelAlignmentRates: [],
    });
  });
});

describe("admin/saveSupplierDiNetworkTerms: the supplier's franchises", () => {
  it('adds a franchise given rates to the supplier, and removes one deleted or emptied, bumping the supplier version only then', async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    expect(await details(ids)).toMatchObject({ manufacturers: ['Ford', 'Kia'], version: 1 });

    // Ford (already the supplier's) and BMW (new): BMW joins.
    await saved(ids, null, fullForm());
    expect(await details(ids)).toMatchObject({ manufacturers: ['Ford', 'Kia', 'BMW'], version: 2 });

    // A save that names the same franchises leaves the supplier alone.
    let terms = (await termsOf(ids))!;
    await saved(ids, terms.version, { ...toDiTermsForm(terms), nominatedDealerName: 'Kim Moss' });
    expect(await details(ids)).toMatchObject({ manufacturers: ['Ford', 'Kia', 'BMW'], version: 2 });

    // Ford deleted, a franchise with nothing in it (Audi) dropped and never added, Independent never a manufacturer.
    terms = (await termsOf(ids))!;
    const form = toDiTermsForm(terms);
    form.franchises = form.franchises.filter((f) => f.label !== 'Ford');
    const independent = franchiseInput('Independent');
    setRate(independent.labourRates, '0', '48');
    form.franchises.push(franchiseInput('Audi'), independent);
    await saved(ids, terms.version, form);
    expect((await termsOf(ids))!.franchises.map((f) => f.label)).toEqual(['BMW', 'Independent']);
    expect(await details(ids)).toMatchObject({ manufacturers: ['Kia', 'BMW'], version: 3 });

    // BMW emptied (no discount, no rate): dropped from the terms and from the supplier.
    terms = (await termsOf(ids))!;
    const emptied = toDiTermsForm(terms);
    emptied.franchises[0].partsDiscount = feeFromInput('');
    await saved(ids, terms.version, emptied);
    expect((await termsOf(ids))!.franchises.map((f) => f.label)).toEqual(['Independent']);
    expect(await details(ids)).toMatchObject({ manufacturers: ['Kia'], version: 4 });

    // Kia given a labour rate only (no discount: stored empty, not 0), then its rate cleared: it goes again.
    terms = (await termsOf(ids))!;
    const withKia = toDiTermsForm(terms);
    const kia = franchiseInput('Kia');
    setRate(kia.labourRates, '0', '52');
    withKia.franchises.push(kia);
    await saved(ids, terms.version, withKia);
    terms = (await termsOf(ids))!;
    expect(terms.franchises.map((f) => [f.label, f.partsDiscount])).toEqual([['Independent', null], ['Kia', null]]);
    expect(await details(ids)).toMatchObject({ manufacturers: ['Kia'], version: 4 });
    const noKia = toDiTermsForm(terms);
    expect(noKia.franchises[1].partsDiscount.masked).toBe('');
    setRate(noKia.franchises[1].labourRates, '0', '');
    await saved(ids, terms.version, noKia);
    expect((await termsOf(ids))!.franchises.map((f) => f.label)).toEqual(['Independent']);
    expect(await details(ids)).toMatchObject({ manufacturers: [], version: 5 });

    const supplierAudit = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, s.supplier.id), eq(auditLog.recordType, 'supplier')))
      .orderBy(asc(auditLog.id));
    expect(supplierAudit.map((a) => a.slug)).toEqual([SLUG, SLUG, SLUG, SLUG]);
    expect(supplierAudit[1].before).toMatchObject({ manufacturers: ['Ford', 'Kia', 'BMW'] });
    expect(supplierAudit[1].after).toMatchObject({ manufacturers: ['Kia', 'BMW'] });
  });
});

describe('admin/saveSupplierDiNetworkTerms: audit', () => {
  it("writes one audit row of recordType 'supplierNetworkTerms' per save, with the row before and after", async () => {
    const s = await insertSupplier(t.services.db);
    const ids = idsOf(s);
    await saved(ids, null, fullForm());
    const form = toDiTermsForm(await termsOf(ids));
    form.rebate = feeFromInput('3');
    await saved(ids, 1, form);

    const audit = await termsAudit(s.supplier.id);
    expect(audit.map((a) => [a.slug, a.recordType, a.recordId])).toEqual([
      [SLUG, 'supplierNetworkTerms', s.supplier.id],
      [SLUG, 'supplierNetworkTerms', s.supplier.id],
    ]);
    expect(audit[0].before).toBeNull();
    expect(audit[0].after).toMatchObject({ supplierId: s.supplier.id, version: 1, nominatedDealerName: 'Dana Reid', rebateBp: 450, fnpBand: 'BAND_5_M25_LA2', agreedCreditLimit: 1250000 });
    expect(audit[1].before).toMatchObject({ version: 1, rebateBp: 450 });
    expect(audit[1].after).toMatchObject({ version: 2, rebateBp: 300 });
    expect(audit[1].at.toISOString()).toBe(t.clock.now().toISOString());
    expect(audit.map((a) => a.adminId)).toEqual([adminIds.EDITOR, adminIds.EDITOR]);
  });
});
