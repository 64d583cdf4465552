import type { Database } from '../client';
import type { Locale, Currency } from '../../../domain/common';
import type { RateCardType, CustomerStatus } from '../../../domain/customers';
import type { Town } from './reference';

export type SeedSize = 'small' | 'large';

export interface SizeSpec {
  leaseCompanies: number;
  groups: number;
  suppliers: number;
  registrations: number;
  drivers: number;
  vehicles: number;
  enquiries: number;
  archivedEnquiries: number;
  /** Share of invoiced enquiries that also get a credit note. */
  creditNoteRate: number;
  usersPerLease: number;
  usersPerGroup: number;
  supplierUserRate: number;
}

export const SIZES: Record<SeedSize, SizeSpec> = {
  small: {
    leaseCompanies: 40, groups: 60, suppliers: 600, registrations: 30, drivers: 2_000, vehicles: 3_000,
    enquiries: 5_000, archivedEnquiries: 600, creditNoteRate: 0.064, usersPerLease: 4, usersPerGroup: 2, supplierUserRate: 0.2,
  },
  large: {
    leaseCompanies: 1_000, groups: 5_000, suppliers: 100_000, registrations: 2_000, drivers: 200_000, vehicles: 300_000,
    enquiries: 1_000_000, archivedEnquiries: 100_000, creditNoteRate: 0.064, usersPerLease: 8, usersPerGroup: 2, supplierUserRate: 0.12,
  },
};

export interface LeaseInfo {
  id: string;
  name: string;
  diCustomerId: string;
  locale: Locale;
  currency: Currency;
  rateCardType: RateCardType;
  status: CustomerStatus;
  categoryId: string | null;
  domain: string;
  town: Town;
  subCustomerIds: string[];
  dailyInvoiceExport: boolean;
  stockImport: boolean;
  /** Suppliers that can take this customer's enquiries (live, in linked groups). */
  supplierPool: number[];
  driverStart: number;
  driverEnd: number;
  vehicleStart: number;
  vehicleEnd: number;
}

export interface GroupInfo {
  id: string;
  name: string;
  groupId: string;
  locale: Locale;
  diNetwork: boolean;
  blocked: boolean;
  town: Town;
  domain: string;
  supplierStart: number;
  supplierEnd: number;
}

export interface SupplierInfo {
  id: string;
  name: string;
  groupIdx: number;
  locale: Locale;
  live: boolean;
  financeSupplierId: string | null;
  region: string;
}

export interface VehicleInfo {
  leaseIdx: number;
  subCustomerId: string | null;
  driverIdx: number | null;
  vrm: string;
  make: string;
  model: string;
  managed: boolean;
  contractStatus: 'active' | 'awaitingTermination' | 'terminated';
}

export interface SeedContext {
  database: Database;
  seed: number;
  size: SizeSpec;
  /** Midnight UTC of the day the data is anchored to; all dates derive from it. */
  today: number;
  leases: LeaseInfo[];
  groups: GroupInfo[];
  suppliers: SupplierInfo[];
  vehicles: VehicleInfo[];
  counts: Record<string, number>;
  log(message: string): void;
}
