/**
 * The customer form's dependencies (spec 1 §4 "Customer form dependencies") and the display rules
 * of Customer Details, as pure functions: the screens call them and hold no rule of their own.
 */
import {
  DIRECT_PAYBILL_RATE_CARD_TYPES,
  INTEGRATION_SOURCES,
  MENU_ITEMS,
  type CustomerConfig,
  type CustomerIntegration,
  type RateCardType,
} from './enums';
import type { CustomerAddress, IntegrationLookup } from './details';
import type { Locale } from '../common';
import { formatAddress } from '../formats';
import type { CustomerForm } from './form/values';

type MenuItem = (typeof MENU_ITEMS)[number];

// ---------------------------------------------------------------------------------------------
// Rate card type rules

/**
 * Rate card types whose Customer Details hide the header block: VISN_WITH_DI_NETWORK (spec) and
 * VISN_NETWORK_OFFERING_SAVI (ours: the spec names "one further type" without saying which; the
 * SAVi network offering is the other type served from a network the customer does not manage).
 */
export const HEADER_HIDDEN_RATE_CARD_TYPES: readonly RateCardType[] = ['VISN_WITH_DI_NETWORK', 'VISN_NETWORK_OFFERING_SAVI'];
export function showsHeaderBlock(rateCardType: unknown): boolean {
  return !(HEADER_HIDDEN_RATE_CARD_TYPES as readonly unknown[]).includes(rateCardType);
}

/** 'Customer Name for Direct Paybill' is required for the two direct-paybill rate card types. */
export function requiresDirectPaybillName(rateCardType: unknown): boolean {
  return (DIRECT_PAYBILL_RATE_CARD_TYPES as readonly unknown[]).includes(rateCardType);
}
/** PayBill customers (the direct-paybill rate card types) need an accounting category (spec 1 §3). */
export const requiresAccountingCategory = requiresDirectPaybillName;
/** The direct-paybill invoice group is allowed only for the hybrid and network-offering types (spec 1 §5). */
export const allowsDirectPaybillInvoices = requiresDirectPaybillName;

// ---------------------------------------------------------------------------------------------
// Address display

export { ADDRESS_NOT_AVAILABLE } from '../formats';
/** The customer's address as the card and Customer Details show it (domain/formats.ts formatAddress). */
export const formatCustomerAddress = (address: Partial<CustomerAddress> | null | undefined, locale: Locale): string => formatAddress(address, locale);

/** The postcode input while typing: spaces removed and trimmed (spec 1 §5). */
export function postcodeInput(text: unknown): string {
  return typeof text === 'string' ? text.replace(/\s+/g, '') : '';
}

// ---------------------------------------------------------------------------------------------
// Feature dependencies

/** The WhatsApp downtime action is on: the queue is enabled and its WHATSAPP tile is on. */
export function whatsAppDowntimeOn(config: Pick<CustomerConfig, 'downTimeQueue'> | null | undefined): boolean {
  const q = config?.downTimeQueue;
  return Boolean(q?.isEnabled && Array.isArray(q.downTimeActions) && q.downTimeActions.some((a) => a?.type === 'WHATSAPP' && a.enabled));
}

export const FNP_SOURCES: readonly string[] = INTEGRATION_SOURCES.FNP;
export const isFnpSource = (source: unknown): boolean => FNP_SOURCES.includes(source as string);

const setAll = <T extends { enabled: boolean }>(list: T[], enabled: boolean): T[] => list.map((t) => ({ ...t, enabled }));

/**
 * The form after a change, with every dependency applied. `previous` is the form before the
 * change (null on first load): switching a block on is a transition, the rest always holds.
 * - App services off: compliance, health-check and notification toggles (blocks and tiles) off,
 *   and the MESSAGES menu item off.
 * - Menu options switched on: VEHICLE_RECORD on, MESSAGES follows the services state.
 * - A feature block switched on: all its type tiles on.
 * - FNP integrations: stub forced off. Static (not yet configured) integrations: off.
 * - Webhooks off: every topic off.
 * - servicesEnabled mirrors services.isEnabled, customerInfoEnabled mirrors customerInfo.isEnabled.
 */
export function applyCustomerDependencies(previous: CustomerForm | null, next: CustomerForm): CustomerForm {
  const f = structuredClone(next);
  const c = f.config;
  const p = previous?.config;

  // The services switch exists twice in the record; whichever the user moved wins.
  if (p && c.servicesEnabled !== p.servicesEnabled && c.services.isEnabled === p.services.isEnabled) c.services.isEnabled = c.servicesEnabled;
  c.servicesEnabled = c.services.isEnabled;
  if (p && c.customerInfoEnabled !== p.customerInfoEnabled && c.customerInfo.isEnabled === p.customerInfo.isEnabled) {
    c.customerInfo.isEnabled = c.customerInfoEnabled;
  }
  c.customerInfoEnabled = c.customerInfo.isEnabled;

  const switchedOn = (now: boolean, before: boolean | undefined) => p !== undefined && now && !before;
  if (switchedOn(c.services.isEnabled, p?.services.isEnabled)) c.services.types = setAll(c.services.types, true);
  if (switchedOn(c.notifications.isEnabled, p?.notifications.isEnabled)) {
    c.notifications.notificationTypes = c.notifications.notificationTypes.map((n) => ({ ...n, switchedOn: true }));
  }
  if (switchedOn(c.healthChecks.isEnabled, p?.healthChecks.isEnabled)) c.healthChecks.healthCheckTypes = setAll(c.healthChecks.healthCheckTypes, true);
  if (switchedOn(c.compliances.isEnabled, p?.compliances.isEnabled)) c.compliances.complianceTypes = setAll(c.compliances.complianceTypes, true);
  if (switchedOn(c.downTimeQueue.isEnabled, p?.downTimeQueue.isEnabled)) c.downTimeQueue.downTimeActions = setAll(c.downTimeQueue.downTimeActions, true);

  const setMenu = (type: MenuItem, enabled: boolean) => {
    c.menuOptions.menuItems = c.menuOptions.menuItems.map((m) => (m.type === type ? { ...m, enabled } : m));
  };
  if (switchedOn(c.menuOptions.isEnabled, p?.menuOptions.isEnabled)) {
    setMenu('VEHICLE_RECORD', true);
    setMenu('MESSAGES', c.services.isEnabled);
  }

  if (!c.services.isEnabled) {
    c.compliances = { isEnabled: false, complianceTypes: setAll(c.compliances.complianceTypes, false) };
    c.healthChecks = { isEnabled: false, healthCheckTypes: setAll(c.healthChecks.healthCheckTypes, false) };
    c.notifications = { isEnabled: false, notificationTypes: c.notifications.notificationTypes.map((n) => ({ ...n, switchedOn: false })) };
    setMenu('MESSAGES', false);
  }

  c.integrations = c.integrations.map((i) => ({
    ...i,
    useStub: isFnpSource(i.source) || i.isStatic ? false : i.useStub,
    enabled: i.isStatic ? false : i.enabled,
  }));

  if (!f.webhooks.enabled) f.webhooks = { ...f.webhooks, topics: f.webhooks.topics.map((t) => ({ ...t, enabled: false })) };
  return f;
}

/** Which inputs are disabled (true) or required for the current values. */
export interface CustomerFieldState {
  /** Menu item tiles: all when menu options are off; MESSAGES also when app services are off. */
  menuItems: Record<MenuItem, boolean>;
  /** App service type tiles (services off). */
  serviceTypes: boolean;
  /** Block switches and their tiles; the blocks are disabled while app services are off. */
  notifications: { block: boolean; types: boolean };
  healthChecks: { block: boolean; types: boolean };
  compliances: { block: boolean; types: boolean };
  downTimeActions: boolean;
  /** Per integration (same index as config.integrations). */
  integrations: { enabled: boolean; useStub: boolean; isStatic: boolean }[];
  webhooks: { topics: boolean; topicUrls: boolean[]; authorizationUrl: boolean };
  /** The direct-paybill invoice group option (not applicable to the rate card type). */
  directPaybillInvoiceGroup: boolean;
  /** Disabled while the block is off. */
  customerInfo: boolean;
  webLink: boolean;
  required: {
    customerNameForDirectPaybill: boolean;
    categoryId: boolean;
    platformFeeAssignee: boolean;
    monthlyWhatsAppFee: boolean;
    recipientEmailId: boolean;
    customerInfo: boolean;
  };
}

export function customerFieldState(form: CustomerForm): CustomerFieldState {
  const c = form.config;
  const servicesOff = !c.services.isEnabled;
  const menuOff = !c.menuOptions.isEnabled;
  const menuItems = Object.fromEntries(MENU_ITEMS.map((m) => [m, menuOff || (m === 'MESSAGES' && servicesOff)])) as Record<MenuItem, boolean>;
  return {
    menuItems,
    serviceTypes: servicesOff,
    notifications: { block: servicesOff, types: servicesOff || !c.notifications.isEnabled },
    healthChecks: { block: servicesOff, types: servicesOff || !c.healthChecks.isEnabled },
    compliances: { block: servicesOff, types: servicesOff || !c.compliances.isEnabled },
    downTimeActions: !c.downTimeQueue.isEnabled,
    integrations: c.integrations.map((i) => ({ enabled: i.isStatic, useStub: i.isStatic || isFnpSource(i.source), isStatic: i.isStatic })),
    webhooks: {
      topics: !form.webhooks.enabled,
      topicUrls: form.webhooks.topics.map((t) => !form.webhooks.enabled || !t.enabled),
      authorizationUrl: !form.webhooks.enabled,
    },
    directPaybillInvoiceGroup: !allowsDirectPaybillInvoices(form.rateCardType),
    customerInfo: !c.customerInfo.isEnabled,
    webLink: !c.webLink.isEnabled,
    required: {
      customerNameForDirectPaybill: requiresDirectPaybillName(form.rateCardType),
      categoryId: requiresAccountingCategory(form.rateCardType),
      platformFeeAssignee: form.id === null,
      monthlyWhatsAppFee: whatsAppDowntimeOn(c),
      recipientEmailId: c.emailInvoices.isEnabled,
      customerInfo: c.customerInfo.isEnabled,
    },
  };
}

/**
 * The integration tiles: the customer's configured integrations, then every lookup type/source
 * pair not yet configured, shown static (disabled, grey) and off.
 */
export function integrationTiles(configured: readonly CustomerIntegration[], lookups: readonly IntegrationLookup[]): CustomerIntegration[] {
  const key = (i: { type: string; source: string }) => `${i.type}\u0000${i.source}`;
  const have = new Set(configured.map(key));
  const rest = lookups
    .filter((l) => !have.has(key(l)))
    .map((l) => ({ type: l.type, typeLabel: l.typeLabel, typeDescription: l.typeDescription ?? undefined, source: l.source, sourceLabel: l.sourceLabel, enabled: false, useStub: false, isStatic: true }));
  return [...configured, ...rest];
}
