/** Customer (lease company) values of spec 1 §3-§5 and spec 3 §9. */
import type { Currency, Minor, PaymentMethod } from '../common';

export const CUSTOMER_STATUSES = ['ACTIVE', 'TERMINATED'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const CUSTOMER_TYPES = ['DIRECT', 'INDIRECT'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Customer kinds (spec 3 §9); also the platformFeeAssignee values. */
export const CUSTOMER_KINDS = ['CUSTOMER', 'SUB_CUSTOMER'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** Cost or offering types (spec 3 §9). */
export const RATE_CARD_TYPES = [
  'VISN',
  'VISN_WITH_DI_NETWORK',
  'VISN_NETWORK_OFFERING_SAVI',
  'COST_TYPE_HYBRID_VISN',
  'COST_TYPE_1',
  'COST_TYPE_2',
] as const;
export type RateCardType = (typeof RATE_CARD_TYPES)[number];
export const RATE_CARD_LABELS: Record<RateCardType, string> = {
  VISN: 'ViSN',
  VISN_WITH_DI_NETWORK: 'ViSN with DI Network',
  VISN_NETWORK_OFFERING_SAVI: 'ViSN Network Offering (SAVi)',
  COST_TYPE_HYBRID_VISN: 'Hybrid ViSN',
  COST_TYPE_1: 'Cost Type 1',
  COST_TYPE_2: 'Cost Type 2',
};
/**
 * The two direct-paybill rate card types (spec 1 §5: hybrid and network offering may use the
 * direct paybill invoice group). The spec does not list them; these are our reading.
 */
export const DIRECT_PAYBILL_RATE_CARD_TYPES: readonly RateCardType[] = ['COST_TYPE_HYBRID_VISN', 'VISN_NETWORK_OFFERING_SAVI'];

/** Fleet levels: not listed in the spec (ours). */
export const FLEET_LEVELS = ['SMALL', 'MEDIUM', 'LARGE', 'ENTERPRISE'] as const;
export type FleetLevel = (typeof FLEET_LEVELS)[number];

export const MENU_ITEMS = ['IN_LIFE', 'COMPLIANCE', 'SETTINGS', 'REPORTS', 'VEHICLE_RECORD', 'MESSAGES'] as const;
export const APP_SERVICE_TYPES = ['TYRE', 'SERVICE', 'REPAIR', 'MOT'] as const;
export const NOTIFICATION_TYPES = ['SERVICE_MANAGER', 'MOT_REMINDER', 'MILEAGE_UPDATE', 'OIL_CHECK', 'CAR_HEALTH_CHECK', 'LCV_HEALTH_CHECK'] as const;
export const HEALTH_CHECK_TYPES = ['HEALTH_CHECK_LCV', 'HEALTH_CHECK_CAR'] as const;
export const COMPLIANCE_TYPES = ['DRIVING_LICENSE_CHECK', 'FIT_TO_DRIVE_CHECK'] as const;
export const DOWNTIME_ACTIONS = ['CASE_NOTES', 'EMAILS', 'WHATSAPP', 'VOICE_CALLS'] as const;
export const WEB_LINK_NETWORK_POLICIES = ['NONE', 'VEHICLE', 'VISN'] as const;
export const VEHICLE_MAINTENANCE_TYPES = ['managed', 'nonManaged'] as const;
export const INVOICE_GROUPS = ['ALL_INVOICES', 'DIRECT_PAYBILL_INVOICES'] as const;
export const WEBHOOK_TOPICS = ['ENQUIRY_UPDATES', 'VOR_UPDATES'] as const;
export const API_VIEW_TYPES = ['LEASE', 'GARAGE'] as const;
export const NETWORK_EXPORT_TYPES = ['CUSTOMER_NETWORK_EXPORT', 'DI_NETWORK_EXPORT'] as const;
export const CONTRACT_PRODUCTS = ['SERVICE_4_FLEET', 'PLATINUM_SERVICE_4_FLEET', 'LEX_AUTO'] as const;

export const ENQUIRY_APPOINTMENT_DAYS = Array.from({ length: 17 }, (_, i) => i);
export const VEHICLE_TERMINATION_DAYS = Array.from({ length: 30 }, (_, i) => i + 1);
export const ALLOWED_ASSIGNMENTS = [5, 10, 15, 20, 25, 30, 35, 50, 60, 70, 80, 90, 100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000] as const;
export const DEFAULT_SUPPLIER_PROXIMITY = 10;
export const DEFAULT_MAX_SUB_CUSTOMER_ASSIGNMENTS = 5;
export const FEES_SCHEDULE_DAYS = Array.from({ length: 60 }, (_, i) => i + 1);

type Toggle<T extends string> = { type: T; enabled: boolean };

export interface CustomerIntegration {
  type: string;
  typeLabel: string;
  typeDescription?: string;
  source: string;
  sourceLabel: string;
  enabled: boolean;
  useStub: boolean;
  isStatic: boolean;
}

/** The customer `config` block (spec 1 §3), stored whole as jsonb. */
export interface CustomerConfig {
  menuOptions: { isEnabled: boolean; menuItems: Toggle<(typeof MENU_ITEMS)[number]>[] };
  enquiryAppointmentDates: { days: number };
  enquiryProgress: { enableProgressBar: boolean; sendPushNotifications: boolean; progressEmail: string | null };
  services: { isEnabled: boolean; types: (Toggle<(typeof APP_SERVICE_TYPES)[number]> & { visible: boolean })[] };
  servicesEnabled: boolean;
  notifications: { isEnabled: boolean; notificationTypes: { categoryType: (typeof NOTIFICATION_TYPES)[number]; switchedOn: boolean }[] };
  stock: { isImportFileSupplied: boolean };
  healthChecks: { isEnabled: boolean; healthCheckTypes: Toggle<(typeof HEALTH_CHECK_TYPES)[number]>[] };
  compliances: { isEnabled: boolean; complianceTypes: Toggle<(typeof COMPLIANCE_TYPES)[number]>[] };
  downTimeQueue: { isEnabled: boolean; downTimeActions: Toggle<(typeof DOWNTIME_ACTIONS)[number]>[] };
  vehicleTerminationDays: number;
  supplierIdRequiredForEnquiryAllocation: boolean;
  includeExternalSMRCodesInExport: boolean;
  isEnquiryQnAEnabled: boolean;
  isMoovEnabled: boolean;
  customerInfoEnabled: boolean;
  customerInfo: { isEnabled: boolean; title: string | null; description: string | null; url: string | null; phoneNumber: string | null };
  emailInvoices: { isEnabled: boolean; invoiceGroup: (typeof INVOICE_GROUPS)[number]; recipientEmailId: string | null };
  webLink: {
    isEnabled: boolean;
    instructions: string | null;
    webLinkNetworkPolicy: (typeof WEB_LINK_NETWORK_POLICIES)[number];
    serviceTypes: string[];
    vehicleMaintenanceTypes: (typeof VEHICLE_MAINTENANCE_TYPES)[number][];
    theme: { logo: string | null };
    privacyPolicyUrl: string | null;
  };
  integrations: CustomerIntegration[];
  /** Daily invoice export switch (section 'Daily Invoice Export'). */
  dailyInvoiceExport: { isEnabled: boolean };
  featureFlags: Record<string, boolean>;
}

/** Platform fees of a customer (spec 1 §3); every fee is minor units. */
export interface CustomerPlatformFees {
  currency: Currency;
  paymentMethod: PaymentMethod;
  feesSchedule: number;
  platformFeeAssignee: (typeof CUSTOMER_KINDS)[number];
  bookingFee: Minor;
  monthlyVehicleFee: Minor;
  transactionFee: Minor;
  licenceFee: Minor;
  manualVorFee: Minor;
  reportingLicenceFee: Minor;
  driverLicencePricePerCheck: Minor;
  licenceCheckPerDriverPerMonth: Minor;
  monthlyWhatsAppFee: Minor | null;
}
export const CUSTOMER_FEE_KEYS = [
  'bookingFee',
  'monthlyVehicleFee',
  'transactionFee',
  'licenceFee',
  'manualVorFee',
  'reportingLicenceFee',
  'driverLicencePricePerCheck',
  'licenceCheckPerDriverPerMonth',
  'monthlyWhatsAppFee',
] as const;

export interface Webhooks {
  enabled: boolean;
  authorizationUrl: string | null;
  topics: { type: (typeof WEBHOOK_TOPICS)[number]; enabled: boolean; url: string | null }[];
}

/** Third-party (retailer payment platform) mapping. */
export interface RetailerConfig {
  custCust: string;
  mappingId: string;
}

/** Endpoints an API id may be allowed to call: the catalogue lives with the API integration rules. */
export { API_ENDPOINT_CATALOGUE as API_ENDPOINTS, type AllowedEndpoint } from '../apiConfig';

/** Integration lookup sources (spec 1 §3). */
export const INTEGRATION_SOURCES = {
  VEHICLE_DATA: 'VEHICLE_DATA_PROVIDER',
  LICENCE_AUTHORITY: 'DRIVER_LICENCE_AUTHORITY',
  FNP: ['FNP_OEC', 'FNP_MODULUS', 'FNP_KIA', 'FNP_FORD'],
} as const;
