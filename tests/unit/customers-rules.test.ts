import { describe, expect, it } from 'vitest';
import {
  ADDRESS_NOT_AVAILABLE,
  RATE_CARD_TYPES,
  applyCustomerDependencies,
  customerFieldState,
  emptyCustomerForm,
  formatCustomerAddress,
  integrationTiles,
  INTEGRATION_LOOKUP_REFERENCE,
  postcodeInput,
  requiresDirectPaybillName,
  showsHeaderBlock,
  allowsDirectPaybillInvoices,
  whatsAppDowntimeOn,
  type CustomerForm,
} from '../../domain/customers';
import { fullForm } from '../fixtures/customerForms';

const menu = (f: CustomerForm, type: string) => f.config.menuOptions.menuItems.find((m) => m.type === type)!.enabled;
const change = (f: CustomerForm, edit: (g: CustomerForm) => void) => {
  const next = structuredClone(f);
  edit(next);
  return applyCustomerDependencies(f, next);
};

describe('app services', () => {
  it('switching services off resets and disables compliance, health checks, notifications and MESSAGES', () => {
    const before = fullForm('UK');
    expect(menu(before, 'MESSAGES')).toBe(true);
    const after = change(before, (g) => (g.config.services.isEnabled = false));
    const c = after.config;
    expect(c.servicesEnabled).toBe(false);
    expect(c.compliances.isEnabled).toBe(false);
    expect(c.compliances.complianceTypes.every((x) => !x.enabled)).toBe(true);
    expect(c.healthChecks.isEnabled).toBe(false);
    expect(c.healthChecks.healthCheckTypes.every((x) => !x.enabled)).toBe(true);
    expect(c.notifications.isEnabled).toBe(false);
    expect(c.notifications.notificationTypes.every((x) => !x.switchedOn)).toBe(true);
    expect(menu(after, 'MESSAGES')).toBe(false);
    // Other blocks are left alone.
    expect(c.downTimeQueue).toEqual(before.config.downTimeQueue);
    expect(menu(after, 'IN_LIFE')).toBe(true);
    const state = customerFieldState(after);
    expect(state.compliances).toEqual({ block: true, types: true });
    expect(state.healthChecks).toEqual({ block: true, types: true });
    expect(state.notifications).toEqual({ block: true, types: true });
    expect(state.menuItems.MESSAGES).toBe(true);
    expect(state.menuItems.IN_LIFE).toBe(false);
    expect(state.serviceTypes).toBe(true);
  });

  it('the servicesEnabled switch moves services.isEnabled too', () => {
    const after = change(fullForm('UK'), (g) => (g.config.servicesEnabled = false));
    expect(after.config.services.isEnabled).toBe(false);
    expect(after.config.compliances.isEnabled).toBe(false);
  });

  it('services on again re-enables the inputs without switching them on', () => {
    const off = change(fullForm('UK'), (g) => (g.config.services.isEnabled = false));
    const on = change(off, (g) => (g.config.services.isEnabled = true));
    expect(on.config.services.types.every((s) => s.enabled)).toBe(true);
    expect(on.config.compliances.isEnabled).toBe(false);
    expect(customerFieldState(on).compliances).toEqual({ block: false, types: true });
    expect(customerFieldState(on).menuItems.MESSAGES).toBe(false);
  });
});

describe('menu options', () => {
  it.each([
    [true, true],
    [false, false],
  ])('switching menu options on turns VEHICLE_RECORD on and sets MESSAGES to the services state (services %s)', (services, messages) => {
    const f = emptyCustomerForm('UK');
    f.config.services.isEnabled = services;
    f.config.servicesEnabled = services;
    const after = change(f, (g) => (g.config.menuOptions.isEnabled = true));
    expect(menu(after, 'VEHICLE_RECORD')).toBe(true);
    expect(menu(after, 'MESSAGES')).toBe(messages);
    expect(menu(after, 'REPORTS')).toBe(false);
  });

  it('menu item tiles are disabled while menu options are off', () => {
    const state = customerFieldState(emptyCustomerForm('UK'));
    expect(Object.values(state.menuItems).every(Boolean)).toBe(true);
  });

  it('applies nothing on first load (no previous form)', () => {
    const f = emptyCustomerForm('UK');
    f.config.menuOptions.isEnabled = true;
    expect(menu(applyCustomerDependencies(null, f), 'VEHICLE_RECORD')).toBe(false);
  });
});

describe('feature blocks', () => {
  const blocks: [string, (f: CustomerForm) => void, (f: CustomerForm) => boolean[], keyof ReturnType<typeof customerFieldState> | null][] = [
    ['services', (g) => (g.config.services.isEnabled = true), (f) => f.config.services.types.map((x) => x.enabled), 'serviceTypes'],
    ['notifications', (g) => (g.config.notifications.isEnabled = true), (f) => f.config.notifications.notificationTypes.map((x) => x.switchedOn), null],
    ['healthChecks', (g) => (g.config.healthChecks.isEnabled = true), (f) => f.config.healthChecks.healthCheckTypes.map((x) => x.enabled), null],
    ['compliances', (g) => (g.config.compliances.isEnabled = true), (f) => f.config.compliances.complianceTypes.map((x) => x.enabled), null],
    ['downTimeQueue', (g) => (g.config.downTimeQueue.isEnabled = true), (f) => f.config.downTimeQueue.downTimeActions.map((x) => x.enabled), 'downTimeActions'],
  ];
  it.each(blocks)('switching %s on enables its type tiles', (_name, turnOn, tiles) => {
    const f = emptyCustomerForm('UK');
    f.config.services.isEnabled = true; // the service-dependent blocks need services on
    f.config.servicesEnabled = true;
    if (_name === 'services') {
      f.config.services.isEnabled = false;
      f.config.servicesEnabled = false;
    }
    expect(tiles(f).every((x) => !x)).toBe(true);
    const after = change(f, turnOn);
    expect(tiles(after).every(Boolean)).toBe(true);
  });

  it.each([
    ['notifications', (f: CustomerForm) => customerFieldState(f).notifications.types],
    ['healthChecks', (f: CustomerForm) => customerFieldState(f).healthChecks.types],
    ['compliances', (f: CustomerForm) => customerFieldState(f).compliances.types],
    ['downTimeQueue', (f: CustomerForm) => customerFieldState(f).downTimeActions],
  ] as const)('%s tiles are disabled while the block is off', (block, disabled) => {
    const f = fullForm('UK');
    expect(disabled(f)).toBe(false);
    (f.config[block] as { isEnabled: boolean }).isEnabled = false;
    expect(disabled(f)).toBe(true);
  });

  it('switching a block off keeps the tiles as they were (only disabled)', () => {
    const f = fullForm('UK');
    const after = change(f, (g) => (g.config.downTimeQueue.isEnabled = false));
    expect(after.config.downTimeQueue.downTimeActions).toEqual(f.config.downTimeQueue.downTimeActions);
  });
});

describe('integrations', () => {
  it.each(['FNP_OEC', 'FNP_MODULUS', 'FNP_KIA', 'FNP_FORD'])('forces the stub off and disables it for %s', (source) => {
    const f = fullForm('UK');
    f.config.integrations = [{ type: 'JOB_DESCRIPTION_MENU_PRICING', typeLabel: 'x', source, sourceLabel: 'x', enabled: true, useStub: true, isStatic: false }];
    const after = applyCustomerDependencies(null, f);
    expect(after.config.integrations[0]).toMatchObject({ useStub: false, enabled: true });
    expect(customerFieldState(after).integrations[0]).toEqual({ enabled: false, useStub: true, isStatic: false });
  });

  it('keeps the stub of other sources', () => {
    const f = fullForm('UK');
    const after = applyCustomerDependencies(null, f);
    expect(after.config.integrations[0]).toMatchObject({ source: 'VEHICLE_DATA_PROVIDER', useStub: true });
    expect(customerFieldState(after).integrations[0]).toEqual({ enabled: false, useStub: false, isStatic: false });
  });

  it('shows lookup pairs not yet configured as static tiles: off and disabled', () => {
    const f = fullForm('UK');
    const tiles = integrationTiles(f.config.integrations, INTEGRATION_LOOKUP_REFERENCE);
    expect(tiles).toHaveLength(INTEGRATION_LOOKUP_REFERENCE.length);
    expect(tiles.slice(0, 2)).toEqual(f.config.integrations);
    expect(tiles.slice(2).every((x) => x.isStatic && !x.enabled && !x.useStub)).toBe(true);
    f.config.integrations = tiles.map((x) => (x.isStatic ? { ...x, enabled: true } : x));
    const after = applyCustomerDependencies(null, f);
    expect(after.config.integrations.filter((x) => x.isStatic).every((x) => !x.enabled)).toBe(true);
    expect(customerFieldState(after).integrations.slice(2).every((s) => s.enabled && s.useStub && s.isStatic)).toBe(true);
  });
});

describe('webhooks', () => {
  it('switching the master off forces every topic off and disables toggles and URLs', () => {
    const f = fullForm('UK');
    const after = change(f, (g) => (g.webhooks.enabled = false));
    expect(after.webhooks.topics.every((x) => !x.enabled)).toBe(true);
    expect(after.webhooks.topics[0].url).toBe(f.webhooks.topics[0].url);
    expect(customerFieldState(after).webhooks).toEqual({ topics: true, topicUrls: [true, true], authorizationUrl: true });
  });

  it('a topic URL is enabled only while that topic is on', () => {
    expect(customerFieldState(fullForm('UK')).webhooks).toEqual({ topics: false, topicUrls: [false, true], authorizationUrl: false });
  });
});

describe('mirrors and requirements', () => {
  it('customerInfoEnabled follows customerInfo.isEnabled and the other way round', () => {
    const f = fullForm('UK');
    expect(change(f, (g) => (g.config.customerInfo.isEnabled = false)).config.customerInfoEnabled).toBe(false);
    expect(change(f, (g) => (g.config.customerInfoEnabled = false)).config.customerInfo.isEnabled).toBe(false);
  });

  it('says which inputs are required', () => {
    const f = fullForm('UK');
    expect(customerFieldState(f).required).toEqual({
      customerNameForDirectPaybill: true,
      categoryId: true,
      platformFeeAssignee: true,
      monthlyWhatsAppFee: true,
      recipientEmailId: true,
      customerInfo: true,
    });
    const g = emptyCustomerForm('UK');
    g.id = 'x';
    expect(Object.values(customerFieldState(g).required).some(Boolean)).toBe(false);
  });

  it.each([
    [true, true, true],
    [false, true, false],
    [true, false, false],
  ])('WhatsApp downtime is on only with the queue (%s) and its tile (%s) on', (queue, tile, on) => {
    const f = emptyCustomerForm('UK');
    f.config.downTimeQueue.isEnabled = queue;
    f.config.downTimeQueue.downTimeActions.find((a) => a.type === 'WHATSAPP')!.enabled = tile;
    expect(whatsAppDowntimeOn(f.config)).toBe(on);
  });
});

describe('Customer Details display rules', () => {
  it.each(RATE_CARD_TYPES.map((r) => [r]))('header block, direct-paybill name and invoice group for %s', (type) => {
    const hidden = type === 'VISN_WITH_DI_NETWORK' || type === 'VISN_NETWORK_OFFERING_SAVI';
    expect(showsHeaderBlock(type)).toBe(!hidden);
    const paybill = type === 'COST_TYPE_HYBRID_VISN' || type === 'VISN_NETWORK_OFFERING_SAVI';
    expect(requiresDirectPaybillName(type)).toBe(paybill);
    expect(allowsDirectPaybillInvoices(type)).toBe(paybill);
  });

  it.each([
    [null, 'en_GB', ADDRESS_NOT_AVAILABLE],
    [{}, 'en_GB', ADDRESS_NOT_AVAILABLE],
    [{ number: ' ', address1: null, postCode: '' }, 'en_GB', ADDRESS_NOT_AVAILABLE],
    [{ number: '12', address1: 'Quayside', address2: null, address3: 'Newcastle', county: 'Tyne and Wear', postCode: 'NE1 2BH' }, 'en_GB', '12, Quayside, Newcastle, Tyne and Wear, NE1\u00a02BH'],
    // Stored without spaces (spec 1 §5), shown in the usual spaced form, kept on one line.
    [{ number: '10', address1: 'Downing Street', address3: 'London', postCode: 'SW1A2AA' }, 'en_GB', '10, Downing Street, London, SW1A\u00a02AA'],
    [{ postCode: 'D02X285' }, 'en_IE', 'D02\u00a0X285'],
    [{ postCode: 'D02 X285' }, 'en_IE', 'D02\u00a0X285'],
  ] as const)('address %j (%s) shows %s', (address, locale, text) => {
    expect(formatCustomerAddress(address as never, locale)).toBe(text);
  });

  it('removes spaces from the postcode while typing', () => {
    expect(postcodeInput(' SW1A 1AA ')).toBe('SW1A1AA');
    expect(postcodeInput(undefined)).toBe('');
  });
});
