/** Finance values of spec 3 §3 (pay bill records, SAVi exports, accounting categories). */

export const INVOICE_TYPES = ['Invoice', 'Credit'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** STANDARD is shown as MAINTENANCE REPAIR (spec 3 §2.1). */
export const JOB_TYPES = ['STANDARD', 'TYRES', 'MOT', 'GLASS', 'BODYSHOP', 'BREAKDOWN'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  STANDARD: 'MAINTENANCE REPAIR',
  TYRES: 'TYRES',
  MOT: 'MOT',
  GLASS: 'GLASS',
  BODYSHOP: 'BODYSHOP',
  BREAKDOWN: 'BREAKDOWN',
};

/**
 * VAT codes of invoice lines (ours), rate in basis points. financeName: the finance system's tax
 * code a bill line carries (as QuickBooks Online names its UK and Irish codes).
 */
export const TAX_CODES = [
  { code: 'S', label: 'Standard 20%', rateBp: 2000, locale: 'en_GB', financeName: '20.0% S' },
  { code: 'Z', label: 'Zero rated', rateBp: 0, locale: 'en_GB', financeName: '0.0% Z' },
  { code: 'IE23', label: 'Standard 23%', rateBp: 2300, locale: 'en_IE', financeName: '23% S' },
  { code: 'IE135', label: 'Reduced 13.5%', rateBp: 1350, locale: 'en_IE', financeName: '13.5% R' },
] as const;
export type TaxCode = (typeof TAX_CODES)[number];
export const taxCodeOf = (code: string): TaxCode | undefined => TAX_CODES.find((t) => t.code === code);

export const BILLING_SUBSCRIPTION_STATUSES = ['active', 'in_trial', 'non_renewing', 'paused', 'cancelled', 'future'] as const;
export type BillingSubscriptionStatus = (typeof BILLING_SUBSCRIPTION_STATUSES)[number];
/** Price points of the local billing ledger (ours), minor units per unit. */
export const ITEM_PRICES = [
  { id: 'platform-licence-GBP-monthly', amount: 4500 },
  { id: 'platform-licence-EUR-monthly', amount: 5200 },
  { id: 'per-vehicle-GBP-monthly', amount: 150 },
  { id: 'per-vehicle-EUR-monthly', amount: 175 },
  { id: 'garage-listing-GBP-monthly', amount: 2500 },
  { id: 'garage-listing-EUR-monthly', amount: 2900 },
  { id: 'reporting-licence-GBP-monthly', amount: 3000 },
] as const;

/** The pay bill address singleton's key. */
export const PAYBILL_SETTINGS_ID = 'default';

/** An accounting-system customer category (spec 3 §3 "Accounting category": Name, Id). */
export interface AccountingCategory {
  id: string;
  name: string;
}
/** GET admin/getAccountingCategories (ours; the customer form's choice of Accounting Category). */
export interface AccountingCategoriesResponse {
  customerCategories: AccountingCategory[];
}
