/**
 * The paybill address and footer as the calls carry them and as the console's record holds them
 * (spec 3 §3 "Paybill details"), apart from the form's schema (paybillAddress.ts): the entity
 * declarations load with the console's first script and must not build zod schemas.
 */
import { PAYBILL_SETTINGS_ID } from '../finance';

/** The drawer's fields (spec 3 §2.1: company name prefix, building, street, district, town, county, postcode, footer). */
export const PAYBILL_LABELS = {
  companyName: 'Company Name Prefix',
  number: 'Building',
  address1: 'Street',
  address2: 'District',
  address3: 'Town',
  county: 'County',
  postCode: 'Postcode',
  footer: 'Footer',
} as const;
export type PaybillField = keyof typeof PAYBILL_LABELS;

/** The drawer's values: text as typed. */
export type PaybillForm = Record<PaybillField, string>;

/** Spec 3 §3 "Paybill details" as the calls carry it. */
export interface PaybillDetails {
  address: { number: string; address1: string; address2: string; address3: string; county: string; postCode: string };
  invoice: { companyName: string; footer: { blurb: string } };
}

/** GET admin/getPaybillDetails; `version` (ours) is what a save is checked against; null before the first save. */
export interface PaybillDetailsResponse {
  success: true;
  paybillDetails: PaybillDetails & { version: number | null };
}

export function paybillFormOf(details: PaybillDetails): PaybillForm {
  const { address: a, invoice } = details;
  return { companyName: invoice.companyName, number: a.number, address1: a.address1, address2: a.address2, address3: a.address3, county: a.county, postCode: a.postCode, footer: invoice.footer.blurb };
}

export function paybillDetailsOf(form: PaybillForm): PaybillDetails {
  return {
    address: { number: form.number, address1: form.address1, address2: form.address2, address3: form.address3, county: form.county, postCode: form.postCode },
    invoice: { companyName: form.companyName, footer: { blurb: form.footer } },
  };
}

/** The address and footer as the console's record (react-admin's getOne and update): the form's fields, its id and version. */
export type PaybillRecordData = PaybillForm & { id: string; version: number | null };

export function paybillRecordOf(details: PaybillDetails & { version: number | null }): PaybillRecordData {
  return { id: PAYBILL_SETTINGS_ID, version: details.version, ...paybillFormOf(details) };
}
