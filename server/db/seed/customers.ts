/** Lease companies, their sub-customers, accounting categories and the integration lookup. */
import { BulkWriter, insertAll } from './bulk';
import { Rng, fakerFor, idFor, KIND, postcodeFor, landlineFor, mobileFor, vatFor, companyNumberFor, slug, emailAt, DAY } from './random';
import { ACCOUNTING_CATEGORIES, IE_LEASE_SUFFIX, IE_TOWNS, LEASE_SUFFIX, LEASE_WORDS, UK_TOWNS } from './reference';
import type { SeedContext } from './context';
import { CURRENCY_BY_LOCALE, type Locale } from '../../../domain/common';
import {
  APP_SERVICE_TYPES, COMPLIANCE_TYPES, DIRECT_PAYBILL_RATE_CARD_TYPES, DOWNTIME_ACTIONS, FLEET_LEVELS, HEALTH_CHECK_TYPES,
  MENU_ITEMS, NOTIFICATION_TYPES, ALLOWED_ASSIGNMENTS, INTEGRATION_LOOKUP_REFERENCE, type CustomerConfig, type CustomerPlatformFees, type RateCardType, type Webhooks,
} from '../../../domain/customers';

const RATE_CARD_WEIGHTS: [RateCardType, number][] = [
  ['VISN', 35], ['VISN_WITH_DI_NETWORK', 20], ['VISN_NETWORK_OFFERING_SAVI', 12], ['COST_TYPE_HYBRID_VISN', 13], ['COST_TYPE_1', 12], ['COST_TYPE_2', 8],
];

/** The integration lookup is reference data: the seed uses the domain's list (spec 1 §3). */
const INTEGRATIONS = INTEGRATION_LOOKUP_REFERENCE;

function buildConfig(rng: Rng, email: string): CustomerConfig {
  const services = rng.bool(0.85);
  const t = <T extends string>(types: readonly T[], on: boolean) => types.map((type) => ({ type, enabled: on && rng.bool(0.8) }));
  const webLink = rng.bool(0.35);
  return {
    menuOptions: { isEnabled: true, menuItems: MENU_ITEMS.map((type) => ({ type, enabled: type === 'VEHICLE_RECORD' || (type === 'MESSAGES' ? services : rng.bool(0.75)) })) },
    enquiryAppointmentDates: { days: rng.pick([0, 0, 1, 2, 3, 5, 7]) },
    enquiryProgress: { enableProgressBar: rng.bool(0.7), sendPushNotifications: rng.bool(0.5), progressEmail: rng.bool(0.5) ? email : null },
    services: { isEnabled: services, types: APP_SERVICE_TYPES.map((type) => ({ type, enabled: services && rng.bool(0.85), visible: true })) },
    servicesEnabled: services,
    notifications: { isEnabled: services, notificationTypes: NOTIFICATION_TYPES.map((categoryType) => ({ categoryType, switchedOn: services && rng.bool(0.6) })) },
    stock: { isImportFileSupplied: rng.bool(0.6) },
    healthChecks: { isEnabled: services && rng.bool(0.5), healthCheckTypes: t(HEALTH_CHECK_TYPES, services) },
    compliances: { isEnabled: services && rng.bool(0.5), complianceTypes: t(COMPLIANCE_TYPES, services) },
    downTimeQueue: { isEnabled: rng.bool(0.5), downTimeActions: t(DOWNTIME_ACTIONS, true) },
    vehicleTerminationDays: rng.int(1, 30),
    supplierIdRequiredForEnquiryAllocation: rng.bool(0.3),
    includeExternalSMRCodesInExport: rng.bool(0.3),
    isEnquiryQnAEnabled: rng.bool(0.4),
    isMoovEnabled: rng.bool(0.2),
    customerInfoEnabled: false,
    customerInfo: { isEnabled: false, title: null, description: null, url: null, phoneNumber: null },
    emailInvoices: { isEnabled: rng.bool(0.4), invoiceGroup: 'ALL_INVOICES', recipientEmailId: `invoices@${email.split('@')[1]}` },
    webLink: {
      isEnabled: webLink,
      instructions: webLink ? 'Book your vehicle in with a garage near you. Have your registration and mileage to hand.' : null,
      webLinkNetworkPolicy: rng.pick(['NONE', 'VEHICLE', 'VISN'] as const),
      serviceTypes: webLink ? ['SERVICE', 'MOT', 'TYRE'] : [],
      vehicleMaintenanceTypes: webLink ? ['managed'] : [],
      theme: { logo: null },
      privacyPolicyUrl: webLink ? `https://www.${email.split('@')[1]}/privacy` : null,
    },
    integrations: INTEGRATIONS.slice(0, 5).map((i) => ({ ...i, typeDescription: i.typeDescription ?? undefined, enabled: rng.bool(0.6), useStub: false, isStatic: false })),
    dailyInvoiceExport: { isEnabled: rng.bool(0.6) },
    featureFlags: { vorQueue: rng.bool(0.5), driverApp: services },
  };
}

function fees(rng: Rng, locale: Locale, whatsapp: boolean): CustomerPlatformFees {
  const m = (lo: number, hi: number) => rng.int(lo, hi) * 5;
  return {
    currency: CURRENCY_BY_LOCALE[locale],
    paymentMethod: rng.bool(0.7) ? 'DIRECT_DEBIT' : 'BACS',
    feesSchedule: rng.pick([7, 14, 28, 30, 30, 45, 60]),
    platformFeeAssignee: rng.bool(0.7) ? 'SUB_CUSTOMER' : 'CUSTOMER',
    bookingFee: m(30, 100),
    monthlyVehicleFee: m(20, 60),
    transactionFee: m(10, 50),
    licenceFee: m(1000, 5000),
    manualVorFee: m(100, 400),
    reportingLicenceFee: m(500, 2000),
    driverLicencePricePerCheck: m(40, 120),
    licenceCheckPerDriverPerMonth: m(20, 80),
    monthlyWhatsAppFee: whatsapp ? m(500, 1500) : null,
  };
}

export async function seedCustomers(ctx: SeedContext): Promise<void> {
  const { database, seed, today } = ctx;
  const faker = fakerFor(seed, 1);
  const rng = new Rng(seed, 1);
  await insertAll(database, 'accounting_categories', [['id', 'text'], ['name', 'text']], ACCOUNTING_CATEGORIES.map((c) => [c.id, c.name]));
  await insertAll(
    database,
    'integration_lookups',
    [['type', 'text'], ['type_label', 'text'], ['type_description', 'text'], ['source', 'text'], ['source_label', 'text']],
    INTEGRATIONS.map((i) => [i.type, i.typeLabel, i.typeDescription, i.source, i.sourceLabel]),
  );
  const leaseCols = [
    ['id', 'uuid'], ['di_customer_id', 'text'], ['name', 'text'], ['status', 'text'], ['customer_type', 'text'], ['rate_card_type', 'text'],
    ['fleet_level', 'text'], ['currency', 'text'], ['locale', 'text'], ['company_registration_number', 'text'], ['vat_number', 'text'],
    ['billing_ref_id', 'text'], ['category_id', 'text'], ['customer_name_for_direct_paybill', 'text'], ['address_number', 'text'],
    ['address1', 'text'], ['address2', 'text'], ['address3', 'text'], ['county', 'text'], ['post_code', 'text'], ['main_phone_number', 'text'],
    ['info_email', 'text'], ['contact_name', 'text'], ['land_line_number', 'text'], ['mobile_number', 'text'], ['email', 'text'],
    ['whatsapp_number', 'text'], ['enforce_mfa', 'bool'], ['supplier_proximity', 'int'], ['max_sub_customer_assignments_allowed', 'int'],
    ['web_link_id', 'text'], ['account_manager', 'text'], ['account_number', 'text'], ['platform_fee_assignee', 'text'],
    ['invoice_supplement_file_enabled', 'bool'], ['config', 'jsonb'], ['platform_fees', 'jsonb'], ['webhooks', 'jsonb'], ['retailer_config', 'jsonb'],
    ['terminated_at', 'timestamptz'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const;
  const w = new BulkWriter(database, 'lease_companies', leaseCols);
  const subs = new BulkWriter(database, 'sub_customers', [['id', 'uuid'], ['lease_company_id', 'uuid'], ['name', 'text'], ['status', 'text'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz']]).after(w);
  const names = new Set<string>();
  let subIndex = 0;
  const n = ctx.size.leaseCompanies;
  for (let i = 0; i < n; i++) {
    const locale: Locale = i % 5 === 4 ? 'en_IE' : 'en_GB';
    const town = rng.pick(locale === 'en_IE' ? IE_TOWNS : UK_TOWNS);
    let name = '';
    do {
      const first = rng.bool(0.5) ? faker.person.lastName() : rng.bool(0.5) ? town.town : rng.pick(LEASE_WORDS);
      name = `${first} ${rng.pick(locale === 'en_IE' ? IE_LEASE_SUFFIX : LEASE_SUFFIX)}`;
      if (names.has(name)) name = `${faker.person.lastName()} ${name}`;
    } while (names.has(name));
    names.add(name);
    // A handful terminated; the 4th and 9th always, so small data shows both states.
    const terminated = i === 3 || i === 8 || rng.bool(0.06);
    const rateCardType = RATE_CARD_WEIGHTS[rng.weighted(RATE_CARD_WEIGHTS.map(([, w]) => w))][0];
    // Short enough that every address on it fits the 50-character e-mail fields.
    const domain = `${slug(name.replace(/ (Ltd|plc|DAC)$/, '')).slice(0, 24).replace(/-+$/, '')}.example.com`;
    const contact = faker.person.fullName();
    const id = idFor(seed, KIND.leaseCompany, i);
    const created = today - rng.int(200, 3000) * DAY;
    const modified = Math.min(today - DAY, created + rng.int(1, 400) * DAY);
    const directPaybill = DIRECT_PAYBILL_RATE_CARD_TYPES.includes(rateCardType);
    const config = buildConfig(rng, `fleet@${domain}`);
    const whatsapp = config.downTimeQueue.isEnabled && config.downTimeQueue.downTimeActions.some((a) => a.type === 'WHATSAPP' && a.enabled);
    const webhooks: Webhooks | null = rng.bool(0.3)
      ? { enabled: true, authorizationUrl: `https://api.${domain}/oauth/token`, topics: [{ type: 'ENQUIRY_UPDATES', enabled: true, url: `https://api.${domain}/hooks/enquiries` }, { type: 'VOR_UPDATES', enabled: rng.bool(0.5), url: `https://api.${domain}/hooks/vor` }] }
      : null;
    const categoryId = directPaybill || rng.bool(0.5) ? (locale === 'en_IE' ? '1004' : rng.pick(['1001', '1002', '1003', '1005', '1006'])) : null;
    const dci = `C${String(1001 + i).padStart(5, '0')}`;
    const subCustomerIds: string[] = [];
    const nSubs = rng.int(1, 5);
    for (let s = 0; s < nSubs; s++) {
      const sid = idFor(seed, KIND.subCustomer, subIndex++);
      subCustomerIds.push(sid);
      await subs.add([sid, id, `${faker.company.name()}`, terminated ? 'TERMINATED' : 'ACTIVE', new Date(created), new Date(modified)]);
    }
    // The customer's fee assignee and the one inside its platform fees are one choice.
    const platformFees = fees(rng, locale, whatsapp);
    await w.add([
      id, dci, name, terminated ? 'TERMINATED' : 'ACTIVE', rng.bool(0.7) ? 'DIRECT' : 'INDIRECT', rateCardType, rng.pick(FLEET_LEVELS),
      CURRENCY_BY_LOCALE[locale], locale, companyNumberFor(rng, locale, town), vatFor(rng, locale, 10), `cb_${dci.toLowerCase()}`, categoryId,
      directPaybill ? name.replace(/ (Ltd|plc|DAC)$/, '') : null, String(rng.int(1, 250)), faker.location.street(), rng.bool(0.4) ? faker.location.street() : null,
      town.town, town.county, postcodeFor(rng, town, locale), landlineFor(rng, town, locale), `info@${domain}`, contact, landlineFor(rng, town, locale),
      mobileFor(rng, locale), emailAt(slug(contact).replace(/-/g, '.'), domain), rng.bool(0.3) ? mobileFor(rng, locale) : null,
      rng.bool(0.15) ? null : rng.bool(0.85), rng.pick([5, 10, 10, 10, 15, 20, 25]), rng.pick(ALLOWED_ASSIGNMENTS.slice(0, 12)),
      config.webLink.isEnabled ? `wl-${dci.toLowerCase()}` : null, faker.person.fullName(), rng.bool(0.6) ? `ACC${rng.digits(6)}` : null,
      platformFees.platformFeeAssignee, rng.bool(0.3), config, platformFees, webhooks,
      rateCardType === 'VISN_NETWORK_OFFERING_SAVI' ? { custCust: name, mappingId: `MAP-${rng.digits(5)}` } : null,
      terminated ? new Date(modified) : null, new Date(created), new Date(modified),
    ]);
    ctx.leases.push({
      id, name, diCustomerId: dci, locale, currency: CURRENCY_BY_LOCALE[locale], rateCardType, status: terminated ? 'TERMINATED' : 'ACTIVE',
      categoryId, domain, town, subCustomerIds, dailyInvoiceExport: config.dailyInvoiceExport.isEnabled, stockImport: config.stock.isImportFileSupplied,
      supplierPool: [], driverStart: 0, driverEnd: 0, vehicleStart: 0, vehicleEnd: 0,
    });
  }
  ctx.counts.lease_companies = await w.close();
  ctx.counts.sub_customers = await subs.close();
}
