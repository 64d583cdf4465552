import type { DataProvider } from 'react-admin';
import { subscribe, unsubscribe } from './live';
import { searchList } from './search';
import { createCustomer, getCustomer, updateCustomer } from './customers';

/**
 * Lists are searches (dataProvider/search.ts). Record reads and writes are the areas' RPC slugs,
 * added with each area; until an area has them, its methods say so plainly instead of answering
 * with made-up records.
 */
const noResource = (resource: string) => Promise.reject(new Error(`No resource named ${resource}`));

export const dataProvider: DataProvider = {
  getList: (resource, params) => searchList(resource, params),
  getOne: (resource, params) => (resource === 'customers' ? getCustomer(params) : noResource(resource)),
  getMany: (resource) => noResource(resource),
  getManyReference: (resource) => noResource(resource),
  create: (resource, params) => (resource === 'customers' ? createCustomer(params) : noResource(resource)),
  update: (resource, params) => (resource === 'customers' ? updateCustomer(params) : noResource(resource)),
  updateMany: (resource) => noResource(resource),
  delete: (resource) => noResource(resource),
  deleteMany: (resource) => noResource(resource),
  /** Live updates of spec 1 §7 "read or watched live": one shared EventSource, topics such as
   * `leaseCompany:{id}`. */
  subscribe: (topic: string, callback: Parameters<typeof subscribe>[1]) => {
    subscribe(topic, callback);
    return Promise.resolve({ data: null });
  },
  unsubscribe: (topic: string, callback: Parameters<typeof unsubscribe>[1]) => {
    unsubscribe(topic, callback);
    return Promise.resolve({ data: null });
  },
};

export { callApi } from './api';
