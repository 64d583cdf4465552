import { DI_NETWORK_FORMAT } from '../../network/columns';
import type { CellKind } from '../../network/cells';

/** The page's texts (spec 2 §2.1, §8; titles of sections and buttons as the spec names them). */
export const DI_TERMS_MESSAGES = {
  title: 'Edit DI Network Terms',
  back: 'Back to Supplier Information',
  allFranchisesAdded: 'All franchises added.',
  deleteFranchise: (franchise: string) => `Deleting ${franchise} labour rates will also remove the ${franchise} franchise from this supplier. Do you want to continue?`,
  fnpBandRequired: 'FNP Band is required.',
  dealerRequired: 'Nominated Dealer Manager is required.',
  /** Spec 2 §9, verbatim; 10 itself is refused, as the text says (domain/network/columns.ts). */
  rebateOver: 'Rebate Percentage must be less than 10',
  /** Ours. */
  saved: 'The DI network terms have been saved',
  failure: 'The DI network terms could not be saved.',
  partsDiscountOver: 'Parts Discount must be at most 100',
  /** A save whose terms miss a part of the form (a fee without its text, a list that is not one). */
  termsNotValid: 'The terms are not valid',
} as const;

export const DI_TERMS_SECTIONS = {
  dealer: 'Nominated Dealer Manager',
  labour: 'Labour Rates',
  mot: 'MOT Rates',
  fluid: 'Fluid Prices (per litre)',
  tyre: 'Tyre Ancillary Rates',
  alignment: 'Wheel Alignment Rates',
  fnp: 'FNP',
  rebate: 'Rebate',
  creditLimit: 'Credit Limit',
  audit: 'Audit Dates',
} as const;

export const DI_TERMS_LABELS = {
  nominatedDealerName: 'Nominated Dealer Manager',
  fnpEnabled: 'FNP',
  fnpBand: 'FNP Band',
  rebate: 'Rebate Percentage',
  rebateAmount: 'Rebate Amount',
  agreedCreditLimit: 'Agreed Credit Limit',
  lastPhysicalAudit: 'Last Physical Audit',
  lastDesktopAudit: 'Last Desktop Audit',
  partsDiscount: 'Parts Discount %',
} as const;

/**
 * The single values share their cell kinds with the DI network file's columns (domain/network),
 * so a value typed on the page and one read from a file meet the same rule and message.
 */
export function diColumnKind(key: 'nominatedDealerName' | 'rebate' | 'rebateAmount' | 'agreedCreditLimit' | 'lastPhysicalAudit' | 'lastDesktopAudit'): CellKind {
  const column = DI_NETWORK_FORMAT.columns.find((c) => c.key === key);
  if (!column) throw new Error(`DI network column ${key} is missing`);
  return column.kind;
}
