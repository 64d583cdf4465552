/** The customer form's defaults: a new customer's form, and stored settings completed with today's options. */
import { CURRENCY_BY_LOCALE, type Currency } from '../../common';
import {
  APP_SERVICE_TYPES,
  COMPLIANCE_TYPES,
  CUSTOMER_FEE_KEYS,
  DEFAULT_MAX_SUB_CUSTOMER_ASSIGNMENTS,
  DEFAULT_SUPPLIER_PROXIMITY,
  DOWNTIME_ACTIONS,
  HEALTH_CHECK_TYPES,
  MENU_ITEMS,
  NOTIFICATION_TYPES,
  WEBHOOK_TOPICS,
  type CustomerConfig,
  type Webhooks,
} from '../enums';
import { EMPTY_FEE, type FeeField } from '../../fees';
import { type Country, LOCALE_BY_COUNTRY } from '../../country';
import { type CustomerForm, type FeeKey, type PlatformFeesForm } from './values';

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

export function emptyFees(currency: Currency): PlatformFeesForm {
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
