import type { Minor } from '../../common';
import { EMPTY_FEE, feeFromMinor, maskedToMinor } from '../../fees';
import { parseCell } from '../../network/cells';
import type { FnpBand, FranchiseTerms, MotRate, Rate } from '../enums';
import { diColumnKind } from './labels';
import { LABOUR_SLOTS, RATE_HISTORY_MAX, RATE_SLOTS, type RateSlot } from './slots';
import type { DiNetworkTerms, DiTermsForm, FranchiseInput, RateInput, RateListKey } from './values';

/** A stored rate with the rates it replaced, newest first. */
type Dated = { rate: Minor; isAvailable: boolean; effectiveDate: string | null; history?: { rate: Minor; effectiveDate: string | null }[] };

const isoToForm = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const percentField = (percent: number | null | undefined) => (percent === null || percent === undefined ? EMPTY_FEE : feeFromMinor(Math.round(percent * 100)));
const input = (key: string, stored: Dated | undefined): RateInput => ({
  key,
  rate: stored?.isAvailable ? feeFromMinor(stored.rate) : EMPTY_FEE,
  effectiveDate: stored?.isAvailable ? stored.effectiveDate : null,
});

const keyOf: Record<RateListKey, (r: Rate | MotRate) => string> = {
  motRates: (r) => String((r as MotRate).classType),
  fluidRates: (r) => String((r as Rate).type),
  tyreAncillaryRates: (r) => String((r as Rate).type),
  wheelAlignmentRates: (r) => String((r as Rate).type),
};

/** The form for a supplier's terms (or a blank one): every slot, the available rates filled in. */
export function toDiTermsForm(terms: DiNetworkTerms | null): DiTermsForm {
  const list = (key: RateListKey) => RATE_SLOTS[key].map((slot) => input(slot.key, (terms?.[key] as (Rate | MotRate)[] | undefined)?.find((r) => keyOf[key](r) === slot.key)));
  return {
    version: terms?.version ?? null,
    nominatedDealerName: terms?.nominatedDealerName ?? '',
    fnp: { isEnabled: terms?.fnp.isEnabled ?? false, fnpBand: terms && terms.fnp.fnpBand !== 'NONE' ? terms.fnp.fnpBand : '' },
    rebate: terms ? percentField(terms.commercialTerms.rebate) : EMPTY_FEE,
    rebateAmount: feeFromMinor(terms?.commercialTerms.rebateAmount),
    agreedCreditLimit: feeFromMinor(terms?.creditLimit.agreedCreditLimit),
    lastPhysicalAudit: isoToForm(terms?.lastPhysicalAudit ?? null),
    lastDesktopAudit: isoToForm(terms?.lastDesktopAudit ?? null),
    franchises: (terms?.franchises ?? []).map((f) => franchiseInput(f.label, f)),
    motRates: list('motRates'),
    fluidRates: list('fluidRates'),
    tyreAncillaryRates: list('tyreAncillaryRates'),
    wheelAlignmentRates: list('wheelAlignmentRates'),
  };
}

/** A franchise row: its discount and one rate per vehicle category. */
export function franchiseInput(label: string, stored?: FranchiseTerms): FranchiseInput {
  return {
    label,
    partsDiscount: percentField(stored?.partsDiscount ?? null),
    labourRates: LABOUR_SLOTS.map((slot) => input(slot.key, stored?.labourRates.find((r) => String(r.vehicleCategoryType) === slot.key))),
  };
}

/**
 * A rate as stored after a save on `today`: unchanged, it keeps its effective date; changed, it
 * takes today's and the rate it replaces goes to its history (spec 2 §4: isAvailable whenever a
 * rate is present). Left empty, a stored rate stays, unavailable, so its history is kept.
 */
function dated(typed: RateInput | undefined, before: Dated | undefined, today: string): Dated | null {
  const minor = typed ? maskedToMinor(typed.rate.masked) : null;
  if (minor === null) return before ? { ...before, isAvailable: false } : null;
  if (before && before.isAvailable && before.rate === minor) return before;
  const history = before ? [{ rate: before.rate, effectiveDate: before.effectiveDate }, ...(before.history ?? [])].slice(0, RATE_HISTORY_MAX) : undefined;
  return { rate: minor, isAvailable: true, effectiveDate: today, ...(history ? { history } : {}) };
}

function ratesOf(list: RateListKey, typed: RateInput[], before: (Rate | MotRate)[], today: string): (Rate | MotRate)[] {
  return RATE_SLOTS[list].flatMap((slot: RateSlot): (Rate | MotRate)[] => {
    const prior = before.find((r) => keyOf[list](r) === slot.key);
    const next = dated(typed.find((t) => t.key === slot.key), prior, today);
    if (!next) return [];
    return list === 'motRates'
      ? [{ classType: slot.key as MotRate['classType'], classTypeValue: slot.typeValue, label: slot.label, ...next }]
      : [{ type: slot.key, typeValue: slot.typeValue, label: slot.label, ...next }];
  });
}

/** What a save stores from a checked form, against the terms as they are (null: none yet). */
export function diTermsColumns(form: DiTermsForm, before: DiNetworkTerms | null, today: string) {
  // The masked money keeps thousands commas; the file's cells have none.
  const cell = (key: 'rebate' | 'rebateAmount' | 'agreedCreditLimit' | 'lastPhysicalAudit' | 'lastDesktopAudit', value: string) => {
    const text = key === 'lastPhysicalAudit' || key === 'lastDesktopAudit' ? value.trim() : value.trim().replace(/,/g, '');
    if (!text) return null;
    const result = parseCell(diColumnKind(key), key, text, false, today);
    return 'value' in result ? result.value : null;
  };
  const band: FnpBand = form.fnp.isEnabled && form.fnp.fnpBand ? (form.fnp.fnpBand as FnpBand) : 'NONE';
  const franchises: FranchiseTerms[] = form.franchises.flatMap((f) => {
    const prior = before?.franchises.find((p) => p.label === f.label);
    const labourRates = LABOUR_SLOTS.flatMap((slot) => {
      const old = prior?.labourRates.find((r) => String(r.vehicleCategoryType) === slot.key);
      const next = dated(f.labourRates.find((r) => r.key === slot.key), old, today);
      return next ? [{ vehicleCategoryType: slot.typeValue, typeValue: 'Labour' as const, ...next }] : [];
    });
    const discount = maskedToMinor(f.partsDiscount.masked);
    // Spec 2 §4: a franchise with no labour rate and no parts discount is dropped on save. An
    // empty discount is kept empty (null), apart from a typed 0, which is a discount of 0 %.
    if (discount === null && !labourRates.some((r) => r.isAvailable)) return [];
    return [{ label: f.label, partsDiscount: discount === null ? null : discount / 100, labourRates }];
  });
  return {
    nominatedDealerName: form.nominatedDealerName.trim(),
    fnpEnabled: band !== 'NONE',
    fnpBand: band,
    rebateBp: (cell('rebate', form.rebate.masked) as number | null) ?? 0,
    rebateAmount: cell('rebateAmount', form.rebateAmount.masked) as Minor | null,
    agreedCreditLimit: cell('agreedCreditLimit', form.agreedCreditLimit.masked) as Minor | null,
    lastPhysicalAudit: cell('lastPhysicalAudit', form.lastPhysicalAudit) as string | null,
    lastDesktopAudit: cell('lastDesktopAudit', form.lastDesktopAudit) as string | null,
    franchises,
    motRates: ratesOf('motRates', form.motRates, before?.motRates ?? [], today) as MotRate[],
    fluidRates: ratesOf('fluidRates', form.fluidRates, before?.fluidRates ?? [], today) as Rate[],
    tyreAncillaryRates: ratesOf('tyreAncillaryRates', form.tyreAncillaryRates, before?.tyreAncillaryRates ?? [], today) as Rate[],
    wheelAlignmentRates: ratesOf('wheelAlignmentRates', form.wheelAlignmentRates, before?.wheelAlignmentRates ?? [], today) as Rate[],
  };
}
export type DiTermsColumns = ReturnType<typeof diTermsColumns>;
