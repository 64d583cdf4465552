import { z } from 'zod';
import { maskedToMinor } from '../../fees';
import { notValidMessage } from '../../messages';
import { parseCell } from '../../network/cells';
import { FNP_BANDS } from '../enums';
import { DI_TERMS_LABELS as L, DI_TERMS_MESSAGES as M, diColumnKind } from './labels';
import { LABOUR_SLOTS, RATE_SLOTS } from './slots';
import { FRANCHISE_NAMES, type DiTermsForm, type RateListKey } from './values';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * What the rules and diTermsColumns read of a form: an input missing a part (a fee without its
 * masked text, a list that is not one) is refused here, not met later as a failure of the save.
 */
const fee = z.looseObject({ masked: z.string() });
const rateList = z.array(z.looseObject({ key: z.string(), rate: fee }));
const FORM_SHAPE = z.looseObject({
  nominatedDealerName: z.string(),
  fnp: z.looseObject({ isEnabled: z.boolean(), fnpBand: z.string() }),
  rebate: fee,
  rebateAmount: fee,
  agreedCreditLimit: fee,
  lastPhysicalAudit: z.string(),
  lastDesktopAudit: z.string(),
  franchises: z.array(z.looseObject({ label: z.string(), partsDiscount: fee, labourRates: rateList })),
  motRates: rateList,
  fluidRates: rateList,
  tyreAncillaryRates: rateList,
  wheelAlignmentRates: rateList,
});

/**
 * The Edit DI Network Terms form (spec 2 §5.4), `today` (YYYY-MM-DD) bounding the audit dates.
 * The single values are checked by the DI network file's cell rules (domain/network/cells.ts), so
 * the page and an import say the same; the rates are money (6 integer digits, 2 decimals; fluid
 * prices at most 6 characters), the parts discount at most 100.
 */
export function diTermsFormSchema(today: string) {
  return z.custom<DiTermsForm>((v) => typeof v === 'object' && v !== null, 'The terms are required').superRefine((form, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const shape = FORM_SHAPE.safeParse(form);
    if (!shape.success) {
      for (const i of shape.error.issues) issue(i.path as (string | number)[], M.termsNotValid);
      return;
    }
    const cell = (key: Parameters<typeof diColumnKind>[0], label: string, value: string, required = false) => {
      const result = parseCell(diColumnKind(key), label, value, required, today);
      return 'error' in result ? result.error : null;
    };

    const dealer = text(form.nominatedDealerName);
    const dealerError = dealer ? cell('nominatedDealerName', L.nominatedDealerName, dealer) : M.dealerRequired;
    if (dealerError) issue(['nominatedDealerName'], dealerError);

    const band = form.fnp?.fnpBand;
    if (form.fnp?.isEnabled && (!band || band === 'NONE')) issue(['fnp', 'fnpBand'], M.fnpBandRequired);
    else if (band && !(FNP_BANDS as readonly string[]).includes(band)) issue(['fnp', 'fnpBand'], notValidMessage(L.fnpBand));

    for (const [key, label] of [['rebate', L.rebate], ['rebateAmount', L.rebateAmount], ['agreedCreditLimit', L.agreedCreditLimit]] as const) {
      const masked = text(form[key]?.masked).replace(/,/g, '');
      const error = masked ? cell(key, label, masked) : null;
      if (error) issue([key], error);
    }
    for (const key of ['lastPhysicalAudit', 'lastDesktopAudit'] as const) {
      const value = text(form[key]);
      const error = value ? cell(key, L[key], value) : null;
      if (error) issue([key], error);
    }

    const seen = new Set<string>();
    (form.franchises ?? []).forEach((f, i) => {
      if (!(FRANCHISE_NAMES as readonly string[]).includes(f.label) || seen.has(f.label)) issue(['franchises', i, 'label'], notValidMessage('Franchise'));
      seen.add(f.label);
      const discount = text(f.partsDiscount?.masked);
      const minor = discount ? maskedToMinor(discount) : null;
      if (discount && minor === null) issue(['franchises', i, 'partsDiscount'], notValidMessage(L.partsDiscount));
      else if (minor !== null && minor > 100_00) issue(['franchises', i, 'partsDiscount'], M.partsDiscountOver);
      (f.labourRates ?? []).forEach((r, j) => {
        const masked = text(r.rate?.masked);
        const slot = LABOUR_SLOTS.find((s) => s.key === r.key);
        if (!slot) issue(['franchises', i, 'labourRates', j, 'rate'], notValidMessage('Labour rate'));
        else if (masked && maskedToMinor(masked) === null) issue(['franchises', i, 'labourRates', j, 'rate'], notValidMessage(`${f.label} ${slot.label}`));
      });
    });

    for (const list of Object.keys(RATE_SLOTS) as RateListKey[]) {
      (form[list] ?? []).forEach((r, i) => {
        const slot = RATE_SLOTS[list].find((s) => s.key === r.key);
        const masked = text(r.rate?.masked);
        if (!slot) issue([list, i, 'rate'], notValidMessage('Rate'));
        else if (masked && (maskedToMinor(masked) === null || (list === 'fluidRates' && masked.length > 6))) issue([list, i, 'rate'], notValidMessage(slot.label));
      });
    }
  });
}
