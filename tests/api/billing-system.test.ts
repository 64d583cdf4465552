import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeChargebee, type FakeChargebee } from '../support/fakeChargebee';
import { billingCustomers, billingSubscriptionItems, billingSubscriptions } from '../../server/db/schema';
import { chargebeeClient, type ChargebeeOptions } from '../../server/integrations/billing/chargebee';
import { localBillingLedger } from '../../server/integrations/billing/local';
import { BillingSystemError, type BillingSystem } from '../../server/integrations/billing/system';
import type { BillingSubscriptionStatus } from '../../domain/finance';

let t: TestApp;
let cb: FakeChargebee;

beforeAll(async () => {
  t = await createTestApp();
  cb = await startFakeChargebee();
});
afterAll(async () => {
  await cb.close();
  await t.close();
});

/** A subscription as both sides are seeded with it: the plan's item price first, then the add-ons. */
interface Seed {
  id: string;
  status: BillingSubscriptionStatus;
  plan: string;
  addons?: string[];
}

/** Each implementation, and how a test puts a billing customer and its subscriptions into it. */
interface Subject {
  name: string;
  system(): BillingSystem;
  addCustomer(id: string, company: string, subs: Seed[]): Promise<void>;
}

const STARTED = new Date('2026-01-01T00:00:00Z');
const client = (opts: ChargebeeOptions = {}, apiKey = cb.apiKey, timeoutMs = 5000) => chargebeeClient({ baseUrl: cb.baseUrl, apiKey, timeoutMs }, opts);

const SUBJECTS: Subject[] = [
  {
    name: 'the local billing ledger',
    system: () => localBillingLedger(t.services.db),
    async addCustomer(id, company, subs) {
      const db = t.services.db;
      await db.insert(billingCustomers).values({ id, company, currency: 'GBP' });
      for (const s of subs) {
        await db.insert(billingSubscriptions).values({ id: s.id, billingCustomerId: id, status: s.status, itemPriceId: s.plan, inProduct: true, inProvider: true, startedAt: STARTED });
        for (const item of [s.plan, ...(s.addons ?? [])]) await db.insert(billingSubscriptionItems).values({ subscriptionId: s.id, itemPriceId: item, unitPrice: 100 });
      }
    },
  },
  {
    name: 'the Chargebee client',
    // Small pages, so every list the contract reads crosses pages.
    system: () => client({ pageSize: 2 }),
    async addCustomer(id, company, subs) {
      cb.customers.set(id, { id, company });
      for (const s of subs) {
        const addons = (s.addons ?? []).map((item_price_id) => ({ item_price_id, item_type: 'addon' as const, quantity: 1 }));
        // Chargebee lists the plan item anywhere among the items; put it last to be sure it is found by its type.
        cb.subscriptions.push({ id: s.id, customer_id: id, status: s.status, subscription_items: [...addons, { item_price_id: s.plan, item_type: 'plan', quantity: 1 }] });
      }
    },
  },
];

describe.each(SUBJECTS)('the billing system contract: $name', (subject) => {
  it('answers a billing customer by id with its company, and null for an unknown id', async () => {
    await subject.addCustomer('cb_acme', 'Acme Fleet Leasing Ltd', []);
    const system = subject.system();
    expect(await system.customer('cb_acme')).toEqual({ id: 'cb_acme', company: 'Acme Fleet Leasing Ltd' });
    expect(await system.customer('cb_nobody')).toBeNull();
  });

  it("lists a customer's subscriptions by id, each with its plan and items by item price id, and no one else's", async () => {
    await subject.addCustomer('cb_harbour', 'Harbour Motors', [
      { id: 'sub_h3', status: 'non_renewing', plan: 'reporting-licence-GBP-monthly' },
      { id: 'sub_h1', status: 'active', plan: 'platform-licence-GBP-monthly', addons: ['reporting-licence-GBP-monthly', 'per-vehicle-GBP-monthly'] },
      { id: 'sub_h2', status: 'in_trial', plan: 'per-vehicle-GBP-monthly' },
    ]);
    await subject.addCustomer('cb_other', 'Other Ltd', [{ id: 'sub_o1', status: 'active', plan: 'platform-licence-GBP-monthly' }]);
    expect(await subject.system().subscriptions('cb_harbour')).toEqual([
      {
        id: 'sub_h1',
        status: 'active',
        itemPriceId: 'platform-licence-GBP-monthly',
        subscription_items: [{ item_price_id: 'per-vehicle-GBP-monthly' }, { item_price_id: 'platform-licence-GBP-monthly' }, { item_price_id: 'reporting-licence-GBP-monthly' }],
      },
      { id: 'sub_h2', status: 'in_trial', itemPriceId: 'per-vehicle-GBP-monthly', subscription_items: [{ item_price_id: 'per-vehicle-GBP-monthly' }] },
      { id: 'sub_h3', status: 'non_renewing', itemPriceId: 'reporting-licence-GBP-monthly', subscription_items: [{ item_price_id: 'reporting-licence-GBP-monthly' }] },
    ]);
    expect(await subject.system().subscriptions('cb_acme')).toEqual([]);
    expect(await subject.system().subscriptions('cb_nobody')).toEqual([]);
  });

  it('filters by status, and an empty status list matches nothing', async () => {
    const system = subject.system();
    expect((await system.subscriptions('cb_harbour', { status: ['active', 'non_renewing'] })).map((s) => s.id)).toEqual(['sub_h1', 'sub_h3']);
    expect((await system.subscriptions('cb_harbour', { status: ['cancelled'] })).map((s) => s.id)).toEqual([]);
    expect(await system.subscriptions('cb_harbour', { status: [] })).toEqual([]);
  });

  it('answers every subscription of a customer however many pages the provider needs', async () => {
    const subs: Seed[] = Array.from({ length: 7 }, (_, i) => ({ id: `sub_many_${i}`, status: 'active', plan: `plan-${i}` }));
    await subject.addCustomer('cb_many', 'Many Subscriptions Ltd', subs);
    expect((await subject.system().subscriptions('cb_many')).map((s) => s.id)).toEqual(subs.map((s) => s.id));
  });
});

describe('the local billing ledger', () => {
  it('answers as the provider only the subscriptions flagged in_provider', async () => {
    const db = t.services.db;
    await db.insert(billingCustomers).values({ id: 'cb_sides', company: 'Sides Ltd', currency: 'GBP' });
    await db.insert(billingSubscriptions).values([
      { id: 'sub_s_both', billingCustomerId: 'cb_sides', status: 'active', itemPriceId: 'p', startedAt: STARTED },
      { id: 'sub_s_ours', billingCustomerId: 'cb_sides', status: 'active', itemPriceId: 'p', inProvider: false, startedAt: STARTED },
    ]);
    expect((await localBillingLedger(db).subscriptions('cb_sides')).map((s) => s.id)).toEqual(['sub_s_both']);
  });
});

describe('the Chargebee client', () => {
  const failing = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      return err as BillingSystemError;
    }
    throw new Error('expected a failure');
  };

  it('signs every call with HTTP Basic auth, the API key as user and no password, and sends the list filters', async () => {
    const from = cb.requests.length;
    await client().subscriptions('cb_harbour', { status: ['active', 'in_trial'] });
    const [req] = cb.requests.slice(from);
    expect(req.authorization).toBe(`Basic ${Buffer.from(`${cb.apiKey}:`).toString('base64')}`);
    expect(req.path).toBe('subscriptions');
    expect(Object.fromEntries(req.query)).toEqual({ 'customer_id[is]': 'cb_harbour', 'status[in]': '["active","in_trial"]', limit: '100' });
  });

  it('follows next_offset across pages and stops at the last', async () => {
    const from = cb.requests.length;
    expect(await client({ pageSize: 3 }).subscriptions('cb_many')).toHaveLength(7);
    const pages = cb.requests.slice(from);
    expect(pages.map((r) => r.query.get('offset'))).toEqual([null, '["3","7"]', '["6","7"]']);
    expect(pages.every((r) => r.query.get('limit') === '3')).toBe(true);
  });

  it("turns the provider's error model into a BillingSystemError with its status and api_error_code", async () => {
    const refused = await failing(() => client({}, 'test_wrong_key').customer('cb_acme'));
    expect(refused).toBeInstanceOf(BillingSystemError);
    expect(refused).toMatchObject({ status: 401, code: 'api_authentication_failed' });
    expect(refused.message).toContain('authentication failed');
    for (const status of [500, 503] as const) {
      cb.failWith = status;
      try {
        const err = await failing(() => client().subscriptions('cb_harbour'));
        expect(err).toBeInstanceOf(BillingSystemError);
        expect(err).toMatchObject({ status, code: status === 500 ? 'internal_error' : 'internal_temporary_error' });
      } finally {
        cb.heal();
      }
    }
  });

  it('gives up on a provider that does not answer in time, and on one that cannot be reached', async () => {
    cb.failWith = 'timeout';
    try {
      const slow = await failing(() => client({}, cb.apiKey, 300).customer('cb_acme'));
      expect(slow).toBeInstanceOf(BillingSystemError);
      expect(slow.message).toContain('no answer within 300 ms');
    } finally {
      cb.heal();
    }
    const nowhere = chargebeeClient({ baseUrl: 'http://127.0.0.1:9/api/v2', apiKey: 'k', timeoutMs: 2000 });
    expect(await failing(() => nowhere.customer('cb_acme'))).toBeInstanceOf(BillingSystemError);
  });

  it('waits out a short Retry-After of a 429 and tries again, but fails at once on a long one', async () => {
    cb.failWith = 429;
    cb.failTimes = 1;
    cb.retryAfter = '0';
    let from = cb.requests.length;
    try {
      expect(await client().customer('cb_acme')).toEqual({ id: 'cb_acme', company: 'Acme Fleet Leasing Ltd' });
      expect(cb.requests.length - from).toBe(2);
      cb.failWith = 429;
      cb.failTimes = Infinity;
      cb.retryAfter = '60';
      from = cb.requests.length;
      const limited = await failing(() => client().customer('cb_acme'));
      expect(limited).toMatchObject({ status: 429, code: 'api_request_limit_exceeded' });
      expect(cb.requests.length - from).toBe(1);
    } finally {
      cb.heal();
    }
  });

  it("names a customer without a company by the person's name", async () => {
    cb.customers.set('cb_person', { id: 'cb_person', first_name: 'Ada', last_name: 'Byrne' });
    expect(await client().customer('cb_person')).toEqual({ id: 'cb_person', company: 'Ada Byrne' });
  });
});
