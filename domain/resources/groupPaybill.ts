import { menuView } from '../permissions';
import type { GroupLeaseCompany } from '../groups/details';
import { defineResource } from './types';
import { parentList } from './subCollection';

const TARGET = 'groupId';
const rows = (answer: { leaseCompanies: GroupLeaseCompany[] }) => answer.leaseCompanies;

/**
 * A group's linked customers of the rate card types in the filter's `rateCardTypes` (the paybill
 * configuration's candidates, spec 2 §2.2), by name.
 */
export const groupPaybillCustomerResource = defineResource({
  name: 'groupPaybillCustomer',
  label: 'Customer',
  route: menuView('group'),
  parent: { resource: 'group', target: TARGET },
  records: {
    getList: parentList({
      slug: 'admin/listLeaseCompaniesBasedOnRateCardTypes',
      target: TARGET,
      request: (accountId, { rateCardTypes }) => ({ rateCardTypes, accountId }),
      rows,
    }),
  },
});

/** The group's customers on 'Direct' paybill (spec 2 §2.2). */
export const groupDirectPaybillCustomerResource = defineResource({
  name: 'groupDirectPaybillCustomer',
  label: 'Customer',
  route: menuView('group'),
  parent: { resource: 'group', target: TARGET },
  records: {
    getList: parentList({ slug: 'admin/listDirectPaybillCustomersForGroup', target: TARGET, request: (accountId) => ({ accountId }), rows }),
  },
});
