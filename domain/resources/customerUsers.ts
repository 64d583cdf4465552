import { menuView } from '../permissions';
import type { LeaseUsersListResponse } from '../customers/users';
import { defineResource } from './types';
import { parentList } from './subCollection';

/** A customer's lease users (spec 1 §2 Users drawer), by name, through admin/getLeaseUsersList. */
export const customerUserResource = defineResource({
  name: 'customerUser',
  label: 'User',
  route: menuView('customer'),
  parent: { resource: 'customer', target: 'customerId' },
  records: {
    getList: parentList({
      slug: 'admin/getLeaseUsersList',
      target: 'customerId',
      request: (companyId) => ({ companyId }),
      rows: (answer: LeaseUsersListResponse) => answer.users,
    }),
  },
});
