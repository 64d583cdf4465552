/**
 * The customer form (spec 1 §5) for the UK and the Irish variant: its values, labels, defaults,
 * one zod schema per country (used by the console form and again by admin/saveLeaseCompanyDetails),
 * and the conversions to and from the details record and the save payload.
 *
 * The schema only validates: it never rewrites values. Trimming, postcode compaction and phone
 * normalisation happen in normalizeCustomerForm, which toSaveInput and the server both apply.
 * Each field gets at most one message, in the order required, length, pattern.
 */
import { z } from 'zod';
import { CURRENCIES, CURRENCY_BY_LOCALE, PAYMENT_METHODS, type Currency, type Locale, type PaymentMethod } from '../common';
import {
  isCompanyNumber,
  isEmail,
  isIeMobile,
  isPhone,
  isPostcode,
  isUkMobile,
  isVat,
  normalizePhone,
  normalizePostcode,
} from '../formats';
import {
  ALLOWED_ASSIGNMENTS,
  APP_SERVICE_TYPES,
  COMPLIANCE_TYPES,
  CUSTOMER_FEE_KEYS,
  CUSTOMER_KINDS,
  CUSTOMER_TYPES,
  DEFAULT_MAX_SUB_CUSTOMER_ASSIGNMENTS,
  DEFAULT_SUPPLIER_PROXIMITY,
  DOWNTIME_ACTIONS,
  FLEET_LEVELS,
  HEALTH_CHECK_TYPES,
  INVOICE_GROUPS,
  MENU_ITEMS,
  NOTIFICATION_TYPES,
  RATE_CARD_TYPES,
  VEHICLE_MAINTENANCE_TYPES,
  WEB_LINK_NETWORK_POLICIES,
  WEBHOOK_TOPICS,
  type CustomerConfig,
  type CustomerKind,
  type CustomerPlatformFees,
  type CustomerType,
  type FleetLevel,
  type RateCardType,
  type Webhooks,
} from './enums';
import { EMPTY_FEE, feeFromMinor, rawToMinor, type FeeField } from './fees';
import type { CustomerDetails } from './details';
import type { LengthCap } from '../lengthCap';
import { isAcceptedLogo } from './logo';
import { allowsDirectPaybillInvoices, requiresAccountingCategory, requiresDirectPaybillName, whatsAppDowntimeOn } from './rules';

// ---------------------------------------------------------------------------------------------
// Country

export const COUNTRIES = ['UK', 'IE'] as const;
export type Country = (typeof COUNTRIES)[number];
export const LOCALE_BY_COUNTRY: Record<Country, Locale> = { UK: 'en_GB', IE: 'en_IE' };
/** For titles: 'Create Customer for UK', 'Edit Customer of Ireland'. */
export const COUNTRY_NAMES: Record<Country, 'UK' | 'Ireland'> = { UK: 'UK', IE: 'Ireland' };
export const countryOfLocale = (locale: unknown): Country => (locale === 'en_IE' ? 'IE' : 'UK');
/** The create route's selectedCountry parameter ('UK', 'IE', 'Ireland', any case); null when unknown. */
export function parseCountry(param: unknown): Country | null {
  const p = typeof param === 'string' ? param.trim().toUpperCase() : '';
  if (p === 'UK' || p === 'GB' || p === 'EN_GB') return 'UK';
  if (p === 'IE' || p === 'IRELAND' || p === 'EN_IE') return 'IE';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Values

export interface CustomerAddressForm {
  number: string;
  address1: string;
  address2: string;
  address3: string;
  county: string;
  postCode: string;
}

export type FeeKey = (typeof CUSTOMER_FEE_KEYS)[number];

export interface PlatformFeesForm extends Record<FeeKey, FeeField> {
  currency: Currency;
  paymentMethod: PaymentMethod | '';
  feesSchedule: number | null;
  /** 'Apply Platform Fee to'. */
  platformFeeAssignee: CustomerKind | '';
}

export interface CustomerForm {
  /** null while creating. */
  id: string | null;
  version: number | null;
  locale: Locale;
  customerName: string;
  companyRegistrationNumber: string;
  vatNumber: string;
  customerType: CustomerType | '';
  rateCardType: RateCardType | '';
  fleetLevel: FleetLevel | '';
  currency: Currency | '';
  billingRefId: string;
  categoryId: string;
  customerNameForDirectPaybill: string;
  leaseDetails: { accountManager: string; accountNumber: string };
  address: CustomerAddressForm;
  /** The main phone number (mainphoneNumber of the details). */
  phoneNumber: string;
  contactName: string;
  mobileNumber: string;
  email: string;
  infoEmail: string;
  landLineNumber: string;
  whatsappNumber: string;
  enforceMfa: boolean | null;
  /** A number, or the text of the input while it is typed. */
  supplierProximity: number | string | null;
  maxSubCustomerAssignmentsAllowed: number;
  exportsSettings: { invoiceSupplementFileEnabled: boolean };
  config: CustomerConfig;
  platformFees: PlatformFeesForm;
  /** The fees as loaded (minor units), sent back on edit as prevPlatformFees. */
  prevPlatformFees: CustomerPlatformFees | null;
  webhooks: Webhooks;
}

// ---------------------------------------------------------------------------------------------
// Labels and messages

/**
 * The label of every validated field, by form path, as the form shows it and as messages name it
 * ('{Label} is required', '{Label} is not valid'). The postcode is 'Postcode' in the UK form and
 * 'Eircode' in the Irish form: use customerFieldLabel.
 */
export const CUSTOMER_FIELD_LABELS = {
  customerName: 'Customer Name',
  companyRegistrationNumber: 'Company Registration Number',
  vatNumber: 'VAT Number',
  customerType: 'Customer Type',
  rateCardType: 'Rate Card Type',
  fleetLevel: 'Fleet Level',
  currency: 'Currency',
  billingRefId: 'Billing Ref ID',
  categoryId: 'Accounting Category',
  customerNameForDirectPaybill: 'Customer Name for Direct Paybill',
  'leaseDetails.accountManager': 'Account Manager',
  'leaseDetails.accountNumber': 'Account Number',
  'address.number': 'Building Name/Number',
  'address.address1': 'Street Name',
  'address.address2': 'District',
  'address.address3': 'Town',
  'address.county': 'County',
  'address.postCode': 'Postcode',
  phoneNumber: 'Phone Number',
  contactName: 'Contact Name',
  mobileNumber: 'Mobile Number',
  email: 'Email',
  infoEmail: 'Info Email',
  landLineNumber: 'Landline Number',
  whatsappNumber: 'WhatsApp Number',
  supplierProximity: 'Max Supplier Proximity',
  maxSubCustomerAssignmentsAllowed: 'Number of allowed assignments',
  'config.enquiryAppointmentDates.days': 'Enquiry Appointment Days',
  'config.enquiryProgress.progressEmail': 'Progress Email',
  'config.vehicleTerminationDays': 'Delay Vehicle Termination',
  'config.customerInfo.title': 'Title',
  'config.customerInfo.description': 'Description',
  'config.customerInfo.url': 'URL',
  'config.customerInfo.phoneNumber': 'Phone number',
  'config.emailInvoices.recipientEmailId': 'Recipient Email',
  'config.emailInvoices.invoiceGroup': 'Invoice Group',
  'config.webLink.instructions': 'Instructions',
  'config.webLink.serviceTypes': 'Service type',
  'config.webLink.vehicleMaintenanceTypes': 'Vehicle Maintenance type',
  'config.webLink.privacyPolicyUrl': 'Privacy Policy URL',
  'config.webLink.theme.logo': 'Logo',
  'config.webLink.webLinkNetworkPolicy': 'Network Policy',
  'platformFees.currency': 'Currency',
  'platformFees.paymentMethod': 'Payment Method',
  'platformFees.feesSchedule': 'Fees Schedule',
  'platformFees.platformFeeAssignee': 'Apply Platform Fee to',
  'platformFees.bookingFee': 'Booking Fee',
  'platformFees.monthlyVehicleFee': 'Monthly Vehicle Fee',
  'platformFees.transactionFee': 'Transaction Fee',
  'platformFees.licenceFee': 'Licence Fee',
  'platformFees.manualVorFee': 'Manual VOR Fee',
  'platformFees.reportingLicenceFee': 'Reporting Licence Fee',
  'platformFees.driverLicencePricePerCheck': 'Driver Licence - Price Per Check fee',
  'platformFees.licenceCheckPerDriverPerMonth': 'Licence Check - per driver per month Fee',
  'platformFees.monthlyWhatsAppFee': 'Monthly WhatsApp Fee',
  'webhooks.authorizationUrl': 'Authorization URL',
  'webhooks.topics.url': 'URL',
} as const;
export type CustomerFieldPath = keyof typeof CUSTOMER_FIELD_LABELS;

export function customerFieldLabel(path: CustomerFieldPath, country: Country): string {
  if (path === 'address.postCode') return country === 'IE' ? 'Eircode' : 'Postcode';
  return CUSTOMER_FIELD_LABELS[path];
}

/** Messages the spec quotes that do not follow '{Label} is required' / '{Label} is not valid'. */
export const CUSTOMER_MESSAGES = {
  supplierProximityMin: 'Max Supplier Proximity value should be greater than 0',
  supplierProximityMax: 'Max Supplier Proximity value should be less than 99',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  urlNotValid: 'URL is not valid',
  phoneNotValid: 'Phone number is not valid',
  recipientRequired: 'Recipient email id is required',
  recipientNotValid: 'Recipient Email is not valid',
  invoiceGroupNotApplicable: 'This option is not applicable for selected Rate card type',
  serviceTypeRequired: 'Service type is required',
  maintenanceTypeRequired: 'Vehicle Maintenance type is required',
  feeAssigneeRequired: 'Selection of Apply Platform Fee to is required',
  webhookUrl: 'Please enter a valid URL',
  integrationType: 'Type is required',
  integrationTypeLabel: 'Type label is required',
  integrationSource: 'Source is required',
  integrationSourceLabel: 'Source label is required',
  retailerCustomerName: 'Customer name is required',
  retailerMappingId: 'Mapping ID is required',
} as const;

export const requiredMessage = (label: string) => `${label} is required`;
/** Also for a value outside its length limits: inputs cap typing (domain/lengthCap.ts), so only a value from outside the console gets this for its length. */
export const notValidMessage = (label: string) => `${label} is not valid`;

// ---------------------------------------------------------------------------------------------
// Limits per country (spec 1 §5; the spec gives none for street, district and town: 100, ours)

/** `max` and `normalize` are also the input's typed cap: postcodes and phones are checked, and counted, as stored (spaces removed). */
export interface TextRule extends LengthCap {
  required: boolean;
  min?: number;
  /** Checked on the normalised value when it is not empty. */
  valid?: (value: string) => boolean;
}

/** Letters (any script), digits, spaces and the punctuation of company names. */
const COMPANY_NAME = /^[\p{L}\p{M}\p{N} &.,'’()/+@!:-]+$/u;
const PERSON_NAME = /^[\p{L}\p{M} .'’-]+$/u;
const ADDRESS_LINE = /^[\p{L}\p{M}\p{N} &.,'’()/#-]+$/u;
const REFERENCE = /^[A-Za-z0-9 _/-]+$/;
const test = (re: RegExp) => (v: string) => re.test(v);

export function customerTextRules(country: Country): Record<string, TextRule> {
  const locale = LOCALE_BY_COUNTRY[country];
  const ie = country === 'IE';
  const phone = (v: string) => isPhone(v, locale);
  return {
    customerName: { required: true, max: 100, valid: test(COMPANY_NAME) },
    companyRegistrationNumber: { required: true, max: 20, valid: (v) => isCompanyNumber(v, locale) },
    vatNumber: { required: true, max: ie ? 10 : 20, valid: (v) => isVat(v, locale) },
    billingRefId: { required: false, max: 50, valid: test(REFERENCE) },
    categoryId: { required: false, max: 50, valid: test(REFERENCE) },
    customerNameForDirectPaybill: { required: false, max: 100, valid: test(COMPANY_NAME) },
    'leaseDetails.accountManager': { required: true, max: 50, valid: test(PERSON_NAME) },
    'leaseDetails.accountNumber': { required: false, max: 20, valid: test(REFERENCE) },
    'address.number': { required: true, max: 50, valid: test(ADDRESS_LINE) },
    'address.address1': { required: true, max: 100, valid: test(ADDRESS_LINE) },
    'address.address2': { required: false, max: 100, valid: test(ADDRESS_LINE) },
    'address.address3': { required: true, max: 100, valid: test(ADDRESS_LINE) },
    'address.county': { required: false, max: 50, valid: test(ADDRESS_LINE) },
    'address.postCode': { required: true, max: ie ? 7 : 10, valid: (v) => isPostcode(v, locale), normalize: normalizePostcode },
    phoneNumber: ie
      ? { required: true, min: 6, max: 13, valid: phone, normalize: normalizePhone }
      : { required: true, max: 20, valid: phone, normalize: normalizePhone },
    contactName: { required: true, max: 50, valid: test(PERSON_NAME) },
    mobileNumber: ie
      ? { required: false, max: 10, valid: isIeMobile, normalize: normalizePhone }
      : { required: true, max: 50, valid: isUkMobile, normalize: normalizePhone },
    email: { required: true, max: 50, valid: isEmail },
    infoEmail: { required: false, max: 50, valid: isEmail },
    landLineNumber: { required: false, max: ie ? 13 : 12, valid: phone, normalize: normalizePhone },
    whatsappNumber: { required: false, max: 50, valid: phone, normalize: normalizePhone },
  };
}

/** Limits of the free texts in the config block (spec 1 §5 customer info, §9 instructions). */
export const CUSTOMER_CONFIG_TEXT_MAX = { title: 75, description: 500, instructions: 500 } as const;
const CUSTOMER_INFO_PHONE_MAX = { UK: 20, IE: 13 } as const;

/** The typed cap of every free-text input of the customer form, by form path. */
export function customerLengthCaps(country: Country): Record<string, LengthCap> {
  const caps: Record<string, LengthCap> = {};
  for (const [path, rule] of Object.entries(customerTextRules(country))) caps[path] = { max: rule.max, normalize: rule.normalize };
  caps['config.customerInfo.title'] = { max: CUSTOMER_CONFIG_TEXT_MAX.title };
  caps['config.customerInfo.description'] = { max: CUSTOMER_CONFIG_TEXT_MAX.description };
  caps['config.customerInfo.phoneNumber'] = { max: CUSTOMER_INFO_PHONE_MAX[country], normalize: normalizePhone };
  caps['config.webLink.instructions'] = { max: CUSTOMER_CONFIG_TEXT_MAX.instructions };
  return caps;
}

/** http(s) URL with a dotted host name (or localhost) and no spaces. */
export function isUrl(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 2048 || /\s/.test(v)) return false;
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(u.hostname) || u.hostname === 'localhost');
  } catch {
    return false;
  }
}

/** Customer info phone: the country's phone format, at most its cap; in the Irish form also at least 6 characters. */
function customerInfoPhoneValid(v: string, country: Country): boolean {
  const n = normalizePhone(v);
  if ((country === 'IE' && n.length < 6) || n.length > CUSTOMER_INFO_PHONE_MAX[country]) return false;
  return isPhone(n, LOCALE_BY_COUNTRY[country]);
}

// ---------------------------------------------------------------------------------------------
// Schema

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const optionalText = z.string().nullable().optional();
const bool = z.boolean();
const toggles = <T extends readonly [string, ...string[]]>(types: T) => z.array(z.object({ type: z.enum(types), enabled: bool }));

/** One text field under its rule: at most one message. */
function checkText(ctx: z.RefinementCtx, path: PropertyKey[], value: unknown, rule: TextRule, label: string): void {
  let s = str(value);
  if (rule.normalize) s = rule.normalize(s);
  let message: string | null = null;
  if (!s) message = rule.required ? requiredMessage(label) : null;
  else if (s.length > rule.max || (rule.min !== undefined && s.length < rule.min) || (rule.valid && !rule.valid(s))) message = notValidMessage(label);
  if (message) ctx.addIssue({ code: 'custom', path, message });
}

export const integrationFormSchema = z.object({
  type: z.string({ error: CUSTOMER_MESSAGES.integrationType }).trim().min(1, CUSTOMER_MESSAGES.integrationType),
  typeLabel: z.string({ error: CUSTOMER_MESSAGES.integrationTypeLabel }).trim().min(1, CUSTOMER_MESSAGES.integrationTypeLabel),
  typeDescription: optionalText,
  source: z.string({ error: CUSTOMER_MESSAGES.integrationSource }).trim().min(1, CUSTOMER_MESSAGES.integrationSource),
  sourceLabel: z.string({ error: CUSTOMER_MESSAGES.integrationSourceLabel }).trim().min(1, CUSTOMER_MESSAGES.integrationSourceLabel),
});
export type IntegrationForm = z.infer<typeof integrationFormSchema>;

/** The retailer payment-platform mapping drawer (spec 1 §5 "Retailer config"). */
export const retailerConfigSchema = z.object({
  custCust: z.string({ error: CUSTOMER_MESSAGES.retailerCustomerName }).trim().min(1, CUSTOMER_MESSAGES.retailerCustomerName).max(100),
  mappingId: z.string({ error: CUSTOMER_MESSAGES.retailerMappingId }).trim().min(1, CUSTOMER_MESSAGES.retailerMappingId).max(100),
});

const integrationSchema = integrationFormSchema.extend({ enabled: bool, useStub: bool, isStatic: bool });

const intIn = (min: number, max: number, label: string) =>
  z.number({ error: notValidMessage(label) }).int(notValidMessage(label)).min(min, notValidMessage(label)).max(max, notValidMessage(label));

export const customerConfigSchema = z.object({
  menuOptions: z.object({ isEnabled: bool, menuItems: toggles(MENU_ITEMS) }),
  enquiryAppointmentDates: z.object({ days: intIn(0, 16, CUSTOMER_FIELD_LABELS['config.enquiryAppointmentDates.days']) }),
  enquiryProgress: z.object({ enableProgressBar: bool, sendPushNotifications: bool, progressEmail: optionalText }),
  services: z.object({ isEnabled: bool, types: z.array(z.object({ type: z.enum(APP_SERVICE_TYPES), enabled: bool, visible: bool })) }),
  servicesEnabled: bool,
  notifications: z.object({ isEnabled: bool, notificationTypes: z.array(z.object({ categoryType: z.enum(NOTIFICATION_TYPES), switchedOn: bool })) }),
  stock: z.object({ isImportFileSupplied: bool }),
  healthChecks: z.object({ isEnabled: bool, healthCheckTypes: toggles(HEALTH_CHECK_TYPES) }),
  compliances: z.object({ isEnabled: bool, complianceTypes: toggles(COMPLIANCE_TYPES) }),
  downTimeQueue: z.object({ isEnabled: bool, downTimeActions: toggles(DOWNTIME_ACTIONS) }),
  // 0 means no delay (the details' default); the form offers 1 to 30.
  vehicleTerminationDays: intIn(0, 30, CUSTOMER_FIELD_LABELS['config.vehicleTerminationDays']),
  supplierIdRequiredForEnquiryAllocation: bool,
  includeExternalSMRCodesInExport: bool,
  isEnquiryQnAEnabled: bool,
  isMoovEnabled: bool,
  customerInfoEnabled: bool,
  customerInfo: z.object({ isEnabled: bool, title: optionalText, description: optionalText, url: optionalText, phoneNumber: optionalText }),
  emailInvoices: z.object({ isEnabled: bool, invoiceGroup: z.enum(INVOICE_GROUPS), recipientEmailId: optionalText }),
  webLink: z.object({
    isEnabled: bool,
    instructions: optionalText,
    webLinkNetworkPolicy: z.enum(WEB_LINK_NETWORK_POLICIES),
    serviceTypes: z.array(z.enum(APP_SERVICE_TYPES)),
    vehicleMaintenanceTypes: z.array(z.enum(VEHICLE_MAINTENANCE_TYPES)),
    // Checked in superRefine (isAcceptedLogo), with the form's message.
    theme: z.object({ logo: z.string().nullable() }),
    privacyPolicyUrl: optionalText,
  }),
  integrations: z.array(integrationSchema).max(50),
  dailyInvoiceExport: z.object({ isEnabled: bool }),
  featureFlags: z.record(z.string().max(50), z.boolean()),
});

export const webhooksSchema = z.object({
  enabled: bool,
  authorizationUrl: optionalText,
  topics: z.array(z.object({ type: z.enum(WEBHOOK_TOPICS), enabled: bool, url: optionalText })),
});

/**
 * The webhook rules (spec 1 §5 "Webhooks"), shared by the customer form and the Webhook
 * Subscriptions drawer: when webhooks are on, the authorisation URL and each enabled topic's URL
 * are required; any URL given must be valid. Paths are relative to the webhooks block.
 */
export function webhookIssues(wh: z.infer<typeof webhooksSchema>): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const auth = str(wh.authorizationUrl);
  if ((wh.enabled && !auth) || (auth && !isUrl(auth))) issues.push({ path: ['authorizationUrl'], message: CUSTOMER_MESSAGES.webhookUrl });
  wh.topics.forEach((topic, i) => {
    const url = str(topic.url);
    if ((wh.enabled && topic.enabled && !url) || (url && !isUrl(url))) issues.push({ path: ['topics', i, 'url'], message: CUSTOMER_MESSAGES.webhookUrl });
  });
  return issues;
}

/** A fee as the form holds it ({masked, raw, value}) or as the save payload sends it ({raw, value}). */
export const feeSchema = z.object({
  masked: z.string().max(20).optional(),
  raw: z.number().nullable().optional(),
  value: z.number().nullable().optional(),
});

const REQUIRED_FEES = CUSTOMER_FEE_KEYS.filter((k) => k !== 'monthlyWhatsAppFee');

const platformFeesSchema = z.object({
  currency: z.enum(CURRENCIES, { error: requiredMessage(CUSTOMER_FIELD_LABELS['platformFees.currency']) }),
  paymentMethod: z.union([z.enum(PAYMENT_METHODS), z.literal('')], { error: requiredMessage(CUSTOMER_FIELD_LABELS['platformFees.paymentMethod']) }),
  feesSchedule: z.number().nullable().optional(),
  platformFeeAssignee: z.union([z.enum(CUSTOMER_KINDS), z.literal(''), z.null()]).optional(),
  ...Object.fromEntries(CUSTOMER_FEE_KEYS.map((k) => [k, feeSchema.optional()])),
});

export interface CustomerSchemaOptions {
  /** Creating: platformFeeAssignee is required. */
  isNew: boolean;
  /** The platform-fee section is validated (the caller may edit fees and sends them). */
  canEditFees: boolean;
}

function checkFees(ctx: z.RefinementCtx, fees: Record<string, unknown>, whatsApp: boolean, isNew: boolean): void {
  const label = (k: string) => CUSTOMER_FIELD_LABELS[`platformFees.${k}` as CustomerFieldPath];
  const at = (k: string) => ['platformFees', k];
  const schedule = fees.feesSchedule;
  if (schedule === null || schedule === undefined) ctx.addIssue({ code: 'custom', path: at('feesSchedule'), message: requiredMessage(label('feesSchedule')) });
  else if (!Number.isInteger(schedule) || (schedule as number) < 1 || (schedule as number) > 60) {
    ctx.addIssue({ code: 'custom', path: at('feesSchedule'), message: notValidMessage(label('feesSchedule')) });
  }
  if (fees.paymentMethod === '') ctx.addIssue({ code: 'custom', path: at('paymentMethod'), message: requiredMessage(label('paymentMethod')) });
  if (isNew && !fees.platformFeeAssignee) ctx.addIssue({ code: 'custom', path: at('platformFeeAssignee'), message: CUSTOMER_MESSAGES.feeAssigneeRequired });
  for (const k of CUSTOMER_FEE_KEYS) {
    const fee = fees[k] as { raw?: number | null; value?: number | null } | undefined;
    const raw = fee?.raw;
    const required = k === 'monthlyWhatsAppFee' ? whatsApp : (REQUIRED_FEES as readonly string[]).includes(k);
    if (raw === null || raw === undefined) {
      if (required) ctx.addIssue({ code: 'custom', path: at(k), message: requiredMessage(label(k)) });
      continue;
    }
    const minor = rawToMinor(raw);
    // value, when sent, must be raw × 100: a payload cannot store another amount than it shows.
    if (minor === null || (fee?.value !== null && fee?.value !== undefined && fee.value !== minor)) {
      ctx.addIssue({ code: 'custom', path: at(k), message: notValidMessage(label(k)) });
    }
  }
}

/**
 * The customer form's schema for one country. The console's form resolver and the server's save
 * both use it; messages are keyed by form path ('address.postCode', 'platformFees.bookingFee').
 */
export function customerFormSchema(country: Country, opts: CustomerSchemaOptions) {
  const rules = customerTextRules(country);
  const locale = LOCALE_BY_COUNTRY[country];
  const label = (path: string) => customerFieldLabel(path as CustomerFieldPath, country);
  const text = z.string().nullable().optional();
  return z
    .object({
      id: z.string().max(64).nullable().optional(),
      version: z.number().int().positive().nullable().optional(),
      // Choices are checked in superRefine so that an empty choice does not hide the other messages.
      locale: z.string().nullable().optional(),
      customerName: text,
      companyRegistrationNumber: text,
      vatNumber: text,
      customerType: text,
      rateCardType: text,
      fleetLevel: text,
      currency: text,
      billingRefId: text,
      categoryId: text,
      customerNameForDirectPaybill: text,
      leaseDetails: z.object({ accountManager: text, accountNumber: text }),
      address: z.object({ number: text, address1: text, address2: text, address3: text, county: text, postCode: text }),
      phoneNumber: text,
      contactName: text,
      mobileNumber: text,
      email: text,
      infoEmail: text,
      landLineNumber: text,
      whatsappNumber: text,
      enforceMfa: z.boolean().nullable(),
      supplierProximity: z.union([z.number(), z.string(), z.null()]).optional(),
      maxSubCustomerAssignmentsAllowed: z
        .number({ error: notValidMessage(CUSTOMER_FIELD_LABELS.maxSubCustomerAssignmentsAllowed) })
        .refine((n) => (ALLOWED_ASSIGNMENTS as readonly number[]).includes(n), notValidMessage(CUSTOMER_FIELD_LABELS.maxSubCustomerAssignmentsAllowed)),
      exportsSettings: z.object({ invoiceSupplementFileEnabled: bool }),
      config: customerConfigSchema,
      platformFees: opts.canEditFees ? platformFeesSchema : z.unknown().optional(),
      prevPlatformFees: z.unknown().optional(),
      webhooks: webhooksSchema,
    })
    .superRefine((f, ctx) => {
      if (f.locale !== locale) ctx.addIssue({ code: 'custom', path: ['locale'], message: notValidMessage('Locale') });
      const choice = (key: 'customerType' | 'rateCardType' | 'currency' | 'fleetLevel', options: readonly string[], required: boolean) => {
        const v = f[key];
        if (v === null || v === undefined || v === '') {
          if (required) ctx.addIssue({ code: 'custom', path: [key], message: requiredMessage(CUSTOMER_FIELD_LABELS[key]) });
        } else if (!options.includes(v)) ctx.addIssue({ code: 'custom', path: [key], message: notValidMessage(CUSTOMER_FIELD_LABELS[key]) });
      };
      choice('customerType', CUSTOMER_TYPES, true);
      choice('rateCardType', RATE_CARD_TYPES, true);
      choice('currency', CURRENCIES, true);
      choice('fleetLevel', FLEET_LEVELS, false);
      for (const [path, rule] of Object.entries(rules)) {
        const [a, b] = path.split('.');
        const value = b ? (f as unknown as Record<string, Record<string, unknown>>)[a]?.[b] : (f as unknown as Record<string, unknown>)[a];
        checkText(ctx, b ? [a, b] : [a], value, rule, label(path));
      }
      if (requiresDirectPaybillName(f.rateCardType) && !str(f.customerNameForDirectPaybill)) {
        ctx.addIssue({ code: 'custom', path: ['customerNameForDirectPaybill'], message: requiredMessage(CUSTOMER_FIELD_LABELS.customerNameForDirectPaybill) });
      }
      if (requiresAccountingCategory(f.rateCardType) && !str(f.categoryId)) {
        ctx.addIssue({ code: 'custom', path: ['categoryId'], message: requiredMessage(CUSTOMER_FIELD_LABELS.categoryId) });
      }

      // Supplier proximity: numeric, required, 0 to 99.
      const sp = f.supplierProximity;
      const spText = typeof sp === 'number' ? String(sp) : str(sp);
      if (spText === '') ctx.addIssue({ code: 'custom', path: ['supplierProximity'], message: requiredMessage(CUSTOMER_FIELD_LABELS.supplierProximity) });
      else {
        const n = Number(spText);
        if (!Number.isFinite(n) || !/^-?\d+(\.\d+)?$/.test(spText)) ctx.addIssue({ code: 'custom', path: ['supplierProximity'], message: notValidMessage(CUSTOMER_FIELD_LABELS.supplierProximity) });
        else if (n < 0) ctx.addIssue({ code: 'custom', path: ['supplierProximity'], message: CUSTOMER_MESSAGES.supplierProximityMin });
        else if (n > 99) ctx.addIssue({ code: 'custom', path: ['supplierProximity'], message: CUSTOMER_MESSAGES.supplierProximityMax });
        else if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', path: ['supplierProximity'], message: notValidMessage(CUSTOMER_FIELD_LABELS.supplierProximity) });
      }

      const c = f.config;
      const progressEmail = str(c.enquiryProgress.progressEmail);
      if (progressEmail && !isEmail(progressEmail)) {
        ctx.addIssue({ code: 'custom', path: ['config', 'enquiryProgress', 'progressEmail'], message: notValidMessage(CUSTOMER_FIELD_LABELS['config.enquiryProgress.progressEmail']) });
      }

      // Customer info: title and description only when enabled; url and phone whenever given.
      const info = c.customerInfo;
      const infoPath = (k: string) => ['config', 'customerInfo', k];
      const title = str(info.title);
      if (info.isEnabled && !title) ctx.addIssue({ code: 'custom', path: infoPath('title'), message: CUSTOMER_MESSAGES.titleRequired });
      else if (title.length > CUSTOMER_CONFIG_TEXT_MAX.title) ctx.addIssue({ code: 'custom', path: infoPath('title'), message: notValidMessage(CUSTOMER_FIELD_LABELS['config.customerInfo.title']) });
      const description = str(info.description);
      if (info.isEnabled && !description) ctx.addIssue({ code: 'custom', path: infoPath('description'), message: CUSTOMER_MESSAGES.descriptionRequired });
      else if (description.length > CUSTOMER_CONFIG_TEXT_MAX.description) ctx.addIssue({ code: 'custom', path: infoPath('description'), message: notValidMessage(CUSTOMER_FIELD_LABELS['config.customerInfo.description']) });
      const infoUrl = str(info.url);
      if (infoUrl && !isUrl(infoUrl)) ctx.addIssue({ code: 'custom', path: infoPath('url'), message: CUSTOMER_MESSAGES.urlNotValid });
      const infoPhone = str(info.phoneNumber);
      if (infoPhone && !customerInfoPhoneValid(infoPhone, country)) ctx.addIssue({ code: 'custom', path: infoPath('phoneNumber'), message: CUSTOMER_MESSAGES.phoneNotValid });

      // Email invoices.
      const ei = c.emailInvoices;
      const eiPath = (k: string) => ['config', 'emailInvoices', k];
      const recipient = str(ei.recipientEmailId);
      if (ei.isEnabled && !recipient) ctx.addIssue({ code: 'custom', path: eiPath('recipientEmailId'), message: CUSTOMER_MESSAGES.recipientRequired });
      else if (recipient && !isEmail(recipient)) ctx.addIssue({ code: 'custom', path: eiPath('recipientEmailId'), message: CUSTOMER_MESSAGES.recipientNotValid });
      if (ei.isEnabled && ei.invoiceGroup === 'DIRECT_PAYBILL_INVOICES' && !allowsDirectPaybillInvoices(f.rateCardType)) {
        ctx.addIssue({ code: 'custom', path: eiPath('invoiceGroup'), message: CUSTOMER_MESSAGES.invoiceGroupNotApplicable });
      }

      // Web link.
      const wl = c.webLink;
      const wlPath = (k: string) => ['config', 'webLink', k];
      if (wl.isEnabled && wl.serviceTypes.length === 0) ctx.addIssue({ code: 'custom', path: wlPath('serviceTypes'), message: CUSTOMER_MESSAGES.serviceTypeRequired });
      if (wl.isEnabled && wl.vehicleMaintenanceTypes.length === 0) ctx.addIssue({ code: 'custom', path: wlPath('vehicleMaintenanceTypes'), message: CUSTOMER_MESSAGES.maintenanceTypeRequired });
      const privacy = str(wl.privacyPolicyUrl);
      if (privacy && !isUrl(privacy)) ctx.addIssue({ code: 'custom', path: wlPath('privacyPolicyUrl'), message: CUSTOMER_MESSAGES.urlNotValid });
      const logo = wl.theme.logo;
      if (logo && !isAcceptedLogo(logo)) ctx.addIssue({ code: 'custom', path: [...wlPath('theme'), 'logo'], message: notValidMessage(CUSTOMER_FIELD_LABELS['config.webLink.theme.logo']) });
      if (str(wl.instructions).length > CUSTOMER_CONFIG_TEXT_MAX.instructions) ctx.addIssue({ code: 'custom', path: wlPath('instructions'), message: notValidMessage(CUSTOMER_FIELD_LABELS['config.webLink.instructions']) });

      for (const issue of webhookIssues(f.webhooks)) ctx.addIssue({ code: 'custom', path: ['webhooks', ...issue.path], message: issue.message });

      if (opts.canEditFees && f.platformFees && typeof f.platformFees === 'object') {
        checkFees(ctx, f.platformFees as Record<string, unknown>, whatsAppDowntimeOn(c), opts.isNew);
      }
    });
}
export type CustomerFormSchema = ReturnType<typeof customerFormSchema>;

// ---------------------------------------------------------------------------------------------
// Defaults and conversions

const toggleList = <T extends string>(types: readonly T[], on = false) => types.map((type) => ({ type, enabled: on }));

export function defaultCustomerConfig(): CustomerConfig {
  return {
    menuOptions: { isEnabled: false, menuItems: toggleList(MENU_ITEMS) },
    enquiryAppointmentDates: { days: 0 },
    enquiryProgress: { enableProgressBar: false, sendPushNotifications: false, progressEmail: null },
    services: { isEnabled: false, types: APP_SERVICE_TYPES.map((type) => ({ type, enabled: false, visible: true })) },
    servicesEnabled: false,
    notifications: { isEnabled: false, notificationTypes: NOTIFICATION_TYPES.map((categoryType) => ({ categoryType, switchedOn: false })) },
    stock: { isImportFileSupplied: false },
    healthChecks: { isEnabled: false, healthCheckTypes: toggleList(HEALTH_CHECK_TYPES) },
    compliances: { isEnabled: false, complianceTypes: toggleList(COMPLIANCE_TYPES) },
    downTimeQueue: { isEnabled: false, downTimeActions: toggleList(DOWNTIME_ACTIONS) },
    vehicleTerminationDays: 0,
    supplierIdRequiredForEnquiryAllocation: false,
    includeExternalSMRCodesInExport: false,
    isEnquiryQnAEnabled: false,
    isMoovEnabled: false,
    customerInfoEnabled: false,
    customerInfo: { isEnabled: false, title: null, description: null, url: null, phoneNumber: null },
    emailInvoices: { isEnabled: false, invoiceGroup: 'ALL_INVOICES', recipientEmailId: null },
    webLink: {
      isEnabled: false,
      instructions: null,
      webLinkNetworkPolicy: 'NONE',
      serviceTypes: [],
      vehicleMaintenanceTypes: [],
      theme: { logo: null },
      privacyPolicyUrl: null,
    },
    integrations: [],
    dailyInvoiceExport: { isEnabled: false },
    featureFlags: {},
  };
}

export function defaultWebhooks(): Webhooks {
  return { enabled: false, authorizationUrl: null, topics: WEBHOOK_TOPICS.map((type) => ({ type, enabled: false, url: null })) };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every toggle type once, in catalogue order, keeping what was stored. */
function completeToggles<K extends string, T extends Record<K, string>>(key: K, defaults: T[], stored: unknown): T[] {
  const list = Array.isArray(stored) ? stored.filter(isObj) : [];
  return defaults.map((d) => ({ ...d, ...(list.find((s) => s[key] === d[key]) ?? {}) }) as T);
}

/**
 * A stored config block made whole: blocks or toggle types missing from older records (or from
 * records made outside the form) take their defaults, so every screen sees the full shape.
 */
export function completeCustomerConfig(stored: unknown): CustomerConfig {
  const d = defaultCustomerConfig();
  const s = isObj(stored) ? stored : {};
  const block = <K extends keyof CustomerConfig>(k: K): CustomerConfig[K] =>
    (isObj(d[k]) && isObj(s[k]) ? { ...(d[k] as object), ...(s[k] as object) } : s[k] !== undefined ? s[k] : d[k]) as CustomerConfig[K];
  const c = Object.fromEntries(Object.keys(d).map((k) => [k, block(k as keyof CustomerConfig)])) as unknown as CustomerConfig;
  c.menuOptions.menuItems = completeToggles('type', d.menuOptions.menuItems, c.menuOptions.menuItems);
  c.services.types = completeToggles('type', d.services.types, c.services.types);
  c.notifications.notificationTypes = completeToggles('categoryType', d.notifications.notificationTypes, c.notifications.notificationTypes);
  c.healthChecks.healthCheckTypes = completeToggles('type', d.healthChecks.healthCheckTypes, c.healthChecks.healthCheckTypes);
  c.compliances.complianceTypes = completeToggles('type', d.compliances.complianceTypes, c.compliances.complianceTypes);
  c.downTimeQueue.downTimeActions = completeToggles('type', d.downTimeQueue.downTimeActions, c.downTimeQueue.downTimeActions);
  c.webLink.theme = { ...d.webLink.theme, ...(isObj(c.webLink.theme) ? c.webLink.theme : {}) };
  if (!Array.isArray(c.integrations)) c.integrations = [];
  if (!isObj(c.featureFlags)) c.featureFlags = {};
  return c;
}

export function completeWebhooks(stored: unknown): Webhooks {
  const d = defaultWebhooks();
  if (!isObj(stored)) return d;
  return { ...d, ...stored, topics: completeToggles('type', d.topics, stored.topics) } as Webhooks;
}

function emptyFees(currency: Currency): PlatformFeesForm {
  return {
    currency,
    paymentMethod: '',
    feesSchedule: null,
    platformFeeAssignee: '',
    ...(Object.fromEntries(CUSTOMER_FEE_KEYS.map((k) => [k, { ...EMPTY_FEE }])) as Record<FeeKey, FeeField>),
  };
}

/** A new customer's form with the spec's defaults (supplier proximity 10, 5 assignments, 0 days…). */
export function emptyCustomerForm(country: Country): CustomerForm {
  const locale = LOCALE_BY_COUNTRY[country];
  const currency = CURRENCY_BY_LOCALE[locale];
  return {
    id: null,
    version: null,
    locale,
    customerName: '',
    companyRegistrationNumber: '',
    vatNumber: '',
    customerType: '',
    rateCardType: '',
    fleetLevel: '',
    currency,
    billingRefId: '',
    categoryId: '',
    customerNameForDirectPaybill: '',
    leaseDetails: { accountManager: '', accountNumber: '' },
    address: { number: '', address1: '', address2: '', address3: '', county: '', postCode: '' },
    phoneNumber: '',
    contactName: '',
    mobileNumber: '',
    email: '',
    infoEmail: '',
    landLineNumber: '',
    whatsappNumber: '',
    // New customers enforce multi-factor sign-in until they accept the risk (ours).
    enforceMfa: true,
    supplierProximity: DEFAULT_SUPPLIER_PROXIMITY,
    maxSubCustomerAssignmentsAllowed: DEFAULT_MAX_SUB_CUSTOMER_ASSIGNMENTS,
    exportsSettings: { invoiceSupplementFileEnabled: false },
    config: defaultCustomerConfig(),
    platformFees: emptyFees(currency),
    prevPlatformFees: null,
    webhooks: defaultWebhooks(),
  };
}

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

/** Record ids as the API takes them; an id that names no record is a 404, not a form error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRecordId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
const recordId = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(64);

/** The envelope the server checks before picking the country's schema (customerDetails is checked by customerFormSchema). */
export const saveCustomerRequestSchema = z
  .object({
    customerDetails: z.looseObject({
      isNew: z.boolean({ error: 'isNew is required' }),
      version: z.number().int().positive().nullable().optional(),
      locale: z.string().optional(),
    }),
    leaseCompanyId: recordId('leaseCompanyId').optional(),
    /** The console sends who saves; the server records the session's admin instead. */
    user: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.customerDetails.isNew) return;
    if (!v.leaseCompanyId) ctx.addIssue({ code: 'custom', path: ['leaseCompanyId'], message: 'leaseCompanyId is required' });
    if (!v.customerDetails.version) ctx.addIssue({ code: 'custom', path: ['customerDetails', 'version'], message: 'version is required' });
  });

export const leaseCompanyIdSchema = z.object({ leaseCompanyId: recordId('leaseCompanyId'), user: z.unknown().optional() });
export const terminateCustomerSchema = leaseCompanyIdSchema.extend({
  version: z.number({ error: 'version is required' }).int().positive(),
});
export const uploadCustomerLogoSchema = z.object({
  leaseCompanyId: recordId('leaseCompanyId').optional(),
  fileName: z.string({ error: 'File name is required' }).trim().min(1, 'File name is required').max(255),
  // 1 MB of body holds a logo many times over; the byte checks give the spec's messages.
  contentBase64: z.string({ error: 'Invalid file, please use a png file' }).max(1_000_000, 'Image file size should not be more than 100KB').regex(/^[A-Za-z0-9+/=\s]*$/, 'Invalid file, please use a png file'),
});
/** The members of admin/uploadCustomerLogo besides `contentBase64`: the server streams the file and checks these. */
export const uploadCustomerLogoFieldsSchema = uploadCustomerLogoSchema.omit({ contentBase64: true });
export const customerLogoQuerySchema = z.object({ fileId: recordId('fileId') });
