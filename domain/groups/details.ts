/** The group as admin/getGroupDetails answers it (spec 2 §3.4), and the lists around it. */
import type { Locale, Minor } from '../common';
import type { RateCardType } from '../customers/enums';
import type { GroupConfig, GroupExportConfig, GroupPlatformFees, LinkStatus } from './enums';
import type { CreditLimitUpdatedBy } from './form/values';

export interface GroupAddress {
  number: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  county: string | null;
  postcode: string | null;
}
export interface GroupContact {
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  contactNumber1: string | null;
  faxNumber: string | null;
  email: string | null;
}

/**
 * A lease company linked to the group (spec 2 §3.4 "Linked lease account" and "Linked customer
 * display"); leaseAccountId is the link's id. Only ACTIVE links of ACTIVE customers are listed.
 */
export interface LinkedLeaseAccount {
  leaseId: string;
  leaseAccountId: string;
  name: string;
  diCustomerId: string;
  rateCardType: RateCardType;
  directPaybill: boolean;
  serviceGroupName: string;
  status: LinkStatus;
  agreementId: string | null;
  agreementStatus: string | null;
}

export interface GroupDetails {
  /** The record id: the spec's accountId / accountObjectId. */
  id: string;
  accountId: string;
  version: number;
  groupId: string;
  name: string;
  companyRegistrationNumber: string | null;
  vatRegistrationNumber: string | null;
  visnAccountNumber: string | null;
  enforceMfa: boolean | null;
  blocked: boolean;
  supplierCreationType: string | null;
  locale: Locale;
  belongsToDINetwork: boolean;
  lastUpdated: string;
  address: GroupAddress;
  billingAddress: GroupAddress | null;
  payingAddress: GroupAddress | null;
  contact: GroupContact | null;
  billingContact: GroupContact | null;
  payingContact: GroupContact | null;
  isBillingAddressSameAsAddress: boolean;
  isPayingAddressSameAsBillingAddress: boolean;
  isBillingContactSameAsContact: boolean;
  isPayingContactSameAsBillingContact: boolean;
  useHeadOfficeNameAndAddress: boolean;
  useDirectPaybillName: boolean;
  status: { label: 'Live'; status: 'live' };
  platformFees: GroupPlatformFees | null;
  creditLimit: { agreedCreditLimit: Minor | null; updatedBy: CreditLimitUpdatedBy | null };
  config: GroupConfig;
  exportConfig: GroupExportConfig;
  /** ACTIVE links of ACTIVE customers, by name, at most LEASE_LOOKUP_LIMIT (spec 2 §9). */
  linkedLeaseAccounts: LinkedLeaseAccount[];
  /** More ACTIVE links exist than linkedLeaseAccounts lists. */
  moreLinkedLeaseAccounts: boolean;
  documentCount: number;
  log: { createdTimestamp: string; createdByUser: string | null; modifiedTimestamp: string; modifiedByUser: string | null };
}

/** A lease company of the paybill configuration's lists (admin/listLeaseCompaniesBasedOnRateCardTypes, admin/listDirectPaybillCustomersForGroup). */
export interface GroupLeaseCompany {
  id: string;
  name: string;
  diCustomerId: string | null;
  rateCardType: RateCardType | null;
}

/** Paybill config lists (spec 2 §2.2): 'ViSN (Default)' on the left, 'Direct' on the right. */
export const PAYBILL_LIST_TITLES = { visn: 'ViSN (Default)', direct: 'Direct' } as const;
