import { menuView } from '../permissions';
import { topics } from '../live';
import { ALLOW_UNLINK_CUSTOMER_GUARD, EDIT_GROUP_GUARD, VIEW_LINKED_CUSTOMERS_GUARD } from '../groups/access';
import { EDIT_INTEGRATIONS_GUARD, UPLOAD_DOCUMENTS_GUARD, VIEW_INTEGRATIONS_GUARD } from './sharedGuards';
import type { SaveGroupResponse } from '../groups/requests';
import { defineResource } from './types';

/**
 * Supplier groups, spec 2 §2.2: the area under /group/, searched in the groups collection (newest
 * update first), read and saved through the spec's slugs. A group is named by its record id (the
 * spec's accountId).
 */
export const groupResource = defineResource({
  name: 'group',
  label: 'Group',
  menu: { path: '/group/group-search', setup: true, guard: null },
  route: menuView('group'),
  actions: {
    create: [EDIT_GROUP_GUARD],
    edit: { guards: [EDIT_GROUP_GUARD], slugs: ['admin/saveSupplierGroupDetails', 'admin/updateDirectPaybillCustomersListForGroup'] },
    invite: { guards: [EDIT_GROUP_GUARD], slugs: ['admin/createGroupUserInvite'] },
    linkedCustomers: [VIEW_LINKED_CUSTOMERS_GUARD],
    unlink: { guards: [ALLOW_UNLINK_CUSTOMER_GUARD], slugs: ['supplier/unlinkLeaseCompanyFromGroup'] },
    integrations: { guards: [VIEW_INTEGRATIONS_GUARD], slugs: ['admin/getApiConfig'] },
    editIntegrations: { guards: [EDIT_INTEGRATIONS_GUARD], slugs: ['admin/createApiId', 'admin/updateApiEndpoints'] },
    uploadDocuments: { guards: [UPLOAD_DOCUMENTS_GUARD], slugs: ['admin/addDocument', 'admin/deleteDocument'] },
  },
  search: {
    collection: 'groups',
    queryBy: ['name', 'address', 'groupId', 'visnAccountNumber'],
    // Spec 2 §7: groups sorted by lastUpdated descending.
    defaultSort: 'modifiedAt:desc',
    facets: ['status'],
    guards: [menuView('group'), menuView('customer'), menuView('masterLogins'), menuView('savi')],
  },
  records: {
    getOne: {
      slug: 'admin/getGroupDetails',
      request: ({ id }) => ({ accountId: String(id) }),
      response: (answer: { group: unknown }) => ({ data: answer.group }),
    },
    // Create and update send the form's values, checked on the server with the same schema.
    create: {
      slug: 'admin/saveSupplierGroupDetails',
      request: ({ data }) => ({ groupDetails: data }),
      dataKey: 'groupDetails',
      // The saved record as the details page reads it (react-admin caches what a save answers).
      response: (saved: SaveGroupResponse) => ({ data: saved.group }),
    },
    update: {
      slug: 'admin/saveSupplierGroupDetails',
      request: ({ id, data }) => ({ groupDetails: { ...data, id: String(id) } }),
      dataKey: 'groupDetails',
      response: (saved: SaveGroupResponse) => ({ data: saved.group }),
    },
  },
  live: topics.group,
});
