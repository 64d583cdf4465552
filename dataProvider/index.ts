import type { DataProvider } from 'react-admin';
import { subscribe, unsubscribe } from './live';

/**
 * No resource exists yet: the search-backed lists arrive with the next issue. Every standard
 * method says so plainly instead of answering with made-up records.
 */
const noResource = (resource: string) => Promise.reject(new Error(`No resource named ${resource}`));

export const dataProvider: DataProvider = {
  getList: (resource) => noResource(resource),
  getOne: (resource) => noResource(resource),
  getMany: (resource) => noResource(resource),
  getManyReference: (resource) => noResource(resource),
  create: (resource) => noResource(resource),
  update: (resource) => noResource(resource),
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
