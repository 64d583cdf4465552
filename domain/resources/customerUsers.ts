import { menuView } from '../permissions';
import type { LeaseUsersListResponse } from '../customers/users';
import { defineSubCollection } from './subCollection';

/** A customer's lease users (spec 1 §2 Users drawer), by name, through admin/getLeaseUsersList. */
export const customerUserResource = defineSubCollection({
  name: 'customerUser',
  label: 'User',
  route: menuView('customer'),
  parent: { resource: 'customer', target: 'customerId' },
  slug: 'admin/getLeaseUsersList',
  request: (companyId) => ({ companyId }),
  rows: (answer: LeaseUsersListResponse) => answer.users,
});
