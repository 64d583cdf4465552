/** DI network terms of a supplier (spec 2 §3.5): as stored and shown, and as the edit form holds them. */
import type { Minor } from '../../common';
import type { FeeField } from '../../fees';
import type { FnpBand, FranchiseTerms, MotRate, Rate } from '../enums';

/** Franchises a supplier's labour rates may name (ours: the spec lists none; the makes of the network's fleets). */
export const FRANCHISE_NAMES = [
  'Audi', 'BMW', 'Citroen', 'Cupra', 'Fiat', 'Ford', 'Honda', 'Hyundai', 'Independent', 'Isuzu', 'Iveco', 'Jaguar', 'Kia', 'Land Rover',
  'Mazda', 'Mercedes-Benz', 'MG', 'Nissan', 'Peugeot', 'Polestar', 'Renault', 'SEAT', 'Skoda', 'Tesla', 'Toyota', 'Vauxhall', 'Volkswagen', 'Volvo',
] as const;

/** The terms as supplier/getSupplierDetails answers them (null: none added). */
export interface DiNetworkTerms {
  version: number;
  nominatedDealerName: string;
  /** YYYY-MM-DD. */
  lastPhysicalAudit: string | null;
  lastDesktopAudit: string | null;
  fnp: { isEnabled: boolean; fnpBand: FnpBand };
  /** rebate in percent (2 decimals), rebateAmount in minor units. */
  commercialTerms: { rebate: number; rebateAmount: Minor | null };
  franchises: FranchiseTerms[];
  motRates: MotRate[];
  fluidRates: Rate[];
  tyreAncillaryRates: Rate[];
  wheelAlignmentRates: Rate[];
  creditLimit: { agreedCreditLimit: Minor | null; updatedBy: { lastUpdated: string; username: string } | null };
  log: { modifiedTimestamp: string; modifiedBy: 'ADMIN'; modifiedByUser: string | null };
}

/** One rate input of the form, with the effective date of the stored rate it started from. */
export interface RateInput {
  /** The rate's key: a vehicle category, an MOT class or a rate type. */
  key: string;
  rate: FeeField;
  effectiveDate: string | null;
}
export interface FranchiseInput {
  label: string;
  partsDiscount: FeeField;
  /** One per labour-rate vehicle category, keyed by its type. */
  labourRates: RateInput[];
}

/** The Edit DI Network Terms form (spec 2 §2.1, §5.4). version null: the first terms. */
export interface DiTermsForm {
  version: number | null;
  nominatedDealerName: string;
  fnp: { isEnabled: boolean; fnpBand: FnpBand | '' };
  rebate: FeeField;
  rebateAmount: FeeField;
  agreedCreditLimit: FeeField;
  /** DD/MM/YYYY as typed. */
  lastPhysicalAudit: string;
  lastDesktopAudit: string;
  franchises: FranchiseInput[];
  motRates: RateInput[];
  fluidRates: RateInput[];
  tyreAncillaryRates: RateInput[];
  wheelAlignmentRates: RateInput[];
}
export type RateListKey = 'motRates' | 'fluidRates' | 'tyreAncillaryRates' | 'wheelAlignmentRates';
