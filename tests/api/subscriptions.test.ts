import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { billingCustomers, billingSubscriptionItems, billingSubscriptions, leaseCompanies } from '../../server/db/schema';
import { compareSubscriptions, subscriptionListPath, type SubscriptionListResponse } from '../../domain/subscriptions';
import { insertSupplier } from '../fixtures/suppliers';

let t: TestApp;
const as: Record<string, Browser> = {};
let n = 0;
const STARTED = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['SUPER_ADMIN', 'VIEWER', 'SUPPORT']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
});
afterAll(() => t.close());

async function lease(billingRefId: string | null): Promise<string> {
  n += 1;
  const [r] = await t.services.db
    .insert(leaseCompanies)
    .values({ diCustomerId: `C8${String(n).padStart(4, '0')}`, name: `Billing Customer ${n}`, customerType: 'DIRECT', rateCardType: 'VISN', currency: 'GBP', billingRefId, config: {} as never })
    .returning({ id: leaseCompanies.id });
  return r.id;
}

type Side = 'both' | 'product' | 'provider';
async function ledger(id: string, company: string, subs: { id: string; status: string; plan: string; side: Side; items: string[] }[]) {
  await t.services.db.insert(billingCustomers).values({ id, company, currency: 'GBP' });
  for (const s of subs) {
    await t.services.db.insert(billingSubscriptions).values({ id: s.id, billingCustomerId: id, status: s.status as never, itemPriceId: s.plan, inProduct: s.side !== 'provider', inProvider: s.side !== 'product', startedAt: STARTED });
    for (const item of s.items) await t.services.db.insert(billingSubscriptionItems).values({ subscriptionId: s.id, itemPriceId: item, unitPrice: 100 });
  }
}

const list = (b: Browser, customerId: string) => b.get(subscriptionListPath({ customerId }));

describe('GET chargebee/customerSubscriptionList', () => {
  it("answers the billing customer and both sides' subscriptions from the ledger", async () => {
    const ref = `cb_test_${++n}`;
    const id = await lease(ref);
    await ledger(ref, 'Ledger Fleet Ltd', [
      { id: `${ref}_a`, status: 'active', plan: 'platform-licence-GBP-monthly', side: 'both', items: ['platform-licence-GBP-monthly'] },
      { id: `${ref}_b`, status: 'in_trial', plan: 'per-vehicle-GBP-monthly', side: 'product', items: ['per-vehicle-GBP-monthly', 'reporting-licence-GBP-monthly'] },
      { id: `${ref}_c`, status: 'non_renewing', plan: 'reporting-licence-GBP-monthly', side: 'provider', items: [] },
    ]);
    const res = await list(as.VIEWER, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SubscriptionListResponse;
    expect(body.customer).toEqual({ company: 'Ledger Fleet Ltd', id: ref });
    expect(body.productSubscriptions).toEqual([
      { id: `${ref}_a`, status: 'active', itemPriceId: 'platform-licence-GBP-monthly', subscription_items: [{ item_price_id: 'platform-licence-GBP-monthly' }] },
      { id: `${ref}_b`, status: 'in_trial', itemPriceId: 'per-vehicle-GBP-monthly', subscription_items: [{ item_price_id: 'per-vehicle-GBP-monthly' }, { item_price_id: 'reporting-licence-GBP-monthly' }] },
    ]);
    expect(body.providerSubscriptions.map((s) => s.id)).toEqual([`${ref}_a`, `${ref}_c`]);
    // What the drawer shows: ticks where the other side has the id, crosses where it does not.
    const cmp = compareSubscriptions(body);
    expect(cmp.product.map((s) => [s.id, s.matched, s.statusLabel])).toEqual([[`${ref}_a`, true, 'ACTIVE'], [`${ref}_b`, false, 'IN_TRIAL']]);
    expect(cmp.provider.map((s) => [s.id, s.matched, s.statusLabel])).toEqual([[`${ref}_a`, true, 'ACTIVE'], [`${ref}_c`, false, 'NON_RENEWING']]);
  });

  it('answers empty lists for a customer without a billingRefId or unknown to the ledger', async () => {
    const none = await lease(null);
    const a = await list(as.VIEWER, none);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ customer: { company: `Billing Customer ${n}`, id: null }, productSubscriptions: [], providerSubscriptions: [] });
    const unknown = await lease('cb_not_in_ledger');
    expect((await list(as.VIEWER, unknown)).json()).toMatchObject({ customer: { id: 'cb_not_in_ledger' }, productSubscriptions: [], providerSubscriptions: [] });
  });

  it("keeps each billing customer's subscriptions to itself", async () => {
    const refA = `cb_test_${++n}`;
    const refB = `cb_test_${++n}`;
    const a = await lease(refA);
    await lease(refB);
    await ledger(refA, 'A', [{ id: `${refA}_1`, status: 'active', plan: 'p', side: 'both', items: ['p'] }]);
    await ledger(refB, 'B', [{ id: `${refB}_1`, status: 'active', plan: 'p', side: 'both', items: ['p'] }]);
    const body = (await list(as.VIEWER, a)).json() as SubscriptionListResponse;
    expect(body.productSubscriptions.map((s) => s.id)).toEqual([`${refA}_1`]);
  });

  it('answers 404 for an unknown customer and 400 without exactly one id', async () => {
    expect((await list(as.VIEWER, crypto.randomUUID())).statusCode).toBe(404);
    expect((await list(as.VIEWER, 'C00001')).statusCode).toBe(404);
    const none = await as.VIEWER.get('chargebee/customerSubscriptionList/customerId/-/serviceUnitId/null/accountId/-');
    expect(none.statusCode).toBe(400);
    const two = await as.VIEWER.get(subscriptionListPath({ customerId: crypto.randomUUID(), accountId: crypto.randomUUID() }));
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe('Exactly one of customerId, serviceUnitId and accountId is required');
  });

  it('needs a signed-in session with the customer menu', async () => {
    const id = await lease(null);
    const anonymous = await new Browser(t).get(subscriptionListPath({ customerId: id }));
    expect(anonymous.statusCode).toBe(401);
    // Every preset holds the customer menu; a role with none of it is refused.
    await createAdmin(t, 'NO_SUCH_ROLE', 'norole@test.example');
    const noRole = new Browser(t);
    await noRole.signIn('norole@test.example');
    expect((await noRole.get(subscriptionListPath({ customerId: id }))).statusCode).toBe(403);
    expect((await as.SUPPORT.get(subscriptionListPath({ customerId: id }))).statusCode).toBe(200);
  });

  it("lists a supplier's subscriptions by its serviceUnitId, and no group's", async () => {
    await ledger('cb_sup_1', 'Harbour Motors Ltd', [{ id: 'sub_s1', status: 'active', plan: 'garage-monthly', side: 'both', items: ['garage-monthly'] }]);
    const { group, supplier } = await insertSupplier(t.services.db, { billingRefId: 'cb_sup_1' });
    const res = await as.VIEWER.get(subscriptionListPath({ serviceUnitId: supplier.id }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SubscriptionListResponse;
    expect(body.customer).toEqual({ company: 'Harbour Motors Ltd', id: 'cb_sup_1' });
    expect(body.productSubscriptions.map((x) => x.id)).toEqual(['sub_s1']);
    expect((await as.VIEWER.get(subscriptionListPath({ serviceUnitId: crypto.randomUUID() }))).statusCode).toBe(404);
    const groups = await as.VIEWER.get(subscriptionListPath({ accountId: group.id }));
    expect(groups.statusCode).toBe(400);
  });
});
