import { z } from 'zod';
import { isEircode, isUkPostcode, spacedPostcode } from '../formats';
import { notValidMessage, requiredMessage } from '../messages';
import type { LengthCap } from '../lengthCap';
import { PAYBILL_LABELS, type PaybillField, type PaybillForm } from './paybillRecord';

/** Spec 3 §2.1, §9: the Paybill Address and Footer drawer is 580 wide. */
export const PAYBILL_DRAWER_WIDTH = 580;
export const PAYBILL_DRAWER_TITLE = 'Paybill Address and Footer';

/** Spec 3 §5 maximum lengths; the postcode's is ours (the longest UK postcode or Eircode with its space). */
export const PAYBILL_CAPS: Readonly<Record<PaybillField, LengthCap>> = {
  companyName: { max: 20 },
  number: { max: 20 },
  address1: { max: 50 },
  address2: { max: 20 },
  address3: { max: 50 },
  county: { max: 50 },
  postCode: { max: 8 },
  footer: { max: 400 },
};

export const PAYBILL_MESSAGES = {
  /** Spec 3 §8, wording kept as given. */
  fetchFailed: 'Failed to fetch Paybill Address and Foother Details',
  /** Ours: the spec shows a success notice without its wording. */
  saved: 'The paybill address and footer have been saved',
  saveFailed: 'The paybill address and footer could not be saved.',
} as const;

/**
 * What an address line may hold (ours: the spec says '... is not valid' without a pattern):
 * letters, digits, spaces and the punctuation of addresses. The footer is free text on one or more
 * lines, without control characters.
 */
const ADDRESS_TEXT = /^[\p{L}\p{M}\p{N} .,'’&/()#:-]+$/u;
const FOOTER_TEXT = /^[^\p{Cc}]*$/u;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
/** Footer lines keep their breaks (as CRLF or LF typed); the edges are trimmed. */
const footerText = (v: unknown): string => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : '');

function field(name: Exclude<PaybillField, 'postCode' | 'footer'>) {
  const label = PAYBILL_LABELS[name];
  return z.preprocess(
    text,
    z
      .string()
      .min(1, { message: requiredMessage(label), abort: true })
      .max(PAYBILL_CAPS[name].max, { message: notValidMessage(label), abort: true })
      .regex(ADDRESS_TEXT, notValidMessage(label)),
  );
}

/**
 * The invoicing company's address is in the UK or Ireland: a postcode of either, kept in its usual
 * spaced form, as the customer area shows one ('ls115qs' → 'LS11 5QS'), so the drawer, the
 * statements and the invoices print it so.
 */
const postCode = z.preprocess(
  (v) => spacedPostcode(text(v).toUpperCase()),
  z
    .string()
    .min(1, { message: requiredMessage(PAYBILL_LABELS.postCode), abort: true })
    .max(PAYBILL_CAPS.postCode.max, { message: notValidMessage(PAYBILL_LABELS.postCode), abort: true })
    .refine((v) => isUkPostcode(v) || isEircode(v), notValidMessage(PAYBILL_LABELS.postCode)),
);

const footer = z.preprocess(
  footerText,
  z
    .string()
    .min(1, { message: requiredMessage(PAYBILL_LABELS.footer), abort: true })
    .max(PAYBILL_CAPS.footer.max, { message: notValidMessage(PAYBILL_LABELS.footer), abort: true })
    // Line breaks are the footer's own; other control characters are not text.
    .refine((v) => FOOTER_TEXT.test(v.replace(/\n/g, ' ')), notValidMessage(PAYBILL_LABELS.footer)),
);

/** The drawer's form (spec 3 §5: every field required, '... is required' and '... is not valid'). */
export const paybillFormSchema = z.object({
  companyName: field('companyName'),
  number: field('number'),
  address1: field('address1'),
  address2: field('address2'),
  address3: field('address3'),
  county: field('county'),
  postCode,
  footer,
});
export const EMPTY_PAYBILL_FORM: PaybillForm = { companyName: '', number: '', address1: '', address2: '', address3: '', county: '', postCode: '', footer: '' };

/** POST admin/savePayBillAddressAndFooterDetails (spec 3 §7), with the version the drawer showed (ours). */
export const savePaybillSchema = z.object({
  version: z.number({ error: 'version is required' }).int().positive().nullable(),
  // Each value is checked by the form's rules (paybillFormSchema), so a missing one gets '{Label} is required'.
  address: z.object(
    {
      number: z.unknown().optional(),
      address1: z.unknown().optional(),
      address2: z.unknown().optional(),
      address3: z.unknown().optional(),
      county: z.unknown().optional(),
      postCode: z.unknown().optional(),
    },
    { error: 'address is required' },
  ),
  invoice: z.object({ companyName: z.unknown().optional(), footer: z.object({ blurb: z.unknown().optional() }, { error: 'invoice.footer is required' }) }, { error: 'invoice is required' }),
});
export type SavePaybillInput = z.infer<typeof savePaybillSchema>;

