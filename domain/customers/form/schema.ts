/** The customer form's zod schema, one per country, used by the console form and again by
 * admin/saveLeaseCompanyDetails. It only validates: it never rewrites values. Each field gets at
 * most one message, in the order required, length, pattern. */
import { z } from 'zod';
import { CURRENCIES, PAYMENT_METHODS } from '../../common';
import { isEmail } from '../../formats';
import {
  ALLOWED_ASSIGNMENTS,
  APP_SERVICE_TYPES,
  COMPLIANCE_TYPES,
  CUSTOMER_FEE_KEYS,
  CUSTOMER_KINDS,
  CUSTOMER_TYPES,
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
} from '../enums';
import { rawToMinor } from '../../fees';
import { isAcceptedLogo } from '../logo';
import {
  allowsDirectPaybillInvoices,
  requiresAccountingCategory,
  requiresDirectPaybillName,
  whatsAppDowntimeOn,
} from '../rules';
import { type Country, LOCALE_BY_COUNTRY } from '../../country';
import { CUSTOMER_FIELD_LABELS, CUSTOMER_MESSAGES, type CustomerFieldPath, customerFieldLabel, notValidMessage, requiredMessage } from './labels';
import { CUSTOMER_CONFIG_TEXT_MAX, type TextRule, customerInfoPhoneValid, customerTextRules, isUrl } from './limits';
import { str } from './trimmed';

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
