import type { DataProvider } from 'react-admin';

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
};

export { callApi } from './api';
