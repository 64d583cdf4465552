import { menuView } from '../permissions';
import { CREATE_CUSTOMER_GUARDS, EDIT_CUSTOMER_GUARD, EDIT_PLATFORM_FEES_GUARD, VIEW_PLATFORM_FEES_GUARD } from '../customers/access';
import { EDIT_INTEGRATIONS_GUARD, NETWORK_EDIT_GUARD, NETWORK_VIEW_GUARD, UPLOAD_DOCUMENTS_GUARD, VIEW_INTEGRATIONS_GUARD } from './sharedGuards';
import { topics } from '../live';
import { defineResource } from './types';

/** What admin/saveLeaseCompanyDetails answers. */
interface SaveAnswer {
  leaseCompanyId: string;
  version: number;
}

/**
 * The customer (lease company), spec 1: its area under /customer/, searched in leaseCompanyIndex
 * (query_by name and address, sort name ascending, facet on status, spec 1 §7), read and saved
 * through the spec's slugs. Create and update take the save input the form builds (toSaveInput).
 */
export const customerResource = defineResource({
  name: 'customer',
  label: 'Customer',
  menu: { path: '/customer/setup', setup: true, guard: null },
  route: menuView('customer'),
  actions: {
    create: CREATE_CUSTOMER_GUARDS,
    edit: {
      guards: [EDIT_CUSTOMER_GUARD],
      slugs: ['admin/saveLeaseCompanyDetails', 'admin/updateLeaseWebhooks', 'admin/saveRetailerConfig', 'admin/uploadCustomerLogo'],
    },
    terminate: [EDIT_CUSTOMER_GUARD],
    // Invite User and the Users drawer's actions (spec 1 §6: the customer-edit permission).
    invite: {
      guards: [EDIT_CUSTOMER_GUARD],
      slugs: ['admin/createLeaseUserInvite', 'admin/deleteLeaseUser', 'admin/resendLeaseUserInvite', 'admin/reactivateUser'],
    },
    viewFees: [VIEW_PLATFORM_FEES_GUARD],
    editFees: [EDIT_PLATFORM_FEES_GUARD],
    network: { guards: [NETWORK_VIEW_GUARD], slugs: ['admin/getLeaseAccountsList', 'networkExport/getNetworkExports', 'admin/getNetworkImports'] },
    editNetwork: {
      guards: [NETWORK_EDIT_GUARD],
      slugs: ['networkExport/triggerLeaseNetworkExport', 'admin/validateNetworkImport', 'admin/persistNetworkImport'],
    },
    integrations: { guards: [VIEW_INTEGRATIONS_GUARD], slugs: ['admin/getApiConfig'] },
    editIntegrations: { guards: [EDIT_INTEGRATIONS_GUARD], slugs: ['admin/createApiId', 'admin/updateApiEndpoints'] },
    uploadDocuments: { guards: [UPLOAD_DOCUMENTS_GUARD], slugs: ['admin/addDocument', 'admin/deleteDocument'] },
  },
  search: {
    collection: 'leaseCompanyIndex',
    queryBy: ['name', 'address'],
    defaultSort: 'name:asc',
    facets: ['status'],
    guards: [menuView('customer'), menuView('masterLogins'), menuView('support')],
  },
  records: {
    getOne: {
      slug: 'admin/getLeaseCompanyDetails',
      request: ({ id }) => ({ leaseCompanyId: String(id) }),
      response: (answer: { customer: unknown }) => ({ data: answer.customer }),
    },
    create: {
      slug: 'admin/saveLeaseCompanyDetails',
      request: ({ data }) => ({ customerDetails: data }),
      dataKey: 'customerDetails',
      response: (saved: SaveAnswer, { data }) => ({ data: { ...data, id: saved.leaseCompanyId, version: saved.version } }),
    },
    update: {
      slug: 'admin/saveLeaseCompanyDetails',
      request: ({ id, data }) => ({ customerDetails: data, leaseCompanyId: String(id) }),
      dataKey: 'customerDetails',
      response: (saved: SaveAnswer, { data, previousData }) => ({ data: { ...previousData, ...data, id: saved.leaseCompanyId, version: saved.version } }),
    },
  },
  commands: {
    /** Terminates an ACTIVE customer at the version the page shows (a stale one gets 409). */
    terminate: { slug: 'admin/terminateCustomer', request: ({ id, version }) => ({ leaseCompanyId: String(id), version }) },
  },
  live: topics.leaseCompany,
});
