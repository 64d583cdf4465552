/** The customer form to and from the details record and the save payload. Trimming, postcode
 * compaction and phone normalisation happen in normalizeCustomerForm, which toSaveInput and the
 * server both apply. */
import { normalizePhone, normalizePostcode } from '../../formats';
import { CUSTOMER_FEE_KEYS, type CustomerPlatformFees } from '../enums';
import { feeFromMinor, rawToMinor, type FeeField } from '../../fees';
import type { CustomerDetails } from '../details';
import { type Country, LOCALE_BY_COUNTRY } from '../../country';
import { type CustomerForm, type FeeKey, type PlatformFeesForm } from './values';
import { completeCustomerConfig, completeWebhooks, emptyFees } from './defaults';
import { str } from './trimmed';

const s = (v: string | null | undefined): string => v ?? '';

/** The edit form's values for a loaded customer. */
export function toCustomerForm(d: CustomerDetails): CustomerForm {
  const fees = d.platformFees;
  const platformFees: PlatformFeesForm = fees
    ? {
        currency: fees.currency,
        paymentMethod: fees.paymentMethod ?? '',
        feesSchedule: fees.feesSchedule ?? null,
        platformFeeAssignee: fees.platformFeeAssignee ?? d.platformFeeAssignee ?? '',
        ...(Object.fromEntries(CUSTOMER_FEE_KEYS.map((k) => [k, feeFromMinor(fees[k])])) as Record<FeeKey, FeeField>),
      }
    : { ...emptyFees(d.currency.value), platformFeeAssignee: d.platformFeeAssignee ?? '' };
  return {
    id: d.id,
    version: d.version,
    locale: d.locale,
    customerName: d.name,
    companyRegistrationNumber: s(d.companyRegistrationNumber),
    vatNumber: s(d.vatNumber),
    customerType: d.customerType,
    rateCardType: d.rateCardType.type,
    fleetLevel: d.fleetLevel?.type ?? '',
    currency: d.currency.value,
    billingRefId: s(d.billingRefId),
    categoryId: s(d.categoryId),
    customerNameForDirectPaybill: s(d.customerNameForDirectPaybill),
    leaseDetails: { accountManager: s(d.leaseDetails.accountManager), accountNumber: s(d.leaseDetails.accountNumber) },
    address: {
      number: s(d.address.number),
      address1: s(d.address.address1),
      address2: s(d.address.address2),
      address3: s(d.address.address3),
      county: s(d.address.county),
      postCode: s(d.address.postCode),
    },
    phoneNumber: s(d.mainphoneNumber),
    contactName: s(d.contactName),
    mobileNumber: s(d.mobileNumber),
    email: s(d.email),
    infoEmail: s(d.infoEmail),
    landLineNumber: s(d.landLineNumber),
    whatsappNumber: s(d.whatsappNumber),
    enforceMfa: d.enforceMfa,
    supplierProximity: d.supplierProximity,
    maxSubCustomerAssignmentsAllowed: d.maxSubCustomerAssignmentsAllowed,
    exportsSettings: { invoiceSupplementFileEnabled: d.exportsSettings.invoiceSupplementFileEnabled },
    config: completeCustomerConfig(d.config),
    platformFees,
    prevPlatformFees: fees,
    webhooks: completeWebhooks(d.webhooks),
  };
}

const trimOrNull = (v: unknown): string | null => {
  const t = str(v);
  return t === '' ? null : t;
};

/**
 * The values as stored: text trimmed, empty text as '', postcode without spaces and upper-cased,
 * phone numbers without spaces, hyphens or brackets, supplier proximity as a number, config texts
 * trimmed (empty → null).
 */
export function normalizeCustomerForm<F extends CustomerForm>(form: F): F {
  const f = structuredClone(form);
  const top = ['customerName', 'companyRegistrationNumber', 'vatNumber', 'billingRefId', 'categoryId', 'customerNameForDirectPaybill', 'contactName', 'email', 'infoEmail'] as const;
  for (const k of top) (f as CustomerForm)[k] = str(f[k]);
  for (const k of ['phoneNumber', 'mobileNumber', 'landLineNumber', 'whatsappNumber'] as const) (f as CustomerForm)[k] = normalizePhone(str(f[k]));
  f.leaseDetails = { accountManager: str(f.leaseDetails.accountManager), accountNumber: str(f.leaseDetails.accountNumber) };
  f.address = {
    number: str(f.address.number),
    address1: str(f.address.address1),
    address2: str(f.address.address2),
    address3: str(f.address.address3),
    county: str(f.address.county),
    postCode: normalizePostcode(f.address.postCode),
  };
  if (typeof f.supplierProximity === 'string' && f.supplierProximity.trim() !== '') f.supplierProximity = Number(f.supplierProximity.trim());
  const c = f.config;
  c.enquiryProgress.progressEmail = trimOrNull(c.enquiryProgress.progressEmail);
  c.customerInfo = {
    ...c.customerInfo,
    title: trimOrNull(c.customerInfo.title),
    description: trimOrNull(c.customerInfo.description),
    url: trimOrNull(c.customerInfo.url),
    phoneNumber: c.customerInfo.phoneNumber ? trimOrNull(normalizePhone(c.customerInfo.phoneNumber)) : null,
  };
  c.emailInvoices.recipientEmailId = trimOrNull(c.emailInvoices.recipientEmailId);
  c.webLink.instructions = trimOrNull(c.webLink.instructions);
  c.webLink.privacyPolicyUrl = trimOrNull(c.webLink.privacyPolicyUrl);
  f.webhooks = {
    ...f.webhooks,
    authorizationUrl: trimOrNull(f.webhooks.authorizationUrl),
    topics: f.webhooks.topics.map((t) => ({ ...t, url: trimOrNull(t.url) })),
  };
  return f;
}

/** A fee as the save payload carries it: raw and minor units. */
export interface FeeSave {
  raw: number | null;
  value: number | null;
}
export type PlatformFeesSave = Omit<PlatformFeesForm, FeeKey> & Record<FeeKey, FeeSave>;

export type CustomerSaveDetails = Omit<CustomerForm, 'platformFees' | 'prevPlatformFees'> & {
  isNew: boolean;
  /** Absent when the caller may not edit platform fees: the server then keeps the stored fees. */
  platformFees?: PlatformFeesSave;
  /** On edit, the fees as they were loaded. */
  prevPlatformFees?: CustomerPlatformFees | null;
};

/** The body of admin/saveLeaseCompanyDetails. */
export interface CustomerSaveInput {
  customerDetails: CustomerSaveDetails;
  /** Edit only. */
  leaseCompanyId?: string;
}

/**
 * What admin/saveLeaseCompanyDetails receives for the form: the normalised values, isNew, the
 * version on edit, the fees in raw and minor units (left out when the user may not edit fees: the
 * server refuses fees from such a user) and, on edit, the previous fees.
 */
export function toSaveInput(form: CustomerForm, country: Country, opts: { canEditFees?: boolean } = {}): CustomerSaveInput {
  const { platformFees, prevPlatformFees, ...rest } = normalizeCustomerForm(form);
  const isNew = form.id === null;
  const details: CustomerSaveDetails = { ...rest, locale: LOCALE_BY_COUNTRY[country], isNew };
  if (opts.canEditFees !== false) {
    const fees = Object.fromEntries(
      CUSTOMER_FEE_KEYS.map((k) => {
        const raw = platformFees[k].raw;
        return [k, { raw, value: raw === null ? null : rawToMinor(raw) }];
      }),
    ) as Record<FeeKey, FeeSave>;
    details.platformFees = {
      currency: platformFees.currency,
      paymentMethod: platformFees.paymentMethod,
      feesSchedule: platformFees.feesSchedule,
      platformFeeAssignee: platformFees.platformFeeAssignee,
      ...fees,
    };
  }
  if (!isNew) details.prevPlatformFees = prevPlatformFees;
  return isNew ? { customerDetails: details } : { customerDetails: details, leaseCompanyId: form.id! };
}
