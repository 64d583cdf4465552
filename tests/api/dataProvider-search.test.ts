import type { AddressInfo } from 'node:net';
import { Client } from 'typesense';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { searchList, type SearchBackend } from '../../dataProvider/search';
import { createDataProvider, type ConsoleDataProvider } from '../../dataProvider';
import { RESOURCES } from '../../domain/resources';
import { leaseCompanies } from '../../server/db/schema';
import type { CustomerConfig } from '../../domain/customers';

// The console's getList, routed by the declarations, run against the real search endpoint with a real session key.
let t: TestApp;
let backend: () => Promise<SearchBackend>;
let dataProvider: ConsoleDataProvider;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  await createAdmin(t, 'SUPER_ADMIN', 'lists@test.example');
  const browser = new Browser(t);
  await browser.signIn('lists@test.example');
  const key = (await browser.get('session/getSessionToken')).json().key as string;
  const client = new Client({ nodes: [{ host: '127.0.0.1', port, protocol: 'http', path: '/api/v1/search' }], apiKey: key, logLevel: 'silent' });
  backend = async () => ({ search: (c, p) => client.collections(c).documents().search(p) as never });
  dataProvider = createDataProvider({ call: () => Promise.reject(new Error('no RPC in this test')), search: (def, params) => searchList(def, params, backend),
    upload: () => {
      throw new Error('no upload in this test');
    },
  });
  const base = { customerType: 'DIRECT', rateCardType: 'COST_TYPE_HYBRID_VISN', currency: 'GBP', config: {} as CustomerConfig } as const;
  await t.services.db.insert(leaseCompanies).values([
    { ...base, diCustomerId: 'DI-L-1', name: 'Northern Fleet Leasing', status: 'ACTIVE' },
    { ...base, diCustomerId: 'DI-L-2', name: 'Northern Vans', status: 'TERMINATED' },
    { ...base, diCustomerId: 'DI-L-3', name: 'Southern Leasing', status: 'ACTIVE' },
  ]);
});
afterAll(() => t.close());

describe('dataProvider.getList over search', () => {
  it('returns hits, the total and facet counts over the whole filtered set', async () => {
    const all = await dataProvider.getList('customer', { filter: {}, pagination: { page: 1, perPage: 25 } });
    expect(all.data.map((r) => r.name)).toEqual(['Northern Fleet Leasing', 'Northern Vans', 'Southern Leasing']);
    expect(all.total).toBe(3);
    expect(all.meta.facets).toEqual([
      expect.objectContaining({ field_name: 'status', counts: expect.arrayContaining([{ value: 'ACTIVE', count: 2, highlighted: 'ACTIVE' }, { value: 'TERMINATED', count: 1, highlighted: 'TERMINATED' }]) }),
    ]);
  });

  it('applies free text, facet filters, paging and sort', async () => {
    const text = await dataProvider.getList('customer', { filter: { q: 'northern', status: ['ACTIVE'] }, pagination: { page: 1, perPage: 25 } });
    expect(text.data.map((r) => r.name)).toEqual(['Northern Fleet Leasing']);
    const page2 = await dataProvider.getList('customer', { filter: {}, pagination: { page: 2, perPage: 2 }, sort: { field: 'name', order: 'DESC' } });
    expect(page2.data.map((r) => r.name)).toEqual(['Northern Fleet Leasing']);
    expect(page2.total).toBe(3);
  });

  it('has a valid search for every searched entity', async () => {
    const searched = RESOURCES.filter((r) => r.search);
    expect(searched.length).toBeGreaterThan(0);
    for (const { name } of searched) {
      const r = await dataProvider.getList(name, { filter: { q: 'zz' }, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } });
      expect(r.total, name).toBe(0);
    }
  });

  it('refuses an unknown resource', async () => {
    await expect(dataProvider.getList('nothing', { filter: {}, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } })).rejects.toThrow('No resource named nothing');
  });
});
