/**
 * The column catalogues of the network file, one per variant, run by format.ts. The first eight
 * columns say which supplier a row is about and are the same in both; the rest are the terms.
 *
 * Customer network (one row per supplier of the chosen group linked to the customer):
 *   Supplier Id, Supplier Name, Group Id, Group Name, Supplier Type, Town, Postcode, Status,
 *   In Network, Preferred, Labour Rate, Parts Discount %, MOT Rate, Authorisation Limit, Notes
 * DI network (one row per supplier of a DI network group):
 *   the same eight, then Nominated Dealer Manager, FNP Band, Rebate %, Rebate Amount,
 *   Agreed Credit Limit, Last Physical Audit, Last Desktop Audit
 */
import { FNP_BANDS } from '../suppliers/enums';
import type { ColumnDef, NetworkFormat } from './format';

/** Money inputs hold up to 6 integer digits and 2 decimals (spec 1 §5, spec 2 §5.4). */
export const MAX_MONEY_MINOR = 999_999_99;
/** Notes of a supplier's terms (ours: the spec has no such field). */
export const NOTES_MAX = 500;

const SUPPLIER_COLUMNS: ColumnDef[] = [
  { header: 'Supplier Id', key: 'supplierId', kind: { type: 'text', max: 20 }, required: true, description: "The supplier's DI Supplier Id: which supplier the row is about." },
  { header: 'Supplier Name', key: 'supplierName', kind: { type: 'text', max: 250 }, readOnly: true, description: 'For reading; not imported.' },
  { header: 'Group Id', key: 'groupId', kind: { type: 'text', max: 20 }, required: true, checkOnly: true, description: "The DI Group Id of the supplier's group; the import checks it, never changes it." },
  { header: 'Group Name', key: 'groupName', kind: { type: 'text', max: 250 }, readOnly: true, description: 'For reading; not imported.' },
  { header: 'Supplier Type', key: 'supplierType', kind: { type: 'text', max: 20 }, readOnly: true, description: 'Independent, Franchise or Mobile; for reading.' },
  { header: 'Town', key: 'town', kind: { type: 'text', max: 50 }, readOnly: true, description: 'For reading; not imported.' },
  { header: 'Postcode', key: 'postCode', kind: { type: 'text', max: 10 }, readOnly: true, description: 'For reading; not imported.' },
  { header: 'Status', key: 'status', kind: { type: 'text', max: 20 }, readOnly: true, description: 'Live or Cancelled; for reading.' },
];

/** A customer's terms with one supplier (customer_network_terms). */
export const CUSTOMER_NETWORK_FORMAT: NetworkFormat = {
  variant: 'customer',
  keyColumn: 'supplierId',
  columns: [
    ...SUPPLIER_COLUMNS,
    { header: 'In Network', key: 'inNetwork', kind: { type: 'yesNo' }, required: true, description: "Yes: the supplier may receive this customer's enquiries. No: it may not." },
    { header: 'Preferred', key: 'preferred', kind: { type: 'yesNo' }, required: true, description: 'Yes: offered first when an enquiry is allocated.' },
    { header: 'Labour Rate', key: 'labourRate', kind: { type: 'money', maxMinor: MAX_MONEY_MINOR }, description: 'Agreed hourly labour rate, e.g. 64.50; empty: the supplier’s own rate.' },
    { header: 'Parts Discount %', key: 'partsDiscount', kind: { type: 'percent', max: 100 }, description: 'Discount on parts, 0 to 100 with up to 2 decimals; empty: none agreed.' },
    { header: 'MOT Rate', key: 'motRate', kind: { type: 'money', maxMinor: MAX_MONEY_MINOR }, description: 'Agreed MOT price; empty: the supplier’s own price.' },
    { header: 'Authorisation Limit', key: 'authorisationLimit', kind: { type: 'money', maxMinor: MAX_MONEY_MINOR }, description: 'Jobs above this amount need the customer’s authorisation; empty: every job does.' },
    { header: 'Notes', key: 'notes', kind: { type: 'text', max: NOTES_MAX }, description: 'Free text for the network team, at most 500 characters.' },
  ],
};

/** The DI network terms of a supplier (supplier_network_terms, spec 2 §3.5), their single values. */
export const DI_NETWORK_FORMAT: NetworkFormat = {
  variant: 'di',
  emptyMeansNoTerms: true,
  keyColumn: 'supplierId',
  columns: [
    ...SUPPLIER_COLUMNS,
    { header: 'Nominated Dealer Manager', key: 'nominatedDealerName', kind: { type: 'text', max: 20 }, required: true, requiredMessage: 'Nominated Dealer Manager is required.', description: 'Spec 2 §5.4: required, at most 20 characters.' },
    { header: 'FNP Band', key: 'fnpBand', kind: { type: 'choice', values: FNP_BANDS }, required: true, requiredMessage: 'FNP Band is required.', description: `One of ${FNP_BANDS.join(', ')}.` },
    // Spec 2 says "over 10 is rejected" and quotes 'Rebate Percentage must be less than 10'. The
    // quoted text is what a user reads, so it decides: 10 itself is refused, and rule and message
    // agree (accepting 10 would contradict the message the same field shows).
    { header: 'Rebate %', key: 'rebate', kind: { type: 'percent', max: 10, belowMessage: 'Rebate Percentage must be less than 10' }, description: 'Under 10, up to 2 decimals.' },
    { header: 'Rebate Amount', key: 'rebateAmount', kind: { type: 'money', maxMinor: MAX_MONEY_MINOR }, description: 'Rebate as an amount; empty: none.' },
    { header: 'Agreed Credit Limit', key: 'agreedCreditLimit', kind: { type: 'money', maxMinor: MAX_MONEY_MINOR }, description: 'Empty: none agreed.' },
    { header: 'Last Physical Audit', key: 'lastPhysicalAudit', kind: { type: 'date', notFuture: true }, description: 'DD/MM/YYYY, not in the future.' },
    { header: 'Last Desktop Audit', key: 'lastDesktopAudit', kind: { type: 'date', notFuture: true }, description: 'DD/MM/YYYY, not in the future.' },
  ],
};

export function networkFormat(isDiNetwork: boolean): NetworkFormat {
  return isDiNetwork ? DI_NETWORK_FORMAT : CUSTOMER_NETWORK_FORMAT;
}

/**
 * Terms of a linked group's supplier that has no terms row yet (ours): in the network, not
 * preferred, nothing agreed. Exported as such; importing them unchanged creates no row.
 */
export const DEFAULT_CUSTOMER_TERMS = {
  inNetwork: true,
  preferred: false,
  labourRate: null,
  partsDiscount: null,
  motRate: null,
  authorisationLimit: null,
  notes: null,
} as const;

/** How the file names a supplier's unit status. */
export const UNIT_STATUS_CELL: Record<string, string> = { live: 'Live', cancelled: 'Cancelled' };

/**
 * The MOT class filter of an export keeps suppliers that offer the MOT service and take the
 * vehicles of that class (ours: suppliers record vehicle types, not MOT classes).
 */
export const MOT_CLASS_VEHICLE_TYPES: Record<string, readonly string[]> = {
  '1': ['MOTORBIKE'],
  '2': ['MOTORBIKE'],
  '3': ['CAR'],
  '4': ['CAR', 'ELECTRIC_CAR'],
  '5': ['COMMERCIAL_OVER_3_5', 'HGV'],
  '7': ['COMMERCIAL_UNDER_3_5', 'ELECTRIC_LCV'],
};
