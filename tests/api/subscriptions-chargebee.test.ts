import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { startFakeChargebee, type FakeChargebee } from '../support/fakeChargebee';
import { loadConfig } from '../../server/config';
import { billingCustomers, billingSubscriptionItems, billingSubscriptions, leaseCompanies } from '../../server/db/schema';
import { compareSubscriptions, subscriptionListPath, type SubscriptionListResponse } from '../../domain/subscriptions';
import { BILLING_UNAVAILABLE, MESSAGES } from '../../domain/messages';

/**
 * The subscriptions slug with BILLING_SYSTEM=chargebee: the provider's side comes from Chargebee
 * (the local fake), the product's own side from our records; a provider failure is a 503
 * BILLING_UNAVAILABLE the drawer shows, never a 500.
 */
let t: TestApp;
let cb: FakeChargebee;
let viewer: Browser;
let n = 0;
const STARTED = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  cb = await startFakeChargebee();
  const env = { NODE_ENV: 'test', BILLING_SYSTEM: 'chargebee', CHARGEBEE_URL: cb.baseUrl, CHARGEBEE_API_KEY: cb.apiKey, CHARGEBEE_TIMEOUT_MS: '1000' };
  t = await createTestApp({ billing: loadConfig(env).billing });
  await createAdmin(t, 'VIEWER');
  viewer = new Browser(t);
  await viewer.signIn('viewer@test.example');
});
afterAll(async () => {
  await t.close();
  await cb.close();
});

async function lease(billingRefId: string | null): Promise<string> {
  n += 1;
  const [r] = await t.services.db
    .insert(leaseCompanies)
    .values({ diCustomerId: `C9${String(n).padStart(4, '0')}`, name: `Chargebee Customer ${n}`, customerType: 'DIRECT', rateCardType: 'VISN', currency: 'GBP', billingRefId, config: {} as never })
    .returning({ id: leaseCompanies.id });
  return r.id;
}

/** The product's own records of a billing customer (in_product only: the provider's side is Chargebee's). */
async function ours(ref: string, subs: { id: string; plan: string }[]) {
  await t.services.db.insert(billingCustomers).values({ id: ref, company: 'Our name for it', currency: 'GBP' });
  for (const s of subs) {
    await t.services.db.insert(billingSubscriptions).values({ id: s.id, billingCustomerId: ref, status: 'active', itemPriceId: s.plan, inProduct: true, inProvider: false, startedAt: STARTED });
    await t.services.db.insert(billingSubscriptionItems).values({ subscriptionId: s.id, itemPriceId: s.plan, unitPrice: 100 });
  }
}

const list = (customerId: string) => viewer.get(subscriptionListPath({ customerId }));

describe('GET chargebee/customerSubscriptionList through Chargebee', () => {
  it("answers Chargebee's customer and subscriptions beside the product's own records", async () => {
    const ref = 'cb_fleet_1';
    const id = await lease(ref);
    await ours(ref, [{ id: 'sub_f1', plan: 'platform-licence-GBP-monthly' }, { id: 'sub_f2', plan: 'per-vehicle-GBP-monthly' }]);
    cb.customers.set(ref, { id: ref, company: 'Fleet One Leasing Ltd' });
    cb.subscriptions.push(
      { id: 'sub_f1', customer_id: ref, status: 'active', subscription_items: [{ item_price_id: 'platform-licence-GBP-monthly', item_type: 'plan' }] },
      { id: 'sub_f3', customer_id: ref, status: 'in_trial', subscription_items: [{ item_price_id: 'reporting-licence-GBP-monthly', item_type: 'plan' }, { item_price_id: 'per-vehicle-GBP-monthly', item_type: 'addon' }] },
      { id: 'sub_x9', customer_id: 'cb_someone_else', status: 'active', subscription_items: [{ item_price_id: 'p', item_type: 'plan' }] },
    );
    const res = await list(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SubscriptionListResponse;
    expect(body.customer).toEqual({ company: 'Fleet One Leasing Ltd', id: ref });
    expect(body.productSubscriptions.map((s) => s.id)).toEqual(['sub_f1', 'sub_f2']);
    expect(body.providerSubscriptions).toEqual([
      { id: 'sub_f1', status: 'active', itemPriceId: 'platform-licence-GBP-monthly', subscription_items: [{ item_price_id: 'platform-licence-GBP-monthly' }] },
      { id: 'sub_f3', status: 'in_trial', itemPriceId: 'reporting-licence-GBP-monthly', subscription_items: [{ item_price_id: 'per-vehicle-GBP-monthly' }, { item_price_id: 'reporting-licence-GBP-monthly' }] },
    ]);
    const cmp = compareSubscriptions(body);
    expect(cmp.product.map((s) => [s.id, s.matched])).toEqual([['sub_f1', true], ['sub_f2', false]]);
    expect(cmp.provider.map((s) => [s.id, s.matched])).toEqual([['sub_f1', true], ['sub_f3', false]]);
  });

  it("shows our own records when Chargebee does not know the customer, and asks it nothing for a record without a billingRefId", async () => {
    const id = await lease('cb_unknown_there');
    await ours('cb_unknown_there', [{ id: 'sub_u1', plan: 'p' }]);
    const body = (await list(id)).json() as SubscriptionListResponse;
    expect(body).toEqual({ customer: { company: `Chargebee Customer ${n}`, id: 'cb_unknown_there' }, productSubscriptions: [expect.objectContaining({ id: 'sub_u1' })], providerSubscriptions: [] });
    const none = await lease(null);
    const before = cb.requests.length;
    expect((await list(none)).json()).toMatchObject({ customer: { id: null }, productSubscriptions: [], providerSubscriptions: [] });
    expect(cb.requests.length).toBe(before);
  });

  it.each([500, 503, 429, 'timeout'] as const)('answers 503 BILLING_UNAVAILABLE when Chargebee fails (%s), keeps our records, and answers again once it is back', async (failure) => {
    const ref = `cb_down_${failure}`;
    const id = await lease(ref);
    await ours(ref, [{ id: `sub_d_${failure}`, plan: 'p' }]);
    cb.customers.set(ref, { id: ref, company: 'Down Ltd' });
    cb.failWith = failure;
    cb.retryAfter = '60';
    try {
      const res = await list(id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: BILLING_UNAVAILABLE, message: MESSAGES.billingUnavailable } });
    } finally {
      cb.heal();
    }
    expect(await t.services.db.select({ id: billingSubscriptions.id }).from(billingSubscriptions).where(eq(billingSubscriptions.billingCustomerId, ref))).toEqual([{ id: `sub_d_${failure}` }]);
    const again = await list(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ customer: { company: 'Down Ltd', id: ref }, productSubscriptions: [{ id: `sub_d_${failure}` }], providerSubscriptions: [] });
  });
});
