import type { Guard } from '../permissions';
import type { NetworkExportsListResponse, NetworkImportsListResponse } from '../network/contract';
import { defineSubCollection } from './subCollection';

const VIEW_NETWORK: Guard = { permission: 'manageNetwork', action: 'view' };

/** The parent reference of the network lists; a null customerId is the DI network's own list. */
const PARENT = { resource: 'customer', target: 'customerId' } as const;

/** A customer's network imports (spec 1 §2 Network Import), or the DI network's, newest first. */
export const networkImportResource = defineSubCollection({
  name: 'networkImport',
  label: 'Network Import',
  route: VIEW_NETWORK,
  parent: PARENT,
  slug: 'admin/getNetworkImports',
  request: (leaseId) => (leaseId ? { leaseId, isDiNetworkImport: false } : { isDiNetworkImport: true }),
  rows: (answer: NetworkImportsListResponse) => answer.networkImports,
});

/** A customer's network exports (spec 1 §2 Network Export), or the DI network's, newest first. */
export const networkExportResource = defineSubCollection({
  name: 'networkExport',
  label: 'Network Export',
  route: VIEW_NETWORK,
  parent: PARENT,
  slug: 'networkExport/getNetworkExports',
  request: (leaseId) => (leaseId ? { leaseId } : {}),
  rows: (answer: NetworkExportsListResponse) => answer.networkExports,
});
