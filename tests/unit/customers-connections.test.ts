import { describe, expect, it } from 'vitest';
import {
  applyWebhookRules,
  customerFormSchema,
  emptyCustomerForm,
  hasWebLink,
  retailerConfigSchema,
  webhookFieldState,
  webhooksDrawerSchema,
  webLinkUrl,
  WEB_LINK_BASE_URL,
  type Webhooks,
} from '../../domain/customers';
import { compareSubscriptions, hasNoSubscriptions, subscriptionListPath, subscriptionListSchema, SUBSCRIPTION_MESSAGES, type Subscription } from '../../domain/subscriptions';
import { API_ENDPOINT_CATALOGUE, API_MESSAGES, apiIdOf, completeEndpoints, endpointProblems, updateApiEndpointsSchema } from '../../domain/apiConfig';
import { fullForm } from '../fixtures/customerForms';

const URL_MSG = 'Please enter a valid URL';
const hooks = (over: Partial<Webhooks> = {}): Webhooks => ({
  enabled: true,
  authorizationUrl: 'https://hooks.example.com/token',
  topics: [
    { type: 'ENQUIRY_UPDATES', enabled: true, url: 'https://hooks.example.com/enquiries' },
    { type: 'VOR_UPDATES', enabled: false, url: null },
  ],
  ...over,
});
const drawerErrors = (wh: Webhooks) => {
  const r = webhooksDrawerSchema.safeParse(wh);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('webhook rules (spec 1 §4, §5)', () => {
  it('accepts an enabled block with the authorisation URL and each enabled topic URL', () => {
    expect(drawerErrors(hooks())).toEqual({});
  });

  it('requires the authorisation URL and each enabled topic URL while webhooks are on', () => {
    expect(drawerErrors(hooks({ authorizationUrl: '  ' }))).toEqual({ authorizationUrl: URL_MSG });
    const topics = hooks().topics.map((t) => ({ ...t, enabled: true, url: '' }));
    expect(drawerErrors(hooks({ topics }))).toEqual({ 'topics.0.url': URL_MSG, 'topics.1.url': URL_MSG });
  });

  it('checks any URL given against the URL pattern, even while webhooks are off', () => {
    expect(drawerErrors(hooks({ enabled: false, authorizationUrl: 'hooks.example.com' }))).toEqual({ authorizationUrl: URL_MSG });
    const topics = hooks().topics.map((t) => ({ ...t, url: 'ftp://hooks.example.com/x' }));
    expect(drawerErrors(hooks({ enabled: false, authorizationUrl: null, topics }))).toEqual({ 'topics.0.url': URL_MSG, 'topics.1.url': URL_MSG });
    expect(drawerErrors({ enabled: false, authorizationUrl: null, topics: [] })).toEqual({});
  });

  it('gives the same messages as the customer form for the same block', () => {
    for (const wh of [hooks({ authorizationUrl: '' }), hooks({ topics: hooks().topics.map((t) => ({ ...t, enabled: true, url: 'x' })) }), hooks()]) {
      const form = { ...fullForm('UK'), webhooks: wh };
      const r = customerFormSchema('UK', { isNew: false, canEditFees: false }).safeParse(form);
      const fromForm = r.success ? {} : Object.fromEntries(r.error.issues.filter((i) => i.path[0] === 'webhooks').map((i) => [i.path.slice(1).join('.'), i.message]));
      expect(fromForm).toEqual(drawerErrors(wh));
    }
  });

  it('refuses a topic listed twice', () => {
    const t = hooks().topics[0];
    expect(drawerErrors(hooks({ topics: [t, t] }))).toEqual({ 'topics.1.type': 'Each topic may be listed once' });
  });

  it('forces every topic off while the master switch is off, keeping URLs; trims and completes the topics', () => {
    const off = applyWebhookRules(hooks({ enabled: false, topics: [{ type: 'VOR_UPDATES', enabled: true, url: ' https://x.example.com/v ' }] }));
    expect(off).toEqual({
      enabled: false,
      authorizationUrl: 'https://hooks.example.com/token',
      topics: [
        { type: 'ENQUIRY_UPDATES', enabled: false, url: null },
        { type: 'VOR_UPDATES', enabled: false, url: 'https://x.example.com/v' },
      ],
    });
    expect(applyWebhookRules(hooks()).topics.map((t) => t.enabled)).toEqual([true, false]);
  });

  it('disables topic switches while off, and a topic URL unless its topic is on', () => {
    expect(webhookFieldState(hooks())).toEqual({ authorizationUrl: false, topics: false, topicUrls: [false, true] });
    expect(webhookFieldState(hooks({ enabled: false }))).toEqual({ authorizationUrl: true, topics: true, topicUrls: [true, true] });
  });
});

describe('retailer config (spec 1 §5)', () => {
  it('requires both fields with the spec messages', () => {
    const r = retailerConfigSchema.safeParse({ custCust: ' ', mappingId: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['custCust', 'Customer name is required'],
      ['mappingId', 'Mapping ID is required'],
    ]);
    expect(retailerConfigSchema.safeParse({ custCust: 'Northern Fleet', mappingId: 'MAP-1' }).success).toBe(true);
  });
});

describe('web link', () => {
  it('builds the booking link from the named base and the webLinkId', () => {
    expect(webLinkUrl('wl-c01001')).toBe(`${WEB_LINK_BASE_URL}/wl-c01001`);
    const c = emptyCustomerForm('UK');
    expect(hasWebLink({ webLinkId: 'wl-1', config: { ...c.config, webLink: { ...c.config.webLink, isEnabled: true } } })).toBe(true);
    expect(hasWebLink({ webLinkId: null, config: { ...c.config, webLink: { ...c.config.webLink, isEnabled: true } } })).toBe(false);
    expect(hasWebLink({ webLinkId: 'wl-1', config: c.config })).toBe(false);
  });
});

describe('subscription matching', () => {
  const sub = (id: string, status = 'active'): Subscription => ({ id, status, itemPriceId: 'p', subscription_items: [{ item_price_id: 'p' }] });

  it('ticks an item whose id is in the other list and crosses one that is not; status upper-cased', () => {
    const r = compareSubscriptions({ productSubscriptions: [sub('a'), sub('b', 'in_trial')], providerSubscriptions: [sub('a'), sub('c', 'cancelled')] });
    expect(r.product.map((s) => [s.id, s.matched, s.statusLabel])).toEqual([['a', true, 'ACTIVE'], ['b', false, 'IN_TRIAL']]);
    expect(r.provider.map((s) => [s.id, s.matched, s.statusLabel])).toEqual([['a', true, 'ACTIVE'], ['c', false, 'CANCELLED']]);
  });

  it('matches by id only, not by plan or status', () => {
    const r = compareSubscriptions({ productSubscriptions: [sub('a', 'active')], providerSubscriptions: [{ ...sub('a', 'paused'), itemPriceId: 'other' }] });
    expect(r.product[0].matched).toBe(true);
  });

  it('knows when there is nothing to show, with the spec messages', () => {
    expect(hasNoSubscriptions({ productSubscriptions: [], providerSubscriptions: [] })).toBe(true);
    expect(hasNoSubscriptions({ productSubscriptions: [], providerSubscriptions: [sub('x')] })).toBe(false);
    expect(SUBSCRIPTION_MESSAGES.none('C01001')).toBe('No Subscriptions found customer-C01001');
    expect(SUBSCRIPTION_MESSAGES.error('C01001')).toBe('Error receiving Subscriptions for customer-C01001');
  });

  it("puts '-' for the ids that do not apply and needs exactly one id", () => {
    expect(subscriptionListPath({ customerId: 'abc' })).toBe('chargebee/customerSubscriptionList/customerId/abc/serviceUnitId/-/accountId/-');
    expect(subscriptionListSchema.safeParse({ customerId: 'abc', serviceUnitId: '-', accountId: 'null' }).success).toBe(true);
    expect(subscriptionListSchema.safeParse({ customerId: '-', serviceUnitId: '-', accountId: '-' }).success).toBe(false);
    expect(subscriptionListSchema.safeParse({ customerId: 'a', serviceUnitId: 'b', accountId: '-' }).success).toBe(false);
  });
});

describe('API endpoint catalogue', () => {
  it('lists every endpoint of the view type with its stored switch', () => {
    expect(completeEndpoints('LEASE', [{ path: '/vor', isEnabled: true }, { path: '/gone', isEnabled: true }])).toEqual(
      API_ENDPOINT_CATALOGUE.LEASE.map((path) => ({ path, isEnabled: path === '/vor' })),
    );
    expect(completeEndpoints('GARAGE', null).every((e) => !e.isEnabled)).toBe(true);
  });

  it('refuses unknown and repeated paths', () => {
    expect(endpointProblems('GARAGE', [{ path: '/vor', isEnabled: true }, { path: '/invoices', isEnabled: true }, { path: '/invoices', isEnabled: false }])).toEqual([
      { index: 0, message: 'Unknown endpoint: /vor' },
      { index: 2, message: 'Endpoint listed twice: /invoices' },
    ]);
    expect(updateApiEndpointsSchema.safeParse({ accountObjectId: 'g', viewType: 'GARAGE', allowedEndpoints: [{ path: '/invoices', isEnabled: true }] }).success).toBe(true);
    expect(updateApiEndpointsSchema.safeParse({ leaseCompanyId: 'l', viewType: 'GARAGE', allowedEndpoints: [] }).success).toBe(false);
  });

  it('reads the id under its view type key, and keeps the spec texts', () => {
    expect(apiIdOf({ groupAPIId: 'garage_1', allowedEndpoints: [], version: 1 })).toBe('garage_1');
    expect(apiIdOf(null)).toBeNull();
    expect(API_MESSAGES.noApiId).toBe('No api id found');
    expect(API_MESSAGES.noViewPermission).toBe('You do not have permission to view the API integrations drawer');
    expect(API_MESSAGES.noEditPermission).toBe('You do not have permission to edit the API integrations');
  });
});
