import { menuView } from '../permissions';
import { topics } from '../live';
import { EDIT_DI_NETWORK_TERMS_GUARD, EDIT_SUPPLIER_GUARD } from '../suppliers/access';
import { UPLOAD_DOCUMENTS_GUARD } from './sharedGuards';
import { terminateSupplierBody } from '../suppliers/terminate';
import { defineResource } from './types';

/** What admin/saveSupplierDetails answers. */
interface SaveAnswer {
  serviceUnitId: string;
  version: number;
}

/**
 * Suppliers (garages, service units), spec 2 §2.1: the area under /supplier/, searched in the
 * suppliers collection (newest update first, facet on unit status), read and terminated through
 * the spec's slugs. A supplier is named by its id and its group's (meta.accountObjectId).
 */
export const supplierResource = defineResource({
  name: 'supplier',
  label: 'Supplier',
  menu: { path: '/supplier/setup', setup: true, guard: null },
  route: menuView('supplier'),
  actions: {
    create: [EDIT_SUPPLIER_GUARD],
    edit: { guards: [EDIT_SUPPLIER_GUARD], slugs: ['admin/saveSupplierDetails'] },
    terminate: [EDIT_SUPPLIER_GUARD],
    invite: { guards: [EDIT_SUPPLIER_GUARD], slugs: ['admin/createSupplierUserInvite'] },
    escalation: { guards: [EDIT_SUPPLIER_GUARD], slugs: ['admin/saveEscalationInformation'] },
    // Retry of a failed finance-system sync in the Finance drawer.
    retryFinance: { guards: [EDIT_SUPPLIER_GUARD], slugs: ['quickBooks/resolveQuickBooksSupplierException'] },
    editNetworkTerms: { guards: [EDIT_DI_NETWORK_TERMS_GUARD], slugs: ['admin/saveSupplierDiNetworkTerms'] },
    uploadDocuments: { guards: [UPLOAD_DOCUMENTS_GUARD], slugs: ['admin/addDocument', 'admin/deleteDocument'] },
  },
  search: {
    collection: 'suppliers',
    queryBy: ['name', 'address', 'supplierId', 'email'],
    // Spec 2 §2.1: newest update first.
    defaultSort: 'modifiedAt:desc',
    facets: ['status'],
    guards: [menuView('supplier'), menuView('customer'), menuView('support')],
  },
  records: {
    getOne: {
      slug: 'supplier/getSupplierDetails',
      request: ({ id, meta }) => ({ serviceUnitId: String(id), accountObjectId: String(meta?.accountObjectId ?? '') }),
      response: (answer: { data: unknown }) => ({ data: answer.data }),
    },
    // Create and update send the form's values (toSupplierForm / the form), checked on the server.
    create: {
      slug: 'admin/saveSupplierDetails',
      request: ({ data }) => ({ supplierDetails: data, accountId: data.accountObjectId }),
      dataKey: 'supplierDetails',
      response: (saved: SaveAnswer, { data }) => ({ data: { ...data, id: saved.serviceUnitId, version: saved.version } }),
    },
    update: {
      slug: 'admin/saveSupplierDetails',
      request: ({ id, data }) => ({ supplierDetails: { ...data, id: String(id) }, accountId: data.accountObjectId }),
      dataKey: 'supplierDetails',
      response: (saved: SaveAnswer, { data, previousData }) => ({ data: { ...previousData, ...data, id: saved.serviceUnitId, version: saved.version } }),
    },
  },
  commands: {
    /** Live to cancelled at the version the page shows (a stale one gets 409): params { supplier, by }. */
    terminate: { slug: 'admin/terminateSupplierUnit', request: ({ supplier, by }) => terminateSupplierBody(supplier, by) },
  },
  live: topics.supplier,
  onboardingCard: {
    title: 'Suppliers',
    figures: [
      { label: 'Live', status: 'live' },
      { label: 'Cancelled', status: 'cancelled' },
    ],
    linkLabel: 'Go to Supplier Onboarding',
  },
});
