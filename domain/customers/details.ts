/** What admin/getLeaseCompanyDetails returns (spec 1 §3 "Lease company"), camelCase as the spec names it. */
import type { Currency, Locale } from '../common';
import type { FLEET_LEVELS } from './enums';
import type {
  CustomerConfig,
  CustomerKind,
  CustomerPlatformFees,
  CustomerStatus,
  CustomerType,
  FleetLevel,
  RateCardType,
  RetailerConfig,
  Webhooks,
} from './enums';

/** Labels of the fleet levels (ours, as the levels are: the spec does not list them). */
export const FLEET_LEVEL_LABELS: Record<(typeof FLEET_LEVELS)[number], string> = {
  SMALL: 'Small',
  MEDIUM: 'Medium',
  LARGE: 'Large',
  ENTERPRISE: 'Enterprise',
};
export const CURRENCY_LABELS: Record<Currency, string> = { GBP: 'GBP (£)', EURO: 'EURO (€)' };

export interface CustomerAddress {
  number: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  county: string | null;
  postCode: string | null;
}

export interface CustomerDetails {
  id: string;
  version: number;
  status: CustomerStatus;
  /** The 'DI Customer Id' shown on cards, e.g. C01001. */
  diCustomerId: string;
  name: string;
  address: CustomerAddress;
  companyRegistrationNumber: string | null;
  vatNumber: string | null;
  customerType: CustomerType;
  rateCardType: { type: RateCardType; label: string };
  fleetLevel: { type: FleetLevel; label: string } | null;
  currency: { label: string; value: Currency };
  locale: Locale;
  billingRefId: string | null;
  /** Accounting category; required for the direct-paybill rate card types. */
  categoryId: string | null;
  customerNameForDirectPaybill: string | null;
  mainphoneNumber: string | null;
  infoEmail: string | null;
  contactName: string | null;
  landLineNumber: string | null;
  mobileNumber: string | null;
  email: string | null;
  whatsappNumber: string | null;
  /** true; false meaning the customer accepted non-MFA risk; null when unset. */
  enforceMfa: boolean | null;
  supplierProximity: number;
  maxSubCustomerAssignmentsAllowed: number;
  webLinkId: string | null;
  leaseDetails: { accountManager: string | null; accountNumber: string | null };
  platformFeeAssignee: CustomerKind | null;
  exportsSettings: { invoiceSupplementFileEnabled: boolean };
  config: CustomerConfig;
  /** Minor units; null when the caller may not view platform fees (or none were set). */
  platformFees: CustomerPlatformFees | null;
  webhooks: Webhooks;
  /** Third-party (retailer payment platform) mapping, if any. */
  retailerConfig: RetailerConfig | null;
  documentCount: number;
  terminatedAt: string | null;
  createdAt: string;
  modifiedAt: string;
}

export interface CustomerDetailsResponse {
  customer: CustomerDetails;
}

export interface SaveCustomerResponse {
  success: true;
  leaseCompanyId: string;
  version: number;
}

/** One row of admin/getIntegrationLookUp (spec 1 §3 "Integration lookup"). */
export interface IntegrationLookup {
  type: string;
  typeLabel: string;
  typeDescription: string | null;
  source: string;
  sourceLabel: string;
}
export interface IntegrationLookupResponse {
  /** Every type/source pair, sorted by type then source. */
  lookups: IntegrationLookup[];
}

export interface UploadCustomerLogoResponse {
  fileId: string;
  /** Where the console (and the web link page) reads the logo: admin/getCustomerLogo?fileId=… */
  url: string;
}

/**
 * The integration lookup reference list (spec 1 §3): vehicle-data lookups come from the vehicle
 * data provider, LICENCE_CHECK from the driver licence authority, job-description menu pricing
 * from the four FNP sources. Served when the integration_lookups table is empty.
 */
export const INTEGRATION_LOOKUP_REFERENCE: readonly IntegrationLookup[] = [
  { type: 'LABOUR_TIME', typeLabel: 'Labour time', typeDescription: 'Labour times for job lines', source: 'VEHICLE_DATA_PROVIDER', sourceLabel: 'Vehicle data provider' },
  { type: 'BOOK_IN_VRM_LOOKUP', typeLabel: 'Book-in VRM lookup', typeDescription: 'Vehicle details when booking in', source: 'VEHICLE_DATA_PROVIDER', sourceLabel: 'Vehicle data provider' },
  { type: 'STOCK_VRM_LOOKUP', typeLabel: 'Stock VRM lookup', typeDescription: 'Vehicle details for stock imports', source: 'VEHICLE_DATA_PROVIDER', sourceLabel: 'Vehicle data provider' },
  { type: 'NEW_ENQUIRY_VRM_LOOKUP', typeLabel: 'New enquiry VRM lookup', typeDescription: 'Vehicle details for new enquiries', source: 'VEHICLE_DATA_PROVIDER', sourceLabel: 'Vehicle data provider' },
  { type: 'LICENCE_CHECK', typeLabel: 'Licence check', typeDescription: 'Driving licence checks', source: 'DRIVER_LICENCE_AUTHORITY', sourceLabel: 'Driver licence authority' },
  ...(['FNP_OEC', 'FNP_MODULUS', 'FNP_KIA', 'FNP_FORD'] as const).map((source) => ({
    type: 'JOB_DESCRIPTION_MENU_PRICING',
    typeLabel: 'Job description menu pricing',
    typeDescription: 'Fixed menu prices by job',
    source,
    sourceLabel: source.replace('FNP_', 'FNP ').replace('_', ' '),
  })),
];
